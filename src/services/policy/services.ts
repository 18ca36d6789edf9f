import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import {
  copyStageRows,
  countActiveMoveUsers,
  deleteStageRows,
  ensureBudgetGroup,
  findBudgetGroups,
  findBudgets,
  findCatalogueService,
  findCatalogueServices,
  findDraftVersion,
  findLatestVersion,
  findPolicyRow,
  findServiceAttributes,
  findServiceBenefits,
  findStageService,
  findStageServices,
  insertStageService,
  type StageServiceRow,
} from "../../db/queries/policy/policy.ts";
import type { PolicyServiceTable } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { parseBudgetAmount, validateBudget } from "../../domain/policy/budget.ts";
import { moveStageNames, NO_BUDGET_GROUP, type ServicePolicyType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type {
  TAssignBudgetGroupResponse,
  TBudget,
  TBudgetGroup,
  TCopyStageResponse,
  TDetailsResponse,
  TServicePatch,
  TServicePropertiesResponse,
  TServiceProperty,
  TServiceResponse,
  TStageService,
  TSuccessResponse,
} from "../../domain/policy/schemas.ts";
import { applyServicePolicyType, checkAddable, checkMoveHub, defaultBudgetType, parseBenefitValue, sharedBudgetGroups } from "../../domain/policy/service-rules.ts";
import type { SessionUser } from "../identity/auth.ts";
import { assertPolicyRole, type PolicyRef, type VersionRef } from "./access.ts";
import { assertStageInRange, auditPolicy, bool, conflictOnDuplicate, flag, parseAttributes, type PolicyActor } from "./common.ts";

/**
 * The services of a version's move stages (part 2 §3 "move-stage service", "policy service per
 * move stage"; §4 service policy type and move hub; §5 submit rules; §7 versions/{v}/details,
 * service-properties, PUT/DELETE/PATCH …/services/{serviceName}, …/budget-groups/{id},
 * movestages/copy). Writes act on DRAFT versions only (the caller resolved the version with
 * `versionForCaller(..., "write")`), in one transaction with an audit row.
 */

const amountText = (amount: number | null, currency: string | null) =>
  amount === null || !currency ? null : safeMajor(amount, currency);

function safeMajor(amount: number, currency: string): string | null {
  try {
    return toMajorString({ amount, currency });
  } catch {
    return null;
  }
}

export function toBudget(b: { id: number; currency: string; amount: number; min_amount: number | null; max_amount: number | null }): TBudget {
  return {
    id: b.id,
    currency: b.currency,
    amount: b.amount,
    minAmount: b.min_amount,
    maxAmount: b.max_amount,
    amountText: safeMajor(b.amount, b.currency) ?? String(b.amount),
    minAmountText: b.min_amount === null ? null : safeMajor(b.min_amount, b.currency),
    maxAmountText: b.max_amount === null ? null : safeMajor(b.max_amount, b.currency),
  };
}

type BenefitRow = { policy_service_id: number; benefit_set_id: number; benefit_option_id: number | null; value: string | null };
type AttributeRow = Awaited<ReturnType<typeof findServiceAttributes>>[number];

/** The attributes of a service with its values; `hrOnly` keeps those visible to HR. */
function attributeGroupsOf(s: StageServiceRow, attributes: AttributeRow[], hrOnly: boolean): TServiceProperty[] {
  const values = parseAttributes(s.attributes);
  return attributes
    .filter((a) => a.service_key === s.service_key && (!hrOnly || a.visible_to_hr === 1))
    .map((a) => ({
      key: a.attr_key,
      label: a.label,
      inputType: a.input_type,
      options: parseOptions(a.options),
      dataFillLevel: a.data_fill_level,
      visibleToHr: bool(a.visible_to_hr),
      value: values[a.attr_key] ?? null,
    }));
}

function toStageService(s: StageServiceRow, benefits: BenefitRow[], attributes: AttributeRow[], hrOnly = false): TStageService {
  const own = benefits.filter((b) => b.policy_service_id === s.id);
  const attributeGroups = attributeGroupsOf(s, attributes, hrOnly);
  const hidden = new Set(hrOnly ? attributes.filter((a) => a.service_key === s.service_key && a.visible_to_hr !== 1).map((a) => a.attr_key) : []);
  const values = Object.fromEntries(Object.entries(parseAttributes(s.attributes)).filter(([k]) => !hidden.has(k)));
  const sets = [...new Set(own.map((b) => b.benefit_set_id))];
  const type = s.service_policy_type as ServicePolicyType;
  const effect = applyServicePolicyType(type, { budgetGroup: s.budget_group, budgetType: s.budget_type });
  return {
    id: s.id,
    name: s.service_key,
    serviceName: s.service_name,
    title: s.title,
    servicePolicyType: s.service_policy_type,
    note: s.note,
    amountCanBeNegative: bool(s.amount_can_be_negative),
    addable: bool(s.addable),
    moveHub: bool(s.move_hub),
    currency: s.currency,
    rateFrequency: s.rate_frequency,
    amount: s.amount,
    amountText: amountText(s.amount, s.currency),
    budgetGroup: s.budget_group,
    budgetType: s.budget_type,
    authorizationType: s.authorization_type,
    minAmount: s.min_amount,
    maxAmount: s.max_amount,
    showAsMoveHubBudget: bool(s.show_as_move_hub_budget),
    cashService: bool(s.cash_service),
    provided: bool(s.provided),
    attributes: values,
    attributeGroups,
    benefitGroups: sets.map((id) => {
      const rows = own.filter((b) => b.benefit_set_id === id);
      return {
        id,
        value: rows.find((b) => b.value !== null)?.value ?? null,
        options: rows.flatMap((b) => (b.benefit_option_id === null ? [] : [b.benefit_option_id])),
      };
    }),
    formVisible: effect.formVisible,
    budgetGroupVisible: effect.budgetGroupVisible,
    benefitsVisible: effect.benefitsVisible,
  };
}

async function loadStageService(db: DB, version: VersionRef, stage: number, serviceKey: string): Promise<TStageService> {
  const row = await findStageService(db, version.versionId, stage, serviceKey);
  if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
  const [benefits, attributes] = await Promise.all([findServiceBenefits(db, [row.id]), findServiceAttributes(db, [row.service_key])]);
  return toStageService(row, benefits, attributes);
}

/** The budget groups of a stage with their services and budgets. */
async function stageBudgetGroups(db: DB, versionId: number, stage: number, services: StageServiceRow[]): Promise<TBudgetGroup[]> {
  const groups = await findBudgetGroups(db, versionId, stage);
  const budgets = await findBudgets(db, groups.map((g) => g.id));
  return groups.map((g) => {
    const members = services.filter((s) => s.budget_group === g.group_number).map((s) => s.service_key);
    return {
      id: g.group_number,
      rowId: g.id,
      authType: g.auth_type,
      complexity: g.complexity,
      budgetType: g.budget_type,
      allowOutsideRange: g.allow_outside_range === 1,
      shareable: members.length > 1,
      services: members,
      budgets: budgets.filter((b) => b.budget_group_id === g.id).map(toBudget),
    };
  });
}

/**
 * GET versions/{version}/details: the version's move stages (id = stage number) with their
 * services, budget groups and the catalogue services not yet on the stage; one stage with `moveStageId`.
 */
export async function versionDetails(
  db: DB,
  version: VersionRef,
  moveStageId?: number,
  viewer: Pick<SessionUser, "role"> = { role: "ADMIN" },
): Promise<TDetailsResponse> {
  const policy = await findPolicyRow(db, version.id);
  if (!policy) throw new AppError("NOT_FOUND", policyMessages.policyNotFound);
  const count = policy.move_stages_count;
  if (moveStageId !== undefined && (moveStageId < 1 || moveStageId > count)) {
    throw new AppError("VALIDATION", policyMessages.moveStageOutOfRange, { moveStageId: policyMessages.moveStageOutOfRange });
  }
  const names = moveStageNames(count);
  const [all, catalogue] = await Promise.all([findStageServices(db, version.versionId), findCatalogueServices(db)]);
  const [benefits, attributes] = await Promise.all([
    findServiceBenefits(db, all.map((s) => s.id)),
    findServiceAttributes(db, [...new Set(all.map((s) => s.service_key))]),
  ]);
  const hrOnly = viewer.role !== "ADMIN";
  const stages = moveStageId !== undefined ? [moveStageId] : names.map((_, i) => i + 1);
  const moveStages = [];
  for (const stage of stages) {
    const services = all.filter((s) => s.move_stage === stage);
    const onStage = new Set(services.map((s) => s.service_key));
    moveStages.push({
      id: stage,
      name: names[stage - 1] ?? `Stage ${stage}`,
      services: services.map((s) => toStageService(s, benefits, attributes, hrOnly)),
      budgetGroups: await stageBudgetGroups(db, version.versionId, stage, services),
      availableServices: catalogue.filter((c) => !onStage.has(c.key)).map((c) => ({ key: c.key, name: c.name })),
    });
  }
  return {
    success: true,
    policyId: version.id,
    policyVersionId: version.versionId,
    versionNumber: version.versionNumber,
    status: version.versionStatus,
    // Released versions never change; only platform admins edit drafts (HR reads).
    readOnly: version.versionStatus !== "DRAFT" || viewer.role !== "ADMIN",
    moveStages,
  };
}

/**
 * GET service-properties?policyId: the attributes of each service of the policy's draft (else its
 * newest released version) with the values set on it. HR callers see only the attributes marked
 * visible to HR.
 */
export async function serviceProperties(db: DB, user: SessionUser, policy: PolicyRef): Promise<TServicePropertiesResponse> {
  const version = (await findDraftVersion(db, policy.id)) ?? (await findLatestVersion(db, policy.id, "RELEASED"));
  if (!version) return { success: true, policyVersionId: null, services: [] };
  const services = await findStageServices(db, version.id);
  const attributes = await findServiceAttributes(db, [...new Set(services.map((s) => s.service_key))]);
  const hrOnly = user.role !== "ADMIN";
  return {
    success: true,
    policyVersionId: version.id,
    services: services.map((s) => ({
      moveStageId: s.move_stage,
      serviceKey: s.service_key,
      serviceName: s.service_name,
      attributes: attributeGroupsOf(s, attributes, hrOnly),
    })),
  };
}

function parseOptions(text: string): string[] {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? v.map(String) : [];
  } catch {
    return [];
  }
}

/**
 * PUT …/movestages/{stage}/services/{serviceName}: adds a catalogue service to the stage with the
 * defaults (policy type 2 "budget", the service's default budget type, no budget group).
 */
export async function addStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  now = new Date(),
): Promise<TServiceResponse> {
  assertPolicyRole(actor.user, "write");
  await assertStageInRange(db, version.id, stage);
  const service = await findCatalogueService(db, serviceKey);
  if (!service) throw new AppError("NOT_FOUND", policyMessages.unknownService);
  return conflictOnDuplicate(policyMessages.serviceAlreadyOnStage, () => db.transaction().execute(async (trx) => {
    if (await findStageService(trx, version.versionId, stage, serviceKey)) {
      throw new AppError("CONFLICT", policyMessages.serviceAlreadyOnStage);
    }
    const last = await trx
      .selectFrom("policy_services")
      .select((eb) => eb.fn.max("sort_order").as("n"))
      .where("policy_version_id", "=", version.versionId)
      .where("move_stage", "=", stage)
      .executeTakeFirst();
    const values = {
      policy_version_id: version.versionId,
      move_stage: stage,
      service_key: service.key,
      service_policy_type: 2,
      budget_group: NO_BUDGET_GROUP,
      budget_type: defaultBudgetType(service.key) ?? service.default_budget_type,
      cash_service: service.cash_service,
      sort_order: Number(last?.n ?? -1) + 1,
    };
    const id = await insertStageService(trx, values);
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: id,
      action: "policyServiceAdded",
      newValues: { policyVersionId: version.versionId, moveStage: stage, serviceKey: service.key },
    }, now);
    return { success: true as const, service: await loadStageService(trx, version, stage, service.key) };
  }));
}

/**
 * DELETE …/services/{serviceName}: removes the service from the stage. Cash Flex cannot be removed
 * while employees are on the policy (cashFlexInUse). With `budgetGroupId` (the service's budget
 * group number) the group is deleted too when no other service of the stage is left in it.
 */
export async function removeStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  budgetGroupId?: number,
  now = new Date(),
): Promise<TSuccessResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "policy_versions", version.versionId); // the group may be deleted: edits of the version queue
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    if (row.is_cash_flex === 1) {
      const users = await countActiveMoveUsers(trx, version.id);
      if (users > 0) throw new AppError("CONFLICT", policyMessages.cashFlexInUse(users));
    }
    await trx.deleteFrom("policy_services").where("id", "=", row.id).execute();
    // The popup lists the stage's services: a removed service leaves it too.
    await trx
      .deleteFrom("policy_popup_items")
      .where("policy_version_id", "=", version.versionId)
      .where("move_stage", "=", stage)
      .where("service_key", "=", row.service_key)
      .execute();
    let groupDeleted = false;
    if (budgetGroupId !== undefined && budgetGroupId !== NO_BUDGET_GROUP && budgetGroupId === row.budget_group) {
      const others = await trx
        .selectFrom("policy_services")
        .select("id")
        .where("policy_version_id", "=", version.versionId)
        .where("move_stage", "=", stage)
        .where("budget_group", "=", budgetGroupId)
        .limit(1)
        .executeTakeFirst();
      if (!others) {
        await trx
          .deleteFrom("budget_groups")
          .where("policy_version_id", "=", version.versionId)
          .where("move_stage", "=", stage)
          .where("group_number", "=", budgetGroupId)
          .execute();
        groupDeleted = true;
      }
    }
    const { service_name: _n, is_cash_flex: _c, ...old } = row;
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceRemoved",
      oldValues: old,
      newValues: { budgetGroupDeleted: groupDeleted },
    }, now);
    return { success: true as const };
  });
}

type ServiceState = Pick<PolicyServiceTable, "title" | "service_policy_type" | "budget_type" | "authorization_type" | "currency" | "rate_frequency"> & {
  note: string;
  budget_group: number;
  amount: number | null;
  min_amount: number | null;
  max_amount: number | null;
  amount_can_be_negative: number;
  addable: number;
  move_hub: number;
  provided: number;
  cash_service: number;
  show_as_move_hub_budget: number;
  attributes: string;
};

function fail(field: string, message: string, code: "VALIDATION" | "CONFLICT" = "VALIDATION"): never {
  throw new AppError(code, message, { [field]: message });
}

/**
 * The benefit values of a service patch as numeric quantities (part 2 §5 "Numeric benefit values
 * must be numeric"): each non-empty value is parsed (commas stripped, non-negative, at most 2
 * decimals) and normalised; the first invalid one fails with its field `benefitGroups.<index>.value`.
 */
function parseBenefitGroupValues(groups: { value: string | null }[]): (string | null)[] {
  return groups.map((group, index) => {
    const parsed = parseBenefitValue(group.value);
    if (!parsed.ok) fail(`benefitGroups.${index}.value`, parsed.message);
    return parsed.value;
  });
}

/** Parses an amount field of a service in `currency`; null clears it. */
function parseServiceAmount(field: string, text: string | null, currency: string | null, serviceName: string): number | null {
  if (text === null) return null;
  if (text.trim() === "") return null;
  if (!currency) fail("currency", policyMessages.budgetCurrencyRequired(serviceName));
  const parsed = parseBudgetAmount(text, currency);
  if (!parsed.ok) fail(field, parsed.message);
  return parsed.minor;
}

/**
 * PATCH …/services/{serviceName}: any subset of the service's fields. A policy type change applies
 * its effects (4/5 leave the budget group, 1 forces a currency budget); the move hub is refused
 * while another service of the stage has it, unless `force` (which unsets the other); a service
 * that is not provided cannot be addable by HR; amounts are parsed in the service's currency and
 * checked like a budget (min ≤ amount ≤ max); clearing the amount clears the currency and the reverse.
 * Benefit values are numeric quantities (see `parseBenefitValue`); an invalid one writes nothing.
 */
export async function updateStageService(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  patch: TServicePatch,
  now = new Date(),
): Promise<TServiceResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    const name = row.service_name;
    const old: ServiceState = {
      title: row.title,
      service_policy_type: row.service_policy_type,
      budget_group: row.budget_group,
      budget_type: row.budget_type,
      authorization_type: row.authorization_type,
      note: row.note,
      currency: row.currency,
      rate_frequency: row.rate_frequency,
      amount: row.amount,
      min_amount: row.min_amount,
      max_amount: row.max_amount,
      amount_can_be_negative: row.amount_can_be_negative,
      addable: row.addable,
      move_hub: row.move_hub,
      provided: row.provided,
      cash_service: row.cash_service,
      show_as_move_hub_budget: row.show_as_move_hub_budget,
      attributes: row.attributes,
    };
    const next: ServiceState = { ...old };
    // Checked before anything is written.
    const benefitValues = patch.benefitGroups === undefined ? [] : parseBenefitGroupValues(patch.benefitGroups);

    if (patch.title !== undefined) next.title = patch.title === null || patch.title.trim() === "" ? null : patch.title.trim();
    if (patch.note !== undefined) next.note = patch.note;
    if (patch.amountCanBeNegative !== undefined) next.amount_can_be_negative = flag(patch.amountCanBeNegative);
    if (patch.addable !== undefined) next.addable = flag(patch.addable);
    if (patch.provided !== undefined) next.provided = flag(patch.provided);
    if (patch.cashService !== undefined) next.cash_service = flag(patch.cashService);
    if (patch.showAsMoveHubBudget !== undefined) next.show_as_move_hub_budget = flag(patch.showAsMoveHubBudget);
    if (patch.rateFrequency !== undefined) next.rate_frequency = patch.rateFrequency === "" ? null : patch.rateFrequency;
    if (patch.budgetType !== undefined) next.budget_type = patch.budgetType === "" ? null : patch.budgetType;
    if (patch.authorizationType !== undefined) next.authorization_type = patch.authorizationType === "" ? null : patch.authorizationType;
    if (patch.servicePolicyType !== undefined) next.service_policy_type = patch.servicePolicyType;
    if (patch.servicePolicyType !== undefined || patch.budgetType !== undefined) {
      const effect = applyServicePolicyType(next.service_policy_type as ServicePolicyType, {
        budgetGroup: next.budget_group,
        budgetType: next.budget_type,
      });
      next.budget_group = effect.budgetGroup;
      next.budget_type = effect.budgetType;
    }

    // Money: currency first (amounts are minor units of it); clearing one clears the other.
    if (patch.currency !== undefined) {
      const currency = patch.currency === null || patch.currency === "" ? null : patch.currency;
      if (currency !== null) {
        const known = await trx.selectFrom("currencies").select("code").where("code", "=", currency).executeTakeFirst();
        if (!known) fail("currency", `Unknown currency ${currency}`);
      }
      next.currency = currency;
    }
    const clearsAmount = patch.amount === null || (typeof patch.amount === "string" && patch.amount.trim() === "");
    if (clearsAmount && patch.currency === undefined) next.currency = null;
    const currencyChanged = next.currency !== old.currency;
    const amountOf = (field: "amount" | "min_amount" | "max_amount", patchValue: string | null | undefined, label: string) => {
      if (next.currency === null) return null;
      if (patchValue !== undefined) return parseServiceAmount(label, patchValue, next.currency, name);
      const current = old[field];
      if (current === null || !currencyChanged) return current;
      if (!old.currency) return null;
      // The same major-unit amount in the new currency.
      return parseServiceAmount(label, toMajorString({ amount: current, currency: old.currency }), next.currency, name);
    };
    const pending = [patch.amount, patch.minAmount, patch.maxAmount].some((v) => typeof v === "string" && v.trim() !== "");
    if (next.currency === null && pending && !clearsAmount) fail("currency", policyMessages.budgetCurrencyRequired(name));
    next.amount = amountOf("amount", patch.amount, "amount");
    next.min_amount = amountOf("min_amount", patch.minAmount, "minAmount");
    next.max_amount = amountOf("max_amount", patch.maxAmount, "maxAmount");
    const budgetErrors = validateBudget({ currency: next.currency, amount: next.amount, minAmount: next.min_amount, maxAmount: next.max_amount });
    // A currency chosen before its amount is a step of the form; release validation asks for the amount.
    if (next.amount === null) delete budgetErrors.amount;
    const firstBudgetError = Object.values(budgetErrors)[0];
    if (firstBudgetError) throw new AppError("VALIDATION", firstBudgetError, budgetErrors as Record<string, string>);

    const addableError = checkAddable(name, bool(next.provided), bool(next.addable));
    if (addableError) fail("addable", addableError);

    // Move hub: one per stage; `force` takes it from the current one.
    let unset: string[] = [];
    if (patch.moveHub === true && old.move_hub !== 1) {
      const stageServices = await findStageServices(trx, version.versionId, stage);
      const check = checkMoveHub(
        stageServices.map((s) => ({ serviceKey: s.service_key, serviceName: s.service_name, moveHub: s.move_hub === 1 })),
        row.service_key,
        patch.force ?? false,
      );
      if (!check.ok) throw new AppError("CONFLICT", check.message, { moveHub: check.message, current: check.current });
      unset = check.unset;
      if (unset.length > 0) {
        await trx
          .updateTable("policy_services")
          .set({ move_hub: 0 })
          .where("policy_version_id", "=", version.versionId)
          .where("move_stage", "=", stage)
          .where("service_key", "in", unset)
          .execute();
      }
    }
    if (patch.moveHub !== undefined) next.move_hub = flag(patch.moveHub);

    // Attributes: set values, then clear `propertiesToDelete`.
    if (patch.attributes !== undefined || patch.attributeGroups !== undefined || patch.propertiesToDelete !== undefined) {
      const attrs = parseAttributes(old.attributes);
      for (const [k, v] of Object.entries(patch.attributes ?? {})) attrs[k] = v;
      for (const { key, value } of patch.attributeGroups ?? []) {
        if (value === null || value.trim() === "") delete attrs[key];
        else attrs[key] = value;
      }
      for (const k of patch.propertiesToDelete ?? []) delete attrs[k];
      next.attributes = JSON.stringify(attrs);
    }

    await trx.updateTable("policy_services").set(next).where("id", "=", row.id).execute();

    // Benefits: each named benefit set's choice (options and numeric value) replaces the previous one.
    let benefitChanges: unknown = undefined;
    if (patch.benefitGroups !== undefined) {
      benefitChanges = patch.benefitGroups.map((group, index) => ({ ...group, value: benefitValues[index] ?? null }));
      const policyRow = await findPolicyRow(trx, version.id);
      for (const [index, group] of patch.benefitGroups.entries()) {
        const set = await trx.selectFrom("benefit_sets").selectAll().where("id", "=", group.id).executeTakeFirst();
        if (!set || set.service_key !== row.service_key || (set.group_id !== null && set.group_id !== policyRow?.group_id)) {
          fail("benefitGroups", policyMessages.benefitNotFound, "VALIDATION");
        }
        const optionIds = [...new Set(group.options)];
        if (optionIds.length > 0) {
          const found = await trx
            .selectFrom("benefit_options")
            .select("id")
            .where("benefit_set_id", "=", set.id)
            .where("id", "in", optionIds)
            .execute();
          if (found.length !== optionIds.length) fail("benefitGroups", policyMessages.benefitNotFound);
        }
        await trx.deleteFrom("policy_service_benefits").where("policy_service_id", "=", row.id).where("benefit_set_id", "=", set.id).execute();
        const value = benefitValues[index] ?? null;
        const rows = optionIds.length > 0
          ? optionIds.map((o) => ({ policy_service_id: row.id, benefit_set_id: set.id, benefit_option_id: o, value }))
          : value !== null
            ? [{ policy_service_id: row.id, benefit_set_id: set.id, benefit_option_id: null, value }]
            : [];
        if (rows.length > 0) await trx.insertInto("policy_service_benefits").values(rows).execute();
      }
    }

    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceUpdated",
      oldValues: old,
      newValues: { ...next, ...(benefitChanges === undefined ? {} : { benefitGroups: benefitChanges }), ...(unset.length ? { moveHubUnset: unset } : {}) },
    }, now);
    const service = await loadStageService(trx, version, stage, row.service_key);
    return unset.length > 0 ? { success: true as const, service, unset } : { success: true as const, service };
  });
}

/**
 * PUT …/services/{serviceName}/budget-groups/{id}: puts the service in budget group `groupNumber`
 * (1–20, or 99 for none), creating the stage's budget group when needed. `shared` lists the other
 * services of the stage in that group (the UI confirms before a shared group is left).
 */
export async function assignBudgetGroup(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  stage: number,
  serviceKey: string,
  groupNumber: number,
  now = new Date(),
): Promise<TAssignBudgetGroupResponse> {
  assertPolicyRole(actor.user, "write");
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "policy_versions", version.versionId); // the version's budget groups change: edits queue
    const row = await findStageService(trx, version.versionId, stage, serviceKey);
    if (!row) throw new AppError("NOT_FOUND", policyMessages.serviceNotFound);
    const effect = applyServicePolicyType(row.service_policy_type as ServicePolicyType, { budgetGroup: groupNumber, budgetType: row.budget_type });
    if (effect.budgetGroup !== groupNumber) fail("budgetGroup", policyMessages.budgetGroupOutOfRange, "CONFLICT");
    if (groupNumber !== NO_BUDGET_GROUP) await ensureBudgetGroup(trx, version.versionId, stage, groupNumber);
    await trx.updateTable("policy_services").set({ budget_group: groupNumber }).where("id", "=", row.id).execute();
    const stageServices = await findStageServices(trx, version.versionId, stage);
    const shared = groupNumber === NO_BUDGET_GROUP
      ? []
      : (sharedBudgetGroups(stageServices.map((s) => ({ serviceKey: s.service_key, budgetGroup: s.budget_group }))).get(groupNumber) ?? []).filter(
          (k) => k !== row.service_key,
        );
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_service",
      entityId: row.id,
      action: "policyServiceBudgetGroup",
      oldValues: { budgetGroup: row.budget_group },
      newValues: { budgetGroup: groupNumber },
    }, now);
    return { success: true as const, budgetGroup: groupNumber, shared, service: await loadStageService(trx, version, stage, row.service_key) };
  });
}

/**
 * POST …/movestages/copy?moveStageIdFrom=&moveStageIdTo=: replaces the services, benefits, budget
 * groups and budgets (with rates) of one stage with a copy of another's.
 */
export async function copyMoveStage(
  db: DB,
  actor: PolicyActor,
  version: VersionRef,
  from: number,
  to: number,
  now = new Date(),
): Promise<TCopyStageResponse> {
  assertPolicyRole(actor.user, "write");
  await assertStageInRange(db, version.id, from);
  await assertStageInRange(db, version.id, to);
  if (from === to) fail("moveStageIdTo", policyMessages.moveStageOutOfRange);
  return db.transaction().execute(async (trx) => {
    // Delete-then-copy: parallel copies queue on the version's row, else each one's delete misses the
    // others' uncommitted copies (duplicate keys, deadlocks on PostgreSQL).
    await lockRow(trx, "policy_versions", version.versionId);
    await deleteStageRows(trx, version.versionId, to, false);
    const copied = await copyStageRows(trx, { versionId: version.versionId, stage: from }, { versionId: version.versionId, stage: to });
    await auditPolicy(trx, actor, {
      groupId: version.groupId,
      entity: "policy_version",
      entityId: version.versionId,
      action: "policyStageCopied",
      newValues: { moveStageIdFrom: from, moveStageIdTo: to, ...copied },
    }, now);
    return { success: true as const, ...copied };
  });
}
