// Foundation schema: groups, users, sessions, login throttling, audit log,
// translations, currencies, exchange rates and geography reference data.
// Frozen: this file imports nothing from src/ and must never change once released.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);

  await db.schema
    .createTable("groups")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("display_name", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("ACTIVE"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("users")
    .addColumn("id", "integer", id)
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("restrict"))
    .addColumn("password_hash", "text")
    .addColumn("is_sso_user", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("terms_accepted_at", "text")
    .addColumn("terms_version", "text")
    .addColumn("activation_state", "text", (c) => c.notNull().defaultTo("PENDING"))
    .addColumn("last_login_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("users_group_role_idx").on("users").columns(["group_id", "role"]).execute();

  await db.schema
    .createTable("sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("ip", "text")
    .addColumn("user_agent", "text")
    .addColumn("timezone_offset", "integer")
    .execute();
  await db.schema.createIndex("sessions_user_idx").on("sessions").column("user_id").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "integer", id)
    .addColumn("at", "text", (c) => c.notNull())
    .addColumn("actor_user_id", "integer")
    .addColumn("group_id", "integer")
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "text")
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("old_values", "text")
    .addColumn("new_values", "text")
    .addColumn("ip", "text")
    .execute();
  await db.schema.createIndex("audit_log_entity_idx").on("audit_log").columns(["entity", "entity_id"]).execute();

  await db.schema
    .createTable("translations")
    .addColumn("id", "integer", id)
    .addColumn("msg_key", "text", (c) => c.notNull())
    .addColumn("msg_lang", "text", (c) => c.notNull())
    .addColumn("msg_value", "text", (c) => c.notNull())
    .addColumn("xlate_group", "text", (c) => c.notNull().defaultTo("UI"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .execute();
  // NULLs are distinct in unique constraints on both dialects: one index per scope.
  await db.schema
    .createIndex("translations_global_uq")
    .on("translations")
    .columns(["msg_key", "msg_lang", "xlate_group"])
    .unique()
    .where(sql.ref("group_id"), "is", null)
    .execute();
  await db.schema
    .createIndex("translations_group_uq")
    .on("translations")
    .columns(["msg_key", "msg_lang", "xlate_group", "group_id"])
    .unique()
    .where(sql.ref("group_id"), "is not", null)
    .execute();

  await db.schema
    .createTable("currencies")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("minor_units", "integer", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("exchange_rates")
    .addColumn("id", "integer", id)
    .addColumn("base_currency", "text", (c) => c.notNull().references("currencies.code"))
    .addColumn("quote_currency", "text", (c) => c.notNull().references("currencies.code"))
    .addColumn("rate", "text", (c) => c.notNull())
    .addColumn("as_of", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addUniqueConstraint("exchange_rates_uq", ["base_currency", "quote_currency", "as_of"])
    .execute();

  await db.schema
    .createTable("countries")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("phone_code", "text")
    .addColumn("currency_code", "text")
    .addColumn("latitude", "text")
    .addColumn("longitude", "text")
    .execute();

  await db.schema
    .createTable("states")
    .addColumn("id", "integer", id)
    .addColumn("country_code", "text", (c) => c.notNull().references("countries.code"))
    .addColumn("code", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("latitude", "text")
    .addColumn("longitude", "text")
    .addUniqueConstraint("states_uq", ["country_code", "code"])
    .execute();

  await db.schema
    .createTable("cities")
    .addColumn("id", "integer", id)
    .addColumn("country_code", "text", (c) => c.notNull().references("countries.code"))
    .addColumn("state_code", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("latitude", "text")
    .addColumn("longitude", "text")
    .execute();
  await db.schema.createIndex("cities_country_name_idx").on("cities").columns(["country_code", "name"]).execute();
  await db.schema
    .createIndex("cities_country_state_idx")
    .on("cities")
    .columns(["country_code", "state_code"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "cities",
    "states",
    "countries",
    "exchange_rates",
    "currencies",
    "translations",
    "audit_log",
    "login_throttle",
    "sessions",
    "users",
    "groups",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
