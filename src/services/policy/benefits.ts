/**
 * Policy group setup (part 2 §§2–3, 5, 7): benefit sets of each service with their options and
 * metadata lines. A line has a global default and may be overridden for a group and again for one
 * policy; the screen shows, per line, the most specific value and where it comes from. ADMIN
 * writes; HR reads its own group. Both transports (tRPC benefits router and the legacy
 * /api/v1/policy/configuration/ paths) call these functions.
 */
import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import {
  countOptionUses,
  countOptionsOfSet,
  deleteBenefitOption,
  deleteScopedMetadata,
  findBenefitOption,
  findBenefitSet,
  findGroupBenefitSet,
  findMetadataInfo,
  findMetadataInfoByName,
  findMetadataInfosOfSets,
  findMetadataLines,
  findMetadataRow,
  findOptionsOfSets,
  findPolicyRow,
  findScopedMetadata,
  findService,
  findServices,
  findSpendCategory,
  findVisibleBenefitSets,
  insertBenefitOption,
  insertBenefitSet,
  insertMetadata,
  insertMetadataInfo,
  maxVisibleGroupNumber,
  renameBenefitOption,
  updateBenefitSet,
  updateMetadata,
  type MetadataScope,
} from "../../db/queries/policy/benefits.ts";
import { AppError } from "../../domain/errors.ts";
import {
  benefitMessages,
  type MetadataOverride,
  type TAddBenefitOptionRequest,
  type TAddBenefitOptionResponse,
  type TBenefit,
  type TDeleteMetadataOverrideRequest,
  type TEvaluateFormulaRequest,
  type TGetServiceBenefitsRequest,
  type TGetServiceBenefitsResponse,
  type TMetadataLine,
  type TRenameOptionRequest,
  type TRenameSetRequest,
  type TSaveMetadataRequest,
  type TSaveMetadataResponse,
  type TSetBenefitFlagsRequest,
  type TUpdateMetadataRequest,
} from "../../domain/policy/benefit-schemas.ts";
import { checkFormula, evaluateLine } from "../../domain/policy/formula.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { stripHtml } from "../../domain/policy/popup.ts";
import type { ProgrammeType } from "../../domain/policy/catalogue.ts";
import { INT_MAX } from "../../domain/numbers.ts";
import { assertPolicyGroup, assertPolicyRole, groupForCaller, policyForCaller } from "./access.ts";
import { auditPolicy, type PolicyActor } from "./common.ts";

/** Who calls: the session user and their address (for the audit row); the same actor as every policy service. */
export type Caller = PolicyActor;

/** Programme types whose policies offer cash options (CASH benefit sets). */
export const CASH_PROGRAMME_TYPES: readonly ProgrammeType[] = ["CoreFlex", "LumpSum"];

const flag = (n: number) => n === 1;

/** Text the user typed, stripped of HTML and surrounding blanks (§5 "Text is stripped of HTML"). */
export function cleanText(text: string): string {
  return stripHtml(text).replace(/\s+/g, " ").trim();
}

/** The policy as seen from the group, or NOT_FOUND when it belongs to another group. */
async function policyOfGroup(db: DB, caller: Caller, policyId: number, groupId: number, access: "read" | "write") {
  const policy = await policyForCaller(db, caller.user, policyId, access);
  if (policy.groupId !== groupId) throw new AppError("VALIDATION", benefitMessages.policyNotInGroup, { policyId: benefitMessages.policyNotInGroup });
  return policy;
}

// ── read ────────────────────────────────────────────────────────────────────────────────────

/**
 * GET group/getServiceBenefitsWithMetadata. Sets visible to the group (global + its own), each
 * metadata line resolved policy override > group override > global default.
 *
 * hideCash: a policy is selected and its programme type is neither CoreFlex nor LumpSum — such a
 * policy cannot pay cash options, so CASH option-type sets are left out of `services`. Without a
 * policy (group setup) every set shows and hideCash is false.
 */
export async function getServiceBenefitsWithMetadata(db: DB, caller: Caller, input: TGetServiceBenefitsRequest): Promise<TGetServiceBenefitsResponse> {
  const groupId = input.groupId ?? null;
  const policyId = input.policyId ?? null;
  if (groupId === null) {
    // The global defaults: platform admins only, and no policy without its group.
    assertPolicyRole(caller.user, "write");
    if (policyId !== null) throw new AppError("VALIDATION", benefitMessages.policyNotInGroup, { policyId: benefitMessages.policyNotInGroup });
  } else {
    await groupForCaller(db, caller.user, groupId, "read");
  }
  let hideCash = false;
  if (policyId !== null && groupId !== null) {
    await policyOfGroup(db, caller, policyId, groupId, "read");
    const policy = await findPolicyRow(db, policyId);
    hideCash = !CASH_PROGRAMME_TYPES.includes(policy!.programme_type);
  }
  if (input.serviceType && !(await findService(db, input.serviceType))) {
    throw new AppError("VALIDATION", policyMessages.unknownService, { serviceType: policyMessages.unknownService });
  }

  const sets = (await findVisibleBenefitSets(db, groupId, { serviceKey: input.serviceType, activeOnly: input.filterInactive })).filter(
    (s) => !(hideCash && s.option_type === "CASH"),
  );
  const setIds = sets.map((s) => s.id);
  const [options, infos] = await Promise.all([findOptionsOfSets(db, setIds, input.filterInactive), findMetadataInfosOfSets(db, setIds)]);
  const lines = await findMetadataLines(db, options.map((o) => o.id), groupId, policyId);

  const infoById = new Map(infos.map((i) => [i.id, i]));
  // Most specific line per (option, info).
  const rank = (l: { group_id: number | null; policy_id: number | null }) => (l.policy_id !== null ? 2 : l.group_id !== null ? 1 : 0);
  const resolved = new Map<string, (typeof lines)[number]>();
  for (const line of lines) {
    const key = `${line.benefit_option_id}:${line.metadata_info_id}`;
    const current = resolved.get(key);
    if (!current || rank(line) > rank(current)) resolved.set(key, line);
  }
  const toLine = (l: (typeof lines)[number]): TMetadataLine => ({
    id: l.id,
    metadataInfoId: l.metadata_info_id,
    name: infoById.get(l.metadata_info_id)?.name ?? "",
    formula: l.formula,
    adjustmentFactorFormula: l.adjustment_formula,
    metadataOverride: (["GLOBAL", "GROUP", "POLICY"] as const)[rank(l)]!,
  });

  const benefits: (TBenefit & { serviceKey: string })[] = sets.map((set) => {
    const setInfos = infos.filter((i) => i.benefit_set_id === set.id);
    return {
      serviceKey: set.service_key,
      id: set.id,
      name: set.name,
      groupNumber: set.group_number,
      sdcId: set.sdc_id,
      custom: flag(set.custom),
      affectsCostEstimate: flag(set.affects_cost_estimate),
      inactive: flag(set.inactive),
      optionType: set.option_type,
      groupId: set.group_id,
      metadataInfos: setInfos.map((i) => ({ id: i.id, name: i.name })),
      benefitOptions: options
        .filter((o) => o.benefit_set_id === set.id)
        .map((o) => {
          const metadataMap: Record<string, TMetadataLine> = {};
          if (set.option_type === "CASH") {
            // Non-regular sets key the option's line by the option id (its first metadata line).
            const first = setInfos.map((i) => resolved.get(`${o.id}:${i.id}`)).find((l) => l !== undefined);
            if (first) metadataMap[String(o.id)] = toLine(first);
          } else {
            for (const info of setInfos) {
              const line = resolved.get(`${o.id}:${info.id}`);
              if (line) metadataMap[String(info.id)] = toLine(line);
            }
          }
          return { id: o.id, name: o.name, inactive: flag(o.inactive), metadataMap };
        }),
    };
  });

  const keys = [...new Set([...(input.serviceType ? [input.serviceType] : []), ...benefits.map((b) => b.serviceKey)])];
  const services = await findServices(db, keys);
  return {
    services: services.map((s) => ({
      id: s.key,
      name: s.name,
      benefits: benefits.filter((b) => b.serviceKey === s.key).map(({ serviceKey: _, ...b }) => b),
    })),
    readOnly: caller.user.role !== "ADMIN",
    hideCash,
  };
}

// ── options and sets ────────────────────────────────────────────────────────────────────────

/** The service of a spend category (its own service type, else its parent's). */
async function serviceOfSpendCategory(db: DB, sdcId: number): Promise<string | null> {
  let category = await findSpendCategory(db, sdcId);
  for (let depth = 0; category && depth < 3; depth++) {
    if (category.service_type) return category.service_type;
    category = category.parent_id === null ? undefined : await findSpendCategory(db, category.parent_id);
  }
  return null;
}

/**
 * POST group/addServiceBenefitOption: adds an option to the group's set `groupNumber` of the
 * service, creating the set (named `description`) when the group has none with that number, or
 * a new set numbered after the highest when `groupNumber` is absent (the "new group" form).
 * Rules (§5): a set being created needs a name — "Please enter benefits set name first." for a
 * numbered set, "Please enter group Name." for the new-group form — and an option ("The group must
 * have at least one option."); an existing set needs the option name ("Please enter benefit option
 * name first."). Names are stripped of HTML. Only REGULAR sets take options here.
 */
export async function addServiceBenefitOption(db: DB, caller: Caller, input: TAddBenefitOptionRequest): Promise<TAddBenefitOptionResponse> {
  await groupForCaller(db, caller.user, input.groupId, "write");
  if (input.sdcId !== undefined && !(await findSpendCategory(db, input.sdcId))) {
    throw new AppError("VALIDATION", benefitMessages.spendCategoryNotFound, { sdcId: benefitMessages.spendCategoryNotFound });
  }
  const serviceKey = input.serviceType ?? (input.sdcId !== undefined ? await serviceOfSpendCategory(db, input.sdcId) : null);
  if (!serviceKey) throw new AppError("VALIDATION", policyMessages.selectService, { serviceType: policyMessages.selectService });
  if (!(await findService(db, serviceKey))) throw new AppError("VALIDATION", policyMessages.unknownService, { serviceType: policyMessages.unknownService });

  const setName = cleanText(input.description);
  const optionName = cleanText(input.optionName);

  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    // "Create the set when the group has none with that number" and "the next number": decided under
    // the group's row lock, so parallel first saves queue and the later ones find the set (or the
    // higher number) the first one made.
    await lockRow(trx, "groups", input.groupId);
    const existing = input.groupNumber === undefined ? undefined : await findGroupBenefitSet(trx, input.groupId, serviceKey, input.groupNumber);
    if (existing) {
      if (existing.option_type !== "REGULAR") throw new AppError("VALIDATION", policyMessages.optionAddFailed);
      if (optionName === "") throw new AppError("VALIDATION", policyMessages.benefitOptionNameFirst, { optionName: policyMessages.benefitOptionNameFirst });
    } else {
      if (setName === "") {
        const message = input.groupNumber === undefined ? policyMessages.groupNameRequired : policyMessages.benefitSetNameFirst;
        throw new AppError("VALIDATION", message, { description: message });
      }
      if (optionName === "") throw new AppError("VALIDATION", policyMessages.groupNeedsOption, { optionName: policyMessages.groupNeedsOption });
    }
    let setId = existing?.id;
    let groupNumber = existing?.group_number ?? input.groupNumber;
    if (setId === undefined) {
      groupNumber ??= (await maxVisibleGroupNumber(trx, input.groupId, serviceKey)) + 1;
      // The next number after a set numbered 2^31 − 1 does not fit the column.
      if (groupNumber > INT_MAX) throw new AppError("VALIDATION", policyMessages.noMoreSetNumbers, { groupNumber: policyMessages.noMoreSetNumbers });
      setId = await insertBenefitSet(trx, { serviceKey, groupId: input.groupId, name: setName, groupNumber, sdcId: input.sdcId ?? null });
    }
    const optionId = await insertBenefitOption(trx, setId, optionName);
    await auditPolicy(trx, caller, {
      groupId: input.groupId,
      entity: "benefit_option",
      entityId: optionId,
      action: "policy.benefit.addOption",
      newValues: { serviceKey, benefitSetId: setId, groupNumber, setName: existing ? undefined : setName, optionName },
    }, new Date(at));
    return { success: true as const, benefitId: setId, benefitOptionId: optionId, groupNumber: groupNumber!, created: !existing };
  });
}

/** The option and the set it belongs to, with the group check for the set's owner. */
async function optionForWrite(db: DB, caller: Caller, optionId: number) {
  assertPolicyRole(caller.user, "write");
  const option = await findBenefitOption(db, optionId);
  if (!option) throw new AppError("NOT_FOUND", benefitMessages.optionNotFound);
  if (option.set_group_id !== null) assertPolicyGroup(caller.user, option.set_group_id, "write");
  return option;
}

/** POST updateServiceBenefitOptionName: empty (after stripping HTML) → "Option name can not be empty.". */
export async function renameBenefitOptionName(db: DB, caller: Caller, input: TRenameOptionRequest) {
  const name = cleanText(input.optionName);
  if (name === "") throw new AppError("VALIDATION", policyMessages.optionNameEmpty, { optionName: policyMessages.optionNameEmpty });
  const option = await optionForWrite(db, caller, input.id);
  await db.transaction().execute(async (trx) => {
    await renameBenefitOption(trx, option.id, name);
    await auditPolicy(trx, caller, {
      groupId: option.set_group_id,
      entity: "benefit_option",
      entityId: option.id,
      action: "policy.benefit.renameOption",
      oldValues: { name: option.name },
      newValues: { name },
    });
  });
  return { success: true as const, id: option.id, name };
}

async function setForWrite(db: DB, caller: Caller, setId: number) {
  assertPolicyRole(caller.user, "write");
  const set = await findBenefitSet(db, setId);
  if (!set) throw new AppError("NOT_FOUND", benefitMessages.setNotFound);
  if (set.group_id !== null) assertPolicyGroup(caller.user, set.group_id, "write");
  return set;
}

/**
 * POST updateBenefitsSetName. An empty name is refused with §5's benefit-set rule ("Benefit set
 * cannot be empty. If you need to delete a benefit set contact support…") as the message, and the
 * rename rule's "Benefit set name can not be empty." as the `name` field's error; the old name stays.
 */
export async function renameBenefitSet(db: DB, caller: Caller, input: TRenameSetRequest) {
  const name = cleanText(input.name);
  if (name === "") throw new AppError("VALIDATION", policyMessages.benefitSetEmpty, { name: policyMessages.benefitSetNameEmpty });
  const set = await setForWrite(db, caller, input.benefitId);
  await db.transaction().execute(async (trx) => {
    await updateBenefitSet(trx, set.id, { name });
    await auditPolicy(trx, caller, {
      groupId: set.group_id,
      entity: "benefit_set",
      entityId: set.id,
      action: "policy.benefit.renameSet",
      oldValues: { name: set.name },
      newValues: { name },
    });
  });
  return { success: true as const, id: set.id, name };
}

/** tRPC benefits.setFlags: inactive, affects-cost-estimate and custom flags, and the spend category. */
export async function setBenefitFlags(db: DB, caller: Caller, input: TSetBenefitFlagsRequest) {
  const set = await setForWrite(db, caller, input.benefitId);
  if (input.sdcId != null && !(await findSpendCategory(db, input.sdcId))) {
    throw new AppError("VALIDATION", benefitMessages.spendCategoryNotFound, { sdcId: benefitMessages.spendCategoryNotFound });
  }
  const changes: Parameters<typeof updateBenefitSet>[2] = {};
  if (input.inactive !== undefined) changes.inactive = input.inactive ? 1 : 0;
  if (input.affectsCostEstimate !== undefined) changes.affects_cost_estimate = input.affectsCostEstimate ? 1 : 0;
  if (input.custom !== undefined) changes.custom = input.custom ? 1 : 0;
  if (input.sdcId !== undefined) changes.sdc_id = input.sdcId;
  const after = {
    inactive: changes.inactive ?? set.inactive,
    affects_cost_estimate: changes.affects_cost_estimate ?? set.affects_cost_estimate,
    custom: changes.custom ?? set.custom,
    sdc_id: changes.sdc_id === undefined ? set.sdc_id : changes.sdc_id,
  };
  if (Object.keys(changes).length > 0) {
    await db.transaction().execute(async (trx) => {
      await updateBenefitSet(trx, set.id, changes);
      await auditPolicy(trx, caller, {
        groupId: set.group_id,
        entity: "benefit_set",
        entityId: set.id,
        action: "policy.benefit.setFlags",
        oldValues: { inactive: set.inactive, affects_cost_estimate: set.affects_cost_estimate, custom: set.custom, sdc_id: set.sdc_id },
        newValues: after,
      });
    });
  }
  return {
    success: true as const,
    benefit: {
      id: set.id,
      inactive: flag(after.inactive),
      affectsCostEstimate: flag(after.affects_cost_estimate),
      custom: flag(after.custom),
      sdcId: after.sdc_id,
    },
  };
}

/**
 * tRPC benefits.deleteOption: only an option no policy service has selected, and never a set's
 * last option ("The group must have at least one option.").
 */
export async function deleteBenefitOptionIfUnused(db: DB, caller: Caller, optionId: number) {
  const option = await optionForWrite(db, caller, optionId);
  await db.transaction().execute(async (trx) => {
    // Counted under the set's row lock: parallel deletes of the set's options cannot both see "one
    // more left", and a repeated delete finds the option gone (one audit row).
    await lockRow(trx, "benefit_sets", option.benefit_set_id);
    if ((await countOptionUses(trx, option.id)) > 0) throw new AppError("CONFLICT", benefitMessages.optionInUse);
    if ((await countOptionsOfSet(trx, option.benefit_set_id)) <= 1) throw new AppError("CONFLICT", policyMessages.groupNeedsOption);
    const [deleted] = await deleteBenefitOption(trx, option.id);
    if (!deleted || Number(deleted.numDeletedRows) === 0) throw new AppError("NOT_FOUND", benefitMessages.optionNotFound);
    await auditPolicy(trx, caller, {
      groupId: option.set_group_id,
      entity: "benefit_option",
      entityId: option.id,
      action: "policy.benefit.deleteOption",
      oldValues: { name: option.name, benefitSetId: option.benefit_set_id },
    });
  });
  return { success: true as const };
}

// ── metadata lines ──────────────────────────────────────────────────────────────────────────

/** Formula and adjustment formula checked; an invalid one is refused with its position. */
function checkedFormulas(formula: string, adjustmentFormula: string | undefined): { formula: string; adjustmentFormula: string | null } {
  const f = formula.trim();
  const checked = checkFormula(f);
  if (!checked.ok) throw new AppError("VALIDATION", checked.message, { formula: checked.message });
  const a = adjustmentFormula?.trim() ?? "";
  if (a !== "") {
    const adj = checkFormula(a);
    if (!adj.ok) throw new AppError("VALIDATION", adj.message, { adjustmentFormula: adj.message });
  }
  return { formula: f, adjustmentFormula: a === "" ? null : a };
}

/**
 * The scope a metadata write goes to: policyId → that policy's override (in its group); groupId →
 * the group's override; neither → the global default. All are ADMIN writes.
 */
async function scopeForWrite(db: DB, caller: Caller, groupId: number | undefined, policyId: number | undefined): Promise<MetadataScope> {
  assertPolicyRole(caller.user, "write");
  if (policyId !== undefined) {
    const policy = await policyForCaller(db, caller.user, policyId, "write");
    if (groupId !== undefined && groupId !== policy.groupId) {
      throw new AppError("VALIDATION", benefitMessages.policyNotInGroup, { policyId: benefitMessages.policyNotInGroup });
    }
    return { groupId: policy.groupId, policyId: policy.id };
  }
  if (groupId !== undefined) {
    await groupForCaller(db, caller.user, groupId, "write");
    return { groupId, policyId: null };
  }
  return { groupId: null, policyId: null };
}

const overrideOf = (scope: MetadataScope): MetadataOverride => (scope.policyId !== null ? "POLICY" : scope.groupId !== null ? "GROUP" : "GLOBAL");

/** Creates or updates the line of (option, metadata info) at exactly `scope`, in one transaction with its audit row. */
async function upsertLine(
  db: DB,
  caller: Caller,
  v: { optionId: number; metadataInfoId: number | null; metadataName: string | null; scope: MetadataScope; formula: string; adjustmentFormula: string | null },
): Promise<TSaveMetadataResponse> {
  const option = await findBenefitOption(db, v.optionId);
  if (!option) throw new AppError("NOT_FOUND", benefitMessages.optionNotFound);
  // A group's own set is seen by that group only: no global line, no other group's override.
  if (option.set_group_id !== null && (v.scope.groupId === null || v.scope.groupId !== option.set_group_id)) {
    throw new AppError("VALIDATION", policyMessages.metadataUpdateFailed);
  }
  let infoName: string | null = null;
  if (v.metadataInfoId !== null) {
    const info = await findMetadataInfo(db, v.metadataInfoId);
    if (!info || info.benefit_set_id !== option.benefit_set_id) throw new AppError("NOT_FOUND", policyMessages.metadataNotFound);
    infoName = info.name;
  } else if (!v.metadataName) {
    throw new AppError("VALIDATION", benefitMessages.metadataNameOrId, { metadataName: benefitMessages.metadataNameOrId });
  }
  const at = new Date().toISOString();
  return db.transaction().execute(async (trx) => {
    // "Find the line (and the named metadata info), else create it" under the set's row lock:
    // parallel first saves queue, the first creates, the later ones update what it made.
    await lockRow(trx, "benefit_sets", option.benefit_set_id);
    let infoId = v.metadataInfoId;
    if (infoId === null) {
      infoName = v.metadataName!;
      infoId = (await findMetadataInfoByName(trx, option.benefit_set_id, infoName))?.id ?? (await insertMetadataInfo(trx, option.benefit_set_id, infoName));
    }
    const existing = await findScopedMetadata(trx, option.id, infoId, v.scope);
    let id: number;
    if (existing) {
      id = existing.id;
      await updateMetadata(trx, id, { formula: v.formula, adjustmentFormula: v.adjustmentFormula, at });
    } else {
      id = await insertMetadata(trx, { optionId: option.id, metadataInfoId: infoId, scope: v.scope, formula: v.formula, adjustmentFormula: v.adjustmentFormula, at });
    }
    await auditPolicy(trx, caller, {
      groupId: v.scope.groupId,
      entity: "benefit_metadata",
      entityId: id,
      action: existing ? "policy.benefit.updateMetadata" : "policy.benefit.createMetadata",
      oldValues: existing ? { formula: existing.formula, adjustmentFormula: existing.adjustment_formula } : undefined,
      newValues: {
        benefitOptionId: option.id,
        metadataInfoId: infoId,
        scope: overrideOf(v.scope),
        policyId: v.scope.policyId,
        formula: v.formula,
        adjustmentFormula: v.adjustmentFormula,
      },
    }, new Date(at));
    return {
      success: true as const,
      benefitOptionId: option.id,
      metadata: {
        id,
        metadataInfoId: infoId,
        name: infoName!,
        formula: v.formula,
        adjustmentFactorFormula: v.adjustmentFormula,
        metadataOverride: overrideOf(v.scope),
      },
    };
  });
}

/**
 * POST serviceBenefitMetadata: creates or updates the line of option `serviceBenefitId` for
 * `metadataInfoId` (or a new metadata line named `metadataName`) at the request's scope.
 */
export async function saveServiceBenefitMetadata(db: DB, caller: Caller, input: TSaveMetadataRequest): Promise<TSaveMetadataResponse> {
  const scope = await scopeForWrite(db, caller, input.groupId, input.policyId);
  const formulas = checkedFormulas(input.formula, input.adjustmentFormula);
  const name = input.metadataName === undefined ? null : cleanText(input.metadataName) || null;
  return upsertLine(db, caller, { optionId: input.serviceBenefitId, metadataInfoId: input.metadataInfoId ?? null, metadataName: name, scope, ...formulas });
}

/**
 * POST updateServiceBenefitMetadata: the line shown as `id` is saved at the request's scope — the
 * line itself when it is of that scope, otherwise a new override of it (editing a global default
 * while a group is selected creates the group's override and leaves the default alone).
 */
export async function updateServiceBenefitMetadata(db: DB, caller: Caller, input: TUpdateMetadataRequest): Promise<TSaveMetadataResponse> {
  const scope = await scopeForWrite(db, caller, input.groupId, input.policyId);
  const formulas = checkedFormulas(input.formula, input.adjustmentFormula);
  const row = await findMetadataRow(db, input.id);
  if (!row) throw new AppError("NOT_FOUND", policyMessages.metadataNotFound);
  // A line of another group or policy is not this caller's to copy from.
  if ((row.group_id !== null && row.group_id !== scope.groupId) || (row.policy_id !== null && row.policy_id !== scope.policyId)) {
    throw new AppError("NOT_FOUND", policyMessages.metadataNotFound);
  }
  return upsertLine(db, caller, { optionId: row.benefit_option_id, metadataInfoId: row.metadata_info_id, metadataName: null, scope, ...formulas });
}

/**
 * POST deleteServiceBenefitMetadataOverride: removes the group's (or, with policyId, the
 * policy's) override of a metadata line, for one option or all; the parent value shows again.
 */
export async function deleteServiceBenefitMetadataOverride(db: DB, caller: Caller, input: TDeleteMetadataOverrideRequest) {
  const scope = await scopeForWrite(db, caller, input.groupId, input.policyId);
  const info = await findMetadataInfo(db, input.metadataInfoId);
  if (!info) throw new AppError("NOT_FOUND", policyMessages.metadataNotFound);
  return db.transaction().execute(async (trx) => {
    const removed = await deleteScopedMetadata(trx, {
      metadataInfoId: info.id,
      optionId: input.serviceBenefitId ?? null,
      groupId: scope.groupId!,
      policyId: scope.policyId,
    });
    if (removed.length === 0) throw new AppError("NOT_FOUND", policyMessages.metadataNotFound);
    await auditPolicy(trx, caller, {
      groupId: scope.groupId,
      entity: "metadata_info",
      entityId: info.id,
      action: "policy.benefit.deleteMetadataOverride",
      oldValues: removed.map((r) => ({ id: r.id, benefitOptionId: r.benefit_option_id, formula: r.formula, adjustmentFormula: r.adjustment_formula })),
      newValues: { scope: overrideOf(scope), policyId: scope.policyId },
    });
    return { success: true as const, deleted: removed.length };
  });
}

/** tRPC benefits.evaluateFormula: the UI's "test formula" (no data read or written). */
export function previewFormula(input: TEvaluateFormulaRequest) {
  const formulas = checkedFormulas(input.formula, input.adjustmentFormula);
  const variables = [
    ...new Set([
      ...(checkFormula(formulas.formula) as { variables: string[] }).variables,
      ...(formulas.adjustmentFormula ? (checkFormula(formulas.adjustmentFormula) as { variables: string[] }).variables : []),
    ]),
  ];
  return { ...evaluateLine(formulas.formula, formulas.adjustmentFormula, input.inputs), variables };
}
