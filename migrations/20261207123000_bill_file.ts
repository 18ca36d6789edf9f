// Bill Approval's bill-detail panel (issue 23 item 15; part 2 §2, §3 approval payload): a bill keeps the
// bill file uploaded for it before approval (an employee_files row filed by finance for the item's
// group). Nullable; a file deleted later leaves the bill without one.
// Frozen: imports nothing from src/.
import type { Kysely } from "kysely";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bills").addColumn("file_id", "integer", (c) => c.references("employee_files.id").onDelete("set null")).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bills").dropColumn("file_id").execute();
}
