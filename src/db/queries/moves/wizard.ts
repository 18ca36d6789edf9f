/**
 * Reads of the new-move wizard (policy choice, reference data, splash texts, prefill fields).
 * No rules here: the services in src/services/moves/wizard/ decide what the rows mean.
 */
import { sql } from "kysely";
import type { DB } from "../../index.ts";
import { preparedQuery } from "../../prepared.ts";

/**
 * The group's ACTIVE policies with their latest RELEASED version, in the policies' order. With
 * `own` (a resumed move's policy and version) that policy is listed with the move's own version
 * instead, whatever was released later (and even when the policy is no longer active).
 */
export async function findReleasedPolicies(db: DB, groupId: number, own?: { policyId: number; versionId: number }) {
  const rows = await db
    .selectFrom("policies as p")
    .innerJoin("policy_versions as v", "v.policy_id", "p.id")
    .select([
      "p.id as policy_id",
      "p.name",
      "p.move_type",
      "p.estimate_type",
      "p.city_guide_only",
      "p.move_stages_count",
      "p.sort_order",
      "v.id as version_id",
      "v.version_number",
    ])
    .where("p.group_id", "=", groupId)
    .where((eb) => {
      const latest = eb.and([
        eb("p.status", "=", "ACTIVE"),
        eb("v.status", "=", "RELEASED"),
        eb.not(
          eb.exists(
            eb
              .selectFrom("policy_versions as later")
              .select("later.id")
              .whereRef("later.policy_id", "=", "p.id")
              .where("later.status", "=", "RELEASED")
              .whereRef("later.version_number", ">", "v.version_number"),
          ),
        ),
      ]);
      if (!own) return latest;
      return eb.or([eb("v.id", "=", own.versionId), eb.and([eb("p.id", "<>", own.policyId), latest])]);
    })
    .orderBy(sql`case when p.sort_order is null then 1 else 0 end`)
    .orderBy("p.sort_order")
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  return rows;
}

/** Tag names of the given policies. */
export function findPolicyTagNames(db: DB, policyIds: number[]) {
  if (policyIds.length === 0) return Promise.resolve([] as { policy_id: number; name: string }[]);
  return db
    .selectFrom("policy_tags as pt")
    .innerJoin("group_tags as t", "t.id", "pt.tag_id")
    .select(["pt.policy_id", "t.name"])
    .where("pt.policy_id", "in", policyIds)
    .orderBy("t.name")
    .execute();
}

/** A policy version with its policy's wizard settings. */
export function findVersionWithPolicy(db: DB, versionId: number) {
  return db
    .selectFrom("policy_versions as v")
    .innerJoin("policies as p", "p.id", "v.policy_id")
    .select([
      "v.id as version_id",
      "v.policy_id",
      "v.version_number",
      "v.status as version_status",
      "p.group_id",
      "p.name as policy_name",
      "p.status as policy_status",
      "p.estimate_type",
      "p.estimate_provider",
      "p.city_guide_only",
      "p.move_stages_count",
      "p.no_welcome_email",
    ])
    .where("v.id", "=", versionId)
    .executeTakeFirst();
}
export type VersionWithPolicy = NonNullable<Awaited<ReturnType<typeof findVersionWithPolicy>>>;

/** Ids of every version of the policy. */
export async function findVersionIdsOfPolicy(db: DB, policyId: number): Promise<number[]> {
  const rows = await db.selectFrom("policy_versions").select("id").where("policy_id", "=", policyId).execute();
  return rows.map((r) => r.id);
}


export function findEmployee(db: DB, userId: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "first_name", "last_name", "activation_state", "group_id", "role"])
    .where("id", "=", userId)
    .executeTakeFirst();
}

export function findCountryNames(db: DB, codes: string[]) {
  if (codes.length === 0) return Promise.resolve([] as { code: string; name: string }[]);
  return db.selectFrom("countries").select(["code", "name"]).where("code", "in", codes).execute();
}

/** Cities by id, in one read. */
export function findCitiesByIds(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("cities").select(["id", "country_code", "state_code", "name", "latitude", "longitude"]).where("id", "in", ids).execute();
}

export function findCityById(db: DB, id: number) {
  return db.selectFrom("cities").select(["id", "country_code", "state_code", "name", "latitude", "longitude"]).where("id", "=", id).executeTakeFirst();
}

/** Cities of a country whose name is exactly `name` (ignoring case). */
export function findCitiesNamed(db: DB, countryCode: string, name: string, limit: number) {
  return db
    .selectFrom("cities")
    .select(["id", "country_code", "state_code", "name", "latitude", "longitude"])
    .where("country_code", "=", countryCode)
    .where(sql<string>`lower(name)`, "=", name.trim().toLowerCase())
    .orderBy("name")
    .orderBy("id")
    .limit(limit)
    .execute();
}

/** The splash text of area/key: the group's own first, then the global one. */
export function findSplash(db: DB, area: string, key: string, groupId: number | null) {
  let q = db
    .selectFrom("splash_contents")
    .select(["id", "title", "body", "group_id"])
    .where("area", "=", area)
    .where("splash_key", "=", key);
  q = groupId === null ? q.where("group_id", "is", null) : q.where((eb) => eb.or([eb("group_id", "is", null), eb("group_id", "=", groupId)]));
  return q
    .orderBy(sql`case when group_id is null then 1 else 0 end`)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

export function findFormFieldById(db: DB, id: number) {
  return db.selectFrom("form_fields").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Number of moves of the employee other than `moveId`. */
export async function countOtherMoves(db: DB, userId: number, moveId: number): Promise<number> {
  const row = await db
    .selectFrom("moves")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("employee_user_id", "=", userId)
    .where("id", "<>", moveId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** A policy service of a version with its catalogue name (`policy_services as ps` joined to `services as s`). */
export const STAGE_SERVICE_COLUMNS = [
  "ps.id",
  "ps.move_stage",
  "ps.service_key",
  "ps.title",
  "ps.service_policy_type",
  "ps.budget_group",
  "ps.addable",
  "ps.amount",
  "ps.currency",
  "ps.rate_frequency",
  "s.name as service_name",
] as const;

/** The policy version's services of types 1–4 (for the summary and the cost estimate), in stage and service order. */
// The summary and every estimate computation read these three: compiled once per database handle.
const summaryServices = preparedQuery((db: DB, a: { versionId: number }) =>
  db
    .selectFrom("policy_services as ps")
    .innerJoin("services as s", "s.key", "ps.service_key")
    .select(STAGE_SERVICE_COLUMNS)
    .where("ps.policy_version_id", "=", a.versionId)
    .where("ps.service_policy_type", "in", [1, 2, 3, 4])
    .orderBy("ps.move_stage")
    .orderBy("ps.sort_order")
    .orderBy("ps.id"),
);
export function findSummaryServices(db: DB, versionId: number) {
  return summaryServices(db, { versionId });
}

/** Benefit options (id and name) chosen by the version's services. */
const summaryBenefits = preparedQuery((db: DB, a: { versionId: number }) =>
  db
    .selectFrom("policy_service_benefits as b")
    .innerJoin("policy_services as ps", "ps.id", "b.policy_service_id")
    .leftJoin("benefit_options as o", "o.id", "b.benefit_option_id")
    .select(["b.policy_service_id", "b.benefit_option_id", "o.name as option_name", "b.value"])
    .where("ps.policy_version_id", "=", a.versionId)
    .orderBy("b.id"),
);
export function findSummaryBenefits(db: DB, versionId: number) {
  return summaryBenefits(db, { versionId });
}

export function findServiceOverrides(db: DB, moveId: number) {
  return db
    .selectFrom("move_service_overrides as o")
    .leftJoin("benefit_options as b", "b.id", "o.benefit_option_id")
    .select(["o.move_stage", "o.service_key", "o.selected", "o.amount", "o.currency", "b.name as option_name"])
    .where("o.move_id", "=", moveId)
    .execute();
}

/** The version's budgets by stage and group number (first budget of a group first). */
const summaryBudgets = preparedQuery((db: DB, a: { versionId: number }) =>
  db
    .selectFrom("budget_groups as g")
    .innerJoin("budgets as b", "b.budget_group_id", "g.id")
    .select(["g.move_stage", "g.group_number", "b.currency", "b.amount"])
    .where("g.policy_version_id", "=", a.versionId)
    .orderBy("g.move_stage")
    .orderBy("g.group_number")
    .orderBy("b.id"),
);
export function findSummaryBudgets(db: DB, versionId: number) {
  return summaryBudgets(db, { versionId });
}

/** The employee's newest move in the group that is not cancelled (a draft being resumed, usually). */
export function findLatestMoveOfEmployee(db: DB, employeeId: number, groupId: number) {
  return db
    .selectFrom("moves")
    .select("id")
    .where("employee_user_id", "=", employeeId)
    .where("group_id", "=", groupId)
    .where("status", "<>", "cancelled")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
}

/** Stage 5: the move's current estimate (total, approval) and the ids of all its versions. */
export async function findSummaryEstimate(db: DB, moveId: number) {
  const versions = await db
    .selectFrom("cost_estimates")
    .select(["id", "status", "version_number", "display_currency", "total_minor", "is_approved", "approver_name", "approver_email", "approval_date", "approval_decision", "approval_comment", "approval_decided_at"])
    .where("move_id", "=", moveId)
    .where("status", "<>", "DELETED")
    .execute();
  return { current: versions.find((v) => v.status === "CURRENT") ?? null, ids: versions.map((v) => v.id) };
}

/** The approval links sent for these estimate versions (one per approval e-mail; newest first). */
export function findApprovalMails(db: DB, costEstimateIds: number[]) {
  if (costEstimateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("estimate_approval_links")
    .select(["approver_email as to_address", "created_at"])
    .where("cost_estimate_id", "in", costEstimateIds)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
}
