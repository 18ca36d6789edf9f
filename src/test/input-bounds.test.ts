/**
 * Inputs bounded where reality bounds them (issue 24 §6), through the procedures and the documented
 * paths, on SQLite and on PostgreSQL (TEST_DB=postgres): an expense date after today or before the
 * move's start minus EXPENSE_DATE_WINDOW_DAYS, a number of children past 20, a quote amount of zero
 * or less, a task title past 200 characters. Each is refused with its message and writes nothing.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { DB } from "../db/index.ts";
import { expenseMessages } from "../domain/employee/expenses/messages.ts";
import { addCalendarDays, expenseDateTooEarly, latestToday } from "../domain/employee/expenses/rules.ts";
import { propertyModelName } from "../domain/policy/forms/catalogue.ts";
import { moveHubMessages } from "../domain/employee/movehub/messages.ts";
import { quoteMessages } from "../domain/employee/quotes/quotes.ts";
import { wizardMessages, wizardText } from "../domain/moves/wizard/messages.ts";
import { ensureGroupForm } from "../services/moves/wizard/form-load.ts";
import { insertWizardMove } from "../services/moves/wizard/initiation-testing.ts";
import { appFor, cookieFor, postForm, type TestApp } from "./app.ts";
import type { ZodError } from "zod";
import { expectInputError, expectTrpcError } from "./errors.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";
import { quoteInput } from "../routers/employee/quotes.fixtures.ts";

const t = useTestDatabase();
let app: TestApp;
let moveId: number;

const count = async (db: DB, table: "expenses" | "supplier_quotes" | "move_hub_items" | "audit_log") =>
  Number((await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

const expenseInput = (over: Record<string, unknown> = {}) => ({
  serviceName: "SETTLINGIN",
  moveStageId: 1,
  category: "TRAVEL" as const,
  expenseDate: new Date().toISOString().slice(0, 10),
  currency: "USD",
  gross: "100.00",
  ...over,
});

/** A procedure's input refusal at `path` carrying `message` (the form shows that text beside the field). */
async function expectRefused(call: Promise<unknown>, path: string, message: string) {
  const error = await expectInputError(call, path);
  expect((error.cause as ZodError).issues.filter((i) => i.path.join(".") === path).map((i) => i.message)).toContain(message);
}

beforeAll(async () => {
  app = appFor(t.db);
  moveId = (
    await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select("m.id")
      .where("u.email", "=", DEMO.EMPLOYEE)
      .where("m.status", "=", "open")
      .orderBy("m.id", "desc")
      .executeTakeFirstOrThrow()
  ).id;
});

describe("an expense's date", () => {
  test("after today: refused with its message by the procedure and the documented path; nothing written", async () => {
    const employee = await t.employee();
    const before = [await count(t.db, "expenses"), await count(t.db, "audit_log")];
    const tomorrowEverywhere = addCalendarDays(latestToday(), 1);
    await expectRefused(employee.expenses.submit(expenseInput({ expenseDate: tomorrowEverywhere })), "expenseDate", expenseMessages.dateInFuture);
    await expectRefused(employee.expenses.submit(expenseInput({ expenseDate: "2026-02-30" })), "expenseDate", expenseMessages.dateRequired);
    const cookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    const res = await postForm(app, "/expenses/add", { ...expenseInput({ expenseDate: "2999-01-01" }), moveStageId: "1" }, { cookie });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toBe(expenseMessages.dateInFuture);
    expect([await count(t.db, "expenses"), await count(t.db, "audit_log")]).toEqual(before);
  });

  test("before the move's start minus the window: refused with the window in the message; the day on the bound is accepted", async () => {
    const employee = await t.employee();
    // The move starts 10 days ago (its move date); the default window is 365 days.
    const start = addCalendarDays(new Date().toISOString().slice(0, 10), -10);
    await t.db.updateTable("moves").set({ move_date: start }).where("id", "=", moveId).execute();
    const listed = await employee.expenses.list({});
    expect(listed.expenseDateBounds).toEqual({ earliest: addCalendarDays(start, -365), windowDays: 365 });
    const before = await count(t.db, "expenses");
    await expectTrpcError(employee.expenses.submit(expenseInput({ expenseDate: addCalendarDays(start, -366) })), "BAD_REQUEST", expenseDateTooEarly(365));
    expect(await count(t.db, "expenses")).toBe(before);
    const ok = await employee.expenses.submit(expenseInput({ expenseDate: addCalendarDays(start, -365) }));
    expect(ok.expense.expenseDate).toBe(addCalendarDays(start, -365));
    expect(await count(t.db, "expenses")).toBe(before + 1);
  });
});

describe("a supplier quote's amount", () => {
  test("zero or below: refused with 'must be greater than zero'; text that is not a number keeps its own message; nothing written", async () => {
    const hr = await t.hrAcme();
    const before = await count(t.db, "supplier_quotes");
    for (const amount of ["0", "0.00", "-5", "-0.01"]) {
      await expectRefused(hr.quotes.add(quoteInput(moveId, { amount })), "amount", quoteMessages.amountPositive);
    }
    await expectRefused(hr.quotes.add(quoteInput(moveId, { amount: "" })), "amount", quoteMessages.amount);
    expect(await count(t.db, "supplier_quotes")).toBe(before);
  });
});

describe("a move hub task's title", () => {
  test("201 characters: refused with its message by the procedure and the documented path; 200 are kept", async () => {
    const employee = await t.employee();
    const before = await count(t.db, "move_hub_items");
    await expectRefused(employee.movehub.saveItem({ title: "x".repeat(201), section: 1 }), "title", moveHubMessages.titleTooLong);
    const cookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    const res = await postForm(app, "/addEditCustomItem", { title: "y".repeat(201), section: "1" }, { cookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(moveHubMessages.titleTooLong);
    expect(await count(t.db, "move_hub_items")).toBe(before);
    await employee.movehub.saveItem({ title: "z".repeat(200), section: 1 });
    expect(await count(t.db, "move_hub_items")).toBe(before + 1);
  });
});

describe("the number of accompanying children", () => {
  test("0 to 20 are kept; 21, -1 and 2.5 are refused with the range message; nothing written", async () => {
    const hr = await t.hrAcme();
    const m = await insertWizardMove(t.db, { status: "open" });
    const ref = { group: "acme", userId: m.employeeId, moveId: m.moveId };
    const g = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    await ensureGroupForm(t.db, g.id);
    const field = await t.db
      .selectFrom("form_fields")
      .select(["id", "label"])
      .where("group_id", "=", g.id)
      .where("model_name", "=", propertyModelName("numberOfChildren"))
      .executeTakeFirstOrThrow();
    const values = async () => (await t.db.selectFrom("moves").select("form_values").where("id", "=", m.moveId).executeTakeFirstOrThrow()).form_values;
    for (const value of ["0", "20"]) expect((await hr.employeeFile.editFormValue({ ...ref, id: field.id, value })).success).toBe(true);
    const kept = await values();
    const message = wizardText(wizardMessages.childrenRange, { label: field.label });
    for (const value of ["21", "-1", "2.5", "100"]) {
      expect(await hr.employeeFile.editFormValue({ ...ref, id: field.id, value })).toEqual({ success: false, error: message, field: null });
    }
    expect(await values()).toBe(kept);
  });
});
