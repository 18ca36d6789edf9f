import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { convert, displayRound, formatMoney, roundHalfUp, toMajorString } from "../money/money.ts";
import {
  allocateLargestRemainder,
  convertMinor,
  convertWholeUnits,
  formatAmount,
  majorString,
  percentOf,
  percentRate,
  ratioPercent,
  wholePercent,
  wholeUnits,
} from "./amounts.ts";

const CURRENCIES = ["USD", "JPY", "BHD", "GBP"] as const;

describe("integer shortcuts agree with money.ts", () => {
  test("majorString and formatAmount are toMajorString and formatMoney", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(...CURRENCIES), (amount, currency) => {
        expect(majorString(amount, currency)).toBe(toMajorString({ amount, currency }));
        expect(formatAmount(amount, currency)).toBe(formatMoney({ amount, currency }));
      }),
      { numRuns: 300 },
    );
  });

  test("percentOf rounds amount × percent / 100 half away from zero, once", () => {
    expect(percentOf(12345, 40)).toBe(4938);
    expect(percentOf(5, 50)).toBe(3); // 2.5 → 3
    expect(percentOf(-5, 50)).toBe(-3);
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), fc.integer({ min: 0, max: 99 }), (amount, pct) => {
        expect(percentOf(amount, pct)).toBe(Number(roundHalfUp(`${amount * pct}e-2`, 0)));
      }),
      { numRuns: 300 },
    );
  });

  test("convertMinor is convert; wholeUnits and convertWholeUnits round to whole units (§9)", () => {
    fc.assert(
      // Up to 10^10 minor units, so the converted amount (× 150 at most) stays within MONEY_MAX_MINOR.
      fc.property(fc.integer({ min: 0, max: 1e10 }), fc.constantFrom("0.8", "1.2500", "150", "0.0067"), (amount, rate) => {
        expect(convertMinor(amount, "USD", rate, "JPY")).toBe(convert({ amount, currency: "USD" }, rate, "JPY").amount);
        expect(convertMinor(amount, "GBP", rate, "USD")).toBe(convert({ amount, currency: "GBP" }, rate, "USD").amount);
      }),
      { numRuns: 200 },
    );
    // Past the one bound both refuse alike, as bad input (never a wrong or unsafe number).
    expect(() => convertMinor(66_666_666_667, "GBP", "150", "USD")).toThrow("The amount is too large.");
    expect(() => convert({ amount: 66_666_666_667, currency: "GBP" }, "150", "USD")).toThrow("The amount is too large.");
    expect(wholeUnits(123450, "USD")).toBe(123500); // 1234.50 → 1235
    expect(wholeUnits(123449, "USD")).toBe(123400);
    expect(wholeUnits(-123450, "USD")).toBe(-123500);
    expect(wholeUnits(1235, "JPY")).toBe(1235);
    expect(wholeUnits(1234567, "BHD")).toBe(1235000);
    expect(convertWholeUnits(123500, "USD", "0.9000", "EUR")).toBe(111200); // 1111.50 → 1112
  });

  test("rates: whole percents and decimal strings", () => {
    expect(wholePercent("0.225")).toBe(23);
    expect(wholePercent("0.2249")).toBe(22);
    expect(Number(displayRound.taxRatePercent("22.5"))).toBe(23);
    expect([percentRate(40), percentRate(7), percentRate(0), percentRate(99), percentRate(10)]).toEqual(["0.4", "0.07", "0", "0.99", "0.1"]);
    expect(ratioPercent(2000, 12000)).toBe(17);
    expect(ratioPercent(1, 0)).toBe(0);
  });
});

describe("allocateLargestRemainder", () => {
  test("worked examples", () => {
    expect(allocateLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocateLargestRemainder(200_000, [600_000, 400_000])).toEqual([120_000, 80_000]);
    expect(allocateLargestRemainder(10, [0, 0])).toEqual([5, 5]);
    expect(allocateLargestRemainder(-7, [1, 2])).toEqual([-2, -5]);
    expect(allocateLargestRemainder(5, [])).toEqual([]);
  });

  test("the parts sum to the total exactly and each is its exact share rounded down or up", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e13 }), fc.array(fc.integer({ min: 0, max: 1e12 }), { minLength: 1, maxLength: 30 }), (total, weights) => {
        const parts = allocateLargestRemainder(total, weights);
        expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
        const W = weights.reduce((a, b) => a + b, 0);
        parts.forEach((p, i) => {
          const exact = W === 0 ? BigInt(total) * 1n : BigInt(total) * BigInt(weights[i]!);
          const d = W === 0 ? BigInt(weights.length) : BigInt(W);
          const floor = exact / d;
          expect(BigInt(p) === floor || BigInt(p) === floor + 1n).toBe(true);
        });
      }),
      { numRuns: 300 },
    );
  });
});
