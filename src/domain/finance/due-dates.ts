/**
 * The due date of a bill made by approval (issue 24 §5; part 2 §3 Account "dueDatePeriod (default
 * NEXT_45_DAYS)", §9 "Default due period NEXT_45_DAYS"). Pure.
 *
 * A period NEXT_<n>_DAYS means the bill is due n calendar days after the day it is made (the approval
 * day, UTC). The period is the one of the account the bill is charged to (the group's Client account,
 * its from-account); an account without a known period uses the default, NEXT_45_DAYS.
 */
import { DEFAULT_DUE_DATE_PERIOD, DUE_DATE_PERIODS } from "./schemas-accounts.ts";

export type DueDatePeriod = (typeof DUE_DATE_PERIODS)[number];

/** The number of days of a period; an unknown or missing period counts as the default's. */
export function daysOfPeriod(period: string | null | undefined): number {
  const known = (DUE_DATE_PERIODS as readonly string[]).includes(period ?? "") ? period! : DEFAULT_DUE_DATE_PERIOD;
  return Number(/^NEXT_(\d+)_DAYS$/.exec(known)![1]);
}

/** YYYY-MM-DD: `madeOn` (YYYY-MM-DD) plus the period's days. */
export function dueDateOf(madeOn: string, period: string | null | undefined): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(madeOn)) throw new RangeError(`not a date: ${madeOn}`);
  const d = new Date(`${madeOn}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) throw new RangeError(`not a date: ${madeOn}`);
  d.setUTCDate(d.getUTCDate() + daysOfPeriod(period));
  return d.toISOString().slice(0, 10);
}
