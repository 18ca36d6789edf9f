/**
 * Manager restrictions applied IN SQL (issue 15): the one helper every read a manager can make goes through,
 * so later areas (finance, reporting, the manager dashboard) call it too. The rule is
 * `managerSeesMove` (src/domain/managers/restrictions.ts); the property test
 * (src/db/queries/restrictions.test.ts) checks both agree on both databases.
 *
 * Usage: `const scope = await restrictionScopeOf(db, user)` once per request, then
 * `restrictMoves(qb, scope, "m")` on any select that has the moves table under alias `m`, or
 * `restrictPeople(qb, scope, "users")` on a select of users. A null scope (HR, ADMIN, any role other than
 * MANAGER) adds nothing.
 */
import { sql, type Expression, type SqlBool } from "kysely";
import type { DB } from "../index.ts";
import { MANAGER_DEFAULTS, type ViewRestriction } from "../../domain/managers/restrictions.ts";
import type { Role } from "../../domain/roles.ts";

/** What a manager's reads are limited by; null means no limit. */
export type RestrictionScope = { managerId: number; view: ViewRestriction } | null;

/** The caller's scope: null unless they are a MANAGER (one primary-key read). */
export async function restrictionScopeOf(db: DB, user: { id: number; role: Role }): Promise<RestrictionScope> {
  if (user.role !== "MANAGER") return null;
  const row = await db.selectFrom("manager_restrictions").select("view_restriction").where("user_id", "=", user.id).executeTakeFirst();
  const view = (row?.view_restriction ?? MANAGER_DEFAULTS.viewRestriction) as ViewRestriction;
  return { managerId: user.id, view };
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** One end of rule `g` matches the move `m` at `end` (origin | destination). */
function endMatch(m: string, end: "origin" | "destination") {
  const g = "g";
  return sql`(
    (${ref(g, `${end}_type`)} = 'COUNTRY' and ${ref(m, `${end}_country_code`)} = ${ref(g, `${end}_country_code`)})
    or (${ref(g, `${end}_type`)} = 'STATE' and ${ref(m, `${end}_country_code`)} = ${ref(g, `${end}_country_code`)} and ${ref(m, `${end}_state`)} = ${ref(g, `${end}_state_code`)})
    or (${ref(g, `${end}_type`)} = 'CITY' and ${ref(m, `${end}_city_id`)} = ${ref(g, `${end}_city_id`)})
  )`;
}

/** The condition "the manager may see the move under alias `m`" (the scope is not null). */
export function moveVisible(scope: NonNullable<RestrictionScope>, m = "m"): Expression<SqlBool> {
  if (scope.view === "NONE") return sql<SqlBool>`1 = 0`;
  const id = scope.managerId;
  const geo = sql`(
    not exists (select 1 from manager_geo_restrictions g where g.manager_user_id = ${id})
    or exists (select 1 from manager_geo_restrictions g where g.manager_user_id = ${id} and ${endMatch(m, "origin")} and ${endMatch(m, "destination")})
  )`;
  if (scope.view === "OWN") return sql<SqlBool>`((${ref(m, "created_by")} = ${id} or ${ref(m, "initiated_by")} = ${id}) and ${geo})`;
  return sql<SqlBool>`${geo}`;
}

/** Limits a select over moves (alias `m`) to what the scope may see. */
export function restrictMoves<Q extends { where(e: Expression<SqlBool>): Q }>(qb: Q, scope: RestrictionScope, m = "m"): Q {
  return scope === null ? qb : qb.where(moveVisible(scope, m));
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
  const visibleMove = sql`exists (select 1 from moves rm where rm.employee_user_id = ${ref(u, "id")} and ${moveVisible(scope, "rm")})`;
  if (scope.view === "OWN") return qb.where(sql<SqlBool>`(${role} <> 'EMPLOYEE' or ${visibleMove})`);
  return qb.where(
    sql<SqlBool>`(${role} <> 'EMPLOYEE' or not exists (select 1 from manager_geo_restrictions g0 where g0.manager_user_id = ${scope.managerId}) or ${visibleMove})`,
  );
}
