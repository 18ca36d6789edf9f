/**
 * The HR overview's tiles (issue 26 "HR overview": the group home opens on what needs attention). One
 * function per tile, each returning a Kysely select of the tile's rows, so the tile's count
 * (`countRows`) and a report listing the same rows (e.g. the BASE report "assignments ending") share
 * one definition. No rules here: dates and windows arrive as parameters (YYYY-MM-DD text, as the
 * moves table stores them). Every select is limited to one group, and for a MANAGER to their
 * restrictions through the shared helper (`restrictMoves`, src/db/queries/restrictions.ts).
 *
 * Tiles and their rows:
 * - draftMoves: the group's moves still in draft (initiation not finished).
 * - pendingActivations: the group's employees with a live move (open or on assignment; for a manager one
 *   they may see) whose account is still PENDING (not activated).
 * - estimatesAwaitingApproval: a move's CURRENT cost estimate, not approved and not decided, with an
 *   approval link sent and not yet used; `sent_at` is the first open link's date (the age of the wait).
 * - movesStarting: open moves whose move date falls in [from, to].
 * - assignmentsEnding: open or on-assignment moves whose assignment end date falls in [from, to].
 * - expensesOutOfPolicy: expenses waiting for finance (submitted, without receipt, in process) whose
 *   service is not on the move's policy for that stage (not listed, or listed as "off"; the ledger's rule,
 *   src/services/employee/budgets/ledger.ts).
 * - openIncidents: OPEN incidents (ESCALATION, SERVICE_ISSUE) or OPEN exceptions (EXCEPTION); one
 *   without a move is visible to HR and admins, never to a restricted manager.
 */
import { sql, type SelectQueryBuilder } from "kysely";
import type { DB } from "../../index.ts";
import type { Database } from "../../schema.ts";
import { restrictMoves, type RestrictionScope } from "../restrictions.ts";

export type AttentionScope = { groupId: number; scope: RestrictionScope };
export type DateWindow = { from: string; to: string };

/** Expense statuses still waiting for finance (src/services/finance/insights.ts reads the same set). */
export const PENDING_EXPENSE_STATUSES = ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"] as const;
/** Moves that are live (not draft, completed or cancelled). */
export const LIVE_MOVE_STATUSES = ["open", "on_assignment"] as const;

/** The move columns every move tile lists (a report joins the names it shows; a count reads the index alone). */
const moveColumns = ["m.id as move_id", "m.employee_user_id", "m.status", "m.move_date", "m.assignment_end_date"] as const;

function movesOf(db: DB, { groupId, scope }: AttentionScope) {
  return restrictMoves(db.selectFrom("moves as m").where("m.group_id", "=", groupId), scope, "m");
}

/** Drafts to finish. */
export function draftMoves(db: DB, at: AttentionScope) {
  return movesOf(db, at).select(moveColumns).where("m.status", "=", "draft");
}

/** Activations pending: the group's people whose account is still PENDING and who have a live move as its employee (one row per employee). */
export function pendingActivations(db: DB, { groupId, scope }: AttentionScope) {
  return db
    .selectFrom("users as u")
    .select(["u.id as employee_user_id", "u.first_name", "u.last_name", "u.email", "u.created_at as invited_at"])
    .where("u.group_id", "=", groupId)
    .where("u.activation_state", "=", "PENDING")
    .where((eb) =>
      eb.exists(
        restrictMoves(
          eb.selectFrom("moves as lm").select("lm.id").whereRef("lm.employee_user_id", "=", "u.id").where("lm.group_id", "=", groupId).where("lm.status", "in", LIVE_MOVE_STATUSES),
          scope,
          "lm",
        ),
      ),
    );
}

/** Estimates awaiting approval: a CURRENT estimate, undecided, with an unused approval link; `sent_at` is the first such link's date. */
export function estimatesAwaitingApproval(db: DB, at: AttentionScope) {
  return movesOf(db, at)
    .innerJoin("cost_estimates as ce", "ce.move_id", "m.id")
    .select(moveColumns)
    .select(["ce.id as cost_estimate_id", "ce.version_number"])
    .select((eb) =>
      eb
        .selectFrom("estimate_approval_links as l")
        .select((l) => l.fn.min("l.created_at").as("sent_at"))
        .whereRef("l.cost_estimate_id", "=", "ce.id")
        .where("l.used_at", "is", null)
        .as("sent_at"),
    )
    .where("ce.id", "in", (eb) => eb.selectFrom("estimate_approval_links as l2").select("l2.cost_estimate_id").where("l2.group_id", "=", at.groupId).where("l2.used_at", "is", null))
    .where("ce.status", "=", "CURRENT")
    .where("ce.deleted_at", "is", null)
    .where("ce.is_approved", "=", 0)
    .where("ce.approval_decision", "is", null)
    .where("m.status", "in", LIVE_MOVE_STATUSES);
}

/** Moves starting in the window (open moves by their move date). */
export function movesStarting(db: DB, at: AttentionScope, window: DateWindow) {
  return movesOf(db, at).select(moveColumns).where("m.status", "=", "open").where("m.move_date", ">=", window.from).where("m.move_date", "<=", window.to);
}

/** Assignments ending in the window (live moves by their assignment end date). */
export function assignmentsEnding(db: DB, at: AttentionScope, window: DateWindow) {
  return movesOf(db, at)
    .select(moveColumns)
    .select(["m.assignment_start_date"])
    .where("m.status", "in", LIVE_MOVE_STATUSES)
    .where("m.assignment_end_date", ">=", window.from)
    .where("m.assignment_end_date", "<=", window.to);
}

/** Expenses waiting for finance whose service is not on the move's policy for its stage (read from the group's pending expenses). */
export function expensesOutOfPolicy(db: DB, { groupId, scope }: AttentionScope) {
  return restrictMoves(
    db
      .selectFrom("expenses as e")
      .innerJoin("moves as m", "m.id", "e.move_id")
      .select(moveColumns)
      .select(["e.id as expense_id", "e.service_key", "e.move_stage", "e.currency", "e.gross_amount", "e.created_at as submitted_at"])
      .where("e.group_id", "=", groupId)
      .where("m.group_id", "=", groupId)
      .where("e.status", "in", PENDING_EXPENSE_STATUSES)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom("policy_services as ps")
              .select("ps.id")
              .whereRef("ps.policy_version_id", "=", "m.policy_version_id")
              .whereRef("ps.move_stage", "=", "e.move_stage")
              .whereRef("ps.service_key", "=", "e.service_key")
              .where("ps.service_policy_type", "!=", 5),
          ),
        ),
      ),
    scope,
    "m",
  );
}

/** Open incidents (kind "incident": escalations and service issues) or open exceptions (kind "exception"). */
export function openIncidents(db: DB, { groupId, scope }: AttentionScope, kind: "incident" | "exception") {
  const base = db
    .selectFrom("incidents as i")
    .leftJoin("moves as m", "m.id", "i.move_id")
    .select(["i.id as incident_id", "i.move_id", "i.employee_user_id", "i.kind", "i.title", "i.created_at", "i.escalated"])
    .where("i.group_id", "=", groupId)
    .where("i.status", "=", "OPEN")
    .where("i.kind", kind === "exception" ? "=" : "!=", "EXCEPTION");
  if (scope === null) return base;
  // A restricted manager sees an incident only through a move they may see.
  return restrictMoves(base.where("i.move_id", "is not", null), scope, "m");
}

/** The number of rows a tile's select returns (the same select a report lists). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function countRows(db: DB, query: SelectQueryBuilder<Database, any, any>): Promise<number> {
  // The select's rows, not its columns: a count can then read an index alone.
  const row = await db.selectFrom(query.clearSelect().select(sql<number>`1`.as("one")).as("t")).select(sql<number | string>`count(*)`.as("n")).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * Several tiles' counts in ONE statement (one scalar subquery per tile over its select, so each count is
 * `countRows` of the same select: its rows, not its columns), plus the oldest `sent_at` of estimates awaiting approval. A count stops
 * at `cap` + 1 rows (a tile says "500+"; its list has them all), so the overview's cost does not grow
 * with the size of the group.
 */
export async function countTiles<K extends string>(
  db: DB,
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  queries: Record<K, SelectQueryBuilder<Database, any, any>>,
  oldestOf: AttentionScope,
  cap: number,
): Promise<{ counts: Record<K, number>; oldestSince: string | null }> {
  const keys = Object.keys(queries) as K[];
  const row = (await db
    .selectNoFrom((eb) => [
      ...keys.map((k, i) => eb.selectFrom(queries[k].clearSelect().select(sql<number>`1`.as("one")).limit(cap + 1).as(`t${i}`)).select(sql<number | string>`count(*)`.as("n")).as(`c${i}`)),
      eb.selectFrom(estimatesAwaitingApproval(db, oldestOf).as("o")).select((o) => o.fn.min("o.sent_at").as("oldest")).as("oldest"),
    ])
    .executeTakeFirstOrThrow()) as Record<string, unknown>;
  const counts = Object.fromEntries(keys.map((k, i) => [k, Number(row[`c${i}`] ?? 0)])) as Record<K, number>;
  const oldest = row.oldest;
  return { counts, oldestSince: typeof oldest === "string" ? oldest : null };
}

/** The oldest `sent_at` among estimates awaiting approval (null when none). */
export async function oldestAwaitingSince(db: DB, at: AttentionScope): Promise<string | null> {
  const row = await db
    .selectFrom(estimatesAwaitingApproval(db, at).as("t"))
    .select((eb) => eb.fn.min("t.sent_at").as("oldest"))
    .executeTakeFirst();
  return (row?.oldest as string | null | undefined) ?? null;
}
