import type { Insertable } from "kysely";
import type { DB } from "../../index.ts";
import { containsIgnoreCase } from "../like.ts";
import type { PolicyStatus } from "../../../domain/policy/catalogue.ts";
import type { PolicyServiceTable, PolicyTable } from "../../schema.ts";

/**
 * Kysely queries of policy configuration: policies, tags, versions, the services, benefits, budget
 * groups, budgets and rates of a version's move stages, and the copies made when a version or a
 * policy is created from another. No rules here: callers check access and apply the domain rules.
 */

// ── policies ────────────────────────────────────────────────────────────────────────────────

export type PolicyFilters = { query?: string; tag?: number; status?: string };

/** The group's policies with their released and draft versions and employee count, by order then name. */
export async function findPoliciesOfGroup(db: DB, groupId: number, filters: PolicyFilters = {}) {
  let q = db
    .selectFrom("policies as p")
    .selectAll("p")
    .select((eb) => [
      eb
        .selectFrom("policy_versions as v")
        .select("v.id")
        .whereRef("v.policy_id", "=", "p.id")
        .where("v.status", "=", "RELEASED")
        .orderBy("v.version_number", "desc")
        .limit(1)
        .as("released_version_id"),
      eb
        .selectFrom("policy_versions as v")
        .select("v.version_number")
        .whereRef("v.policy_id", "=", "p.id")
        .where("v.status", "=", "RELEASED")
        .orderBy("v.version_number", "desc")
        .limit(1)
        .as("released_version_number"),
      eb
        .selectFrom("policy_versions as v")
        .select("v.id")
        .whereRef("v.policy_id", "=", "p.id")
        .where("v.status", "=", "DRAFT")
        .limit(1)
        .as("draft_version_id"),
      eb
        .selectFrom("moves as m")
        .select((e) => e.fn.count<number>("m.employee_user_id").distinct().as("n"))
        .whereRef("m.policy_id", "=", "p.id")
        .where("m.status", "not in", ["cancelled", "completed"])
        .as("employee_count"),
    ])
    .where("p.group_id", "=", groupId);
  if (filters.query) {
    const text = filters.query;
    q = q.where((eb) => containsIgnoreCase(eb.ref("p.name"), text));
  }
  if (filters.status) q = q.where("p.status", "=", filters.status as PolicyStatus);
  if (filters.tag) {
    const tag = filters.tag;
    q = q.where((eb) =>
      eb.exists(eb.selectFrom("policy_tags as pt").select("pt.tag_id").whereRef("pt.policy_id", "=", "p.id").where("pt.tag_id", "=", tag)),
    );
  }
  return q.execute();
}

export function findPolicyRow(db: DB, policyId: number) {
  return db.selectFrom("policies").selectAll().where("id", "=", policyId).executeTakeFirst();
}

export async function insertPolicy(db: DB, values: Insertable<PolicyTable>): Promise<number> {
  const row = await db.insertInto("policies").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

/** Tags of the given policies, by name. */
export function findTagsOfPolicies(db: DB, policyIds: number[]) {
  if (policyIds.length === 0) return Promise.resolve([] as { policy_id: number; id: number; name: string }[]);
  return db
    .selectFrom("policy_tags as pt")
    .innerJoin("group_tags as t", "t.id", "pt.tag_id")
    .select(["pt.policy_id", "t.id", "t.name"])
    .where("pt.policy_id", "in", policyIds)
    .orderBy("t.name")
    .execute();
}

export function findGroupTags(db: DB, groupId: number) {
  return db.selectFrom("group_tags").select(["id", "name"]).where("group_id", "=", groupId).orderBy("name").execute();
}

/** Replaces a policy's tags. */
export async function replacePolicyTags(db: DB, policyId: number, tagIds: number[]) {
  await db.deleteFrom("policy_tags").where("policy_id", "=", policyId).execute();
  if (tagIds.length > 0) {
    await db.insertInto("policy_tags").values(tagIds.map((tag_id) => ({ policy_id: policyId, tag_id }))).execute();
  }
}

/** Users with a move on the policy that is neither cancelled nor completed. */
export async function countActiveMoveUsers(db: DB, policyId: number): Promise<number> {
  const row = await db
    .selectFrom("moves")
    .select((eb) => eb.fn.count<number>("employee_user_id").distinct().as("n"))
    .where("policy_id", "=", policyId)
    .where("status", "not in", ["cancelled", "completed"])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ── versions ────────────────────────────────────────────────────────────────────────────────

export function findVersionsOfPolicy(db: DB, policyId: number) {
  return db.selectFrom("policy_versions").selectAll().where("policy_id", "=", policyId).orderBy("version_number").execute();
}

export function findVersionRow(db: DB, versionId: number) {
  return db.selectFrom("policy_versions").selectAll().where("id", "=", versionId).executeTakeFirst();
}

export function findDraftVersion(db: DB, policyId: number) {
  return db.selectFrom("policy_versions").selectAll().where("policy_id", "=", policyId).where("status", "=", "DRAFT").executeTakeFirst();
}

/** The newest version (released or not): the one a copy starts from. */
export function findLatestVersion(db: DB, policyId: number, status?: "DRAFT" | "RELEASED") {
  let q = db.selectFrom("policy_versions").selectAll().where("policy_id", "=", policyId);
  if (status) q = q.where("status", "=", status);
  return q.orderBy("version_number", "desc").limit(1).executeTakeFirst();
}

export async function insertVersion(
  db: DB,
  v: { policyId: number; versionNumber: number; createdBy: number | null; now: string },
): Promise<number> {
  const row = await db
    .insertInto("policy_versions")
    .values({ policy_id: v.policyId, version_number: v.versionNumber, status: "DRAFT", created_at: v.now, created_by: v.createdBy })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

// ── catalogue ───────────────────────────────────────────────────────────────────────────────

export function findCatalogueServices(db: DB) {
  return db.selectFrom("services").selectAll().orderBy("sort_order").orderBy("name").execute();
}

export function findCatalogueService(db: DB, key: string) {
  return db.selectFrom("services").selectAll().where("key", "=", key).executeTakeFirst();
}

export function findServiceAttributes(db: DB, serviceKeys: string[]) {
  if (serviceKeys.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("service_attributes")
    .selectAll()
    .where("service_key", "in", serviceKeys)
    .orderBy("service_key")
    .orderBy("sort_order")
    .orderBy("id")
    .execute();
}

// ── move-stage services ─────────────────────────────────────────────────────────────────────

/** A version's services (optionally one stage), with the catalogue name, in stage and display order. */
export function findStageServices(db: DB, versionId: number, stage?: number) {
  let q = db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .selectAll("ps")
    .select(["s.name as service_name", "s.is_cash_flex"])
    .where("ps.policy_version_id", "=", versionId);
  if (stage !== undefined) q = q.where("ps.move_stage", "=", stage);
  return q.orderBy("ps.move_stage").orderBy("ps.sort_order").orderBy("s.sort_order").orderBy("ps.id").execute();
}
export type StageServiceRow = Awaited<ReturnType<typeof findStageServices>>[number];

export function findStageService(db: DB, versionId: number, stage: number, serviceKey: string) {
  return db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .selectAll("ps")
    .select(["s.name as service_name", "s.is_cash_flex"])
    .where("ps.policy_version_id", "=", versionId)
    .where("ps.move_stage", "=", stage)
    .where("ps.service_key", "=", serviceKey)
    .executeTakeFirst();
}

export async function insertStageService(db: DB, values: Insertable<PolicyServiceTable>): Promise<number> {
  const row = await db.insertInto("policy_services").values(values).returning("id").executeTakeFirstOrThrow();
  return row.id;
}

export function findServiceBenefits(db: DB, serviceIds: number[]) {
  if (serviceIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("policy_service_benefits").selectAll().where("policy_service_id", "in", serviceIds).orderBy("id").execute();
}

// ── budget groups, budgets, rates ───────────────────────────────────────────────────────────

export function findBudgetGroups(db: DB, versionId: number, stage?: number) {
  let q = db.selectFrom("budget_groups").selectAll().where("policy_version_id", "=", versionId);
  if (stage !== undefined) q = q.where("move_stage", "=", stage);
  return q.orderBy("move_stage").orderBy("group_number").execute();
}

export function findBudgetGroup(db: DB, versionId: number, stage: number, groupNumber: number) {
  return db
    .selectFrom("budget_groups")
    .selectAll()
    .where("policy_version_id", "=", versionId)
    .where("move_stage", "=", stage)
    .where("group_number", "=", groupNumber)
    .executeTakeFirst();
}

export function findBudgetGroupById(db: DB, id: number) {
  return db.selectFrom("budget_groups").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The budget group row, created with its defaults when missing. */
/**
 * The stage's budget group `groupNumber`, created when missing. Insert … on conflict do nothing on
 * the (version, stage, number) unique key, then one read: of parallel first edits one creates it
 * and the others (waiting on PostgreSQL for the creator to commit) read the same row.
 */
export async function ensureBudgetGroup(db: DB, versionId: number, stage: number, groupNumber: number) {
  const inserted = await db
    .insertInto("budget_groups")
    .values({ policy_version_id: versionId, move_stage: stage, group_number: groupNumber })
    .onConflict((oc) => oc.columns(["policy_version_id", "move_stage", "group_number"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  const row = await findBudgetGroup(db, versionId, stage, groupNumber);
  if (!row) throw new Error(`budget group ${versionId}/${stage}/${groupNumber} vanished after its insert`);
  return { row, created: inserted !== undefined };
}

export function findBudgets(db: DB, budgetGroupIds: number[]) {
  if (budgetGroupIds.length === 0) return Promise.resolve([]);
  return db.selectFrom("budgets").selectAll().where("budget_group_id", "in", budgetGroupIds).orderBy("id").execute();
}

export function findRates(db: DB, budgetGroupId: number) {
  return db.selectFrom("budget_group_rates").selectAll().where("budget_group_id", "=", budgetGroupId).orderBy("id").execute();
}

// ── copies ──────────────────────────────────────────────────────────────────────────────────

/**
 * Copies the services (with their benefits) and budget groups (with budgets and rates) of
 * `from.versionId` onto `to.versionId`; with `stage` only that stage, written as `to.stage`.
 * Returns the number of services and budget groups copied.
 */
export async function copyStageRows(
  db: DB,
  from: { versionId: number; stage?: number },
  to: { versionId: number; stage?: number },
): Promise<{ services: number; budgetGroups: number }> {
  const services = await findStageServicesRaw(db, from.versionId, from.stage);
  const benefits = await findServiceBenefits(db, services.map((s) => s.id));
  for (const s of services) {
    const { id, ...rest } = s;
    const newId = await insertStageService(db, { ...rest, policy_version_id: to.versionId, move_stage: to.stage ?? s.move_stage });
    const own = benefits.filter((b) => b.policy_service_id === id);
    if (own.length > 0) {
      await db
        .insertInto("policy_service_benefits")
        .values(own.map((b) => ({ policy_service_id: newId, benefit_set_id: b.benefit_set_id, benefit_option_id: b.benefit_option_id, value: b.value })))
        .execute();
    }
  }
  const groups = await findBudgetGroups(db, from.versionId, from.stage);
  for (const g of groups) {
    const created = await db
      .insertInto("budget_groups")
      .values({
        policy_version_id: to.versionId,
        move_stage: to.stage ?? g.move_stage,
        group_number: g.group_number,
        auth_type: g.auth_type,
        complexity: g.complexity,
        budget_type: g.budget_type,
        allow_outside_range: g.allow_outside_range,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const budgets = await findBudgets(db, [g.id]);
    if (budgets.length > 0) {
      await db
        .insertInto("budgets")
        .values(budgets.map((b) => ({ budget_group_id: created.id, currency: b.currency, amount: b.amount, min_amount: b.min_amount, max_amount: b.max_amount })))
        .execute();
    }
    const rates = await findRates(db, g.id);
    if (rates.length > 0) {
      await db
        .insertInto("budget_group_rates")
        .values(rates.map(({ id: _id, budget_group_id: _g, ...r }) => ({ ...r, budget_group_id: created.id })))
        .execute();
    }
  }
  return { services: services.length, budgetGroups: groups.length };
}

function findStageServicesRaw(db: DB, versionId: number, stage?: number) {
  let q = db.selectFrom("policy_services").selectAll().where("policy_version_id", "=", versionId);
  if (stage !== undefined) q = q.where("move_stage", "=", stage);
  return q.orderBy("id").execute();
}

/** Copies the popup (header, stages, items) of one version onto another. */
export async function copyPopupRows(db: DB, fromVersionId: number, toVersionId: number) {
  const popup = await db.selectFrom("policy_popups").selectAll().where("policy_version_id", "=", fromVersionId).executeTakeFirst();
  if (!popup) return;
  await db.insertInto("policy_popups").values({ ...popup, policy_version_id: toVersionId }).execute();
  const stages = await db.selectFrom("policy_popup_stages").selectAll().where("policy_version_id", "=", fromVersionId).execute();
  if (stages.length > 0) {
    await db.insertInto("policy_popup_stages").values(stages.map((s) => ({ ...s, policy_version_id: toVersionId }))).execute();
  }
  const items = await db.selectFrom("policy_popup_items").selectAll().where("policy_version_id", "=", fromVersionId).orderBy("id").execute();
  if (items.length > 0) {
    await db
      .insertInto("policy_popup_items")
      .values(items.map(({ id: _id, ...i }) => ({ ...i, policy_version_id: toVersionId })))
      .execute();
  }
}

/** Deletes a stage's services (benefits cascade), budget groups (budgets and rates cascade) and popup rows. */
export async function deleteStageRows(db: DB, versionId: number, stage: number, popup = true) {
  await db.deleteFrom("policy_services").where("policy_version_id", "=", versionId).where("move_stage", "=", stage).execute();
  await db.deleteFrom("budget_groups").where("policy_version_id", "=", versionId).where("move_stage", "=", stage).execute();
  if (popup) {
    await db.deleteFrom("policy_popup_items").where("policy_version_id", "=", versionId).where("move_stage", "=", stage).execute();
    await db.deleteFrom("policy_popup_stages").where("policy_version_id", "=", versionId).where("move_stage", "=", stage).execute();
  }
}

/** Deletes every stage above `count` of a version. */
export async function deleteStagesAbove(db: DB, versionId: number, count: number) {
  await db.deleteFrom("policy_services").where("policy_version_id", "=", versionId).where("move_stage", ">", count).execute();
  await db.deleteFrom("budget_groups").where("policy_version_id", "=", versionId).where("move_stage", ">", count).execute();
  await db.deleteFrom("policy_popup_items").where("policy_version_id", "=", versionId).where("move_stage", ">", count).execute();
  await db.deleteFrom("policy_popup_stages").where("policy_version_id", "=", versionId).where("move_stage", ">", count).execute();
}

/** Policy-level benefit metadata overrides, for a clone. */
export function findPolicyMetadataOverrides(db: DB, policyId: number) {
  return db.selectFrom("benefit_metadata").selectAll().where("policy_id", "=", policyId).orderBy("id").execute();
}
