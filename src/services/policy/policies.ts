import type { DB } from "../../db/index.ts";
import { findGroupById, findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  countActiveMoveUsers,
  deleteStagesAbove,
  findDraftVersion,
  findGroupTags,
  findPoliciesOfGroup,
  findPolicyRow,
  findTagsOfPolicies,
  findVersionsOfPolicy,
  insertPolicy,
  insertVersion,
  replacePolicyTags,
  type PolicyFilters,
} from "../../db/queries/policy/policy.ts";
import type { GroupRow } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  ARCHETYPES,
  BALANCE_SHEET_CURRENCY_TYPES,
  ESTIMATE_PACKAGES,
  ESTIMATE_PROVIDERS,
  ESTIMATE_TYPES,
  MOVE_STAGE_COUNTS,
  MOVE_TYPES,
  POLICY_STATUSES,
  PROGRAMME_TYPES,
  WELCOME_CALL_DURATIONS,
  type EstimatePackage,
  type MoveType,
} from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type {
  TCreatePolicyRequest,
  TCreatePolicyResponse,
  TDropdownsResponse,
  TGetPolicyResponse,
  TMoveTypeImpactResponse,
  TPolicySummary,
  TSearchPoliciesResponse,
  TSetupResponse,
} from "../../domain/policy/schemas.ts";
import { parsePolicyOrder, parseSetupValue, setupWarnings, validatePolicyName } from "../../domain/policy/setup.ts";
import type { SessionUser } from "../identity/auth.ts";
import { assertPolicyGroup, assertPolicyRole, policyForCaller, type PolicyRef } from "./access.ts";
import { auditPolicy, bool, type PolicyActor } from "./common.ts";
import { NON_PAYABLE_CURRENCY_CODES } from "../../domain/money/currencies.ts";

/**
 * Policies and their setup (part 2 §2 policy search and setup, §5 setup rules, §7 `policies`,
 * `dropdowns`, `/policy/setup/{name}`, `setup/{policyId}/{setting}/{value}`).
 */

/** A group named by its URL name or its numeric id; NOT_FOUND when unknown. */
export async function resolveGroup(db: DB, ref: string): Promise<GroupRow> {
  const text = ref.trim();
  const group = /^\d{1,9}$/.test(text) ? await findGroupById(db, Number(text)) : await findGroupByName(db, text);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  return group;
}

/** The group's policies (caller: ADMIN, or HR of the group), sorted by order (unset last) then name. */
export async function searchPolicies(db: DB, user: SessionUser, groupId: number, filters: PolicyFilters = {}): Promise<TSearchPoliciesResponse> {
  assertPolicyGroup(user, groupId, "read");
  const rows = await findPoliciesOfGroup(db, groupId, filters);
  const tags = await findTagsOfPolicies(db, rows.map((r) => r.id));
  const policies: TPolicySummary[] = rows.map((r) => ({
    id: r.id,
    groupId: r.group_id,
    name: r.name,
    moveType: r.move_type,
    archetype: r.archetype,
    status: r.status,
    tags: tags.filter((t) => t.policy_id === r.id).map((t) => ({ id: t.id, name: t.name })),
    moveStagesCount: r.move_stages_count,
    order: r.sort_order,
    releasedVersionNumber: r.released_version_number == null ? null : Number(r.released_version_number),
    releasedVersionId: r.released_version_id == null ? null : Number(r.released_version_id),
    draftVersionId: r.draft_version_id == null ? null : Number(r.draft_version_id),
    employeeCount: Number(r.employee_count ?? 0),
  }));
  policies.sort(
    (a, b) =>
      (a.order ?? Number.MAX_SAFE_INTEGER) - (b.order ?? Number.MAX_SAFE_INTEGER) ||
      a.name.localeCompare(b.name, "en", { sensitivity: "base" }) ||
      a.id - b.id,
  );
  return { success: true, policies };
}

const options = (values: readonly (string | number)[]) => values.map((v) => ({ value: String(v), label: String(v) }));

/**
 * Every select's choices on policy setup. With a policy: its group's tags (read access to the
 * policy). Without: a new policy, the tags of `groupRef` when given (read access to that group).
 * ADMIN callers get the active groups (the group select); HR only its own group.
 */
export async function policyDropdowns(db: DB, user: SessionUser, input: { policyId?: number; groupId?: string }): Promise<TDropdownsResponse> {
  assertPolicyRole(user, "read");
  let groupId: number | null = null;
  if (input.policyId !== undefined) {
    groupId = (await policyForCaller(db, user, input.policyId, "read")).groupId;
  } else if (input.groupId !== undefined) {
    groupId = (await resolveGroup(db, input.groupId)).id;
    assertPolicyGroup(user, groupId, "read");
  } else if (user.role === "HR") {
    groupId = user.groupId;
  }
  let groupsQuery = db.selectFrom("groups").select(["id", "name", "display_name"]).orderBy("display_name");
  groupsQuery = user.role === "ADMIN" ? groupsQuery.where("status", "=", "ACTIVE") : groupsQuery.where("id", "=", user.groupId ?? -1);
  const [groups, tags, currencies] = await Promise.all([
    groupsQuery.execute(),
    groupId === null ? Promise.resolve([]) : findGroupTags(db, groupId),
    db.selectFrom("currencies").select(["code", "name", "minor_units"]).where("code", "not in", [...NON_PAYABLE_CURRENCY_CODES]).orderBy("code").execute(),
  ]);
  return {
    success: true,
    moveTypes: options(MOVE_TYPES),
    archetypes: options(ARCHETYPES),
    moveStagesCounts: options(MOVE_STAGE_COUNTS),
    estimateTypes: options(ESTIMATE_TYPES),
    estimateProviders: options(ESTIMATE_PROVIDERS),
    estimatePackages: options(ESTIMATE_PACKAGES),
    balanceSheetCurrencyTypes: options(BALANCE_SHEET_CURRENCY_TYPES),
    statuses: options(POLICY_STATUSES),
    welcomeCallDurations: options(WELCOME_CALL_DURATIONS),
    programmeTypes: options(PROGRAMME_TYPES),
    groups: groups.map((g) => ({ id: g.id, name: g.name, displayName: g.display_name })),
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    currencies: currencies.map((c) => ({ code: c.code, name: c.name, minorUnits: c.minor_units })),
  };
}

/** The setup page of a policy: every setting, tags, versions and warnings. */
export async function getPolicySetup(db: DB, policy: PolicyRef): Promise<TGetPolicyResponse> {
  const row = await findPolicyRow(db, policy.id);
  if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
  const [group, tags, versions] = await Promise.all([
    findGroupById(db, row.group_id),
    findTagsOfPolicies(db, [row.id]),
    findVersionsOfPolicy(db, row.id),
  ]);
  const draft = versions.find((v) => v.status === "DRAFT") ?? null;
  const released = versions.filter((v) => v.status === "RELEASED").at(-1) ?? null;
  return {
    success: true,
    policyId: row.id,
    policyVersionId: draft?.id ?? released?.id ?? null,
    groupId: row.group_id,
    group: group?.name ?? "",
    name: row.name,
    moveType: row.move_type,
    archetype: row.archetype,
    moveStagesCount: row.move_stages_count,
    order: row.sort_order,
    popupDisplayed: bool(row.popup_displayed),
    estimateType: row.estimate_type,
    estimateProvider: row.estimate_provider,
    estimatePackage: row.estimate_package,
    excludeCompensation: bool(row.exclude_compensation),
    balanceSheetEnabled: bool(row.balance_sheet_enabled),
    balanceSheetCurrencyType: row.balance_sheet_currency_type,
    status: row.status,
    welcomeCallDuration: row.welcome_call_duration,
    programmeType: row.programme_type,
    hrDashboard: bool(row.hr_dashboard),
    noMaOwner: bool(row.no_ma_owner),
    usesEwallet: bool(row.uses_ewallet),
    noWelcomeCall: bool(row.no_welcome_call),
    noWelcomeEmail: bool(row.no_welcome_email),
    cityGuideOnly: bool(row.city_guide_only),
    includeUserPreferences: bool(row.include_user_preferences),
    tags: tags.map((t) => ({ id: t.id, name: t.name })),
    versions: versions.map((v) => ({
      id: v.id,
      versionNumber: v.version_number,
      status: v.status,
      createdAt: v.created_at,
      releasedAt: v.released_at,
    })),
    draftVersionId: draft?.id ?? null,
    releasedVersionId: released?.id ?? null,
    warnings: setupWarnings({ moveStagesCount: row.move_stages_count, estimatePackage: row.estimate_package }),
  };
}

/** The setup page of a new policy's draft. */
export const setupUrl = (policyId: number) => `/policy/setup?policyId=${policyId}&editDraft=true`;

/**
 * Creates a policy in `group` with its DRAFT version 1 (its move stages are empty until services
 * are added), in one transaction with its audit row. ADMIN only.
 */
export async function createPolicy(
  db: DB,
  actor: PolicyActor,
  groupId: number,
  input: Omit<TCreatePolicyRequest, "group">,
  now = new Date(),
): Promise<TCreatePolicyResponse> {
  assertPolicyGroup(actor.user, groupId, "write");
  const nameError = validatePolicyName(input.name);
  if (nameError) throw new AppError("VALIDATION", nameError, { name: nameError });
  const order = parsePolicyOrder(input.order === undefined ? "" : String(input.order));
  if (!order.ok) throw new AppError("VALIDATION", order.message, { order: order.message });
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const policyId = await insertPolicy(trx, {
      group_id: groupId,
      name: input.name.trim(),
      move_type: input.moveType,
      archetype: input.archetype,
      move_stages_count: input.moveStagesCount,
      sort_order: order.order,
      created_at: at,
      updated_at: at,
    });
    const versionId = await insertVersion(trx, { policyId, versionNumber: 1, createdBy: actor.user.id, now: at });
    await auditPolicy(
      trx,
      actor,
      {
        groupId,
        entity: "policy",
        entityId: policyId,
        action: "policyCreated",
        newValues: { ...input, order: order.order, policyVersionId: versionId },
      },
      now,
    );
    return {
      success: true as const,
      policyId,
      policyVersionId: versionId,
      redirectUrl: setupUrl(policyId),
      warnings: setupWarnings({ moveStagesCount: input.moveStagesCount, estimatePackage: null }),
    };
  });
}

/** Users on the policy (moves neither cancelled nor completed) that a move type change would affect. */
export async function moveTypeImpact(db: DB, policy: PolicyRef, moveType: MoveType): Promise<TMoveTypeImpactResponse> {
  void moveType;
  const affectedUsers = await countActiveMoveUsers(db, policy.id);
  return { affectedUsers, message: policyMessages.moveTypeChange(affectedUsers) };
}

/**
 * Saves one setup setting (`setting` as in SETUP_SETTINGS, `value` as text). Rules: the name is
 * required, the order digits or empty; a move type change reports the affected users; a group
 * change moves the policy to the other group and removes its tags (warning tagsRemoved); `tags`
 * are the group's tag ids; fewer move stages delete the draft's services of the dropped stages.
 */
export async function updatePolicySetting(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  setting: string,
  value: string,
  now = new Date(),
): Promise<TSetupResponse> {
  assertPolicyRole(actor.user, "write");
  const parsed = parseSetupValue(setting, value);
  const at = now.toISOString();
  return db.transaction().execute(async (trx) => {
    const row = await findPolicyRow(trx, policy.id);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
    const result: TSetupResponse = { success: true };
    const warnings: string[] = [];

    if (parsed.kind === "group") {
      const target = await findGroupById(trx, parsed.value);
      if (!target) throw new AppError("VALIDATION", policyMessages.setupSaveFailed, { group: policyMessages.setupSaveFailed });
      assertPolicyGroup(actor.user, target.id, "write");
      if (target.id !== row.group_id) {
        const oldTags = await findTagsOfPolicies(trx, [row.id]);
        await replacePolicyTags(trx, row.id, []);
        await trx.updateTable("policies").set({ group_id: target.id, updated_at: at }).where("id", "=", row.id).execute();
        // Policy overrides of benefit metadata follow the policy into its new group.
        await trx.updateTable("benefit_metadata").set({ group_id: target.id }).where("policy_id", "=", row.id).execute();
        warnings.push(policyMessages.tagsRemoved);
        await auditPolicy(trx, actor, {
          groupId: target.id,
          entity: "policy",
          entityId: row.id,
          action: "policyGroupChanged",
          oldValues: { groupId: row.group_id, tags: oldTags.map((t) => t.id) },
          newValues: { groupId: target.id, tags: [] },
        }, now);
      }
    } else if (parsed.kind === "tags") {
      const groupTags = await findGroupTags(trx, row.group_id);
      const known = new Set(groupTags.map((t) => t.id));
      if (parsed.value.some((id) => !known.has(id))) {
        throw new AppError("VALIDATION", policyMessages.setupSaveFailed, { tags: policyMessages.setupSaveFailed });
      }
      const oldTags = await findTagsOfPolicies(trx, [row.id]);
      await replacePolicyTags(trx, row.id, parsed.value);
      await trx.updateTable("policies").set({ updated_at: at }).where("id", "=", row.id).execute();
      await auditPolicy(trx, actor, {
        groupId: row.group_id,
        entity: "policy",
        entityId: row.id,
        action: "policyTagsChanged",
        oldValues: { tags: oldTags.map((t) => t.id) },
        newValues: { tags: parsed.value },
      }, now);
    } else {
      const column = parsed.column;
      const oldValue = row[column];
      await trx
        .updateTable("policies")
        .set({ [column]: parsed.value, updated_at: at } as never)
        .where("id", "=", row.id)
        .execute();
      if (column === "move_type" && parsed.value !== oldValue) {
        result.affectedUsers = await countActiveMoveUsers(trx, row.id);
      }
      if (column === "move_stages_count" && typeof parsed.value === "number" && parsed.value < row.move_stages_count) {
        const draft = await findDraftVersion(trx, row.id);
        if (draft) await deleteStagesAbove(trx, draft.id, parsed.value);
      }
      await auditPolicy(trx, actor, {
        groupId: row.group_id,
        entity: "policy",
        entityId: row.id,
        action: "policySetting",
        oldValues: { [setting]: oldValue },
        newValues: { [setting]: parsed.value },
      }, now);
    }
    const after = (await findPolicyRow(trx, row.id))!;
    warnings.push(...setupWarnings({ moveStagesCount: after.move_stages_count, estimatePackage: after.estimate_package }));
    if (warnings.length > 0) result.warnings = warnings;
    return result;
  });
}

/**
 * PUT setup/{id}/costEstimatePackage/{pkg}/excludeCompensation/{bool}: the estimate package and
 * its exclude-compensation switch, saved together.
 */
export async function updateCostEstimatePackage(
  db: DB,
  actor: PolicyActor,
  policy: PolicyRef,
  pkg: string,
  excludeCompensation: string,
  now = new Date(),
): Promise<TSetupResponse> {
  assertPolicyRole(actor.user, "write");
  const estimatePackage = parseSetupValue("estimatePackage", pkg);
  const exclude = parseSetupValue("excludeCompensation", excludeCompensation);
  return db.transaction().execute(async (trx) => {
    const row = await findPolicyRow(trx, policy.id);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
    const next = { estimate_package: estimatePackage.value as TPolicyPackage, exclude_compensation: exclude.value as number };
    await trx.updateTable("policies").set({ ...next, updated_at: now.toISOString() }).where("id", "=", row.id).execute();
    await auditPolicy(trx, actor, {
      groupId: row.group_id,
      entity: "policy",
      entityId: row.id,
      action: "policySetting",
      oldValues: { estimatePackage: row.estimate_package, excludeCompensation: row.exclude_compensation },
      newValues: { estimatePackage: next.estimate_package, excludeCompensation: next.exclude_compensation },
    }, now);
    const warnings = setupWarnings({ moveStagesCount: row.move_stages_count, estimatePackage: next.estimate_package });
    return warnings.length > 0 ? { success: true, warnings } : { success: true };
  });
}

type TPolicyPackage = EstimatePackage | null;
