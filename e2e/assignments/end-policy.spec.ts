import { execFileSync } from "node:child_process";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { expect, expectAccessible, test } from "../fixtures.ts";

/**
 * A new ACTIVE group of its own (so acme's lists, read by other specs, stay as seeded) with an HR user (demo
 * password), a copy of the demo three-stage policy and version (Mei Tanaka's move's), whose repatriation stage
 * gets an addable service (Culture coaching back home, budget group 4) and group 4's hard EUR budget 2,000.00
 * (min 1,000.00, max 5,000.00), and one employee at stage 2 on assignment with an end date; plus a manager with
 * creation CREATE (may end, may not edit the policy). Written straight into the e2e server's SQLite file
 * (E2E_DATABASE_URL), as e2e/tags/insert-group.ts and e2e/assignments/insert-employees.ts do.
 */
function insertRepatriationGroup(prefix: string) {
  const suffix = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const name = `${prefix}-${suffix}`.toLowerCase();
  const script = `
    import { Database } from "bun:sqlite";
    const db = new Database(process.env.E2E_DATABASE_URL);
    db.exec("PRAGMA busy_timeout = 5000");
    const name = process.env.E2E_GROUP, suffix = process.env.E2E_SUFFIX;
    const template = db.query("SELECT m.* FROM moves m JOIN users u ON u.id = m.employee_user_id WHERE u.email = 'mei.tanaka@acme.test' ORDER BY m.id DESC LIMIT 1").get();
    if (!template) throw new Error("no demo move of mei.tanaka@acme.test");
    const hash = db.query("SELECT password_hash FROM users WHERE email = 'hr@acme.test'").get().password_hash;
    const now = new Date().toISOString();
    const insert = (table, row) => {
      const cols = Object.keys(row);
      return db.query("INSERT INTO " + table + " (" + cols.join(", ") + ") VALUES (" + cols.map(() => "?").join(", ") + ") RETURNING id").get(...cols.map((c) => row[c])).id;
    };
    const copy = (table, where, value, patch) => db.query("SELECT * FROM " + table + " WHERE " + where + " = ?").all(value).map(({ id, ...row }) => ({ old: id, id: insert(table, { ...row, ...patch }) }));
    const user = (groupId, email, first, last, role) => insert("users", { email, first_name: first, last_name: last, role, group_id: groupId, password_hash: hash, is_sso_user: 0, terms_accepted_at: now, terms_version: "1", activation_state: "ACTIVE", created_at: now, updated_at: now });
    const out = db.transaction(() => {
      const groupId = insert("groups", { name, display_name: "Repatriation " + suffix, status: "ACTIVE", created_at: now, updated_at: now });
      const [policy] = copy("policies", "id", template.policy_id, { group_id: groupId, name: "Policy " + suffix, created_at: now, updated_at: now });
      const [version] = copy("policy_versions", "id", template.policy_version_id, { policy_id: policy.id, created_at: now });
      copy("policy_services", "policy_version_id", template.policy_version_id, { policy_version_id: version.id });
      for (const g of copy("budget_groups", "policy_version_id", template.policy_version_id, { policy_version_id: version.id })) copy("budgets", "budget_group_id", g.old, { budget_group_id: g.id });
      insert("policy_services", { policy_version_id: version.id, move_stage: 3, service_key: "CULTURALTRAINING", title: "Culture coaching back home", service_policy_type: 3, budget_group: 4, addable: 1, provided: 1 });
      const group4 = insert("budget_groups", { policy_version_id: version.id, move_stage: 3, group_number: 4, auth_type: "NONE", complexity: "simple", budget_type: "H" });
      insert("budgets", { budget_group_id: group4, currency: "EUR", amount: 200000, min_amount: 100000, max_amount: 500000 });
      const hr = "hr-" + suffix + "@e2e.test";
      user(groupId, hr, "Rhea", "Repat", "HR");
      const manager = "manager-" + suffix + "@e2e.test";
      const managerId = user(groupId, manager, "Max", "Creator", "MANAGER");
      db.query("INSERT INTO manager_restrictions (user_id, group_id, view_restriction, creation_restriction, updated_at) VALUES (?, ?, 'ALL', 'CREATE', ?)").run(managerId, groupId, now);
      const employees = [];
      for (const [first, last, end] of [["Pia", "Home" + suffix, "2029-04-30"], ["Olaf", "Stay" + suffix, "2029-05-31"]]) {
        const employeeId = user(groupId, (first + "." + last + "@e2e.test").toLowerCase(), first, last, "EMPLOYEE");
        const { id, ...move } = template;
        const moveId = insert("moves", { ...move, group_id: groupId, policy_id: policy.id, policy_version_id: version.id, employee_user_id: employeeId, status: "on_assignment", current_move_stage: 2, assignment_end_date: end, created_at: now, updated_at: now, created_by: null });
        employees.push({ name: first + " " + last, employeeId, moveId });
      }
      return { hr, manager, employees };
    })();
    console.log(JSON.stringify(out));
  `;
  const output = execFileSync(join(process.cwd(), "node_modules", ".bin", "bun"), ["-e", script], { env: { ...process.env, E2E_GROUP: name, E2E_SUFFIX: suffix }, encoding: "utf8" });
  const data = JSON.parse(output.trim().split("\n").at(-1)!) as { hr: string; manager: string; employees: { name: string; employeeId: number; moveId: number }[] };
  return { name, ...data };
}

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

async function openEndPopup(page: Page, group: string, employee: string) {
  await page.goto(`/${group}/employees`);
  await expect(page.getByRole("heading", { level: 1, name: "Employees" })).toBeVisible();
  await page.getByRole("checkbox", { name: `Select ${employee}` }).check();
  await page.getByTestId("assignment-actions").click();
  await page.getByRole("menuitem", { name: "End assignment", exact: true }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByTestId("popup-step")).toContainText(employee);
  return dialog;
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`End assignment with the repatriation policy at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR ends one assignment picking a service and a budget; the move's stage-3 overrides show them (part 1 §6, §7)", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const g = insertRepatriationGroup(`End${size.width}`);
      const pia = g.employees[0]!;
      await loginAs(g.hr);
      const dialog = await openEndPopup(page, g.name, pia.name);
      const policy = dialog.getByTestId("repatriation-policy");
      await expect(policy.getByRole("heading", { name: "Repatriation policy" })).toBeVisible();
      // Mandatory services of stage 3 are checked and locked; the addable one starts unchecked.
      await expect(policy.getByRole("checkbox", { name: /Repatriation/ })).toBeChecked();
      await expect(policy.getByRole("checkbox", { name: /Repatriation/ })).toBeDisabled();
      const coaching = policy.getByRole("checkbox", { name: /Culture coaching back home/ });
      await expect(coaching).not.toBeChecked();
      await expect(policy.getByTestId("policy-readonly-reason")).toHaveCount(0);
      await expectAccessible(page);

      await dialog.getByLabel("End date").fill("2030-11-30");
      await dialog.getByLabel("Reason", { exact: true }).fill("Project finished");
      await coaching.check();
      const amount = policy.getByLabel("Budget amount for Culture coaching back home");
      await expect(amount).toBeVisible();
      await amount.fill("6000");
      await policy.getByLabel("Budget currency for Culture coaching back home").selectOption("EUR");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      // Above group 4's maximum: the server refuses with the wizard's text under the budget; nothing applied.
      await expect(dialog.getByRole("alert").getByText("We were unable to process data.")).toBeVisible();
      await expect(policy.getByText(/cannot be above the maximum/)).toBeVisible();
      await expectAccessible(page);
      await expectFits(page);

      await amount.fill("3000");
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog.getByText("The assignments were ended.")).toBeVisible();
      await expectAccessible(page);

      // The move's stage 3 now holds the service and the budget (the policy read of the wizard and employee file).
      const res = await page.request.get(`/hr/json/employeePolicyServiceBenefits?employeeId=${pia.employeeId}&action=VIEW`);
      expect(res.status()).toBe(200);
      const body = (await res.json()) as { moveStageSections: { moveStageId: number; isRepatriation: boolean; sections: { components: { label: string; servicesList: { service: string }[] }[]; budgetGroupComponents: { id: number; budgetAmount: string | null; currency: string | null }[] }[] }[] };
      const stage3 = body.moveStageSections.find((s) => s.isRepatriation)!;
      expect(stage3.moveStageId).toBe(3);
      expect(stage3.sections[0]!.components[0]!.servicesList.map((s) => s.service)).toContain("CULTURALTRAINING");
      expect(stage3.sections[0]!.budgetGroupComponents.find((b) => b.id === 4)).toMatchObject({ budgetAmount: "3000.00", currency: "EUR" });

      await dialog.getByRole("button", { name: "Close" }).first().click();
      await expect(page.getByTestId(`employee-row-${pia.employeeId}`)).toContainText("3 of 3");
      await expectFits(page);
    });

    test("a manager who may end assignments sees the repatriation policy read-only, with the reason (part 1 §6)", async ({ page, loginAs }) => {
      test.setTimeout(60_000);
      const g = insertRepatriationGroup(`Ro${size.width}`);
      const olaf = g.employees[1]!;
      await loginAs(g.manager);
      const dialog = await openEndPopup(page, g.name, olaf.name);
      const policy = dialog.getByTestId("repatriation-policy");
      await expect(policy.getByTestId("policy-readonly-reason")).toBeVisible();
      await expect(dialog.getByRole("checkbox", { name: /Culture coaching back home/ })).toHaveCount(0);
      await expectAccessible(page);
      await expectFits(page);
    });
  });
}
