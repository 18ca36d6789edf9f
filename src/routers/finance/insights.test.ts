/**
 * Finance insights (issue 16 "Beyond the spec": estimate against actual) through tRPC on the dialect under
 * test: a hand-computed move (an estimate in EUR with stored rates, HR's budget edit, bills in three
 * currencies with one void, a pending expense that is then billed, an approved external spend, a pending
 * lump sum without a service), the account view, bad input, wrong roles, another group's HR, a
 * restricted manager, and an expense followed through the real approval and bill services (pending →
 * approved → sent back → approved → void).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { insightsMessages as M } from "../../domain/finance/schemas-insights.ts";
import { messages } from "../../domain/messages.ts";
import { approveItem } from "../../services/finance/approval.ts";
import { sendBillBack } from "../../services/finance/bills-changes.ts";
import { updateBillStatus } from "../../services/finance/bills-payments.ts";
import { ensureAccount, insertBill, type FinanceActor } from "../../services/finance/core.ts";
import { callerFor, createSessionFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });
let move: { moveId: number; employeeId: number };
let actor: FinanceActor;
let expenseId: number;
const AT = "2026-11-20T10:00:00.000Z";

const estimateView = (moveId: number, employeeId: number) => ({
  costEstimateId: 0,
  employeeId,
  moveId,
  group: "acme",
  displayCurrency: "EUR",
  exchangeRates: [
    { from: "USD", to: "EUR", rate: "0.9" },
    { from: "GBP", to: "EUR", rate: "1.2" },
  ],
  sections: [
    {
      key: "services",
      name: "Services",
      items: [
        { identifier: "svc:1:FLATSEARCH", name: "Flat search", serviceCode: "FLATSEARCH", stageId: 1, custom: false, amountPerYear: [150_000] },
        { identifier: "svc:1:SETTLINGIN", name: "Settling in", serviceCode: "SETTLINGIN", stageId: 1, custom: false, amountPerYear: [200_000] },
        { identifier: "svc:2:HOUSINGALLOWANCE", name: "Housing allowance", serviceCode: "HOUSINGALLOWANCE", stageId: 2, custom: false, amountPerYear: [1_200_000, 1_200_000] },
        { identifier: "custom:1", name: "Custom thing", serviceCode: null, stageId: null, custom: true, amountPerYear: [99_999] },
      ],
    },
    { key: "tax", name: "Tax", items: [{ identifier: "tax:total", name: "Estimated tax", serviceCode: null, stageId: null, custom: false, amountPerYear: [77_777] }] },
  ],
});

async function addBill(p: { stage: number | null; service: string | null; currency: string; gross: number; sourceKind: string; sourceId: number }) {
  const account = await ensureAccount(t.db, { type: "Employee", currency: p.currency, name: "Emma", userId: move.employeeId, groupId: 1, actorUserId: actor.user.id, at: AT });
  return t.db.transaction().execute((trx) =>
    insertBill(
      trx,
      actor,
      {
        groupId: 1,
        moveId: move.moveId,
        employeeUserId: move.employeeId,
        billType: "Expense",
        sourceKind: p.sourceKind,
        sourceId: p.sourceId,
        fromAccountId: null,
        toAccountId: account.id,
        currency: p.currency,
        gross: p.gross,
        net: p.gross,
        tax: 0,
        billDate: "2026-11-20",
        moveStage: p.stage,
        serviceKey: p.service,
        lines: [{ name: "line", gross: p.gross, net: p.gross, tax: 0, spendCategoryId: 1 }],
      },
      AT,
    ),
  );
}

const item = (p: { kind: "externalSpend" | "lumpSum"; status: "APPROVED" | "SUBMITTED"; stage: number | null; service: string | null; currency: string; gross: number }) =>
  t.db
    .insertInto("finance_items")
    .values({
      kind: p.kind,
      group_id: 1,
      move_id: move.moveId,
      employee_user_id: move.employeeId,
      service_key: p.service,
      move_stage: p.stage,
      currency: p.currency,
      net_amount: p.gross,
      tax_amount: 0,
      gross_amount: p.gross,
      status: p.status,
      created_at: AT,
      updated_at: AT,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();

beforeAll(async () => {
  move = await demoEmployeeMove(t.db);
  actor = { user: (await createSessionFor(t.db, DEMO.FINANCE)).session.user, ip: null };
  // Start from nothing but what this file plants.
  await t.db.deleteFrom("expenses").where("move_id", "=", move.moveId).execute();
  await t.db.updateTable("cost_estimates").set({ status: "SUPERSEDED" }).where("move_id", "=", move.moveId).where("status", "=", "CURRENT").execute();
  const est = await t.db
    .insertInto("cost_estimates")
    .values({
      group_id: 1,
      move_id: move.moveId,
      employee_user_id: move.employeeId,
      version_number: 99,
      status: "CURRENT",
      type: "LTA",
      display_currency: "EUR",
      secondary_display_currency: null,
      tax_method: "NONE",
      tax_category: "NONE",
      tax_rate_override: null,
      annual_salary_amount: null,
      annual_salary_currency: null,
      end_date: null,
      approver_name: null,
      approver_email: null,
      approval_date: null,
      result: JSON.stringify(estimateView(move.moveId, move.employeeId)),
      balance_sheet: null,
      stage_action: null,
      created_at: AT,
      created_by: null,
      deleted_at: null,
      approval_decision: null,
      approval_comment: null,
      approval_decided_at: null,
      approval_decided_by: null,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(est.id).toBeGreaterThan(0);
  // HR's edit of the stage 1, group 1 budget (FLATSEARCH and SETTLINGIN): EUR 3,000.00.
  await t.db
    .insertInto("move_budget_edits")
    .values({ group_id: 1, move_id: move.moveId, move_stage: 1, group_number: 1, currency: "EUR", amount: 300_000, seen_by_employee: 1, updated_by: null, updated_at: AT } as never)
    .execute();
  // A: FLATSEARCH, USD 1,000.00 (EUR 900.00).
  await addBill({ stage: 1, service: "FLATSEARCH", currency: "USD", gross: 100_000, sourceKind: "test", sourceId: 1 });
  // B: SETTLINGIN, GBP 500.00, then voided: not counted.
  const b = await addBill({ stage: 1, service: "SETTLINGIN", currency: "GBP", gross: 50_000, sourceKind: "test", sourceId: 2 });
  await t.db.updateTable("bills").set({ status: "Void" }).where("id", "=", b.billId).execute();
  // C: HOUSINGALLOWANCE, EUR 2,000.00, paid.
  const c = await addBill({ stage: 2, service: "HOUSINGALLOWANCE", currency: "EUR", gross: 200_000, sourceKind: "test", sourceId: 3 });
  await t.db.updateTable("bills").set({ status: "Paid" }).where("id", "=", c.billId).execute();
  // A pending expense: SETTLINGIN GBP 100.00 (EUR 120.00), its stored budget amount EUR 119.00.
  expenseId = (
    await t.db
      .insertInto("expenses")
      .values({
        group_id: 1, move_id: move.moveId, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "OTHER", category_other: "x",
        expense_date: "2026-11-19", currency: "GBP", net_amount: 10_000, tax_amount: 0, gross_amount: 10_000, budget_currency: "EUR", budget_amount: 11_900, exchange_rate: "1.19",
        receipt_file_id: null, status: "SUBMITTED", hold_reason: null, spend_category_id: null, rejection_reason: null, request_id: null, created_at: AT, updated_at: AT,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
  // An approved external spend on REMOVALS (no budget group): USD 200.00 (EUR 180.00); a rejected one is not counted.
  await item({ kind: "externalSpend", status: "APPROVED", stage: 1, service: "REMOVALS", currency: "USD", gross: 20_000 });
  await item({ kind: "externalSpend", status: "SUBMITTED", stage: null, service: null, currency: "USD", gross: 0 });
  // A pending lump sum without a service: USD 50.00 (EUR 45.00).
  await item({ kind: "lumpSum", status: "SUBMITTED", stage: null, service: null, currency: "USD", gross: 5_000 });
});

describe("finance.insights.estimateVsActual", () => {
  test("the hand-computed move: rows in the estimate's currency, budgets in their own, totals per currency", async () => {
    const out = await (await t.hrAcme()).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId });
    expect(out.currency).toBe("EUR");
    expect(out.estimateVersion).toBe(99);
    const eur = (amount: number) => ({ currency: "EUR", amount });
    expect(out.rows.map((r) => [r.stage, r.serviceKey, r.title, r.estimate, r.approved, r.pending, r.difference, r.budget, r.budgetShared])).toEqual([
      [1, "FLATSEARCH", "Flat search", 150_000, 90_000, 0, 60_000, eur(300_000), 2],
      [1, "REMOVALS", "Household goods shipment", null, 18_000, 0, null, null, 0],
      [1, "SETTLINGIN", "Settling in", 200_000, 0, 12_000, 200_000, eur(300_000), 2],
      [2, "HOUSINGALLOWANCE", "Housing allowance", 2_400_000, 200_000, 0, 2_200_000, { currency: "USD", amount: 4_800_000 }, 1],
      [null, null, "", null, 0, 4_500, null, null, 0],
    ]);
    expect(out.rows[0]!.stageName).toBe("Pre-Departure");
    expect(out.totals).toEqual([{ currency: "EUR", estimate: 2_750_000, approved: 308_000, pending: 16_500, difference: 2_442_000 }]);
    // EUR 2,000.00 into USD with today's table (USD→EUR 0.92, crossed: 1/0.92 = 1.0869565217): USD 2,173.91.
    expect(out.budgets.map((b) => [b.stage, b.group, b.currency, b.amount, b.source, b.approved, b.pending])).toEqual([
      [1, 1, "EUR", 300_000, "HR", 90_000, 11_900],
      [2, 2, "USD", 4_800_000, "POLICY", 217_391, 0],
    ]);
    // The budget figures are the move's ledger's (issue 24 §2: src/domain/employee/budgets/figures.ts), the ones every screen
    // shows: only the move's expenses and finance items count (the pending expense's stored EUR 119.00); the bills
    // made here without an item do not.
    expect(out.budgets.map((b) => b.figures)).toEqual([
      { currency: "EUR", budget: 300_000, submitted: 11_900, approved: 0, committed: 11_900, spent: 0, remaining: 288_100 },
      { currency: "USD", budget: 4_800_000, submitted: 0, approved: 0, committed: 0, spent: 0, remaining: 4_800_000 },
    ]);
    const forMove = await (await t.hrAcme()).budgets.forMove({ moveId: move.moveId });
    expect(out.budgets.map((b) => b.figures)).toEqual(out.budgets.map((b) => forMove.budgets.find((x) => x.moveStageId === b.stage && x.budgetGroupId === b.group)!.figures));
    expect(out.budgetTotals).toEqual([
      { currency: "EUR", budget: 300_000, approved: 90_000, pending: 11_900, committed: 11_900, spent: 0, remaining: 288_100 },
      { currency: "USD", budget: 4_800_000, approved: 217_391, pending: 0, committed: 0, spent: 0, remaining: 4_800_000 },
    ]);
  });

  test("approving moves an amount from pending to approved (a bill made from the expense)", async () => {
    const bill = await addBill({ stage: 1, service: "SETTLINGIN", currency: "GBP", gross: 10_000, sourceKind: "expense", sourceId: expenseId });
    try {
      const out = await (await t.finance()).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId });
      const row = out.rows.find((r) => r.serviceKey === "SETTLINGIN")!;
      expect([row.approved, row.pending, row.difference]).toEqual([12_000, 0, 188_000]);
      expect(out.budgets[0]).toMatchObject({ approved: 90_000 + 11_900, pending: 0 });
      // The expense itself is still waiting for finance: committed, as its lifecycle says (src/domain/employee/expenses/lifecycle.ts).
      expect(out.budgets[0]!.figures).toMatchObject({ committed: 11_900, spent: 0, remaining: 288_100 });
      expect(out.totals[0]).toMatchObject({ approved: 320_000, pending: 4_500 });
    } finally {
      await t.db.deleteFrom("finance_entries").where("bill_id", "=", bill.billId).execute();
      await t.db.deleteFrom("bills").where("id", "=", bill.billId).execute();
    }
  });

  test("FINANCE and ADMIN read any group's move; a MANAGER of the group reads within their restrictions", async () => {
    for (const caller of [await t.finance(), await t.admin(), await callerFor(t.db, "manager@acme.test")]) {
      const out = await caller.finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId });
      expect(out.totals[0]!.approved).toBe(308_000);
    }
    await expectTrpcError((await callerFor(t.db, "manager-own@acme.test")).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId }), "NOT_FOUND", M.moveNotFound);
  });

  test("wrong roles, another group's HR, a group that is not the move's, an unknown move, bad input", async () => {
    await expectTrpcError((await t.employee()).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "crm@meridian.test")).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId }), "UNAUTHORIZED");
    await expectTrpcError((await t.hrGlobex()).finance.insights.estimateVsActual({ group: "acme", moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).finance.insights.estimateVsActual({ group: "globex", moveId: move.moveId }), "NOT_FOUND", M.moveNotFound);
    await expectTrpcError((await t.finance()).finance.insights.estimateVsActual({ group: "globex", moveId: move.moveId }), "NOT_FOUND", M.moveNotFound);
    await expectTrpcError((await t.finance()).finance.insights.estimateVsActual({ group: "nosuchgroup", moveId: move.moveId }), "NOT_FOUND");
    await expectTrpcError((await t.finance()).finance.insights.estimateVsActual({ group: "acme", moveId: 2_000_000 }), "NOT_FOUND", M.moveNotFound);
    await expectInputError((await t.finance()).finance.insights.estimateVsActual({ group: "acme", moveId: 0 }), "moveId");
    await expectInputError((await t.finance()).finance.insights.estimateVsActual({ group: "", moveId: 1 } as never), "group");
    // without a group: finance reads any move; HR only their own group's
    expect((await (await t.finance()).finance.insights.estimateVsActual({ moveId: move.moveId })).moveId).toBe(move.moveId);
    expect((await (await t.hrAcme()).finance.insights.estimateVsActual({ moveId: move.moveId })).moveId).toBe(move.moveId);
    await expectTrpcError((await t.hrGlobex()).finance.insights.estimateVsActual({ moveId: move.moveId }), "NOT_FOUND", M.moveNotFound);
  });

  test("a move without estimate or spend answers its budgets only, in the first budget's currency", async () => {
    const other = await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select("m.id")
      .where("u.email", "=", "mei.tanaka@acme.test")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("expenses").where("move_id", "=", other.id).execute();
    const out = await (await t.hrAcme()).finance.insights.estimateVsActual({ group: "acme", moveId: other.id });
    expect(out.rows).toEqual([]);
    expect(out.totals).toEqual([]);
    expect(out.costEstimateId).toBeNull();
    expect(out.asOf).toBeNull();
    expect(out.currency).toBe(out.budgets[0]?.currency ?? "USD");
  });
});

describe("finance.insights.accountActuals", () => {
  test("an Employee account answers that user's moves; a Vendor account the moves of its bills", async () => {
    const account = await ensureAccount(t.db, { type: "Employee", currency: "USD", name: "Emma", userId: move.employeeId, groupId: 1, actorUserId: null, at: AT });
    const out = await (await t.finance()).finance.insights.accountActuals({ accountId: account.id });
    expect(out.accountType).toBe("Employee");
    expect(out.moves.map((m) => m.moveId)).toContain(move.moveId);
    expect(out.moves.find((m) => m.moveId === move.moveId)!.totals[0]!.approved).toBe(308_000);

    const company = await t.db.insertInto("finance_companies").values({ company_name: "Insights Movers", category: "VENDOR", created_at: AT }).returning("id").executeTakeFirstOrThrow();
    const vendor = await ensureAccount(t.db, { type: "Vendor", currency: "USD", name: "Insights Movers", companyId: company.id, actorUserId: null, at: AT });
    const empty = await (await t.admin()).finance.insights.accountActuals({ accountId: vendor.id });
    expect(empty).toEqual({ accountId: vendor.id, accountType: "Vendor", moves: [] });
  });

  test("only FINANCE and ADMIN; an unknown account is NOT_FOUND", async () => {
    const account = await ensureAccount(t.db, { type: "Employee", currency: "USD", name: "Emma", userId: move.employeeId, groupId: 1, actorUserId: null, at: AT });
    for (const caller of [await t.hrAcme(), await t.employee(), await callerFor(t.db, "manager@acme.test")]) {
      await expectTrpcError(caller.finance.insights.accountActuals({ accountId: account.id }), "FORBIDDEN");
    }
    await expectTrpcError((await t.finance()).finance.insights.accountActuals({ accountId: 2_000_000 }), "NOT_FOUND", M.accountNotFound);
    await expectInputError((await t.finance()).finance.insights.accountActuals({ accountId: -1 }), "accountId");
  });
});

describe("updated as bills are approved (the real approval and bill services)", () => {
  test("submitted → pending; approved → approved; sent back → pending again; void → not counted", async () => {
    const actorFinance = actor;
    const mei = await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select(["m.id", "m.group_id", "m.employee_user_id"])
      .where("u.email", "=", "mei.tanaka@acme.test")
      .executeTakeFirstOrThrow();
    await t.db.deleteFrom("expenses").where("move_id", "=", mei.id).execute();
    const { id } = await t.db
      .insertInto("expenses")
      .values({
        group_id: mei.group_id, move_id: mei.id, employee_user_id: mei.employee_user_id, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
        expense_date: "2026-11-10", currency: "USD", net_amount: 25_000, tax_amount: 0, gross_amount: 25_000, budget_currency: "USD", budget_amount: 25_000, exchange_rate: "1",
        receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null, created_at: AT, updated_at: AT,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const read = async () => {
      const out = await (await t.hrAcme()).finance.insights.estimateVsActual({ group: "acme", moveId: mei.id });
      const row = out.rows.find((r) => r.serviceKey === "SETTLINGIN");
      return { approved: row?.approved ?? 0, pending: row?.pending ?? 0, currency: row?.currency };
    };
    expect(await read()).toMatchObject({ approved: 0, pending: 25_000 });
    const approved = await approveItem(t.db, actorFinance, "expense", { id, maxTotalSpendOverride: true });
    expect(await read()).toMatchObject({ approved: 25_000, pending: 0 });
    await sendBillBack(t.db, actorFinance, { id: approved.billIds[0]!, status: "Open" });
    expect(await read()).toMatchObject({ approved: 0, pending: 25_000 });
    const again = await approveItem(t.db, actorFinance, "expense", { id, maxTotalSpendOverride: true });
    const [voided] = await updateBillStatus(t.db, actorFinance, [{ id: again.billIds[0]!, status: "Void", rejectionId: 8 }]);
    expect(voided!.success).toBe(true);
    expect(await read()).toMatchObject({ approved: 0, pending: 0 });
  });
});
