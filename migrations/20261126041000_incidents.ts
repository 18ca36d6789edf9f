// Incidents (issue 15; part 1 §6 "Administrators: … incident counts", §7 "GET
// /api/admin/incidents/open-incidents-count (openIncidents, openEscalatedIncidents)"; part 2's chart
// contents Escalation and Exception read this table in later issues).
// - incidents: a problem raised on a group's move (or on the group, move_id null): the kind
//   (ESCALATION | EXCEPTION | SERVICE_ISSUE), a title (≤ 255) and description (≤ 2000), the status
//   (OPEN | CLOSED), escalated (0/1) with escalated_at, closed_at, who raised it, created/updated
//   timestamps and a version bumped by each change (escalate, close are conditional updates on it).
// Indexes: (group_id, status, escalated) for the admin's counts; (move_id, id) for a move's list.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("incidents")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.references("moves.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("OPEN"))
    .addColumn("escalated", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("escalated_at", "text")
    .addColumn("closed_at", "text")
    .addColumn("raised_by_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex("incidents_count_idx").on("incidents").columns(["group_id", "status", "escalated"]).execute();
  await db.schema.createIndex("incidents_move_idx").on("incidents").columns(["move_id", "id"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("incidents").execute();
}
