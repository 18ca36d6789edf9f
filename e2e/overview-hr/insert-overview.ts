import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new ACTIVE client group with its own HR (demo password) for the HR overview (issue 26), written straight
 * into the e2e server's SQLite file (E2E_DATABASE_URL, as e2e/finance-insights/insert-move.ts does):
 * - a completed move (a copy of employee@acme.test's, same policy version) with a CURRENT estimate in EUR
 *   (Flat search EUR 1,500.00, Settling in EUR 2,000.00) and PAID expenses without bills (approved spend):
 *   Flat search EUR 1,800.00 (+20 %), Settling in EUR 1,900.00 (−5 %): median absolute error 12.5 %, p90 20 %;
 * - a draft move, an open move starting in 10 days whose assignment ends in 60, an open incident.
 */
export function insertOverviewGroup(prefix: string): { name: string; hrEmail: string; employeeId: number; completedMoveId: number } {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `${prefix}-${suffix}`;
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const name = process.env.E2E_GROUP, suffix = process.env.E2E_SUFFIX;
    const demo = db.query("SELECT id, password_hash FROM users WHERE email = 'employee@acme.test'").get();
    const now = new Date().toISOString();
    const day = (n) => new Date(Date.now() + n * 86400000).toISOString().slice(0, 10);
    const result = db.transaction(() => {
      const g = db.query("INSERT INTO groups (name, display_name, status, created_at, updated_at) VALUES (?, ?, 'ACTIVE', ?, ?) RETURNING id").get(name, "Overview " + suffix, now, now);
      const user = (email, first, last, role) => db.query(
        "INSERT INTO users (email, first_name, last_name, role, group_id, password_hash, is_sso_user, terms_accepted_at, terms_version, activation_state, created_at, updated_at) " +
        "VALUES (?, ?, ?, ?, ?, ?, 0, ?, '1', 'ACTIVE', ?, ?) RETURNING id",
      ).get(email, first, last, role, g.id, demo.password_hash, now, now, now);
      const hr = user("hr-" + suffix + "@e2e.test", "Olive", "Overview", "HR");
      const employee = user("employee-" + suffix + "@e2e.test", "Ada", "Accurate", "EMPLOYEE");
      const template = db.query("SELECT * FROM moves WHERE employee_user_id = ? AND status = 'open' ORDER BY id LIMIT 1").get(demo.id);
      const insertMove = (fields) => {
        const move = { ...template, group_id: g.id, employee_user_id: employee.id, created_by: hr.id, initiated_by: hr.id, created_at: now, updated_at: now, ...fields };
        delete move.id;
        const columns = Object.keys(move);
        return db.query("INSERT INTO moves (" + columns.join(", ") + ") VALUES (" + columns.map(() => "?").join(", ") + ") RETURNING id").get(...columns.map((c) => move[c])).id;
      };
      const completed = insertMove({ status: "completed", move_date: day(-200), assignment_end_date: day(-20) });
      insertMove({ status: "draft", move_date: null });
      const open = insertMove({ status: "open", move_date: day(10), assignment_end_date: day(60) });
      const view = { displayCurrency: "EUR", exchangeRates: [], sections: [{ key: "services", name: "Services", items: [
        { identifier: "svc:1:FLATSEARCH", name: "Flat search", serviceCode: "FLATSEARCH", stageId: 1, custom: false, amountPerYear: [150000] },
        { identifier: "svc:1:SETTLINGIN", name: "Settling in", serviceCode: "SETTLINGIN", stageId: 1, custom: false, amountPerYear: [200000] },
      ] }] };
      db.query("INSERT INTO cost_estimates (group_id, move_id, employee_user_id, version_number, status, type, display_currency, tax_method, tax_category, result, created_at) VALUES (?, ?, ?, 1, 'CURRENT', 'LTA', 'EUR', 'NONE', 'NONE', ?, ?)")
        .run(g.id, completed, employee.id, JSON.stringify(view), now);
      for (const [service, gross] of [["FLATSEARCH", 180000], ["SETTLINGIN", 190000]]) {
        db.query("INSERT INTO expenses (group_id, move_id, employee_user_id, service_key, move_stage, budget_group, category, expense_date, currency, net_amount, tax_amount, gross_amount, status, created_at, updated_at) VALUES (?, ?, ?, ?, 1, 1, 'FEES', ?, 'EUR', ?, 0, ?, 'PAID', ?, ?)")
          .run(g.id, completed, employee.id, service, day(-150), gross, gross, now, now);
      }
      db.query("INSERT INTO incidents (group_id, move_id, employee_user_id, kind, title, raised_by_user_id, created_at, updated_at) VALUES (?, ?, ?, 'ESCALATION', 'Shipment delayed', ?, ?, ?)")
        .run(g.id, open, employee.id, hr.id, now, now);
      return { employeeId: employee.id, completedMoveId: completed };
    })();
    console.log(JSON.stringify(result));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_GROUP: name, E2E_SUFFIX: suffix }, encoding: "utf8" });
  const ids = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { employeeId: number; completedMoveId: number };
  return { name, hrEmail: `hr-${suffix}@e2e.test`, ...ids };
}
