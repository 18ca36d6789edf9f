/**
 * Issue 24 §5 on the dialect under test: an export refuses a bill whose payee (or paying client account)
 * has no usable bank account, naming it, and writes nothing; the history answers who exported what; a
 * batch marked paid pays its bills in one transaction exactly as a manual payment (payment row, ledger
 * entry, audit row); N parallel mark-paid give one effect and clear refusals; a bill returned by the bank
 * goes back to PaymentPending with the reason (its payment reversed when the batch was paid); parallel
 * returns give one effect; another role is refused.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { bankMessages } from "../../domain/finance/bank-accounts.ts";
import { fill } from "../../domain/finance/messages.ts";
import { batchMessages as PB } from "../../domain/finance/payment-batches.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectOneEffect, race } from "../../test/race.ts";
import { todayUtc, type FinanceActor } from "../../services/finance/core.ts";
import { financeActorOf, makeBill, type MakeBill } from "./bills.fixtures.ts";

const t = useTestDatabase({ poolSize: 12 });
let actor: FinanceActor;
const today = todayUtc();

beforeAll(async () => {
  actor = await financeActorOf(t.db, DEMO.FINANCE);
});

const billRow = (id: number) => t.db.selectFrom("bills").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const paymentsOf = (id: number) => t.db.selectFrom("payments").selectAll().where("bill_id", "=", id).orderBy("id").execute();
const entriesOf = (id: number) => t.db.selectFrom("finance_entries").selectAll().where("bill_id", "=", id).orderBy("id").execute();
const auditsOf = (entity: string, id: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).where("action", "=", action).execute();

async function pendingBill(b: Partial<MakeBill> = {}) {
  const { billId } = await makeBill(t.db, actor, { employeeEmail: DEMO.EMPLOYEE, ...b });
  const [r] = await (await t.finance()).finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
  expect(r!.success).toBe(true);
  return billId;
}

async function exported(bills: Partial<MakeBill>[]) {
  const ids: number[] = [];
  for (const b of bills) ids.push(await pendingBill(b));
  const batch = await (await t.finance()).finance.bills.export({ billIds: ids });
  return { ids, batch };
}

describe("export refuses a payee without a usable account", () => {
  test("a vendor without bank details is named; nothing is exported; with details it goes through", async () => {
    const vendorName = `No Bank Movers ${crypto.randomUUID().slice(0, 6)}`;
    const good = await pendingBill({ currency: "EUR" });
    const bad = await pendingBill({ billType: "VendorBooking", vendorName, currency: "EUR", bankDetails: false });
    const finance = await t.finance();
    const before = await t.db.selectFrom("finance_payment_batches").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    await expectTrpcError(finance.finance.bills.export({ billIds: [good, bad] }), "CONFLICT", fill(bankMessages.noPayeeAccount, { payee: vendorName, id: String(bad) }));
    const after = await t.db.selectFrom("finance_payment_batches").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await finance.finance.bills.get({ id: good })).exportBatchId).toBeNull();
    // An IBAN without its BIC is not usable either.
    const account = (await billRow(bad)).to_account_id!;
    await t.db.updateTable("finance_accounts").set({ iban: "DE89370400440532013000" }).where("id", "=", account).execute();
    await expectTrpcError(finance.finance.bills.export({ billIds: [bad] }), "CONFLICT", fill(bankMessages.noPayeeAccount, { payee: vendorName, id: String(bad) }));
    await t.db.updateTable("finance_accounts").set({ bic: "COBADEFFXXX" }).where("id", "=", account).execute();
    const batch = await finance.finance.bills.export({ billIds: [good, bad] });
    const csv = (await finance.finance.bills.batchFile({ batchId: batch.batchId, format: "csv" })).content;
    expect(csv).toContain(",DE89370400440532013000,COBADEFFXXX,");
    expect(csv).toContain(",GB82WEST12345698765432,WESTGB2L,");
  });

  test("an employee without a bank account in the bill's currency is named; so is a client account without details", async () => {
    const finance = await t.finance();
    const noAccount = await pendingBill({ currency: "CHF", bankDetails: false });
    const employee = await t.db.selectFrom("users").select(["first_name", "last_name"]).where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
    await expectTrpcError(finance.finance.bills.export({ billIds: [noAccount] }), "CONFLICT", fill(bankMessages.noPayeeAccount, { payee: `${employee.first_name} ${employee.last_name}`, id: String(noAccount) }));
    // The payee gets an account; the client account (no details in CHF) is then named.
    const bill = await billRow(noAccount);
    await t.db.insertInto("employee_bank_accounts").values({ group_id: bill.group_id, employee_user_id: bill.employee_user_id!, account_alias: "Swiss", account_number: "", account_currency: "CHF", iban: "CH9300762011623852957", bic: "POFICHBEXXX", created_at: bill.created_at, updated_at: bill.created_at }).execute();
    const client = await t.db.selectFrom("finance_accounts").select(["id", "name"]).where("type", "=", "Client").where("group_id", "=", bill.group_id).where("currency", "=", "CHF").executeTakeFirst();
    if (client) await t.db.updateTable("finance_accounts").set({ iban: null, bic: null, bank_account_number: null, bank_code: null }).where("id", "=", client.id).execute();
    const err = await expectTrpcError(finance.finance.bills.export({ billIds: [noAccount] }), "CONFLICT");
    expect(err.message).toContain("has no bank account for CHF payments");
    expect(err.message).toContain(`bill ${noAccount}`);
  });
});

describe("reconciliation", () => {
  test("history names who exported, the bills and totals; mark paid pays every bill as a manual payment, in one transaction", async () => {
    const { ids, batch } = await exported([{ currency: "EUR", gross: 10_000 }, { currency: "EUR", gross: 2_500 }, { currency: "GBP", gross: 700 }]);
    const finance = await t.finance();
    const history = await finance.finance.bills.batchHistory({ page: 1, pageSize: 50 });
    const listed = history.batches.find((b) => b.id === batch.batchId)!;
    expect(listed).toMatchObject({ messageId: batch.messageId, status: "Active", statusLabel: "Sent to bank", billCount: 3, paidAt: null });
    expect(listed.createdBy).toBe(`${actor.user.firstName} ${actor.user.lastName}`.trim());
    expect(listed.totals).toEqual([{ amount: 12_500, currency: "EUR" }, { amount: 700, currency: "GBP" }]);
    expect(listed.bills.map((b) => [b.billId, b.state])).toEqual(ids.map((id) => [id, "InFile"]));

    const paid = await finance.finance.bills.markBatchPaid({ batchId: batch.batchId });
    expect(paid).toMatchObject({ success: true, status: "Paid", paymentDate: today, paidBillIds: ids });
    for (const id of ids) {
      const bill = await billRow(id);
      expect(bill.status).toBe("Paid");
      const payments = await paymentsOf(id);
      expect(payments).toHaveLength(1);
      expect(payments[0]).toMatchObject({ status: "PAID", amount: bill.gross_amount, currency: bill.currency, payment_date: today, reference: batch.messageId });
      const entries = await entriesOf(id);
      expect(entries.map((e) => [e.kind, e.amount])).toEqual([["charge", bill.gross_amount], ["payment", -bill.gross_amount]]);
      const [audit] = await auditsOf("bill", id, "pay");
      expect(JSON.parse(audit!.new_values!)).toMatchObject({ status: "Paid", paymentDate: today });
    }
    const after = (await finance.finance.bills.batchHistory({ page: 1, pageSize: 50 })).batches.find((b) => b.id === batch.batchId)!;
    expect(after).toMatchObject({ status: "Paid", statusLabel: "Paid", paidDate: today, paidBy: listed.createdBy });
    expect(after.bills.every((b) => b.state === "Paid")).toBe(true);
    const [batchAudit] = await auditsOf("finance_payment_batch", batch.batchId, "markPaid");
    expect(JSON.parse(batchAudit!.new_values!)).toMatchObject({ status: "Paid", paidBillIds: ids });
    // A paid batch cannot be cancelled (existing rule) nor paid again.
    await expectTrpcError(finance.finance.bills.cancelBatch({ batchId: batch.batchId }), "CONFLICT");
    await expectTrpcError(finance.finance.bills.markBatchPaid({ batchId: batch.batchId }), "CONFLICT", fill(PB.alreadyPaid, { file: batch.messageId }));
  });

  test("a failure at the second bill pays none (one transaction)", async () => {
    const { ids, batch } = await exported([{ currency: "EUR" }, { currency: "EUR" }]);
    // A lock period covering the second bill's date refuses its payment: nothing is paid.
    await t.db.updateTable("bills").set({ bill_date: "2020-01-01" }).where("id", "=", ids[1]!).execute();
    await t.db.insertInto("finance_lock_periods").values({ period_name: `lock-${batch.batchId}`, lock_date: "2020-06-30", created_by: null, created_at: new Date().toISOString() }).execute();
    try {
      await expectTrpcError((await t.finance()).finance.bills.markBatchPaid({ batchId: batch.batchId }), "CONFLICT");
      for (const id of ids) {
        expect((await billRow(id)).status).toBe("PaymentPending");
        expect(await paymentsOf(id)).toHaveLength(0);
      }
      expect((await t.db.selectFrom("finance_payment_batches").select("status").where("id", "=", batch.batchId).executeTakeFirstOrThrow()).status).toBe("Active");
    } finally {
      await t.db.deleteFrom("finance_lock_periods").where("period_name", "=", `lock-${batch.batchId}`).execute();
    }
  });

  test("N parallel mark-paid: one effect, the others refused with the file's name", async () => {
    const { ids, batch } = await exported([{ currency: "EUR" }, { currency: "EUR" }]);
    const finance = await t.finance();
    const results = await race(8, () => finance.finance.bills.markBatchPaid({ batchId: batch.batchId }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: fill(PB.alreadyPaid, { file: batch.messageId }) } });
    for (const id of ids) expect(await paymentsOf(id)).toHaveLength(1);
  });

  test("a bill returned before the batch is paid stays payment pending, with the reason, and can be exported again; mark paid skips it", async () => {
    const { ids, batch } = await exported([{ currency: "EUR" }, { currency: "EUR" }]);
    const finance = await t.finance();
    const results = await race(6, () => finance.finance.bills.returnBatchBill({ batchId: batch.batchId, billId: ids[0]!, reason: "AC04 Closed account number" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: fill(PB.alreadyReturned, { id: String(ids[0]) }) } });
    expect((await billRow(ids[0]!)).status).toBe("PaymentPending");
    const row = (await finance.finance.bills.batchHistory({ page: 1, pageSize: 50 })).batches.find((b) => b.id === batch.batchId)!.bills.find((b) => b.billId === ids[0])!;
    expect(row).toMatchObject({ state: "Returned", stateLabel: "Returned by the bank", returnReason: "AC04 Closed account number", canReturn: false });
    expect((await finance.finance.bills.get({ id: ids[0]! })).exportBatchId).toBeNull();
    const paid = await finance.finance.bills.markBatchPaid({ batchId: batch.batchId });
    expect(paid.paidBillIds).toEqual([ids[1]!]);
    expect((await billRow(ids[0]!)).status).toBe("PaymentPending");
    const again = await finance.finance.bills.export({ billIds: [ids[0]!] });
    expect(again.billCount).toBe(1);
  });

  test("a bill returned after the batch was paid goes back to payment pending: payment marked returned, payment entry reversed", async () => {
    const { ids, batch } = await exported([{ currency: "EUR", gross: 4_200 }]);
    const finance = await t.finance();
    await finance.finance.bills.markBatchPaid({ batchId: batch.batchId });
    const r = await finance.finance.bills.returnBatchBill({ batchId: batch.batchId, billId: ids[0]!, reason: "MS03 Reason not specified" });
    expect(r).toMatchObject({ success: true, status: "PaymentPending", reason: "MS03 Reason not specified" });
    const bill = await billRow(ids[0]!);
    expect(bill.status).toBe("PaymentPending");
    expect((await paymentsOf(ids[0]!)).map((p) => p.status)).toEqual(["RETURNED"]);
    expect((await entriesOf(ids[0]!)).map((e) => [e.kind, e.amount])).toEqual([["charge", 4_200], ["payment", -4_200], ["reversal", 4_200]]);
    const [audit] = await auditsOf("bill", ids[0]!, "paymentReturned");
    expect(JSON.parse(audit!.old_values!)).toEqual({ status: "Paid", exportBatchId: batch.batchId });
    expect(JSON.parse(audit!.new_values!)).toMatchObject({ status: "PaymentPending", exportBatchId: null, reason: "MS03 Reason not specified" });
    await expectTrpcError(finance.finance.bills.returnBatchBill({ batchId: batch.batchId, billId: ids[0]!, reason: "again" }), "CONFLICT", fill(PB.alreadyReturned, { id: String(ids[0]) }));
    await expectTrpcError(finance.finance.bills.returnBatchBill({ batchId: batch.batchId, billId: ids[0]!, reason: "   " }), "BAD_REQUEST");
  });

  test("other roles are refused", async () => {
    const { batch } = await exported([{ currency: "EUR" }]);
    for (const caller of [await t.hrAcme(), await t.hrGlobex(), await t.employee()]) {
      await expectTrpcError(caller.finance.bills.markBatchPaid({ batchId: batch.batchId }), "FORBIDDEN");
      await expectTrpcError(caller.finance.bills.batchHistory({ page: 1, pageSize: 10 }), "FORBIDDEN");
    }
  });
});
