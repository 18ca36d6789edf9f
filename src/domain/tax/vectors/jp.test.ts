/**
 * Japan: fixed vectors per year. The National Tax Agency's own worked example (Tax Answer No. 2260) and
 * amounts derived from the NTA's published tables and formulas (No. 2260 quick table, No. 1410 / Appended
 * Table 5 of the Income Tax Act, No. 1199 basic deduction, the year-end adjustment's 102.1% and 100-yen
 * truncation); each test name says which. Amounts in yen.
 */
import { describe, expect, test } from "bun:test";
import type { TaxBreakdown } from "../index.ts";
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

/**
 * Issue 23 item 24: a vector on each side of every tier, limit and cap of the Japanese tables, so that
 * changing any of them fails a test (scripts/tax-mutation-check.ts jp.ts). The NTA publishes no worked
 * example at these edges: every figure below is derived by hand from the statute's stated amounts, the same
 * rules as the table's header: employment income by Appended Table 5 / NTA No. 1410 (2025: minimum 650,000;
 * 2026: 740,000 for income tax, 690,000 for resident tax — the FY2026 Outline's figures, as in the table);
 * basic deduction NTA No. 1199 (Income Tax Act art. 86; 2025: 950,000 / 880,000 / 680,000 / 630,000 /
 * 580,000 / 480,000 / 320,000 / 160,000 to total income 1,320,000 / 3,360,000 / 4,890,000 / 6,550,000 /
 * 23,500,000 / 24,000,000 / 24,500,000 / 25,000,000; 2026: 1,040,000 / 670,000 / 620,000 to 4,890,000 /
 * 6,550,000 / 23,500,000, then as 2025); spouse deduction NTA No. 1191 (art. 83: 380,000 / 260,000 /
 * 130,000 to total income 9,000,000 / 9,500,000 / 10,000,000; resident 330,000 / 220,000 / 110,000, Local
 * Tax Act art. 314-2); rates NTA No. 2260; taxable income truncated to 1,000 yen, income tax × 102.1%
 * truncated to 100 yen (year-end adjustment); resident tax (Local Tax Act art. 314-2, 314-3, 314-6, 295;
 * Tokyo special wards): basic 430,000 / 290,000 / 150,000 to 24,000,000 / 24,500,000 / 25,000,000,
 * 6% + 4% less the adjustment credit 3% + 2% of min(personal-deduction differences, taxable) — above
 * 2,000,000 of taxable income max(differences − (taxable − 2,000,000), 50,000); none above 25,000,000 —
 * each levy truncated to 100 yen; no income levy at or below 350,000 × persons + 100,000 (+ 320,000 with a
 * spouse or dependants), no per-capita levy (5,000) at or below 350,000 × persons + 100,000 (+ 210,000).
 * Social insurance as in the table (2025: pension 9.15% to 7,800,000, health 4.955% to 16,680,000,
 * employment 0.55%; 2026: health 4.93%, employment 0.5125%, child support 0.08625%).
 */
type Vector = { taxableIncome: number } & Record<string, number>;
function expectVector(breakdown: TaxBreakdown, { taxableIncome, ...lines }: Vector): void {
  expect(breakdown.taxableIncome).toBe(taxableIncome);
  expectLines(breakdown, lines);
}

describe("Japan 2025: a vector on each side of the basic deduction tiers and the minimum employment income deduction (derived, NTA No. 1199 / 1410)", () => {
  const jp = systemOf("JP", null, "2025-06-30");
  test.each<[number, Vector]>([
    // total income 1,240,000 ≤ 1,320,000: basic 950,000; below 1,900,000 the minimum 650,000 (S − 650,000 < Appended Table 5's 1,241,600)
    // total income 1,240,000; social 276,979.5; 1,240,000 − 276,979.5 − basic 950,000 → 13,000; tax 650, × 102.1% → 663.65 → 600 (the 100-yen truncation takes more than the 2.1%: reconstruction line −50)
    // resident 1,240,000 − 276,979.5 − 430,000 → 533,000; credit base 50,000: 30,480 → 30,400, 20,320 → 20,300; levy 50,700, per capita 5,000
    [1_890_000, { taxableIncome: 13_000, "Income tax": 650, "Reconstruction special income tax": -50, "Resident tax (income levy)": 50_700, "Resident tax (per-capita levy)": 5_000 }],
    // total income 1,390,000 in (1,320,000, 3,360,000]: basic 880,000 (table: A = 525,000 × 2.8 − 80,000)
    // total income 1,390,000; social 307,755; 1,390,000 − 307,755 − basic 880,000 → 202,000; tax 10,100, × 102.1% → 10,300
    // resident 1,390,000 − 307,755 − 430,000 → 652,000; credit base 50,000: 37,620 → 37,600, 25,080 → 25,000; levy 62,600, per capita 5,000
    [2_100_000, { taxableIncome: 202_000, "Income tax": 10_100, "Reconstruction special income tax": 200, "Resident tax (income levy)": 62_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 3,320,000 ≤ 3,360,000: basic 880,000 (A = 1,175,000 × 3.2 − 440,000)
    // total income 3,320,000; social 688,785; 3,320,000 − 688,785 − basic 880,000 → 1,751,000; tax 87,550, × 102.1% → 89,300
    // resident 3,320,000 − 688,785 − 430,000 → 2,201,000; credit base 50,000: 130,560 → 130,500, 87,040 → 87,000; levy 217,500, per capita 5,000
    [4_700_000, { taxableIncome: 1_751_000, "Income tax": 87_550, "Reconstruction special income tax": 1_750, "Resident tax (income levy)": 217_500, "Resident tax (per-capita levy)": 5_000 }],
    // total income 4,680,000 in (3,360,000, 4,890,000]: basic 680,000 (A = 1,600,000 × 3.2 − 440,000)
    // total income 4,680,000; social 937,920; 4,680,000 − 937,920 − basic 680,000 → 3,062,000; tax 208,700, × 102.1% → 213,000
    // resident 4,680,000 − 937,920 − 430,000 → 3,312,000; credit base 50,000: 197,220 → 197,200, 131,480 → 131,400; levy 328,600, per capita 5,000
    [6_400_000, { taxableIncome: 3_062_000, "Income tax": 208_700, "Reconstruction special income tax": 4_300, "Resident tax (income levy)": 328_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 5,200,000 in (4,890,000, 6,550,000]: basic 630,000 (× 0.9 − 1,100,000)
    // total income 5,200,000; social 1,025,850; 5,200,000 − 1,025,850 − basic 630,000 → 3,544,000; tax 281,300, × 102.1% → 287,200
    // resident 5,200,000 − 1,025,850 − 430,000 → 3,744,000; credit base 50,000: 223,140 → 223,100, 148,760 → 148,700; levy 371,800, per capita 5,000
    [7_000_000, { taxableIncome: 3_544_000, "Income tax": 281_300, "Reconstruction special income tax": 5_900, "Resident tax (income levy)": 371_800, "Resident tax (per-capita levy)": 5_000 }],
    // total income 7,050,000 > 6,550,000: basic 580,000 (− 1,950,000)
    // total income 7,050,000; social 1,209,150; 7,050,000 − 1,209,150 − basic 580,000 → 5,260,000; tax 624,500, × 102.1% → 637,600
    // resident 7,050,000 − 1,209,150 − 430,000 → 5,410,000; credit base 50,000: 323,100 → 323,100, 215,400 → 215,400; levy 538,500, per capita 5,000
    [9_000_000, { taxableIncome: 5_260_000, "Income tax": 624_500, "Reconstruction special income tax": 13_100, "Resident tax (income levy)": 538_500, "Resident tax (per-capita levy)": 5_000 }],
  ])("SINGLE, salary %p", (salary, expected) => {
    expectVector(jp.tax(salary), expected);
  });
});

describe("Japan 2026: a vector on each side of the FY2026 Outline's basic deduction tiers and minimum deductions (derived from the amounts the table cites)", () => {
  const jp = systemOf("JP", null, "2026-06-30");
  test.each<[number, Vector]>([
    // national: minimum 740,000 (1,260,000 < the table's A = 500,000 × 2.8 − 80,000 = 1,320,000); resident: minimum 690,000 → 1,310,000
    // total income 1,260,000; social 293,575; 1,260,000 − 293,575 − basic 1,040,000 → 0; tax 0, × 102.1% → 0
    // resident 1,310,000 − 293,575 − 430,000 → 586,000; credit base 50,000: 33,660 → 33,600, 22,440 → 22,400; levy 56,000, per capita 5,000
    [2_000_000, { taxableIncome: 0, "Income tax": 0, "Reconstruction special income tax": 0, "Resident tax (income levy)": 56_000, "Resident tax (per-capita levy)": 5_000 }],
    // national: minimum 740,000 → 1,360,000 (table 1,390,000); basic 1,040,000; resident: the table's 1,390,000 (S − 690,000 = 1,410,000)
    // total income 1,360,000; social 308,253.75; 1,360,000 − 308,253.75 − basic 1,040,000 → 11,000; tax 550, × 102.1% → 561.55 → 500 (reconstruction line −50)
    // resident 1,390,000 − 308,253.75 − 430,000 → 651,000; credit base 50,000: 37,560 → 37,500, 25,040 → 25,000; levy 62,500, per capita 5,000
    [2_100_000, { taxableIncome: 11_000, "Income tax": 550, "Reconstruction special income tax": -50, "Resident tax (income levy)": 62_500, "Resident tax (per-capita levy)": 5_000 }],
    // total income 4,680,000 ≤ 4,890,000: basic 1,040,000
    // total income 4,680,000; social 939,440; 4,680,000 − 939,440 − basic 1,040,000 → 2,700,000; tax 172,500, × 102.1% → 176,100
    // resident 4,680,000 − 939,440 − 430,000 → 3,310,000; credit base 50,000: 197,100 → 197,100, 131,400 → 131,400; levy 328,500, per capita 5,000
    [6_400_000, { taxableIncome: 2_700_000, "Income tax": 172_500, "Reconstruction special income tax": 3_600, "Resident tax (income levy)": 328_500, "Resident tax (per-capita levy)": 5_000 }],
    // total income 5,200,000 in (4,890,000, 6,550,000]: basic 670,000
    // total income 5,200,000; social 1,027,512.5; 5,200,000 − 1,027,512.5 − basic 670,000 → 3,502,000; tax 272,900, × 102.1% → 278,600
    // resident 5,200,000 − 1,027,512.5 − 430,000 → 3,742,000; credit base 50,000: 223,020 → 223,000, 148,680 → 148,600; levy 371,600, per capita 5,000
    [7_000_000, { taxableIncome: 3_502_000, "Income tax": 272_900, "Reconstruction special income tax": 5_700, "Resident tax (income levy)": 371_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 7,050,000 > 6,550,000: basic 620,000
    // total income 7,050,000; social 1,211,287.5; 7,050,000 − 1,211,287.5 − basic 620,000 → 5,218,000; tax 616,100, × 102.1% → 629,000
    // resident 7,050,000 − 1,211,287.5 − 430,000 → 5,408,000; credit base 50,000: 322,980 → 322,900, 215,320 → 215,300; levy 538,200, per capita 5,000
    [9_000_000, { taxableIncome: 5_218_000, "Income tax": 616_100, "Reconstruction special income tax": 12_900, "Resident tax (income levy)": 538_200, "Resident tax (per-capita levy)": 5_000 }],
  ])("SINGLE, salary %p", (salary, expected) => {
    expectVector(jp.tax(salary), expected);
  });
});

describe("Japan: the top basic deduction tiers, the resident basic deduction and the adjustment credit's 25,000,000 limit (derived, NTA No. 1199; Local Tax Act art. 314-2, 314-6)", () => {
  // Salaries above 8,500,000: total income = salary − 1,950,000; pension capped at 713,700, health at 16,680,000.
  test.each<[number, Vector]>([
    // total income 23,000,000 ≤ 23,500,000: basic 580,000; resident 430,000 (≤ 24,000,000), adjustment credit (≤ 25,000,000)
    // total income 23,000,000; social 1,677,419; 23,000,000 − 1,677,419 − basic 580,000 → 20,742,000; tax 5,500,800, × 102.1% → 5,616,300
    // resident 23,000,000 − 1,677,419 − 430,000 → 20,892,000; credit base 50,000: 1,252,020 → 1,252,000, 834,680 → 834,600; levy 2,086,600, per capita 5,000
    [24_950_000, { taxableIncome: 20_742_000, "Income tax": 5_500_800, "Reconstruction special income tax": 115_500, "Resident tax (income levy)": 2_086_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 23,800,000 in (23,500,000, 24,000,000]: basic 480,000; resident 430,000
    // total income 23,800,000; social 1,681,819; 23,800,000 − 1,681,819 − basic 480,000 → 21,638,000; tax 5,859,200, × 102.1% → 5,982,200
    // resident 23,800,000 − 1,681,819 − 430,000 → 21,688,000; credit base 50,000: 1,299,780 → 1,299,700, 866,520 → 866,500; levy 2,166,200, per capita 5,000
    [25_750_000, { taxableIncome: 21_638_000, "Income tax": 5_859_200, "Reconstruction special income tax": 123_000, "Resident tax (income levy)": 2_166_200, "Resident tax (per-capita levy)": 5_000 }],
    // total income 24,300,000 in (24,000,000, 24,500,000]: basic 320,000; resident 290,000
    // total income 24,300,000; social 1,684,569; 24,300,000 − 1,684,569 − basic 320,000 → 22,295,000; tax 6,122,000, × 102.1% → 6,250,500
    // resident 24,300,000 − 1,684,569 − 290,000 → 22,325,000; credit base 50,000: 1,338,000 → 1,338,000, 892,000 → 892,000; levy 2,230,000, per capita 5,000
    [26_250_000, { taxableIncome: 22_295_000, "Income tax": 6_122_000, "Reconstruction special income tax": 128_500, "Resident tax (income levy)": 2_230_000, "Resident tax (per-capita levy)": 5_000 }],
    // total income 24,800,000 in (24,500,000, 25,000,000]: basic 160,000; resident 150,000
    // total income 24,800,000; social 1,687,319; 24,800,000 − 1,687,319 − basic 160,000 → 22,952,000; tax 6,384,800, × 102.1% → 6,518,800
    // resident 24,800,000 − 1,687,319 − 150,000 → 22,962,000; credit base 50,000: 1,376,220 → 1,376,200, 917,480 → 917,400; levy 2,293,600, per capita 5,000
    [26_750_000, { taxableIncome: 22_952_000, "Income tax": 6_384_800, "Reconstruction special income tax": 134_000, "Resident tax (income levy)": 2_293_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 25,500,000 > 25,000,000: no basic deduction, no resident basic deduction, no adjustment credit
    // total income 25,500,000; social 1,691,169; 25,500,000 − 1,691,169 − basic 0 → 23,808,000; tax 6,727,200, × 102.1% → 6,868,400
    // resident 25,500,000 − 1,691,169 − 0 → 23,808,000; credit base 0: 1,428,480 → 1,428,400, 952,320 → 952,300; levy 2,380,700, per capita 5,000
    [27_450_000, { taxableIncome: 23_808_000, "Income tax": 6_727_200, "Reconstruction special income tax": 141_200, "Resident tax (income levy)": 2_380_700, "Resident tax (per-capita levy)": 5_000 }],
  ])("2025, SINGLE, salary %p", (salary, expected) => {
    expectVector(systemOf("JP", null, "2025-06-30").tax(salary), expected);
  });

  test.each<[number, Vector]>([
    // total income 23,000,000 ≤ 23,500,000: basic 620,000
    // total income 23,000,000; social 1,678,279.25; 23,000,000 − 1,678,279.25 − basic 620,000 → 20,701,000; tax 5,484,400, × 102.1% → 5,599,500
    // resident 23,000,000 − 1,678,279.25 − 430,000 → 20,891,000; credit base 50,000: 1,251,960 → 1,251,900, 834,640 → 834,600; levy 2,086,500, per capita 5,000
    [24_950_000, { taxableIncome: 20_701_000, "Income tax": 5_484_400, "Reconstruction special income tax": 115_100, "Resident tax (income levy)": 2_086_500, "Resident tax (per-capita levy)": 5_000 }],
    // total income 23,800,000: basic 480,000
    // total income 23,800,000; social 1,682,379.25; 23,800,000 − 1,682,379.25 − basic 480,000 → 21,637,000; tax 5,858,800, × 102.1% → 5,981,800
    // resident 23,800,000 − 1,682,379.25 − 430,000 → 21,687,000; credit base 50,000: 1,299,720 → 1,299,700, 866,480 → 866,400; levy 2,166,100, per capita 5,000
    [25_750_000, { taxableIncome: 21_637_000, "Income tax": 5_858_800, "Reconstruction special income tax": 123_000, "Resident tax (income levy)": 2_166_100, "Resident tax (per-capita levy)": 5_000 }],
    // total income 24,300,000: basic 320,000; resident 290,000
    // total income 24,300,000; social 1,684,941.75; 24,300,000 − 1,684,941.75 − basic 320,000 → 22,295,000; tax 6,122,000, × 102.1% → 6,250,500
    // resident 24,300,000 − 1,684,941.75 − 290,000 → 22,325,000; credit base 50,000: 1,338,000 → 1,338,000, 892,000 → 892,000; levy 2,230,000, per capita 5,000
    [26_250_000, { taxableIncome: 22_295_000, "Income tax": 6_122_000, "Reconstruction special income tax": 128_500, "Resident tax (income levy)": 2_230_000, "Resident tax (per-capita levy)": 5_000 }],
    // total income 24,800,000: basic 160,000; resident 150,000
    // total income 24,800,000; social 1,687,504.25; 24,800,000 − 1,687,504.25 − basic 160,000 → 22,952,000; tax 6,384,800, × 102.1% → 6,518,800
    // resident 24,800,000 − 1,687,504.25 − 150,000 → 22,962,000; credit base 50,000: 1,376,220 → 1,376,200, 917,480 → 917,400; levy 2,293,600, per capita 5,000
    [26_750_000, { taxableIncome: 22_952_000, "Income tax": 6_384_800, "Reconstruction special income tax": 134_000, "Resident tax (income levy)": 2_293_600, "Resident tax (per-capita levy)": 5_000 }],
    // total income 25,500,000: none
    // total income 25,500,000; social 1,691,091.75; 25,500,000 − 1,691,091.75 − basic 0 → 23,808,000; tax 6,727,200, × 102.1% → 6,868,400
    // resident 25,500,000 − 1,691,091.75 − 0 → 23,808,000; credit base 0: 1,428,480 → 1,428,400, 952,320 → 952,300; levy 2,380,700, per capita 5,000
    [27_450_000, { taxableIncome: 23_808_000, "Income tax": 6_727_200, "Reconstruction special income tax": 141_200, "Resident tax (income levy)": 2_380_700, "Resident tax (per-capita levy)": 5_000 }],
  ])("2026, SINGLE, salary %p", (salary, expected) => {
    expectVector(systemOf("JP", null, "2026-06-30").tax(salary), expected);
  });
});

describe("Japan 2025: a vector on each side of the spouse deduction tiers (derived, NTA No. 1191; resident amounts Local Tax Act art. 314-2)", () => {
  const jp = systemOf("JP", null, "2025-06-30");
  test.each<[number, Vector]>([
    // total income 8,800,000 ≤ 9,000,000: spouse 380,000 / resident 330,000
    // total income 8,800,000; social 1,305,487.5; 8,800,000 − 1,305,487.5 − basic 580,000 − spouse 380,000 → 6,534,000; tax 879,300, × 102.1% → 897,700
    // resident 8,800,000 − 1,305,487.5 − 430,000 − 330,000 → 6,734,000; credit base 50,000: 402,540 → 402,500, 268,360 → 268,300; levy 670,800, per capita 5,000
    [10_750_000, { taxableIncome: 6_534_000, "Income tax": 879_300, "Reconstruction special income tax": 18_400, "Resident tax (income levy)": 670_800, "Resident tax (per-capita levy)": 5_000 }],
    // total income 9,300,000 in (9,000,000, 9,500,000]: spouse 260,000 / 220,000
    // total income 9,300,000; social 1,333,012.5; 9,300,000 − 1,333,012.5 − basic 580,000 − spouse 260,000 → 7,126,000; tax 1,002,980, × 102.1% → 1,024,000
    // resident 9,300,000 − 1,333,012.5 − 430,000 − 220,000 → 7,316,000; credit base 50,000: 437,460 → 437,400, 291,640 → 291,600; levy 729,000, per capita 5,000
    [11_250_000, { taxableIncome: 7_126_000, "Income tax": 1_002_980, "Reconstruction special income tax": 21_020, "Resident tax (income levy)": 729_000, "Resident tax (per-capita levy)": 5_000 }],
    // total income 9,800,000 in (9,500,000, 10,000,000]: spouse 130,000 / 110,000
    // total income 9,800,000; social 1,360,537.5; 9,800,000 − 1,360,537.5 − basic 580,000 − spouse 130,000 → 7,729,000; tax 1,141,670, × 102.1% → 1,165,600
    // resident 9,800,000 − 1,360,537.5 − 430,000 − 110,000 → 7,899,000; credit base 50,000: 472,440 → 472,400, 314,960 → 314,900; levy 787,300, per capita 5,000
    [11_750_000, { taxableIncome: 7_729_000, "Income tax": 1_141_670, "Reconstruction special income tax": 23_930, "Resident tax (income levy)": 787_300, "Resident tax (per-capita levy)": 5_000 }],
    // total income 10,500,000 > 10,000,000: no spouse deduction
    // total income 10,500,000; social 1,399,072.5; 10,500,000 − 1,399,072.5 − basic 580,000 − spouse 0 → 8,520,000; tax 1,323,600, × 102.1% → 1,351,300
    // resident 10,500,000 − 1,399,072.5 − 430,000 − 0 → 8,670,000; credit base 50,000: 518,700 → 518,700, 345,800 → 345,800; levy 864,500, per capita 5,000
    [12_450_000, { taxableIncome: 8_520_000, "Income tax": 1_323_600, "Reconstruction special income tax": 27_700, "Resident tax (income levy)": 864_500, "Resident tax (per-capita levy)": 5_000 }],
  ])("MARRIED_JOINT (spouse without income), salary %p", (salary, expected) => {
    expectVector(jp.tax(salary, { filingStatus: "MARRIED_JOINT" }), expected);
  });
});

describe("Japan 2025: the Tokyo special wards' non-taxable limits for two persons (derived, Local Tax Act art. 295 and Supplementary Provisions art. 3-3, first-grade area)", () => {
  // Below 1,900,000 of salary, total income = salary − 650,000 (the minimum deduction).
  const jp = systemOf("JP", null, "2025-06-30");
  test.each<[number, Vector]>([
    // total income 1,010,000 = the per-capita limit 350,000 × 2 + 100,000 + 210,000: no per-capita levy; under the income-levy limit
    // total income 1,010,000; social 243,273; 1,010,000 − 243,273 − basic 950,000 − spouse 380,000 → 0; tax 0, × 102.1% → 0
    // resident 1,010,000 − 243,273 − 430,000 − 330,000 → 6,000; credit base 6,000: 180 → 100, 120 → 100; levy 0, per capita 0
    [1_660_000, { taxableIncome: 0, "Income tax": 0, "Reconstruction special income tax": 0, "Resident tax (income levy)": 0, "Resident tax (per-capita levy)": 0 }],
    // total income 1,020,000 > 1,010,000: per-capita levy; ≤ the income-levy limit 350,000 × 2 + 100,000 + 320,000 = 1,120,000: no income levy
    // total income 1,020,000; social 244,738.5; 1,020,000 − 244,738.5 − basic 950,000 − spouse 380,000 → 0; tax 0, × 102.1% → 0
    // resident 1,020,000 − 244,738.5 − 430,000 − 330,000 → 15,000; credit base 15,000: 450 → 400, 300 → 300; levy 0, per capita 5,000
    [1_670_000, { taxableIncome: 0, "Income tax": 0, "Reconstruction special income tax": 0, "Resident tax (income levy)": 0, "Resident tax (per-capita levy)": 5_000 }],
    // total income 1,120,000 = the income-levy limit: no income levy although the taxable 100,000 would bear 5,000
    // total income 1,120,000; social 259,393.5; 1,120,000 − 259,393.5 − basic 950,000 − spouse 380,000 → 0; tax 0, × 102.1% → 0
    // resident 1,120,000 − 259,393.5 − 430,000 − 330,000 → 100,000; credit base 100,000: 3,000 → 3,000, 2,000 → 2,000; levy 0, per capita 5,000
    [1_770_000, { taxableIncome: 0, "Income tax": 0, "Reconstruction special income tax": 0, "Resident tax (income levy)": 0, "Resident tax (per-capita levy)": 5_000 }],
    // total income 1,125,000 > 1,120,000: income levy; credit base min(50,000 + 50,000, 104,000)
    // total income 1,125,000; social 260,126.25; 1,125,000 − 260,126.25 − basic 950,000 − spouse 380,000 → 0; tax 0, × 102.1% → 0
    // resident 1,125,000 − 260,126.25 − 430,000 − 330,000 → 104,000; credit base 100,000: 3,240 → 3,200, 2,160 → 2,100; levy 5,300, per capita 5,000
    [1_775_000, { taxableIncome: 0, "Income tax": 0, "Reconstruction special income tax": 0, "Resident tax (income levy)": 5_300, "Resident tax (per-capita levy)": 5_000 }],
  ])("MARRIED_JOINT (spouse without income), salary %p", (salary, expected) => {
    expectVector(jp.tax(salary, { filingStatus: "MARRIED_JOINT" }), expected);
  });
});

describe("Japan 2025: the resident adjustment credit either side of 2,000,000 of taxable income, with a spouse (derived, Local Tax Act art. 37 / 314-6)", () => {
  const jp = systemOf("JP", null, "2025-06-30");
  test.each<[number, Vector]>([
    // resident taxable 1,936,000 ≤ 2,000,000: credit base the differences 50,000 (basic) + 50,000 (spouse) = 100,000
    // total income 3,400,000; social 703,440; 3,400,000 − 703,440 − basic 680,000 − spouse 380,000 → 1,636,000; tax 81,800, × 102.1% → 83,500
    // resident 3,400,000 − 703,440 − 430,000 − 330,000 → 1,936,000; credit base 100,000: 113,160 → 113,100, 75,440 → 75,400; levy 188,500, per capita 5,000
    [4_800_000, { taxableIncome: 1_636_000, "Income tax": 81_800, "Reconstruction special income tax": 1_700, "Resident tax (income levy)": 188_500, "Resident tax (per-capita levy)": 5_000 }],
    // resident taxable 2,032,000 > 2,000,000: credit base 100,000 − 32,000 = 68,000 (at least 50,000)
    // total income 3,518,400; social 725,422.5; 3,518,400 − 725,422.5 − basic 680,000 − spouse 380,000 → 1,732,000; tax 86,600, × 102.1% → 88,400
    // resident 3,518,400 − 725,422.5 − 430,000 − 330,000 → 2,032,000; credit base 68,000: 119,880 → 119,800, 79,920 → 79,900; levy 199,700, per capita 5,000
    [4_950_000, { taxableIncome: 1_732_000, "Income tax": 86_600, "Reconstruction special income tax": 1_800, "Resident tax (income levy)": 199_700, "Resident tax (per-capita levy)": 5_000 }],
  ])("MARRIED_JOINT (spouse without income), salary %p", (salary, expected) => {
    expectVector(jp.tax(salary, { filingStatus: "MARRIED_JOINT" }), expected);
  });
});

describe("Japan 2025: the health insurance cap (standard monthly remuneration 1,390,000, grade 50 of the Kyokai Kenpo table: 16,680,000 a year)", () => {
  test.each([
    [16_000_000, 792_800], // below the cap: 16,000,000 × 4.955%
    [17_500_000, 826_494], // capped: 16,680,000 × 4.955%
  ])("derived: salary %p → health insurance %p", (salary, expected) => {
    expectLines(systemOf("JP", null, "2025-06-30").tax(salary), { "Health insurance": expected });
  });
});

describe("Japan 2025: marginal rates either side of each step and offset of the employment income formula (NTA No. 1410, unrounded; derived)", () => {
  // The marginal rate is the slope of the unrounded lines: social s + (e − s) × (national band × 1.021 + resident 10%),
  // e the slope of employment income (0.7 / 0.8 / 0.9 / 1 by No. 1410's formula, 1 where the minimum 650,000 binds),
  // s = 9.15% + 4.955% + 0.55% = 14.655% up to the pension cap 7,800,000, 5.505% above it. Each row's unrounded
  // taxable income is near a band edge or a formula step, so a formula step or offset moved by 10% changes its slope.
  test.each<[number, boolean, string]>([
    // S − 650,000 = 1,240,000 < 0.7 S − 80,000 = 1,243,000: e = 1; taxable 13,020.5 (5%): 0.14655 + 0.85345 × 0.15105
    [1_890_000, false, "0.275464"],
    // 0.7 S − 80,000 = 1,257,000 < S − 650,000 = 1,260,000: e = 0.7; taxable 27,089.5 (5%): 0.14655 + 0.55345 × 0.15105
    [1_910_000, false, "0.230149"],
    // ≤ 3,600,000: e = 0.7; employment income 2,370,000, taxable 977,075 (5%): 0.14655 + 0.55345 × 0.15105
    [3_500_000, false, "0.230149"],
    // > 3,600,000: e = 0.8; 2,520,000 (basic 880,000), taxable 1,097,765 (5%): 0.14655 + 0.65345 × 0.15105
    [3_700_000, false, "0.245254"],
    // married: 0.8 S − 440,000 = 3,760,000 (basic 680,000, spouse 380,000), taxable 1,930,612.5: 19,387.5 below the 10% band
    // (resident taxable 2,230,612.5: the credit's base stays 50,000): 0.14655 + 0.65345 × 0.15105
    [5_250_000, true, "0.245254"],
    // married: 3,800,000, taxable 1,963,285: 13,285 into the 10% band: 0.14655 + 0.65345 × (0.1021 + 0.1)
    [5_300_000, true, "0.278612"],
    // ≤ 6,600,000: e = 0.8; 4,760,000 (basic 680,000), taxable 3,127,425 (10%): 0.14655 + 0.65345 × 0.2021
    [6_500_000, false, "0.278612"],
    // > 6,600,000: 0.9 S − 1,100,000 = 4,885,000 (basic 680,000), taxable 3,230,442.5: 69,557.5 below the 20% band:
    // 0.14655 + 0.75345 × 0.2021
    [6_650_000, false, "0.298822"],
    // 4,930,000 (basic 630,000), taxable 3,318,115: 18,115 into the 20% band: 0.14655 + 0.75345 × (0.2042 + 0.1)
    [6_700_000, false, "0.375749"],
    // ≤ 8,500,000: e = 0.9, above the pension cap s = 0.05505; 6,460,000, taxable 4,653,880 (20%): 0.05505 + 0.84495 × 0.3042
    [8_400_000, false, "0.312084"],
    // > 8,500,000: S − 1,950,000 = 6,650,000 (basic 580,000), taxable 4,882,870 (20%): 0.05505 + 0.94495 × 0.3042
    [8_600_000, false, "0.342504"],
    // 8,750,000, taxable 6,867,265: 82,735 below the 23% band: 0.05505 + 0.94495 × 0.3042
    [10_700_000, false, "0.342504"],
    // 8,850,000, taxable 6,961,760: 11,760 into the 23% band: 0.05505 + 0.94495 × (0.23483 + 0.1)
    [10_800_000, false, "0.371448"],
  ])("salary %p, married %p → marginal rate %p", (salary, married, expected) => {
    const jp = systemOf("JP", null, "2025-06-30");
    expect(jp.marginalRate(salary, married ? { filingStatus: "MARRIED_JOINT" } : undefined)).toBe(expected);
  });
});
