// Reporting reminders (issue 26; part 2 §2 "Reporting reminders page", §3 "Reminder", §4, §7).
// - report_reminders: a report reminder (type REPORTING_REMINDER, report_id) or an HR e-mail reminder
//   (type HR_EMAIL_REMINDER, hr_email_id: the catalogue in src/domain/reporting/reminders.ts) of one group, for
//   one manager (user_id) or for all of them (user_id null: the page's 'ALL'). One per group, type, item and
//   user (an expression unique index, so two parallel first saves give one row). frequency_type DAILY, WEEKLY
//   or MONTHLY with week_day (1 = Monday … 7) or month_day (1–31); alert_status ALWAYS or WITH_DATA;
//   filter_values JSON (name → text); next_run_at the next scheduled send (ISO-8601 UTC), advanced by a
//   conditional update when the scheduler claims a run. `version` counts applied saves.
// - report_reminder_opt_ins: a manager's choice per report (kind REPORT) or HR e-mail (kind HR_EMAIL); no row =
//   opted in. An opted-out manager is never mailed.
// - report_unsubscriptions: what a recipient unsubscribed from through a mail's link: scope 'all' or the
//   report's id as text (report_id set). Insert … on conflict do nothing.
// - report_reminder_sends: one mail to one recipient for one reminder run (send_key: 'due:<run time>' for the
//   scheduler, 'now:<request key>' for send-now), unique per reminder, recipient and key, so a run or a
//   request mails each recipient once; the statistics read it (sent; preview_clicked_at and downloaded_at are
//   set by the POSTs behind the mail's signed links).
// - scheduler_leases: the lease one instance holds to run the reminder scheduler (name, holder, expires_at);
//   taken by an insert … on conflict do update … where the lease expired or is the holder's own.
// - reporting_secrets: a generated signing secret for unsubscribe and tracking links when LINK_SIGNING_SECRET
//   is not configured (one row made by this migration, shared by every instance).
// Timestamps ISO-8601 UTC. Frozen: imports nothing from src/.
import { randomBytes } from "node:crypto";
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("report_reminders")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("report_id", "integer", (c) => c.references("reports.id"))
    .addColumn("hr_email_id", "integer")
    .addColumn("user_id", "integer", (c) => c.references("users.id"))
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("frequency_type", "text", (c) => c.notNull())
    .addColumn("week_day", "integer")
    .addColumn("month_day", "integer")
    .addColumn("alert_status", "text", (c) => c.notNull())
    .addColumn("filter_values", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("next_run_at", "text", (c) => c.notNull())
    .addColumn("last_run_at", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`create unique index report_reminders_item_uq on report_reminders (group_id, type, coalesce(report_id, 0), coalesce(hr_email_id, 0), coalesce(user_id, 0))`.execute(db);
  await db.schema.createIndex("report_reminders_due_idx").on("report_reminders").columns(["enabled", "next_run_at"]).execute();

  await db.schema
    .createTable("report_reminder_opt_ins")
    .addColumn("manager_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("opted_in", "integer", (c) => c.notNull())
    .addColumn("updated_by", "integer", (c) => c.references("users.id"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_reminder_opt_ins_pk", ["manager_id", "kind", "item_id"])
    .execute();

  await db.schema
    .createTable("report_unsubscriptions")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("report_id", "integer", (c) => c.references("reports.id"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("report_unsubscriptions_pk", ["user_id", "scope"])
    .execute();

  await db.schema
    .createTable("report_reminder_sends")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("reminder_id", "integer", (c) => c.notNull().references("report_reminders.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id"))
    .addColumn("recipient_id", "integer", (c) => c.notNull().references("users.id"))
    .addColumn("send_key", "text", (c) => c.notNull())
    .addColumn("row_count", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("preview_clicked_at", "text")
    .addColumn("downloaded_at", "text")
    .execute();
  await db.schema.createIndex("report_reminder_sends_uq").on("report_reminder_sends").columns(["reminder_id", "recipient_id", "send_key"]).unique().execute();
  await db.schema.createIndex("report_reminder_sends_recipient_idx").on("report_reminder_sends").columns(["recipient_id", "reminder_id"]).execute();

  await db.schema
    .createTable("scheduler_leases")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("holder", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("reporting_secrets")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  // The database's own signing secret, made here so reading it never writes (a GET or query stays read-only).
  await db.insertInto("reporting_secrets").values({ name: "link-signing", value: randomBytes(32).toString("base64url"), created_at: new Date().toISOString() }).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("reporting_secrets").execute();
  await db.schema.dropTable("scheduler_leases").execute();
  await db.schema.dropTable("report_reminder_sends").execute();
  await db.schema.dropTable("report_unsubscriptions").execute();
  await db.schema.dropTable("report_reminder_opt_ins").execute();
  await db.schema.dropTable("report_reminders").execute();
}
