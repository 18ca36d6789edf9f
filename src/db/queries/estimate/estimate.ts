/**
 * Reads and writes of cost estimates (cost_estimates), the stage-6 inputs (move_estimate_details)
 * and what an estimate is computed from (the policy version's services, benefit choices, budgets
 * and destination rates). No rules here: src/domain/estimate decides.
 */
import type { Insertable } from "kysely";
import type { DB } from "../../index.ts";
import { preparedQuery } from "../../prepared.ts";
import { lockRow } from "../../locks.ts";
import type { CostEstimateTable } from "../../schema.ts";

/** Option names by id (stage-3 overrides name an option the version did not choose). */
export function findOptionNames(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("benefit_options").select(["id", "name"]).where("id", "in", ids).execute();
}

/**
 * The chosen benefit options with their metadata formulas in scope (global, the group's, the
 * policy's) and each line's name and order: one row per option and line (an option without lines
 * has one row with null line columns).
 */
export function findOptionFormulas(db: DB, optionIds: number[], groupId: number, policyId: number) {
  if (optionIds.length === 0) return Promise.resolve([]);
  // One compiled statement per number of options (the option ids are bound as o0, o1, …).
  const args: Record<string, number> = { groupId, policyId };
  optionIds.forEach((id, i) => (args[`o${i}`] = id));
  return optionFormulas(db, args);
}

const optionFormulas = preparedQuery((db: DB, a: Record<string, number>) =>
  db
    .selectFrom("benefit_options as o")
    .leftJoin("benefit_metadata as bm", (join) =>
      join
        .onRef("bm.benefit_option_id", "=", "o.id")
        .on((eb) =>
          eb.or([
            eb.and([eb("bm.group_id", "is", null), eb("bm.policy_id", "is", null)]),
            eb.and([eb("bm.group_id", "=", a.groupId!), eb("bm.policy_id", "is", null)]),
            eb("bm.policy_id", "=", a.policyId!),
          ]),
        ),
    )
    .leftJoin("metadata_infos as mi", "mi.id", "bm.metadata_info_id")
    .select([
      "o.id as option_id",
      "o.name as option_name",
      "bm.metadata_info_id",
      "bm.group_id",
      "bm.policy_id",
      "bm.formula",
      "bm.adjustment_formula",
      "mi.name as info_name",
      "mi.sort_order as info_sort_order",
    ])
    .where(
      "o.id",
      "in",
      Object.keys(a).filter((k) => /^o\d+$/.test(k)).map((k) => a[k]!),
    )
    .orderBy("bm.id"),
);

/** Metadata-line names by id. */
export function findMetadataInfoNames(db: DB, ids: number[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom("metadata_infos").select(["id", "name", "sort_order"]).where("id", "in", ids).execute();
}

/** Destination rates of the version's budget groups. */
// The reads of every estimate computation are compiled once per database handle (src/db/prepared.ts).
const versionRates = preparedQuery((db: DB, a: { versionId: number }) =>
  db
    .selectFrom("budget_group_rates as r")
    .innerJoin("budget_groups as g", "g.id", "r.budget_group_id")
    .select(["g.move_stage", "g.group_number", "r.country_code", "r.city", "r.description", "r.currency", "r.amount", "r.frequency"])
    .where("g.policy_version_id", "=", a.versionId)
    .orderBy("r.id"),
);
export function findVersionRates(db: DB, versionId: number) {
  return versionRates(db, { versionId });
}

const familyMembers = preparedQuery((db: DB, a: { moveId: number }) =>
  db.selectFrom("move_family_members").selectAll().where("move_id", "=", a.moveId).orderBy("sort_order").orderBy("id"),
);
export function findFamilyMembers(db: DB, moveId: number) {
  return familyMembers(db, { moveId });
}

/** The newest stored rate of every pair (rates are quoted from USD). */
export function findLatestRates(db: DB) {
  return db.selectFrom("exchange_rates").select(["base_currency", "quote_currency", "rate", "as_of"]).orderBy("as_of", "desc").orderBy("id", "desc").execute();
}

export function findCurrentEstimate(db: DB, moveId: number) {
  return db.selectFrom("cost_estimates").selectAll().where("move_id", "=", moveId).where("status", "=", "CURRENT").executeTakeFirst();
}

const estimateById = preparedQuery((db: DB, a: { id: number }) => db.selectFrom("cost_estimates").selectAll().where("id", "=", a.id));
export async function findEstimateById(db: DB, id: number) {
  return (await estimateById(db, { id }))[0];
}

/** Every version of an employee's estimates that is not deleted, newest first, with the author's name. */
export function findEstimateHistory(db: DB, employeeId: number, moveId?: number) {
  let q = db
    .selectFrom("cost_estimates as e")
    .innerJoin("groups as g", "g.id", "e.group_id")
    .leftJoin("users as u", "u.id", "e.created_by")
    .select([
      "e.id",
      "e.move_id",
      "g.name as group_name",
      "e.version_number",
      "e.type",
      "e.status",
      "e.created_at",
      "e.display_currency",
      "e.total_minor",
      "e.is_approved",
      "e.approver_name",
      "e.approval_date",
      "e.approval_decision",
      "e.approval_comment",
      "e.approval_decided_at",
      "e.approval_decided_by",
      "u.first_name",
      "u.last_name",
    ])
    .where("e.employee_user_id", "=", employeeId)
    .where("e.status", "<>", "DELETED");
  if (moveId !== undefined) q = q.where("e.move_id", "=", moveId);
  return q.orderBy("e.move_id", "desc").orderBy("e.version_number", "desc").execute();
}

export async function nextVersionNumber(db: DB, moveId: number): Promise<number> {
  const row = await db
    .selectFrom("cost_estimates")
    .select((eb) => eb.fn.max("version_number").as("n"))
    .where("move_id", "=", moveId)
    .executeTakeFirst();
  return Number(row?.n ?? 0) + 1;
}

/**
 * What a new version replaces: the id of the version it was computed from (it must still be the
 * CURRENT one), `null` for a move's first version (none may exist), or "current" for whichever
 * version is current now (background recalculation: the last one to finish wins).
 */
export type Supersedes = number | null | "current";

/**
 * Stores a new CURRENT version in place of `supersedes`; call in a transaction. The earlier version
 * becomes history through a conditional update (`… where id = ? and status = 'CURRENT'`), so of
 * parallel saves of one version only the first changes a row: the others answer null (the caller
 * answers CONFLICT). A first version relies on the partial unique index (one CURRENT per move):
 * a parallel first insert fails with a unique violation. The move's row is locked first, so the
 * writers of one move run one after the other on PostgreSQL too.
 */
export async function insertEstimateVersion(
  db: DB,
  values: Omit<Insertable<CostEstimateTable>, "status" | "version_number">,
  supersedes: Supersedes,
): Promise<{ id: number; versionNumber: number } | null> {
  // One lock order for every version write of a move (the move row first): parallel writers queue
  // here instead of waiting on each other's index entries (two unique indexes could deadlock).
  await lockRow(db, "moves", values.move_id);
  if (supersedes !== null) {
    let q = db.updateTable("cost_estimates").set({ status: "SUPERSEDED" }).where("move_id", "=", values.move_id).where("status", "=", "CURRENT");
    if (supersedes !== "current") q = q.where("id", "=", supersedes);
    const replaced = await q.returning("id").execute();
    if (supersedes !== "current" && replaced.length !== 1) return null;
  }
  const versionNumber = await nextVersionNumber(db, values.move_id);
  const row = await db
    .insertInto("cost_estimates")
    .values({ ...values, status: "CURRENT", version_number: versionNumber })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, versionNumber };
}

export async function updateEstimateResult(db: DB, id: number, values: { result: string; balance_sheet: string | null; total_minor: number }) {
  await db.updateTable("cost_estimates").set(values).where("id", "=", id).execute();
}

/** Soft-deletes every version of a move's estimate; answers how many were deleted. */
export async function softDeleteEstimates(db: DB, moveId: number, at: string): Promise<number> {
  const rows = await db
    .updateTable("cost_estimates")
    .set({ status: "DELETED", deleted_at: at })
    .where("move_id", "=", moveId)
    .where("status", "<>", "DELETED")
    .returning("id")
    .execute();
  return rows.length;
}

const estimateDetails = preparedQuery((db: DB, a: { moveId: number }) => db.selectFrom("move_estimate_details").selectAll().where("move_id", "=", a.moveId));
export async function findEstimateDetails(db: DB, moveId: number) {
  return (await estimateDetails(db, { moveId }))[0];
}

/** Creates or replaces the move's stage-6 inputs in one statement (parallel first saves cannot both insert). */
export async function upsertEstimateDetails(db: DB, moveId: number, details: string, at: string, userId: number) {
  await db
    .insertInto("move_estimate_details")
    .values({ move_id: moveId, details, updated_at: at, updated_by: userId })
    .onConflict((oc) => oc.column("move_id").doUpdateSet({ details, updated_at: at, updated_by: userId }))
    .execute();
}

/** Replaces the move's family members (stage 6 dates of birth). */
export async function replaceFamilyMembers(
  db: DB,
  moveId: number,
  members: Array<{ relationship: "PARTNER" | "CHILD" | "OTHER"; first_name: string; date_of_birth: string | null }>,
) {
  await db.deleteFrom("move_family_members").where("move_id", "=", moveId).execute();
  if (members.length > 0) {
    await db
      .insertInto("move_family_members")
      .values(members.map((m, i) => ({ move_id: moveId, relationship: m.relationship, first_name: m.first_name, date_of_birth: m.date_of_birth, sort_order: i })))
      .execute();
  }
}

export function findGroupEstimateFlags(db: DB, groupId: number) {
  return db.selectFrom("groups").select(["cost_estimate_enabled", "cost_estimate_billing"]).where("id", "=", groupId).executeTakeFirst();
}

export function findEstimatePolicy(db: DB, policyId: number) {
  return db
    .selectFrom("policies")
    .select(["id", "estimate_type", "exclude_compensation", "balance_sheet_enabled", "balance_sheet_currency_type", "move_stages_count", "name"])
    .where("id", "=", policyId)
    .executeTakeFirst();
}
