import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * Two new acme employees whose moves can be extended (copies of Mei Tanaka's demo move: three-stage policy,
 * stage 2, on assignment, with an assignment end date), written straight into the e2e server's SQLite file
 * (E2E_DATABASE_URL, as e2e/tags/insert-group.ts does), so each test acts on its own rows.
 */
export function insertEligibleEmployees(prefix: string): { name: string; endDate: string }[] {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const people = [
    { first: "Ada", last: `${prefix}${suffix}a`, endDate: "2029-04-30" },
    { first: "Ben", last: `${prefix}${suffix}b`, endDate: "2029-05-31" },
  ];
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const people = JSON.parse(process.env.E2E_PEOPLE);
    const template = db.query("SELECT m.*, u.password_hash AS hash FROM moves m JOIN users u ON u.id = m.employee_user_id WHERE u.email = 'mei.tanaka@acme.test' ORDER BY m.id DESC LIMIT 1").get();
    if (!template) throw new Error("no demo move of mei.tanaka@acme.test");
    const now = new Date().toISOString();
    db.transaction(() => {
      for (const p of people) {
        const u = db.query(
          "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
          "VALUES (?, ?, ?, 'EMPLOYEE', ?, ?, 0, ?, '1', 'ACTIVE', ?, ?) RETURNING id",
        ).get(p.last.toLowerCase() + "@e2e.test", p.first, p.last, template.group_id, template.hash, now, now, now);
        const { id, hash, ...move } = template;
        Object.assign(move, { employee_user_id: u.id, status: "on_assignment", current_move_stage: 2, assignment_end_date: p.endDate, created_at: now, updated_at: now, created_by: null });
        const cols = Object.keys(move);
        db.query("INSERT INTO moves (" + cols.join(", ") + ") VALUES (" + cols.map(() => "?").join(", ") + ")").run(...cols.map((c) => move[c]));
      }
    })();
  `;
  execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_PEOPLE: JSON.stringify(people) }, encoding: "utf8" });
  return people.map((p) => ({ name: `${p.first} ${p.last}`, endDate: p.endDate }));
}
