import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new employee with an open move, written straight into the e2e server's SQLite file
 * (E2E_DATABASE_URL, shared by playwright.config.ts) through Bun, for specs that need someone no other
 * spec signs in as (the welcome popup shows once per move). The user gets the demo password (the demo
 * employee's hash); the move copies the group's demo employee's move (same policy version, same
 * initiator as consultant), status open.
 */
export function insertMovingEmployee(email: string, group: "acme" | "globex" = "acme"): { userId: number; moveId: number } {
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const email = process.env.E2E_EMAIL, demoEmail = process.env.E2E_DEMO;
    const demo = db.query("SELECT id, group_id, password_hash FROM users WHERE email = ?").get(demoEmail);
    const now = new Date().toISOString();
    const result = db.transaction(() => {
      const user = db.query(
        "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
        "VALUES (?, 'Nora', 'Newcomer', 'EMPLOYEE', ?, ?, 0, ?, '1', 'ACTIVE', ?, ?) RETURNING id",
      ).get(email, demo.group_id, demo.password_hash, now, now, now);
      const move = db.query("SELECT * FROM moves WHERE employee_user_id = ? ORDER BY id LIMIT 1").get(demo.id);
      delete move.id;
      Object.assign(move, { employee_user_id: user.id, status: "open", created_at: now, updated_at: now });
      const columns = Object.keys(move);
      const inserted = db.query("INSERT INTO moves (" + columns.join(", ") + ") VALUES (" + columns.map(() => "?").join(", ") + ") RETURNING id").get(...columns.map((c) => move[c]));
      return { userId: user.id, moveId: inserted.id };
    })();
    console.log(JSON.stringify(result));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], {
    env: { ...process.env, E2E_EMAIL: email, E2E_DEMO: `employee@${group}.test` },
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { userId: number; moveId: number };
}
