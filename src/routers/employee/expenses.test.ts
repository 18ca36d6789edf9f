/**
 * Expenses and budgets through the routers (createCaller) and the documented paths (app.request), on
 * SQLite and on PostgreSQL (TEST_DB=postgres): happy paths, bad input, wrong role, other group,
 * another employee of the same group, parallel delete vs finance, parallel identical submissions.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { budgetMessages } from "../../domain/employee/budgets/messages.ts";
import { expenseMessages } from "../../domain/employee/expenses/messages.ts";
import { startFinanceProcessing } from "../../services/employee/expenses/expenses.ts";
import { postJson, get, appFor, cookieFor, type TestApp } from "../../test/app.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";
import { expectAudit, groupIdOf, userIdOf } from "../../test/audit.ts";

const t = useTestDatabase();
let app: TestApp;
let moveId: number;
let employeeId: number;
let otherEmployee: string;
let otherMoveId: number;
let globexEmployeeMove: number;

const submitInput = (over: Record<string, unknown> = {}) => ({
  serviceName: "SETTLINGIN",
  moveStageId: 1,
  category: "TRAVEL" as const,
  expenseDate: "2026-11-20",
  currency: "USD",
  gross: "100.00",
  ...over,
});

beforeAll(async () => {
  app = appFor(t.db);
  const me = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "u.id as userId"])
    .where("u.email", "=", DEMO.EMPLOYEE)
    .where("m.status", "=", "open")
    .executeTakeFirstOrThrow();
  moveId = me.id;
  employeeId = me.userId;
  // Another employee of the same group with a move of their own (a copy of the demo move).
  otherEmployee = "colleague@acme.test";
  const otherId = await insertTestUser(t.db, { email: otherEmployee, group: "acme" });
  const { id: _id, ...copy } = await t.db.selectFrom("moves").selectAll().where("id", "=", moveId).executeTakeFirstOrThrow();
  void _id;
  otherMoveId = (await t.db.insertInto("moves").values({ ...copy, employee_user_id: otherId }).returning("id").executeTakeFirstOrThrow()).id;
  const globex = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select("m.id")
    .where("u.email", "=", "employee@globex.test")
    .executeTakeFirstOrThrow();
  globexEmployeeMove = globex.id;
  // Seeded demo expenses are not part of these tests' arithmetic.
  await t.db.deleteFrom("expenses").execute();
  await t.db.deleteFrom("move_budget_edits").execute();
  await t.db.deleteFrom("move_budget_overrides").where("move_id", "=", moveId).execute();
});

describe("expenses: submit, list, remaining budget (happy)", () => {
  test("an expense without a receipt is SUBMITTED_WITHOUT_RECEIPT; the remaining budget drops by it", async () => {
    const employee = await t.employee();
    const before = await employee.budgets.remaining({ searches: [{ id: "a", serviceName: "SETTLINGIN", moveStageId: 1 }] });
    expect(before.results[0]).toMatchObject({ id: "a", outOfBudget: false, amount: { currencyUnit: { code: "USD" }, amount: "4000.00" }, display: "USD 4000.00" });
    const res = await employee.expenses.submit(submitInput({ gross: "120.50", net: "100.00", tax: "20.50" }));
    expect(res.expense).toMatchObject({ status: "SUBMITTED_WITHOUT_RECEIPT", net: "100.00", tax: "20.50", gross: "120.50", budgetCurrency: "USD", budgetAmount: "120.50", deletable: true, moveId });
    const after = await employee.budgets.remaining({ searches: [{ serviceName: "FLATSEARCH", moveStageId: 1 }] });
    // FLATSEARCH shares budget group 1 with SETTLINGIN.
    expect(after.results[0]!.amount!.amount).toBe("3879.50");
    expect(after.results[0]!.remainingBudgetDto).toEqual({ submitted: "120.50", approvedByAdvocate: "0.00", approvedByFinance: "0.00", budget: "4000.00" });
    await expectAudit(t.db, {
      action: "expenses.submit", actor: DEMO.EMPLOYEE, groupId: await groupIdOf(t.db, "acme"), entity: "expense", entityId: res.id, oldValues: null,
      newValues: { moveId, service: "SETTLINGIN", stage: 1, currency: "USD", gross: 12_050, receipt: null },
    });
    const list = await employee.expenses.list({});
    expect(list.expenses.map((e) => e.id)).toContain(res.id);
    expect(list.services.some((s) => s.serviceName === "SETTLINGIN" && s.moveStageId === 1 && s.budgetGroupId === 1)).toBe(true);
  });

  test("another currency is converted into the budget's with the stored rate; remaining in the asked currency", async () => {
    const employee = await t.employee();
    const res = await employee.expenses.submit(submitInput({ currency: "EUR", gross: "50.00", category: "OTHER", categoryOther: "Residence registration" }));
    expect(res.expense.currency).toBe("EUR");
    expect(res.expense.budgetCurrency).toBe("USD");
    expect(res.expense.exchangeRate).not.toBeNull();
    expect(Number(res.expense.budgetAmount)).toBeGreaterThan(50);
    expect(res.expense.categoryOther).toBe("Residence registration");
    const eur = await employee.budgets.remaining({ searches: [{ serviceName: "SETTLINGIN", moveStageId: 1, currency: "EUR" }] });
    expect(eur.results[0]!.amount!.currencyUnit.code).toBe("EUR");
    expect(eur.results[0]!.amount!.amount).toMatch(/^\d+\.\d{2}$/);
  });

  test("N/A for a service without a budget group; Set move stage without a stage", async () => {
    const employee = await t.employee();
    const res = await employee.budgets.remaining({
      searches: [
        { serviceName: "IMMIGRATION", moveStageId: 1 },
        { serviceName: "SETTLINGIN", moveStageId: null },
      ],
    });
    expect(res.results[0]).toMatchObject({ outOfBudget: true, amount: null, display: budgetMessages.notAvailable });
    expect(res.results[1]).toMatchObject({ noMoveStage: true, display: budgetMessages.setMoveStage });
  });

  test("checkHardLimit and booking-estimate: the cost against what remains", async () => {
    const employee = await t.employee();
    const ok = await employee.budgets.checkHardLimit({ productId: "SETTLINGIN", moveStageId: 1, amount: "10", currency: "USD" });
    expect(ok.data).toMatchObject({ companyName: expect.any(String), costOfService: "10.00", amountOver: "0.00", hardLimit: true });
    const over = await employee.budgets.checkHardLimit({ productId: "SETTLINGIN", moveStageId: 1, amount: "999999", currency: "USD" });
    expect(Number(over.data!.amountOver)).toBeGreaterThan(990000);
    const est = await employee.budgets.bookingEstimate({ service: "SETTLINGIN", serviceParam: 1, amount: "100", currency: "USD" });
    expect(est).toMatchObject({ success: true, currencyCode: "USD", costAmount: "100.00", overBudgetAmount: "0.00" });
    expect(Number(est.originalRemaining) - Number(est.remainingBudget)).toBeCloseTo(100, 2);
  });
});

describe("expenses: bad input writes nothing", () => {
  test("net + tax must equal gross; OTHER needs its text; unknown service; zero; bad currency", async () => {
    const employee = await t.employee();
    const count = async () => (await t.db.selectFrom("expenses").select(t.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n;
    const before = Number(await count());
    await expectTrpcError(employee.expenses.submit(submitInput({ net: "10", tax: "10" })), "BAD_REQUEST", expenseMessages.netTaxGross);
    await expectTrpcError(employee.expenses.submit(submitInput({ category: "OTHER" })), "BAD_REQUEST", expenseMessages.categoryOther);
    await expectTrpcError(employee.expenses.submit(submitInput({ serviceName: "COLA", moveStageId: 1 })), "BAD_REQUEST", expenseMessages.serviceNotOnPolicy);
    await expectTrpcError(employee.expenses.submit(submitInput({ gross: "0" })), "BAD_REQUEST", expenseMessages.grossPositive);
    await expectInputError(employee.expenses.submit(submitInput({ currency: "US" })), "currency");
    await expectInputError(employee.expenses.submit(submitInput({ moveStageId: 7 })), "moveStageId");
    await expectTrpcError(employee.expenses.submit(submitInput({ receiptFileId: 2_000_000 })), "BAD_REQUEST", expenseMessages.receiptNotYours);
    expect(Number(await count())).toBe(before);
  });
});

describe("expenses: isolation", () => {
  test("wrong role: HR and finance cannot submit or delete; finance cannot list (but reads remaining budgets)", async () => {
    await expectTrpcError((await t.hrAcme()).expenses.submit(submitInput()), "FORBIDDEN");
    await expectTrpcError((await t.finance()).expenses.list({}), "FORBIDDEN");
    // Finance reads remaining budgets since issue 16 (Bill Approval's budget column): finance.approval.remaining, same service.
    expect((await (await t.finance()).finance.approval.remaining({ searches: [{ serviceName: "SETTLINGIN", moveStageId: 1, moveId }] })).results[0]).toMatchObject({ budgetGroupId: 1, outOfBudget: false });
  });

  test("another employee of the same group sees and deletes nothing of this one's", async () => {
    const mine = await (await t.employee()).expenses.submit(submitInput({ gross: "1.00" }));
    const other = await callerFor(t.db, otherEmployee);
    await expectTrpcError(other.expenses.list({ moveId }), "NOT_FOUND");
    await expectTrpcError(other.expenses.delete({ expenseId: mine.id }), "NOT_FOUND", expenseMessages.notFound);
    await expectTrpcError(other.budgets.remaining({ searches: [{ serviceName: "SETTLINGIN", moveStageId: 1, moveId }] }), "NOT_FOUND");
    await expectTrpcError(other.budgets.remaining({ searches: [{ serviceName: "SETTLINGIN", moveStageId: 1, userId: employeeId }] }), "NOT_FOUND");
    await expectTrpcError(other.budgets.checkHardLimit({ enquiryId: moveId, productId: "SETTLINGIN", moveStageId: 1, amount: "1", currency: "USD" }), "NOT_FOUND");
    expect(await t.db.selectFrom("expenses").select("id").where("id", "=", mine.id).executeTakeFirst()).toBeDefined();
    // Their own list is theirs.
    const theirs = await other.expenses.list({});
    expect(theirs.moveId).toBe(otherMoveId);
    expect(theirs.expenses.some((e) => e.id === mine.id)).toBe(false);
  });

  test("HR of the group reads the move's expenses; HR of another group does not", async () => {
    const hr = await t.hrAcme();
    const list = await hr.expenses.list({ moveId });
    expect(list.expenses.length).toBeGreaterThan(0);
    await expectTrpcError((await t.hrGlobex()).expenses.list({ moveId }), "NOT_FOUND");
    await expectTrpcError(hr.expenses.list({ moveId: globexEmployeeMove }), "NOT_FOUND");
  });
});

describe("expenses: deletion rules and races", () => {
  test("a submitted expense is deleted; one finance has started is refused with the spec's text", async () => {
    const employee = await t.employee();
    const a = await employee.expenses.submit(submitInput({ gross: "2.00" }));
    expect(await employee.expenses.delete({ expenseId: a.id })).toEqual({ success: true });
    const acme = await groupIdOf(t.db, "acme");
    await expectAudit(t.db, {
      action: "expenses.delete", actor: DEMO.EMPLOYEE, groupId: acme, entity: "expense", entityId: a.id,
      oldValues: { moveId, status: "SUBMITTED_WITHOUT_RECEIPT", gross: 200, currency: "USD" }, newValues: null,
    });
    const b = await employee.expenses.submit(submitInput({ gross: "3.00" }));
    const financeUser = { id: await userIdOf(t.db, DEMO.FINANCE), email: DEMO.FINANCE, firstName: "F", lastName: "F", role: "FINANCE" as const, groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };
    await startFinanceProcessing(t.db, { user: financeUser, ip: null }, b.id, b.expense.version);
    await expectAudit(t.db, { action: "expenses.inProcess", actor: DEMO.FINANCE, groupId: acme, entity: "expense", entityId: b.id, oldValues: null, newValues: { status: "IN_PROCESS", version: b.expense.version + 1 } });
    await expectTrpcError(employee.expenses.delete({ expenseId: b.id }), "CONFLICT", expenseMessages.processing);
    const list = await employee.expenses.list({});
    expect(list.expenses.find((e) => e.id === b.id)).toMatchObject({ status: "IN_PROCESS", deletable: false });
  });

  test("parallel delete vs finance transition: exactly one wins, never a 500", async () => {
    const employee = await t.employee();
    const financeUser = { id: 0, email: DEMO.FINANCE, firstName: "F", lastName: "F", role: "FINANCE" as const, groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };
    for (let round = 0; round < 4; round++) {
      const e = await employee.expenses.submit(submitInput({ gross: "4.00" }));
      const results = await race(2, (i): Promise<unknown> =>
        i === 0 ? employee.expenses.delete({ expenseId: e.id }) : startFinanceProcessing(t.db, { user: financeUser, ip: null }, e.id, e.expense.version),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      expect(won.length).toBe(1);
      for (const r of results) {
        if (r.status === "rejected") expect(["CONFLICT", "NOT_FOUND"]).toContain((r.reason as { code: string }).code);
      }
      const row = await t.db.selectFrom("expenses").select("status").where("id", "=", e.id).executeTakeFirst();
      if (results[0]!.status === "fulfilled") expect(row).toBeUndefined();
      else expect(row?.status).toBe("IN_PROCESS");
    }
  });

  test("parallel identical submissions with one requestId make one expense", async () => {
    const employee = await t.employee();
    const requestId = "req-0123456789abcdef";
    const results = await race(5, () => employee.expenses.submit(submitInput({ gross: "5.55", requestId })));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const ids = new Set(results.map((r) => (r as PromiseFulfilledResult<{ id: number }>).value.id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom("expenses").select("id").where("request_id", "=", requestId).execute();
    expect(rows.length).toBe(1);
  });

  test("parallel deletes of one expense: one succeeds, the others are refused", async () => {
    const employee = await t.employee();
    const e = await employee.expenses.submit(submitInput({ gross: "6.00" }));
    const results = await race(4, () => employee.expenses.delete({ expenseId: e.id }));
    expect(results.filter((r) => r.status === "fulfilled").length).toBe(1);
    for (const r of results) if (r.status === "rejected") expect((r.reason as { code: string }).code).toBe("NOT_FOUND");
  });
});

describe("budgets: HR view and edit (editBudget)", () => {
  test("load: amount, range, type, spent and progress", async () => {
    const hr = await t.hrAcme();
    const res = await hr.budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1 });
    expect(res.success).toBe(true);
    expect(res.response[0]).toMatchObject({ employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4000.00", minAmount: "2000.00", maxAmount: "5000.00", budgetType: "H", budgetSeenByEmployee: true, currencyEditable: true });
    // The demo move's claims count (issue 24 §2): committed (submitted, approved not paid) plus spent (paid).
    expect(Number(res.response[0]!.committedAmount) + Number(res.response[0]!.spentAmount)).toBeGreaterThan(0);
    expect(res.response[0]!.progressPercentage).toBeGreaterThanOrEqual(0);
  });

  test("hard budget: zero and out of range refused with the spec's texts, nothing written", async () => {
    const hr = await t.hrAcme();
    const base = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD" };
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: "0" }), "BAD_REQUEST", budgetMessages.greaterThanZero);
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: "9000", confirmOutsideRange: true }), "BAD_REQUEST", budgetMessages.outsideRangeError);
    expect(await t.db.selectFrom("move_budget_edits").select("id").execute()).toEqual([]);
    const ok = await hr.budgets.editBudgetSave({ ...base, amount: "4500" });
    expect(ok).toMatchObject({ success: true, response: [{ amount: "4500.00", source: "HR" }] });
  });

  test("soft budget: out of range asks for confirmation, then saves; the employee's remaining follows", async () => {
    const version = await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", moveId).executeTakeFirstOrThrow();
    await t.db.updateTable("budget_groups").set({ budget_type: "S", allow_outside_range: 1 }).where("policy_version_id", "=", version.policy_version_id).where("move_stage", "=", 1).where("group_number", "=", 1).execute();
    const hr = await t.hrAcme();
    const base = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "6000" };
    const ask = await hr.budgets.editBudgetSave(base);
    expect(ask).toEqual({ success: false, response: [], needsConfirmation: true, message: "Warning: Budget is going to be outside the range provided." });
    const saved = await hr.budgets.editBudgetSave({ ...base, confirmOutsideRange: true });
    expect(saved.success).toBe(true);
    expect(saved.response[0]).toMatchObject({ amount: "6000.00", budgetType: "S" });
    const employee = await t.employee();
    const r = await employee.budgets.remaining({ searches: [{ serviceName: "SETTLINGIN", moveStageId: 1 }] });
    expect(r.results[0]!.remainingBudgetDto!.budget).toBe("6000.00");
  });

  test("budgetSeenByEmployee hides the budget from the employee, not from HR", async () => {
    const hr = await t.hrAcme();
    await hr.budgets.editBudgetSave({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4000", budgetSeenByEmployee: false });
    const mine = await (await t.employee()).budgets.forMove({});
    expect(mine.budgets.some((b) => b.moveStageId === 1 && b.budgetGroupId === 1)).toBe(false);
    const hrView = await hr.budgets.forMove({ moveId });
    expect(hrView.budgets.find((b) => b.moveStageId === 1 && b.budgetGroupId === 1)?.budgetSeenByEmployee).toBe(false);
    await hr.budgets.editBudgetSave({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4000", budgetSeenByEmployee: true });
    // The second edit's audit row, field by field (issue 23 item 24): its old values are the first edit's.
    await expectAudit(t.db, {
      action: "budgets.editBudget", actor: DEMO.HR, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: moveId,
      oldValues: { stage: 1, budgetGroup: 1, currency: "USD", amount: 400_000, seenByEmployee: false },
      newValues: { stage: 1, budgetGroup: 1, currency: "USD", amount: 400_000, seenByEmployee: true, outsideRange: false },
    });
  });

  test("a budget hidden from the employee (budgetSeenByEmployee false) shows no sums: remaining, hard limit and booking estimate say N/A; HR still sees them", async () => {
    const hr = await t.hrAcme();
    const employee = await t.employee();
    const search = { searches: [{ id: "s", serviceName: "SETTLINGIN", moveStageId: 1, currency: "USD" }] };
    await hr.budgets.editBudgetSave({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4000", budgetSeenByEmployee: false });
    try {
      const mine = await employee.budgets.remaining(search);
      expect(mine.results[0]).toMatchObject({ outOfBudget: true, amount: null, remainingBudgetDto: null, display: budgetMessages.notAvailable });
      const hard = await employee.budgets.checkHardLimit({ productId: "SETTLINGIN", moveStageId: 1, amount: "999999", currency: "USD" });
      expect(hard.data).toMatchObject({ remainingBudget: budgetMessages.notAvailable, amountOver: "0.00", outOfBudget: true });
      const est = await employee.budgets.bookingEstimate({ service: "SETTLINGIN", serviceParam: 1, amount: "100", currency: "USD" });
      expect(est).toMatchObject({ originalRemaining: budgetMessages.notAvailable, remainingBudget: budgetMessages.notAvailable, overBudgetAmount: "0.00" });
      const legacy = await postJson(app, "/budget/spend/remaining", search, { cookie: await cookieFor(t.db, DEMO.EMPLOYEE) });
      expect(JSON.stringify(await legacy.json())).not.toContain("4000.00");
      const hrView = await hr.budgets.remaining({ searches: [{ ...search.searches[0]!, moveId }] });
      expect(hrView.results[0]!.remainingBudgetDto!.budget).toBe("4000.00");
      const hrHard = await hr.budgets.checkHardLimit({ enquiryId: moveId, productId: "SETTLINGIN", moveStageId: 1, amount: "999999", currency: "USD" });
      expect(Number(hrHard.data!.amountOver)).toBeGreaterThan(990000);
    } finally {
      await hr.budgets.editBudgetSave({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "4000", budgetSeenByEmployee: true });
    }
  });

  test("wrong role, other group, unknown budget", async () => {
    await expectTrpcError((await t.employee()).budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1 }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1 }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).budgets.editBudgetLoad({ group: "globex", employeeId, budgetGroupId: 1, moveStageId: 1 }), "NOT_FOUND");
    await expectTrpcError((await t.hrAcme()).budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 17, moveStageId: 1 }), "NOT_FOUND", budgetMessages.noBudget);
    await expectInputError((await t.hrAcme()).budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 21, moveStageId: 1 }), "budgetGroupId");
  });
});

describe("documented paths", () => {
  let employeeCookie: string;
  let hrCookie: string;
  let otherCookie: string;
  beforeAll(async () => {
    employeeCookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    hrCookie = await cookieFor(t.db, DEMO.HR);
    await insertTestUser(t.db, { email: "lonely@acme.test" });
    otherCookie = await cookieFor(t.db, "lonely@acme.test");
  });

  test("GET and POST /{group}/employeefile/summaryView/editBudget", async () => {
    const load = await get(app, `/acme/employeefile/summaryView/editBudget?employeeId=${employeeId}&budgetGroupId=1&moveStageId=1`, { cookie: hrCookie });
    expect(load.status).toBe(200);
    const body = await load.json();
    expect(body.success).toBe(true);
    expect(body.response[0].budgetGroupId).toBe(1);
    const save = await postJson(app, `/acme/employeefile/summaryView/editBudget?userId=${employeeId}`, { employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "0" }, { cookie: hrCookie });
    expect(save.status).toBe(400);
    const failed = await save.json();
    expect(failed).toMatchObject({ success: false, message: budgetMessages.greaterThanZero });
    const denied = await get(app, `/acme/employeefile/summaryView/editBudget?employeeId=${employeeId}&budgetGroupId=1&moveStageId=1`, { cookie: employeeCookie });
    expect(denied.status).toBe(403);
  });

  test("POST /budget/spend/remaining, /json/checkHardLimit, GET /{service}/booking-estimate", async () => {
    const remaining = await postJson(app, "/budget/spend/remaining", { searches: [{ id: "x", serviceName: "SETTLINGIN", moveStageId: 1 }] }, { cookie: employeeCookie });
    expect(remaining.status).toBe(200);
    const r = await remaining.json();
    expect(r.results[0].amount.amount).toMatch(/^-?\d+\.\d{2}$/);
    const hard = await postJson(app, "/json/checkHardLimit", { productId: "SETTLINGIN", moveStageId: 1, amount: "5", currency: "USD" }, { cookie: employeeCookie });
    expect((await hard.json()).data.costOfService).toBe("5.00");
    const est = await get(app, "/SETTLINGIN/booking-estimate?serviceParam=1&currency=USD&amount=5", { cookie: employeeCookie });
    expect((await est.json()).costAmount).toBe("5.00");
    const none = await postJson(app, "/budget/spend/remaining", { searches: [{ serviceName: "SETTLINGIN", moveStageId: 1 }] }, { cookie: otherCookie });
    expect(none.status).toBe(404);
    const text = await none.text();
    expectNoStackTrace(text);
    expect(JSON.parse(text).message).toBe(budgetMessages.fetchFailure);
  });

  test("POST /expenses/add and /expenses/delete", async () => {
    const add = await postJson(app, "/expenses/add", submitInput({ gross: "7.00" }), { cookie: employeeCookie });
    expect(add.status).toBe(200);
    const added = await add.json();
    expect(added).toMatchObject({ success: true, errors: {}, fileName: null, fileHash: null });
    const bad = await postJson(app, "/expenses/add", submitInput({ gross: "7.00", net: "1", tax: "1" }), { cookie: employeeCookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).success).toBe(false);
    const del = await postJson(app, "/expenses/delete", { expenseId: added.id }, { cookie: otherCookie });
    expect(del.status).toBe(404);
    const ok = await postJson(app, "/expenses/delete", { expenseId: added.id }, { cookie: employeeCookie });
    expect(await ok.json()).toMatchObject({ success: true });
  });
});
