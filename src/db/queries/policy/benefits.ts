/**
 * Queries of policy group setup (benefit sets, options, metadata lines), the policy popup, the
 * catalogue and the employee's policy view. Plain reads and writes; rules live in
 * src/services/policy/{benefits,popup,catalogue,employee-view}.ts.
 */
import type { DB } from "../../index.ts";
import { ensureCatalogueTags } from "../manager/tags.ts";
import { NON_PAYABLE_CURRENCY_CODES } from "../../../domain/money/currencies.ts";

// ── benefit sets ────────────────────────────────────────────────────────────────────────────

/** Catalogue services, optionally only some keys, in catalogue order. */
export function findServices(db: DB, keys?: string[]) {
  let q = db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("name");
  if (keys) {
    if (keys.length === 0) return Promise.resolve([]);
    q = q.where("key", "in", keys);
  }
  return q.execute();
}

export function findService(db: DB, key: string) {
  return db.selectFrom("services").selectAll().where("key", "=", key).executeTakeFirst();
}

/** Benefit sets a group sees: the global sets (group_id NULL) and the group's own. */
/** The global sets and the group's own (groupId null: the global sets only). */
export function findVisibleBenefitSets(db: DB, groupId: number | null, opts: { serviceKey?: string; activeOnly?: boolean }) {
  let q = db
    .selectFrom("benefit_sets")
    .selectAll()
    .where((eb) => (groupId === null ? eb("group_id", "is", null) : eb.or([eb("group_id", "is", null), eb("group_id", "=", groupId)])));
  if (opts.serviceKey) q = q.where("service_key", "=", opts.serviceKey);
  if (opts.activeOnly) q = q.where("inactive", "=", 0);
  return q.orderBy("service_key").orderBy("group_number").orderBy("sort_order").orderBy("id").execute();
}

export function findBenefitSet(db: DB, id: number) {
  return db.selectFrom("benefit_sets").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The group's own set with this number for the service. */
export function findGroupBenefitSet(db: DB, groupId: number, serviceKey: string, groupNumber: number) {
  return db
    .selectFrom("benefit_sets")
    .selectAll()
    .where("group_id", "=", groupId)
    .where("service_key", "=", serviceKey)
    .where("group_number", "=", groupNumber)
    .orderBy("id")
    .executeTakeFirst();
}

/** The highest set number the group sees for the service (0 when none). */
export async function maxVisibleGroupNumber(db: DB, groupId: number, serviceKey: string): Promise<number> {
  const row = await db
    .selectFrom("benefit_sets")
    .select((eb) => eb.fn.max("group_number").as("n"))
    .where("service_key", "=", serviceKey)
    .where((eb) => eb.or([eb("group_id", "is", null), eb("group_id", "=", groupId)]))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export async function insertBenefitSet(
  db: DB,
  v: { serviceKey: string; groupId: number | null; name: string; groupNumber: number; sdcId: number | null },
): Promise<number> {
  const row = await db
    .insertInto("benefit_sets")
    .values({ service_key: v.serviceKey, group_id: v.groupId, name: v.name, group_number: v.groupNumber, sdc_id: v.sdcId, sort_order: v.groupNumber })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateBenefitSet(
  db: DB,
  id: number,
  v: Partial<{ name: string; inactive: number; affects_cost_estimate: number; custom: number; sdc_id: number | null }>,
) {
  return db.updateTable("benefit_sets").set(v).where("id", "=", id).execute();
}

export function findOptionsOfSets(db: DB, setIds: number[], activeOnly = false) {
  if (setIds.length === 0) return Promise.resolve([]);
  let q = db.selectFrom("benefit_options").selectAll().where("benefit_set_id", "in", setIds);
  if (activeOnly) q = q.where("inactive", "=", 0);
  return q.orderBy("benefit_set_id").orderBy("sort_order").orderBy("id").execute();
}

export function findMetadataInfosOfSets(db: DB, setIds: number[]) {
  if (setIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("metadata_infos")
    .selectAll()
    .where("benefit_set_id", "in", setIds)
    .orderBy("benefit_set_id")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

/** An option with its set's service, owner group and option type. */
export function findBenefitOption(db: DB, id: number) {
  return db
    .selectFrom("benefit_options as o")
    .innerJoin("benefit_sets as s", "s.id", "o.benefit_set_id")
    .select(["o.id", "o.name", "o.benefit_set_id", "o.inactive", "s.service_key", "s.group_id as set_group_id", "s.option_type"])
    .where("o.id", "=", id)
    .executeTakeFirst();
}

export async function insertBenefitOption(db: DB, setId: number, name: string): Promise<number> {
  const max = await db
    .selectFrom("benefit_options")
    .select((eb) => eb.fn.max("sort_order").as("n"))
    .where("benefit_set_id", "=", setId)
    .executeTakeFirst();
  const row = await db
    .insertInto("benefit_options")
    .values({ benefit_set_id: setId, name, sort_order: Number(max?.n ?? 0) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function renameBenefitOption(db: DB, id: number, name: string) {
  return db.updateTable("benefit_options").set({ name }).where("id", "=", id).execute();
}

export function deleteBenefitOption(db: DB, id: number) {
  return db.deleteFrom("benefit_options").where("id", "=", id).execute();
}

export async function countOptionsOfSet(db: DB, setId: number): Promise<number> {
  const row = await db
    .selectFrom("benefit_options")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("benefit_set_id", "=", setId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Policy services that selected this option. */
export async function countOptionUses(db: DB, optionId: number): Promise<number> {
  const row = await db
    .selectFrom("policy_service_benefits")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("benefit_option_id", "=", optionId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export function findMetadataInfo(db: DB, id: number) {
  return db.selectFrom("metadata_infos").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The set's metadata info (line) named `name`, the oldest when several. */
export function findMetadataInfoByName(db: DB, setId: number, name: string) {
  return db.selectFrom("metadata_infos").selectAll().where("benefit_set_id", "=", setId).where("name", "=", name).orderBy("id").limit(1).executeTakeFirst();
}

export async function insertMetadataInfo(db: DB, setId: number, name: string): Promise<number> {
  const max = await db
    .selectFrom("metadata_infos")
    .select((eb) => eb.fn.max("sort_order").as("n"))
    .where("benefit_set_id", "=", setId)
    .executeTakeFirst();
  const row = await db
    .insertInto("metadata_infos")
    .values({ benefit_set_id: setId, name, sort_order: Number(max?.n ?? 0) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Metadata lines of the options that a group (and optionally a policy) can see: global lines,
 * the group's overrides and the policy's overrides.
 */
/** Global lines, the group's overrides and the policy's (groupId null: global lines only). */
export function findMetadataLines(db: DB, optionIds: number[], groupId: number | null, policyId: number | null) {
  if (optionIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("benefit_metadata")
    .selectAll()
    .where("benefit_option_id", "in", optionIds)
    .where((eb) =>
      eb.or([
        eb.and([eb("group_id", "is", null), eb("policy_id", "is", null)]),
        ...(groupId === null ? [] : [eb.and([eb("group_id", "=", groupId), eb("policy_id", "is", null)])]),
        ...(policyId === null ? [] : [eb("policy_id", "=", policyId)]),
      ]),
    )
    .orderBy("id")
    .execute();
}

export function findMetadataRow(db: DB, id: number) {
  return db.selectFrom("benefit_metadata").selectAll().where("id", "=", id).executeTakeFirst();
}

export type MetadataScope = { groupId: number | null; policyId: number | null };

/** The line of one option and metadata info at exactly this scope. */
export function findScopedMetadata(db: DB, optionId: number, metadataInfoId: number, scope: MetadataScope) {
  let q = db
    .selectFrom("benefit_metadata")
    .selectAll()
    .where("benefit_option_id", "=", optionId)
    .where("metadata_info_id", "=", metadataInfoId);
  if (scope.policyId !== null) q = q.where("policy_id", "=", scope.policyId);
  else {
    q = q.where("policy_id", "is", null);
    q = scope.groupId === null ? q.where("group_id", "is", null) : q.where("group_id", "=", scope.groupId);
  }
  return q.orderBy("id").executeTakeFirst();
}

export async function insertMetadata(
  db: DB,
  v: { optionId: number; metadataInfoId: number; scope: MetadataScope; formula: string; adjustmentFormula: string | null; at: string },
): Promise<number> {
  const row = await db
    .insertInto("benefit_metadata")
    .values({
      benefit_option_id: v.optionId,
      metadata_info_id: v.metadataInfoId,
      group_id: v.scope.groupId,
      policy_id: v.scope.policyId,
      formula: v.formula,
      adjustment_formula: v.adjustmentFormula,
      updated_at: v.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateMetadata(db: DB, id: number, v: { formula: string; adjustmentFormula: string | null; at: string }) {
  return db
    .updateTable("benefit_metadata")
    .set({ formula: v.formula, adjustment_formula: v.adjustmentFormula, updated_at: v.at })
    .where("id", "=", id)
    .execute();
}

/** Deletes the overrides of one scope (a policy's, or a group's own) of a metadata line; returns the rows removed. */
export async function deleteScopedMetadata(
  db: DB,
  v: { metadataInfoId: number; optionId: number | null; groupId: number; policyId: number | null },
) {
  let q = db.deleteFrom("benefit_metadata").where("metadata_info_id", "=", v.metadataInfoId);
  if (v.optionId !== null) q = q.where("benefit_option_id", "=", v.optionId);
  q = v.policyId !== null
    ? q.where("policy_id", "=", v.policyId)
    : q.where("group_id", "=", v.groupId).where("policy_id", "is", null);
  return q.returningAll().execute();
}

export function findPolicyRow(db: DB, id: number) {
  return db.selectFrom("policies").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findSpendCategory(db: DB, id: number) {
  return db.selectFrom("spend_categories").selectAll().where("id", "=", id).executeTakeFirst();
}

// ── popup ───────────────────────────────────────────────────────────────────────────────────

/** The version with its policy's popup flag, stage count and group. */
export function findVersionContext(db: DB, versionId: number) {
  return db
    .selectFrom("policy_versions as v")
    .innerJoin("policies as p", "p.id", "v.policy_id")
    .innerJoin("groups as g", "g.id", "p.group_id")
    .select([
      "v.id as version_id",
      "v.version_number",
      "v.status",
      "p.id as policy_id",
      "p.name as policy_name",
      "p.popup_displayed",
      "p.move_stages_count",
      "p.group_id",
      "g.display_name as group_display_name",
    ])
    .where("v.id", "=", versionId)
    .executeTakeFirst();
}

export function findPopup(db: DB, versionId: number) {
  return db.selectFrom("policy_popups").selectAll().where("policy_version_id", "=", versionId).executeTakeFirst();
}

export function findPopupStages(db: DB, versionId: number) {
  return db.selectFrom("policy_popup_stages").selectAll().where("policy_version_id", "=", versionId).orderBy("move_stage").execute();
}

/** Popup items with the catalogue name of their service, in display order. */
export function findPopupItems(db: DB, versionId: number, moveStage?: number) {
  let q = db
    .selectFrom("policy_popup_items as i")
    .innerJoin("services as s", "s.key", "i.service_key")
    .select(["i.id", "i.move_stage", "i.service_key", "i.title", "i.description", "i.sort_order", "s.name as service_name"])
    .where("i.policy_version_id", "=", versionId);
  if (moveStage !== undefined) q = q.where("i.move_stage", "=", moveStage);
  return q.orderBy("i.move_stage").orderBy("i.sort_order").orderBy("i.id").execute();
}

/** Creates the version's empty popup (one row per stage) unless it exists; answers whether this call created it. */
export async function insertEmptyPopup(db: DB, versionId: number, stages: number): Promise<boolean> {
  const created = await db
    .insertInto("policy_popups")
    .values({ policy_version_id: versionId })
    .onConflict((oc) => oc.doNothing())
    .returning("policy_version_id")
    .executeTakeFirst();
  for (let stage = 1; stage <= stages; stage++) {
    await db
      .insertInto("policy_popup_stages")
      .values({ policy_version_id: versionId, move_stage: stage })
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  return created !== undefined;
}

/** Deletes the popup with its stages and items; returns whether there was one. */
export async function deletePopupRows(db: DB, versionId: number): Promise<boolean> {
  await db.deleteFrom("policy_popup_items").where("policy_version_id", "=", versionId).execute();
  await db.deleteFrom("policy_popup_stages").where("policy_version_id", "=", versionId).execute();
  const rows = await db.deleteFrom("policy_popups").where("policy_version_id", "=", versionId).returning("policy_version_id").execute();
  return rows.length > 0;
}

export function setPopupDisplayed(db: DB, policyId: number, displayed: boolean, at: string) {
  return db.updateTable("policies").set({ popup_displayed: displayed ? 1 : 0, updated_at: at }).where("id", "=", policyId).execute();
}

export function updatePopup(
  db: DB,
  versionId: number,
  v: Partial<{ header: string; paragraph_top: string; paragraph_bottom: string; display_relocation_and_ongoing_benefits: number }>,
) {
  return db.updateTable("policy_popups").set(v).where("policy_version_id", "=", versionId).execute();
}

export async function updatePopupStage(db: DB, versionId: number, stage: number, v: Partial<{ move_stage_header: string; blurb: string; header: string }>) {
  await db
    .insertInto("policy_popup_stages")
    .values({ policy_version_id: versionId, move_stage: stage })
    .onConflict((oc) => oc.doNothing())
    .execute();
  await db.updateTable("policy_popup_stages").set(v).where("policy_version_id", "=", versionId).where("move_stage", "=", stage).execute();
}

export function updatePopupItem(db: DB, itemId: number, v: Partial<{ title: string; description: string; sort_order: number }>) {
  return db.updateTable("policy_popup_items").set(v).where("id", "=", itemId).execute();
}

export async function insertPopupItem(db: DB, v: { versionId: number; stage: number; serviceKey: string; title: string }): Promise<number> {
  const max = await db
    .selectFrom("policy_popup_items")
    .select((eb) => eb.fn.max("sort_order").as("n"))
    .where("policy_version_id", "=", v.versionId)
    .where("move_stage", "=", v.stage)
    .executeTakeFirst();
  const row = await db
    .insertInto("policy_popup_items")
    .values({ policy_version_id: v.versionId, move_stage: v.stage, service_key: v.serviceKey, title: v.title, sort_order: Number(max?.n ?? 0) + 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export function deletePopupItem(db: DB, itemId: number) {
  return db.deleteFrom("policy_popup_items").where("id", "=", itemId).execute();
}

/** Benefits chosen on a version's services, with set and option names. */
export function findVersionServiceBenefits(db: DB, versionId: number) {
  return db
    .selectFrom("policy_service_benefits as b")
    .innerJoin("policy_services as ps", "ps.id", "b.policy_service_id")
    .innerJoin("benefit_sets as s", "s.id", "b.benefit_set_id")
    .leftJoin("benefit_options as o", "o.id", "b.benefit_option_id")
    .select(["b.id", "b.policy_service_id", "b.benefit_set_id", "b.value", "s.name as set_name", "o.name as option_name"])
    .where("ps.policy_version_id", "=", versionId)
    .orderBy("b.policy_service_id")
    .orderBy("s.group_number")
    .orderBy("b.id")
    .execute();
}

/** Budgets of a version's budget groups, with the stage and group number. */
export function findVersionBudgets(db: DB, versionId: number) {
  return db
    .selectFrom("budgets as b")
    .innerJoin("budget_groups as g", "g.id", "b.budget_group_id")
    .select(["b.id", "b.currency", "b.amount", "b.min_amount", "b.max_amount", "g.move_stage", "g.group_number"])
    .where("g.policy_version_id", "=", versionId)
    .orderBy("g.move_stage")
    .orderBy("g.group_number")
    .orderBy("b.id")
    .execute();
}

// ── catalogue ───────────────────────────────────────────────────────────────────────────────

export function findServiceAttributes(db: DB, opts: { serviceKey?: string; hrOnly?: boolean }) {
  let q = db.selectFrom("service_attributes").selectAll();
  if (opts.serviceKey) q = q.where("service_key", "=", opts.serviceKey);
  if (opts.hrOnly) q = q.where("visible_to_hr", "=", 1);
  return q.orderBy("service_key").orderBy("sort_order").orderBy("id").execute();
}

export function findServiceAttribute(db: DB, id: number) {
  return db.selectFrom("service_attributes").selectAll().where("id", "=", id).executeTakeFirst();
}

export function setServiceAttributeVisibility(db: DB, id: number, visible: boolean) {
  return db.updateTable("service_attributes").set({ visible_to_hr: visible ? 1 : 0 }).where("id", "=", id).execute();
}

/**
 * The attributes of the catalogue services matching `services` (regular or cash services, or one
 * key), each with the group's configuration and, when `policyId` is set, the policy's.
 */
export function findConfiguredAttributes(
  db: DB,
  opts: { services: { cash: boolean } | { key: string }; groupId: number; policyId: number | null },
) {
  let q = db
    .selectFrom("service_attributes as a")
    .innerJoin("services as s", "s.key", "a.service_key")
    .leftJoin("service_attribute_configurations as g", (join) =>
      join.onRef("g.attribute_id", "=", "a.id").on("g.group_id", "=", opts.groupId).on("g.policy_id", "is", null),
    )
    // No policy: ids start at 1, so -1 joins nothing.
    .leftJoin("service_attribute_configurations as p", (join) =>
      join.onRef("p.attribute_id", "=", "a.id").on("p.policy_id", "=", opts.policyId ?? -1),
    )
    .selectAll("a")
    .select(["g.viewable_by_hr as group_viewable", "p.viewable_by_hr as policy_viewable"]);
  const services = opts.services;
  q = "key" in services ? q.where("s.key", "=", services.key) : q.where("s.cash_service", "=", services.cash ? 1 : 0);
  return q.orderBy("s.sort_order").orderBy("a.service_key").orderBy("a.sort_order").orderBy("a.id").execute();
}

/** One attribute with its service's cash flag. */
export function findAttributeWithService(db: DB, id: number) {
  return db
    .selectFrom("service_attributes as a")
    .innerJoin("services as s", "s.key", "a.service_key")
    .selectAll("a")
    .select("s.cash_service")
    .where("a.id", "=", id)
    .executeTakeFirst();
}

/** The group's (policyId null) or the policy's configuration row of an attribute. */
export function findAttributeConfiguration(db: DB, attributeId: number, groupId: number, policyId: number | null) {
  const q = db.selectFrom("service_attribute_configurations").selectAll().where("attribute_id", "=", attributeId);
  return (policyId === null ? q.where("group_id", "=", groupId).where("policy_id", "is", null) : q.where("policy_id", "=", policyId)).executeTakeFirst();
}

/** Insert or update the group's or policy's configuration row (one per attribute and scope, however many parallel saves). */
export function upsertAttributeConfiguration(
  db: DB,
  c: { attributeId: number; groupId: number; policyId: number | null; viewableByHr: boolean; now: string },
) {
  const set = { viewable_by_hr: c.viewableByHr ? 1 : 0, updated_at: c.now };
  return db
    .insertInto("service_attribute_configurations")
    .values({ attribute_id: c.attributeId, group_id: c.groupId, policy_id: c.policyId, ...set })
    .onConflict((oc) =>
      c.policyId === null
        ? oc.columns(["attribute_id", "group_id"]).where("policy_id", "is", null).doUpdateSet(set)
        : oc.columns(["attribute_id", "policy_id"]).where("policy_id", "is not", null).doUpdateSet(set),
    )
    .execute();
}

export function findAllSpendCategories(db: DB) {
  return db.selectFrom("spend_categories").selectAll().orderBy("level").orderBy("id").execute();
}

export function findGroupTags(db: DB, groupId: number) {
  return db.selectFrom("group_tags").select(["id", "name"]).where("group_id", "=", groupId).orderBy("name").execute();
}

export function findGroupTagByName(db: DB, groupId: number, name: string) {
  return db.selectFrom("group_tags").select(["id", "name"]).where("group_id", "=", groupId).where("name", "=", name).executeTakeFirst();
}

export async function insertGroupTag(db: DB, groupId: number, name: string): Promise<number> {
  const row = await db.insertInto("group_tags").values({ group_id: groupId, name }).returning("id").executeTakeFirstOrThrow();
  await ensureCatalogueTags(db, [name]); // the tags admin's catalogue (issue 15) knows every group tag's name
  return row.id;
}

/** The codes a currency picker offers: without metals, test and fund units (issue 24 §6). */
export function findCurrencyCodes(db: DB) {
  return db.selectFrom("currencies").select("code").where("code", "not in", [...NON_PAYABLE_CURRENCY_CODES]).orderBy("code").execute();
}

/** Currencies the version uses: budgets first, then service amounts, in first-use order. */
export async function findVersionCurrencies(db: DB, versionId: number): Promise<string[]> {
  const budgets = await db
    .selectFrom("budgets as b")
    .innerJoin("budget_groups as g", "g.id", "b.budget_group_id")
    .select("b.currency")
    .where("g.policy_version_id", "=", versionId)
    .orderBy("g.move_stage")
    .orderBy("g.group_number")
    .orderBy("b.id")
    .execute();
  const services = await db
    .selectFrom("policy_services")
    .select("currency")
    .where("policy_version_id", "=", versionId)
    .where("currency", "is not", null)
    .orderBy("move_stage")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
  return [...new Set([...budgets.map((b) => b.currency), ...services.map((s) => s.currency!)])];
}

// ── moves (employee policy view) ────────────────────────────────────────────────────────────

export function findUserBrief(db: DB, id: number) {
  return db.selectFrom("users").select(["id", "role", "group_id", "first_name", "last_name", "email"]).where("id", "=", id).executeTakeFirst();
}

/** The employee's move: the given one, or the latest. */
export function findEmployeeMove(db: DB, employeeId: number, moveId?: number) {
  let q = db
    .selectFrom("moves as m")
    .innerJoin("policy_versions as v", "v.id", "m.policy_version_id")
    .innerJoin("policies as p", "p.id", "m.policy_id")
    .select([
      "m.id",
      "m.group_id",
      "m.policy_id",
      "m.policy_version_id",
      "v.version_number",
      "p.name as policy_name",
      "p.move_stages_count",
    ])
    .where("m.employee_user_id", "=", employeeId);
  if (moveId !== undefined) q = q.where("m.id", "=", moveId);
  return q.orderBy("m.id", "desc").executeTakeFirst();
}

/** The newest released version of a policy numbered above `versionNumber`, if any. */
export function findNewerReleasedVersion(db: DB, policyId: number, versionNumber: number) {
  return db
    .selectFrom("policy_versions")
    .select(["id", "version_number"])
    .where("policy_id", "=", policyId)
    .where("status", "=", "RELEASED")
    .where("version_number", ">", versionNumber)
    .orderBy("version_number", "desc")
    .executeTakeFirst();
}
