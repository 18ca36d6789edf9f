import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new acme employee of its own (so account natural keys and bank accounts are the test's), with two bank
 * accounts: one unlocked and not confirmed, one locked and paid (confirmed). Written straight into the e2e
 * server's SQLite file (E2E_DATABASE_URL, as e2e/incidents/insert-group.ts does): no call creates bank accounts.
 */
export function insertFinanceEmployee(): { userId: number; openBankId: number; paidBankId: number; openAlias: string; paidAlias: string } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 20000");
    const suffix = process.env.E2E_SUFFIX;
    const now = new Date().toISOString();
    const result = db.transaction(() => {
      const g = db.query("SELECT id FROM groups WHERE name = 'acme'").get();
      const user = db.query(
        "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
        "VALUES (?, 'Fin', 'Ledger', 'EMPLOYEE', ?, NULL, 0, NULL, NULL, 'ACTIVE', ?, ?) RETURNING id",
      ).get("ledger-" + suffix + "@e2e.test", g.id, now, now);
      const bank = (alias, locked, paid, unconfirmed) => db.query(
        "INSERT INTO employee_bank_accounts (group_id, employee_user_id, account_alias, account_number, account_currency, locked, payment_completed, un_confirmed, version, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, 'GBP', ?, ?, ?, 1, ?, ?) RETURNING id",
      ).get(g.id, user.id, alias, "GB29 NWBK 6016 1331 9268 19", locked, paid, unconfirmed, now, now).id;
      return { userId: user.id, openBankId: bank("Everyday " + suffix, 0, 0, 1), paidBankId: bank("Salary " + suffix, 1, 1, 0) };
    })();
    console.log(JSON.stringify(result));
  `;
  const run = () => execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_SUFFIX: suffix }, encoding: "utf8" });
  let out: string;
  try {
    out = run();
  } catch {
    // The server may hold the write lock for a moment (SQLite, one writer): once more.
    out = run();
  }
  const ids = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { userId: number; openBankId: number; paidBankId: number };
  return { ...ids, openAlias: `Everyday ${suffix}`, paidAlias: `Salary ${suffix}` };
}
