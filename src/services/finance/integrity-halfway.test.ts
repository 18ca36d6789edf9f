/**
 * Half-way failures of the finance writes (issue 16 "Every state change is one transaction"): approve,
 * mark payment pending, pay, void, send back, manual adjustment and lock period each run on a database
 * handle that fails after one of their writes has run (src/test/fail-midway.ts) — the first statement
 * (the idempotency key's row, or the first change without a key), one in the middle, or the last (the
 * audit row) — and the test finds nothing written: every finance table the call touches is read before
 * and after and compared. The same call on a sound handle then succeeds (a failed first attempt left no
 * key behind, so its retry with the same key runs afresh). SQLite and (TEST_DB=postgres) PostgreSQL.
 */
import { beforeAll, describe, expect, spyOn, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { createSessionFor } from "../../test/db.ts";
import { failingWrites, type WriteKind } from "../../test/fail-midway.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { createManualAdjustment, saveLockPeriod } from "./accounts.ts";
import { approveItem } from "./approval.ts";
import { sendBillBack } from "./bills-changes.ts";
import { updateBillStatus } from "./bills-payments.ts";
import { cancelPaymentBatch } from "./payment-batches.ts";
import { exportBills } from "./payment-files.ts";
import { giveBillBankDetails } from "../../db/seed-finance-bills.ts";
import type { FinanceActor } from "./core.ts";

const t = useTestDatabase();
let actor: FinanceActor;
let move: { id: number; groupId: number; employeeId: number };
const NOW = "2026-11-01T00:00:00.000Z";

type Table = "finance_entries" | "bills" | "bill_lines" | "payments" | "expenses" | "finance_items" | "audit_log" | "finance_idempotency" | "finance_accounts" | "finance_lock_periods" | "finance_payment_batches" | "finance_payment_batch_bills";
const TABLES: Table[] = ["finance_entries", "bills", "bill_lines", "payments", "expenses", "finance_items", "audit_log", "finance_idempotency", "finance_accounts", "finance_lock_periods", "finance_payment_batches", "finance_payment_batch_bills"];

async function snapshot(db: DB): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of TABLES) out[table] = ((await db.selectFrom(table).selectAll().execute()) as unknown[]).map((r) => JSON.stringify(r)).sort();
  return out;
}

/** Runs `call` on a handle failing at `target`: it must fail with the injected failure and leave every table as it was. */
async function expectNothingWritten(call: (db: DB) => Promise<unknown>, target: { table: Table; kind: WriteKind; nth?: number }) {
  const before = await snapshot(t.db);
  const broken = failingWrites(t.db, target);
  const quiet = spyOn(console, "error").mockImplementation(() => {});
  try {
    await expect(call(broken.db)).rejects.toThrow(/injected failure/);
  } finally {
    quiet.mockRestore();
  }
  expect(broken.fired()).toBe(true);
  expect(await snapshot(t.db)).toEqual(before);
}

let seq = 0;
async function expense(gross = 12_345): Promise<number> {
  const row = await t.db
    .insertInto("expenses")
    .values({
      group_id: move.groupId, move_id: move.id, employee_user_id: move.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
      category_other: null, description: `Taxi ${++seq}`, expense_date: "2026-05-10", currency: "USD", net_amount: gross, tax_amount: 0, gross_amount: gross,
      budget_currency: "USD", budget_amount: gross, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null, created_at: NOW, updated_at: NOW,
    } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

const approve = (db: DB, id: number, key?: string) => approveItem(db, actor, "expense", { id, invoiceDate: "2026-05-12", maxTotalSpendOverride: true }, key);

/** An approved expense's bill, optionally marked PaymentPending. */
async function bill(pending: boolean): Promise<{ billId: number; expenseId: number }> {
  const expenseId = await expense();
  const { billIds } = await approve(t.db, expenseId);
  const billId = billIds[0]!;
  if (pending) expect((await updateBillStatus(t.db, actor, [{ id: billId, status: "PaymentPending" }]))[0]!.success).toBe(true);
  // A payment file needs the payee's and the client's bank details (issue 24 §5).
  if (pending) await giveBillBankDetails(t.db, actor, billId);
  return { billId, expenseId };
}

/** updateBillStatus answering one item; its refusals are answers, a failure is thrown. */
async function status(db: DB, update: Parameters<typeof updateBillStatus>[2][number], key?: string) {
  const [r] = await updateBillStatus(db, actor, [update], key);
  if (!r!.success) throw new Error(r!.errorMessage ?? "refused");
  return r;
}

beforeAll(async () => {
  actor = { user: (await createSessionFor(t.db, DEMO.FINANCE)).session.user, ip: null };
  const m = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.group_id", "m.employee_user_id"])
    .where("u.email", "=", DEMO.EMPLOYEE)
    .where("m.status", "=", "open")
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  move = { id: m.id, groupId: m.group_id, employeeId: m.employee_user_id };
  await t.db.deleteFrom("move_budget_edits").execute();
});

describe("approve (expense → bill, lines, payee and client accounts, charge entry, audit)", () => {
  test.each([
    ["the idempotency key (its first statement)", { table: "finance_idempotency" as const, kind: "insert" as const }, "key"],
    ["the expense's guarded update (its first change)", { table: "expenses" as const, kind: "update" as const }, null],
    ["the bill", { table: "bills" as const, kind: "insert" as const }, null],
    ["the bill lines", { table: "bill_lines" as const, kind: "insert" as const }, "key"],
    ["the charge entry", { table: "finance_entries" as const, kind: "insert" as const }, null],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const, nth: 2 }, "key"],
  ])("failing at %s writes nothing; the retry then approves once", async (_label, target, withKey) => {
    const id = await expense();
    const key = withKey ? `approve-halfway-${id}` : undefined;
    await expectNothingWritten((db) => approve(db, id, key), target);
    const first = await approve(t.db, id, key);
    expect(first.billIds).toHaveLength(1);
    if (key) expect(await approve(t.db, id, key)).toEqual(first);
    expect((await t.db.selectFrom("bills").select("id").where("source_kind", "=", "expense").where("source_id", "=", id).execute()).length).toBe(1);
  });
});

describe("bill status writes", () => {
  test.each([
    ["the bill's guarded update", { table: "bills" as const, kind: "update" as const }],
    ["the audit row", { table: "audit_log" as const, kind: "insert" as const }],
  ])("payment pending failing at %s writes nothing", async (_label, target) => {
    const { billId } = await bill(false);
    await expectNothingWritten((db) => status(db, { id: billId, status: "PaymentPending" }), target);
    expect((await status(t.db, { id: billId, status: "PaymentPending" }))!.status).toBe("PaymentPending");
  });

  test.each([
    ["the idempotency key (its first statement)", { table: "finance_idempotency" as const, kind: "insert" as const }, "key"],
    ["the bill's guarded update", { table: "bills" as const, kind: "update" as const }, null],
    ["the payment row", { table: "payments" as const, kind: "insert" as const }, "key"],
    ["the payment entry", { table: "finance_entries" as const, kind: "insert" as const }, null],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }, "key"],
  ])("pay failing at %s writes nothing; the retry pays once", async (_label, target, withKey) => {
    const { billId } = await bill(true);
    const key = withKey ? `pay-halfway-${billId}` : undefined;
    const pay = (db: DB) => status(db, { id: billId, status: "Paid", paymentDate: "2026-05-20", ignoreErrors: true }, key);
    await expectNothingWritten(pay, target);
    expect((await pay(t.db))!.status).toBe("Paid");
    if (key) expect((await pay(t.db))!.status).toBe("Paid");
    expect((await t.db.selectFrom("payments").select("id").where("bill_id", "=", billId).execute()).length).toBe(1);
  });

  test.each([
    ["the bill's guarded update", { table: "bills" as const, kind: "update" as const }],
    ["the reversal entry", { table: "finance_entries" as const, kind: "insert" as const }],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
  ])("void failing at %s writes nothing", async (_label, target) => {
    const { billId } = await bill(false);
    await expectNothingWritten((db) => status(db, { id: billId, status: "Void", rejectionId: 8 }), target);
    expect((await status(t.db, { id: billId, status: "Void", rejectionId: 8 }))!.status).toBe("Void");
  });

  test.each([
    ["the reversal entry (its first write)", { table: "finance_entries" as const, kind: "insert" as const }],
    ["the expense back to submitted", { table: "expenses" as const, kind: "update" as const }],
    ["the bill lines' delete", { table: "bill_lines" as const, kind: "delete" as const }],
    ["the bill's delete", { table: "bills" as const, kind: "delete" as const }],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
  ])("send back failing at %s writes nothing", async (_label, target) => {
    const { billId, expenseId } = await bill(true);
    await expectNothingWritten((db) => sendBillBack(db, actor, { id: billId, status: "PaymentPending" }), target);
    expect(await sendBillBack(t.db, actor, { id: billId, status: "PaymentPending" })).toMatchObject({ removed: true });
    expect((await t.db.selectFrom("expenses").select("status").where("id", "=", expenseId).executeTakeFirstOrThrow()).status).toBe("SUBMITTED_WITHOUT_RECEIPT");
  });
});

describe("multi-bill payments and payment files (issue 23 items 1, 2)", () => {
  test.each([
    ["the second bill's payment row", { table: "payments" as const, kind: "insert" as const, nth: 2 }],
    ["the second bill's payment entry", { table: "finance_entries" as const, kind: "insert" as const, nth: 2 }],
    ["the last audit row", { table: "audit_log" as const, kind: "insert" as const, nth: 2 }],
  ])("two bills paid together failing at %s pay neither; the retry pays both once", async (_label, target) => {
    const [a, b] = [(await bill(true)).billId, (await bill(true)).billId];
    const payBoth = (db: DB) => updateBillStatus(db, actor, [a, b].map((id) => ({ id, status: "Paid" as const, paymentDate: "2026-05-20", multipleBills: true, ignoreErrors: true })));
    await expectNothingWritten(payBoth, target);
    expect((await payBoth(t.db)).map((r) => r.success)).toEqual([true, true]);
    expect((await t.db.selectFrom("payments").select("bill_id").where("bill_id", "in", [a, b]).execute()).length).toBe(2);
  });

  test.each([
    ["the batch's guarded update", { table: "finance_payment_batches" as const, kind: "update" as const }],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
  ])("cancelling a payment file failing at %s writes nothing; the retry cancels once", async (_label, target) => {
    const { billId } = await bill(true);
    const { batchId } = (await exportBills(t.db, actor, [billId])) as { batchId: number };
    await expectNothingWritten((db) => cancelPaymentBatch(db, actor, { batchId }), target);
    await cancelPaymentBatch(t.db, actor, { batchId });
    expect((await t.db.selectFrom("finance_payment_batches").select("status").where("id", "=", batchId).executeTakeFirstOrThrow()).status).toBe("Cancelled");
  });
});

describe("accounts", () => {
  test.each([
    ["the idempotency key (its first statement)", { table: "finance_idempotency" as const, kind: "insert" as const }, "key"],
    ["the adjustment entry", { table: "finance_entries" as const, kind: "insert" as const }, null],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }, "key"],
  ])("a manual adjustment failing at %s writes nothing", async (_label, target, withKey) => {
    const { billId } = await bill(false);
    const accountId = (await t.db.selectFrom("bills").select("to_account_id").where("id", "=", billId).executeTakeFirstOrThrow()).to_account_id!;
    const key = withKey ? `adjust-halfway-${billId}` : undefined;
    const adjust = (db: DB) => createManualAdjustment(db, actor, { accountId, amount: "-12.34", currency: "USD", timestamp: "2026-05-21", notes: `halfway ${billId}`, idempotencyKey: key });
    await expectNothingWritten(adjust, target);
    const first = await adjust(t.db);
    if (key) expect(await adjust(t.db)).toEqual(first);
    expect((await t.db.selectFrom("finance_entries").select("id").where("account_id", "=", accountId).where("kind", "=", "adjustment").where("notes", "=", `halfway ${billId}`).execute()).length).toBe(1);
  });

  test.each([
    ["the lock period row", { table: "finance_lock_periods" as const, kind: "insert" as const }],
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
  ])("a lock period failing at %s writes nothing", async (label, target) => {
    const name = `Halfway ${label}`;
    await expectNothingWritten((db) => saveLockPeriod(db, actor, { periodName: name, lockDate: "2025-01-31" }), target);
    expect((await saveLockPeriod(t.db, actor, { periodName: name, lockDate: "2025-01-31" })).lockPeriods.map((p) => p.periodName)).toContain(name);
  });
});
