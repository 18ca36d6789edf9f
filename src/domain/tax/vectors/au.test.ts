/**
 * Australia: fixed vectors per income year. The ATO's resident tax rate tables state the tax on each
 * bracket's top ("$4,288 plus 30c for each $1 over $45,000" in 2025-26; "$4,020 plus 30c …" in 2026-27
 * with the 15% rate): those published amounts are the vectors on taxable income (in 2026-27 the salary
 * less the automatic 1,000 standard deduction); other incomes are derived from the same rates, the LITO
 * and the Medicare levy rules.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { lowIncomeOffset } from "../tables/au.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

const TAX = "Income tax (after low income tax offset)";

describe("Australia 2025-26", () => {
  const au = systemOf("AU", null, "2026-06-30");

  test.each([
    [135_000, 31_288],
    [190_000, 51_638],
    [250_000, 51_638 + 60_000 * 0.45],
  ])("ATO tax rates 2025-26: taxable income %p → tax %p (+ Medicare levy 2%)", (income, tax) => {
    expect(au.info[0]?.id).toBe("au-2025-26");
    expectLines(au.tax(income * 100), { [TAX]: Math.round(tax * 100), "Medicare levy": income * 2 });
  });
});

describe("Australia 2025-26: Medicare levy low-income threshold 28,011 (Medicare Levy Act 1986 s.3 as substituted by Act No. 58 of 2026)", () => {
  const au = systemOf("AU", null, "2025-09-01");

  test.each([
    [28_011, 0],
    [30_000, 198_90], // 10% × 1,989
    [35_013, 700_20], // 10% × 7,002 (the phase-in limit 35,013 = 28,011 / 0.8 truncated)
    [35_014, 700_28], // 2% from there
  ])("derived: taxable income %p → Medicare levy %p (minor units)", (income, levy) => {
    expectLines(au.tax(income * 100), { "Medicare levy": levy });
  });
});

describe("Australia 2026-27 (15% from 1 July 2026; 1,000 standard deduction for work-related expenses)", () => {
  const au = systemOf("AU", null, "2026-07-01");

  test("1 July 2026 starts 2026-27; past 30 June 2027 it is used with a note", () => {
    expect(au.info.map((i) => i.id)).toEqual(["au-2026-27"]);
    expect(systemOf("AU", null, "2027-07-01").info[0]?.note).toContain("newest table");
  });

  test.each([
    [45_000, 4_020 - 325],
    [135_000, 31_020],
    [190_000, 51_370],
    [250_000, 51_370 + 60_000 * 0.45],
  ])("ATO tax rates 2026-27: taxable income %p (salary 1,000 more) → tax %p after LITO", (taxable, tax) => {
    const b = au.tax((taxable + 1_000) * 100);
    expect(b.taxableIncome).toBe(taxable * 100);
    expectLines(b, { [TAX]: Math.round(tax * 100), "Medicare levy": taxable * 2 });
  });

  test("derived: salary 100,000 → taxable 99,000: 4,020 + 54,000 × 30% = 20,220; Medicare 1,980", () => {
    expectLines(au.tax(100_000_00), { [TAX]: 20_220_00, "Medicare levy": 1_980_00 });
  });

  test("derived: salary 50,000 → taxable 49,000: 4,020 + 1,200 − LITO (325 − 1.5% × 4,000 = 265) = 4,955", () => {
    expectLines(au.tax(50_000_00), { [TAX]: 4_955_00, "Medicare levy": 980_00 });
  });

  test("derived: salary 30,000 → taxable 29,000: 10,800 × 15% = 1,620 − 700 = 920; Medicare 10% × (29,000 − 28,011) = 98.90", () => {
    expectLines(au.tax(30_000_00), { [TAX]: 920_00, "Medicare levy": 98_90 });
  });
});

describe("low income tax offset (ATO: 700 to 37,500; −5c per dollar to 45,000; then 325 − 1.5c per dollar to 66,667)", () => {
  // https://www.ato.gov.au/individuals-and-families/income-deductions-offsets-and-records/tax-offsets/low-and-middle-income-earner-tax-offsets
  // A vector on each side of each threshold (issue 23 item 24).
  test.each([
    [30_000, "700"],
    [36_000, "700"],
    [37_500, "700"],
    [40_000, "575"], // 700 − 5% × 2,500
    [42_000, "475"], // 700 − 5% × 4,500
    [44_000, "375"], // 700 − 5% × 6,500
    [45_000, "325"],
    [50_000, "250"], // 325 − 1.5% × 5,000
    [60_000, "100"], // 325 − 1.5% × 15,000
    [66_667, "0"], // 325 − 325.005: nil
    [70_000, "0"],
  ])("taxable income %p → offset %p", (income, offset) => {
    expect(lowIncomeOffset(dec(income)).toFixed()).toBe(offset);
  });
});
