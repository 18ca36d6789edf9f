// Payment batches that keep their history (issue 23 item 1).
// - finance_payment_batches gains `status` (Active | Cancelled, default Active) and who cancelled it and
//   when. A batch is never deleted: cancelling it is a conditional update Active → Cancelled.
// - finance_payment_batch_bills is rebuilt so a batch's rows outlive the bills they name: `bill_id` no
//   longer cascades from bills (sending a bill back deletes the bill; the batch still says it held that
//   bill, as the file it produced does). `active` (1 while the batch is Active, 0 once cancelled) replaces
//   the unique bill_id with a partial unique index: a bill sits in at most one active batch, and can be
//   exported again after its batch is cancelled.
// Frozen: imports nothing from src/. Dialect-neutral (a table rebuild, partial index on both databases).
import { sql, type Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("finance_payment_batches").addColumn("status", "text", (c) => c.notNull().defaultTo("Active")).execute();
  await db.schema.alterTable("finance_payment_batches").addColumn("cancelled_by", "integer").execute();
  await db.schema.alterTable("finance_payment_batches").addColumn("cancelled_at", "text").execute();

  await db.schema
    .createTable("finance_payment_batch_bills_v2")
    .addColumn("batch_id", "integer", (c) => c.notNull().references("finance_payment_batches.id").onDelete("cascade"))
    .addColumn("bill_id", "integer", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await sql`insert into finance_payment_batch_bills_v2 (batch_id, bill_id, group_id, position, active) select batch_id, bill_id, group_id, position, 1 from finance_payment_batch_bills`.execute(db);
  await db.schema.dropTable("finance_payment_batch_bills").execute();
  await db.schema.alterTable("finance_payment_batch_bills_v2").renameTo("finance_payment_batch_bills").execute();
  await db.schema.createIndex("finance_payment_batch_bills_batch_bill_uq").on("finance_payment_batch_bills").columns(["batch_id", "bill_id"]).unique().execute();
  await db.schema.createIndex("finance_payment_batch_bills_active_uq").on("finance_payment_batch_bills").column("bill_id").unique().where(sql<boolean>`active = 1`).execute();
  await db.schema.createIndex("finance_payment_batch_bills_batch_idx").on("finance_payment_batch_bills").columns(["batch_id", "position"]).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("finance_payment_batch_bills_v1")
    .addColumn("batch_id", "integer", (c) => c.notNull().references("finance_payment_batches.id").onDelete("cascade"))
    .addColumn("bill_id", "integer", (c) => c.notNull().references("bills.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into finance_payment_batch_bills_v1 (batch_id, bill_id, group_id, position) select x.batch_id, x.bill_id, x.group_id, x.position from finance_payment_batch_bills x where x.active = 1 and exists (select 1 from bills b where b.id = x.bill_id)`.execute(db);
  await db.schema.dropTable("finance_payment_batch_bills").execute();
  await db.schema.alterTable("finance_payment_batch_bills_v1").renameTo("finance_payment_batch_bills").execute();
  await db.schema.createIndex("finance_payment_batch_bills_bill_uq").on("finance_payment_batch_bills").column("bill_id").unique().execute();
  await db.schema.createIndex("finance_payment_batch_bills_batch_idx").on("finance_payment_batch_bills").columns(["batch_id", "position"]).execute();
  await db.schema.alterTable("finance_payment_batches").dropColumn("cancelled_at").execute();
  await db.schema.alterTable("finance_payment_batches").dropColumn("cancelled_by").execute();
  await db.schema.alterTable("finance_payment_batches").dropColumn("status").execute();
}
