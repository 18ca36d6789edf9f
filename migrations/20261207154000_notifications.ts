// Notifications (issue 24 §3 "People are told"): a decision that affects someone tells them, in the app
// and (per their choice) by e-mail.
// - notifications: one row per recipient, written in the SAME transaction as the decision it reports
//   (kind, the work it links to, the texts' variables as JSON). `read_at` null = unread. `email_status`
//   is PENDING (the recipient wants e-mail: the dispatcher sends it after commit and sets SENT or
//   FAILED), OFF (the recipient turned e-mail off for the kind) or SENT / FAILED. `dedupe_key` (unique
//   per user, nulls distinct) makes a repeated identical decision one notification.
// - notification_preferences: a user's e-mail choice per kind (a missing row means e-mail on).
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("notifications")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("group_id", "integer")
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("entity", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer", (c) => c.notNull())
    .addColumn("link", "text", (c) => c.notNull())
    .addColumn("vars", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("dedupe_key", "text")
    .addColumn("email_status", "text", (c) => c.notNull())
    .addColumn("email_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .execute();
  await db.schema.createIndex("notifications_user_idx").on("notifications").columns(["user_id", "id"]).execute();
  await db.schema.createIndex("notifications_dedupe_uq").on("notifications").columns(["user_id", "dedupe_key"]).unique().execute();
  await db.schema.createIndex("notifications_email_idx").on("notifications").columns(["email_status", "id"]).execute();

  await db.schema
    .createTable("notification_preferences")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("email", "integer", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("notification_preferences_pk", ["user_id", "kind"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("notification_preferences").ifExists().execute();
  await db.schema.dropTable("notifications").ifExists().execute();
}
