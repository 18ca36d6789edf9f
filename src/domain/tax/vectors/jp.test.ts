/**
 * Japan: fixed vectors per year. The National Tax Agency's own worked example (Tax Answer No. 2260) and
 * amounts derived from the NTA's published tables and formulas (No. 2260 quick table, No. 1410 / Appended
 * Table 5 of the Income Tax Act, No. 1199 basic deduction, the year-end adjustment's 102.1% and 100-yen
 * truncation); each test name says which. Amounts in yen.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { annualTaxWithReconstruction, employmentIncome, nationalIncomeTax } from "../tables/jp.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

describe("Japan: income tax rates (NTA Tax Answer No. 2260)", () => {
  test("NTA No. 2260 worked example: taxable income 7,000,000 → 7,000,000 × 0.23 − 636,000 = 974,000", () => {
    expect(nationalIncomeTax(dec(7_000_000)).toNumber()).toBe(974_000);
  });

  test.each([
    // [taxable income, rate, quick-table deduction] from the No. 2260 quick table: tax = income × rate − deduction
    [1_950_000, 0.05, 0],
    [3_300_000, 0.1, 97_500],
    [6_950_000, 0.2, 427_500],
    [9_000_000, 0.23, 636_000],
    [18_000_000, 0.33, 1_536_000],
    [40_000_000, 0.4, 2_796_000],
    [50_000_000, 0.45, 4_796_000],
  ])("derived from the NTA No. 2260 quick table: taxable %p at %p less %p", (taxable, rate, deduction) => {
    expect(nationalIncomeTax(dec(taxable)).toNumber()).toBe(Math.round(taxable * rate - deduction));
  });

  test("taxable income is truncated to 1,000 yen before the rates (Act on General Rules for National Taxes art. 118)", () => {
    expect(nationalIncomeTax(dec(2_147_999)).toNumber()).toBe(117_200); // as 2,147,000
  });

  test("derived from the year-end adjustment rule: income tax × 102.1%, truncated to 100 yen", () => {
    expect(annualTaxWithReconstruction(dec(974_000)).toNumber()).toBe(994_400); // 994,454 → 994,400
    expect(annualTaxWithReconstruction(dec(117_200)).toNumber()).toBe(119_600); // 119,661.2 → 119,600
  });
});

describe("Japan: employment income (NTA No. 1410, Appended Table 5, from 2025)", () => {
  test.each([
    [650_000, 0], // the minimum deduction 650,000
    [1_000_000, 350_000],
    [1_900_000, 1_250_000], // A = 475,000: × 2.8 − 80,000 = 1,250,000 = 1,900,000 − 650,000
    [3_000_000, 2_020_000], // A = 750,000 × 2.8 − 80,000
    [3_600_000, 2_440_000], // A = 900,000 × 3.2 − 440,000
    [5_000_000, 3_560_000],
    [5_003_999, 3_560_000], // the table's 4,000-yen steps: A = 1,250,000 still
    [5_004_000, 3_563_200], // A = 1,251,000
    [6_600_000, 4_840_000], // formula from 6,600,000: × 0.9 − 1,100,000
    [8_500_000, 6_550_000], // − 1,950,000 from 8,500,000
    [10_000_000, 8_050_000],
  ])("derived from Appended Table 5 / No. 1410: salary %p → employment income %p", (salary, expected) => {
    expect(employmentIncome(dec(salary)).toNumber()).toBe(expected);
  });
});

describe("Japan 2025 (令和7年分): whole computation, derived from the NTA tables above", () => {
  const jp = systemOf("JP", null, "2025-06-30");

  test("the 2025 table", () => {
    expect(jp.info.map((i) => i.id)).toEqual(["jp-2025"]);
  });

  test("1,600,000 yen: no income tax (basic deduction 950,000 + minimum employment deduction 650,000); resident tax", () => {
    // social 146,400 + 79,280 + 8,800 = 234,480; employment income 950,000; national: 950,000 − 234,480 − 950,000 < 0
    // resident: 950,000 − 234,480 − 430,000 = 285,520 → 285,000; adjustment on 50,000: 6% 17,100 − 1,500 = 15,600;
    //   4% 11,400 − 1,000 = 10,400 → 26,000; total income 950,000 > 450,000: per-capita 5,000
    expectLines(jp.tax(1_600_000), {
      "Income tax": 0,
      "Reconstruction special income tax": 0,
      "Resident tax (income levy)": 26_000,
      "Resident tax (per-capita levy)": 5_000,
    });
  });

  test("3,000,000 yen, SINGLE", () => {
    // employment income 2,020,000; social 274,500 + 148,650 + 16,500 = 439,650; basic (≤ 3,360,000) 880,000
    // taxable 700,350 → 700,000 × 5% = 35,000; × 102.1% = 35,735 → 35,700: surtax line 700
    // resident 2,020,000 − 439,650 − 430,000 = 1,150,350 → 1,150,000: 69,000 − 1,500 = 67,500; 46,000 − 1,000 = 45,000
    const b = jp.tax(3_000_000);
    expect(b.taxableIncome).toBe(700_000);
    expectLines(b, { "Income tax": 35_000, "Reconstruction special income tax": 700, "Resident tax (income levy)": 112_500 });
  });

  test("15,000,000 yen, SINGLE", () => {
    // employment income 13,050,000; social 713,700 + 743,250 + 82,500 = 1,539,450; basic 580,000
    // taxable 10,930,550 → 10,930,000 × 33% − 1,536,000 = 2,070,900; × 102.1% = 2,114,388.9 → 2,114,300: surtax 43,400
    // resident 11,080,550 → 11,080,000: 664,800 − 1,500 = 663,300; 443,200 − 1,000 = 442,200 → 1,105,500
    expectLines(jp.tax(15_000_000), {
      "Income tax": 2_070_900,
      "Reconstruction special income tax": 43_400,
      "Resident tax (income levy)": 1_105_500,
      "Employees' pension insurance": 713_700,
      "Health insurance": 743_250,
      "Employment insurance": 82_500,
    });
  });

  test("Tokyo special wards' non-taxable limit: total income 450,000 or less pays no resident tax", () => {
    // salary 1,100,000: employment income 450,000 = 350,000 × 1 + 100,000
    expectLines(jp.tax(1_100_000), { "Resident tax (income levy)": 0, "Resident tax (per-capita levy)": 0 });
    expect(jp.tax(1_101_000).lines.find((l) => l.label === "Resident tax (per-capita levy)")?.amount).toBe(5_000);
  });
});

describe("Japan 2026 (令和8年分): the FY2026 reform (basic deduction 1,040,000 / 670,000 / 620,000, minimum employment deduction 740,000)", () => {
  const jp = systemOf("JP", null, "2026-09-01");

  test("a 2026 date picks the 2026 table; a date past 2026 uses it with a note", () => {
    expect(jp.info.map((i) => i.id)).toEqual(["jp-2026"]);
    expect(jp.info[0]?.note).toBeUndefined();
    const later = systemOf("JP", null, "2027-03-01");
    expect(later.info[0]?.id).toBe("jp-2026");
    expect(later.info[0]?.note).toContain("newest table");
  });

  test.each([
    [1_780_000, 1_040_000], // the 1,780,000 threshold: 1,040,000 of employment income, all of it covered by the basic deduction
    [2_100_000, 1_360_000], // the minimum 740,000 beats the table (A = 525,000: 1,390,000)
    [2_200_000, 1_460_000], // where the table meets the minimum: A = 550,000 × 2.8 − 80,000
    [3_000_000, 2_020_000],
  ])("derived from the FY2026 Outline's minimum 740,000 and Appended Table 5: salary %p → employment income %p", (salary, expected) => {
    expect(employmentIncome(dec(salary), 740_000).toNumber()).toBe(expected);
  });

  // Social insurance 2026 (annual rates of an even salary): pension 9.15%, health 4.93%, employment 0.5125%,
  // child and child-rearing support levy 0.08625% — 14.67875% in all.
  test("derived: 5,000,000 yen, SINGLE — basic deduction 1,040,000 (total income 3,560,000 ≤ 4,890,000)", () => {
    // social 457,500 + 246,500 + 25,625 + 4,312.5 = 733,937.5
    // 3,560,000 − 733,937.5 − 1,040,000 = 1,786,062.5 → 1,786,000 × 5% = 89,300; × 102.1% = 91,175.3 → 91,100: surtax 1,800
    // resident (basic 430,000 unchanged): 2,396,062.5 → 2,396,000: 143,760 − 1,500 → 142,200; 95,840 − 1,000 → 94,800 = 237,000
    const b = jp.tax(5_000_000);
    expect(b.taxableIncome).toBe(1_786_000);
    expectLines(b, {
      "Income tax": 89_300,
      "Reconstruction special income tax": 1_800,
      "Resident tax (income levy)": 237_000,
      "Resident tax (per-capita levy)": 5_000,
      "Employees' pension insurance": 457_500,
      "Health insurance": 246_500,
      "Employment insurance": 25_625,
      "Child and child-rearing support levy": 4_313,
    });
  });

  test("derived: 3,000,000 yen, SINGLE", () => {
    // social 274,500 + 147,900 + 15,375 + 2,587.5 = 440,362.5
    // 2,020,000 − 440,362.5 − 1,040,000 = 539,637.5 → 539,000 × 5% = 26,950; × 102.1% = 27,515.95 → 27,500: surtax 550
    // resident 1,149,637.5 → 1,149,000: 68,940 − 1,500 → 67,400; 45,960 − 1,000 → 44,900 = 112,300
    expectLines(jp.tax(3_000_000), { "Income tax": 26_950, "Reconstruction special income tax": 550, "Resident tax (income levy)": 112_300 });
  });

  test("derived: 8,000,000 yen, MARRIED_JOINT (spouse without income) — basic deduction 670,000", () => {
    // employment income 6,100,000 (4,890,000 < total income ≤ 6,550,000); social 713,700 + 394,400 + 41,000 + 6,900 = 1,156,000
    // 6,100,000 − 1,156,000 − 670,000 − 380,000 = 3,894,000: 97,500 + 135,000 + 594,000 × 20% = 351,300
    // × 102.1% = 358,677.3 → 358,600: surtax 7,300; resident 4,184,000: 249,540 → 249,500; 166,360 → 166,300 = 415,800
    expectLines(jp.tax(8_000_000, { filingStatus: "MARRIED_JOINT" }), {
      "Income tax": 351_300,
      "Reconstruction special income tax": 7_300,
      "Resident tax (income levy)": 415_800,
    });
  });

  test("derived: 15,000,000 yen, SINGLE — basic deduction 620,000", () => {
    // social 713,700 + 739,500 + 76,875 + 12,937.5 = 1,543,012.5
    // 13,050,000 − 1,543,012.5 − 620,000 = 10,886,987.5 → 10,886,000 × 33% − 1,536,000 = 2,056,380; × 102.1% = 2,099,563.98 → 2,099,500
    expectLines(jp.tax(15_000_000), { "Income tax": 2_056_380, "Reconstruction special income tax": 43_120 });
  });
});

describe("Japan: the marginal rate is the slope of the law's formulas, not of its rounding steps", () => {
  test("derived: 5,000,000 yen in 2025 → 14.655% social + (0.8 − 0.14655) × (10% × 1.021 + 10% resident) = 0.278612", () => {
    // employment income rises 0.8 per yen between 3,600,000 and 6,600,000 (Appended Table 5's steps aside)
    expect(systemOf("JP", null, "2025-06-01").marginalRate(5_000_000)).toBe("0.278612");
  });

  test("derived: 5,000,000 yen in 2026 → the 5% band (basic deduction 1,040,000): 0.1467875 + 0.6532125 × (5% × 1.021 + 10%) = 0.245455", () => {
    expect(systemOf("JP", null, "2026-06-01").marginalRate(5_000_000)).toBe("0.245455");
  });

  test("over a benefit the rounded tax is used: 100,000 on 5,000,000", () => {
    const jp = systemOf("JP", null, "2026-06-01");
    const rate = (jp.tax(5_100_000).total - jp.tax(5_000_000).total) / 100_000;
    expect(Number(jp.benefitRate(5_000_000, 100_000))).toBeCloseTo(rate, 2);
  });
});

describe("employment income (NTA No. 1410, Appended Table 5): a vector on each side of the 3,600,000, 6,600,000 and 8,500,000 steps (issue 23 item 24)", () => {
  test.each([
    [3_400_000, 2_300_000], // A = 850,000 × 2.8 − 80,000
    [3_800_000, 2_600_000], // A = 950,000 × 3.2 − 440,000
    [6_000_000, 4_360_000], // A = 1,500,000 × 3.2 − 440,000 (the 90% formula would give 4,300,000)
    [7_000_000, 5_200_000], // 90% − 1,100,000 (Appended Table 5 would give 5,160,000)
    [9_000_000, 7_050_000], // − 1,950,000 (90% − 1,100,000 would give 7,000,000)
  ])("salary %p → employment income %p", (salary, expected) => {
    expect(employmentIncome(dec(salary)).toNumber()).toBe(expected);
  });
});
