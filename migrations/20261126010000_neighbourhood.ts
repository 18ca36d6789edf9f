// The employee's overview page (issue 14; part 1 §2 "Overview page: neighbourhood maps …, property search",
// §3 "Neighbourhood: id, lat, long, price level, favourite flag, title", §7 storeNeighbourhoodFavourites,
// storeEmployeeOfficePreference, /json/click, /statistics/serviceVisit):
// - neighbourhoods: places fetched from the neighbourhood provider (OpenStreetMap Overpass), cached with a
//   stable id, unique (provider, external_id) and written by upsert; public data, no group. price_level stays
//   null until a provider gives one (never invented). latitude/longitude: decimal text like cities.
// - neighbourhood_favourites: the favourite flag, one row per (user, neighbourhood) (primary key: idempotent).
// - office_preferences: the office address an employee typed, geocoded; one row per user (insert … on conflict).
// - property_clicks, service_visits: append-only statistics of the signed-in user.
// Timestamps: ISO-8601 UTC text. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("neighbourhoods")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("latitude", "text", (c) => c.notNull())
    .addColumn("longitude", "text", (c) => c.notNull())
    .addColumn("price_level", "integer")
    .addColumn("fetched_at", "text", (c) => c.notNull())
    .addUniqueConstraint("neighbourhoods_provider_external_id_key", ["provider", "external_id"])
    .execute();

  await db.schema
    .createTable("neighbourhood_favourites")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("neighbourhood_id", "integer", (c) => c.notNull().references("neighbourhoods.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("neighbourhood_favourites_pkey", ["user_id", "neighbourhood_id"])
    .execute();

  await db.schema
    .createTable("office_preferences")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("latitude", "text", (c) => c.notNull())
    .addColumn("longitude", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("property_clicks")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("service_visits")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("service", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ["service_visits", "property_clicks", "office_preferences", "neighbourhood_favourites", "neighbourhoods"]) {
    await db.schema.dropTable(t).execute();
  }
}
