import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new ACTIVE client group with its own HR (demo password) and one employee with an open move (a copy of
 * employee@acme.test's move: same policy version and route), written straight into the e2e server's SQLite
 * file (E2E_DATABASE_URL, as e2e/tags/insert-group.ts does), so the incident counts this spec reads are its
 * own: no other spec raises incidents there, and acme's demo incidents and lists stay as seeded.
 */
export function insertIncidentGroup(prefix: string): { name: string; displayName: string; hrEmail: string; employeeName: string; employeeId: number; moveId: number } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `${prefix}-${suffix}`;
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const name = process.env.E2E_GROUP, suffix = process.env.E2E_SUFFIX;
    const demo = db.query("SELECT id, password_hash FROM users WHERE email = 'employee@acme.test'").get();
    const now = new Date().toISOString();
    const result = db.transaction(() => {
      const g = db.query("INSERT INTO groups (name, display_name, status, created_at, updated_at) VALUES (?, ?, 'ACTIVE', ?, ?) RETURNING id").get(name, "Group " + suffix, now, now);
      const user = (email, first, last, role) => db.query(
        "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, 0, ?, '1', 'ACTIVE', ?, ?) RETURNING id",
      ).get(email, first, last, role, g.id, demo.password_hash, now, now, now);
      user("hr-" + suffix + "@e2e.test", "Ines", "Incident", "HR");
      const employee = user("employee-" + suffix + "@e2e.test", "Ellis", "Escalate", "EMPLOYEE");
      const move = db.query("SELECT * FROM moves WHERE employee_user_id = ? AND status = 'open' ORDER BY id LIMIT 1").get(demo.id);
      delete move.id;
      Object.assign(move, { group_id: g.id, employee_user_id: employee.id, created_by: null, initiated_by: null, created_at: now, updated_at: now });
      const columns = Object.keys(move);
      const inserted = db.query("INSERT INTO moves (" + columns.join(", ") + ") VALUES (" + columns.map(() => "?").join(", ") + ") RETURNING id").get(...columns.map((c) => move[c]));
      return { employeeId: employee.id, moveId: inserted.id };
    })();
    console.log(JSON.stringify(result));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_GROUP: name, E2E_SUFFIX: suffix }, encoding: "utf8" });
  const ids = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { employeeId: number; moveId: number };
  return { name, displayName: `Group ${suffix}`, hrEmail: `hr-${suffix}@e2e.test`, employeeName: "Ellis Escalate", ...ids };
}
