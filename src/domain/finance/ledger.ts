/**
 * The account ledger (issue 16 "a ledger that cannot lie"; spec part 2 §3 Account, Payment, Lock
 * period; §5 manual adjustment). Pure. A balance is the sum of an account's entries, never a field
 * edited in place; a manual adjustment, a bill and a payment are each an appended entry; a change is
 * a reversing entry plus a new one. `applyLedgerAction` is the reference model the services follow:
 * every action passes the lock-period check, the amount rules and the bill state machine, or changes
 * nothing and answers why.
 *
 * Where the spec is silent (commercial double-entry practice, reduced to one side per account):
 * a bill adds its gross to the account it is owed from (positive = owed), a payment subtracts it;
 * voiding an unpaid bill and moving its date append reversing entries (dated like the entries they
 * reverse, so a locked bill can be neither voided nor moved); a bill is paid in full once.
 * `balances` is the cached balance a service keeps next to the entries; the property test proves it
 * always equals the fold.
 */
import { addMoney, sumMoney, type Money } from "../money/money.ts";
import { checkManualAdjustment } from "./amounts.ts";
import { nextState, type Bill, type BillType } from "./bill-state.ts";
import { checkLock, type LockPeriod } from "./lock-periods.ts";
import { fill, financeMeridianMessages, financeMessages as M } from "./messages.ts";

export type EntryKind = "charge" | "payment" | "adjustment" | "reversal";
export type LedgerEntry = { seq: number; accountId: number; amount: Money; date: string; kind: EntryKind; billId: number | null };
export type LedgerBill = Bill & { id: number; accountId: number; amount: Money; date: string };
export type Ledger = {
  entries: readonly LedgerEntry[];
  bills: Readonly<Record<number, LedgerBill>>;
  lockPeriods: readonly LockPeriod[];
  balances: Readonly<Record<number, Money>>;
};

export const emptyLedger = (): Ledger => ({ entries: [], bills: {}, lockPeriods: [], balances: {} });

/** The balance of an account: the sum of its entries (in the account's currency). */
export function balanceOf(entries: readonly LedgerEntry[], accountId: number, currency: string): Money {
  return sumMoney(entries.filter((e) => e.accountId === accountId).map((e) => e.amount), currency);
}

/** Running balance after each of an account's entries, in entry order (the manual-adjustment popup). */
export function runningBalances(entries: readonly LedgerEntry[], accountId: number, currency: string): { entry: LedgerEntry; balance: Money }[] {
  let balance: Money = { amount: 0, currency };
  return entries.filter((e) => e.accountId === accountId).map((entry) => ((balance = addMoney(balance, entry.amount)), { entry, balance }));
}

export type LedgerAction =
  | { type: "adjust"; accountId: number; amount: string; currency: string; date: string }
  | { type: "createBill"; billId: number; billType: BillType; accountId: number; amount: Money; date: string }
  | { type: "markPaymentPending"; billId: number }
  | { type: "pay"; billId: number; paymentDate: string }
  | { type: "recordPayment"; billId: number; paymentDate: string }
  | { type: "moveBill"; billId: number; newDate: string }
  | { type: "void"; billId: number; rejectionId: number | null }
  | { type: "lock"; periodName: string; lockDate: string };

export type LedgerResult = { ok: true; ledger: Ledger } | { ok: false; message: string };


function append(ledger: Ledger, add: Omit<LedgerEntry, "seq">[]): Ledger {
  let seq = ledger.entries.length;
  const entries = [...ledger.entries, ...add.map((e) => ({ ...e, seq: seq++ }))];
  const balances = { ...ledger.balances };
  for (const e of add) balances[e.accountId] = addMoney(balances[e.accountId] ?? { amount: 0, currency: e.amount.currency }, e.amount);
  return { ...ledger, entries, balances };
}

function negate(m: Money): Money {
  return { amount: -m.amount, currency: m.currency };
}

export function applyLedgerAction(ledger: Ledger, action: LedgerAction): LedgerResult {
  const refuse = (message: string): LedgerResult => ({ ok: false, message });
  const currencyOf = (accountId: number) => ledger.balances[accountId]?.currency;
  switch (action.type) {
    case "lock":
      if (!action.periodName.trim() || !/^\d{4}-\d{2}-\d{2}$/.test(action.lockDate)) return refuse(M.lockPeriodFields);
      return { ok: true, ledger: { ...ledger, lockPeriods: [...ledger.lockPeriods, { periodName: action.periodName, lockDate: action.lockDate }] } };
    case "adjust": {
      const { errors, amount } = checkManualAdjustment({ amount: action.amount, currency: action.currency, timestamp: action.date });
      const first = Object.values(errors)[0];
      if (first || !amount) return refuse(first ?? M.amountRequired);
      const cur = currencyOf(action.accountId);
      if (cur && cur !== amount.currency) return refuse(M.mixedBillCurrencies);
      const locked = checkLock(ledger.lockPeriods, { type: "create", date: action.date });
      if (locked) return refuse(locked);
      return { ok: true, ledger: append(ledger, [{ accountId: action.accountId, amount, date: action.date, kind: "adjustment", billId: null }]) };
    }
    case "createBill": {
      if (ledger.bills[action.billId]) return refuse(fill(M.transitionNotAllowed, { from: "existing", to: "Open" }));
      const cur = currencyOf(action.accountId);
      if (cur && cur !== action.amount.currency) return refuse(M.mixedBillCurrencies);
      const locked = checkLock(ledger.lockPeriods, { type: "create", date: action.date });
      if (locked) return refuse(locked);
      const bill: LedgerBill = { id: action.billId, billType: action.billType, status: "Open", audited: false, holdReason: null, accountId: action.accountId, amount: action.amount, date: action.date };
      const next = append(ledger, [{ accountId: bill.accountId, amount: bill.amount, date: bill.date, kind: "charge", billId: bill.id }]);
      return { ok: true, ledger: { ...next, bills: { ...ledger.bills, [bill.id]: bill } } };
    }
  }
  const bill = ledger.bills[action.billId];
  if (!bill) return refuse(financeMeridianMessages.billNotFound);
  const withBill = (l: Ledger, b: LedgerBill): Ledger => ({ ...l, bills: { ...l.bills, [b.id]: b } });
  switch (action.type) {
    case "markPaymentPending": {
      const t = nextState(bill, { type: "markPaymentPending" });
      if (!t.ok || t.removed) return refuse(t.ok ? M.transitionNotAllowed : t.message);
      const locked = checkLock(ledger.lockPeriods, { type: "change", oldDate: bill.date });
      if (locked) return refuse(locked);
      return { ok: true, ledger: withBill(ledger, { ...bill, ...t.bill }) };
    }
    case "pay":
    case "recordPayment": {
      const t = nextState(bill, { type: action.type });
      if (!t.ok || t.removed) return refuse(t.ok ? M.transitionNotAllowed : t.message);
      const locked = checkLock(ledger.lockPeriods, { type: "pay", paymentDate: action.paymentDate, billDate: bill.date });
      if (locked) return refuse(locked);
      const next = append(ledger, [{ accountId: bill.accountId, amount: negate(bill.amount), date: action.paymentDate, kind: "payment", billId: bill.id }]);
      return { ok: true, ledger: withBill(next, { ...bill, ...t.bill }) };
    }
    case "moveBill": {
      if (bill.status !== "Open" || bill.holdReason !== null) return refuse(bill.holdReason ? M.billOnHold : fill(M.transitionNotAllowed, { from: bill.status, to: "Open" }));
      const locked = checkLock(ledger.lockPeriods, { type: "change", oldDate: bill.date, newDate: action.newDate });
      if (locked) return refuse(locked);
      const next = append(ledger, [
        { accountId: bill.accountId, amount: negate(bill.amount), date: bill.date, kind: "reversal", billId: bill.id },
        { accountId: bill.accountId, amount: bill.amount, date: action.newDate, kind: "charge", billId: bill.id },
      ]);
      return { ok: true, ledger: withBill(next, { ...bill, date: action.newDate }) };
    }
    case "void": {
      const t = nextState(bill, { type: "void", rejectionId: action.rejectionId });
      if (!t.ok || t.removed) return refuse(t.ok ? M.transitionNotAllowed : t.message);
      const locked = checkLock(ledger.lockPeriods, { type: "change", oldDate: bill.date });
      if (locked) return refuse(locked);
      const next = append(ledger, [{ accountId: bill.accountId, amount: negate(bill.amount), date: bill.date, kind: "reversal", billId: bill.id }]);
      return { ok: true, ledger: withBill(next, { ...bill, ...t.bill }) };
    }
  }
}
