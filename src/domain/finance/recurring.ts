/**
 * Recurring payment schedules for ad-hoc charges of type CashAllowanceRecurring (issue 16; spec
 * part 2 §2 ad-hoc, §3 "Recurring payment: paymentAmount, paymentDueDate", §5 "Recurring", §9
 * "Recurrence types: months or weeks"). Pure.
 *
 * §5: a valid non-zero gross, a positive number of months or weeks, and a first due date; all payment
 * dates filled; amounts numeric and summing to gross; the last instalment absorbs rounding. Issue 23
 * item 4: every instalment is greater than zero (a schedule is money owed to the employee, never a
 * credit: so the gross is positive and at least one minor unit per instalment) and the rows sent are
 * exactly the number of instalments. Amounts have the currency's ISO 4217 decimals (BHD 3, JPY 0). (The
 * confirm dialog before submit is the screen's.) The split is the money module's `splitLastAbsorbs`,
 * so the instalments always sum exactly to the gross in minor units (JPY has no decimals).
 *
 * Where the spec is silent: monthly dates keep the first due date's day, clamped to the month's last
 * day (31 Jan → 28/29 Feb → 31 Mar), as banks' standing orders do; weekly dates are 7 days apart.
 * Number of instalments is capped at 520 (ten years of weeks) so a typo cannot build a huge schedule.
 */
import { splitLastAbsorbs, type Money } from "../money/money.ts";
import { readAmount, type FieldErrors } from "./amounts.ts";
import { fill, financeMessages as M } from "./messages.ts";

export const RECURRENCE_UNITS = ["months", "weeks"] as const;
export type RecurrenceUnit = (typeof RECURRENCE_UNITS)[number];
export const MAX_INSTALMENTS = 520;
export const CASH_ALLOWANCE_RECURRING = "CashAllowanceRecurring";

export type RecurringPayment = { paymentAmount: Money; paymentDueDate: string };

function parseIso(date: unknown): Date | null {
  if (typeof date !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return null;
  const d = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== date ? null : d;
}

function iso(d: Date): string {
  return d.toISOString().slice(0, 10);
}

/** The i-th due date (0-based) after `first`. */
export function dueDate(first: string, unit: RecurrenceUnit, i: number): string {
  const d = parseIso(first);
  if (!d) throw new Error(`invalid date ${first}`);
  if (unit === "weeks") return iso(new Date(d.getTime() + i * 7 * 86_400_000));
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth() + i;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return iso(new Date(Date.UTC(y, m, Math.min(d.getUTCDate(), lastDay))));
}

export type RecurringInput = { gross: unknown; currency: string; count: unknown; unit: unknown; firstDueDate: unknown };

/** The number of instalments (a whole number 1…MAX_INSTALMENTS, or its decimal text), or null. */
function countOf(count: unknown): number | null {
  const n = typeof count === "string" && /^\d+$/.test(count.trim()) ? Number(count) : count;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= MAX_INSTALMENTS ? n : null;
}

/** §5 inputs of the calculator. */
export function checkRecurringInput(input: RecurringInput): FieldErrors {
  const errors: FieldErrors = {};
  const g = readAmount(input.gross, input.currency);
  const n = countOf(input.count);
  if ("error" in g || g.money.amount === 0) errors.gross = M.recurringGross;
  // Every instalment positive: a positive gross of at least one minor unit per instalment.
  else if (g.money.amount < 0 || (n !== null && g.money.amount < n)) errors.gross = M.recurringInstalmentPositive;
  if (n === null) errors.count = M.recurringCount;
  if (!(RECURRENCE_UNITS as readonly unknown[]).includes(input.unit)) errors.unit = M.recurringCount;
  if (!parseIso(input.firstDueDate)) errors.firstDueDate = M.recurringFirstDue;
  return errors;
}

/** The schedule, or the field errors. */
export function buildSchedule(input: RecurringInput): { schedule: RecurringPayment[] } | { errors: FieldErrors } {
  const errors = checkRecurringInput(input);
  if (Object.keys(errors).length > 0) return { errors };
  const gross = readAmount(input.gross, input.currency) as { money: Money };
  const count = Number(input.count);
  const unit = input.unit as RecurrenceUnit;
  const first = input.firstDueDate as string;
  return {
    schedule: splitLastAbsorbs(gross.money, count).map((paymentAmount, i) => ({ paymentAmount, paymentDueDate: dueDate(first, unit, i) })),
  };
}

/**
 * §5 check of a schedule as submitted (the user may have edited rows): exactly `count` rows, every
 * date filled, every amount numeric and greater than zero, and the amounts summing exactly to the
 * gross. Rows are keyed `payments.<i>.<field>`.
 */
export function checkSchedule(gross: Money, rows: { paymentAmount: unknown; paymentDueDate: unknown }[], count: number): FieldErrors {
  const errors: FieldErrors = {};
  if (rows.length === 0) errors.count = M.recurringCount;
  else if (rows.length !== count) errors.payments = fill(M.recurringRowsCount, { count: String(count) });
  let sum = 0;
  let allRead = true;
  rows.forEach((row, i) => {
    if (!parseIso(row.paymentDueDate)) errors[`payments.${i}.paymentDueDate`] = M.recurringDates;
    const r = readAmount(row.paymentAmount, gross.currency);
    if ("error" in r) {
      errors[`payments.${i}.paymentAmount`] = r.error;
      allRead = false;
    } else {
      if (r.money.amount <= 0) errors[`payments.${i}.paymentAmount`] = M.recurringInstalmentPositive;
      sum += r.money.amount;
    }
  });
  if (allRead && rows.length > 0 && sum !== gross.amount) errors.payments ??= M.recurringSum;
  return errors;
}
