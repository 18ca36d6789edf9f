/**
 * Demo expenses (issue 14): employee@acme.test and employee@globex.test each get a few expenses on
 * their open move, in different states and currencies, so their budgets are partly spent. Submitted
 * through the same service the app uses (amounts, conversion into the budget's currency, audit), then
 * moved along finance's states. Runs on an empty expenses table of the move only (idempotent).
 */
import type { DB } from "./index.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { submitExpense } from "../services/employee/expenses/expenses.ts";
import type { ExpenseStatus } from "../domain/employee/expenses/rules.ts";

type DemoExpense = { service: string; category: "TRAVEL" | "ACCOMMODATION" | "MEALS" | "TRANSPORT" | "FEES" | "OTHER"; other?: string; currency: string; gross: string; net?: string; tax?: string; daysAgo: number; status: ExpenseStatus; note: string };

const DEMO_EXPENSES: Record<string, DemoExpense[]> = {
  "employee@acme.test": [
    { service: "SETTLINGIN", category: "FEES", currency: "USD", gross: "350.00", net: "350.00", tax: "0.00", daysAgo: 12, status: "PAID", note: "Bank account and utility set-up fees" },
    { service: "FLATSEARCH", category: "TRANSPORT", currency: "EUR", gross: "84.70", net: "70.00", tax: "14.70", daysAgo: 8, status: "APPROVED", note: "Taxis to apartment viewings" },
    { service: "SETTLINGIN", category: "OTHER", other: "Residence registration", currency: "GBP", gross: "120.00", daysAgo: 5, status: "IN_PROCESS", note: "Registration appointment" },
    { service: "FLATSEARCH", category: "MEALS", currency: "USD", gross: "46.20", daysAgo: 2, status: "SUBMITTED_WITHOUT_RECEIPT", note: "Lunch between viewings" },
    { service: "SETTLINGIN", category: "TRAVEL", currency: "USD", gross: "95.00", daysAgo: 15, status: "REJECTED", note: "Personal travel (not covered)" },
  ],
  "employee@globex.test": [
    { service: "SETTLINGIN", category: "FEES", currency: "EUR", gross: "240.00", net: "201.68", tax: "38.32", daysAgo: 9, status: "APPROVED", note: "Anmeldung translation" },
    { service: "FLATSEARCH", category: "TRANSPORT", currency: "EUR", gross: "62.50", daysAgo: 4, status: "SUBMITTED_WITHOUT_RECEIPT", note: "Train to Berlin viewings" },
    { service: "SETTLINGIN", category: "OTHER", other: "Storage deposit", currency: "GBP", gross: "150.00", daysAgo: 6, status: "IN_PROCESS", note: "Storage unit deposit" },
  ],
};

export async function seedExpensesDemo(db: DB, now = new Date()): Promise<number> {
  // A soft budget to show (part 1 §3 "budgetType S"): acme's long-term assignment's housing budget
  // (stage 2, group 2) may go outside its range once HR confirms (the outside-range option is on).
  const lta = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select("m.policy_version_id")
    .where("u.email", "=", "employee@acme.test")
    .orderBy("m.id", "desc")
    .executeTakeFirst();
  if (lta) {
    await db.updateTable("budget_groups").set({ budget_type: "S", allow_outside_range: 1 }).where("policy_version_id", "=", lta.policy_version_id).where("move_stage", "=", 2).where("group_number", "=", 2).execute();
  }
  let written = 0;
  for (const [email, items] of Object.entries(DEMO_EXPENSES)) {
    const row = await db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .innerJoin("groups as g", "g.id", "m.group_id")
      .select(["m.id as moveId", "u.id", "u.email", "u.first_name", "u.last_name", "u.group_id", "g.name", "g.display_name"])
      .where("u.email", "=", email)
      .where("m.status", "in", ["open", "on_assignment"])
      .orderBy("m.id", "desc")
      .executeTakeFirst();
    if (!row) continue;
    const existing = await db.selectFrom("expenses").select("id").where("move_id", "=", row.moveId).limit(1).executeTakeFirst();
    if (existing) continue;
    const user: SessionUser = {
      id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, role: "EMPLOYEE",
      groupId: row.group_id, groupName: row.name, groupDisplayName: row.display_name, termsAccepted: true,
    };
    for (const e of items) {
      const day = new Date(now.getTime() - e.daysAgo * 86_400_000);
      const { id } = await submitExpense(
        db,
        { user, ip: null },
        {
          serviceName: e.service, moveStageId: 1, category: e.category, categoryOther: e.other ?? null, description: e.note,
          expenseDate: day.toISOString().slice(0, 10), currency: e.currency, gross: e.gross, net: e.net ?? null, tax: e.tax ?? null,
        },
        day,
      );
      if (e.status !== "SUBMITTED_WITHOUT_RECEIPT") {
        await db.updateTable("expenses").set({ status: e.status, version: 2, rejection_reason: e.status === "REJECTED" ? "Not covered by the policy" : null }).where("id", "=", id).execute();
      }
      written++;
    }
  }
  return written;
}
