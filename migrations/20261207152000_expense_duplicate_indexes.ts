// Bill Approval's likely duplicates (issue 24 §1): the one query that looks for them
// (src/db/queries/finance/approval.ts `duplicateCandidates`) matches an expense by employee, date and
// amount, or by its receipt file's SHA-256. The hash is already stored with every upload
// (employee_files.hash, content-addressed since 20261125225000, indexed there), so nothing is
// backfilled; these indexes serve the two lookups. Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex("expenses_duplicate_idx").on("expenses").columns(["employee_user_id", "expense_date", "gross_amount"]).execute();
  await db.schema.createIndex("expenses_receipt_idx").on("expenses").column("receipt_file_id").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex("expenses_receipt_idx").execute();
  await db.schema.dropIndex("expenses_duplicate_idx").execute();
}
