import { describe, expect, test } from "bun:test";
import { isLocked, recordFailure, throttleKeys, type ThrottleSettings, type ThrottleState } from "./throttle.ts";

const settings: ThrottleSettings = { maxFailures: 10, windowMinutes: 15, lockMinutes: 15 };
const t0 = new Date("2026-11-22T10:00:00.000Z");
const at = (minutes: number) => new Date(t0.getTime() + minutes * 60_000);

function failTimes(n: number, when: (i: number) => Date = () => t0, start?: ThrottleState): ThrottleState | undefined {
  let state = start;
  for (let i = 0; i < n; i++) state = recordFailure(state, when(i), settings);
  return state;
}

describe("recordFailure", () => {
  test("the first failure opens a window", () => {
    expect(recordFailure(undefined, t0, settings)).toEqual({ failures: 1, windowStartedAt: t0.toISOString(), lockedUntil: null });
  });

  test("nine failures in the window do not lock", () => {
    const state = failTimes(9, (i) => at(i));
    expect(state).toEqual({ failures: 9, windowStartedAt: t0.toISOString(), lockedUntil: null });
    expect(isLocked(state, at(9))).toBe(false);
  });

  test("the tenth failure within 15 minutes locks for 15 minutes", () => {
    const state = failTimes(10, (i) => at(i * 1.5)); // the last one at +13.5 min
    expect(state?.lockedUntil).toBe(at(13.5 + 15).toISOString());
    expect(state?.failures).toBe(0);
    expect(isLocked(state, at(13.5))).toBe(true);
    expect(isLocked(state, at(28))).toBe(true);
    expect(isLocked(state, at(28.5))).toBe(false);
    expect(isLocked(state, at(29))).toBe(false);
  });

  test("failures older than the window start a new count", () => {
    const nine = failTimes(9);
    const later = recordFailure(nine, at(16), settings);
    expect(later).toEqual({ failures: 1, windowStartedAt: at(16).toISOString(), lockedUntil: null });
  });

  test("a failure exactly at the end of the window still counts", () => {
    const nine = failTimes(9);
    const tenth = recordFailure(nine, at(15), settings);
    expect(tenth.lockedUntil).toBe(at(30).toISOString());
  });

  test("after a lock expires the count starts again", () => {
    const locked = failTimes(10)!;
    const next = recordFailure(locked, at(16), settings);
    expect(next).toEqual({ failures: 1, windowStartedAt: at(16).toISOString(), lockedUntil: null });
  });

  test("settings are honoured", () => {
    const strict = { maxFailures: 3, windowMinutes: 1, lockMinutes: 60 };
    let state = recordFailure(undefined, t0, strict);
    state = recordFailure(state, at(0.5), strict);
    expect(state.lockedUntil).toBeNull();
    state = recordFailure(state, at(0.9), strict);
    expect(state.lockedUntil).toBe(at(60.9).toISOString());
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
  test("one key per account and one per address", () => {
    expect(throttleKeys("hr@acme.test", "10.0.0.1")).toEqual(["account:hr@acme.test", "address:10.0.0.1"]);
  });

  test("no address: the account key only", () => {
    expect(throttleKeys("hr@acme.test", null)).toEqual(["account:hr@acme.test"]);
  });
});
