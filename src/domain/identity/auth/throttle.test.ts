import { describe, expect, test } from "bun:test";
import {
  accountRule,
  addressRule,
  afterSuccess,
  countAttempt,
  isLocked,
  throttleKeys,
  type ThrottleRule,
  type ThrottleSettings,
  type ThrottleState,
} from "./throttle.ts";

const settings: ThrottleSettings = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15, addressMaxFailures: 100, addressDelaySeconds: 10 };
const account = accountRule(settings);
const address = addressRule(settings);
const t0 = new Date("2026-11-22T10:00:00.000Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

/** n attempts under one rule; the last state and how many were let through. */
function attempts(rule: ThrottleRule, n: number, when: (i: number) => Date = () => t0, start?: ThrottleState) {
  let state = start;
  let allowed = 0;
  for (let i = 0; i < n; i++) {
    const r = countAttempt(state, when(i), rule);
    state = r.state;
    if (r.allowed) allowed++;
  }
  return { state: state!, allowed };
}

describe("countAttempt, account (the spec's lock: 10 in 15 minutes lock for 15 minutes)", () => {
  test("the first attempt opens a window", () => {
    expect(countAttempt(undefined, t0, account)).toEqual({ state: { failures: 1, windowStartedAt: t0.toISOString(), lockedUntil: null }, allowed: true });
  });

  test("nine attempts in the window do not lock", () => {
    const { state, allowed } = attempts(account, 9, (i) => at(i));
    expect(allowed).toBe(9);
    expect(state).toEqual({ failures: 9, windowStartedAt: t0.toISOString(), lockedUntil: null });
    expect(isLocked(state, at(9))).toBe(false);
  });

  test("the tenth attempt is still checked and locks for 15 minutes after it; the eleventh is refused", () => {
    const { state, allowed } = attempts(account, 10, (i) => at(i * 1.5)); // the tenth at +13.5 min
    expect(allowed).toBe(10);
    expect(state.lockedUntil).toBe(at(13.5 + 15).toISOString());
    expect(isLocked(state, at(28))).toBe(true);
    expect(isLocked(state, at(28.5))).toBe(false);
    expect(countAttempt(state, at(20), account).allowed).toBe(false);
  });

  test("50 attempts counted one after the other let exactly 10 through", () => {
    expect(attempts(account, 50).allowed).toBe(10);
  });

  test("a refused attempt does not extend the lock", () => {
    const locked = attempts(account, 10).state;
    const refused = countAttempt(locked, at(5), account);
    expect(refused.state.lockedUntil).toBe(locked.lockedUntil);
  });

  test("attempts older than the window start a new count", () => {
    const nine = attempts(account, 9).state;
    expect(countAttempt(nine, at(16), account)).toEqual({ state: { failures: 1, windowStartedAt: at(16).toISOString(), lockedUntil: null }, allowed: true });
  });

  test("an attempt exactly at the end of the window still counts", () => {
    const nine = attempts(account, 9).state;
    expect(countAttempt(nine, at(15), account).state.lockedUntil).toBe(at(30).toISOString());
  });

  test("after a lock ends the count starts again", () => {
    const locked = attempts(account, 10).state;
    expect(countAttempt(locked, at(16), account)).toEqual({ state: { failures: 1, windowStartedAt: at(16).toISOString(), lockedUntil: null }, allowed: true });
  });

  test("settings are honoured", () => {
    const strict = accountRule({ ...settings, maxFailures: 3, windowMinutes: 1, lockMinutes: 60 });
    const { state, allowed } = attempts(strict, 3, (i) => at(i * 0.4));
    expect(allowed).toBe(3);
    expect(state.lockedUntil).toBe(at(60.8).toISOString());
  });

  test("a success clears the account", () => {
    expect(afterSuccess(attempts(account, 5).state, "lock")).toBeUndefined();
  });
});

describe("countAttempt, address (a much higher ceiling that slows, never locks out)", () => {
  test("100 attempts in the window all go through", () => {
    expect(attempts(address, 100).allowed).toBe(100);
  });

  test("past the ceiling: one attempt every 10 seconds, never a 15-minute lock", () => {
    const full = attempts(address, 100).state;
    const first = countAttempt(full, t0, address);
    expect(first.allowed).toBe(true);
    expect(first.state.lockedUntil).toBe(new Date(t0.getTime() + 10_000).toISOString());
    const soon = countAttempt(first.state, new Date(t0.getTime() + 5_000), address);
    expect(soon.allowed).toBe(false);
    expect(soon.state.lockedUntil).toBe(first.state.lockedUntil);
    const later = countAttempt(soon.state, new Date(t0.getTime() + 10_000), address);
    expect(later.allowed).toBe(true);
  });

  test("the window's end restores the full ceiling", () => {
    const slowed = attempts(address, 150).state;
    expect(countAttempt(slowed, at(16), address)).toEqual({ state: { failures: 1, windowStartedAt: at(16).toISOString(), lockedUntil: null }, allowed: true });
  });

  test("a success gives back the attempt it counted", () => {
    expect(afterSuccess(attempts(address, 5).state, "slow")?.failures).toBe(4);
    expect(afterSuccess({ failures: 0, windowStartedAt: t0.toISOString(), lockedUntil: null }, "slow")?.failures).toBe(0);
  });
});

describe("isLocked", () => {
  test("no state or no lock is unlocked", () => {
    expect(isLocked(undefined, t0)).toBe(false);
    expect(isLocked({ failures: 5, windowStartedAt: t0.toISOString(), lockedUntil: null }, t0)).toBe(false);
  });

  test("a lock ending now is over", () => {
    expect(isLocked({ failures: 0, windowStartedAt: t0.toISOString(), lockedUntil: t0.toISOString() }, t0)).toBe(false);
  });
});

describe("throttleKeys", () => {
  test("the address first, then the account", () => {
    expect(throttleKeys("hr@acme.test", "10.0.0.1", settings).map((k) => [k.kind, k.key, k.rule.mode])).toEqual([
      ["address", "address:10.0.0.1", "slow"],
      ["account", "account:hr@acme.test", "lock"],
    ]);
  });

  test("no address: the account key only", () => {
    expect(throttleKeys("hr@acme.test", null, settings).map((k) => k.key)).toEqual(["account:hr@acme.test"]);
  });
});
