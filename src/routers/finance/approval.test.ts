/**
 * Bill Approval (issue 16; part 2 §4 "Approval", §7 billapproval/…) through tRPC (finance.approval.*)
 * and the documented paths, on the dialect under test: the list with its budget column, the budget
 * checks, approve (bills, accounts, ledger entry, audit row field by field) with the over-budget
 * override, held items, locked periods, reject (mandatory reason, cross-site refusal), request for
 * change, hold/unhold, internal note, move stage, service category, drafts, auto-approval on
 * submission, booking a quote making its booking cost, retried requests (Idempotency-Key), wrong
 * role, another group's HR, and 50 parallel approvals of one item making one bill.
 */
import { beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { approvalMessages as AM } from "../../domain/finance/schemas-approval.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, jsonOf, postJson, send, type TestApp } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";
import { financeApprovalOperations } from "./legacy/approval.openapi.ts";

const t = useTestDatabase({ poolSize: 12 });
let app: TestApp;
const cookies: Record<string, string> = {};
let move: { id: number; groupId: number; employeeId: number };
let globexMove: { id: number; groupId: number; employeeId: number };

const A = "/accountmanagement/billapproval";
const as = (email: string, headers: Record<string, string> = {}) => ({ cookie: cookies[email]!, headers: { "Sec-Fetch-Site": "same-origin", ...headers } });

async function moveOf(email: string) {
  const m = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("u.email", "=", email)
    .where("m.status", "=", "open")
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  return { id: m.id, groupId: m.group_id, employeeId: m.employee_user_id };
}

const NOW = new Date().toISOString();

/** A pending expense of the demo employee's move (USD, SETTLINGIN stage 1: budget group 1, USD 4000). */
async function expense(over: Record<string, unknown> = {}, m = move) {
  const row = await t.db
    .insertInto("expenses")
    .values({
      group_id: m.groupId, move_id: m.id, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
      category_other: null, description: "Taxi", expense_date: "2026-11-20", currency: "USD", net_amount: 10000, tax_amount: 0, gross_amount: 10000,
      budget_currency: "USD", budget_amount: 10000, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null,
      created_at: NOW, updated_at: NOW, ...over,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A pending finance item (booking cost by default) of the demo move. */
async function item(over: Record<string, unknown> = {}, m = move) {
  const row = await t.db
    .insertInto("finance_items")
    .values({
      kind: "bookingCost", group_id: m.groupId, move_id: m.id, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
      vendor_name: "Acme Movers Ltd", description: "Settling-in booking", currency: "USD", net_amount: 20000, tax_amount: 0, gross_amount: 20000,
      created_at: NOW, updated_at: NOW, ...over,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const auditOf = (entity: string, id: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
/** The item's newest audit row of `action`, field by field (issue 23 item 24); the finance user acts unless said. */
const onItem = (entity: "expense" | "finance_item", id: number, action: string, oldValues: unknown, newValues: unknown, actor: string = DEMO.FINANCE) =>
  expectAudit(t.db, { action, actor, groupId: move.groupId, entity, entityId: id, oldValues, newValues });
const billsOf = (kind: string, id: number) => t.db.selectFrom("bills").selectAll().where("source_kind", "=", kind).where("source_id", "=", id).execute();

beforeAll(async () => {
  app = appFor(t.db);
  for (const email of [DEMO.FINANCE, DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
  move = await moveOf(DEMO.EMPLOYEE);
  globexMove = await moveOf("employee@globex.test");
  // The demo's expenses and budget edits are not part of these tests' arithmetic.
  await t.db.deleteFrom("expenses").execute();
  await t.db.deleteFrom("move_budget_edits").execute();
  await t.db.deleteFrom("move_budget_overrides").where("move_id", "=", move.id).execute();
});

beforeEach(async () => {
  await t.db.deleteFrom("finance_lock_periods").execute();
});

describe("the list and the budget checks", () => {
  test("pending items of every kind with their budget state; search, type filter, paging; decided items leave", async () => {
    const e = await expense({ description: "Findme taxi" });
    const b = await item({ description: "Findme booking" });
    const l = await item({ kind: "lumpSum", vendor_name: null, description: "Findme lump sum", budget_group: null, service_key: null });
    const finance = await t.finance();
    const page = await finance.finance.approval.list({ search: "findme", sort: "date", dir: "desc", page: 1, pageSize: 20 });
    expect(page.rows.map((r) => `${r.kind}:${r.id}`).sort()).toEqual([`expense:${e}`, `bookingCost:${b}`, `lumpSum:${l}`].sort());
    const row = page.rows.find((r) => r.kind === "expense")!;
    expect(row).toMatchObject({ currency: "USD", gross: "100.00", employeeId: move.employeeId, moveStageId: 1, serviceName: "SETTLINGIN", outOfPolicy: false });
    expect(row.budget).toMatchObject({ status: "ok", outOfBudget: false, overBudget: false, currency: "USD", budget: "4000.00", newTotalSpend: "100.00" });
    // Pending expense and booking cost both count as submitted: 4000 − 100 − 200 = 3700.
    expect(row.budget.remaining).toBe("3700.00");
    expect(page.rows.find((r) => r.kind === "lumpSum")!.budget).toMatchObject({ status: "na", outOfBudget: true });
    expect(page.totals).toEqual([{ currency: "USD", amount: "500.00" }]);
    const onlyBookings = await finance.finance.approval.list({ search: "findme", type: "bookingCost", sort: "amount", dir: "asc", page: 1, pageSize: 20 });
    expect(onlyBookings.rows.map((r) => r.id)).toEqual([b]);
    const paged = await finance.finance.approval.list({ search: "findme", sort: "amount", dir: "asc", page: 2, pageSize: 2 });
    expect(paged.total).toBe(3);
    expect(paged.rows.length).toBe(1);
    await finance.finance.approval.reject({ kind: "lumpSum", id: l, rejectionId: 6 });
    const after = await finance.finance.approval.list({ search: "findme", sort: "date", dir: "desc", page: 1, pageSize: 20 });
    expect(after.rows.map((r) => r.id)).not.toContain(l);
  });

  test("checkOutOfBudget / checkOverBudget on both prefixes; /budget/spend/remaining for FINANCE", async () => {
    const e = await expense({ gross_amount: 450000, net_amount: 450000 });
    for (const base of [A, "/accountmanagement/billmanagement"]) {
      for (const which of ["checkOutOfBudget", "checkOverBudget"]) {
        const res = await jsonOf(await postJson(app, `${base}/${which}`, { id: e, invoiceServiceType: "APPROVE_EXPENSE" }, as(DEMO.FINANCE)));
        expect(res.status).toBe(200);
        expect(res.body).toEqual({ success: true, outOfBudget: false, overBudget: true, newTotalSpend: "4500.00", lock: false, errorMessage: null });
      }
    }
    const none = await expense({ service_key: "NOTONPOLICY", budget_group: 99 });
    const out = await jsonOf(await postJson(app, `${A}/checkOutOfBudget`, { id: none, invoiceServiceType: "APPROVE_EXPENSE" }, as(DEMO.FINANCE)));
    expect(out.body).toMatchObject({ success: true, outOfBudget: true, overBudget: false });
    const hr = await jsonOf(await postJson(app, `${A}/checkOutOfBudget`, { id: e, invoiceServiceType: "APPROVE_EXPENSE" }, as(DEMO.HR)));
    expect(hr.status).toBe(403);
    expect(hr.body).toMatchObject({ success: false, errorMessage: messages.forbidden });
    const bad = await jsonOf(await postJson(app, `${A}/checkOverBudget`, { id: "x" }, as(DEMO.FINANCE)));
    expect(bad.status).toBe(400);
    const remaining = await jsonOf(await postJson(app, "/budget/spend/remaining", { searches: [{ id: "r", serviceName: "SETTLINGIN", moveStageId: 1, moveId: move.id }] }, as(DEMO.FINANCE)));
    expect(remaining.status).toBe(200);
    expect(remaining.body.results[0]).toMatchObject({ id: "r", budgetGroupId: 1, outOfBudget: false, remainingBudgetDto: { approvedByFinance: "0.00" } });
    await t.db.deleteFrom("expenses").where("id", "in", [e, none]).execute();
  });

  test("wrong role and another group's HR are refused on the procedures", async () => {
    const e = await expense();
    for (const who of [await t.hrGlobex(), await t.hrAcme(), await t.employee()]) {
      await expectTrpcError(who.finance.approval.list({ search: "", sort: "date", dir: "desc", page: 1, pageSize: 20 }), "FORBIDDEN");
      await expectTrpcError(who.finance.approval.approve({ kind: "expense", id: e }), "FORBIDDEN");
      await expectTrpcError(who.finance.approval.setHold({ kind: "expense", id: e, holdStatus: true, holdReason: "Exception Requested" }), "FORBIDDEN");
    }
    await t.db.deleteFrom("expenses").where("id", "=", e).execute();
  });
});

describe("approve", () => {
  test("an expense: one Open bill to the employee's account from the group's client account, its charge entry and the audit rows", async () => {
    const e = await expense({ gross_amount: 12050, net_amount: 10000, tax_amount: 2050, budget_amount: 12050 });
    const before = await (await t.finance()).finance.approval.remaining({ searches: [{ id: "r", serviceName: "SETTLINGIN", moveStageId: 1, moveId: move.id }] });
    const res = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: e, reference: "EXP-REF-1" }, as(DEMO.FINANCE)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, status: "APPROVED" });
    const [bill] = await billsOf("expense", e);
    expect(bill).toMatchObject({ bill_type: "Expense", status: "Open", currency: "USD", gross_amount: 12050, net_amount: 10000, tax_amount: 2050, reference: "EXP-REF-1", group_id: move.groupId, move_id: move.id, employee_user_id: move.employeeId });
    expect(res.body.billIds).toEqual([bill!.id]);
    const to = await t.db.selectFrom("finance_accounts").selectAll().where("id", "=", bill!.to_account_id!).executeTakeFirstOrThrow();
    expect(to).toMatchObject({ type: "Employee", user_id: move.employeeId, currency: "USD" });
    const from = await t.db.selectFrom("finance_accounts").selectAll().where("id", "=", bill!.from_account_id!).executeTakeFirstOrThrow();
    expect(from).toMatchObject({ type: "Client", group_id: move.groupId, currency: "USD" });
    const lines = await t.db.selectFrom("bill_lines").selectAll().where("bill_id", "=", bill!.id).execute();
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ gross_amount: 12050, net_amount: 10000, tax_amount: 2050, spend_category_id: 170 });
    const entries = await t.db.selectFrom("finance_entries").selectAll().where("bill_id", "=", bill!.id).execute();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ account_id: to.id, kind: "charge", amount: 12050, currency: "USD" });
    expect((await t.db.selectFrom("expenses").select(["status", "version"]).where("id", "=", e).executeTakeFirstOrThrow())).toEqual({ status: "APPROVED", version: 2 });
    const [audit] = await auditOf("expense", e, "finance.approve");
    const finance = await t.db.selectFrom("users").select("id").where("email", "=", DEMO.FINANCE).executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: finance.id, group_id: move.groupId, entity: "expense", entity_id: String(e), action: "finance.approve" });
    expect(JSON.parse(audit!.old_values!)).toEqual({ kind: "expense", status: "SUBMITTED_WITHOUT_RECEIPT", version: 1 });
    expect(JSON.parse(audit!.new_values!)).toEqual({ kind: "expense", status: "APPROVED", version: 2, billIds: [bill!.id], overBudget: false, outOfBudget: false, outOfPolicy: false });
    // The remaining budget shows it as approved by finance.
    const remaining = await (await t.finance()).finance.approval.remaining({ searches: [{ id: "r", serviceName: "SETTLINGIN", moveStageId: 1, moveId: move.id }] });
    const approvedBefore = Number(before.results[0]!.remainingBudgetDto!.approvedByFinance);
    expect(Number(remaining.results[0]!.remainingBudgetDto!.approvedByFinance)).toBeCloseTo(approvedBefore + 120.5, 2);
    // Approving again: the spec's refusal, no second bill.
    const again = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: e }, as(DEMO.FINANCE)));
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ success: false, errorMessage: FM.approvalItemDone });
    expect(await billsOf("expense", e)).toHaveLength(1);
  });

  test("a booking cost goes to the vendor's account; a lump sum and an ad-hoc cash spend to the employee's", async () => {
    const b = await item();
    const finance = await t.finance();
    const rb = await finance.finance.approval.approve({ kind: "bookingCost", id: b });
    const [bill] = await billsOf("bookingCost", b);
    expect(bill).toMatchObject({ id: rb.billIds[0], bill_type: "VendorBooking", vendor_name: "Acme Movers Ltd", gross_amount: 20000 });
    const vendor = await t.db.selectFrom("finance_accounts as a").innerJoin("finance_companies as c", "c.id", "a.company_id").select(["a.type", "c.company_name"]).where("a.id", "=", bill!.to_account_id!).executeTakeFirstOrThrow();
    expect(vendor).toEqual({ type: "Vendor", company_name: "Acme Movers Ltd" });
    const l = await item({ kind: "lumpSum", vendor_name: null, service_key: null, budget_group: null });
    await finance.finance.approval.approve({ kind: "lumpSum", id: l });
    expect((await billsOf("lumpSum", l))[0]).toMatchObject({ bill_type: "CashLumpSumBill" });
    const c = await item({ kind: "adhocCashSpend", adhoc_type: "CashAllowance", vendor_name: null, service_key: null, budget_group: null });
    const rc = await jsonOf(await postJson(app, `${A}/approveAdhocCashSpend`, { id: c }, as(DEMO.FINANCE)));
    expect(rc.status).toBe(200);
    const [cash] = await billsOf("adhocCashSpend", c);
    expect(cash).toMatchObject({ bill_type: "CashAllowances" });
    const acc = await t.db.selectFrom("finance_accounts").select(["type", "user_id"]).where("id", "=", cash!.to_account_id!).executeTakeFirstOrThrow();
    expect(acc).toEqual({ type: "Employee", user_id: move.employeeId });
  });

  test("a recurring ad-hoc cash spend makes one bill per instalment, dated its due date, each instalment pointing at its bill", async () => {
    const c = await item({ kind: "adhocCashSpend", adhoc_type: "CashAllowanceRecurring", vendor_name: null, service_key: null, budget_group: null, gross_amount: 30000, net_amount: 30000 });
    const dues = ["2099-01-15", "2099-02-15", "2099-03-15"];
    await t.db.insertInto("finance_recurring_payments").values(dues.map((d, i) => ({ item_id: c, seq: i + 1, amount: 10000, currency: "USD", due_date: d, bill_id: null }))).execute();
    const res = await (await t.finance()).finance.approval.approve({ kind: "adhocCashSpend", id: c });
    expect(res.billIds).toHaveLength(3);
    const rows = await t.db.selectFrom("finance_recurring_payments").selectAll().where("item_id", "=", c).orderBy("seq").execute();
    for (const [i, r] of rows.entries()) {
      const [bill] = await billsOf("recurringPayment", r.id);
      expect(bill).toMatchObject({ id: r.bill_id!, bill_date: dues[i], gross_amount: 10000, bill_type: "CashAllowances" });
    }
  });

  test("over budget needs maxTotalSpendOverride; bill lines need a spend category and must add up", async () => {
    const e = await expense({ gross_amount: 500000, net_amount: 500000 });
    const finance = await t.finance();
    const check = await finance.finance.approval.checkBudget({ id: e, invoiceServiceType: "expense" });
    expect(check).toMatchObject({ success: true, outOfBudget: false, overBudget: true });
    const refused = await expectTrpcError(finance.finance.approval.approve({ kind: "expense", id: e }), "CONFLICT");
    expect(refused.message).toBe(AM.overBudgetConfirm.replace("{total}", `USD ${check.newTotalSpend}`));
    await expectTrpcError(
      finance.finance.approval.approve({ kind: "expense", id: e, maxTotalSpendOverride: true, billLinesDTOs: [{ name: "a", gross: "5000.00" }] }),
      "BAD_REQUEST",
      FM.spendCategoryRequired,
    );
    await expectTrpcError(
      finance.finance.approval.approve({ kind: "expense", id: e, maxTotalSpendOverride: true, billLinesDTOs: [{ name: "a", gross: "4000.00", spendCategoryId: 170 }] }),
      "BAD_REQUEST",
      FM.linesTotalMismatch,
    );
    const ok = await finance.finance.approval.approve({ kind: "expense", id: e, maxTotalSpendOverride: true, billLinesDTOs: [{ name: "a", gross: "3000.00", spendCategoryId: 170 }, { name: "b", gross: "2000.00", spendCategoryId: 171, notes: "second" }] });
    const lines = await t.db.selectFrom("bill_lines").select(["position", "gross_amount", "spend_category_id", "notes"]).where("bill_id", "=", ok.billIds[0]!).orderBy("position").execute();
    expect(lines).toEqual([{ position: 1, gross_amount: 300000, spend_category_id: 170, notes: "" }, { position: 2, gross_amount: 200000, spend_category_id: 171, notes: "second" }]);
  });

  test("a held item cannot be approved, rejected or changed; a locked period refuses the bill and changes nothing", async () => {
    const e = await expense();
    const b = await item();
    const finance = await t.finance();
    const held = await jsonOf(await postJson(app, `${A}/set-hold-status`, { expenseId: e, holdStatus: true, holdReason: "Info Requested - HR" }, as(DEMO.FINANCE)));
    expect(held.body).toEqual({ success: true, holdReason: "Info Requested - HR" });
    await postJson(app, `${A}/set-hold-status`, { bookingCostId: b, holdStatus: "true", holdReason: "Info Requested - Vendor" }, as(DEMO.FINANCE));
    await expectTrpcError(finance.finance.approval.approve({ kind: "expense", id: e }), "CONFLICT", FM.expenseApproveOnHold);
    await expectTrpcError(finance.finance.approval.reject({ kind: "expense", id: e, rejectionId: 1 }), "CONFLICT", FM.expenseRejectOnHold);
    await expectTrpcError(finance.finance.approval.approve({ kind: "bookingCost", id: b }), "CONFLICT", FM.bookingCostApproveOnHold);
    await expectTrpcError(finance.finance.approval.requestChange({ bookingCostId: b, requestForChangeReason: "price" }), "CONFLICT", FM.bookingCostChangeOnHold);
    const rejectHeld = await jsonOf(await get(app, `${A}/rejectBookingCost?id=${b}&rejectionId=1`, as(DEMO.FINANCE)));
    expect(rejectHeld).toEqual({ status: 409, body: { success: false, errorMessage: FM.bookingCostRejectOnHold } });
    // A hold needs one of the four reasons; holding twice is refused; unhold releases.
    await expectTrpcError(finance.finance.approval.setHold({ kind: "lumpSum", id: await item({ kind: "lumpSum" }), holdStatus: true, holdReason: "Because" }), "BAD_REQUEST", FM.holdReasonRequired);
    await expectTrpcError(finance.finance.approval.setHold({ kind: "expense", id: e, holdStatus: true, holdReason: "Exception Requested" }), "CONFLICT", FM.billOnHold);
    expect(await finance.finance.approval.setHold({ kind: "expense", id: e, holdStatus: false })).toEqual({ success: true, holdReason: null });
    await expectTrpcError(finance.finance.approval.setHold({ kind: "expense", id: e, holdStatus: false }), "CONFLICT", FM.billNotOnHold);
    const [hold] = await auditOf("expense", e, "finance.hold");
    expect(JSON.parse(hold!.new_values!)).toEqual({ kind: "expense", holdReason: "Info Requested - HR", version: 2 });
    await onItem("expense", e, "finance.hold", { kind: "expense", holdReason: null, version: 1 }, { kind: "expense", holdReason: "Info Requested - HR", version: 2 });
    await onItem("finance_item", b, "finance.hold", { kind: "bookingCost", holdReason: null, version: 1 }, { kind: "bookingCost", holdReason: "Info Requested - Vendor", version: 2 });
    await onItem("expense", e, "finance.unhold", { kind: "expense", holdReason: "Info Requested - HR", version: 2 }, { kind: "expense", holdReason: null, version: 3 });
    // Locked period: today is on or before the lock date.
    await t.db.insertInto("finance_lock_periods").values({ period_name: "Locked", lock_date: "2999-12-31", created_by: null, created_at: NOW }).execute();
    const check = await jsonOf(await postJson(app, `${A}/checkOutOfBudget`, { id: e, invoiceServiceType: "expense" }, as(DEMO.FINANCE)));
    expect(check.body.lock).toBe(true);
    const locked = await expectTrpcError(finance.finance.approval.approve({ kind: "expense", id: e }), "CONFLICT");
    expect(locked.message).toContain("Locked");
    expect((await t.db.selectFrom("expenses").select("status").where("id", "=", e).executeTakeFirstOrThrow()).status).toBe("SUBMITTED_WITHOUT_RECEIPT");
    expect(await billsOf("expense", e)).toHaveLength(0);
  });

  test("a retried approve (same Idempotency-Key) answers the first answer and makes one bill; a reused key for another call is refused", async () => {
    const e = await expense();
    const key = { "Idempotency-Key": `approve-${e}` };
    const first = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: e }, as(DEMO.FINANCE, key)));
    const second = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: e }, as(DEMO.FINANCE, key)));
    expect(first.status).toBe(200);
    expect(second).toEqual(first);
    expect(await billsOf("expense", e)).toHaveLength(1);
    const other = await expense();
    const reused = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: other }, as(DEMO.FINANCE, key)));
    expect(reused.status).toBe(409);
    const viaTrpc = await expense();
    const f = await t.finance();
    const a = await f.finance.approval.approve({ kind: "expense", id: viaTrpc, idempotencyKey: `t-${viaTrpc}` });
    expect(await f.finance.approval.approve({ kind: "expense", id: viaTrpc, idempotencyKey: `t-${viaTrpc}` })).toEqual(a);
  });

  test("50 parallel approvals of one item make exactly one bill; the rest are clear refusals", async () => {
    for (const kind of ["expense", "bookingCost"] as const) {
      const id = kind === "expense" ? await expense() : await item();
      const path = kind === "expense" ? "approveExpense" : "approveBookingCost";
      const results = await race(50, (i): Promise<unknown> => (i % 2 === 0 ? Promise.resolve(postJson(app, `${A}/${path}`, { id }, as(DEMO.FINANCE))) : callerFor(t.db, DEMO.FINANCE).then((c) => c.finance.approval.approve({ kind, id }))));
      await expectOneEffect(results, { refusal: { code: 409, message: new RegExp(`^(${FM.approvalItemDone.replace(/[.]/g, "\\.")}|${AM.changed})$`) }, refusedWhen: (v) => (v && v.success === false ? v.errorMessage : null) });
      expect(await billsOf(kind, id)).toHaveLength(1);
      expect(await auditOf(kind === "expense" ? "expense" : "finance_item", id, "finance.approve")).toHaveLength(1);
    }
  }, 60_000);
});

describe("reject, request for change, note, move stage, service category, drafts", () => {
  test("reject: a reason is mandatory, notes at most 250; the documented GETs refuse cross-site requests", async () => {
    const e = await expense();
    const missing = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}`, as(DEMO.FINANCE)));
    expect(missing).toEqual({ status: 400, body: { success: false, errorMessage: FM.rejectionReasonRequired } });
    const long = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=1&rejectionReason=${"x".repeat(251)}`, as(DEMO.FINANCE)));
    expect(long).toEqual({ status: 400, body: { success: false, errorMessage: "Notes field can take a maximum 250 characters" } });
    const voidReason = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=7`, as(DEMO.FINANCE)));
    expect(voidReason.status).toBe(400);
    const cross = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=1`, { cookie: cookies[DEMO.FINANCE]!, headers: { "Sec-Fetch-Site": "cross-site" } }));
    expect(cross).toEqual({ status: 403, body: { success: false, errorMessage: messages.crossOrigin } });
    expect((await t.db.selectFrom("expenses").select("status").where("id", "=", e).executeTakeFirstOrThrow()).status).toBe("SUBMITTED_WITHOUT_RECEIPT");
    const ok = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=1&rejectionReason=Not%20covered`, as(DEMO.FINANCE)));
    expect(ok).toEqual({ status: 200, body: { success: true, status: "REJECTED" } });
    expect(await t.db.selectFrom("expenses").select(["status", "rejection_reason"]).where("id", "=", e).executeTakeFirstOrThrow()).toEqual({ status: "REJECTED", rejection_reason: "Out of policy: Not covered" });
    const [audit] = await auditOf("expense", e, "finance.reject");
    expect(JSON.parse(audit!.new_values!)).toEqual({ kind: "expense", status: "REJECTED", version: 2, rejectionId: 1, rejectionReason: "Not covered" });
    await onItem("expense", e, "finance.reject", { kind: "expense", status: "SUBMITTED_WITHOUT_RECEIPT", version: 1 }, { kind: "expense", status: "REJECTED", version: 2, rejectionId: 1, rejectionReason: "Not covered" });
    for (const [path, field, kind] of [["rejectBookingCost", "id", "bookingCost"], ["rejectLumpSum", "lumpsumId", "lumpSum"], ["rejectAdhocCashSpend", "cashSpendId", "adhocCashSpend"]] as const) {
      const id = await item({ kind });
      const res = await jsonOf(await get(app, `${A}/${path}?${field}=${id}&rejectionId=2`, as(DEMO.FINANCE)));
      expect(res).toEqual({ status: 200, body: { success: true, status: "REJECTED" } });
      expect(await t.db.selectFrom("finance_items").select(["status", "rejection_id"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({ status: "REJECTED", rejection_id: 2 });
    }
    const hr = await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${await expense()}&rejectionId=1`, as(DEMO.GLOBEX)));
    expect(hr.status).toBe(403);
  });

  test("request for change of a booking cost needs a reason", async () => {
    const b = await item();
    const empty = await jsonOf(await postJson(app, `${A}/requestChangeOfBookingCost`, { bookingCostId: b }, as(DEMO.FINANCE)));
    expect(empty).toEqual({ status: 400, body: { success: false, errorMessage: FM.rejectionReasonRequired } });
    const ok = await jsonOf(await postJson(app, `${A}/requestChangeOfBookingCost`, { bookingCostId: b, requestForChangeReason: "Quote expired" }, as(DEMO.FINANCE)));
    expect(ok.body).toEqual({ success: true, status: "CHANGE_REQUESTED" });
    expect(await t.db.selectFrom("finance_items").select(["status", "change_reason"]).where("id", "=", b).executeTakeFirstOrThrow()).toEqual({ status: "CHANGE_REQUESTED", change_reason: "Quote expired" });
    await onItem("finance_item", b, "finance.requestChange", { kind: "bookingCost", status: "SUBMITTED", version: 1 }, { kind: "bookingCost", status: "CHANGE_REQUESTED", version: 2, requestForChangeReason: "Quote expired" });
    const unknown = await jsonOf(await postJson(app, `${A}/requestChangeOfBookingCost`, { bookingCostId: 99999999, requestForChangeReason: "x" }, as(DEMO.FINANCE)));
    expect(unknown.status).toBe(404);
  });

  test("internal note at most 255 characters (the spec's text); move stage and service category answer the default from-account", async () => {
    const e = await expense();
    const long = await jsonOf(await postJson(app, `${A}/expense/note`, { expenseId: e, internalNote: "x".repeat(256) }, as(DEMO.FINANCE)));
    expect(long).toEqual({ status: 400, body: { success: false, errorMessage: FM.internalNotesTooLong } });
    const ok = await jsonOf(await postJson(app, `${A}/expense/note`, { expenseId: e, internalNote: "Called the employee" }, as(DEMO.FINANCE)));
    expect(ok.body).toEqual({ success: true, internalNote: "Called the employee" });
    const [note] = await auditOf("expense", e, "finance.note");
    expect(JSON.parse(note!.new_values!)).toEqual({ internalNote: "Called the employee" });
    await onItem("expense", e, "finance.note", { internalNote: "" }, { internalNote: "Called the employee" });
    const stage = await jsonOf(await postJson(app, `${A}/updateMoveStage`, { billId: e, billType: "EXPENSE", moveStageId: 2 }, as(DEMO.FINANCE)));
    expect(stage.status).toBe(200);
    const client = await t.db.selectFrom("finance_accounts").select(["id", "name"]).where("type", "=", "Client").where("group_id", "=", move.groupId).where("currency", "=", "USD").executeTakeFirstOrThrow();
    expect(stage.body).toEqual({ success: true, defaultFromAccount: client });
    expect((await t.db.selectFrom("expenses").select("move_stage").where("id", "=", e).executeTakeFirstOrThrow()).move_stage).toBe(2);
    await onItem("expense", e, "finance.moveStage", { kind: "expense", moveStage: 1, version: 2 }, { kind: "expense", moveStage: 2, version: 3 });
    const category = await jsonOf(await postJson(app, `${A}/updateServiceCategory`, { billId: e, billType: "expense", serviceCategory: "Transport" }, as(DEMO.FINANCE)));
    expect(category.body).toEqual({ success: true, defaultFromAccount: client });
    await onItem("expense", e, "finance.serviceCategory", null, { kind: "expense", serviceCategory: "Transport" });
    const badStage = await jsonOf(await postJson(app, `${A}/updateMoveStage`, { billId: e, billType: "expense", moveStageId: 7 }, as(DEMO.FINANCE)));
    expect(badStage.status).toBe(400);
    const badType = await jsonOf(await postJson(app, `${A}/updateMoveStage`, { billId: e, billType: "nonsense", moveStageId: 1 }, as(DEMO.FINANCE)));
    expect(badType.status).toBe(400);
  });

  test("drafts: edited lines and amounts are applied by approve; clearBillLinesCache forgets them", async () => {
    const e = await expense({ gross_amount: 10000, net_amount: 10000 });
    const f = await t.finance();
    await expectInputError(f.finance.approval.updateBillLineCache({ id: e, type: "expense", billLinesDTOs: [{ name: "a", gross: "1", notes: "x".repeat(251) }] }), "billLinesDTOs.0.notes");
    const amounts = await jsonOf(await postJson(app, `${A}/updateBillableChanges`, { id: e, type: "expense", gross: "90.00", net: "80.00", tax: "10.00", reference: "DRAFT-REF" }, as(DEMO.FINANCE)));
    expect(amounts.body).toEqual({ success: true });
    const draft = { gross: "90.00", net: "80.00", tax: "10.00", reference: "DRAFT-REF", invoiceDate: null, costCenter: null, costCenter2: null, accountFrom: null, accountTo: null, fileId: null };
    await onItem("expense", e, "finance.draftAmounts", null, { kind: "expense", ...draft });
    const bad = await jsonOf(await postJson(app, `${A}/updateBillableChanges`, { id: e, type: "expense", gross: "90.00", net: "10.00", tax: "10.00" }, as(DEMO.FINANCE)));
    expect(bad).toEqual({ status: 400, body: { success: false, errorMessage: FM.netTaxGross } });
    const noCategory = await jsonOf(await postJson(app, "/accountmanagement/billmanagement/updateBillLineCache", { id: e, type: "expense", billLinesDTOs: [{ name: "a", gross: "90.00" }] }, as(DEMO.FINANCE)));
    expect(noCategory).toEqual({ status: 400, body: { success: false, errorMessage: FM.spendCategoryRequired } });
    await postJson(app, `${A}/updateBillLineCache`, { id: e, type: "expense", billLinesDTOs: [{ name: "Taxi", gross: "50.00", net: "45.00", tax: "5.00", spendCategoryId: 160 }, { name: "Tip", gross: "40.00", net: "35.00", tax: "5.00", spendCategoryId: 161 }] }, as(DEMO.FINANCE));
    await onItem("expense", e, "finance.draftLines", null, { kind: "expense", lines: 2 });
    const cleared = await jsonOf(await send(app, "DELETE", `${A}/clearBillLinesCache/${e}/expense`, null, as(DEMO.FINANCE)));
    expect(cleared.body).toEqual({ success: true });
    await onItem("expense", e, "finance.draftCleared", null, { kind: "expense" });
    expect(await t.db.selectFrom("finance_approval_drafts").select("id").where("item_id", "=", e).execute()).toHaveLength(0);
    await postJson(app, `${A}/updateBillableChanges`, { id: e, type: "expense", gross: "90.00", net: "80.00", tax: "10.00", reference: "DRAFT-REF" }, as(DEMO.FINANCE));
    await postJson(app, `${A}/updateBillLineCache`, { id: e, type: "expense", billLinesDTOs: [{ name: "Taxi", gross: "50.00", net: "45.00", tax: "5.00", spendCategoryId: 160 }, { name: "Tip", gross: "40.00", net: "35.00", tax: "5.00", spendCategoryId: 161 }] }, as(DEMO.FINANCE));
    const res = await f.finance.approval.approve({ kind: "expense", id: e });
    const bill = await t.db.selectFrom("bills").selectAll().where("id", "=", res.billIds[0]!).executeTakeFirstOrThrow();
    expect(bill).toMatchObject({ gross_amount: 9000, net_amount: 8000, tax_amount: 1000, reference: "DRAFT-REF" });
    expect(await t.db.selectFrom("bill_lines").select("name").where("bill_id", "=", bill.id).orderBy("position").execute()).toEqual([{ name: "Taxi" }, { name: "Tip" }]);
    expect(await t.db.selectFrom("finance_approval_drafts").select("id").where("item_id", "=", e).execute()).toHaveLength(0);
  });
});

describe("booked quotes and auto-approval", () => {
  test("booking a supplier quote makes its pending booking cost (once)", async () => {
    const quote = await t.db
      .insertInto("supplier_quotes")
      .values({ group_id: move.groupId, move_id: move.id, service_key: "REMOVALS", move_stage: 1, company_name: "Quote Movers", scope: "ONSHORE", currency: "USD", amount: 75000, valid_until: "2099-12-31", created_by: null, created_at: NOW, updated_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    const employee = await t.employee();
    await employee.quotes.book({ quoteId: quote.id });
    const rows = await t.db.selectFrom("finance_items").selectAll().where("quote_id", "=", quote.id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: "bookingCost", status: "SUBMITTED", vendor_name: "Quote Movers", gross_amount: 75000, currency: "USD", move_id: move.id, service_key: "REMOVALS" });
  });

  test("a group's rule (off by default) approves an in-policy, in-budget expense with a receipt under its amount on submission", async () => {
    const f = await t.finance();
    expect(await f.finance.approval.autoRule({ groupId: move.groupId })).toEqual({ groupId: move.groupId, enabled: false, maxAmount: "0.00", currency: "EUR", requiresReceipt: true, version: 0 });
    await expectTrpcError((await t.hrAcme()).finance.approval.saveAutoRule({ groupId: move.groupId, enabled: true, maxAmount: "50", currency: "USD", requiresReceipt: false, version: 0 }), "FORBIDDEN");
    const rule = await f.finance.approval.saveAutoRule({ groupId: move.groupId, enabled: true, maxAmount: "50.00", currency: "USD", requiresReceipt: false, version: 0 });
    expect(rule).toMatchObject({ enabled: true, maxAmount: "50.00", version: 1 });
    const ruleV1 = { enabled: true, maxAmount: 5000, currency: "USD", requiresReceipt: false, version: 1 };
    await expectAudit(t.db, { action: "finance.autoRule", actor: DEMO.FINANCE, groupId: move.groupId, entity: "finance_auto_approval_rule", entityId: move.groupId, oldValues: null, newValues: ruleV1 });
    await expectTrpcError(f.finance.approval.saveAutoRule({ groupId: move.groupId, enabled: true, maxAmount: "50.00", currency: "USD", requiresReceipt: false, version: 0 }), "CONFLICT", AM.autoRuleChanged);
    const employee = await t.employee();
    const small = await employee.expenses.submit({ serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL", expenseDate: "2026-11-20", currency: "USD", gross: "20.00" });
    expect(small.expense.status).toBe("APPROVED");
    const [bill] = await billsOf("expense", small.id);
    expect(bill).toMatchObject({ decided_by_rule: `auto-approval:${move.groupId}:v1`, status: "Open", gross_amount: 2000 });
    const [audit] = await auditOf("expense", small.id, "finance.autoApprove");
    expect(JSON.parse(audit!.new_values!)).toEqual({ status: "APPROVED", version: 2, billIds: [bill!.id], rule: `auto-approval:${move.groupId}:v1` });
    await onItem("expense", small.id, "finance.autoApprove", { status: "SUBMITTED_WITHOUT_RECEIPT", version: 1 }, { status: "APPROVED", version: 2, billIds: [bill!.id], rule: `auto-approval:${move.groupId}:v1` }, DEMO.EMPLOYEE);
    const big = await employee.expenses.submit({ serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL", expenseDate: "2026-11-20", currency: "USD", gross: "60.00" });
    expect(big.expense.status).toBe("SUBMITTED_WITHOUT_RECEIPT");
    await f.finance.approval.saveAutoRule({ groupId: move.groupId, enabled: false, maxAmount: "50.00", currency: "USD", requiresReceipt: true, version: 1 });
    await expectAudit(t.db, {
      action: "finance.autoRule", actor: DEMO.FINANCE, groupId: move.groupId, entity: "finance_auto_approval_rule", entityId: move.groupId,
      oldValues: ruleV1, newValues: { enabled: false, maxAmount: 5000, currency: "USD", requiresReceipt: true, version: 2 },
    });
    const off = await employee.expenses.submit({ serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL", expenseDate: "2026-11-20", currency: "USD", gross: "20.00" });
    expect(off.expense.status).toBe("SUBMITTED_WITHOUT_RECEIPT");
  });
});

describe("other group", () => {
  test("globex items are visible to finance, never to acme's or globex's HR", async () => {
    const e = await expense({ description: "Globex taxi" }, globexMove);
    const f = await t.finance();
    const page = await f.finance.approval.list({ search: "globex taxi", sort: "date", dir: "desc", page: 1, pageSize: 20 });
    expect(page.rows.map((r) => r.id)).toEqual([e]);
    const hr = await jsonOf(await postJson(app, `${A}/approveExpense`, { id: e }, as(DEMO.GLOBEX)));
    expect(hr).toEqual({ status: 403, body: { success: false, errorMessage: messages.forbidden } });
    const noteByHr = await jsonOf(await postJson(app, `${A}/expense/note`, { expenseId: e, internalNote: "x" }, as(DEMO.HR)));
    expect(noteByHr.status).toBe(403);
  });
});

describe("every documented path", () => {
  const fill = (path: string, id: number) => path.replace("{id}", String(id)).replace("{type}", "expense");
  const call = (method: string, path: string, body: Record<string, unknown>, who: { cookie: string | null; headers: Record<string, string> }) =>
    method === "get" ? get(app, `${path}?${new URLSearchParams(Object.entries(body).map(([k, v]) => [k, String(v)]))}`, who) : method === "delete" ? send(app, "DELETE", path, null, who) : postJson(app, path, body, who);

  test("refuses signed-out callers, employees, HR of either group and CRM; writes nothing", async () => {
    const e = await expense();
    const crm = await cookieFor(t.db, "crm@meridian.test");
    const before = await t.db.selectFrom("audit_log").select(t.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    for (const op of financeApprovalOperations) {
      const body = { id: e, expenseId: e, billId: e, billType: "expense", type: "expense", moveStageId: 1, serviceCategory: "x", holdStatus: true, holdReason: "Exception Requested", rejectionId: 1, internalNote: "x", bookingCostId: e, requestForChangeReason: "x", invoiceServiceType: "expense", billLinesDTOs: [] };
      for (const [who, status] of [[as(DEMO.EMPLOYEE), 403], [as(DEMO.HR), 403], [as(DEMO.GLOBEX), 403], [{ cookie: crm, headers: { "Sec-Fetch-Site": "same-origin" } }, 403], [{ cookie: null, headers: { "Sec-Fetch-Site": "same-origin" } }, 401]] as const) {
        const res = await jsonOf(await call(op.method, fill(op.path, e), body, who));
        expect(res.status, `${op.method} ${op.path}`).toBe(status);
        expect(res.body.success, `${op.method} ${op.path}`).toBe(false);
      }
    }
    const after = await t.db.selectFrom("audit_log").select(t.db.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await t.db.selectFrom("expenses").select(["status", "version"]).where("id", "=", e).executeTakeFirstOrThrow())).toEqual({ status: "SUBMITTED_WITHOUT_RECEIPT", version: 1 });
  });

  test("retried writes with the same Idempotency-Key answer the first answer and act once (reject, hold, note, request change)", async () => {
    const e = await expense();
    const key = (k: string) => as(DEMO.FINANCE, { "Idempotency-Key": `${k}-${e}` });
    const hold = [await jsonOf(await postJson(app, `${A}/set-hold-status`, { expenseId: e, holdStatus: true, holdReason: "Exception Requested" }, key("hold"))), await jsonOf(await postJson(app, `${A}/set-hold-status`, { expenseId: e, holdStatus: true, holdReason: "Exception Requested" }, key("hold")))];
    expect(hold[1]).toEqual(hold[0]);
    expect(hold[0]!.status).toBe(200);
    expect(await auditOf("expense", e, "finance.hold")).toHaveLength(1);
    await postJson(app, `${A}/set-hold-status`, { expenseId: e, holdStatus: false }, as(DEMO.FINANCE));
    const notes = [await jsonOf(await postJson(app, `${A}/expense/note`, { expenseId: e, internalNote: "once" }, key("note"))), await jsonOf(await postJson(app, `${A}/expense/note`, { expenseId: e, internalNote: "once" }, key("note")))];
    expect(notes[1]).toEqual(notes[0]);
    expect(await auditOf("expense", e, "finance.note")).toHaveLength(1);
    const rejects = [await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=3`, key("reject"))), await jsonOf(await get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=3`, key("reject")))];
    expect(rejects[0]).toEqual({ status: 200, body: { success: true, status: "REJECTED" } });
    expect(rejects[1]).toEqual(rejects[0]);
    expect(await auditOf("expense", e, "finance.reject")).toHaveLength(1);
    const b = await item();
    const bk = as(DEMO.FINANCE, { "Idempotency-Key": `change-${b}` });
    const changes = [await jsonOf(await postJson(app, `${A}/requestChangeOfBookingCost`, { bookingCostId: b, requestForChangeReason: "Dates" }, bk)), await jsonOf(await postJson(app, `${A}/requestChangeOfBookingCost`, { bookingCostId: b, requestForChangeReason: "Dates" }, bk))];
    expect(changes[1]).toEqual(changes[0]);
    expect(await auditOf("finance_item", b, "finance.requestChange")).toHaveLength(1);
  });

  test("20 parallel rejections and holds of one item: one effect, clear refusals", async () => {
    const e = await expense();
    const rejects = await race(20, () => get(app, `${A}/rejectExpense?expenseId=${e}&rejectionId=2`, as(DEMO.FINANCE)));
    await expectOneEffect(rejects, { refusal: { code: 409, message: new RegExp(`^(${FM.approvalItemDone.replace(/[.]/g, "\\.")}|${AM.changed})$`) }, refusedWhen: (v) => (v && v.success === false ? v.errorMessage : null) });
    const h = await expense();
    const holds = await race(20, async () => (await t.finance()).finance.approval.setHold({ kind: "expense", id: h, holdStatus: true, holdReason: "Info Requested - HR" }));
    await expectOneEffect(holds, { refusal: { code: "CONFLICT", message: new RegExp(`^(${FM.billOnHold}|${AM.changed})$`) } });
    expect(await auditOf("expense", h, "finance.hold")).toHaveLength(1);
  });
});

