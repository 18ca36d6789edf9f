// Payment files a bank accepts (issue 24 §5).
// - employee_bank_accounts and finance_accounts gain bank details: iban, bic, bank_code (and on
//   finance_accounts bank_account_number). A Vendor account's details are the creditor's; a Client
//   account's (one per group and currency) the debtor's, named in the pain.001 as DbtrAcct/DbtrAgt.
// - finance_payment_batches gains reconciliation: status may become Paid (paid_by, paid_at, paid_date).
// - finance_payment_batch_bills gains a bill's return by the bank (returned_at, returned_by, return_reason):
//   a returned bill is back to PaymentPending and leaves the active batch (active = 0).
// Frozen: imports nothing from src/. Dialect-neutral (text columns, nullable).
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  for (const column of ["iban", "bic", "bank_code"]) await db.schema.alterTable("employee_bank_accounts").addColumn(column, "text").execute();
  for (const column of ["iban", "bic", "bank_account_number", "bank_code"]) await db.schema.alterTable("finance_accounts").addColumn(column, "text").execute();
  await db.schema.alterTable("finance_payment_batches").addColumn("paid_by", "integer").execute();
  await db.schema.alterTable("finance_payment_batches").addColumn("paid_at", "text").execute();
  await db.schema.alterTable("finance_payment_batches").addColumn("paid_date", "text").execute();
  await db.schema.alterTable("finance_payment_batch_bills").addColumn("returned_at", "text").execute();
  await db.schema.alterTable("finance_payment_batch_bills").addColumn("returned_by", "integer").execute();
  await db.schema.alterTable("finance_payment_batch_bills").addColumn("return_reason", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const column of ["return_reason", "returned_by", "returned_at"]) await db.schema.alterTable("finance_payment_batch_bills").dropColumn(column).execute();
  for (const column of ["paid_date", "paid_at", "paid_by"]) await db.schema.alterTable("finance_payment_batches").dropColumn(column).execute();
  for (const column of ["bank_code", "bank_account_number", "bic", "iban"]) await db.schema.alterTable("finance_accounts").dropColumn(column).execute();
  for (const column of ["bank_code", "bic", "iban"]) await db.schema.alterTable("employee_bank_accounts").dropColumn(column).execute();
}
