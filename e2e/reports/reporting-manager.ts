import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { insertManager } from "../managers/insert-manager.ts";

/**
 * A new acme manager (e2e/managers/insert-manager.ts) whose reporting restriction is ON (view ALL), written
 * straight into the e2e server's SQLite file, so the demo managers stay as seeded (manager@acme.test keeps
 * reporting OFF).
 */
export function insertReportingManager(email: string): number {
  const userId = insertManager(email);
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const user = db.query("SELECT id, group_id FROM users WHERE id = ?").get(Number(process.env.E2E_USER_ID));
    db.query("INSERT INTO manager_restrictions (user_id, group_id, view_restriction, reporting_restriction, updated_at) VALUES (?, ?, 'ALL', 'ON', ?)")
      .run(user.id, user.group_id, new Date().toISOString());
  `;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_USER_ID: String(userId) }, encoding: "utf8" });
  return userId;
}
