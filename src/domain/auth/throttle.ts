/**
 * Login throttling (pure): after `maxFailures` failures within `windowMinutes` for one
 * key (an account or an address), the key is locked for `lockMinutes`.
 */
export type ThrottleSettings = { maxFailures: number; windowMinutes: number; lockMinutes: number };
export type ThrottleState = { failures: number; windowStartedAt: string; lockedUntil: string | null };

const minutes = (n: number) => n * 60_000;

export function isLocked(state: ThrottleState | undefined, now: Date): boolean {
  return !!state?.lockedUntil && new Date(state.lockedUntil).getTime() > now.getTime();
}

/** The state after one more failed attempt at `now`. */
export function recordFailure(state: ThrottleState | undefined, now: Date, s: ThrottleSettings): ThrottleState {
  const windowExpired = !state || now.getTime() - new Date(state.windowStartedAt).getTime() > minutes(s.windowMinutes);
  const failures = windowExpired ? 1 : state.failures + 1;
  const windowStartedAt = windowExpired ? now.toISOString() : state.windowStartedAt;
  const lockedUntil =
    failures >= s.maxFailures ? new Date(now.getTime() + minutes(s.lockMinutes)).toISOString() : null;
  return { failures: lockedUntil ? 0 : failures, windowStartedAt: lockedUntil ? now.toISOString() : windowStartedAt, lockedUntil };
}

export function throttleKeys(email: string, ip: string | null): string[] {
  return ip ? [`account:${email}`, `address:${ip}`] : [`account:${email}`];
}
