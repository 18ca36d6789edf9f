import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * The bill an approval made, read from the e2e server's SQLite file (E2E_DATABASE_URL) by its reference:
 * its amounts, cost centre, invoice date, file and lines (minor units), so the bill-detail spec can check
 * that what the panel edited is what the bill carries.
 */
export type ReadBill = {
  id: number;
  reference: string;
  gross: number;
  net: number;
  tax: number;
  costCenter: string | null;
  invoiceDate: string | null;
  fromAccountId: number | null;
  fileName: string | null;
  lines: { name: string; gross: number; net: number; tax: number; notes: string; spendCategoryId: number }[];
} | null;

export function readBill(reference: string): ReadBill {
  const root = process.cwd();
  const script = `
    import { openDatabase } from ${JSON.stringify(join(root, "src/db/index.ts"))};
    const { db, close } = openDatabase(process.env.E2E_DATABASE_URL);
    const b = await db.selectFrom("bills as b").leftJoin("employee_files as f", "f.id", "b.file_id")
      .select(["b.id", "b.reference", "b.gross_amount", "b.net_amount", "b.tax_amount", "b.cost_center", "b.invoice_date", "b.from_account_id", "f.original_name"])
      .where("b.reference", "=", process.env.E2E_REFERENCE).executeTakeFirst();
    let out = null;
    if (b) {
      const lines = await db.selectFrom("bill_lines").selectAll().where("bill_id", "=", b.id).orderBy("position").execute();
      out = { id: b.id, reference: b.reference, gross: Number(b.gross_amount), net: Number(b.net_amount), tax: Number(b.tax_amount), costCenter: b.cost_center,
        invoiceDate: b.invoice_date, fromAccountId: b.from_account_id, fileName: b.original_name ?? null,
        lines: lines.map((l) => ({ name: l.name, gross: Number(l.gross_amount), net: Number(l.net_amount), tax: Number(l.tax_amount), notes: l.notes, spendCategoryId: l.spend_category_id })) };
    }
    await close();
    console.log(JSON.stringify(out));
  `;
  const out = execFileSync(join(root, "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_REFERENCE: reference }, encoding: "utf8" });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "null") as ReadBill;
}
