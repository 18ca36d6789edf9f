import { execFileSync } from "node:child_process";
import { join } from "node:path";

/**
 * A new ACTIVE client group with its own HR (demo password) and one employee with an open move (a copy of
 * employee@acme.test's move: same policy version, so stage 1 budget group 1 is the policy's USD 4,000.00),
 * plus what estimate against actual compares, written straight into the e2e server's SQLite file
 * (E2E_DATABASE_URL, as e2e/incidents/insert-group.ts does):
 * - a CURRENT cost estimate in EUR (stored rates USD→EUR 0.9, GBP→EUR 1.2): Flat search EUR 1,500.00,
 *   Settling in EUR 2,000.00;
 * - an Open bill on FLATSEARCH of USD 1,000.00 (EUR 900.00 approved);
 * - a submitted expense on SETTLINGIN of GBP 100.00 (EUR 120.00 pending; USD 125.00 against the budget);
 * - the employee's USD finance account (finance's account view lists the employee's moves).
 */
export function insertSpendMove(prefix: string): { name: string; hrEmail: string; employeeName: string; employeeId: number; moveId: number; accountId: number } {
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
      user("hr-" + suffix + "@e2e.test", "Hana", "Spend", "HR");
      const employee = user("employee-" + suffix + "@e2e.test", "Evan", "Actual", "EMPLOYEE");
      const move = db.query("SELECT * FROM moves WHERE employee_user_id = ? AND status = 'open' ORDER BY id LIMIT 1").get(demo.id);
      delete move.id;
      Object.assign(move, { group_id: g.id, employee_user_id: employee.id, created_by: null, initiated_by: null, created_at: now, updated_at: now });
      const columns = Object.keys(move);
      const m = db.query("INSERT INTO moves (" + columns.join(", ") + ") VALUES (" + columns.map(() => "?").join(", ") + ") RETURNING id").get(...columns.map((c) => move[c]));
      const view = {
        displayCurrency: "EUR",
        exchangeRates: [{ from: "USD", to: "EUR", rate: "0.9" }, { from: "GBP", to: "EUR", rate: "1.2" }],
        sections: [{ key: "services", name: "Services", items: [
          { identifier: "svc:1:FLATSEARCH", name: "Flat search", serviceCode: "FLATSEARCH", stageId: 1, custom: false, amountPerYear: [150000] },
          { identifier: "svc:1:SETTLINGIN", name: "Settling in", serviceCode: "SETTLINGIN", stageId: 1, custom: false, amountPerYear: [200000] },
        ] }],
      };
      db.query("INSERT INTO cost_estimates (group_id, move_id, employee_user_id, version_number, status, type, display_currency, tax_method, tax_category, result, created_at) VALUES (?, ?, ?, 1, 'CURRENT', 'LTA', 'EUR', 'NONE', 'NONE', ?, ?)")
        .run(g.id, m.id, employee.id, JSON.stringify(view), now);
      db.query("INSERT INTO bills (group_id, move_id, employee_user_id, bill_type, status, source_kind, source_id, currency, gross_amount, net_amount, tax_amount, bill_date, move_stage, service_key, created_at, updated_at) VALUES (?, ?, ?, 'VendorBooking', 'Open', 'e2e', ?, 'USD', 100000, 100000, 0, '2026-11-20', 1, 'FLATSEARCH', ?, ?)")
        .run(g.id, m.id, employee.id, m.id, now, now);
      db.query("INSERT INTO expenses (group_id, move_id, employee_user_id, service_key, move_stage, budget_group, category, expense_date, currency, net_amount, tax_amount, gross_amount, budget_currency, budget_amount, exchange_rate, status, created_at, updated_at) VALUES (?, ?, ?, 'SETTLINGIN', 1, 1, 'OTHER', '2026-11-19', 'GBP', 10000, 0, 10000, 'USD', 12500, '1.25', 'SUBMITTED', ?, ?)")
        .run(g.id, m.id, employee.id, now, now);
      const account = db.query("INSERT INTO finance_accounts (name, type, group_id, user_id, currency, natural_key, created_at, updated_at) VALUES ('Evan Actual', 'Employee', ?, ?, 'USD', ?, ?, ?) RETURNING id")
        .get(g.id, employee.id, "Employee:" + employee.id + ":USD", now, now);
      return { employeeId: employee.id, moveId: m.id, accountId: account.id };
    })();
    console.log(JSON.stringify(result));
  `;
  const out = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_GROUP: name, E2E_SUFFIX: suffix }, encoding: "utf8" });
  const ids = JSON.parse(out.trim().split("\n").at(-1) ?? "{}") as { employeeId: number; moveId: number; accountId: number };
  return { name, hrEmail: `hr-${suffix}@e2e.test`, employeeName: "Evan Actual", ...ids };
}
