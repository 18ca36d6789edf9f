import type { ThrottleRule } from "../../identity/auth/throttle.ts";

/**
 * How many error reports one browser (its session, or its address when signed out) may store:
 * `max` reports a minute; past it, reports are answered as usual and dropped for a minute, so an
 * error loop in one browser cannot flood the table. Counted in the database with the sign-in
 * throttle's atomic counter (`countLoginAttempt`, key `client-errors:…`), so the cap holds across
 * instances and parallel reports.
 */
export const REPORT_RULE: ThrottleRule = { mode: "lock", max: 30, windowMs: 60_000, lockMs: 60_000 };
