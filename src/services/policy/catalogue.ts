/**
 * The policy catalogue (part 2 §§3, 5, 6, 7): services and their attributes (with the admin's
 * "visible to HR" switch), the spend-category tree and its search, group tags, and the currencies
 * offered for policy overrides. Shared by the tRPC catalogue router and the legacy paths.
 */
import type { DB } from "../../db/index.ts";
import {
  findAllSpendCategories,
  findAttributeConfiguration,
  findAttributeWithService,
  findConfiguredAttributes,
  findCurrencyCodes,
  findEmployeeMove,
  findGroupTagByName,
  findGroupTags,
  findServiceAttribute,
  findServiceAttributes,
  findServices,
  findUserBrief,
  findVersionContext,
  findVersionCurrencies,
  insertGroupTag,
  setServiceAttributeVisibility,
  upsertAttributeConfiguration,
} from "../../db/queries/policy/benefits.ts";
import { findCatalogueService } from "../../db/queries/policy/policy.ts";
import { findGroupById, findGroupByName } from "../../db/queries/admin/groups.ts";
import type { GroupRef } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  benefitMessages,
  type TConfigureAttributeRequest,
  type TCurrenciesRequest,
  type TGroupAttributesRequest,
  type TSpendCategoryNode,
} from "../../domain/policy/benefit-schemas.ts";
import { SPEND_CATEGORY_LEAF_LEVEL, SPEND_CATEGORY_MIN_SEARCH, SPEND_CATEGORY_SELECT_ALL } from "../../domain/policy/catalogue.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import type { Role } from "../../domain/roles.ts";
import type { SessionUser } from "../identity/auth.ts";
import type { Caller } from "./benefits.ts";
import { assertPolicyGroup, assertPolicyRole, policyForCaller, type PolicyAccess } from "./access.ts";
import { auditPolicy, conflictOnDuplicate } from "./common.ts";

const flag = (n: number) => n === 1;

/** catalogue.services: the service catalogue in display order. */
export async function listServices(db: DB) {
  return (await findServices(db)).map((s) => ({
    key: s.key,
    name: s.name,
    category: s.category,
    description: s.description,
    defaultBudgetType: s.default_budget_type,
    isCashFlex: flag(s.is_cash_flex),
    cashService: flag(s.cash_service),
    sortOrder: s.sort_order,
  }));
}

function parseOptions(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.map(String) : [];
  } catch {
    return [];
  }
}

const toAttribute = (a: NonNullable<Awaited<ReturnType<typeof findServiceAttribute>>>) => ({
  id: a.id,
  serviceKey: a.service_key,
  key: a.attr_key,
  label: a.label,
  inputType: a.input_type,
  options: parseOptions(a.options),
  dataFillLevel: a.data_fill_level,
  visibleToHr: flag(a.visible_to_hr),
  sortOrder: a.sort_order,
});

/** catalogue.serviceAttributes: every attribute for ADMIN; HR sees only those the admin made visible to HR. */
export async function listServiceAttributes(db: DB, caller: Caller, serviceKey?: string) {
  const rows = await findServiceAttributes(db, { serviceKey, hrOnly: caller.user.role !== "ADMIN" });
  return rows.map(toAttribute);
}

/** catalogue.setAttributeVisibility (ADMIN, §6 "service attribute visibility for HR"). */
export async function setAttributeVisibility(db: DB, caller: Caller, attributeId: number, visibleToHr: boolean) {
  const attribute = await findServiceAttribute(db, attributeId);
  if (!attribute) throw new AppError("NOT_FOUND", benefitMessages.attributeNotFound);
  await db.transaction().execute(async (trx) => {
    await setServiceAttributeVisibility(trx, attributeId, visibleToHr);
    await auditPolicy(trx, caller, {
      groupId: null,
      entity: "service_attribute",
      entityId: attributeId,
      action: "policy.catalogue.attributeVisibility",
      oldValues: { visibleToHr: flag(attribute.visible_to_hr) },
      newValues: { visibleToHr },
    });
  });
  return { success: true as const, attribute: { ...toAttribute(attribute), visibleToHr } };
}

// ── attribute visibility per group and per policy (§3 service attribute, §7 /api/v1/services/…) ──

type AttributeServices = { cash: boolean } | { key: string };

/** `regular` / `cash` services, or one catalogue service; NOT_FOUND with the call's §8 text otherwise. */
async function attributeServicesOf(db: DB, serviceType: string, failure: string): Promise<AttributeServices> {
  if (serviceType === "regular") return { cash: false };
  if (serviceType === "cash") return { cash: true };
  if (!(await findCatalogueService(db, serviceType))) throw new AppError("NOT_FOUND", failure, { serviceType: failure });
  return { key: serviceType };
}

/** The named group, checked against the caller (an unknown name refuses HR as another group would). */
async function attributeGroupFor(db: DB, caller: Caller, name: string, access: PolicyAccess) {
  const group = await findGroupByName(db, name);
  if (!group) {
    if (caller.user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.otherGroup);
    throw new AppError("NOT_FOUND", policyMessages.groupNotFound, { groupName: policyMessages.groupNotFound });
  }
  assertPolicyGroup(caller.user, group.id, access);
  return group;
}

type ConfiguredRow = Awaited<ReturnType<typeof findConfiguredAttributes>>[number];

const toConfiguredAttribute = (row: ConfiguredRow) => {
  const { visibleToHr, ...attribute } = toAttribute(row);
  const configuredFor = row.policy_viewable !== null ? "POLICY" : row.group_viewable !== null ? "GROUP" : "GLOBAL";
  const viewableByHR = row.policy_viewable !== null ? flag(row.policy_viewable) : row.group_viewable !== null ? flag(row.group_viewable) : visibleToHr;
  return { ...attribute, viewableByHR, configuredFor: configuredFor as "GLOBAL" | "GROUP" | "POLICY" };
};

/**
 * catalogue.groupAttributes, GET /api/v1/services/{serviceType}/attributes?groupName: the
 * attributes of the service type with their visibility to HR for the group (with `policyId`, for
 * that policy of the group: policy over group over catalogue). ADMIN any group; HR its own, and
 * only the attributes visible to it.
 */
export async function groupAttributes(db: DB, caller: Caller, input: TGroupAttributesRequest) {
  assertPolicyRole(caller.user, "read");
  const group = await attributeGroupFor(db, caller, input.groupName, "read");
  let policyId: number | null = null;
  if (input.policyId !== undefined) {
    const policy = await policyForCaller(db, caller.user, input.policyId, "read");
    if (policy.groupId !== group.id) throw new AppError("NOT_FOUND", policyMessages.policyNotFound, { policyId: policyMessages.policyNotFound });
    policyId = policy.id;
  }
  const services = await attributeServicesOf(db, input.serviceType, policyMessages.attributesLoadFailure);
  const rows = await findConfiguredAttributes(db, { services, groupId: group.id, policyId });
  const attributes = rows.map(toConfiguredAttribute).filter((a) => caller.user.role === "ADMIN" || a.viewableByHR);
  return { success: true as const, serviceType: input.serviceType, groupName: group.name, policyId, attributes };
}

/**
 * catalogue.configureAttribute (ADMIN), PUT /api/v1/services/{serviceType}/attributes/{id}/
 * configurations: the attribute's visibility to HR for a group ({groupName}) or one policy
 * ({policyId}, the policy's group access). One row per attribute and group or policy, written with
 * insert … on conflict, so parallel identical saves leave one row; audited.
 */
export async function configureAttribute(db: DB, caller: Caller, input: TConfigureAttributeRequest) {
  assertPolicyRole(caller.user, "write");
  let group: { id: number; name: string };
  let policyId: number | null = null;
  if (input.policyId !== undefined) {
    const policy = await policyForCaller(db, caller.user, input.policyId, "write");
    const row = await findGroupById(db, policy.groupId);
    if (!row || (input.groupName !== undefined && input.groupName !== row.name)) {
      throw new AppError("NOT_FOUND", policyMessages.policyNotFound, { policyId: policyMessages.policyNotFound });
    }
    group = row;
    policyId = policy.id;
  } else if (input.groupName !== undefined) {
    group = await attributeGroupFor(db, caller, input.groupName, "write");
  } else {
    throw new AppError("VALIDATION", policyMessages.attributeScopeRequired, { groupName: policyMessages.attributeScopeRequired });
  }
  const services = await attributeServicesOf(db, input.serviceType, policyMessages.attributeUpdateFailure);
  const attribute = await findAttributeWithService(db, input.attributeId);
  const matches =
    attribute !== undefined && ("key" in services ? attribute.service_key === services.key : flag(attribute.cash_service) === services.cash);
  if (!attribute || !matches) throw new AppError("NOT_FOUND", policyMessages.attributeUpdateFailure, { id: policyMessages.attributeUpdateFailure });
  const scope = policyId === null ? { groupName: group.name } : { policyId };
  await db.transaction().execute(async (trx) => {
    const old = await findAttributeConfiguration(trx, attribute.id, group.id, policyId);
    await upsertAttributeConfiguration(trx, { attributeId: attribute.id, groupId: group.id, policyId, viewableByHr: input.viewableByHR, now: new Date().toISOString() });
    await auditPolicy(trx, caller, {
      groupId: group.id,
      entity: "service_attribute",
      entityId: attribute.id,
      action: "policy.catalogue.configureAttribute",
      oldValues: old ? { ...scope, viewableByHR: flag(old.viewable_by_hr) } : undefined,
      newValues: { ...scope, viewableByHR: input.viewableByHR },
    });
  });
  const { visibleToHr: _global, ...rest } = toAttribute(attribute);
  return {
    success: true as const,
    groupName: group.name,
    policyId,
    attribute: { ...rest, viewableByHR: input.viewableByHR, configuredFor: (policyId === null ? "GROUP" : "POLICY") as "GROUP" | "POLICY" },
  };
}

/** Spend categories are read by the policy, finance and CRM screens. */
export const SPEND_CATEGORY_READERS: readonly Role[] = ["ADMIN", "HR", "FINANCE", "CRM"];

export function assertSpendCategoryReader(user: Pick<SessionUser, "role">): void {
  if (!SPEND_CATEGORY_READERS.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

type CategoryRow = Awaited<ReturnType<typeof findAllSpendCategories>>[number];

function parseStages(text: string | null): number[] | null {
  if (text === null || text.trim() === "") return null;
  return text
    .split(",")
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
}

/**
 * GET /spendCategories/extended: the three-level tree. Level 2 carries the service type and SDC
 * category; level 3 (the leaf) its move stages; serviceDescriptionCategory is the level-2
 * ancestor's description.
 */
export async function spendCategoryTree(db: DB): Promise<TSpendCategoryNode[]> {
  const rows = await findAllSpendCategories(db);
  const byId = new Map<number, CategoryRow>(rows.map((r) => [r.id, r]));
  const levelTwoOf = (row: CategoryRow): CategoryRow | undefined => {
    let current: CategoryRow | undefined = row;
    for (let i = 0; current && i < 5; i++) {
      if (current.level === 2) return current;
      current = current.parent_id === null ? undefined : byId.get(current.parent_id);
    }
    return undefined;
  };
  const nodes = new Map<number, TSpendCategoryNode>();
  for (const r of rows) {
    nodes.set(r.id, {
      id: r.id,
      level: r.level,
      description: r.description,
      parent: r.parent_id,
      hidden: flag(r.hidden),
      isBudgetCashOut: flag(r.is_budget_cash_out),
      cashServiceId: r.cash_service_id,
      serviceType: r.service_type,
      sdcCategory: r.sdc_category,
      moveStages: parseStages(r.move_stages),
      parentCategoryId: r.parent_id,
      serviceDescriptionCategory: r.level >= 2 ? (levelTwoOf(r)?.description ?? null) : null,
      childSpendCategoryList: [],
    });
  }
  const roots: TSpendCategoryNode[] = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parent_id === null ? undefined : nodes.get(r.parent_id);
    if (parent) parent.childSpendCategoryList.push(node);
    else roots.push(node);
  }
  return roots;
}

/**
 * catalogue.searchSpendCategories: at least 3 characters, or "***" for every category (§5); only
 * categories that are not hidden and of level 3 or more, each with its path of descriptions.
 */
export async function searchSpendCategories(db: DB, query: string) {
  const q = query.trim();
  if (q !== SPEND_CATEGORY_SELECT_ALL && q.length < SPEND_CATEGORY_MIN_SEARCH) {
    throw new AppError("VALIDATION", policyMessages.spendCategorySearchTooShort, { query: policyMessages.spendCategorySearchTooShort });
  }
  const rows = await findAllSpendCategories(db);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const needle = q.toLowerCase();
  const pathOf = (row: CategoryRow) => {
    const path: string[] = [];
    let current: CategoryRow | undefined = row;
    for (let i = 0; current && i < 5; i++) {
      path.unshift(current.description);
      current = current.parent_id === null ? undefined : byId.get(current.parent_id);
    }
    return path;
  };
  return rows
    .filter((r) => r.level >= SPEND_CATEGORY_LEAF_LEVEL && r.hidden === 0)
    .filter((r) => q === SPEND_CATEGORY_SELECT_ALL || r.description.toLowerCase().includes(needle) || String(r.id) === q)
    .map((r) => ({
      id: r.id,
      level: r.level,
      description: r.description,
      parent: r.parent_id,
      isBudgetCashOut: flag(r.is_budget_cash_out),
      serviceType: r.service_type,
      path: pathOf(r),
    }))
    .sort((a, b) => a.path.join("/").localeCompare(b.path.join("/")));
}

/** catalogue.tags: the group's tags by name. */
export function listGroupTags(db: DB, group: GroupRef) {
  return findGroupTags(db, group.id);
}

/** catalogue.createTag (ADMIN, §6 "tags"): a new tag of the group; names are unique per group. */
export async function createGroupTag(db: DB, caller: Caller, group: GroupRef, name: string) {
  const clean = name.replace(/\s+/g, " ").trim();
  if (clean === "") throw new AppError("VALIDATION", benefitMessages.tagNameRequired, { name: benefitMessages.tagNameRequired });
  if (await findGroupTagByName(db, group.id, clean)) throw new AppError("CONFLICT", benefitMessages.tagExists, { name: benefitMessages.tagExists });
  return conflictOnDuplicate(benefitMessages.tagExists, () => db.transaction().execute(async (trx) => {
    const id = await insertGroupTag(trx, group.id, clean);
    await auditPolicy(trx, caller, {
      groupId: group.id,
      entity: "group_tag",
      entityId: id,
      action: "policy.catalogue.createTag",
      newValues: { name: clean },
    });
    return { id, name: clean };
  }));
}

/**
 * GET /hr/json/getPolicyOverrides/currencies: every currency code, the policy version's budget
 * (and service amount) currencies first. The version is `policyVersionId`, else the employee's
 * latest move's. HR of the group or ADMIN.
 */
export async function policyOverrideCurrencies(db: DB, caller: Caller, input: TCurrenciesRequest): Promise<{ currencyCodes: string[] }> {
  const group = await findGroupByName(db, input.group);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  assertPolicyGroup(caller.user, group.id, "read");
  let versionId = input.policyVersionId ?? null;
  if (input.employeeId !== undefined) {
    const employee = await findUserBrief(db, input.employeeId);
    if (!employee || employee.group_id !== group.id) throw new AppError("NOT_FOUND", policyMessages.employeeHasNoPolicy);
    if (versionId === null) versionId = (await findEmployeeMove(db, employee.id))?.policy_version_id ?? null;
  }
  let first: string[] = [];
  if (versionId !== null) {
    const version = await findVersionContext(db, versionId);
    if (!version || version.group_id !== group.id) throw new AppError("NOT_FOUND", policyMessages.versionNotFound);
    first = await findVersionCurrencies(db, versionId);
  }
  const all = (await findCurrencyCodes(db)).map((c) => c.code);
  return { currencyCodes: [...new Set([...first, ...all])] };
}
