/**
 * Login throttling (pure): the rule every sign-in attempt is counted by. The database applies the
 * same rule in one atomic statement (`countLoginAttempt` in src/db/queries/identity/login-throttle.ts), so
 * parallel attempts are counted one after the other; `countAttempt` below is the reference the
 * query is tested against.
 *
 * Two keys per attempt:
 * - the account (`account:<email>`), mode "lock": the spec's rule, `maxFailures` attempts within
 *   `windowMinutes` lock the account for `lockMinutes`. A successful sign-in clears the count.
 * - the address (`address:<ip>`), mode "slow": a much higher ceiling (`addressMaxFailures` in the
 *   same window). Past it the address is not locked out, only slowed: one attempt every
 *   `addressDelaySeconds` until the window ends, so colleagues behind one office NAT still sign in.
 *
 * An attempt is counted BEFORE its password is checked and the lock is read from the count it made,
 * so N parallel guesses cannot all pass a check made before any of them was counted.
 */
export type ThrottleSettings = {
  maxFailures: number;
  windowMinutes: number;
  lockMinutes: number;
  addressMaxFailures: number;
  addressDelaySeconds: number;
};
export type ThrottleState = { failures: number; windowStartedAt: string; lockedUntil: string | null };
export type ThrottleMode = "lock" | "slow";
export type ThrottleRule = { mode: ThrottleMode; max: number; windowMs: number; lockMs: number };
export type ThrottleKey = { key: string; rule: ThrottleRule; kind: "account" | "address" };

const minutes = (n: number) => n * 60_000;

export function accountRule(s: ThrottleSettings): ThrottleRule {
  return { mode: "lock", max: s.maxFailures, windowMs: minutes(s.windowMinutes), lockMs: minutes(s.lockMinutes) };
}

export function addressRule(s: ThrottleSettings): ThrottleRule {
  return { mode: "slow", max: s.addressMaxFailures, windowMs: minutes(s.windowMinutes), lockMs: s.addressDelaySeconds * 1000 };
}

export function isLocked(state: ThrottleState | undefined, now: Date): boolean {
  return !!state?.lockedUntil && new Date(state.lockedUntil).getTime() > now.getTime();
}

/** Whether the stored state starts afresh at `now` (window over, or a lock that has ended). */
function startsAfresh(state: ThrottleState | undefined, now: Date, rule: ThrottleRule): boolean {
  if (!state) return true;
  const windowOver = new Date(state.windowStartedAt).getTime() < now.getTime() - rule.windowMs;
  if (rule.mode === "slow") return windowOver;
  return state.lockedUntil !== null ? !isLocked(state, now) : windowOver;
}

/** One attempt counted at `now`: the state after it, and whether the attempt may go on to the password check. */
export function countAttempt(
  state: ThrottleState | undefined,
  now: Date,
  rule: ThrottleRule,
): { state: ThrottleState; allowed: boolean } {
  const nowIso = now.toISOString();
  const until = new Date(now.getTime() + rule.lockMs).toISOString();
  if (startsAfresh(state, now, rule)) {
    const lockedUntil = rule.mode === "lock" && rule.max <= 1 ? until : null;
    return { state: { failures: 1, windowStartedAt: nowIso, lockedUntil }, allowed: true };
  }
  const s = state!;
  const failures = s.failures + 1;
  if (rule.mode === "lock") {
    const allowed = s.lockedUntil === null && failures <= rule.max;
    const lockedUntil = s.lockedUntil ?? (failures >= rule.max ? until : null);
    return { state: { failures, windowStartedAt: s.windowStartedAt, lockedUntil }, allowed };
  }
  if (failures <= rule.max) return { state: { failures, windowStartedAt: s.windowStartedAt, lockedUntil: null }, allowed: true };
  // Past the ceiling: one attempt per delay; the attempt that passes starts the next delay.
  const allowed = !isLocked(s, now);
  return { state: { failures, windowStartedAt: s.windowStartedAt, lockedUntil: allowed ? until : s.lockedUntil }, allowed };
}

/** After a successful sign-in: the account starts afresh; the address gives back the attempt it counted. */
export function afterSuccess(state: ThrottleState | undefined, mode: ThrottleMode): ThrottleState | undefined {
  if (!state || mode === "lock") return undefined;
  return { ...state, failures: Math.max(state.failures - 1, 0) };
}

/** The keys an attempt is counted under, the address first (a slowed address does not count against the account). */
export function throttleKeys(email: string, ip: string | null, s: ThrottleSettings): ThrottleKey[] {
  const account: ThrottleKey = { key: `account:${email}`, rule: accountRule(s), kind: "account" };
  return ip ? [{ key: `address:${ip}`, rule: addressRule(s), kind: "address" }, account] : [account];
}
