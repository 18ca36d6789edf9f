// Manager restrictions (issue 15; part 1 §3 "Manager: userId, firstName, lastName, viewRestriction (ALL,
// OWN, NONE), readOnlyRestriction (VIEW or CREATE), reportingRestriction (ON or OFF), dashboardRestriction
// (ON or OFF), turnExternalSpend"; "Geo restriction rule: id, originGeoId, destinationGeoId; admin form also
// originGeoType, destinationGeoType").
// - manager_restrictions: one row per MANAGER user that an admin changed; a manager without a row has the
//   defaults (ALL, VIEW, OFF, OFF, no external spend), which are today's behaviour.
// - manager_geo_restrictions: one origin → destination rule of a manager. Each end has a type
//   (COUNTRY | STATE | CITY), a ref (the country code, the `states.id` or the `cities.id` as text: the rule's
//   identity) and the columns a move is matched on: the country code (always), the state code (STATE) and the
//   city id (CITY). Unique per manager and route (manager_geo_restrictions_route_uq), so parallel saves of
//   one route leave one row.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("manager_restrictions")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    /** ALL | OWN | NONE */
    .addColumn("view_restriction", "text", (c) => c.notNull().defaultTo("ALL"))
    /** VIEW | CREATE */
    .addColumn("creation_restriction", "text", (c) => c.notNull().defaultTo("VIEW"))
    /** ON | OFF */
    .addColumn("reporting_restriction", "text", (c) => c.notNull().defaultTo("OFF"))
    /** ON | OFF */
    .addColumn("dashboard_restriction", "text", (c) => c.notNull().defaultTo("OFF"))
    /** 0/1: the manager may turn external spend on. */
    .addColumn("external_spend", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("manager_geo_restrictions")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("manager_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("origin_type", "text", (c) => c.notNull())
    .addColumn("origin_ref", "text", (c) => c.notNull())
    .addColumn("origin_country_code", "text", (c) => c.notNull())
    .addColumn("origin_state_code", "text")
    .addColumn("origin_city_id", "integer")
    .addColumn("destination_type", "text", (c) => c.notNull())
    .addColumn("destination_ref", "text", (c) => c.notNull())
    .addColumn("destination_country_code", "text", (c) => c.notNull())
    .addColumn("destination_state_code", "text")
    .addColumn("destination_city_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("manager_geo_restrictions_route_uq")
    .on("manager_geo_restrictions")
    .columns(["manager_user_id", "origin_type", "origin_ref", "destination_type", "destination_ref"])
    .unique()
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("manager_geo_restrictions").execute();
  await db.schema.dropTable("manager_restrictions").execute();
}
