import type { DB } from "../../db/index.ts";
import {
  findBudgetGroups,
  findBudgets,
  findCatalogueServices,
  findDraftVersion,
  findLatestVersion,
  findPolicyRow,
  findServiceAttributes,
  findServiceBenefits,
  findStageService,
  findStageServices,
  type StageServiceRow,
} from "../../db/queries/policy/policy.ts";
import { AppError } from "../../domain/errors.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { moveStageNames, type ServicePolicyType } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type {
  TBudget,
  TBudgetGroup,
  TDetailsResponse,
  TServicePropertiesResponse,
  TServiceProperty,
  TStageService,
} from "../../domain/policy/schemas.ts";
import { applyServicePolicyType } from "../../domain/policy/service-rules.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { PolicyRef, VersionRef } from "./access.ts";
import { bool, parseAttributes } from "./common.ts";

/**
 * The services of a version's move stages (part 2 §3 "move-stage service", "policy service per
 * move stage"; §4 service policy type and move hub; §5 submit rules; §7 versions/{v}/details,
 * service-properties, PUT/DELETE/PATCH …/services/{serviceName}, …/budget-groups/{id},
 * movestages/copy). Writes act on DRAFT versions only (the caller resolved the version with
 * `versionForCaller(..., "write")`), in one transaction with an audit row. The reads are here; adding,
 * removing, the budget group and the stage copy are in services-stage.ts, the PATCH in services-update.ts.
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

/** A stage service as the screens read it (NOT_FOUND when the stage does not have it). */
export async function loadStageService(db: DB, version: VersionRef, stage: number, serviceKey: string): Promise<TStageService> {
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


/** A refusal naming its field (VALIDATION unless told). */
export function fail(field: string, message: string, code: "VALIDATION" | "CONFLICT" = "VALIDATION"): never {
  throw new AppError(code, message, { [field]: message });
}
