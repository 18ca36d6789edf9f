/**
 * Demo receipts on Bill Approval (issue 24 §1): the demo employees' receipt file (seed-files.ts,
 * "moving-receipt.pdf") goes with two of their pending demo claims (seed-finance-approval.ts: the
 * airport taxi and the golf club membership), as if they had attached the same receipt twice: finance
 * sees the receipt beside each and both flagged as likely duplicates (same receipt file). Runs after
 * the demo files are filed (it needs the file store's row); idempotent (only claims without a receipt).
 */
import type { DB } from "./index.ts";

const DEMO_EMPLOYEES = ["employee@acme.test", "employee@globex.test"] as const;
const CLAIMS = ["Taxi from the airport", "Golf club membership"] as const;

/** Attaches the demo receipts; answers how many claims got one (0 on a second run). */
export async function attachDemoReceipts(db: DB, now = new Date()): Promise<number> {
  let attached = 0;
  for (const email of DEMO_EMPLOYEES) {
    const file = await db
      .selectFrom("employee_files as f")
      .innerJoin("users as u", "u.id", "f.employee_user_id")
      .select(["f.id", "f.employee_user_id", "f.group_id"])
      .where("u.email", "=", email)
      .where("f.original_name", "=", "moving-receipt.pdf")
      .where("f.temp_uuid", "is", null)
      .orderBy("f.id")
      .executeTakeFirst();
    if (!file || file.employee_user_id === null) continue;
    const r = await db
      .updateTable("expenses")
      .set((eb) => ({ receipt_file_id: file.id, status: "SUBMITTED", version: eb("version", "+", 1), updated_at: now.toISOString() }))
      .where("employee_user_id", "=", file.employee_user_id)
      .where("group_id", "=", file.group_id)
      .where("request_id", "like", "demo-approval-%")
      .where("description", "in", [...CLAIMS])
      .where("status", "=", "SUBMITTED_WITHOUT_RECEIPT")
      .where("hold_reason", "is", null)
      .where("receipt_file_id", "is", null)
      .executeTakeFirst();
    attached += Number(r.numUpdatedRows);
  }
  return attached;
}
