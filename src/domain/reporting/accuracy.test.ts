/** Estimate accuracy figures (issue 26): hand-worked examples and properties of the median and percentile. */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { accuracyFigure, errorBasisPoints, median, percentile, periodOf, summariseAccuracy, type AccuracyLine } from "./accuracy.ts";

const line = (p: Partial<AccuracyLine>): AccuracyLine => ({
  moveId: 1,
  moveDate: "2025-02-10",
  policyId: 1,
  policyName: "Standard",
  stage: 1,
  serviceKey: "FLATSEARCH",
  serviceTitle: "Flat search",
  currency: "USD",
  estimate: 100_000,
  budget: { amount: 120_000, currency: "USD", sharedBy: 1 },
  approved: 110_000,
  ...p,
});

describe("one line", () => {
  test("USD 1,000.00 estimated, USD 1,100.00 spent: difference −USD 100.00 (over), error +10.00 % (1000 bp)", () => {
    const f = accuracyFigure(line({}));
    expect(f.difference).toBe(-10_000);
    expect(f.errorBp).toBe(1000);
  });
  test("under the estimate gives a negative error; one third rounds half away from zero", () => {
    expect(errorBasisPoints(300, 200)).toBe(-3333); // −33.333… %
    expect(errorBasisPoints(300, 400)).toBe(3333);
    expect(errorBasisPoints(8, 9)).toBe(1250);
    expect(errorBasisPoints(20_000, 20_001)).toBe(1); // 0.5 bp rounds up
    expect(errorBasisPoints(20_000, 19_999)).toBe(-1); // −0.5 bp rounds away from zero
  });
  test("no estimate line or an estimate of zero: no percentage error", () => {
    expect(accuracyFigure(line({ estimate: null })).errorBp).toBeNull();
    expect(accuracyFigure(line({ estimate: null })).difference).toBeNull();
    expect(accuracyFigure(line({ estimate: 0, approved: 5 })).errorBp).toBeNull();
    expect(accuracyFigure(line({ estimate: 0, approved: 5 })).difference).toBe(-5);
  });
});

describe("median and 90th percentile", () => {
  test("hand-worked", () => {
    expect(median([])).toBeNull();
    expect(median([5])).toBe(5);
    expect(median([9, 1, 5])).toBe(5);
    expect(median([1, 2])).toBe(2); // 1.5 rounds half up
    expect(median([1, 4, 2, 10])).toBe(3);
    expect(percentile([], 90)).toBeNull();
    expect(percentile([7], 90)).toBe(7);
    // ten values: rank ceil(0.9 × 10) = 9
    expect(percentile([10, 20, 30, 40, 50, 60, 70, 80, 90, 100], 90)).toBe(90);
    // eleven values: rank ceil(9.9) = 10
    expect(percentile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], 90)).toBe(10);
  });
  test("properties: the median and p90 lie within the values, p90 ≥ median, at least 90 % at or below p90", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 1_000_000 }), { minLength: 1, maxLength: 60 }), (values) => {
        const m = median(values)!;
        const p = percentile(values, 90)!;
        expect(m).toBeGreaterThanOrEqual(Math.min(...values));
        expect(m).toBeLessThanOrEqual(Math.max(...values));
        expect(values).toContain(p);
        expect(p).toBeGreaterThanOrEqual(m - 1);
        expect(values.filter((v) => v <= p).length / values.length).toBeGreaterThanOrEqual(0.9);
      }),
    );
  });
});

test("periods: month and quarter of the move date", () => {
  expect(periodOf("2025-02-10", "month")).toBe("2025-02");
  expect(periodOf("2025-02-10", "quarter")).toBe("2025-Q1");
  expect(periodOf("2025-12-31", "quarter")).toBe("2025-Q4");
  expect(periodOf(null, "month")).toBeNull();
});

describe("the group's summary", () => {
  // Three moves, two services, two policies, two currencies, two quarters. Errors (bp):
  //  m1 FLATSEARCH USD 1000.00 → 1100.00: +1000 ; m1 SCHOOL USD 500.00 → 400.00: −2000
  //  m2 FLATSEARCH USD 2000.00 → 1500.00: −2500 ; m3 FLATSEARCH EUR 800.00 → 800.00: 0
  //  m3 SCHOOL EUR (no estimate) 300.00 spent: no error
  const lines = [
    line({ moveId: 1, moveDate: "2025-01-15", estimate: 100_000, approved: 110_000 }),
    line({ moveId: 1, moveDate: "2025-01-15", serviceKey: "SCHOOL", serviceTitle: "School search", estimate: 50_000, approved: 40_000, budget: null }),
    line({ moveId: 2, moveDate: "2025-05-01", estimate: 200_000, approved: 150_000 }),
    line({ moveId: 3, moveDate: "2025-05-20", policyId: 2, policyName: "Executive", currency: "EUR", estimate: 80_000, approved: 80_000 }),
    line({ moveId: 3, moveDate: "2025-05-20", policyId: 2, policyName: "Executive", currency: "EUR", serviceKey: "SCHOOL", serviceTitle: "School search", estimate: null, approved: 30_000, budget: null }),
  ];
  const { figures, summary } = summariseAccuracy(lines, "quarter");

  test("per line", () => {
    expect(figures.map((f) => f.errorBp)).toEqual([1000, -2000, -2500, 0, null]);
    expect(figures.map((f) => f.difference)).toEqual([-10_000, 10_000, 50_000, 0, null]);
  });
  test("overall: median and p90 of |error| over the four measured lines", () => {
    // |errors| sorted: 0, 1000, 2000, 2500 → median (1000 + 2000) / 2 = 1500; p90 rank ceil(3.6) = 4 → 2500
    expect(summary.lines).toBe(5);
    expect(summary.moves).toBe(3);
    expect(summary.overall.measured).toBe(4);
    expect(summary.overall.medianAbsErrorBp).toBe(1500);
    expect(summary.overall.p90AbsErrorBp).toBe(2500);
  });
  test("per service, with money per currency never mixed", () => {
    const flat = summary.byService.find((s) => s.key === "FLATSEARCH")!;
    // |errors| 0, 1000, 2500 → median 1000, p90 rank ceil(2.7) = 3 → 2500
    expect(flat.medianAbsErrorBp).toBe(1000);
    expect(flat.p90AbsErrorBp).toBe(2500);
    expect(flat.currencies).toEqual([
      { currency: "EUR", lines: 1, estimate: 80_000, approved: 80_000, medianAbsDifference: 0, p90AbsDifference: 0 },
      { currency: "USD", lines: 2, estimate: 300_000, approved: 260_000, medianAbsDifference: 30_000, p90AbsDifference: 50_000 },
    ]);
    const school = summary.byService.find((s) => s.key === "SCHOOL")!;
    expect(school.lines).toBe(2);
    expect(school.measured).toBe(1);
    expect(school.medianAbsErrorBp).toBe(2000);
    expect(school.currencies.map((c) => [c.currency, c.approved])).toEqual([
      ["EUR", 30_000],
      ["USD", 40_000],
    ]);
  });
  test("per policy and per quarter", () => {
    expect(summary.byPolicy.map((s) => [s.label, s.measured, s.medianAbsErrorBp])).toEqual([
      ["Executive", 1, 0],
      ["Standard", 3, 2000],
    ]);
    expect(summary.byPeriod.map((s) => [s.key, s.lines, s.medianAbsErrorBp, s.p90AbsErrorBp])).toEqual([
      ["2025-Q1", 2, 1500, 2000],
      ["2025-Q2", 3, 1250, 2500],
    ]);
    expect(summariseAccuracy(lines, "month").summary.byPeriod.map((s) => s.key)).toEqual(["2025-01", "2025-05"]);
  });
  test("empty", () => {
    const e = summariseAccuracy([], "month").summary;
    expect(e.lines).toBe(0);
    expect(e.overall.medianAbsErrorBp).toBeNull();
    expect(e.byService).toEqual([]);
  });
});
