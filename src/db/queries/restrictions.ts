/**
 * Manager restrictions applied IN SQL (issue 15): the one helper every read a manager can make goes through,
 * so later areas (finance, reporting, the manager dashboard) call it too. The rule is
 * `managerSeesMove` (src/domain/manager/managers/restrictions.ts); the property test
 * (src/db/queries/restrictions.test.ts) checks both agree on both databases.
 *
 * Usage: `const scope = await restrictionScopeOf(db, user)` once per request, then
 * `restrictMoves(qb, scope, "m")` on any select that has the moves table under alias `m`, or
 * `restrictPeople(qb, scope, "users")` on a select of users. A null scope (HR, ADMIN, any role other than
 * MANAGER) adds nothing.
 *
 * The scope carries the manager's geographic rules (read once, with the restrictions row, in one query), so
 * the SQL is plain OR-ed predicates on the move's own columns, every value a bound parameter:
 * `(m.origin_country_code = ? and m.destination_country_code = ?) or …`. Those are index range scans
 * (moves_group_route_idx, migrations/20261126040000_dashboard_indexes.ts) instead of a correlated EXISTS over
 * manager_geo_restrictions for every move.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";
import type { DB } from "../index.ts";
import { preparedQuery } from "../prepared.ts";
import { MANAGER_DEFAULTS, type GeoEnd, type GeoRule, type GeoType, type OnOff, type ViewRestriction } from "../../domain/manager/managers/restrictions.ts";
import type { Role } from "../../domain/roles.ts";

/** What a manager's reads are limited by (their view mode and geographic rules, in rule order); null means no limit. */
export type RestrictionScope = { managerId: number; view: ViewRestriction; rules: GeoRule[] } | null;

/** A manager's stored settings that reads depend on: the view mode, the dashboard switch and the rules. */
export type ManagerReadSettings = { view: ViewRestriction; dashboard: OnOff; rules: GeoRule[] };

/** One read (the restrictions row, absent = the defaults, joined with the rules) of a manager's read settings. */
export async function managerReadSettingsOf(db: DB, managerId: number): Promise<ManagerReadSettings> {
  return managerReadSettingsFrom(await readSettings(db, { managerId }));
}

/** A row of `managerReadSettingsSelect`: the restrictions row's columns and one rule's (null without rules). */
export type ManagerSettingsRow = {
  view_restriction: string | null;
  dashboard_restriction: string | null;
  rule_id: number | null;
  origin_type: string | null;
  origin_country_code: string | null;
  origin_state_code: string | null;
  origin_city_id: number | null;
  destination_type: string | null;
  destination_country_code: string | null;
  destination_state_code: string | null;
  destination_city_id: number | null;
};

/** The settings in the rows of `managerReadSettingsSelect` (no row or no restrictions row: the defaults). */
export function managerReadSettingsFrom(rows: ManagerSettingsRow[]): ManagerReadSettings {
  const first = rows[0];
  const end = (type: string | null, countryCode: string | null, stateCode: string | null, cityId: number | null): GeoEnd => ({
    type: type as GeoType,
    countryCode: countryCode!,
    stateCode,
    cityId,
  });
  return {
    view: (first?.view_restriction ?? MANAGER_DEFAULTS.viewRestriction) as ViewRestriction,
    dashboard: (first?.dashboard_restriction ?? MANAGER_DEFAULTS.dashboardRestriction) as OnOff,
    rules: rows
      .filter((r) => r.rule_id !== null)
      .map((r) => ({
        origin: end(r.origin_type, r.origin_country_code, r.origin_state_code, r.origin_city_id),
        destination: end(r.destination_type, r.destination_country_code, r.destination_state_code, r.destination_city_id),
      })),
  };
}

/**
 * The select of a manager's read settings (one row per rule, in rule order; one row with null rule columns
 * without rules), for callers that add columns to the same read (the dashboard adds its data version).
 */
export const managerReadSettingsSelect = (db: DB, managerId: number) =>
  db
    .selectFrom("users as u")
    .leftJoin("manager_restrictions as r", "r.user_id", "u.id")
    .leftJoin("manager_geo_restrictions as g", "g.manager_user_id", "u.id")
    .select([
      "r.view_restriction",
      "r.dashboard_restriction",
      "g.id as rule_id",
      "g.origin_type",
      "g.origin_country_code",
      "g.origin_state_code",
      "g.origin_city_id",
      "g.destination_type",
      "g.destination_country_code",
      "g.destination_state_code",
      "g.destination_city_id",
    ])
    .where("u.id", "=", managerId)
    .orderBy("g.id");

// Compiled once (preparedQuery): every manager request makes this read.
const readSettings = preparedQuery((db: DB, a: { managerId: number }) => managerReadSettingsSelect(db, a.managerId));

/** The scope of a manager whose settings were read. */
export const scopeOfManager = (managerId: number, settings: Pick<ManagerReadSettings, "view" | "rules">): NonNullable<RestrictionScope> => ({
  managerId,
  view: settings.view,
  rules: settings.rules,
});

/** The caller's scope: null unless they are a MANAGER (one indexed read of their restrictions and rules). */
export async function restrictionScopeOf(db: DB, user: { id: number; role: Role }): Promise<RestrictionScope> {
  if (user.role !== "MANAGER") return null;
  return scopeOfManager(user.id, await managerReadSettingsOf(db, user.id));
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** One end of a rule matches the move `m` at `end` (origin | destination); every value is a parameter. */
function endMatch(m: string, end: "origin" | "destination", rule: GeoEnd): RawBuilder<SqlBool> {
  switch (rule.type) {
    case "COUNTRY":
      return sql<SqlBool>`${ref(m, `${end}_country_code`)} = ${rule.countryCode}`;
    case "STATE":
      return sql<SqlBool>`${ref(m, `${end}_country_code`)} = ${rule.countryCode} and ${ref(m, `${end}_state`)} = ${rule.stateCode}`;
    case "CITY":
      return sql<SqlBool>`${ref(m, `${end}_city_id`)} = ${rule.cityId}`;
  }
}

/** The condition "rule `rule` matches the move under alias `m`" (both ends; the in-memory twin is `ruleMatches`). */
export function ruleMatchSql(rule: GeoRule, m = "m"): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${endMatch(m, "origin", rule.origin)} and ${endMatch(m, "destination", rule.destination)})`;
}

/** The condition "the manager may see the move under alias `m`" (the scope is not null). */
export function moveVisible(scope: NonNullable<RestrictionScope>, m = "m"): Expression<SqlBool> {
  if (scope.view === "NONE") return sql<SqlBool>`1 = 0`;
  const geo = scope.rules.length === 0 ? null : sql<SqlBool>`(${sql.join(scope.rules.map((r) => ruleMatchSql(r, m)), sql` or `)})`;
  if (scope.view === "OWN") {
    const own = sql<SqlBool>`(${ref(m, "created_by")} = ${scope.managerId} or ${ref(m, "initiated_by")} = ${scope.managerId})`;
    return geo ? sql<SqlBool>`(${own} and ${geo})` : own;
  }
  return geo ?? sql<SqlBool>`1 = 1`;
}

/** Limits a select over moves (alias `m`) to what the scope may see. */
export function restrictMoves<Q extends { where(e: Expression<SqlBool>): Q }>(qb: Q, scope: RestrictionScope, m = "m"): Q {
  if (scope === null || (scope.view === "ALL" && scope.rules.length === 0)) return qb;
  return qb.where(moveVisible(scope, m));
}

/**
 * Limits a select over users (alias `u`) for a manager: people who are not employees stay visible; an employee
 * is visible when one of their moves is (`moveVisible`), or, for ALL without geographic rules, always (today's
 * behaviour: employees not yet moving included).
 */
export function restrictPeople<Q extends { where(e: Expression<SqlBool>): Q }>(qb: Q, scope: RestrictionScope, u = "users"): Q {
  if (scope === null) return qb;
  const role = ref(u, "role");
  if (scope.view === "NONE") return qb.where(sql<SqlBool>`${role} <> 'EMPLOYEE'`);
  if (scope.view === "ALL" && scope.rules.length === 0) return qb;
  const visibleMove = sql`exists (select 1 from moves rm where rm.employee_user_id = ${ref(u, "id")} and ${moveVisible(scope, "rm")})`;
  return qb.where(sql<SqlBool>`(${role} <> 'EMPLOYEE' or ${visibleMove})`);
}
