/**
 * Expense rules (issue 14; part 1 §3 "My move expense status", §6, §8; part 2 §3 Expense, §5 bill
 * amounts). Pure: no I/O.
 *
 * Statuses: the employee's SUBMITTED (with a receipt) and SUBMITTED_WITHOUT_RECEIPT, then finance's
 * IN_PROCESS (taken into bill approval), APPROVED, REJECTED and PAID. An expense may be deleted only
 * while finance has not started on it (the two submitted states); the delete is a conditional delete
 * on those states, so a parallel finance transition and a delete cannot both win.
 */
import { AppError } from "../../errors.ts";
import { parseAmount, type Money } from "../../money/money.ts";
import { expenseMessages } from "./messages.ts";

export const EXPENSE_STATUSES = ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS", "APPROVED", "REJECTED", "PAID"] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];
export const EMPLOYEE_STATUSES: readonly ExpenseStatus[] = ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT"];
export const EXPENSE_CATEGORIES = ["TRAVEL", "ACCOMMODATION", "MEALS", "TRANSPORT", "FEES", "SHIPPING", "OTHER"] as const;
export type ExpenseCategory = (typeof EXPENSE_CATEGORIES)[number];

/** How many days before the move's start an expense may be dated, unless configured (EXPENSE_DATE_WINDOW_DAYS). */
export const DEFAULT_EXPENSE_DATE_WINDOW_DAYS = 365;

const DAY_MS = 86_400_000;

/** A real calendar date written YYYY-MM-DD (2027-02-30 is not). */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * The latest calendar day it is anywhere at `now` (UTC+14, the earliest time zone): the server's
 * bound for "not after today", so that a claim dated today where the employee is is never refused.
 * The form bounds it by the employee's own today.
 */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addCalendarDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The earliest date an expense of a move may carry: the move's start (its move date, else the day it
 * was initiated or created) minus the configured window; null when the move has no start.
 */
export function earliestExpenseDate(move: { moveDate: string | null; startedAt: string | null }, windowDays: number): string | null {
  const start = move.moveDate && isCalendarDate(move.moveDate) ? move.moveDate : move.startedAt ? move.startedAt.slice(0, 10) : null;
  if (!start || !isCalendarDate(start)) return null;
  return addCalendarDays(start, -windowDays);
}

/**
 * What is wrong with an expense's date, or null: not a date, after `today`, or before `earliest`
 * (the move's start minus the window). The form and the service both ask this.
 */
export function expenseDateProblem(date: string, bounds: { today: string; earliest: string | null; windowDays: number }): string | null {
  if (!isCalendarDate(date)) return expenseMessages.dateRequired;
  if (date > bounds.today) return expenseMessages.dateInFuture;
  if (bounds.earliest !== null && date < bounds.earliest) return expenseDateTooEarly(bounds.windowDays);
  return null;
}

/** "The expense date can be at most 365 days before the move's start." */
export function expenseDateTooEarly(windowDays: number): string {
  return expenseMessages.dateTooEarly.replace("{days}", String(windowDays));
}

/** The status a new expense gets: with a receipt SUBMITTED, without SUBMITTED_WITHOUT_RECEIPT. */
export function submittedStatus(hasReceipt: boolean): ExpenseStatus {
  return hasReceipt ? "SUBMITTED" : "SUBMITTED_WITHOUT_RECEIPT";
}

/** part 1 §6 / §8: finance has started on every status but the two submitted ones. */
export function canDeleteExpense(status: string): boolean {
  return (EMPLOYEE_STATUSES as readonly string[]).includes(status);
}

/**
 * Net / tax / gross in the expense's currency (part 2 §5 bill amounts): gross required and greater
 * than zero; net and tax both or neither, never negative; given, net + tax must equal gross; a
 * single one given must equal gross. Without net and tax the net is the gross and the tax zero.
 */
export function expenseAmounts(p: { currency: string; gross: string; net?: string | null; tax?: string | null }): { net: Money; tax: Money; gross: Money } {
  const fields: Record<string, string> = {};
  const read = (name: string, text: string): Money | null => {
    try {
      const m = parseAmount(text, p.currency);
      if (m.amount < 0) {
        fields[name] = expenseMessages.notNegative;
        return null;
      }
      return m;
    } catch (e) {
      if (!(e instanceof AppError)) throw e;
      fields[name] = e.message;
      return null;
    }
  };
  const blank = (s: string | null | undefined) => s === undefined || s === null || s.trim() === "";
  const gross = read("gross", p.gross);
  if (gross && gross.amount === 0) fields.gross = expenseMessages.grossPositive;
  const net = blank(p.net) ? null : read("net", p.net!);
  const tax = blank(p.tax) ? null : read("tax", p.tax!);
  if (Object.keys(fields).length > 0 || !gross) throw new AppError("VALIDATION", Object.values(fields)[0] ?? expenseMessages.grossPositive, fields);
  let n = net?.amount ?? null;
  let t = tax?.amount ?? null;
  if (n === null && t === null) {
    n = gross.amount;
    t = 0;
  } else if (n === null || t === null) {
    const one = (n ?? t)!;
    if (one !== gross.amount) throw new AppError("VALIDATION", expenseMessages.netTaxGross, { [n === null ? "tax" : "net"]: expenseMessages.netTaxGross });
    if (n === null) n = 0;
    else t = 0;
  } else if (n + t !== gross.amount) {
    throw new AppError("VALIDATION", expenseMessages.netTaxGross, { net: expenseMessages.netTaxGross });
  }
  return { net: { amount: n, currency: gross.currency }, tax: { amount: t!, currency: gross.currency }, gross };
}
