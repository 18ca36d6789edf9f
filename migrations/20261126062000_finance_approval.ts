// Finance: bill approval (issue 16; part 2 §4 "Approval", §7 billapproval/*). Two tables:
// - finance_approval_drafts: the bill lines and amounts a finance user edits on an approval item before
//   approving it (updateBillableChanges, updateBillLineCache, updateServiceCategory; cleared by
//   clearBillLinesCache), one row per item (item_kind + item_id, unique); approve applies and deletes it.
//   lines / billable hold JSON text; amounts inside are the major-unit texts the user typed.
// - finance_auto_approval_rules: one rule per client group (off by default): an expense in policy, within
//   budget, with a receipt (when required) and at most max_amount (minor units of currency) is approved
//   on submission; the bill's decided_by_rule names the rule ("auto-approval:<group_id>:v<version>").
// Frozen: imports nothing from src/.
import { PostgresAdapter, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  await db.schema
    .createTable("finance_approval_drafts")
    .addColumn("id", "integer", (c) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement()))
    .addColumn("item_kind", "text", (c) => c.notNull())
    .addColumn("item_id", "integer", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("lines", "text")
    .addColumn("billable", "text")
    .addColumn("service_category", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_approval_drafts_item_uq").on("finance_approval_drafts").columns(["item_kind", "item_id"]).unique().execute();

  await db.schema
    .createTable("finance_auto_approval_rules")
    .addColumn("group_id", "integer", (c) => c.primaryKey().references("groups.id").onDelete("cascade"))
    .addColumn("enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("max_amount", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("requires_receipt", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("updated_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("finance_auto_approval_rules").execute();
  await db.schema.dropTable("finance_approval_drafts").execute();
}
