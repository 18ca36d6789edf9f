import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Data of the remaining-figure journey (issue 24 §2), written into and read from the e2e server's SQLite
 * file (E2E_DATABASE_URL): a supplier quote on the fresh employee's move (HR adds quotes on the move page;
 * e2e/comparison covers that form), and the id of the bill an approved expense got.
 */
function run(script: string, env: Record<string, string>): unknown {
  const root = process.cwd();
  const full = `
    import { openDatabase } from ${JSON.stringify(join(root, "src/db/index.ts"))};
    const { db, close } = openDatabase(process.env.E2E_DATABASE_URL);
    const a = JSON.parse(process.env.E2E_ARGS);
    let out = null;
    ${script}
    await close();
    console.log(JSON.stringify(out));
  `;
  const text = execFileSync(join(root, "node_modules", ".bin", "bun"), ["-e", full], { env: { ...process.env, E2E_ARGS: JSON.stringify(env) }, encoding: "utf8" });
  return JSON.parse(text.trim().split("\n").at(-1) ?? "null");
}

/** An open supplier quote (USD, minor units) for `service` in stage 1 of the move, valid for a month. */
export function insertQuote(a: { moveId: number; company: string; service: string; amount: number }): number {
  return run(
    `
    const move = await db.selectFrom("moves").select(["id", "group_id"]).where("id", "=", Number(a.moveId)).executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    const validUntil = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    out = (await db.insertInto("supplier_quotes").values({
      group_id: move.group_id, move_id: move.id, service_key: a.service, move_stage: 1, company_name: a.company, scope: "ONSHORE",
      currency: "USD", amount: Number(a.amount), details: "Journey quote", location: null, latitude: null, longitude: null,
      valid_until: validUntil, status: "OPEN", booked_by: null, booked_at: null, created_by: null, created_at: now, updated_at: now,
    }).returning("id").executeTakeFirstOrThrow()).id;
  `,
    { moveId: String(a.moveId), company: a.company, service: a.service, amount: String(a.amount) },
  ) as number;
}

/** The newest expense of the move with its description, and its bill once approved. */
export function expenseAndBill(a: { moveId: number; description: string }): { expenseId: number; billId: number | null } {
  return run(
    `
    const e = await db.selectFrom("expenses").select("id").where("move_id", "=", Number(a.moveId)).where("description", "=", a.description).orderBy("id", "desc").executeTakeFirstOrThrow();
    const b = await db.selectFrom("bills").select("id").where("source_kind", "=", "expense").where("source_id", "=", e.id).executeTakeFirst();
    out = { expenseId: e.id, billId: b ? b.id : null };
  `,
    { moveId: String(a.moveId), description: a.description },
  ) as { expenseId: number; billId: number | null };
}
