/**
 * The employee's money from claim to bank (issue 24 §1), on the dialect under test: an expense the
 * employee submits is approved by finance (Bill Approval), its bill marked payment pending and paid
 * through the real Bill Management service, then audited; at every step the employee's expenses page,
 * the employee's home, finance's expenses list and HR's Money panel show the same derived state (one
 * function, src/domain/employee/expenses/lifecycle.ts), with the dates, the payment date and the amount the
 * employee got. A rejection reaches all of them with its reason; a bill sent back to Bill Approval
 * shows the expense submitted again. The Money panel: another group's HR and a manager outside their
 * restrictions are refused; the employee role is refused.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { callerFor } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
let move: { moveId: number; employeeId: number; groupId: number };
const today = new Date().toISOString().slice(0, 10);

const submitInput = (over: Record<string, unknown> = {}) => ({
  serviceName: "SETTLINGIN",
  moveStageId: 1,
  category: "TRAVEL" as const,
  expenseDate: today,
  currency: "USD",
  gross: "123.45",
  ...over,
});

beforeAll(async () => {
  move = await demoEmployeeMove(t.db);
});

/** The one expense's state as each screen's query answers it. */
async function everywhere(id: number) {
  const [me, finance, hr] = [await t.employee(), await t.finance(), await t.hrAcme()];
  const [list, home, managed, money] = await Promise.all([
    me.expenses.list({}),
    me.employee.home(),
    finance.finance.adhoc.expenses({ search: "lifecycle-journey", pageSize: 100 }),
    hr.expenses.moneyForMove({ group: "acme", moveId: move.moveId }),
  ]);
  const onPage = list.expenses.find((e) => e.id === id)!;
  const onHome = home.expenses.recent.find((e) => e.id === id);
  const onFinance = managed.expenses.find((e) => e.id === id)!;
  const onMoney = money.items.find((i) => i.kind === "expense" && i.id === id)!;
  expect(onPage).toBeDefined();
  expect(onFinance).toBeDefined();
  expect(onMoney).toBeDefined();
  // One derivation: the four screens carry the same state, field for field.
  expect(onFinance.lifecycle).toEqual(onPage.lifecycle);
  expect(onMoney.lifecycle).toEqual(onPage.lifecycle);
  if (onHome) expect(onHome.lifecycle).toEqual(onPage.lifecycle);
  return { lifecycle: onPage.lifecycle, money };
}

describe("claim to bank", () => {
  test("submitted → approved (bill) → payment pending → paid (date, amount), the same on every screen", async () => {
    const me = await t.employee();
    const finance = await t.finance();
    const { id } = await me.expenses.submit(submitInput({ description: "lifecycle-journey taxi" }));

    let seen = await everywhere(id);
    // Claimed without a receipt (part 1 §3's second submitted status).
    expect(seen.lifecycle).toMatchObject({ stage: "submittedWithoutReceipt", label: "Submitted without receipt", reason: null, nextAction: "wait", paid: null });
    expect(seen.lifecycle.steps[0]!.date).not.toBeNull();

    const approved = await finance.finance.approval.approve({ kind: "expense", id });
    const billId = approved.billIds[0]!;
    seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "approved", label: "Approved", bills: 1 });
    expect((await finance.finance.adhoc.expenses({ search: "lifecycle-journey taxi", status: "APPROVED", pageSize: 100 })).expenses.map((e) => e.id)).toContain(id);
    expect((await finance.finance.adhoc.expenses({ search: "lifecycle-journey taxi", status: "PAID", pageSize: 100 })).expenses.map((e) => e.id)).not.toContain(id);
    // The decision date comes from the approval's own record.
    expect(seen.lifecycle.steps.find((s) => s.stage === "approved")!.date).not.toBeNull();
    expect(seen.money.bills.find((b) => b.id === billId)).toMatchObject({ label: "Awaiting payment", gross: "123.45", currency: "USD", typeLabel: "Expense", paidDate: null });

    const [pending] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
    expect(pending!.success).toBe(true);
    seen = await everywhere(id);
    expect(seen.lifecycle.stage).toBe("paymentPending");
    expect(seen.lifecycle.label).toBe("Payment pending");
    expect(seen.lifecycle.steps.find((s) => s.stage === "paymentPending")!.date).not.toBeNull();

    const [paid] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today, reference: "PAY-LIFECYCLE" }] });
    expect(paid!.success).toBe(true);
    seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "paid", label: "Paid", nextAction: "none", paid: { date: today, amount: "123.45", currency: "USD" } });
    expect(seen.lifecycle.steps.find((s) => s.stage === "paid")).toMatchObject({ date: today, state: "current" });
    expect(seen.money.bills.find((b) => b.id === billId)).toMatchObject({ label: "Paid", paidDate: today });
    // The stored status stays the spec's code; the screens read the derived one.
    expect((await me.expenses.list({})).expenses.find((e) => e.id === id)!.status).toBe("APPROVED");
    // Finance's status filter follows the state the list shows: Paid finds it, Approved no longer does.
    const byStatus = async (status: "PAID" | "APPROVED") =>
      (await finance.finance.adhoc.expenses({ search: "lifecycle-journey taxi", status, pageSize: 100 })).expenses.map((e) => e.id);
    expect(await byStatus("PAID")).toContain(id);
    expect(await byStatus("APPROVED")).not.toContain(id);
  });

  test("a payment recorded by hand in another currency: the amount the employee got, then audited", async () => {
    const me = await t.employee();
    const finance = await t.finance();
    const { id } = await me.expenses.submit(submitInput({ description: "lifecycle-journey hotel", currency: "EUR", gross: "80.00" }));
    const { billIds } = await finance.finance.approval.approve({ kind: "expense", id });
    const billId = billIds[0]!;
    const [paid] = await finance.finance.bills.updateStatus({
      bills: [{ id: billId, status: "PaidPendingAudit", paymentAmount: "80.00", currency: "EUR", paymentDate: today, differentRecipientCurrency: true, recipientAmount: "13000", recipientCurrency: "JPY", ignoreErrors: true }],
    });
    expect(paid).toMatchObject({ success: true });
    let seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "paid", paid: { date: today, amount: "13000", currency: "JPY" } });
    const [audited] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Audited" }] });
    expect(audited).toMatchObject({ success: true });
    seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "audited", label: "Paid and audited", nextAction: "none", paid: { date: today, amount: "13000", currency: "JPY" } });
    expect(seen.lifecycle.steps.at(-1)).toMatchObject({ stage: "audited", state: "current" });
    expect(seen.lifecycle.steps.at(-1)!.date).not.toBeNull();
    expect(seen.money.bills.find((b) => b.id === billId)).toMatchObject({ label: "Paid and audited", paidDate: today });
  });

  test("paid by marking its payment batch paid, returned by the bank (its reason, check bank details), then paid again", async () => {
    const me = await t.employee();
    const finance = await t.finance();
    const { id } = await me.expenses.submit(submitInput({ description: "lifecycle-journey flight", gross: "310.00" }));
    const { billIds } = await finance.finance.approval.approve({ kind: "expense", id });
    const billId = billIds[0]!;
    await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
    // The batch the export would have written for this bill (the export itself is payment-files' own test).
    const now = new Date().toISOString();
    const batch = await t.db
      .insertInto("finance_payment_batches")
      .values({ message_id: `LIFECYCLE-${Date.now()}`, bill_count: 1, totals: "[]", csv: "", xml: "", created_by: null, created_at: now, cancelled_by: null, cancelled_at: null, paid_by: null, paid_at: null, paid_date: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    await t.db.insertInto("finance_payment_batch_bills").values({ batch_id: batch.id, bill_id: billId, group_id: move.groupId, position: 1, returned_at: null, returned_by: null, return_reason: null }).execute();

    const paid = await finance.finance.bills.markBatchPaid({ batchId: batch.id, paymentDate: today });
    expect(paid.paidBillIds).toEqual([billId]);
    let seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "paid", paid: { date: today, amount: "310.00", currency: "USD" } });

    await finance.finance.bills.returnBatchBill({ batchId: batch.id, billId, reason: "AC04 Closed account" });
    seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "paymentPending", reason: "AC04 Closed account", nextAction: "checkBankDetails", paid: null });
    expect(seen.money.bills.find((b) => b.id === billId)).toMatchObject({ label: "Payment pending", paidDate: null });

    const [again] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] });
    expect(again).toMatchObject({ success: true });
    seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "paid", reason: null, paid: { date: today, amount: "310.00", currency: "USD" } });
  });

  test("rejected with a reason: the reason and what to do next reach the employee, finance and HR", async () => {
    const me = await t.employee();
    const finance = await t.finance();
    const { id } = await me.expenses.submit(submitInput({ description: "lifecycle-journey dinner" }));
    const { reasons } = await finance.finance.approval.reasons();
    const reason = reasons[0]!;
    await finance.finance.approval.reject({ kind: "expense", id, rejectionId: reason.id, rejectionReason: "No receipt attached" });
    const seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "rejected", label: "Rejected", reason: `${reason.label}: No receipt attached`, nextAction: "contactFinance", paid: null });
    expect(seen.lifecycle.steps.map((s) => s.stage)).toEqual(["submitted", "rejected"]);
    expect(seen.lifecycle.steps[1]!.date).not.toBeNull();
  });

  test("a bill sent back to Bill Approval shows the expense submitted again; voiding its new bill shows it cancelled", async () => {
    const me = await t.employee();
    const finance = await t.finance();
    const { id } = await me.expenses.submit(submitInput({ description: "lifecycle-journey train" }));
    const first = await finance.finance.approval.approve({ kind: "expense", id });
    await finance.finance.bills.sendBack({ id: first.billIds[0]!, status: "Open" });
    expect((await everywhere(id)).lifecycle.stage).toBe("submittedWithoutReceipt");
    const second = await finance.finance.approval.approve({ kind: "expense", id });
    const voidReason = await t.db.selectFrom("finance_rejection_reasons").select("id").where("scope", "=", "VOID").orderBy("id").executeTakeFirstOrThrow();
    const [voided] = await finance.finance.bills.updateStatus({ bills: [{ id: second.billIds[0]!, status: "Void", rejectionId: voidReason.id, rejectionReason: "Paid on the company card" }] });
    expect(voided).toMatchObject({ success: true });
    const seen = await everywhere(id);
    expect(seen.lifecycle).toMatchObject({ stage: "cancelled", label: "Cancelled", reason: "Paid on the company card", nextAction: "contactFinance" });
  });

  test("a booked quote's vendor booking: changes requested with the reason on HR's Money panel", async () => {
    const now = new Date().toISOString();
    const item = await t.db
      .insertInto("finance_items")
      .values({
        kind: "bookingCost", group_id: move.groupId, move_id: move.moveId, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
        vendor_name: "Lifecycle Movers", description: "lifecycle-journey booking", currency: "USD", net_amount: 20000, tax_amount: 0, gross_amount: 20000, created_at: now, updated_at: now,
      } as never)
      .returning("id")
      .executeTakeFirstOrThrow();
    await (await t.finance()).finance.approval.requestChange({ bookingCostId: item.id, requestForChangeReason: "Quote the full move date" });
    const money = await (await t.hrAcme()).expenses.moneyForMove({ group: "acme", moveId: move.moveId });
    const row = money.items.find((i) => i.kind === "bookingCost" && i.id === item.id)!;
    expect(row).toMatchObject({ kindLabel: "Vendor booking", title: "lifecycle-journey booking", gross: "200.00" });
    expect(row.lifecycle).toMatchObject({ stage: "changesRequested", label: "Changes requested", reason: "Quote the full move date", nextAction: "supplierRevises" });
    expect(row.lifecycle.steps[1]!.date).not.toBeNull();
  });
});

describe("the Money panel's access", () => {
  test("HR of another group, a manager outside their restrictions and the employee are refused; a manager who sees the move reads it", async () => {
    await expectTrpcError((await t.hrGlobex()).expenses.moneyForMove({ group: "acme", moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).expenses.moneyForMove({ group: "globex", moveId: move.moveId }), "NOT_FOUND");
    await expectTrpcError((await t.employee()).expenses.moneyForMove({ group: "acme", moveId: move.moveId }), "FORBIDDEN");
    // A manager of the group whose restrictions hide the move (view NONE) is told it does not exist.
    const manager = await t.db.selectFrom("users").select(["id", "group_id"]).where("email", "=", "manager@acme.test").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db.insertInto("manager_restrictions").values({ user_id: manager.id, group_id: manager.group_id!, view_restriction: "NONE", updated_at: now }).execute();
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).expenses.moneyForMove({ group: "acme", moveId: move.moveId }), "NOT_FOUND");
    await t.db.deleteFrom("manager_restrictions").where("user_id", "=", manager.id).execute();
    const seen = await (await callerFor(t.db, "manager@acme.test")).expenses.moneyForMove({ group: "acme", moveId: move.moveId });
    expect(Array.isArray(seen.items)).toBe(true);
    await expectTrpcError((await t.hrAcme()).expenses.moneyForMove({ group: "acme", moveId: 987654 }), "NOT_FOUND");
  });
});
