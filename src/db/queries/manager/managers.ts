/** Queries of the managers admin (issue 15): manager rows with their restrictions, geographic rules, the place tree. */
import { sql } from "kysely";
import type { DB } from "../../index.ts";
import type { ManagerGeoRestrictionTable } from "../../schema.ts";
import { likeIgnoreCase, likePattern } from "../like.ts";

/** A new geographic rule: the table's row without its generated id. */
export type GeoRuleInsert = Omit<ManagerGeoRestrictionTable, "id">;

/** Managers (role MANAGER) with their restrictions row (null columns: the defaults), filtered by group and name. */
export function findManagers(db: DB, p: { userId?: number; groupName?: string; search?: string; limit: number }) {
  let q = db
    .selectFrom("users as u")
    .innerJoin("groups as g", "g.id", "u.group_id")
    .leftJoin("manager_restrictions as r", "r.user_id", "u.id")
    .select([
      "u.id",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.activation_state",
      "u.group_id",
      "g.name as group_name",
      "g.display_name as group_display_name",
      "r.view_restriction",
      "r.creation_restriction",
      "r.reporting_restriction",
      "r.dashboard_restriction",
      "r.external_spend",
    ])
    .where("u.role", "=", "MANAGER");
  if (p.userId !== undefined) q = q.where("u.id", "=", p.userId);
  if (p.groupName) q = q.where("g.name", "=", p.groupName);
  if (p.search) {
    const pattern = likePattern(p.search);
    q = q.where((eb) => eb.or([likeIgnoreCase(sql`u.first_name || ' ' || u.last_name`, pattern), likeIgnoreCase(sql.ref("u.email"), pattern)]));
  }
  return q.orderBy("g.name").orderBy("u.last_name").orderBy("u.first_name").orderBy("u.id").limit(p.limit).execute();
}

export function findManagerGeoRules(db: DB, managerId: number) {
  return db.selectFrom("manager_geo_restrictions").selectAll().where("manager_user_id", "=", managerId).orderBy("id").execute();
}

/** Inserts a rule unless the manager already has that route; the new id, or null for a duplicate. */
export async function insertGeoRuleOnce(db: DB, row: GeoRuleInsert): Promise<number | null> {
  const inserted = await db
    .insertInto("manager_geo_restrictions")
    .values(row)
    .onConflict((oc) => oc.columns(["manager_user_id", "origin_type", "origin_ref", "destination_type", "destination_ref"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return inserted?.id ?? null;
}

export function findGeoRule(db: DB, id: number) {
  return db.selectFrom("manager_geo_restrictions").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function deleteGeoRule(db: DB, id: number): Promise<boolean> {
  const r = await db.deleteFrom("manager_geo_restrictions").where("id", "=", id).executeTakeFirst();
  return Number(r.numDeletedRows) > 0;
}

export type RestrictionColumn = "view_restriction" | "creation_restriction" | "reporting_restriction" | "dashboard_restriction" | "external_spend";

/** Sets one restriction column, creating the manager's row with the defaults if needed (one statement). */
export async function upsertRestriction(db: DB, userId: number, groupId: number, column: RestrictionColumn, value: string | number, now: string) {
  await db
    .insertInto("manager_restrictions")
    .values({ user_id: userId, group_id: groupId, [column]: value, updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ [column]: value, updated_at: now }))
    .execute();
}

export function findCountry(db: DB, code: string) {
  return db.selectFrom("countries").select(["code", "name"]).where("code", "=", code).executeTakeFirst();
}
export function findState(db: DB, id: number) {
  return db.selectFrom("states").select(["id", "country_code", "code", "name"]).where("id", "=", id).executeTakeFirst();
}
export function findCity(db: DB, id: number) {
  return db.selectFrom("cities").select(["id", "country_code", "state_code", "name"]).where("id", "=", id).executeTakeFirst();
}

/** Names for rule ends: countries by code, states by (country, code), cities by id. */
export async function findPlaceNames(db: DB, countryCodes: string[], cityIds: number[]) {
  const [countries, states, cities] = await Promise.all([
    countryCodes.length ? db.selectFrom("countries").select(["code", "name"]).where("code", "in", countryCodes).execute() : [],
    countryCodes.length ? db.selectFrom("states").select(["id", "country_code", "code", "name"]).where("country_code", "in", countryCodes).execute() : [],
    cityIds.length ? db.selectFrom("cities").select(["id", "name"]).where("id", "in", cityIds).execute() : [],
  ]);
  return { countries, states, cities };
}

export function findTreeCountries(db: DB) {
  return db.selectFrom("countries").select(["code", "name"]).orderBy("name").execute();
}
export function findTreeStates(db: DB, countryCode: string) {
  return db.selectFrom("states").select(["id", "code", "name"]).where("country_code", "=", countryCode).orderBy("name").execute();
}
/** Cities of a state, or of a country without a state (`stateCode` null). */
export function findTreeCities(db: DB, countryCode: string, stateCode: string | null, limit: number) {
  let q = db.selectFrom("cities").select(["id", "name"]).where("country_code", "=", countryCode);
  q = stateCode === null ? q.where("state_code", "is", null) : q.where("state_code", "=", stateCode);
  return q.orderBy("name").orderBy("id").limit(limit).execute();
}
