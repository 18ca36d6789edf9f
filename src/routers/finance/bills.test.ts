/**
 * Bill Management (issue 16; part 2 §4 Bill, §5, §7 billmanagement/…, §8) through tRPC and the
 * documented paths, on the dialect under test: the list, every status transition with its payment,
 * ledger entries and audit rows, refusals (bad input, wrong role, another group's HR, locked period,
 * held bill), retries with an idempotency key, and 50 parallel payments of one bill (one payment row,
 * one ledger entry).
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { billMessages as BM } from "../../domain/finance/schemas-bills.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, postForm, postJson, type TestApp } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";
import { todayUtc, type FinanceActor } from "../../services/finance/core.ts";
import { financeActorOf, makeBill, type MakeBill } from "./bills.fixtures.ts";

const t = useTestDatabase({ poolSize: 12 });
let app: TestApp;
let actor: FinanceActor;
const cookies: Record<string, string> = {};
const BASE = "/accountmanagement/billmanagement";
const ACME = DEMO.EMPLOYEE;
const GLOBEX_EMPLOYEE = "employee@globex.test";
const today = todayUtc();

beforeAll(async () => {
  app = appFor(t.db);
  actor = await financeActorOf(t.db, DEMO.FINANCE);
  for (const email of [DEMO.FINANCE, DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
});

afterEach(async () => {
  await t.db.deleteFrom("finance_lock_periods").execute();
});

const bill = (b: Partial<MakeBill> = {}) => makeBill(t.db, actor, { employeeEmail: ACME, ...b });
const billRow = (id: number) => t.db.selectFrom("bills").selectAll().where("id", "=", id).executeTakeFirst();
const paymentsOf = (id: number) => t.db.selectFrom("payments").selectAll().where("bill_id", "=", id).execute();
const entriesOf = (billId: number) => t.db.selectFrom("finance_entries").selectAll().where("bill_id", "=", billId).orderBy("id").execute();
const auditsOf = (id: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", "bill").where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
/** The bill's newest audit row of `action`, field by field (issue 23 item 24); the actor is the finance user. */
const onBill = (billId: number, groupId: number, action: string, oldValues: unknown, newValues: unknown) =>
  expectAudit(t.db, { action, actor: DEMO.FINANCE, groupId, entity: "bill", entityId: billId, oldValues, newValues });
/** The bill's `snapshot` (old values of a status change, hold and send-back). */
const snap = (b: { status: string; audited: number; hold_reason: string | null; version: number; due_date: string | null; to_account_id: number | null }) =>
  ({ status: b.status, audited: b.audited === 1, holdReason: b.hold_reason, version: b.version, dueDate: b.due_date, toAccountId: b.to_account_id });
const balanceOf = async (accountId: number) => {
  const rows = await t.db.selectFrom("finance_entries").select(["amount", "balance_after"]).where("account_id", "=", accountId).orderBy("seq").execute();
  const sum = rows.reduce((n, r) => n + r.amount, 0);
  expect(rows.at(-1)?.balance_after ?? 0).toBe(sum);
  return sum;
};
const as = (email: string) => ({ cookie: cookies[email]! });

async function pending(id: number) {
  const [r] = await (await t.finance()).finance.bills.updateStatus({ bills: [{ id, status: "PaymentPending" }] });
  expect(r).toMatchObject({ id, success: true, errorMessage: null, status: "PaymentPending" });
}

describe("list", () => {
  test("the Open list shows a new bill with its amounts, accounts and actions; search, totals per currency", async () => {
    const { billId, accountId } = await bill({ currency: "GBP", gross: 9_900, reference: "LIST-UNIQUE-1" });
    const finance = await t.finance();
    const page = await finance.finance.bills.list({ status: "Open", search: "LIST-UNIQUE-1" });
    expect(page.total).toBe(1);
    const row = page.rows[0]!;
    expect(row).toMatchObject({ id: billId, billType: "Expense", status: "Open", audited: false, holdReason: null, currency: "GBP", gross: 9_900, reference: "LIST-UNIQUE-1", employeeName: "Emma Lindqvist" });
    expect(row.toAccount).toEqual({ id: accountId, name: "Emma Lindqvist (GBP)", currency: "GBP" });
    expect(row.actions).toMatchObject({ pay: false, void: true, select: true, markPaymentPending: true, recordPayment: true, audit: false, hold: true, unhold: false, sendBack: true, export: false });
    expect(page.totals).toEqual([{ currency: "GBP", amount: 9_900 }]);
    const byId = await finance.finance.bills.list({ status: "Open", search: String(billId) });
    expect(byId.rows.map((r) => r.id)).toContain(billId);
    const admin = await t.admin();
    expect((await admin.finance.bills.list({ status: "Open", search: "LIST-UNIQUE-1" })).total).toBe(1);
  });

  test("sort and pagination", async () => {
    for (const gross of [100, 300, 200]) await bill({ gross, reference: `SORT-${gross}-X` });
    const finance = await t.finance();
    const asc = await finance.finance.bills.list({ status: "Open", search: "SORT-", sort: "amount", dir: "asc", pageSize: 2, page: 1 });
    expect(asc.total).toBe(3);
    expect(asc.rows.map((r) => r.gross)).toEqual([100, 200]);
    const next = await finance.finance.bills.list({ status: "Open", search: "SORT-", sort: "amount", dir: "asc", pageSize: 2, page: 2 });
    expect(next.rows.map((r) => r.gross)).toEqual([300]);
  });

  test("wrong role and another group's HR are refused; bad input is refused", async () => {
    for (const who of [t.hrAcme, t.hrGlobex, t.employee]) await expectTrpcError((await who()).finance.bills.list({ status: "Open" }), "FORBIDDEN", messages.forbidden);
    await expectInputError((await t.finance()).finance.bills.list({ status: "Nope" as never }), "status");
    await expectInputError((await t.finance()).finance.bills.list({ pageSize: 1000 }), "pageSize");
    await expectInputError((await t.finance()).finance.bills.get({ id: 2_147_483_648 }), "id");
    await expectTrpcError((await t.finance()).finance.bills.get({ id: 2_147_483_647 }), "NOT_FOUND", FM.billNotFound);
    const res = await postForm(app, `${BASE}/hold-bill`, { billId: "1", holdReason: "Exception Requested" }, as(DEMO.HR));
    await expectLegacyFailure(res, 403, { message: messages.forbidden });
    const res2 = await postForm(app, `${BASE}/hold-bill`, { billId: "1", holdReason: "Exception Requested" }, as(DEMO.GLOBEX));
    await expectLegacyFailure(res2, 403, { message: messages.forbidden });
  });
});

describe("status updates", () => {
  test("Open → PaymentPending → Paid: one payment row, a payment entry −gross dated the payment date, the audit rows", async () => {
    const { billId, accountId } = await bill({ gross: 50_000 });
    expect(await balanceOf(accountId)).toBeGreaterThanOrEqual(50_000);
    const before = await balanceOf(accountId);
    const open = (await billRow(billId))!;
    await pending(billId);
    await onBill(billId, open.group_id, "markPaymentPending", snap(open), { status: "PaymentPending" });
    const pendingRow = (await billRow(billId))!;
    const finance = await t.finance();
    const [r] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today, reference: "PAY-1" }] });
    expect(r).toEqual({ id: billId, success: true, errorMessage: null, skippableErrors: [], status: "Paid" });
    const stored = (await billRow(billId))!;
    expect(stored.status).toBe("Paid");
    expect(stored.version).toBe(3);
    const payments = await paymentsOf(billId);
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({ amount: 50_000, currency: "EUR", payment_date: today, status: "PAID", reference: "PAY-1", recipient_account_id: accountId });
    const entries = await entriesOf(billId);
    expect(entries.map((e) => [e.kind, e.amount, e.entry_date])).toEqual([
      ["charge", 50_000, today],
      ["payment", -50_000, today],
    ]);
    expect(entries[1]!.payment_id).toBe(payments[0]!.id);
    expect(await balanceOf(accountId)).toBe(before - 50_000);
    const [audit] = await auditsOf(billId, "pay");
    expect(audit!.actor_user_id).toBe(actor.user.id);
    expect(audit!.group_id).toBe(stored.group_id);
    expect(JSON.parse(audit!.old_values!)).toMatchObject({ status: "PaymentPending", audited: false, holdReason: null, version: 2 });
    expect(JSON.parse(audit!.new_values!)).toMatchObject({ status: "Paid", paymentId: payments[0]!.id, entryId: entries[1]!.id, amount: { amount: 50_000, currency: "EUR" }, paymentDate: today });
    expect(await auditsOf(billId, "markPaymentPending")).toHaveLength(1);
    await onBill(billId, stored.group_id, "pay", snap(pendingRow), {
      status: "Paid", paymentId: payments[0]!.id, entryId: entries[1]!.id, amount: { amount: 50_000, currency: "EUR" }, recipient: null, paymentDate: today, multipleBills: false,
    });
    // Paid again: refused, nothing more.
    const [again] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid" }] });
    expect(again).toMatchObject({ success: false, errorMessage: FM.alreadyPaid });
    expect(await paymentsOf(billId)).toHaveLength(1);
  });

  test("Paid straight from Open is not a transition; an unknown bill is not found; a future payment date is refused", async () => {
    const { billId } = await bill();
    const finance = await t.finance();
    const [r] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid" }] });
    expect(r).toMatchObject({ success: false, errorMessage: "This bill cannot go from Open to Paid" });
    const [missing] = await finance.finance.bills.updateStatus({ bills: [{ id: 999_999, status: "PaymentPending" }] });
    expect(missing).toMatchObject({ success: false, errorMessage: FM.billNotFound });
    await pending(billId);
    const [future] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: "2099-01-01" }] });
    expect(future).toMatchObject({ success: false, errorMessage: FM.dateInFuture });
    // Past the finance date range (1900-01-01…2099-12-31, issue 23 item 7) it is bad input.
    await expectInputError(finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: "2999-01-01" }] }), "bills.0.paymentDate");
    await expectInputError(finance.finance.bills.updateStatus({ bills: [] }), "bills");
    await expectInputError(finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Gone" as never }] }), "bills.0.status");
    expect(await paymentsOf(billId)).toHaveLength(0);
  });

  test("skippable errors: a bill past its due date is paid only with ignoreErrors", async () => {
    const { billId } = await bill({ dueDate: "2026-11-01" });
    await pending(billId);
    const finance = await t.finance();
    const [stop] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] });
    expect(stop).toEqual({ id: billId, success: false, errorMessage: null, skippableErrors: [BM.pastDue], status: null });
    expect((await billRow(billId))!.status).toBe("PaymentPending");
    const [go] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today, ignoreErrors: true }] });
    expect(go).toMatchObject({ success: true, skippableErrors: [BM.pastDue] });
  });

  test("void: a reason is required for Expense and VendorBooking; the reversal entry; nothing after void", async () => {
    const { billId, accountId } = await bill({ gross: 7_000 });
    const before = await balanceOf(accountId);
    const finance = await t.finance();
    const [noReason] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void" }] });
    expect(noReason).toMatchObject({ success: false, errorMessage: FM.voidReasonRequired });
    const [tooLong] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 7, rejectionReason: "x".repeat(251) }] });
    expect(tooLong).toMatchObject({ success: false, errorMessage: FM.voidReasonMax });
    const [wrongScope] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 1 }] });
    expect(wrongScope).toMatchObject({ success: false, errorMessage: BM.voidReasonUnknown });
    const open = (await billRow(billId))!;
    const [ok] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 7, rejectionReason: "Duplicate invoice" }] });
    expect(ok).toMatchObject({ success: true, status: "Void" });
    expect(await billRow(billId)).toMatchObject({ status: "Void", void_reason_id: 7, void_reason: "Duplicate invoice" });
    expect((await entriesOf(billId)).map((e) => [e.kind, e.amount])).toEqual([
      ["charge", 7_000],
      ["reversal", -7_000],
    ]);
    expect(await balanceOf(accountId)).toBe(before - 7_000);
    const [audit] = await auditsOf(billId, "void");
    expect(JSON.parse(audit!.new_values!)).toMatchObject({ status: "Void", voidReasonId: 7, voidReason: "Duplicate invoice" });
    const reversal = (await entriesOf(billId))[1]!;
    await onBill(billId, open.group_id, "void", snap(open), { status: "Void", voidReasonId: 7, voidReason: "Duplicate invoice", entryId: reversal.id });
    const [again] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
    expect(again).toMatchObject({ success: false, errorMessage: "This bill cannot go from Void to PaymentPending" });
    // A cash allowance needs no reason.
    const cash = await bill({ billType: "CashAllowances" });
    const [cashVoid] = await finance.finance.bills.updateStatus({ bills: [{ id: cash.billId, status: "Void" }] });
    expect(cashVoid).toMatchObject({ success: true });
  });

  test("PaidPendingAudit payment rules, then audit (irreversible)", async () => {
    const { billId, accountId } = await bill({ gross: 2_500, currency: "USD" });
    const before = await balanceOf(accountId);
    const finance = await t.finance();
    const bad = await finance.finance.bills.updateStatus({
      bills: [
        { id: billId, status: "PaidPendingAudit", paymentAmount: "25.00", paymentDate: today },
        { id: billId, status: "PaidPendingAudit", paymentAmount: "0", currency: "USD", paymentDate: today },
        { id: billId, status: "PaidPendingAudit", paymentAmount: "25.00", currency: "USD", paymentDate: "2099-01-01" },
        { id: billId, status: "PaidPendingAudit", paymentAmount: "25.00", currency: "USD", paymentDate: today, differentRecipientCurrency: true },
      ],
    });
    expect(bad.map((r) => r.errorMessage)).toEqual([FM.currencyRequired, FM.amountNonZero, FM.dateInFuture, FM.recipientRequired]);
    const open = (await billRow(billId))!;
    const [ok] = await finance.finance.bills.updateStatus({
      bills: [{ id: billId, status: "PaidPendingAudit", paymentAmount: "25.00", currency: "USD", paymentDate: today, differentRecipientCurrency: true, recipientAmount: "23.10", recipientCurrency: "EUR" }],
    });
    expect(ok).toMatchObject({ success: true, status: "PaidPendingAudit" });
    expect((await paymentsOf(billId))[0]).toMatchObject({ status: "PAID_PENDING_AUDIT", amount: 2_500, currency: "USD", recipient_amount: 2_310, recipient_currency: "EUR", different_recipient_currency: 1 });
    expect(await balanceOf(accountId)).toBe(before - 2_500);
    const [payment] = await paymentsOf(billId);
    const payEntry = (await entriesOf(billId)).find((e) => e.payment_id === payment!.id)!;
    await onBill(billId, open.group_id, "recordPayment", snap(open), {
      status: "PaidPendingAudit", paymentId: payment!.id, entryId: payEntry.id, amount: { amount: 2_500, currency: "USD" }, recipient: { amount: 2_310, currency: "EUR" }, paymentDate: today, multipleBills: false,
    });
    const recorded = (await billRow(billId))!;
    const listed = await finance.finance.bills.list({ status: "PaidPendingAudit", search: String(billId) });
    expect(listed.rows.find((r) => r.id === billId)?.actions.audit).toBe(true);
    const [audited] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Audited" }] });
    expect(audited).toMatchObject({ success: true, status: "Audited" });
    expect(await billRow(billId)).toMatchObject({ audited: 1, audited_by: actor.user.id });
    await onBill(billId, open.group_id, "audit", snap(recorded), { audited: true });
    const [twice] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Audited" }] });
    expect(twice).toMatchObject({ success: false, errorMessage: FM.alreadyAudited });
    await expectTrpcError(finance.finance.bills.updateBill({ id: billId, due: today }), "CONFLICT", FM.alreadyAudited);
    expect((await finance.finance.bills.list({ status: "Audited", search: String(billId) })).rows.map((r) => r.id)).toContain(billId);
  });

  test("a locked period refuses the payment (bill dated inside it) and the void; nothing is written", async () => {
    const { billId } = await bill({ billDate: "2026-10-15" });
    await pending(billId);
    await t.db.insertInto("finance_lock_periods").values({ period_name: "October 2026", lock_date: "2026-10-31", created_by: actor.user.id, created_at: new Date().toISOString() }).execute();
    const lockText = "This date is on or before the lock date of period October 2026 (2026-10-31); nothing can be created, changed or paid there";
    const finance = await t.finance();
    const [paid] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] });
    expect(paid).toMatchObject({ success: false, errorMessage: lockText });
    const [voided] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 8 }] });
    expect(voided).toMatchObject({ success: false, errorMessage: lockText });
    const res = await postJson(app, `${BASE}/update-bill-status`, [{ id: billId, status: "Paid", paymentDate: today }], as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect((await res.json())[0]).toMatchObject({ success: false, errorMessage: lockText });
    expect(await paymentsOf(billId)).toHaveLength(0);
    expect((await billRow(billId))!.status).toBe("PaymentPending");
    expect(await entriesOf(billId)).toHaveLength(1);
  });

  test("a payment date inside a locked period is refused for a bill dated after it", async () => {
    const { billId } = await bill({ billDate: today });
    await pending(billId);
    await t.db.insertInto("finance_lock_periods").values({ period_name: "Q3 2026", lock_date: "2026-09-30", created_by: actor.user.id, created_at: new Date().toISOString() }).execute();
    const [paid] = await (await t.finance()).finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: "2026-09-15" }] });
    expect(paid!.errorMessage).toContain("Q3 2026");
    expect(await paymentsOf(billId)).toHaveLength(0);
  });
});

describe("hold", () => {
  test("hold needs one of the four reasons; a held bill refuses pay, void and payment pending; unhold", async () => {
    const { billId } = await bill();
    const finance = await t.finance();
    await expectInputError(finance.finance.bills.hold({ billId, holdReason: "Because" as never }), "holdReason");
    const open = (await billRow(billId))!;
    const held = await finance.finance.bills.hold({ billId, holdReason: "Info Requested - HR" });
    expect(held.bill).toMatchObject({ id: billId, holdReason: "Info Requested - HR" });
    expect(held.bill!.actions).toMatchObject({ pay: false, void: false, select: false, unhold: true, hold: false });
    const results = await finance.finance.bills.updateStatus({
      bills: [
        { id: billId, status: "PaymentPending" },
        { id: billId, status: "Void", rejectionId: 7 },
        { id: billId, status: "PaidPendingAudit", paymentAmount: "1", currency: "EUR", paymentDate: today },
      ],
    });
    expect(results.map((r) => r.errorMessage)).toEqual([FM.billOnHold, FM.billOnHold, FM.billOnHold]);
    await expectTrpcError(finance.finance.bills.hold({ billId, holdReason: "Exception Requested" }), "CONFLICT", FM.billOnHold);
    await expectTrpcError(finance.finance.bills.sendBack({ id: billId, status: "Open" }), "CONFLICT", FM.billOnHold);
    const [audit] = await auditsOf(billId, "hold");
    expect(JSON.parse(audit!.new_values!)).toEqual({ holdReason: "Info Requested - HR" });
    await onBill(billId, open.group_id, "hold", snap(open), { holdReason: "Info Requested - HR" });
    const onHold = (await billRow(billId))!;
    const unheld = await finance.finance.bills.unhold({ billId });
    expect(unheld.bill!.holdReason).toBeNull();
    await onBill(billId, open.group_id, "unhold", snap(onHold), { holdReason: null });
    await expectTrpcError(finance.finance.bills.unhold({ billId }), "CONFLICT", FM.billNotOnHold);
    // Through the documented paths.
    const res = await postForm(app, `${BASE}/hold-bill`, { billId: String(billId), holdReason: "Exception Requested" }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect((await res.json()).bill.holdReason).toBe("Exception Requested");
    const un = await postForm(app, `${BASE}/unhold-bill`, { billId: String(billId) }, as(DEMO.FINANCE));
    expect(un.status).toBe(200);
    await expectLegacyFailure(await postForm(app, `${BASE}/hold-bill`, { billId: String(billId) }, as(DEMO.FINANCE)), 400, { message: FM.holdReasonRequired });
  });
});

describe("multi-bill payment", () => {
  test("calculatemultiple: uniform currencies, Paid popup totals; two bills paid together", async () => {
    const a = await bill({ gross: 1_000, currency: "EUR" });
    const b = await bill({ gross: 2_500, currency: "EUR" });
    const c = await bill({ gross: 700, currency: "GBP" });
    const finance = await t.finance();
    const mixed = await finance.finance.bills.calculateMultiple({ bills: [a.billId, c.billId] });
    expect(mixed).toMatchObject({ success: false, errorMessage: FM.mixedBillCurrencies, billCount: 2 });
    expect(mixed.totalsFrom).toEqual([
      { amount: 1_000, currency: "EUR" },
      { amount: 700, currency: "GBP" },
    ]);
    const ok = await finance.finance.bills.calculateMultiple({ bills: [a.billId, b.billId, a.billId] });
    expect(ok).toMatchObject({ success: true, errorMessage: null, billCount: 2, totalFrom: { amount: 3_500, currency: "EUR" } });
    const differ = await finance.finance.bills.calculateMultiple({ bills: [a.billId, b.billId], totalAmountFrom: "35.00", amountFromCurrency: "EUR", totalAmountTo: "34.00", amountToCurrency: "EUR" });
    expect(differ).toMatchObject({ success: false, errorMessage: FM.paidTotalsDiffer });
    await expectInputError(finance.finance.bills.calculateMultiple({ bills: [] }), "bills");
    const legacy = await postForm(app, `${BASE}/calculatemultiple`, { bills: `${a.billId},${b.billId}` }, as(DEMO.FINANCE));
    expect(legacy.status).toBe(200);
    expect(await legacy.json()).toMatchObject({ success: true, billCount: 2 });

    await pending(a.billId);
    await pending(b.billId);
    await pending(c.billId);
    const refused = await finance.finance.bills.updateStatus({ bills: [a.billId, c.billId].map((id) => ({ id, status: "Paid" as const, multipleBills: true })) });
    expect(refused.map((r) => r.errorMessage)).toEqual([FM.mixedBillCurrencies, FM.mixedBillCurrencies]);
    const paid = await finance.finance.bills.updateStatus({ bills: [a.billId, b.billId].map((id) => ({ id, status: "Paid" as const, multipleBills: true, paymentDate: today })) });
    expect(paid.map((r) => r.success)).toEqual([true, true]);
    expect((await paymentsOf(a.billId)).length + (await paymentsOf(b.billId)).length).toBe(2);
  });
});

describe("concurrency and retries", () => {
  test("50 parallel payments of one bill: one payment row, one payment entry, clear refusals", async () => {
    const { billId } = await bill({ gross: 10_000 });
    await pending(billId);
    const callers = await Promise.all(Array.from({ length: 50 }, () => callerFor(t.db, DEMO.FINANCE)));
    const results = await race(50, (i) => callers[i]!.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] }));
    await expectOneEffect(results, {
      refusal: { code: "REFUSED", message: /^(This bill has already been paid|This bill was changed by someone else; reload it and try again)$/ },
      refusedWhen: (v: { success: boolean; errorMessage: string | null }[]) => (v[0]!.success ? null : v[0]!.errorMessage),
    });
    expect(await paymentsOf(billId)).toHaveLength(1);
    expect((await entriesOf(billId)).filter((e) => e.kind === "payment")).toHaveLength(1);
    expect(await auditsOf(billId, "pay")).toHaveLength(1);
  });

  test("50 parallel documented hold-bill calls: one hold, the others refused", async () => {
    const { billId } = await bill();
    const results = await race(50, () => postForm(app, `${BASE}/hold-bill`, { billId: String(billId), holdReason: "Exception Requested" }, as(DEMO.FINANCE)));
    await expectOneEffect(results, { refusal: { code: 409, message: /^(This bill is on hold|This bill was changed by someone else; reload it and try again)$/ } });
    expect(await auditsOf(billId, "hold")).toHaveLength(1);
  });

  test("a retried request with the same Idempotency-Key answers the first answer and pays once", async () => {
    const { billId } = await bill({ gross: 4_200 });
    await pending(billId);
    const finance = await t.finance();
    const first = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }], idempotencyKey: `pay-${billId}` });
    const second = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }], idempotencyKey: `pay-${billId}` });
    expect(second).toEqual(first);
    expect(first[0]!.success).toBe(true);
    expect(await paymentsOf(billId)).toHaveLength(1);
    // Documented path with the header.
    const other = await bill();
    const headers = { "Idempotency-Key": `hold-${other.billId}` };
    const r1 = await postForm(app, `${BASE}/hold-bill`, { billId: String(other.billId), holdReason: "Info Requested - Vendor" }, { ...as(DEMO.FINANCE), headers });
    const r2 = await postForm(app, `${BASE}/hold-bill`, { billId: String(other.billId), holdReason: "Info Requested - Vendor" }, { ...as(DEMO.FINANCE), headers });
    expect(r1.status).toBe(200);
    expect(r2.status).toBe(200);
    expect(await r2.json()).toEqual(await r1.json());
    expect(await auditsOf(other.billId, "hold")).toHaveLength(1);
    // The same key for another request is refused.
    const r3 = await postForm(app, `${BASE}/unhold-bill`, { billId: String(other.billId) }, { ...as(DEMO.FINANCE), headers });
    await expectLegacyFailure(r3, 409);
  });
});

describe("single-bill changes", () => {
  test("update-bill (due), update-to-account, update-payment (currency, timestamp) and billapproval/update-payment", async () => {
    const { billId, accountId } = await bill({ gross: 3_000, currency: "EUR", employeeEmail: GLOBEX_EMPLOYEE });
    const finance = await t.finance();
    const open = (await billRow(billId))!;
    const due = await finance.finance.bills.updateBill({ id: billId, due: "2026-12-31" });
    expect(due.bill!.dueDate).toBe("2026-12-31");
    await onBill(billId, open.group_id, "updateDue", { dueDate: open.due_date }, { dueDate: "2026-12-31" });
    const legacyDue = await postForm(app, `${BASE}/update-bill`, { id: String(billId), due: "" }, as(DEMO.FINANCE));
    expect(legacyDue.status).toBe(200);
    expect((await billRow(billId))!.due_date).toBeNull();
    await expectInputError(finance.finance.bills.updateBill({ id: billId, due: "31/12/2026" }), "due");

    // Another account of the same employee in the same currency (a second default is not possible: a plain account).
    const now = new Date().toISOString();
    const employee = await t.db.selectFrom("users").select(["id", "group_id"]).where("email", "=", GLOBEX_EMPLOYEE).executeTakeFirstOrThrow();
    const second = await t.db
      .insertInto("finance_accounts")
      .values({ name: "Grace Okafor (EUR, savings)", type: "Employee", group_id: employee.group_id, user_id: employee.id, currency: "EUR", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    const gbp = await t.db
      .insertInto("finance_accounts")
      .values({ name: "Grace Okafor (GBP)", type: "Employee", group_id: employee.group_id, user_id: employee.id, currency: "GBP", created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expectTrpcError(finance.finance.bills.updateToAccount({ id: billId, toAccountId: gbp.id }), "BAD_REQUEST", BM.accountCurrency);
    const moved = await finance.finance.bills.updateToAccount({ id: billId, toAccountId: second.id });
    expect(moved.bill!.toAccount!.id).toBe(second.id);
    await onBill(billId, open.group_id, "updateToAccount", { toAccountId: accountId }, { toAccountId: second.id });
    expect((await entriesOf(billId)).map((e) => [e.account_id, e.kind, e.amount])).toEqual([
      [accountId, "charge", 3_000],
      [accountId, "reversal", -3_000],
      [second.id, "charge", 3_000],
    ]);
    await balanceOf(accountId);
    expect(await balanceOf(second.id)).toBe(3_000);

    await expectTrpcError(finance.finance.bills.updatePayment({ id: billId, currency: "GBP" }), "CONFLICT", BM.noPayment);
    await pending(billId);
    await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] });
    const changed = await finance.finance.bills.updatePayment({ id: billId, currency: "GBP" });
    expect(changed.bill!.payment).toMatchObject({ currency: "EUR", recipientCurrency: "GBP" });
    const [paid] = await paymentsOf(billId);
    await onBill(billId, open.group_id, "updatePayment", { paymentId: paid!.id, paymentDate: today, recipientCurrency: null }, { paymentId: paid!.id, paymentDate: today, recipientCurrency: "GBP" });
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const res = await postForm(app, "/accountmanagement/billapproval/update-payment", { id: String(billId), timestamp: yesterday }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect((await paymentsOf(billId))[0]!.payment_date).toBe(yesterday);
    await onBill(billId, open.group_id, "updatePayment", { paymentId: paid!.id, paymentDate: today, recipientCurrency: "GBP" }, { paymentId: paid!.id, paymentDate: yesterday, recipientCurrency: "GBP" });
    const payEntries = (await entriesOf(billId)).filter((e) => e.payment_id !== null).map((e) => [e.kind, e.amount, e.entry_date]);
    expect(payEntries).toEqual([
      ["payment", -3_000, today],
      ["reversal", 3_000, today],
      ["payment", -3_000, yesterday],
    ]);
    expect(await balanceOf(second.id)).toBe(0);
    await expectLegacyFailure(await postForm(app, `${BASE}/update-payment`, { id: String(billId) }, as(DEMO.FINANCE)), 400, { message: BM.nothingToChange });
    await expectLegacyFailure(await postForm(app, `${BASE}/update-payment`, { id: String(billId), currency: "GBP" }, as(DEMO.GLOBEX)), 403);
  });

  test("send-bill-back removes the bill and its lines, reverses the charge and puts the item back to SUBMITTED", async () => {
    const { billId, accountId, itemId } = await bill({ gross: 8_800 });
    const before = await balanceOf(accountId);
    const finance = await t.finance();
    await expectTrpcError(finance.finance.bills.sendBack({ id: billId, status: "PaymentPending" }), "CONFLICT", BM.statusChanged);
    const open = (await billRow(billId))!;
    const res = await postForm(app, `${BASE}/send-bill-back`, { id: String(billId), status: "Open" }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, removed: true, id: billId });
    expect(await billRow(billId)).toBeUndefined();
    expect(await t.db.selectFrom("bill_lines").select("id").where("bill_id", "=", billId).execute()).toHaveLength(0);
    expect((await entriesOf(billId)).map((e) => [e.kind, e.amount])).toEqual([
      ["charge", 8_800],
      ["reversal", -8_800],
    ]);
    expect(await balanceOf(accountId)).toBe(before - 8_800);
    expect(await t.db.selectFrom("finance_items").select(["status", "version"]).where("id", "=", itemId).executeTakeFirstOrThrow()).toEqual({ status: "SUBMITTED", version: 2 });
    const [audit] = await auditsOf(billId, "sendBack");
    expect(JSON.parse(audit!.new_values!)).toMatchObject({ removed: true, source: `externalSpend:${itemId}`, restored: { itemId, from: "APPROVED", to: "SUBMITTED" } });
    const sendBackReversal = (await entriesOf(billId))[1]!;
    await onBill(billId, open.group_id, "sendBack", snap(open), { removed: true, entryId: sendBackReversal.id, source: `externalSpend:${itemId}`, restored: { itemId, from: "APPROVED", to: "SUBMITTED" } });
    await expectTrpcError(finance.finance.bills.sendBack({ id: billId, status: "Open" }), "NOT_FOUND", FM.billNotFound);
    // Paid bills stay.
    const paid = await bill();
    await pending(paid.billId);
    await finance.finance.bills.updateStatus({ bills: [{ id: paid.billId, status: "Paid", paymentDate: today }] });
    await expectTrpcError(finance.finance.bills.sendBack({ id: paid.billId, status: "Paid" }), "CONFLICT", "This bill cannot go from Paid to Bill Approval");
  });

  test("mark-employee-rfp-as-paid records a PaidPendingAudit payment; a vendor booking is refused", async () => {
    const { billId } = await bill({ gross: 1_234 });
    const res = await postForm(app, `${BASE}/mark-employee-rfp-as-paid`, { id: String(billId) }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect((await res.json()).bill).toMatchObject({ status: "PaidPendingAudit" });
    expect((await paymentsOf(billId))[0]).toMatchObject({ amount: 1_234, currency: "EUR", payment_date: today, status: "PAID_PENDING_AUDIT" });
    const vendor = await bill({ billType: "VendorBooking" });
    await expectLegacyFailure(await postForm(app, `${BASE}/mark-employee-rfp-as-paid`, { id: String(vendor.billId) }, as(DEMO.FINANCE)), 409, { message: FM.markRfpPaidError });
    await expectLegacyFailure(await postForm(app, `${BASE}/mark-employee-rfp-as-paid`, { id: String(billId) }, as(DEMO.EMPLOYEE)), 403);
  });

  test("update-bill-status through the documented path: a JSON array, bad input, no stack traces", async () => {
    const { billId } = await bill();
    const res = await postJson(app, `${BASE}/update-bill-status`, [{ id: billId, status: "PaymentPending" }], as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ id: billId, success: true, errorMessage: null, skippableErrors: [], status: "PaymentPending" }]);
    await expectLegacyFailure(await postJson(app, `${BASE}/update-bill-status`, [], as(DEMO.FINANCE)), 400, { message: FM.selectAtLeastOneBill });
    await expectLegacyFailure(await postJson(app, `${BASE}/update-bill-status`, { bills: [{ id: "x", status: "Paid" }] }, as(DEMO.FINANCE)), 400);
    await expectLegacyFailure(await postJson(app, `${BASE}/update-bill-status`, [{ id: billId, status: "Paid" }], as(DEMO.HR)), 403, { message: messages.forbidden });
    const anon = await postJson(app, `${BASE}/update-bill-status`, [{ id: billId, status: "Paid" }]);
    expect(anon.status).toBe(401);
  });
});

describe("export to the payment provider", () => {
  test("form-posted billIds make one batch with a CSV and a pain.001 file; a bill is exported once; downloads are read-only", async () => {
    const a = await bill({ gross: 12_050, currency: "EUR", reference: "INV, \"quoted\"" });
    const b = await bill({ gross: 5_000, currency: "JPY", employeeEmail: GLOBEX_EMPLOYEE });
    const open = await bill();
    await pending(a.billId);
    await pending(b.billId);
    const notPending = await postForm(app, `${BASE}/export`, { billIds: `${a.billId},${open.billId}` }, as(DEMO.FINANCE));
    await expectLegacyFailure(notPending, 409, { message: `Only bills marked as payment pending can be exported (bill ${open.billId})` });
    await expectLegacyFailure(await postForm(app, `${BASE}/export`, { billIds: "" }, as(DEMO.FINANCE)), 400, { message: BM.exportNothing });
    await expectLegacyFailure(await postForm(app, `${BASE}/export`, { billIds: `${a.billId}` }, as(DEMO.HR)), 403);
    const res = await postForm(app, `${BASE}/export`, { billIds: `${a.billId},${b.billId}` }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    const batch = await res.json();
    expect(batch).toMatchObject({ success: true, billCount: 2, totals: [{ amount: 12_050, currency: "EUR" }, { amount: 5_000, currency: "JPY" }] });
    await expectLegacyFailure(await postForm(app, `${BASE}/export`, { billIds: `[${b.billId}]` }, as(DEMO.FINANCE)), 409, { message: `Bill ${b.billId} has already been exported to the payment provider` });
    const csv = await get(app, batch.csvUrl, as(DEMO.FINANCE));
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    const lines = text.split("\r\n");
    expect(lines[0]).toBe("batchId,messageId,endToEndId,billId,billType,groupName,payeeName,payeeAccountName,payeeAccountNumber,currency,amount,reference,billDate,dueDate,requestedExecutionDate,payeeIban,payeeBic,payeeBankCode,debtorAccountName,debtorIban,debtorBic,debtorAccountNumber,debtorBankCode");
    expect(lines[1]).toContain(`BILL-${a.billId},${a.billId},Expense,`);
    expect(lines[1]).toContain(`,EUR,120.50,"INV, ""quoted""",`);
    expect(lines[2]).toContain(",JPY,5000,");
    const xml = await get(app, batch.xmlUrl, as(DEMO.FINANCE));
    expect(xml.status).toBe(200);
    const body = await xml.text();
    expect(body).toContain("urn:iso:std:iso:20022:tech:xsd:pain.001.001.03");
    expect(body).toContain(`<InstdAmt Ccy="EUR">120.50</InstdAmt>`);
    expect(body).toContain(`<InstdAmt Ccy="JPY">5000</InstdAmt>`);
    expect(body).toContain("<CtrlSum>5120.50</CtrlSum>");
    await expectLegacyFailure(await get(app, batch.xmlUrl, as(DEMO.GLOBEX)), 403);
    await expectLegacyFailure(await get(app, `${BASE}/export/999999/csv`, as(DEMO.FINANCE)), 404, { message: BM.batchNotFound });
    const listed = await (await t.finance()).finance.bills.list({ status: "PaymentPending", search: String(a.billId) });
    expect(listed.rows.find((r) => r.id === a.billId)).toMatchObject({ exportBatchId: batch.batchId, actions: { export: false } });
    const file = await (await t.finance()).finance.bills.batchFile({ batchId: batch.batchId, format: "xml" });
    expect(file.content).toBe(body);
    expect((await (await t.finance()).finance.bills.batches()).map((x) => x.id)).toContain(batch.batchId);
  });
});
