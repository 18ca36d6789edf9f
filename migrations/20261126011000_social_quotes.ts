// Social connections and supplier quotes (issue 14; part 1 §7, part 2 §7 "GET /social/connection-count,
// /social/connections.json"; part 2 §2 comparison page; part 2 §7 booking-estimate).
// - social_links: the handle an employee linked (an account on the configured Mastodon instance,
//   SOCIAL_API_URL). One row per user, written by insert … on conflict.
// - supplier_quotes: a supplier's quote for one service and move stage of a move, entered by HR or an
//   admin. scope ONSHORE | INTERNATIONAL; money as integer minor units of `currency`; valid_until
//   YYYY-MM-DD (last day it can be booked); status OPEN | BOOKED | DECLINED. A partial unique index
//   keeps at most one BOOKED quote per (move, service, stage), so parallel bookings have one effect.
//   Finance (issue 16, vendor booking costs) reads the booked row's amount, currency and company.
// Timestamps ISO-8601 UTC text. Frozen: imports nothing from src/.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("social_links")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("handle", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("supplier_quotes")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("service_key", "text", (c) => c.notNull())
    .addColumn("move_stage", "integer", (c) => c.notNull())
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("amount", "integer", (c) => c.notNull())
    .addColumn("details", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("location", "text")
    .addColumn("latitude", "text")
    .addColumn("longitude", "text")
    .addColumn("valid_until", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("OPEN"))
    .addColumn("booked_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("booked_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("supplier_quotes_move_idx").on("supplier_quotes").columns(["move_id", "service_key", "move_stage"]).execute();
  await sql`create unique index supplier_quotes_booked_uq on supplier_quotes (move_id, service_key, move_stage) where status = 'BOOKED'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("supplier_quotes").execute();
  await db.schema.dropTable("social_links").execute();
}
