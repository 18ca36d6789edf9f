import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * An Open bill written into the e2e server's SQLite file (E2E_DATABASE_URL) the way approval makes one
 * (src/routers/finance/bills.fixtures.ts `makeBill`: item, bill, line, charge entry, audit row), with a
 * reference unique to the test so the spec finds its own bills whatever other specs add. `billDate` dates
 * the bill back after it is made (nothing can be created inside a locked period any more).
 */
export function insertBill(a: { reference: string; gross: number; currency?: string; billDate?: string; employeeEmail?: string }): { billId: number } {
  const root = process.cwd();
  const script = `
    import { openDatabase } from ${JSON.stringify(join(root, "src/db/index.ts"))};
    import { financeActorOf, makeBill } from ${JSON.stringify(join(root, "src/routers/finance/bills.fixtures.ts"))};
    const a = JSON.parse(process.env.E2E_BILL);
    const { db, close } = openDatabase(process.env.E2E_DATABASE_URL);
    const actor = await financeActorOf(db, "finance@meridian.test");
    const { billId } = await makeBill(db, actor, { employeeEmail: a.employeeEmail ?? "employee@acme.test", reference: a.reference, gross: a.gross, currency: a.currency ?? "EUR" });
    // A bill from before the lock periods (the demo locks September and October 2026): made today, then dated
    // back, as a bill approved before its period was locked would be.
    if (a.billDate) await db.updateTable("bills").set({ bill_date: a.billDate }).where("id", "=", billId).execute();
    await close();
    console.log(JSON.stringify({ billId }));
  `;
  const out = execFileSync(join(root, "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_BILL: JSON.stringify(a) }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { billId: number };
}
