// Finance payment files (issue 16 "Beyond the spec: Payment files"; part 2 §7 "Export to a payment
// provider form-posts billIds").
// - finance_payment_batches: one export to the payment provider: who made it and when, the message id
//   written into the pain.001 file (unique), how many bills and the control sum per currency (JSON text),
//   and the two files as made at export time (CSV and ISO 20022 pain.001.001.03 XML), so a download
//   answers exactly what was exported, whatever happens to the bills afterwards.
// - finance_payment_batch_bills: the bills of a batch in file order. A bill is exported once: unique
//   bill_id, so two exports racing for the same bill make one batch hold it and the other refuse.
// Timestamps: ISO-8601 UTC. Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("finance_payment_batches")
    .addColumn("id", "integer", idColumn(db))
    .addColumn("message_id", "text", (c) => c.notNull())
    .addColumn("bill_count", "integer", (c) => c.notNull())
    .addColumn("totals", "text", (c) => c.notNull())
    .addColumn("csv", "text", (c) => c.notNull())
    .addColumn("xml", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_payment_batches_msg_uq").on("finance_payment_batches").column("message_id").unique().execute();

  await db.schema
    .createTable("finance_payment_batch_bills")
    .addColumn("batch_id", "integer", (c) => c.notNull().references("finance_payment_batches.id").onDelete("cascade"))
    .addColumn("bill_id", "integer", (c) => c.notNull().references("bills.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_payment_batch_bills_bill_uq").on("finance_payment_batch_bills").column("bill_id").unique().execute();
  await db.schema.createIndex("finance_payment_batch_bills_batch_idx").on("finance_payment_batch_bills").columns(["batch_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("finance_payment_batch_bills").execute();
  await db.schema.dropTable("finance_payment_batches").execute();
}
