// Welcome popup (issue 14; part 2 §2 "A welcome-call popup for new users has 3 stages; on mobile it
// redirects to /common/welcomeCallPopup"; part 1 §7 "POST /mercer/popup"; part 2 §2 /welcomeCall/admin
// holds "interests and notes, a schedule date-time, reminders").
// - welcome_popups: where the employee is in the popup of one move (stage 1–3) and whether they
//   finished or dismissed it (OPEN | DISMISSED | FINISHED). One row per move (primary key).
// - welcome_call_requests: the welcome call the employee asked for, for the CRM area to pick up: the
//   local date (YYYY-MM-DD) and time (HH:MM) in the employee's IANA time zone, the same instant in UTC
//   (scheduled_at, ISO-8601), the phone number, the interests (JSON array of service keys) and a status
//   (REQUESTED until the CRM area takes it over). One per move (unique index on move_id), so parallel
//   submissions leave one row.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("welcome_popups")
    .addColumn("move_id", "integer", (c) => c.primaryKey().references("moves.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    /** 1 welcome, 2 schedule, 3 confirmation. */
    .addColumn("stage", "integer", (c) => c.notNull())
    /** OPEN (shown on the home), DISMISSED or FINISHED (not shown again). */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("welcome_call_requests")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.notNull().references("moves.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("local_date", "text", (c) => c.notNull())
    .addColumn("local_time", "text", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("scheduled_at", "text", (c) => c.notNull())
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("interests", "text", (c) => c.notNull().defaultTo("[]"))
    /** REQUESTED (the employee may still change it); later statuses belong to the CRM area. */
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("welcome_call_requests_move_uq").on("welcome_call_requests").column("move_id").unique().execute();
  await db.schema.createIndex("welcome_call_requests_group_idx").on("welcome_call_requests").columns(["group_id", "status"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("welcome_call_requests").execute();
  await db.schema.dropTable("welcome_popups").execute();
}
