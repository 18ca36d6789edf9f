/**
 * India: fixed vectors per year. The Budget Speech 2025-26 Annexure to Part B (Ministry of Finance,
 * 1 February 2025) tabulates the tax on slabs under the new regime for total incomes of 8, 12, 16, 20,
 * 24 and 50 lakh; the CBDT FAQ on the new regime works marginal relief at total income 12,10,000. The
 * same slabs apply in tax year 2026-27 (Union Budget 2026-27: slabs unchanged), so the vectors hold for
 * both years. Salary = total income + the 75,000 standard deduction; cess 4% on top.
 */
import { describe, expect, test } from "bun:test";
import { expectLines, systemOf } from "../test-helpers.ts";

const TAX = "Income tax (after rebate u/s 87A)";

describe.each([
  ["FY2025-26", "2025-10-01", "in-fy2025-26"],
  ["FY2026-27", "2026-10-01", "in-fy2026-27"],
])("India %s, new regime", (_label, on, id) => {
  const india = systemOf("IN", null, on);

  test("the year's table", () => {
    expect(india.info.map((i) => i.id)).toEqual([id]);
    expect(india.info[0]?.note).toBeUndefined();
  });

  test.each([
    [800_000, 0],
    [1_200_000, 0],
    [1_600_000, 120_000],
    [2_000_000, 200_000],
    [2_400_000, 300_000],
    [5_000_000, 1_080_000],
  ])("Budget Speech 2025-26 Annexure: total income %p → tax %p before cess", (totalIncome, expected) => {
    const b = india.tax((totalIncome + 75_000) * 100);
    expect(b.taxableIncome).toBe(totalIncome * 100);
    expectLines(b, { [TAX]: expected * 100, Surcharge: 0, "Health and education cess": expected * 4 });
  });

  test("CBDT FAQ (new regime, Budget 2025): marginal relief at total income 12,10,000 → tax 10,000", () => {
    expectLines(india.tax(1_285_000_00), { [TAX]: 10_000_00, "Health and education cess": 400_00 });
  });

  test("derived from the First Schedule: 1 crore 10 lakh total income, 15% surcharge", () => {
    // slabs: 3,00,000 + 86,00,000 × 30% = 28,80,000; surcharge 15% = 4,32,000 (relief not binding: tax at 1 crore
    // 25,80,000 × 1.10 = 28,38,000 + 10,00,000 = 38,38,000 > 33,12,000); cess 4% × 33,12,000 = 1,32,480
    expectLines(india.tax(11_075_000_00), { [TAX]: 2_880_000_00, Surcharge: 432_000_00, "Health and education cess": 132_480_00 });
  });

  test.each([
    // A vector on each side of the 1 crore and 2 crore surcharge thresholds (issue 23 item 24); slabs
    // 3,00,000 to 24 lakh + 30% above; relief (tax at the threshold with the lower surcharge + the income
    // over it) not binding at these incomes.
    // 95 lakh: 3,00,000 + 71,00,000 × 30% = 24,30,000; 10% = 2,43,000; cess 4% × 26,73,000 = 1,06,920
    [9_500_000, 2_430_000, 243_000, 106_920],
    // 1.9 crore: 3,00,000 + 1,66,00,000 × 30% = 52,80,000; 15% = 7,92,000; cess 4% × 60,72,000 = 2,42,880
    [19_000_000, 5_280_000, 792_000, 242_880],
    // 2.1 crore: 3,00,000 + 1,86,00,000 × 30% = 58,80,000; 25% = 14,70,000; cess 4% × 73,50,000 = 2,94,000
    [21_000_000, 5_880_000, 1_470_000, 294_000],
  ])("derived from the First Schedule: total income %p → tax %p, surcharge %p, cess %p", (total, tax, surcharge, cess) => {
    expectLines(india.tax((total + 75_000) * 100), { [TAX]: tax * 100, Surcharge: surcharge * 100, "Health and education cess": cess * 100 });
  });
});

test("India: 1 April 2026 starts tax year 2026-27; past 31 March 2027 it is used with a note", () => {
  expect(systemOf("IN", null, "2026-03-31").info[0]?.id).toBe("in-fy2025-26");
  expect(systemOf("IN", null, "2026-04-01").info[0]?.id).toBe("in-fy2026-27");
  expect(systemOf("IN", null, "2027-04-01").info[0]?.note).toContain("newest table");
});
