/** Gross-ups: worked examples and property tests (fast-check). */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { AppError } from "../errors.ts";
import { roundHalfUp } from "../money/money.ts";
import { grossUpFlat, grossUpProgressive, MAX_GROSS_UP_RATE, type TaxProfile } from "./index.ts";
import { dec } from "./table.ts";
import { systemOf } from "./test-helpers.ts";

describe("grossUpFlat", () => {
  test("worked examples", () => {
    // 10,000 / 0.75 = 13,333.33… → 13,333
    expect(grossUpFlat(10_000, "0.25")).toEqual({ gross: 13_333, tax: 3_333 });
    // 5,000.00 / (1 − 0.4015) = 8,354.2189… → 8,354.22
    expect(grossUpFlat(500_000, "0.4015")).toEqual({ gross: 835_422, tax: 335_422 });
    // 1 / 0.5 = 2
    expect(grossUpFlat(1, "0.5")).toEqual({ gross: 2, tax: 1 });
    expect(grossUpFlat(12_345, "0")).toEqual({ gross: 12_345, tax: 0 });
    expect(grossUpFlat(0, "0.3")).toEqual({ gross: 0, tax: 0 });
  });

  test.each([["-0.01"], ["abc"], [""]])("rate %p is refused", (rate) => {
    expect(() => grossUpFlat(100, rate)).toThrow(AppError);
  });

  test.each([["0.99"], ["1"], ["1.04"], ["1.2"]])("rate %p is clamped to MAX_GROSS_UP_RATE 0.99: 100 / 0.01 = 10,000", (rate) => {
    // a point slope of 100% or more (India's s.87A marginal relief: 104%) never makes a gross-up fail
    expect(MAX_GROSS_UP_RATE).toBe("0.99");
    expect(grossUpFlat(100, rate)).toEqual({ gross: 10_000, tax: 9_900 });
  });

  test("net must be a whole non-negative number", () => {
    expect(() => grossUpFlat(-1, "0.2")).toThrow(AppError);
    expect(() => grossUpFlat(1.5, "0.2")).toThrow(AppError);
  });

  test("property: gross − round(gross × rate) = net ± 1, tax = gross − net", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.integer({ min: 0, max: 600_000 }), (net, millionths) => {
        const rate = dec(millionths).dividedBy(1_000_000).toFixed();
        const { gross, tax } = grossUpFlat(net, rate);
        const withheld = Number(roundHalfUp(dec(gross).times(rate), 0));
        expect(Math.abs(gross - withheld - net)).toBeLessThanOrEqual(1);
        expect(tax).toBe(gross - net);
        expect(Number.isSafeInteger(gross)).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});

describe("grossUpProgressive", () => {
  const keptOf = (taxOf: (income: number) => number, base: number, gross: number) => gross - (taxOf(base + gross) - taxOf(base));

  test("flat tax: the same as grossUpFlat", () => {
    const taxOf = (income: number) => Number(roundHalfUp(dec(income).times("0.25"), 0));
    expect(grossUpProgressive(10_000, 0, taxOf)).toEqual({ gross: 13_333, tax: 3_333 });
  });

  test("US single, 10,000 net on a 100,000 salary: 29.65% at the margin", () => {
    // 10,000 / (1 − 0.2965) = 14,214.64…; the search finds the cent where the kept amount reaches 10,000
    const us = systemOf("US");
    const taxOf = (income: number) => us.tax(income).total;
    const { gross, tax } = grossUpProgressive(10_000_00, 100_000_00, taxOf);
    expect(gross).toBe(1_421_464);
    expect(tax).toBe(gross - 10_000_00);
    expect(keptOf(taxOf, 100_000_00, gross)).toBeGreaterThanOrEqual(10_000_00);
    expect(keptOf(taxOf, 100_000_00, gross - 1)).toBeLessThan(10_000_00);
  });

  test("no tax at the margin: gross = net", () => {
    const ae = systemOf("AE");
    expect(grossUpProgressive(5_000_00, 100_000_00, (income) => ae.tax(income).total)).toEqual({ gross: 5_000_00, tax: 0 });
  });

  test("zero net → zero; bad input refused", () => {
    expect(grossUpProgressive(0, 100, () => 0)).toEqual({ gross: 0, tax: 0 });
    expect(() => grossUpProgressive(-5, 0, () => 0)).toThrow(AppError);
    expect(() => grossUpProgressive(5, -1, () => 0)).toThrow(AppError);
  });

  test("no convergence: the documented finite fallback instead of an error", () => {
    // a tax of 100% forever: the kept amount never reaches the net; flat gross-up at the clamped 99%
    expect(grossUpProgressive(100, 0, (income) => income)).toEqual({ gross: 10_000, tax: 9_900 });
    expect(grossUpProgressive(100, 0, (income) => 2 * income)).toEqual({ gross: 10_000, tax: 9_900 });
    // base + gross would pass MAX_SAFE_INTEGER: the flat gross-up at the rate over the last gross
    // tried (40%), capped so that base + gross stays a safe integer
    const net = 2 ** 52 + 2 ** 51; // net / 0.6 ≈ 1.1e16 > MAX_SAFE_INTEGER
    const r = grossUpProgressive(net, 0, (income) => Math.round(income * 0.4));
    expect(Number.isSafeInteger(r.gross)).toBe(true);
    expect(r.gross).toBe(Number.MAX_SAFE_INTEGER);
    expect(r.tax).toBe(r.gross - net);
  });

  // [name, country, region, profile, largest base income in minor units]
  const systems: [string, string, string | null, TaxProfile | undefined, number][] = [
    ["US-CA single", "US", "CA", undefined, 500_000_00],
    ["US-NY joint, 2 dependants", "US", "NY", { filingStatus: "MARRIED_JOINT", dependants: 2 }, 500_000_00],
    ["GB", "GB", null, undefined, 300_000_00],
    ["DE", "DE", null, undefined, 300_000_00],
    ["FR joint, 2 children", "FR", null, { filingStatus: "MARRIED_JOINT", dependants: 2 }, 300_000_00],
    ["CH-ZH", "CH", "ZH", undefined, 500_000_00],
    ["IE", "IE", null, undefined, 300_000_00],
    ["JP (yen)", "JP", null, undefined, 50_000_000],
    ["IN (rebate, marginal relief, surcharge)", "IN", null, undefined, 6_000_000_00],
    ["CA-ON", "CA", "ON", undefined, 400_000_00],
    ["HK", "HK", null, undefined, 8_000_000_00],
  ];

  test.each(systems)("property on %s: G − ΔT(G) ≥ net and (G − 1) − ΔT(G − 1) < net", (_name, country, region, profile, maxBase) => {
    const system = systemOf(country, region);
    const taxOf = (income: number) => system.tax(income, profile).total;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10_000_000 }), fc.integer({ min: 0, max: maxBase }), (net, base) => {
        const { gross, tax } = grossUpProgressive(net, base, taxOf);
        expect(tax).toBe(gross - net);
        expect(keptOf(taxOf, base, gross)).toBeGreaterThanOrEqual(net);
        expect(keptOf(taxOf, base, gross - 1)).toBeLessThan(net);
      }),
      { numRuns: 40 },
    );
  });

  test("India, issue 13 vector: a 1,00,000 benefit on a 12,80,000 salary", () => {
    // Finance Act 2025 (FY 2025-26) slabs, s.87A rebate and marginal relief, cess 4%. Salary 12,80,000
    // → taxable 12,05,000: tax limited to 5,000 + cess 200 = 5,200. The grossed-up benefit G must keep
    // 1,00,000 after the extra tax; past the relief zone (taxable > 12,70,588.24) the tax is
    // 1.04 × (60,000 + 15% × (taxable − 12,00,000)), so G − 1.04 × (60,000 + 0.15 × (5,000 + G)) + 5,200
    // = 1,00,000 → 0.844 G = 1,57,980 → G = 1,87,180.09 (to the paisa; the search keeps kept(G) ≥ net)
    const india = systemOf("IN");
    const taxOf = (income: number) => india.tax(income).total;
    const { gross, tax } = grossUpProgressive(100_000_00, 1_280_000_00, taxOf);
    expect(gross).toBe(187_180_09);
    expect(tax).toBe(87_180_09);
    expect(keptOf(taxOf, 1_280_000_00, gross)).toBeGreaterThanOrEqual(100_000_00);
    expect(keptOf(taxOf, 1_280_000_00, gross - 1)).toBeLessThan(100_000_00);
  });

  test("India: starting inside the marginal relief zone (104% at the margin)", () => {
    const india = systemOf("IN");
    const taxOf = (income: number) => india.tax(income).total;
    // base 12,80,000: taxable 12,05,000, relief zone until the slab tax catches up with income − 12,00,000
    const base = 1_280_000_00;
    const net = 50_000_00;
    const { gross } = grossUpProgressive(net, base, taxOf);
    expect(keptOf(taxOf, base, gross)).toBeGreaterThanOrEqual(net);
    expect(keptOf(taxOf, base, gross - 1)).toBeLessThan(net);
  });
});
