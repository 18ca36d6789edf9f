/**
 * The manager dashboard's select (issue 15): one page of a group's moves with the employee, the policy's stage
 * count and the move's HR note, limited IN SQL by the manager's restrictions (the scope's rules as plain
 * predicates on the move's columns, src/db/queries/restrictions.ts), sorted by a whitelisted column (nulls last
 * both ways, ties by move id in the same direction), and its count.
 *
 * Shape (issue 15 "Speed": a sorted page costs about a page of index entries per rule, not the manager's whole
 * set):
 * - The page is ONE statement: the page's move ids and sort keys first (only the joins the sort or the filters
 *   need), then the columns of those ≤ 100 rows (employee, policy, note, latest extension or end) by joins.
 * - A manager with several geographic rules: the ids come from one disjoint branch per rule (rule i and none
 *   before it), each ordered and limited to offset + rows on its own, then merged (UNION ALL; on SQLite through
 *   one sort, on PostgreSQL a Merge Append) and limited: sorted by assignment end date, every branch is an index
 *   range scan of moves_group_route_end_idx that stops after a page. The count is the sum of disjoint branches' counts (rule i and none of the rules before it), each a
 *   covering-index range scan (no heap, no join unless the name filter needs users).
 * - Sorted by name: the group's employees walked in users_group_lower_name_idx order, each one's moves from
 *   moves_employee_route_idx, until the page is full. HR (and a manager without rules) by end date:
 *   moves_group_end_idx. Other sorts (note, status, …) sort the rows the restriction and filters keep.
 * - Nulls last: only the columns that can be null get `nulls last` (a non-null column keeps a plain order the
 *   indexes give).
 * - The count is cached per (group, scope, filters) and reused only at the same group data version (see
 *   countDashboardRowsCached); statements are compiled once per shape (runShaped) and run prepared
 *   (executePrepared: on PostgreSQL a named statement, planned once per connection; the planning of the page
 *   cost more than running it); a manager's settings and the data version are one statement
 *   (dashboardAccessRead).
 * Indexes: moves_group_route_end_idx, moves_group_end_idx, moves_employee_route_idx, users_group_lower_name_idx
 * and the dashboard_data_versions triggers (migrations/20261126040000_dashboard_indexes.ts);
 * assignment_actions_move_idx (migrations/20261126031000_assignment_actions.ts) for the latest action;
 * move_hr_notes' primary key for HR's note, move_manager_notes' (move, manager) key for a manager's.
 */
import { sql, type CompiledQuery, type Expression, type SelectQueryBuilder, type SqlBool } from "kysely";
import type { DB } from "../../index.ts";
import { isPostgres } from "../../locks.ts";
import { executePrepared } from "../../prepared.ts";
import { likeIgnoreCase, likePattern } from "../like.ts";
import { managerReadSettingsFrom, managerReadSettingsSelect, moveVisible, restrictMoves, ruleMatchSql, type ManagerReadSettings, type ManagerSettingsRow, type RestrictionScope } from "../restrictions.ts";
import type { DashboardSort, TDashboardFilters } from "../../../domain/manager/dashboard/schemas.ts";
import type { GeoEnd } from "../../../domain/manager/managers/restrictions.ts";

export type DashboardQuery = {
  groupId: number;
  scope: RestrictionScope;
  filters: TDashboardFilters;
  sort: DashboardSort;
  dir: "asc" | "desc";
  limit: number;
  offset: number;
};

type Join = "users" | "policies" | "notes" | "actions";
type SortKey = { expr: string; nullable: boolean; join?: Join };

/** Whitelisted sort expressions (never built from input text), each with whether it can be null. */
const SORT_KEYS: Record<DashboardSort, SortKey[]> = {
  id: [{ expr: "m.employee_user_id", nullable: false }],
  firstName: [{ expr: "lower(u.first_name)", nullable: false, join: "users" }],
  lastName: [
    { expr: "lower(u.last_name)", nullable: false, join: "users" },
    { expr: "lower(u.first_name)", nullable: false, join: "users" },
  ],
  moveStatus: [{ expr: "m.status", nullable: false }],
  numberOfMoveStages: [{ expr: "p.move_stages_count", nullable: false, join: "policies" }],
  currentMoveStageId: [{ expr: "m.current_move_stage", nullable: false }],
  assignmentEndDate: [{ expr: "m.assignment_end_date", nullable: true }],
  note: [{ expr: "n.notes_text", nullable: true, join: "notes" }],
  newEndDate: [{ expr: "a.new_end_date", nullable: true, join: "actions" }],
  extensionReason: [{ expr: "case when a.kind = 'EXTEND' then lower(a.reason) end", nullable: true, join: "actions" }],
  endAssignmentReason: [{ expr: "case when a.kind = 'END' then lower(a.reason) end", nullable: true, join: "actions" }],
};

// Kysely's types cannot follow the dynamic joins below; the selects are typed at their ends.
type AnyQuery = SelectQueryBuilder<any, any, any>;

/**
 * What a statement is built from. Every value in it is a stand-in (see `runShaped`): a statement is built and
 * compiled once per shape (sort, direction, the filters present, the scope's view and rule types) and run with
 * the request's values, as Kysely's build and compile cost more than the database's work on this hot path.
 */
type Bound = {
  group: number;
  scope: RestrictionScope;
  status: string | null;
  endFrom: string | null;
  endTo: string | null;
  /** The name or e-mail filter as a LIKE pattern (likePattern). */
  pattern: string | null;
  limit: number;
  offset: number;
  /** offset + limit: what each rule's branch keeps. */
  branchLimit: number;
  sort: DashboardSort;
  dir: "asc" | "desc";
};

const SENTINEL = "\u0000dashboard:";
const compiledByDb = new WeakMap<DB, Map<string, CompiledQuery>>();

/** Runs the statement of `shape` (compiled by `build` on first use, with stand-ins for `values`) with `values`. */
async function runShaped<R>(db: DB, shape: string, values: Record<string, unknown>, build: (v: (name: string) => any) => CompiledQuery): Promise<R[]> {
  let byShape = compiledByDb.get(db);
  if (!byShape) compiledByDb.set(db, (byShape = new Map()));
  let compiled = byShape.get(shape);
  if (!compiled) {
    compiled = build((name) => `${SENTINEL}${name}`);
    byShape.set(shape, compiled);
  }
  const parameters = compiled.parameters.map((p) => {
    if (typeof p !== "string" || !p.startsWith(SENTINEL)) return p;
    const name = p.slice(SENTINEL.length);
    if (!(name in values)) throw new Error(`dashboard: no value for ${name}`);
    return values[name];
  });
  return executePrepared<R>(db, { ...compiled, parameters } as CompiledQuery<R>);
}

/** The shape of a query (what changes the SQL text) and its values (what the parameters carry). */
function shapeAndValues(p: DashboardQuery): { shape: string; values: Record<string, unknown>; bound: (v: (name: string) => any) => Bound } {
  const f = p.filters;
  const values: Record<string, unknown> = {
    group: p.groupId,
    status: f.status ?? null,
    endFrom: f.endFrom ?? null,
    endTo: f.endTo ?? null,
    pattern: f.q ? likePattern(f.q) : null,
    limit: p.limit,
    offset: p.offset,
    branchLimit: p.offset + p.limit,
  };
  const scope = p.scope;
  if (scope) {
    values.manager = scope.managerId;
    scope.rules.forEach((r, i) => {
      for (const [end, e] of [["o", r.origin], ["d", r.destination]] as const) {
        values[`r${i}${end}c`] = e.countryCode;
        values[`r${i}${end}s`] = e.stateCode;
        values[`r${i}${end}i`] = e.cityId;
      }
    });
  }
  const scopeShape = scope === null ? "-" : `${scope.view}:${scope.rules.map((r) => `${r.origin.type}>${r.destination.type}`).join(",")}`;
  const shape = [p.sort, p.dir, f.status ? "s" : "", f.endFrom ? "f" : "", f.endTo ? "t" : "", f.q ? "q" : "", scopeShape].join("|");
  const bound = (v: (name: string) => any): Bound => ({
    group: v("group"),
    scope:
      scope === null
        ? null
        : {
            managerId: v("manager"),
            view: scope.view,
            rules: scope.rules.map((r, i) => {
              const end = (e: GeoEnd, k: "o" | "d"): GeoEnd => ({ type: e.type, countryCode: v(`r${i}${k}c`), stateCode: v(`r${i}${k}s`), cityId: v(`r${i}${k}i`) });
              return { origin: end(r.origin, "o"), destination: end(r.destination, "d") };
            }),
          },
    status: f.status ? v("status") : null,
    endFrom: f.endFrom ? v("endFrom") : null,
    endTo: f.endTo ? v("endTo") : null,
    pattern: f.q ? v("pattern") : null,
    limit: v("limit"),
    offset: v("offset"),
    branchLimit: v("branchLimit"),
    sort: p.sort,
    dir: p.dir,
  });
  return { shape, values, bound };
}

/** `expr dir`, with `nulls last` when the expression can be null (both databases read the syntax). */
const orderTerm = (expr: Expression<unknown>, dir: "asc" | "desc", nullable: boolean) =>
  nullable ? sql`${expr} ${sql.raw(dir)} nulls last` : sql`${expr} ${sql.raw(dir)}`;

/** The moves of the group the filters keep, with the joins `joins` asks for (`visible` limits them further). */
function movesOf(db: DB, b: Bound, joins: Set<Join>, visible: Expression<SqlBool> | null, usersFirst = false): AnyQuery {
  // The conditions on the move's own columns.
  const ofMove = (q: AnyQuery): AnyQuery => {
    q = q.where("m.group_id", "=", b.group);
    if (visible) q = q.where(visible);
    q = b.status !== null ? q.where("m.status", "=", b.status) : q.where("m.status", "<>", "cancelled");
    if (b.endFrom !== null) q = q.where("m.assignment_end_date", ">=", b.endFrom);
    if (b.endTo !== null) q = q.where("m.assignment_end_date", "<=", b.endTo);
    return q;
  };
  let q: AnyQuery;
  if (usersFirst && isPostgres(db)) {
    // Sorted by name on PostgreSQL: the same walk, the moves a LATERAL subquery per employee (OFFSET 0 keeps the
    // planner from flattening it into a plain join), so the prepared statement's generic plan keeps the walk
    // (planned without the values, a plain join reads all the manager's moves first and joins them to every
    // employee) and is used (no planning per request).
    q = db
      .selectFrom("users as u")
      .innerJoinLateral((eb: any) => ofMove(eb.selectFrom("moves as m").select("m.id").whereRef("m.employee_user_id", "=", "u.id")).offset(sql.lit(0)).as("m"), (j: any) => j.onTrue())
      .where("u.group_id", "=", b.group);
  } else if (usersFirst) {
    // Sorted by name: walk the group's employees in users_group_lower_name_idx order, each one's moves from
    // moves_employee_route_idx. CROSS JOIN keeps users as the outer loop on SQLite. A move's employee is a user
    // of the move's group (the wizard and the import create them there; no call moves a user to another group),
    // so `u.group_id` selects the same rows.
    q = ofMove(db.selectFrom("users as u").crossJoin("moves as m").whereRef("m.employee_user_id", "=", "u.id").where("u.group_id", "=", b.group));
  } else {
    q = db.selectFrom("moves as m");
    if (joins.has("users")) q = q.innerJoin("users as u", "u.id", "m.employee_user_id");
    q = ofMove(q);
  }
  if (joins.has("policies")) q = q.innerJoin("policies as p", "p.id", "m.policy_id");
  if (joins.has("notes")) q = joinNote(q, b.scope);
  if (joins.has("actions")) q = joinLatestAction(q);
  if (b.pattern !== null) {
    const pattern = b.pattern;
    q = q.where((eb) => eb.or([likeIgnoreCase(sql`u.first_name || ' ' || u.last_name`, pattern), likeIgnoreCase(sql.ref("u.email"), pattern)]));
  }
  return q;
}

/**
 * The row's note (issue 24 §4): a manager's own note (move_manager_notes of the scope's manager), HR's and an
 * administrator's the move's HR note (move_hr_notes). The manager id is the scope's bound parameter.
 */
function joinNote(q: AnyQuery, scope: RestrictionScope): AnyQuery {
  if (scope === null) return q.leftJoin("move_hr_notes as n", "n.move_id", "m.id");
  return q.leftJoin("move_manager_notes as n", (j: any) => j.onRef("n.move_id", "=", "m.id").on("n.manager_user_id", "=", scope.managerId));
}

/** The move's latest extension or end (assignment_actions, issue 15's extend/end actions), if any. */
function joinLatestAction(q: AnyQuery): AnyQuery {
  return q.leftJoin("assignment_actions as a", (j: any) =>
    j
      .onRef("a.move_id", "=", "m.id")
      .on("a.id", "=", (eb: any) => eb.selectFrom("assignment_actions as a2").select((e2: any) => e2.fn.max("a2.id").as("latest")).whereRef("a2.move_id", "=", "m.id")),
  );
}

/**
 * The restriction as disjoint parts: one per geographic rule (rule i and not an earlier one) when the scope has
 * two or more, so each part is one index range; otherwise one part (null: no restriction).
 */
function visibleParts(scope: RestrictionScope, split = true): (Expression<SqlBool> | null)[] {
  if (scope === null) return [null];
  if (scope.view === "NONE" || scope.rules.length < 2 || !split) return [scope.view === "ALL" && scope.rules.length === 0 ? null : moveVisible(scope, "m")];
  const own = scope.view === "OWN" ? sql<SqlBool>`(m.created_by = ${scope.managerId} or m.initiated_by = ${scope.managerId})` : null;
  return scope.rules.map((rule, i) => {
    const earlier = scope.rules.slice(0, i);
    const terms = [ruleMatchSql(rule, "m"), ...earlier.map((e) => sql<SqlBool>`${ruleMatchSql(e, "m")} is not true`)];
    if (own) terms.push(own);
    return sql<SqlBool>`(${sql.join(terms, sql` and `)})`;
  });
}

const joinsFor = (b: Bound, forSort: boolean): Set<Join> => {
  const joins = new Set<Join>();
  if (forSort) for (const k of SORT_KEYS[b.sort]) if (k.join) joins.add(k.join);
  if (b.pattern !== null) joins.add("users");
  return joins;
};

export type DashboardRow = {
  move_id: number;
  employee_user_id: number;
  status: string;
  current_move_stage: number;
  assignment_end_date: string | null;
  first_name: string;
  last_name: string;
  move_stages_count: number;
  notes_text: string | null;
  action_kind: string | null;
  new_end_date: string | null;
  action_reason: string | null;
};

function buildRows(db: DB, b: Bound): AnyQuery {
  const keys = SORT_KEYS[b.sort];
  const keyCols = keys.map((_, i) => `k${i}`);
  const joins = joinsFor(b, true);
  const ordered = (q: AnyQuery, exprs: Expression<unknown>[], id: Expression<unknown>) => {
    keys.forEach((k, i) => (q = q.orderBy(orderTerm(exprs[i]!, b.dir, k.nullable))));
    return q.orderBy(orderTerm(id, b.dir, false));
  };
  const usersFirst = keys.some((k) => k.join === "users");
  const branch = (visible: Expression<SqlBool> | null) =>
    ordered(
      movesOf(db, b, joins, visible, usersFirst).select(["m.id as move_id", ...keys.map((k, i) => sql.raw(k.expr).as(`k${i}`))]),
      keys.map((k) => sql.raw(k.expr)),
      sql.ref("m.id"),
    );
  // Split by rule when the sort is on the move's own columns (the route index gives each rule's order); a sort
  // on a joined table walks that table's order instead (users by name) and checks each move against all rules.
  // The branches are disjoint (rule i and none before it), so UNION ALL keeps each move once, and the first
  // offset + rows of each branch still hold the first offset + rows of their union.
  const postgres = isPostgres(db);
  const split = joins.size === 0;
  const parts = visibleParts(b.scope, split);
  let page: AnyQuery;
  if (parts.length === 1) {
    page = branch(parts[0]!).limit(b.limit).offset(b.offset);
  } else {
    // Each branch keeps its own first offset + rows (wrapped, as SQLite takes no ORDER BY inside a compound member).
    const members = parts.map((v, i) => db.selectFrom(branch(v).limit(b.branchLimit).as(`b${i}`)).selectAll());
    let merged = members.slice(1).reduce((acc: AnyQuery, m) => acc.unionAll(m), members[0]!);
    // SQLite: a LIMIT on the compound keeps it a subquery (not flattened into the outer ORDER BY, which would sort
    // every branch again to merge them): the branches' rows go straight to one sort.
    if (!postgres) merged = merged.limit(sql.lit(-1));
    page = ordered(db.selectFrom(merged.as("k")).selectAll(), keyCols.map((c) => sql.ref(`k.${c}`)), sql.ref("k.move_id"))
      .limit(b.limit)
      .offset(b.offset);
  }
  // The page's columns, for its ≤ 100 rows (the employee and the policy exist: foreign keys; the note and the
  // latest extension or end may not: null). Joins: the statements run prepared (planned once per connection on
  // PostgreSQL), so their planning no longer counts, and they read each row once where scalar subqueries read the
  // user and the latest action once per column.
  const q: AnyQuery = joinLatestAction(
    joinNote(
      db
        .selectFrom(page.as("pg"))
        .innerJoin("moves as m", "m.id", "pg.move_id")
        .innerJoin("users as u", "u.id", "m.employee_user_id")
        .innerJoin("policies as p", "p.id", "m.policy_id"),
      b.scope,
    ),
  ).select([
    "m.id as move_id",
    "m.employee_user_id",
    "m.status",
    "m.current_move_stage",
    "m.assignment_end_date",
    "u.first_name",
    "u.last_name",
    "p.move_stages_count",
    "n.notes_text",
    "a.kind as action_kind",
    "a.new_end_date",
    "a.reason as action_reason",
  ]);
  return ordered(q, keyCols.map((c) => sql.ref(`pg.${c}`)), sql.ref("pg.move_id"));
}

/** One page of the dashboard (≤ limit rows), sorted. */
export async function findDashboardRows(db: DB, p: DashboardQuery): Promise<DashboardRow[]> {
  const { shape, values, bound } = shapeAndValues(p);
  return runShaped<DashboardRow>(db, `rows|${shape}`, values, (v) => buildRows(db, bound(v)).compile());
}

/** The count, with the group's data version read in the same statement (so the pair is one snapshot). */
function buildCount(db: DB, b: Bound): CompiledQuery {
  // No join for the count but the name filter's: moves.employee_user_id and policy_id are foreign keys, so the
  // page's inner joins never drop a move.
  const joins = joinsFor(b, false);
  const counts = visibleParts(b.scope).map((v) => movesOf(db, b, joins, v).select((eb: any) => eb.fn.countAll().as("n")));
  return sql`select ${sql.join(counts.map((c) => sql`(${c})`), sql` + `)} as n, (select version from dashboard_data_versions where group_id = ${b.group}) as v`.compile(db);
}

async function countWithVersion(db: DB, p: DashboardQuery): Promise<{ n: number; version: number }> {
  const { shape, values, bound } = shapeAndValues(p);
  const [row] = await runShaped<{ n: number | string; v: number | string | null }>(db, `count|${shape}`, values, (v) => buildCount(db, bound(v)));
  return { n: Number(row!.n), version: Number(row!.v ?? 0) };
}

/** Every row the query's scope and filters keep (the pager's total), counted now. */
export async function countDashboardRows(db: DB, p: DashboardQuery): Promise<number> {
  return (await countWithVersion(db, p)).n;
}

/**
 * The group's dashboard data version (dashboard_data_versions, moved on by triggers at every committed change
 * of a move of the group that the count reads; migrations/20261126040000_dashboard_indexes.ts): 0 before the
 * first change.
 */
export async function dashboardDataVersion(db: DB, groupId: number): Promise<number> {
  const [row] = await runShaped<{ v: number | string }>(db, "version", { group: groupId }, (v) =>
    sql`select version as v from dashboard_data_versions where group_id = ${v("group")}`.compile(db),
  );
  return Number(row?.v ?? 0);
}

/**
 * What a dashboard request reads before its page, in one statement: the group's data version and, for a manager,
 * their read settings (the dashboard switch, the view mode and the rules; null for anyone else).
 */
export async function dashboardAccessRead(db: DB, groupId: number, managerId: number | null): Promise<{ settings: ManagerReadSettings | null; version: number }> {
  if (managerId === null) return { settings: null, version: await dashboardDataVersion(db, groupId) };
  const rows = await runShaped<ManagerSettingsRow & { data_version: number | string | null }>(db, "settings+version", { manager: managerId, group: groupId }, (v) =>
    managerReadSettingsSelect(db, v("manager"))
      .select(sql<number>`(select version from dashboard_data_versions where group_id = ${v("group")})`.as("data_version"))
      .compile(),
  );
  return { settings: managerReadSettingsFrom(rows), version: Number(rows[0]?.data_version ?? 0) };
}

/**
 * The count cache: per database handle, keyed by (group, manager scope with its rules, filters), the count and
 * the data version it was counted at. A count is served from it only when the version read for this request is
 * the one it was counted at, so any committed change of the group's moves (a new version) is counted again.
 * The scope is in the key, so a change of the manager's restrictions is a new key. The name filter (q) reads
 * users too, whose changes do not move the version: those counts are never cached.
 */
const COUNT_CACHE_SIZE = 500;
const countCacheByDb = new WeakMap<DB, Map<string, { version: number; n: number }>>();

export async function countDashboardRowsCached(db: DB, p: DashboardQuery, version: number): Promise<{ total: number; cached: boolean }> {
  if (p.filters.q) return { total: await countDashboardRows(db, p), cached: false };
  let cache = countCacheByDb.get(db);
  if (!cache) countCacheByDb.set(db, (cache = new Map()));
  const f = p.filters;
  const key = JSON.stringify([p.groupId, p.scope, f.status ?? null, f.endFrom ?? null, f.endTo ?? null]);
  const hit = cache.get(key);
  if (hit && hit.version === version) {
    cache.delete(key);
    cache.set(key, hit); // most recently used last
    return { total: hit.n, cached: true };
  }
  const counted = await countWithVersion(db, p);
  cache.delete(key);
  cache.set(key, { version: counted.version, n: counted.n });
  if (cache.size > COUNT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return { total: counted.n, cached: false };
}

/** The move `moveId` of employee `userId` in the group, if the scope may see it (null otherwise). */
export function findVisibleMove(db: DB, groupId: number, scope: RestrictionScope, ref: { userId: number; moveId: number }) {
  let q = db
    .selectFrom("moves as m")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("m.id", "=", ref.moveId)
    .where("m.employee_user_id", "=", ref.userId)
    .where("m.group_id", "=", groupId);
  q = restrictMoves(q, scope, "m");
  return q.executeTakeFirst();
}
