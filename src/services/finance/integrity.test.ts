/**
 * Cross-service integrity of the finance area (issue 16 "Integrity under concurrency and retries"; the
 * property test of "Tests"), on the REAL services and the dialect under test (SQLite, and PostgreSQL with
 * TEST_DB=postgres): fast-check generates sequences of approve (expenses and lump sums of two employees in
 * two currencies and two groups) / pay / void / send back / manual adjustment / lock period / parallel
 * identical payments / a retry of an earlier call with the same idempotency key, and after every sequence:
 *
 * - every account's balance is the sum of its entries, every `balance_after` the running sum and `seq`
 *   counts 1..n; and the ledger agrees with the bills: an account's balance is the gross of its live
 *   (Open or PaymentPending) bills plus its manual adjustments (paid, void and sent-back bills net to 0);
 * - no bill has two payments; a Paid bill has exactly one, of its gross;
 * - nothing dated on or before a lock date changed after the lock: the entries, bills (status, version)
 *   and payments dated on or before it are exactly those there when it was saved;
 * (Bills are marked PaymentPending before they are paid, as the state machine asks.)
 * - a retried call that succeeded the first time answers the same and changes nothing.
 *
 * Every refusal along the way is an AppError (a service's own answer), never anything else (no 500).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import type { DB } from "../../db/index.ts";
import { AppError } from "../../domain/errors.ts";
import { createSessionFor } from "../../test/db.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { createManualAdjustment, saveLockPeriod } from "./accounts.ts";
import { approveItem } from "./approval.ts";
import { sendBillBack } from "./bills-changes.ts";
import { updateBillStatus } from "./bills-payments.ts";
import type { FinanceActor } from "./core.ts";

const t = useTestDatabase({ poolSize: 8 });
const PG = process.env.TEST_DB === "postgres";
let actor: FinanceActor;
type MoveRef = { id: number; groupId: number; employeeId: number };
let moves: MoveRef[];

const DATES = ["2026-01-15", "2026-02-15", "2026-03-15", "2026-04-15"] as const;
const LOCKS = ["2026-01-31", "2026-02-28", "2026-03-31"] as const;
const NOW = "2026-11-01T00:00:00.000Z";

/** The approval items of one run: [kind, move index, currency]. */
const ITEMS: readonly ["expense" | "lumpSum", number, "USD" | "EUR"][] = [
  ["expense", 0, "USD"],
  ["expense", 0, "EUR"],
  ["expense", 1, "USD"],
  ["lumpSum", 0, "USD"],
  ["lumpSum", 1, "EUR"],
];

type Action =
  | { t: "approve"; item: number; date: number }
  | { t: "pending"; item: number }
  | { t: "pay"; item: number; date: number }
  | { t: "parallelPay"; item: number; date: number }
  | { t: "void"; item: number }
  | { t: "sendBack"; item: number }
  | { t: "adjust"; account: number; amount: number; date: number }
  | { t: "lock"; lock: number }
  | { t: "retry"; back: number };

const itemIx = fc.integer({ min: 0, max: ITEMS.length - 1 });
const dateIx = fc.integer({ min: 0, max: DATES.length - 1 });
const action: fc.Arbitrary<Action> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ t: fc.constant("approve" as const), item: itemIx, date: dateIx }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("pending" as const), item: itemIx }) },
  { weight: 3, arbitrary: fc.record({ t: fc.constant("pay" as const), item: itemIx, date: dateIx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("parallelPay" as const), item: itemIx, date: dateIx }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("void" as const), item: itemIx }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("sendBack" as const), item: itemIx }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("adjust" as const), account: fc.integer({ min: 0, max: 5 }), amount: fc.integer({ min: -50_000, max: 50_000 }).filter((n) => n !== 0), date: dateIx }) },
  { weight: 1, arbitrary: fc.record({ t: fc.constant("lock" as const), lock: fc.integer({ min: 0, max: LOCKS.length - 1 }) }) },
  { weight: 2, arbitrary: fc.record({ t: fc.constant("retry" as const), back: fc.integer({ min: 0, max: 8 }) }) },
);

async function moveOf(email: string): Promise<MoveRef> {
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

/** Empties the finance tables (this file's own database) so every run starts from nothing. */
async function resetFinance(db: DB) {
  await db.deleteFrom("finance_payment_batch_bills").execute();
  await db.deleteFrom("finance_payment_batches").execute();
  await db.deleteFrom("payments").execute();
  await db.deleteFrom("bill_lines").execute();
  await db.deleteFrom("bills").execute();
  await db.deleteFrom("finance_entries").execute();
  await db.deleteFrom("finance_approval_drafts").execute();
  await db.deleteFrom("finance_recurring_payments").execute();
  await db.deleteFrom("finance_items").execute();
  await db.deleteFrom("expenses").execute();
  await db.deleteFrom("finance_accounts").execute();
  await db.deleteFrom("finance_lock_periods").execute();
  await db.deleteFrom("finance_idempotency").execute();
}

/** One run's approval items (gross amounts from the generator), as [kind, id]. */
async function plantItems(db: DB, grosses: number[]): Promise<["expense" | "lumpSum", number][]> {
  const out: ["expense" | "lumpSum", number][] = [];
  for (const [i, [kind, mi, currency]] of ITEMS.entries()) {
    const m = moves[mi]!;
    const gross = grosses[i]!;
    if (kind === "expense") {
      const row = await db
        .insertInto("expenses")
        .values({
          group_id: m.groupId, move_id: m.id, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1, category: "TRAVEL",
          category_other: null, description: "Taxi", expense_date: "2026-01-10", currency, net_amount: gross, tax_amount: 0, gross_amount: gross,
          budget_currency: currency, budget_amount: gross, exchange_rate: "1", receipt_file_id: null, status: "SUBMITTED_WITHOUT_RECEIPT", request_id: null,
          created_at: NOW, updated_at: NOW,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      out.push(["expense", row.id]);
    } else {
      const row = await db
        .insertInto("finance_items")
        .values({
          kind: "lumpSum", group_id: m.groupId, move_id: m.id, employee_user_id: m.employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
          description: "Lump sum", currency, net_amount: gross, tax_amount: 0, gross_amount: gross, created_at: NOW, updated_at: NOW,
        } as never)
        .returning("id")
        .executeTakeFirstOrThrow();
      out.push(["lumpSum", row.id]);
    }
  }
  return out;
}

/** A service's refusal is an AppError; anything else fails the test (it would be a 500). */
async function settle<T>(call: () => Promise<T>): Promise<{ ok: true; value: T } | { ok: false; error: AppError }> {
  try {
    return { ok: true, value: await call() };
  } catch (e) {
    if (e instanceof AppError) return { ok: false, error: e };
    throw e;
  }
}

type Counts = { entries: number; payments: number; bills: number; audit: number; locks: number };
async function counts(db: DB): Promise<Counts> {
  const n = async (table: "finance_entries" | "payments" | "bills" | "audit_log" | "finance_lock_periods") =>
    Number((await db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
  return { entries: await n("finance_entries"), payments: await n("payments"), bills: await n("bills"), audit: await n("audit_log"), locks: await n("finance_lock_periods") };
}

type LockSnapshot = { date: string; entries: string[]; bills: string[]; payments: string[] };
async function lockSnapshot(db: DB, date: string): Promise<LockSnapshot> {
  const entries = await db.selectFrom("finance_entries").select(["id", "account_id", "amount"]).where("entry_date", "<=", date).orderBy("id").execute();
  const bills = await db.selectFrom("bills").select(["id", "status", "version", "audited", "hold_reason", "gross_amount"]).where("bill_date", "<=", date).orderBy("id").execute();
  const payments = await db.selectFrom("payments").select(["id", "bill_id", "amount"]).where("payment_date", "<=", date).orderBy("id").execute();
  return { date, entries: entries.map((r) => JSON.stringify(r)), bills: bills.map((r) => JSON.stringify(r)), payments: payments.map((r) => JSON.stringify(r)) };
}

/** The invariants of the file's comment. */
async function expectIntegrity(db: DB, locks: LockSnapshot[]) {
  const accounts = await db.selectFrom("finance_accounts").select(["id"]).orderBy("id").execute();
  for (const a of accounts) {
    const entries = await db.selectFrom("finance_entries").select(["seq", "amount", "balance_after", "kind", "bill_id"]).where("account_id", "=", a.id).orderBy("seq").execute();
    let running = 0;
    entries.forEach((e, i) => {
      running += e.amount;
      expect(e.seq).toBe(i + 1);
      expect(e.balance_after).toBe(running);
    });
    // The ledger agrees with the bills: live bills' gross + manual adjustments.
    const live = await db.selectFrom("bills").select("gross_amount").where("to_account_id", "=", a.id).where("status", "in", ["Open", "PaymentPending"]).execute();
    const adjustments = entries.filter((e) => e.kind === "adjustment").reduce((s, e) => s + e.amount, 0);
    expect(running).toBe(live.reduce((s, b) => s + b.gross_amount, 0) + adjustments);
  }
  const payments = await db.selectFrom("payments").select(["bill_id", "amount"]).execute();
  const perBill = new Map<number, number[]>();
  for (const p of payments) if (p.bill_id !== null) perBill.set(p.bill_id, [...(perBill.get(p.bill_id) ?? []), p.amount]);
  for (const [billId, amounts] of perBill) expect({ billId, payments: amounts.length }).toEqual({ billId, payments: 1 });
  const paid = await db.selectFrom("bills").select(["id", "gross_amount"]).where("status", "=", "Paid").execute();
  for (const b of paid) expect({ bill: b.id, payments: perBill.get(b.id) }).toEqual({ bill: b.id, payments: [b.gross_amount] });
  for (const snap of locks) {
    const now = await lockSnapshot(db, snap.date);
    expect({ lock: snap.date, ...now }).toEqual({ lock: snap.date, ...snap, date: snap.date });
  }
}

describe("finance integrity (real services)", () => {
  beforeAll(async () => {
    actor = { user: (await createSessionFor(t.db, DEMO.FINANCE)).session.user, ip: null };
    moves = [await moveOf(DEMO.EMPLOYEE), await moveOf("employee@globex.test")];
    await t.db.deleteFrom("move_budget_edits").execute();
  });

  test(
    "property: no sequence of approve / pay / void / send back / adjust / lock / retry breaks the ledger, pays twice or changes a locked period",
    async () => {
      let run = 0;
      const tried = { ok: 0, refused: 0, retriedSame: 0 };
      const outcomes: Record<string, number> = {};
      const count = (what: string) => (outcomes[what] = (outcomes[what] ?? 0) + 1);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 1, max: 400_000 }), { minLength: ITEMS.length, maxLength: ITEMS.length }), fc.array(action, { minLength: 5, maxLength: 40 }), async (grosses, actions) => {
          run++;
          const db = t.db;
          await resetFinance(db);
          const items = await plantItems(db, grosses);
          /** A bill to act on: the n-th of those in `statuses` (the action's natural targets), else the n-th of all (a refusal). */
          const billOf = async (n: number, statuses: string[]) => {
            const all = await db.selectFrom("bills").select(["id", "status"]).orderBy("id").execute();
            const fit = all.filter((b) => statuses.includes(b.status));
            const from = fit.length > 0 && n % 4 !== 3 ? fit : all;
            return from.length > 0 ? from[n % from.length] : undefined;
          };
          const locks: LockSnapshot[] = [];
          const done: { key: string; call: (key: string) => Promise<unknown>; first: { ok: boolean; value?: unknown } }[] = [];
          for (const [i, a] of actions.entries()) {
            const key = `run${run}-${i}`;
            let call: ((key: string) => Promise<unknown>) | null = null;
            switch (a.t) {
              case "approve": {
                const [kind, id] = items[a.item]!;
                call = (k) => approveItem(db, actor, kind, { id, invoiceDate: DATES[a.date], maxTotalSpendOverride: true }, k);
                break;
              }
              case "pay":
              case "parallelPay": {
                const bill = await billOf(a.item, ["PaymentPending"]);
                if (!bill) continue;
                const update = { id: bill.id, status: "Paid" as const, paymentDate: DATES[a.date], ignoreErrors: true };
                if (a.t === "parallelPay") {
                  const all = await Promise.all(Array.from({ length: 4 }, () => settle(() => updateBillStatus(db, actor, [update]))));
                  const succeeded = all.filter((r) => r.ok && r.value[0]!.success).length;
                  expect(succeeded).toBeLessThanOrEqual(1);
                  continue;
                }
                call = async (k) => {
                  const [r] = await updateBillStatus(db, actor, [update], k);
                  if (!r!.success) throw new AppError("CONFLICT", r!.errorMessage ?? "refused");
                  return r;
                };
                break;
              }
              case "pending": {
                const bill = await billOf(a.item, ["Open"]);
                if (!bill) continue;
                call = async (k) => {
                  const [r] = await updateBillStatus(db, actor, [{ id: bill.id, status: "PaymentPending" }], k);
                  if (!r!.success) throw new AppError("CONFLICT", r!.errorMessage ?? "refused");
                  return r;
                };
                break;
              }
              case "void": {
                const bill = await billOf(a.item, ["Open", "PaymentPending"]);
                if (!bill) continue;
                call = async (k) => {
                  const [r] = await updateBillStatus(db, actor, [{ id: bill.id, status: "Void", rejectionId: 8 }], k);
                  if (!r!.success) throw new AppError("CONFLICT", r!.errorMessage ?? "refused");
                  return r;
                };
                break;
              }
              case "sendBack": {
                const bill = await billOf(a.item, ["Open", "PaymentPending"]);
                if (!bill) continue;
                call = (k) => sendBillBack(db, actor, { id: bill.id, status: bill.status as never }, k);
                break;
              }
              case "adjust": {
                const accounts = await db.selectFrom("finance_accounts").select(["id", "currency"]).orderBy("id").execute();
                if (accounts.length === 0) continue;
                const account = accounts[a.account % accounts.length]!;
                const amount = (a.amount / 100).toFixed(2);
                call = (k) => createManualAdjustment(db, actor, { accountId: account.id, amount, currency: account.currency, timestamp: DATES[a.date]!, notes: "property", idempotencyKey: k });
                break;
              }
              case "lock": {
                const date = LOCKS[a.lock]!;
                const r = await settle(() => saveLockPeriod(db, actor, { periodName: `P${run}-${i}`, lockDate: date, idempotencyKey: key }));
                if (r.ok) locks.push(await lockSnapshot(db, date));
                continue;
              }
              case "retry": {
                const earlier = done[done.length - 1 - a.back];
                if (!earlier) continue;
                const before = await counts(db);
                const again = await settle(() => earlier.call(earlier.key));
                if (earlier.first.ok) {
                  // The first answer, and nothing done twice.
                  expect(again.ok).toBe(true);
                  expect(JSON.parse(JSON.stringify(again.ok ? again.value : null))).toEqual(JSON.parse(JSON.stringify(earlier.first.value)));
                  expect(await counts(db)).toEqual(before);
                  tried.retriedSame++;
                }
                continue;
              }
            }
            if (!call) continue;
            const r = await settle(() => call(key));
            if (r.ok) tried.ok++;
            else tried.refused++;
            count(`${a.t}:${r.ok ? "ok" : r.error.message.replace(/period \S+ \(\d{4}-\d{2}-\d{2}\)/, "period …")}`);
            done.push({ key, call, first: r.ok ? { ok: true, value: r.value } : { ok: false } });
          }
          await expectIntegrity(db, locks);
        }),
        { numRuns: PG ? 40 : 60, seed: Number(process.env.FC_SEED ?? 20_261_126), endOnFailure: true },
      );
      console.log(`[finance integrity] ${run} runs`, JSON.stringify(tried), JSON.stringify(outcomes));
      // The generator reached both outcomes and retries.
      expect(tried.ok).toBeGreaterThan(0);
      expect(tried.refused).toBeGreaterThan(0);
      expect(tried.retriedSame).toBeGreaterThan(0);
      for (const what of ["approve:ok", "pending:ok", "pay:ok", "void:ok", "sendBack:ok", "adjust:ok"]) expect({ what, n: outcomes[what] ?? 0 }).not.toEqual({ what, n: 0 });
    },
    PG ? 400_000 : 120_000,
  );

  test("the checks themselves catch a broken ledger, a second payment and a change inside a lock period", async () => {
    const db = t.db;
    await resetFinance(db);
    const [[kind, id]] = (await plantItems(db, [10_000, 20_000, 30_000, 40_000, 50_000])) as [["expense", number]];
    const { billIds } = await approveItem(db, actor, kind, { id, invoiceDate: "2026-03-15", maxTotalSpendOverride: true });
    const billId = billIds[0]!;
    await expectIntegrity(db, []);
    const bill = await db.selectFrom("bills").select(["to_account_id", "currency", "group_id"]).where("id", "=", billId).executeTakeFirstOrThrow();
    const locks = [await lockSnapshot(db, "2026-03-31")];
    // An entry whose running balance is wrong.
    const last = await db.selectFrom("finance_entries").select(["seq", "balance_after"]).where("account_id", "=", bill.to_account_id!).orderBy("seq", "desc").executeTakeFirstOrThrow();
    const bad = await db
      .insertInto("finance_entries")
      .values({ account_id: bill.to_account_id!, group_id: bill.group_id, seq: last.seq + 1, entry_date: "2026-04-01", kind: "adjustment", amount: 100, currency: bill.currency, balance_after: last.balance_after + 99, bill_id: null, payment_id: null, notes: "", created_by: null, created_at: NOW })
      .returning("id")
      .executeTakeFirstOrThrow();
    await expect(expectIntegrity(db, [])).rejects.toThrow();
    await db.deleteFrom("finance_entries").where("id", "=", bad.id).execute();
    await expectIntegrity(db, locks);
    // A bill inside the lock changed after it.
    await db.updateTable("bills").set({ version: 99 }).where("id", "=", billId).execute();
    await expect(expectIntegrity(db, locks)).rejects.toThrow();
    await db.updateTable("bills").set({ version: 1 }).where("id", "=", billId).execute();
    // Two payments of one bill.
    for (let i = 0; i < 2; i++) {
      await db
        .insertInto("payments")
        .values({ group_id: bill.group_id, bill_id: billId, status: "PAID", amount: 10_000, currency: bill.currency, payment_date: "2026-04-02", paid_at: NOW, created_at: NOW } as never)
        .execute();
    }
    await expect(expectIntegrity(db, [])).rejects.toThrow();
    await resetFinance(db);
  });
});
