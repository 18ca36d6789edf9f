/**
 * The one-statement throttle count (countLoginAttempt) against its pure rule (countAttempt), on the
 * database under test: random sequences of attempts must give the same states and the same answers.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { accountRule, addressRule, countAttempt, type ThrottleRule, type ThrottleState } from "../../../domain/identity/auth/throttle.ts";
import { createTestDatabase, type TestDatabase } from "../../../test/db.ts";
import { countLoginAttempt, releaseAttempt } from "./login-throttle.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase({ demo: false, reference: { cities: "none" } });
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom("login_throttle").execute();
});

const settings = { maxFailures: 4, windowMinutes: 2, lockMinutes: 3, addressMaxFailures: 6, addressDelaySeconds: 20 };
const rules: Record<string, ThrottleRule> = { lock: accountRule(settings), slow: addressRule(settings) };
const t0 = Date.parse("2026-11-25T10:00:00.000Z");

describe("countLoginAttempt follows countAttempt", () => {
  for (const [name, rule] of Object.entries(rules)) {
    test(`${name} rule: random attempt sequences`, async () => {
      let run = 0;
      await fc.assert(
        fc.asyncProperty(fc.array(fc.integer({ min: 0, max: 90_000 }), { minLength: 1, maxLength: 25 }), async (gaps) => {
          const key = `k:${name}:${run++}`;
          let model: ThrottleState | undefined;
          let now = t0;
          for (const gap of gaps) {
            now += gap;
            const expected = countAttempt(model, new Date(now), rule);
            const actual = await countLoginAttempt(t.db, key, rule, new Date(now));
            expect(actual).toEqual(expected);
            model = expected.state;
          }
        }),
        { numRuns: 25, seed: 12 },
      );
    });
  }

  test("releaseAttempt gives one attempt back, never below zero", async () => {
    const rule = rules.slow!;
    await countLoginAttempt(t.db, "address:x", rule, new Date(t0));
    await releaseAttempt(t.db, "address:x");
    await releaseAttempt(t.db, "address:x");
    const row = await t.db.selectFrom("login_throttle").select("failures").where("key", "=", "address:x").executeTakeFirstOrThrow();
    expect(row.failures).toBe(0);
  });

  test("50 parallel counts of one key: each its own number, exactly `max` let through", async () => {
    const rule = rules.lock!;
    const now = new Date(t0);
    const results = await Promise.all(Array.from({ length: 50 }, () => countLoginAttempt(t.db, "account:race", rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(settings.maxFailures);
    expect(new Set(results.map((r) => r.state.failures)).size).toBe(50);
  });
});
