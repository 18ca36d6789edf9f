import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new manager of acme (ACTIVE with the demo password, or PENDING without one), written straight into the e2e server's SQLite file
 * (E2E_DATABASE_URL, as e2e/moving-employee.ts does), so a spec can change its restrictions without touching
 * the manager other specs sign in as.
 */
export function insertManager(email: string, activation: "ACTIVE" | "PENDING" = "ACTIVE"): number {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const demo = db.query("SELECT group_id, password_hash FROM users WHERE email = 'manager@acme.test'").get();
    const now = new Date().toISOString();
    const user = db.query(
      "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
      "VALUES (?, 'Greta', 'Geo', 'MANAGER', ?, ?, 0, ?, '1', ?, ?, ?) RETURNING id",
    ).get(process.env.E2E_EMAIL, demo.group_id, process.env.E2E_STATE === "PENDING" ? null : demo.password_hash, process.env.E2E_STATE === "PENDING" ? null : now, process.env.E2E_STATE, now, now);
    console.log(JSON.stringify(user.id));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_EMAIL: email, E2E_STATE: activation }, encoding: "utf8" });
  return Number(out.trim().split("\n").at(-1));
}
