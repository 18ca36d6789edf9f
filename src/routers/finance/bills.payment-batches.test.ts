/**
 * Issue 23 on the dialect under test: a bill in a payment file cannot be voided, sent back or moved to
 * another account until its batch is cancelled (item 1; the batch and its rows are never deleted; a
 * batch with a paid bill cannot be cancelled; parallel cancel/void/send-back give one effect each); a
 * multi-bill payment is all or nothing (item 2); a recurring instalment's bill sent back returns its
 * charge to Bill Approval (item 5); mark-employee-rfp-as-paid reads the bill's currency digits from
 * the ISO 4217 table (item 6).
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { fill, financeMessages as FM } from "../../domain/finance/messages.ts";
import { billMessages as BM } from "../../domain/finance/schemas-bills.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, postForm, postJson, type TestApp } from "../../test/app.ts";
import { expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";
import { expectNoServerError, outcomesOf, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";
import { todayUtc, type FinanceActor } from "../../services/finance/core.ts";
import { financeActorOf, makeBill, type MakeBill } from "./bills.fixtures.ts";

const t = useTestDatabase({ poolSize: 12 });
let app: TestApp;
let actor: FinanceActor;
const cookies: Record<string, string> = {};
const BASE = "/accountmanagement/billmanagement";
const today = todayUtc();
const NOW = new Date().toISOString();

beforeAll(async () => {
  app = appFor(t.db);
  actor = await financeActorOf(t.db, DEMO.FINANCE);
  for (const email of [DEMO.FINANCE, DEMO.HR, DEMO.EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
});

afterEach(async () => {
  await t.db.deleteFrom("finance_lock_periods").execute();
});

const as = (email: string) => ({ cookie: cookies[email]!, headers: { "Sec-Fetch-Site": "same-origin" } });
const bill = (b: Partial<MakeBill> = {}) => makeBill(t.db, actor, { employeeEmail: DEMO.EMPLOYEE, ...b });
const billRow = (id: number) => t.db.selectFrom("bills").selectAll().where("id", "=", id).executeTakeFirst();
const paymentsOf = (id: number) => t.db.selectFrom("payments").selectAll().where("bill_id", "=", id).execute();
const entriesOf = (billId: number) => t.db.selectFrom("finance_entries").selectAll().where("bill_id", "=", billId).orderBy("id").execute();
const auditsOf = (entity: string, id: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
const batchRow = (id: number) => t.db.selectFrom("finance_payment_batches").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const batchBills = (id: number) => t.db.selectFrom("finance_payment_batch_bills").select(["batch_id", "bill_id", "group_id", "position", "active"]).where("batch_id", "=", id).orderBy("position").execute();

async function pending(id: number) {
  const [r] = await (await t.finance()).finance.bills.updateStatus({ bills: [{ id, status: "PaymentPending" }] });
  expect(r).toMatchObject({ id, success: true, status: "PaymentPending" });
}

/** Bills made PaymentPending and exported in one batch. */
async function exported(n = 1, b: Partial<MakeBill> = {}) {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) {
    const { billId } = await bill(b);
    await pending(billId);
    ids.push(billId);
  }
  const batch = await (await t.finance()).finance.bills.export({ billIds: ids });
  return { ids, batch };
}

describe("a bill in a payment file (item 1)", () => {
  test("send back, void and a new recipient account are refused until the batch is cancelled; the batch and its rows stay", async () => {
    const { ids, batch } = await exported(1);
    const billId = ids[0]!;
    // The export's audit rows, field by field (issue 23 item 24): the bill's and the batch's.
    await expectAudit(t.db, { action: "export", actor: DEMO.FINANCE, groupId: (await billRow(billId))!.group_id, entity: "bill", entityId: billId, oldValues: { exportBatchId: null }, newValues: { exportBatchId: batch.batchId, messageId: batch.messageId } });
    await expectAudit(t.db, {
      action: "create", actor: DEMO.FINANCE, groupId: null, entity: "finance_payment_batch", entityId: batch.batchId,
      oldValues: null, newValues: { messageId: batch.messageId, billIds: [billId], totals: JSON.parse((await batchRow(batch.batchId)).totals) },
    });
    const inFile = fill(FM.billInPaymentFile, { file: batch.messageId });
    const finance = await t.finance();
    // Send back: refused on both transports, nothing removed.
    await expectTrpcError(finance.finance.bills.sendBack({ id: billId, status: "PaymentPending" }), "CONFLICT", inFile);
    await expectLegacyFailure(await postForm(app, `${BASE}/send-bill-back`, { id: String(billId), status: "PaymentPending" }, as(DEMO.FINANCE)), 409, { message: inFile });
    // Void: refused on both transports.
    const [voided] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 8 }] });
    expect(voided).toEqual({ id: billId, success: false, errorMessage: inFile, skippableErrors: [], status: null });
    const legacyVoid = await postJson(app, `${BASE}/update-bill-status`, [{ id: billId, status: "Void", rejectionId: 8 }], as(DEMO.FINANCE));
    expect((await legacyVoid.json())[0]).toMatchObject({ success: false, errorMessage: inFile });
    // The recipient account the file names stays.
    const other = await bill({ currency: "EUR" });
    const account = (await billRow(other.billId))!.to_account_id!;
    const otherAccount = await t.db
      .insertInto("finance_accounts")
      .values({ name: "Emma second (EUR)", type: "Employee", group_id: (await billRow(billId))!.group_id, user_id: (await billRow(billId))!.employee_user_id, currency: "EUR", created_by: null, created_at: NOW, updated_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    expect(otherAccount.id).not.toBe(account);
    await expectTrpcError(finance.finance.bills.updateToAccount({ id: billId, toAccountId: otherAccount.id }), "CONFLICT", inFile);
    const stored = (await billRow(billId))!;
    expect(stored).toMatchObject({ status: "PaymentPending", version: 2 });
    expect(await entriesOf(billId)).toHaveLength(1);
    const row = await finance.finance.bills.get({ id: billId });
    expect(row.exportBatchId).toBe(batch.batchId);
    expect(row.actions).toMatchObject({ void: false, sendBack: false, export: false, pay: true });
    const fileBefore = await finance.finance.bills.batchFile({ batchId: batch.batchId, format: "xml" });

    // Cancel the batch: status Cancelled, rows kept (inactive), audit rows read back field by field.
    const cancelled = await finance.finance.bills.cancelBatch({ batchId: batch.batchId });
    expect(cancelled).toMatchObject({ success: true, batchId: batch.batchId, messageId: batch.messageId, status: "Cancelled" });
    const b = await batchRow(batch.batchId);
    expect(b).toMatchObject({ status: "Cancelled", cancelled_by: actor.user.id, cancelled_at: cancelled.cancelledAt, message_id: batch.messageId, bill_count: 1 });
    expect(await batchBills(batch.batchId)).toEqual([{ batch_id: batch.batchId, bill_id: billId, group_id: stored.group_id, position: 1, active: 0 }]);
    const [batchAudit] = await auditsOf("finance_payment_batch", batch.batchId, "cancel");
    expect(batchAudit).toMatchObject({ actor_user_id: actor.user.id, group_id: null, entity: "finance_payment_batch", entity_id: String(batch.batchId), action: "cancel" });
    expect(JSON.parse(batchAudit!.old_values!)).toEqual({ status: "Active" });
    expect(JSON.parse(batchAudit!.new_values!)).toEqual({ status: "Cancelled", messageId: batch.messageId, billIds: [billId] });
    const [billAudit] = await auditsOf("bill", billId, "exportCancelled");
    expect(billAudit).toMatchObject({ actor_user_id: actor.user.id, group_id: stored.group_id, entity: "bill", action: "exportCancelled" });
    expect(JSON.parse(billAudit!.old_values!)).toEqual({ exportBatchId: batch.batchId });
    expect(JSON.parse(billAudit!.new_values!)).toEqual({ exportBatchId: null });
    const listed = (await finance.finance.bills.batches()).find((x) => x.id === batch.batchId)!;
    expect(listed).toMatchObject({ status: "Cancelled", cancelledAt: cancelled.cancelledAt, billCount: 1 });
    expect((await finance.finance.bills.get({ id: billId })).actions).toMatchObject({ void: true, sendBack: true, export: true });
    // Cancelling twice is refused; the file still answers what was exported.
    await expectTrpcError(finance.finance.bills.cancelBatch({ batchId: batch.batchId }), "CONFLICT", fill(FM.paymentFileCancelled, { file: batch.messageId }));
    expect(await finance.finance.bills.batchFile({ batchId: batch.batchId, format: "xml" })).toEqual(fileBefore);

    // Now the send back goes through; the batch row still names the bill.
    const back = await postForm(app, `${BASE}/send-bill-back`, { id: String(billId), status: "PaymentPending" }, as(DEMO.FINANCE));
    expect(back.status).toBe(200);
    expect(await billRow(billId)).toBeUndefined();
    expect(await batchBills(batch.batchId)).toEqual([{ batch_id: batch.batchId, bill_id: billId, group_id: stored.group_id, position: 1, active: 0 }]);
    expect(await batchRow(batch.batchId)).toMatchObject({ status: "Cancelled", bill_count: 1 });
  });

  test("a cancelled batch's bill may be voided or exported again (one active batch per bill)", async () => {
    const { ids, batch } = await exported(2);
    const finance = await t.finance();
    await finance.finance.bills.cancelBatch({ batchId: batch.batchId });
    const again = await finance.finance.bills.export({ billIds: [ids[0]!] });
    expect(again.batchId).not.toBe(batch.batchId);
    expect((await finance.finance.bills.get({ id: ids[0]! })).exportBatchId).toBe(again.batchId);
    await expectTrpcError(finance.finance.bills.export({ billIds: [ids[0]!] }), "CONFLICT", fill(BM.alreadyExported, { id: String(ids[0]) }));
    const [voided] = await finance.finance.bills.updateStatus({ bills: [{ id: ids[1]!, status: "Void", rejectionId: 8 }] });
    expect(voided).toMatchObject({ success: true, status: "Void" });
    const [refused] = await finance.finance.bills.updateStatus({ bills: [{ id: ids[0]!, status: "Void", rejectionId: 8 }] });
    expect(refused).toMatchObject({ success: false, errorMessage: fill(FM.billInPaymentFile, { file: again.messageId }) });
  });

  test("a batch cannot be cancelled once one of its bills is paid", async () => {
    const { ids, batch } = await exported(2);
    const finance = await t.finance();
    const [paid] = await finance.finance.bills.updateStatus({ bills: [{ id: ids[1]!, status: "Paid", paymentDate: today }] });
    expect(paid).toMatchObject({ success: true, status: "Paid" });
    await expectTrpcError(finance.finance.bills.cancelBatch({ batchId: batch.batchId }), "CONFLICT", fill(FM.paymentFilePaid, { file: batch.messageId, id: String(ids[1]) }));
    expect(await batchRow(batch.batchId)).toMatchObject({ status: "Active", cancelled_by: null, cancelled_at: null });
    expect((await batchBills(batch.batchId)).map((r) => r.active)).toEqual([1, 1]);
    expect(await auditsOf("finance_payment_batch", batch.batchId, "cancel")).toHaveLength(0);
    await expectTrpcError(finance.finance.bills.sendBack({ id: ids[0]!, status: "PaymentPending" }), "CONFLICT", fill(FM.billInPaymentFile, { file: batch.messageId }));
  });

  test("only finance staff cancel; an unknown batch is not found; bad input is refused", async () => {
    const { batch } = await exported(1);
    for (const who of [t.hrAcme, t.employee, t.hrGlobex]) await expectTrpcError((await who()).finance.bills.cancelBatch({ batchId: batch.batchId }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await t.finance()).finance.bills.cancelBatch({ batchId: 2_147_483_647 }), "NOT_FOUND", BM.batchNotFound);
    expect(await batchRow(batch.batchId)).toMatchObject({ status: "Active" });
    expect((await (await t.admin()).finance.bills.cancelBatch({ batchId: batch.batchId })).status).toBe("Cancelled");
  });

  test("36 parallel cancel / void / send-back requests: one cancel, at most one of void or send back, clear refusals, never a 500", async () => {
    const { ids, batch } = await exported(1);
    const billId = ids[0]!;
    const finance = await t.finance();
    const results = await race(36, async (i) => {
      if (i % 3 === 0) return finance.finance.bills.cancelBatch({ batchId: batch.batchId });
      if (i % 3 === 1) return (await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Void", rejectionId: 8 }] }))[0];
      return finance.finance.bills.sendBack({ id: billId, status: "PaymentPending" });
    });
    const outcomes = await outcomesOf(results, { refusedWhen: (v: { success?: boolean; errorMessage?: string | null }) => (v?.success === false ? (v.errorMessage ?? "refused") : null) });
    expectNoServerError(outcomes);
    const cancels = outcomes.filter((_, i) => i % 3 === 0);
    expect(cancels.filter((o) => o.ok)).toHaveLength(1);
    for (const o of cancels.filter((o) => !o.ok)) expect(o.message).toBe(fill(FM.paymentFileCancelled, { file: batch.messageId }));
    const changes = outcomes.filter((o, i) => i % 3 !== 0 && o.ok);
    expect(changes.length).toBeLessThanOrEqual(1);
    const allowed = new Set([fill(FM.billInPaymentFile, { file: batch.messageId }), BM.statusChanged, FM.billNotFound, fill(FM.transitionNotAllowed, { from: "Void", to: "Void" }), fill(FM.transitionNotAllowed, { from: "Void", to: "Bill Approval" })]);
    for (const o of outcomes.filter((o, i) => i % 3 !== 0 && !o.ok)) expect(allowed).toContain(o.message!);
    // One effect in the ledger: a reversal only when a void or a send back went through.
    const reversals = (await entriesOf(billId)).filter((e) => e.kind === "reversal");
    expect(reversals).toHaveLength(changes.length);
    expect(await batchRow(batch.batchId)).toMatchObject({ status: "Cancelled" });
    expect(await auditsOf("finance_payment_batch", batch.batchId, "cancel")).toHaveLength(1);
    expect(await batchBills(batch.batchId)).toHaveLength(1);
  });
});

describe("cancel and pay racing (item 1)", () => {
  test("40 parallel cancels and payments of a batch's bill: one payment, and a cancel only if it came before the payment", async () => {
    const { ids, batch } = await exported(2);
    const finance = await t.finance();
    const results = await race(40, async (i) => {
      if (i % 2 === 0) return finance.finance.bills.cancelBatch({ batchId: batch.batchId });
      return (await finance.finance.bills.updateStatus({ bills: [{ id: ids[0]!, status: "Paid", paymentDate: today }] }))[0];
    });
    const outcomes = await outcomesOf(results, { refusedWhen: (v: { success?: boolean; errorMessage?: string | null }) => (v?.success === false ? (v.errorMessage ?? "refused") : null) });
    expectNoServerError(outcomes);
    expect(outcomes.filter((o, i) => i % 2 === 1 && o.ok)).toHaveLength(1);
    expect(await paymentsOf(ids[0]!)).toHaveLength(1);
    const cancels = outcomes.filter((o, i) => i % 2 === 0 && o.ok);
    expect(cancels.length).toBeLessThanOrEqual(1);
    const allowed = new Set([fill(FM.paymentFileCancelled, { file: batch.messageId }), fill(FM.paymentFilePaid, { file: batch.messageId, id: String(ids[0]) })]);
    for (const o of outcomes.filter((o, i) => i % 2 === 0 && !o.ok)) expect(allowed).toContain(o.message!);
    // Serialised on the bill's lock: the cancel's audit row comes before the payment's, or there is no cancel.
    const [pay] = await auditsOf("bill", ids[0]!, "pay");
    const cancel = await auditsOf("finance_payment_batch", batch.batchId, "cancel");
    expect(cancel).toHaveLength(cancels.length);
    if (cancel.length === 1) expect(cancel[0]!.id).toBeLessThan(pay!.id);
    expect((await batchRow(batch.batchId)).status).toBe(cancels.length === 1 ? "Cancelled" : "Active");
  });
});

describe("a multi-bill payment is all or nothing (item 2)", () => {
  const lockText = "This date is on or before the lock date of period October 2026 (2026-10-31); nothing can be created, changed or paid there";

  test("the second bill stale: nothing is paid and every answer names it (tRPC)", async () => {
    const a = (await bill({ gross: 1_000 })).billId;
    const b = (await bill({ gross: 2_000 })).billId;
    await pending(a);
    await pending(b);
    const finance = await t.finance();
    const out = await finance.finance.bills.updateStatus({
      bills: [
        { id: a, status: "Paid", paymentDate: today, multipleBills: true },
        { id: b, status: "Paid", paymentDate: today, multipleBills: true, version: 1 },
      ],
    });
    const named = fill(FM.multiBillRefused, { id: String(b), reason: BM.statusChanged });
    expect(out).toEqual([
      { id: a, success: false, errorMessage: named, skippableErrors: [], status: null },
      { id: b, success: false, errorMessage: named, skippableErrors: [], status: null },
    ]);
    for (const id of [a, b]) {
      expect(await paymentsOf(id)).toHaveLength(0);
      expect((await billRow(id))!.status).toBe("PaymentPending");
      expect(await auditsOf("bill", id, "pay")).toHaveLength(0);
      expect((await entriesOf(id)).map((e) => e.kind)).toEqual(["charge"]);
    }
    // Both current: both paid, in one go.
    const ok = await finance.finance.bills.updateStatus({ bills: [a, b].map((id) => ({ id, status: "Paid" as const, paymentDate: today, multipleBills: true })) });
    expect(ok.map((r) => [r.success, r.status])).toEqual([[true, "Paid"], [true, "Paid"]]);
    for (const id of [a, b]) expect(await paymentsOf(id)).toHaveLength(1);
  });

  test("the second bill in a locked period, on the documented path: nothing is paid, the answer names it", async () => {
    const a = (await bill({ gross: 1_000 })).billId;
    const b = (await bill({ gross: 2_000, billDate: "2026-10-15" })).billId;
    await pending(a);
    await pending(b);
    await t.db.insertInto("finance_lock_periods").values({ period_name: "October 2026", lock_date: "2026-10-31", created_by: actor.user.id, created_at: NOW }).execute();
    const res = await postJson(app, `${BASE}/update-bill-status`, [a, b].map((id) => ({ id, status: "Paid", paymentDate: today, multipleBills: true })), as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    const named = fill(FM.multiBillRefused, { id: String(b), reason: lockText });
    expect(await res.json()).toEqual([
      { id: a, success: false, errorMessage: named, skippableErrors: [], status: null },
      { id: b, success: false, errorMessage: named, skippableErrors: [], status: null },
    ]);
    expect(await paymentsOf(a)).toHaveLength(0);
    expect((await billRow(a))!.status).toBe("PaymentPending");
  });

  test("the second bill already paid (a payment recorded by hand): nothing more is paid", async () => {
    const a = (await bill({ gross: 1_000 })).billId;
    const b = (await bill({ gross: 2_000 })).billId;
    const finance = await t.finance();
    const [recorded] = await finance.finance.bills.updateStatus({ bills: [{ id: b, status: "PaidPendingAudit", paymentAmount: "20.00", currency: "EUR", paymentDate: today }] });
    expect(recorded).toMatchObject({ success: true });
    const out = await finance.finance.bills.updateStatus({
      bills: [a, b].map((id) => ({ id, status: "PaidPendingAudit" as const, paymentAmount: id === a ? "10.00" : "20.00", currency: "EUR", paymentDate: today, multipleBills: true })),
    });
    const named = fill(FM.multiBillRefused, { id: String(b), reason: FM.alreadyPaid });
    expect(out.map((r) => r.errorMessage)).toEqual([named, named]);
    expect(await paymentsOf(a)).toHaveLength(0);
    expect(await paymentsOf(b)).toHaveLength(1);
  });

  test("a held bill paid together: nothing is paid", async () => {
    const a = (await bill({ gross: 1_000 })).billId;
    const b = (await bill({ gross: 2_000 })).billId;
    const finance = await t.finance();
    await finance.finance.bills.hold({ billId: b, holdReason: "Info Requested - HR" });
    const out = await finance.finance.bills.updateStatus({
      bills: [a, b].map((id) => ({ id, status: "PaidPendingAudit" as const, paymentAmount: id === a ? "10.00" : "20.00", currency: "EUR", paymentDate: today, multipleBills: true })),
    });
    expect(out.every((r) => !r.success && r.errorMessage !== null)).toBe(true);
    expect(await paymentsOf(a)).toHaveLength(0);
  });

  test("single-bill updates in one request keep their per-item results", async () => {
    const a = (await bill({ gross: 1_000 })).billId;
    const b = (await bill({ gross: 2_000 })).billId;
    await pending(a);
    await pending(b);
    const out = await (await t.finance()).finance.bills.updateStatus({
      bills: [
        { id: a, status: "Void", rejectionId: 8 },
        { id: b, status: "Void", rejectionId: 8, version: 1 },
      ],
    });
    expect(out).toEqual([
      { id: a, success: true, errorMessage: null, skippableErrors: [], status: "Void" },
      { id: b, success: false, errorMessage: BM.statusChanged, skippableErrors: [], status: null },
    ]);
  });
});

describe("a recurring instalment's bill sent back (item 5)", () => {
  test("returns its charge to Bill Approval; approving again bills only that instalment", async () => {
    const { moveId, groupId, employeeId } = await demoEmployeeMove(t.db);
    const m = { id: moveId, group_id: groupId, employee_user_id: employeeId };
    const item = await t.db
      .insertInto("finance_items")
      .values({
        kind: "adhocCashSpend", adhoc_type: "CashAllowanceRecurring", group_id: m.group_id, move_id: m.id, employee_user_id: m.employee_user_id, move_stage: 1,
        description: "Recurring allowance", currency: "USD", net_amount: 300, tax_amount: 0, gross_amount: 300, created_at: NOW, updated_at: NOW,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    const dues = ["2099-01-15", "2099-02-15", "2099-03-15"];
    await t.db.insertInto("finance_recurring_payments").values(dues.map((d, i) => ({ item_id: item.id, seq: i + 1, amount: 100, currency: "USD", due_date: d, bill_id: null }))).execute();
    const finance = await t.finance();
    const approved = await finance.finance.approval.approve({ kind: "adhocCashSpend", id: item.id });
    expect(approved.billIds).toHaveLength(3);
    const second = approved.billIds[1]!;
    const instalment = await t.db.selectFrom("finance_recurring_payments").select(["id", "bill_id"]).where("item_id", "=", item.id).where("seq", "=", 2).executeTakeFirstOrThrow();
    expect(instalment.bill_id).toBe(second);

    const back = await finance.finance.bills.sendBack({ id: second, status: "Open" });
    expect(back).toEqual({ success: true, removed: true, id: second });
    expect(await t.db.selectFrom("finance_recurring_payments").select("bill_id").where("id", "=", instalment.id).executeTakeFirstOrThrow()).toEqual({ bill_id: null });
    const stored = await t.db.selectFrom("finance_items").select(["status", "decided_by"]).where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ status: "SUBMITTED", decided_by: null });
    const [audit] = await auditsOf("bill", second, "sendBack");
    expect(JSON.parse(audit!.new_values!)).toMatchObject({ removed: true, source: `recurringPayment:${instalment.id}`, restored: { recurringPaymentId: instalment.id, seq: 2, itemId: item.id, from: "APPROVED", to: "SUBMITTED" } });
    // It is in Bill Approval again.
    const listed = await finance.finance.approval.list({ type: "adhocCashSpend", pageSize: 100 });
    expect(listed.rows.map((r) => r.id)).toContain(item.id);

    const again = await finance.finance.approval.approve({ kind: "adhocCashSpend", id: item.id });
    expect(again.billIds).toHaveLength(1);
    const rebilled = await t.db.selectFrom("bills").selectAll().where("id", "=", again.billIds[0]!).executeTakeFirstOrThrow();
    expect(rebilled).toMatchObject({ source_kind: "recurringPayment", source_id: instalment.id, bill_date: "2099-02-15", gross_amount: 100 });
    const schedule = await t.db.selectFrom("finance_recurring_payments").select(["seq", "bill_id"]).where("item_id", "=", item.id).orderBy("seq").execute();
    expect(schedule).toEqual([
      { seq: 1, bill_id: approved.billIds[0]! },
      { seq: 2, bill_id: again.billIds[0]! },
      { seq: 3, bill_id: approved.billIds[2]! },
    ]);
  });
});

describe("mark-employee-rfp-as-paid with the currency's ISO 4217 digits (item 6)", () => {
  test("a KRW bill (no minor units) is paid at its amount; a EUR bill too", async () => {
    const krw = (await bill({ currency: "KRW", gross: 50_000 })).billId;
    const res = await postForm(app, `${BASE}/mark-employee-rfp-as-paid`, { id: String(krw) }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect((await res.json()).bill).toMatchObject({ id: krw, status: "PaidPendingAudit" });
    expect((await paymentsOf(krw)).map((p) => [p.amount, p.currency, p.status])).toEqual([[50_000, "KRW", "PAID_PENDING_AUDIT"]]);
    const eur = (await bill({ currency: "EUR", gross: 1_234 })).billId;
    const out = await (await t.finance()).finance.bills.markEmployeeRfpAsPaid({ id: eur });
    expect(out.bill).toMatchObject({ status: "PaidPendingAudit" });
    expect((await paymentsOf(eur)).map((p) => [p.amount, p.currency])).toEqual([[1_234, "EUR"]]);
    // Three decimals (BHD 1.235): the default amount is the bill's, read back with 3 places.
    const bhd = (await bill({ currency: "BHD", gross: 1_235 })).billId;
    expect((await (await t.finance()).finance.bills.markEmployeeRfpAsPaid({ id: bhd })).bill).toMatchObject({ status: "PaidPendingAudit" });
    expect((await paymentsOf(bhd)).map((p) => [p.amount, p.currency])).toEqual([[1_235, "BHD"]]);
  });
});
