/**
 * Wizard stages 1 and 2 (part 1 §2, §4, §5, §7, §8): the policy choice, the group's initiation
 * form, creating (or resuming) the employee and the draft move, cancelling a draft, prefill
 * and splash texts. The tRPC procedures (src/routers/moves/wizard/index.ts) and the legacy paths
 * (src/routers/moves/legacy/wizard.ts) call these functions.
 */
import { attachTempFiles } from "../../employee/files/files.ts";
import type { z } from "zod";
import type { DB } from "../../../db/index.ts";
import type { GroupRef } from "../../../db/schema.ts";
import type { MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { findPrefillValues } from "../../../db/queries/policy/forms.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { findCurrencyCodes } from "../../../db/queries/policy/benefits.ts";
import { findCountries, findStates } from "../../../db/queries/admin/reference.ts";
import {
  countOtherMoves,
  findEmployee,
  findFormFieldById,
  findLatestMoveOfEmployee,
  findPolicyTagNames,
  findReleasedPolicies,
  findSplash,
  findVersionWithPolicy,
  type VersionWithPolicy,
} from "../../../db/queries/moves/wizard.ts";
import { insertUser, updateUser } from "../../../db/queries/identity/users.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { CORE_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import { hiddenStages } from "../../../domain/moves/wizard/navigation.ts";
import {
  PREVIEW_SAVING_PROHIBITED,
  type TCountriesStatesResponse,
  type TCreateNewEmployeeRequest,
  type TCreateNewEmployeeResponse,
  type TInitiationFormResponse,
  type TPolicySelectFormResponse,
  type TPrefillResponse,
  type ZInitiationFormRequest,
  type ZPolicySelectFormRequest,
  type ZPrefillRequest,
  type ZSplashRequest,
  type ZSplashResponse,
} from "../../../domain/moves/wizard/schemas.ts";
import { isUniqueViolation } from "../../policy/common.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { moveForCaller } from "./access.ts";
import { allComponents, componentsOfSections, loadForm } from "./form-load.ts";
import { coreSourceOf, valueFromSource } from "./initiation-rules.ts";
import { auditMove } from "./audit.ts";
import type { WizardActor } from "./types.ts";

import {
  databaseLookups,
  emailTakenMessage,
  familyRows,
  newEmployeeUserRow,
  newMoveRow,
  planEmployeeSave,
  saveAuditEntry,
  saveFailure,
  wizardPolicy,
} from "./employee-save.ts";

export { GEO_CANDIDATES } from "./employee-save.ts";

/** The move named by employeeId + moveId, which must belong to `group`. */
async function moveInGroup(db: DB, user: SessionUser, group: GroupRef, ref: { employeeId: number; moveId: number }): Promise<MoveWithPolicy> {
  const move = await moveForCaller(db, user, ref);
  if (move.group_id !== group.id) throw new AppError("FORBIDDEN", messages.otherGroup);
  return move;
}

/** The move being resumed: employeeId + moveId, or with employeeId alone the employee's newest move in the group. */
async function resumedMove(db: DB, user: SessionUser, group: GroupRef, input: { employeeId?: number; moveId?: number }) {
  if (!input.employeeId) return null;
  const moveId = input.moveId ?? (await findLatestMoveOfEmployee(db, input.employeeId, group.id))?.id;
  if (!moveId) return null;
  return moveInGroup(db, user, group, { employeeId: input.employeeId, moveId });
}

/**
 * The version a move may be initiated on: a RELEASED version of an ACTIVE policy of the group,
 * or the version the resumed move already has. A resumed move keeps its version: any version of
 * its own policy (say the newer one a new move would take) names the move's version.
 */
export async function usableVersion(db: DB, group: GroupRef, versionId: number, move: MoveWithPolicy | null): Promise<VersionWithPolicy> {
  let version = await findVersionWithPolicy(db, versionId);
  if (move && version && version.policy_id === move.policy_id && version.version_id !== move.policy_version_id) {
    version = await findVersionWithPolicy(db, move.policy_version_id);
  }
  const own = move !== null && version !== undefined && version.version_id === move.policy_version_id;
  if (!version || version.group_id !== group.id || (!own && (version.version_status !== "RELEASED" || version.policy_status !== "ACTIVE"))) {
    throw new AppError("NOT_FOUND", wizardMessages.policyNotAvailable);
  }
  return version;
}


// ── stage 1 ───────────────────────────────────────────────────────────────────────────────────

export async function policySelectForm(
  db: DB,
  user: SessionUser,
  group: GroupRef,
  input: z.infer<typeof ZPolicySelectFormRequest>,
): Promise<TPolicySelectFormResponse> {
  const move = await resumedMove(db, user, group, input);
  // A resumed move is offered its own version of its policy, not one released after it started.
  const rows = await findReleasedPolicies(db, group.id, move ? { policyId: move.policy_id, versionId: move.policy_version_id } : undefined);
  const tags = await findPolicyTagNames(db, rows.map((r) => r.policy_id));
  return {
    success: true,
    policies: rows.map((r) => ({
      policyId: r.policy_id,
      policyVersionId: r.version_id,
      versionNumber: r.version_number,
      name: r.name,
      moveType: r.move_type,
      estimateType: r.estimate_type,
      cityGuideOnly: r.city_guide_only === 1,
      moveStagesCount: r.move_stages_count,
      tags: tags.filter((t) => t.policy_id === r.policy_id).map((t) => t.name),
    })),
    selectedPolicyVersionId: move?.policy_version_id ?? null,
    warning: move?.employee_activation_state === "ACTIVE" ? wizardMessages.policyChangeAfterActivation : null,
  };
}

// ── stage 2: the form ─────────────────────────────────────────────────────────────────────────

export async function initiationForm(
  db: DB,
  user: SessionUser,
  group: GroupRef,
  input: z.infer<typeof ZInitiationFormRequest>,
): Promise<TInitiationFormResponse> {
  if (input.preview && user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
  const move = input.preview ? null : await resumedMove(db, user, group, input);
  const version = await usableVersion(db, group, input.policyVersionId, move);
  const sections = await loadForm(db, group.id, { versionId: version.version_id, policyId: version.policy_id });
  const source = move ? coreSourceOf(move) : null;
  const currencies = await findCurrencyCodes(db);
  return {
    success: true,
    policyVersionId: version.version_id,
    policyName: version.policy_name,
    estimateType: version.estimate_type,
    cityGuideOnly: version.city_guide_only === 1,
    hiddenStages: hiddenStages(wizardPolicy(version)),
    sections: componentsOfSections(sections, source ? (f) => valueFromSource(f.model_name, source) : undefined),
    currencyCodes: currencies.map((c) => c.code),
    employeeId: move?.employee_user_id ?? null,
    moveId: move?.id ?? null,
    employeeActivated: move?.employee_activation_state === "ACTIVE",
    initiated: move !== null && move.status !== "draft",
    preview: input.preview,
  };
}

export async function countriesStates(db: DB): Promise<TCountriesStatesResponse> {
  const [countries, usStates] = await Promise.all([findCountries(db), findStates(db, "US")]);
  return {
    countries: countries.map((c) => ({
      code: c.code,
      name: c.name,
      states: c.code === "US" ? usStates.map((s) => ({ code: s.code, name: s.name })) : null,
    })),
  };
}

// ── stage 2: save ─────────────────────────────────────────────────────────────────────────────

/**
 * Saves stage 2 (part 1 §4 "saved as a draft or continued", §7 createNewEmployee): validates,
 * resolves the cities, then creates or updates the employee and the move in one transaction.
 * Any failure writes nothing. The checks and the rows are employee-save.ts's, shared with the bulk
 * import (batch-save.ts), which writes the same rows for many saves at once.
 */
export async function createNewEmployee(
  db: DB,
  actor: WizardActor,
  group: GroupRef,
  input: TCreateNewEmployeeRequest,
  now = new Date(),
): Promise<TCreateNewEmployeeResponse> {
  const resuming = input.employeeId !== undefined && input.moveId !== undefined;
  const move = resuming ? await moveInGroup(db, actor.user, group, { employeeId: input.employeeId!, moveId: input.moveId! }) : null;
  if (move?.status === "cancelled") throw new AppError("CONFLICT", wizardMessages.moveCancelled);
  const version = await usableVersion(db, group, input.policyVersionId, move);
  const provider = version.estimate_provider;
  if (input.preview) return saveFailure(provider, { message: PREVIEW_SAVING_PROHIBITED });

  // An existing employee without a move (a new move for them): an employee of this group.
  let employee = move ? await findEmployee(db, move.employee_user_id) : null;
  if (!move && input.employeeId !== undefined) {
    employee = (await findEmployee(db, input.employeeId)) ?? null;
    if (!employee || employee.role !== "EMPLOYEE") throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
    if (employee.group_id !== group.id) throw new AppError("FORBIDDEN", messages.otherGroup);
  }

  const sections = await loadForm(db, group.id, { versionId: version.version_id, policyId: version.policy_id }, now);
  const planned = await planEmployeeSave(databaseLookups(db), { group, version, components: allComponents(sections), move, employee: employee ?? null, input, now });
  if (!planned.ok) return planned.response;
  const plan = planned.plan;
  const { email, at, next } = plan;

  try {
    const saved = await db.transaction().execute(async (trx) => {
      let employeeId: number;
      if (employee) {
        employeeId = employee.id;
        await updateUser(trx, employeeId, { first_name: plan.firstName, last_name: plan.lastName, email, move_date: plan.moveColumns.move_date, updated_at: at });
      } else {
        employeeId = await insertUser(trx, newEmployeeUserRow(plan, group));
      }
      let moveId: number;
      if (move) {
        moveId = move.id;
        const stage = move.status === "draft" ? { wizard_stage: next ?? 2 } : {};
        // Conditional on the status the checks saw: a move cancelled or initiated meanwhile is not rewritten.
        const updated = await trx
          .updateTable("moves")
          .set({ ...plan.moveColumns, ...stage })
          .where("id", "=", moveId)
          .where("status", "=", move.status)
          .returning("id")
          .execute();
        if (updated.length === 0) throw new AppError("CONFLICT", wizardMessages.moveNotDraft);
        await trx.deleteFrom("move_family_members").where("move_id", "=", moveId).execute();
      } else {
        const row = await trx.insertInto("moves").values(newMoveRow(plan, group, actor, employeeId)).returning("id").executeTakeFirstOrThrow();
        moveId = row.id;
      }
      if (plan.family.length > 0) await trx.insertInto("move_family_members").values(familyRows(plan, moveId)).execute();
      // Files uploaded while the form was filled in (empTempFileUUID) now belong to the employee and move.
      if (input.empTempFileUUID) await attachTempFiles(trx, { tempUuid: input.empTempFileUUID, groupId: group.id, employeeId, moveId, at });
      await insertAudit(trx, saveAuditEntry(plan, actor, { moveId, employeeId, groupId: group.id, version }, move));
      return { employeeId, moveId };
    });
    return { success: true, employeeId: saved.employeeId, moveId: saved.moveId, provider, errors: {}, geo: null, message: null, nextStage: next };
  } catch (error) {
    // Two saves raced for the same e-mail address: the unique index decides (the winner may be another group's).
    if (isUniqueViolation(error)) {
      return saveFailure(provider, { errors: { [CORE_MODEL_NAMES.email]: emailTakenMessage() } });
    }
    throw error;
  }
}

// ── cancel ────────────────────────────────────────────────────────────────────────────────────

/** Cancels a draft (part 1 §4 "Cancelling from stage 3 calls the cancel endpoint"): the move goes, and a PENDING employee with no other move. */
export async function cancelNewEmployee(
  db: DB,
  actor: WizardActor,
  move: MoveWithPolicy,
  now = new Date(),
): Promise<{ success: boolean; message: string | null }> {
  if (move.status !== "draft") throw new AppError("CONFLICT", wizardMessages.moveNotDraft);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // The draft is claimed first (a conditional update that locks its row): of parallel cancels,
    // or a cancel racing the completion, one wins and the others find it gone or no longer a draft.
    const claimed = await trx.updateTable("moves").set({ updated_at: at }).where("id", "=", move.id).where("status", "=", "draft").returning("id").execute();
    if (claimed.length === 0) throw new AppError("CONFLICT", wizardMessages.moveNotDraft);
    await trx.deleteFrom("move_family_members").where("move_id", "=", move.id).execute();
    await trx.deleteFrom("move_service_overrides").where("move_id", "=", move.id).execute();
    await trx.deleteFrom("move_budget_overrides").where("move_id", "=", move.id).execute();
    await trx.deleteFrom("moves").where("id", "=", move.id).execute();
    const employee = await findEmployee(trx, move.employee_user_id);
    const removeEmployee =
      employee !== undefined &&
      employee.role === "EMPLOYEE" &&
      employee.activation_state === "PENDING" &&
      (await countOtherMoves(trx, employee.id, move.id)) === 0;
    if (removeEmployee) await trx.deleteFrom("users").where("id", "=", move.employee_user_id).execute();
    await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, {
      at,
      action: "cancel",
      oldValues: { employeeId: move.employee_user_id, email: move.employee_email, policyVersionId: move.policy_version_id, status: move.status },
      newValues: { employeeRemoved: removeEmployee },
    });
  });
  return { success: true, message: null };
}

// ── prefill and splash ────────────────────────────────────────────────────────────────────────

/** GET /form/prefill: the slave values a master field's value fills in. */
export async function prefill(db: DB, user: SessionUser, input: z.infer<typeof ZPrefillRequest>): Promise<TPrefillResponse> {
  const field = await findFormFieldById(db, input.formGroupId);
  if (!field || field.master !== 1) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, field.group_id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  const value = input.value.trim() !== "" ? input.value.trim() : input.valueId !== undefined ? String(input.valueId) : "";
  const rows = value === "" ? [] : await findPrefillValues(db, field.id, value);
  const fields: TPrefillResponse["fields"] = [];
  for (const row of rows) {
    if (row.policy_version_id !== null && row.policy_version_id !== input.policyVersionId) continue;
    let out = fields.find((f) => f.formGroupId === row.slave_field_id);
    if (!out) fields.push((out = { formGroupId: row.slave_field_id, modelName: row.model_name, values: [] }));
    if (!out.values.includes(row.slave_value)) out.values.push(row.slave_value);
  }
  return { success: true, fields };
}

/** GET /splash/{area}/{key}/specificSplash: the group's own text first, then the global one. */
export async function splash(db: DB, user: SessionUser, input: z.infer<typeof ZSplashRequest>): Promise<z.infer<typeof ZSplashResponse>> {
  let groupId = user.groupId;
  if (input.group && input.group !== user.groupName) {
    const group = await findGroupByName(db, input.group);
    if (group && canActInGroup(user, group.id)) groupId = group.id;
  }
  const row = await findSplash(db, input.area, input.key, groupId);
  if (!row) throw new AppError("NOT_FOUND", wizardMessages.splashFailure);
  return { success: true, id: row.id, title: row.title, content: row.body };
}
