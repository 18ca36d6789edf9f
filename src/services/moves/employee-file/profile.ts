/**
 * The HR employee file's profile edit and dynamic edit (issue 14; part 2 §7 "POST
 * /{group}/employeefile/profile/edit {userId, fields...} (success, error); POST .../profile/edit/dynamic
 * {userId, moveId, id, value}"). The tRPC procedures (src/routers/moves/employee-file.ts) and the legacy paths
 * (src/routers/moves/legacy/employee-file.ts) call these functions.
 *
 * - Profile: the employee's person fields (first and last name, e-mail, phone). The e-mail follows the
 *   wizard's stage 2 (format, then "already exists" / the neutral text for another group's address). A
 *   bad field answers every field's error and writes nothing; a change writes the user row and its audit
 *   row (entity "user", so it shows in the move page's timeline) in one transaction.
 * - Dynamic: one value of the move's initiation form (form_fields.id of the group's form as the move's
 *   policy version shows it), checked by the stage-2 rule for its type and stored in moves.form_values as
 *   the wizard stores it. Core fields (person and move columns), hidden, read-only and place fields are
 *   not edited here; a field of another group's form or one the version does not show is NOT_FOUND.
 */
import type { DB } from "../../../db/index.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { findEmailOwner } from "../../../db/queries/identity/users.ts";
import { lockRow } from "../../../db/locks.ts";
import type { MoveWithPolicy } from "../../../db/queries/moves/moves.ts";
import { AppError } from "../../../domain/errors.ts";
import { employeeFileMessages } from "../../../domain/moves/employee-file/messages.ts";
import { checkProfile, firstError } from "../../../domain/moves/employee-file/rules.ts";
import {
  PROFILE_FIELDS,
  type TDynamicEditRequest,
  type TDynamicEditResponse,
  type TEmployeeFileRequest,
  type TFormValuesResponse,
  type TFormValueView,
  type TProfile,
  type TProfileEditRequest,
  type TProfileEditResponse,
} from "../../../domain/moves/employee-file/schemas.ts";
import { CORE_MODEL_NAMES, US_TO_US_MODEL_NAMES } from "../../../domain/policy/forms/catalogue.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TFormComponentItem, TInitiationComponent, TStoredFormValue } from "../../../domain/moves/wizard/schemas.ts";
import { isCheckedComponent, isUsToUs, validateInitiationForm } from "../../../domain/moves/wizard/validation.ts";
import { isUniqueViolation } from "../../policy/common.ts";
import { loadForm, type LoadedSection } from "../wizard/form-load.ts";
import { EMPTY_VALUE, isCoreModelName, parseFormValues, storedValueOf, toComponent } from "../wizard/initiation-rules.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { emailTakenMessage } from "../wizard/employee-save.ts";
import { employeeInGroup, moveInGroup, type EmployeeFileActor, type GroupLike } from "./access.ts";

// ── profile ──────────────────────────────────────────────────────────────────────────────────

type EmployeeRow = Awaited<ReturnType<typeof employeeInGroup>>;

const profileOf = (e: Pick<EmployeeRow, "id" | "first_name" | "last_name" | "email" | "phone" | "activation_state">): TProfile => ({
  userId: e.id,
  firstName: e.first_name,
  lastName: e.last_name,
  email: e.email,
  phone: e.phone,
  activationState: e.activation_state,
});

/** employeeFile.profile: the person fields the Edit profile dialog starts from. */
export async function readProfile(db: DB, user: SessionUser, group: GroupLike, input: TEmployeeFileRequest): Promise<TProfile> {
  await moveInGroup(db, user, group, input);
  return profileOf(await employeeInGroup(db, user, group, input.userId));
}


const failed = (errors: Record<string, string>): TProfileEditResponse => ({
  success: false,
  error: firstError(errors, PROFILE_FIELDS),
  errors,
  profile: null,
});

export async function editProfile(db: DB, actor: EmployeeFileActor, group: GroupLike, input: TProfileEditRequest, now = new Date()): Promise<TProfileEditResponse> {
  if (input.moveId !== undefined) await moveInGroup(db, actor.user, group, { userId: input.userId, moveId: input.moveId });
  const employee = await employeeInGroup(db, actor.user, group, input.userId);
  const { profile, errors } = checkProfile(input);
  if (!errors.email) {
    const owner = await findEmailOwner(db, profile.email);
    if (owner && owner.id !== employee.id) errors.email = emailTakenMessage();
  }
  if (Object.keys(errors).length > 0) return failed(errors as Record<string, string>);

  const at = now.toISOString();
  try {
    const saved = await db.transaction().execute(async (trx) => {
      await lockRow(trx, "users", employee.id);
      const before = await trx.selectFrom("users").select(["id", "first_name", "last_name", "email", "phone", "activation_state"]).where("id", "=", employee.id).executeTakeFirstOrThrow();
      const was = { firstName: before.first_name, lastName: before.last_name, email: before.email, phone: before.phone };
      const oldValues: Record<string, string | null> = {};
      const newValues: Record<string, string | null> = {};
      for (const key of PROFILE_FIELDS) {
        if (was[key] !== profile[key]) {
          oldValues[key] = was[key];
          newValues[key] = profile[key];
        }
      }
      if (Object.keys(newValues).length === 0) return profileOf(before);
      await trx
        .updateTable("users")
        .set({ first_name: profile.firstName, last_name: profile.lastName, email: profile.email, phone: profile.phone, updated_at: at })
        .where("id", "=", employee.id)
        .execute();
      await insertAudit(trx, {
        at,
        actorUserId: actor.user.id,
        groupId: group.id,
        entity: "user",
        entityId: employee.id,
        action: "profile-edit",
        oldValues,
        newValues: { ...newValues, ...(input.moveId !== undefined ? { moveId: input.moveId } : {}) },
        ip: actor.ip,
      });
      return profileOf({ ...before, first_name: profile.firstName, last_name: profile.lastName, email: profile.email, phone: profile.phone });
    });
    return { success: true, error: null, errors: {}, profile: saved };
  } catch (error) {
    // Two saves raced for one address: the unique index decided.
    if (isUniqueViolation(error)) {
      return failed({ email: emailTakenMessage() });
    }
    throw error;
  }
}

// ── dynamic: initiation-form values ──────────────────────────────────────────────────────────

/** Place fields need the city resolution of stage 2; hidden and read-only ones are not edited at all. */
const NOT_INLINE: ReadonlySet<string> = new Set(["hidden", "read-only-money", "countryStateCity"]);

const moveItems = (move: MoveWithPolicy): Pick<TFormComponentItem, "modelName" | "countryCode">[] => [
  { modelName: CORE_MODEL_NAMES.origin, countryCode: move.origin_country_code },
  { modelName: CORE_MODEL_NAMES.destination, countryCode: move.destination_country_code },
];

type FormEntry = { section: string; component: TInitiationComponent };

function formEntries(sections: LoadedSection[], move: MoveWithPolicy): { entries: FormEntry[]; usToUs: boolean } {
  const usToUs = isUsToUs(moveItems(move));
  const entries = sections.flatMap((s) => s.fields.map((f) => ({ section: s.name, component: toComponent(f) })));
  return { entries, usToUs };
}

/** Whether the page lists the field: a non-core field the move's form shows. */
const isListed = (c: TInitiationComponent, usToUs: boolean) =>
  !isCoreModelName(c.modelName) && c.formType !== "hidden" && !((c.usToUsOnly || US_TO_US_MODEL_NAMES.has(c.modelName)) && !usToUs);

const isEditable = (c: TInitiationComponent, usToUs: boolean) => isListed(c, usToUs) && isCheckedComponent(c, usToUs) && !NOT_INLINE.has(c.formType);

function viewOf(entry: FormEntry, stored: Record<string, TStoredFormValue>, usToUs: boolean): TFormValueView {
  const c = entry.component;
  const v = stored[c.modelName];
  return {
    id: c.formGroupId,
    section: entry.section,
    modelName: c.modelName,
    label: c.label,
    formType: c.formType,
    availableValues: c.availableValues,
    mandatory: c.mandatory,
    value: v?.formValue ?? null,
    currency: v?.currency ?? null,
    editable: isEditable(c, usToUs),
  };
}

/** employeeFile.formValues: the move's initiation-form values the page lists (non-core fields), in form order. */
export async function readFormValues(db: DB, user: SessionUser, group: GroupLike, input: TEmployeeFileRequest): Promise<TFormValuesResponse> {
  const move = await moveInGroup(db, user, group, input);
  // A read writes nothing: a group without a form yet (loadForm would create its default one) lists no fields.
  const hasForm = await db.selectFrom("form_sections").select("id").where("group_id", "=", group.id).limit(1).executeTakeFirst();
  if (!hasForm) return { fields: [] };
  const sections = await loadForm(db, group.id, { versionId: move.policy_version_id, policyId: move.policy_id });
  const { entries, usToUs } = formEntries(sections, move);
  const stored = parseFormValues(move.form_values);
  return { fields: entries.filter((e) => isListed(e.component, usToUs)).map((e) => viewOf(e, stored, usToUs)) };
}

export async function editFormValue(db: DB, actor: EmployeeFileActor, group: GroupLike, input: TDynamicEditRequest, now = new Date()): Promise<TDynamicEditResponse> {
  const move = await moveInGroup(db, actor.user, group, input);
  if (move.status === "cancelled") throw new AppError("CONFLICT", wizardMessages.moveCancelled);
  const sections = await loadForm(db, group.id, { versionId: move.policy_version_id, policyId: move.policy_id }, now);
  const { entries, usToUs } = formEntries(sections, move);
  const entry = entries.find((e) => e.component.formGroupId === input.id);
  if (!entry) throw new AppError("NOT_FOUND", employeeFileMessages.fieldNotOnForm);
  const c = entry.component;
  if (!isEditable(c, usToUs)) throw new AppError("FORBIDDEN", employeeFileMessages.fieldNotEditable);

  const storedBefore = parseFormValues(move.form_values);
  const previous = storedBefore[c.modelName] ?? { ...EMPTY_VALUE, formType: c.formType };
  const text = input.value === null || input.value.trim() === "" ? null : input.value.trim();
  const item: TFormComponentItem = {
    ...previous,
    modelName: c.modelName,
    formType: c.formType,
    formValue: text,
    currency: c.formType === "money" ? (input.currency ?? previous.currency ?? null) : (previous.currency ?? null),
  };
  const today = now.toISOString().slice(0, 10);
  const errors = validateInitiationForm([c], [item], { draft: false, today, estimateType: move.estimate_type });
  const error = errors[c.modelName];
  if (error) return { success: false, error, field: null };

  const at = now.toISOString();
  const stored = await db.transaction().execute(async (trx) => {
    await lockRow(trx, "moves", move.id);
    const row = await trx.selectFrom("moves").select(["form_values", "status"]).where("id", "=", move.id).executeTakeFirstOrThrow();
    if (row.status === "cancelled") throw new AppError("CONFLICT", wizardMessages.moveCancelled);
    const values = parseFormValues(row.form_values);
    const old = values[c.modelName] ?? null;
    const next = storedValueOf(item);
    if (old && old.formValue === next.formValue && (old.currency ?? null) === (next.currency ?? null)) return values;
    values[c.modelName] = next;
    await trx.updateTable("moves").set({ form_values: JSON.stringify(values), updated_at: at }).where("id", "=", move.id).execute();
    await insertAudit(trx, {
      at,
      actorUserId: actor.user.id,
      groupId: move.group_id,
      entity: "move",
      entityId: move.id,
      action: "form-value-edit",
      oldValues: { fieldId: c.formGroupId, modelName: c.modelName, value: old?.formValue ?? null, currency: old?.currency ?? null },
      newValues: { fieldId: c.formGroupId, modelName: c.modelName, value: next.formValue, currency: next.currency ?? null },
      ip: actor.ip,
    });
    return values;
  });
  return { success: true, error: null, field: viewOf(entry, stored, usToUs) };
}

