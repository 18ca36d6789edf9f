/**
 * Lock periods (issue 16; spec part 2 §2 lock periods screen, §3 "Lock period: periodName, lockDate",
 * §5 "name and date both required", §7 saveLockPeriods "lockDate yyyy-mm-dd"). Pure.
 *
 * Rule (issue 16): nothing dated on or before a lock date can be created, changed or paid. A change
 * is checked on both its old date and its new one, so nothing can be moved into or out of a locked
 * period. Where the spec is silent: a payment is checked on its payment date; the latest lock date
 * governs (several periods may exist; the latest one locks everything before it), and dates are
 * compared as calendar days in UTC (issue 23 item 7): a date is read strictly by `financeDay` (a
 * calendar date yyyy-mm-dd, or an ISO-8601 timestamp whose offset is converted to its UTC date, so
 * 2026-11-01T01:00:00+05:00 is 2026-10-31), between 1900-01-01 and 2099-12-31; anything else
 * ("2026-12-05 junk", "2026-02-30", "9999-12-31") is refused, never compared by its first characters.
 */
import { AppError } from "../errors.ts";
import { checkLockPeriodInput, financeDay, type FieldErrors } from "./amounts.ts";
import { fill, financeMessages as M } from "./messages.ts";

export { FINANCE_DATE_MAX, FINANCE_DATE_MIN, financeDay } from "./amounts.ts";

export type LockPeriod = { periodName: string; lockDate: string };

/** The UTC calendar day of a date or timestamp; refuses (VALIDATION) what `financeDay` cannot read. */
function day(date: string): string {
  const d = financeDay(date);
  if (d === null) throw new AppError("VALIDATION", M.dateInvalid);
  return d;
}

/** The period whose lock date covers `date` (the latest lock date on or after it), or null. */
export function lockingPeriod(periods: readonly LockPeriod[], date: string): LockPeriod | null {
  let latest: LockPeriod | null = null;
  for (const p of periods) if (!latest || p.lockDate > latest.lockDate) latest = p;
  const d = day(date);
  return latest && d <= latest.lockDate ? latest : null;
}

export function isLocked(periods: readonly LockPeriod[], date: string): boolean {
  return lockingPeriod(periods, date) !== null;
}

/** `pay`: the payment date, and the paid bill's own date when known (a bill dated in a locked period cannot be paid either). */
export type LockedAction = { type: "create"; date: string } | { type: "change"; oldDate: string; newDate?: string } | { type: "pay"; paymentDate: string; billDate?: string };

/** null when allowed; otherwise the refusal text naming the period. */
export function checkLock(periods: readonly LockPeriod[], action: LockedAction): string | null {
  const dates = action.type === "create" ? [action.date] : action.type === "pay" ? [action.paymentDate, ...(action.billDate === undefined ? [] : [action.billDate])] : [action.oldDate, action.newDate ?? action.oldDate];
  for (const d of dates) {
    const p = lockingPeriod(periods, d);
    if (p) return fill(M.lockedPeriod, { period: p.periodName, lockDate: p.lockDate });
  }
  return null;
}

/** §5 saveLockPeriods input: name and date both required (one message for either). */
export function checkNewLockPeriod(periodName: unknown, lockDate: unknown): FieldErrors {
  return checkLockPeriodInput(periodName, lockDate);
}
