/**
 * Worked examples for the US (federal + states) and Canada (federal, ON, BC) tables, computed by
 * hand from the published brackets; amounts in minor units (cents). Each line is rounded once,
 * half away from zero.
 */
import { describe, expect, test } from "bun:test";
import { expectLines, linesOf, systemOf } from "./test-helpers.ts";

describe("US federal 2025 (Rev. Proc. 2024-40, P.L. 119-21 standard deduction)", () => {
  const us = systemOf("US");

  test("SINGLE, 100,000", () => {
    // taxable = 100,000 − 15,750 = 84,250
    // 11,925 × 10% = 1,192.50; 36,550 × 12% = 4,386.00; 35,775 × 22% = 7,870.50 → 13,449.00
    // Social Security 100,000 × 6.2% = 6,200.00; Medicare 100,000 × 1.45% = 1,450.00
    const b = us.tax(100_000_00);
    expect(b.currency).toBe("USD");
    expect(b.taxableIncome).toBe(84_250_00);
    expectLines(b, { "Federal income tax": 13_449_00, "Social Security": 6_200_00, Medicare: 1_450_00, "Additional Medicare": 0 });
    expect(b).toMatchObject({ incomeTax: 13_449_00, socialSecurity: 7_650_00, total: 21_099_00 });
  });

  test("MARRIED_JOINT, 300,000: wage base and Additional Medicare over 250,000", () => {
    // taxable = 300,000 − 31,500 = 268,500
    // 23,850 × 10% = 2,385; 73,100 × 12% = 8,772; 109,750 × 22% = 24,145; 61,800 × 24% = 14,832 → 50,134.00
    // Social Security 176,100 × 6.2% = 10,918.20; Medicare 300,000 × 1.45% = 4,350.00;
    // Additional Medicare (300,000 − 250,000) × 0.9% = 450.00
    const b = us.tax(300_000_00, { filingStatus: "MARRIED_JOINT" });
    expectLines(b, { "Federal income tax": 50_134_00, "Social Security": 10_918_20, Medicare: 4_350_00, "Additional Medicare": 450_00 });
    expect(b.total).toBe(65_852_20);
  });

  test("HEAD_OF_HOUSEHOLD, 250,000", () => {
    // taxable = 250,000 − 23,625 = 226,375
    // 17,000 × 10% = 1,700; 47,850 × 12% = 5,742; 38,500 × 22% = 8,470; 93,950 × 24% = 22,548;
    // 29,075 × 32% = 9,304 → 47,764.00; Additional Medicare (250,000 − 200,000) × 0.9% = 450.00
    const b = us.tax(250_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD" });
    expectLines(b, { "Federal income tax": 47_764_00, "Social Security": 10_918_20, Medicare: 3_625_00, "Additional Medicare": 450_00 });
  });

  test("income below the standard deduction pays FICA only", () => {
    // 10,000 × 7.65% = 765.00
    const b = us.tax(10_000_00);
    expect(b.taxableIncome).toBe(0);
    expect(b.incomeTax).toBe(0);
    expect(b.socialSecurity).toBe(765_00);
  });
});

describe("California 2025 (FTB Schedules X/Y, SDI 1.2%)", () => {
  const ca = systemOf("US", "CA");

  test("SINGLE, 100,000", () => {
    // taxable = 100,000 − 5,706 = 94,294
    // 11,079 × 1% = 110.79; 15,185 × 2% = 303.70; 15,188 × 4% = 607.52; 16,090 × 6% = 965.40;
    // 15,182 × 8% = 1,214.56; 21,570 × 9.3% = 2,006.01 → 5,207.98; SDI 100,000 × 1.2% = 1,200.00
    expectLines(ca.tax(100_000_00), { "California income tax": 5_207_98, "California Behavioral Health Services Tax": 0, "California SDI": 1_200_00 });
  });

  test("MARRIED_JOINT, 200,000", () => {
    // taxable = 200,000 − 11,412 = 188,588
    // 22,158 × 1% = 221.58; 30,370 × 2% = 607.40; 30,376 × 4% = 1,215.04; 32,180 × 6% = 1,930.80;
    // 30,364 × 8% = 2,429.12; 43,140 × 9.3% = 4,012.02 → 10,415.96; SDI 2,400.00
    expectLines(ca.tax(200_000_00, { filingStatus: "MARRIED_JOINT" }), { "California income tax": 10_415_96, "California SDI": 2_400_00 });
  });

  test("SINGLE, 1,200,000: top bracket and the 1% Behavioral Health Services Tax", () => {
    // taxable = 1,194,294: 110.79 + 303.70 + 607.52 + 965.40 + 1,214.56 + 298,755 × 9.3% (27,784.215)
    // + 74,292 × 10.3% (7,652.076) + 297,182 × 11.3% (33,581.566) + 451,341 × 12.3% (55,514.943) = 127,734.77
    // BHST (1,194,294 − 1,000,000) × 1% = 1,942.94; SDI 1,200,000 × 1.2% = 14,400.00 (no wage cap)
    expectLines(ca.tax(1_200_000_00), {
      "California income tax": 127_734_77,
      "California Behavioral Health Services Tax": 1_942_94,
      "California SDI": 14_400_00,
    });
  });
});

describe("New York State 2025", () => {
  const ny = systemOf("US", "NY");

  test("SINGLE, 100,000", () => {
    // taxable = 100,000 − 8,000 = 92,000
    // 8,500 × 4% = 340; 3,200 × 4.5% = 144; 2,200 × 5.25% = 115.50; 66,750 × 5.5% = 3,671.25; 11,350 × 6% = 681 → 4,951.75
    // SDI min(100,000 × 0.5%, 31.20) = 31.20; PFL min(100,000 × 0.388%, 354.53) = 354.53
    expectLines(ny.tax(100_000_00), { "New York State income tax": 4_951_75, "New York SDI": 31_20, "New York Paid Family Leave": 354_53 });
  });

  test("MARRIED_JOINT with 2 dependants, 80,000", () => {
    // taxable = 80,000 − 16,050 − 2 × 1,000 = 61,950
    // 17,150 × 4% = 686; 6,450 × 4.5% = 290.25; 4,300 × 5.25% = 225.75; 34,050 × 5.5% = 1,872.75 → 3,074.75
    // PFL 80,000 × 0.388% = 310.40
    expectLines(ny.tax(80_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), {
      "New York State income tax": 3_074_75,
      "New York SDI": 31_20,
      "New York Paid Family Leave": 310_40,
    });
  });
});

describe("states without a wage income tax", () => {
  test.each([["TX"], ["FL"]])("%s adds no line to the federal tax", (state) => {
    // Same as federal alone: SINGLE 100,000 → 21,099.00; MARRIED_JOINT 300,000 → 65,852.20
    for (const [income, profile, total] of [
      [100_000_00, undefined, 21_099_00],
      [300_000_00, { filingStatus: "MARRIED_JOINT" as const }, 65_852_20],
    ] as const) {
      const b = systemOf("US", state).tax(income, profile);
      expect(b.lines.map((l) => l.label)).toEqual(["Federal income tax", "Social Security", "Medicare", "Additional Medicare"]);
      expect(b.total).toBe(total);
    }
  });

  test("WA: PFML employee share and WA Cares, 100,000 and 250,000", () => {
    // PFML 0.92% × 71.52% = 0.657984%: 100,000 → 657.984 → 657.98; WA Cares 0.58% → 580.00
    // 250,000: PFML on the 176,100 cap → 1,158.709824 → 1,158.71; WA Cares 1,450.00
    const wa = systemOf("US", "WA");
    expectLines(wa.tax(100_000_00), { "Washington Paid Family and Medical Leave": 657_98, "WA Cares Fund": 580_00 });
    expectLines(wa.tax(250_000_00), { "Washington Paid Family and Medical Leave": 1_158_71, "WA Cares Fund": 1_450_00 });
    expect(wa.tax(250_000_00).lines.find((l) => l.label === "WA Cares Fund")?.rate).toBe("0.0058");
  });
});

describe("Illinois 2025 (4.95%, exemption 2,850)", () => {
  const il = systemOf("US", "IL");

  test("SINGLE, 100,000 and 300,000 (no exemption over 250,000)", () => {
    // (100,000 − 2,850) × 4.95% = 4,808.925 → 4,808.93; 300,000 × 4.95% = 14,850.00
    expectLines(il.tax(100_000_00), { "Illinois income tax": 4_808_93 });
    expectLines(il.tax(300_000_00), { "Illinois income tax": 14_850_00 });
  });

  test("MARRIED_JOINT with 2 dependants, 120,000", () => {
    // exemptions 4 × 2,850 = 11,400; (120,000 − 11,400) × 4.95% = 5,375.70
    expectLines(il.tax(120_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Illinois income tax": 5_375_70 });
  });
});

describe("Massachusetts 2025 (5% + 4% surtax over 1,083,150)", () => {
  const ma = systemOf("US", "MA");

  test("SINGLE, 100,000", () => {
    // (100,000 − 4,400) × 5% = 4,780.00
    expectLines(ma.tax(100_000_00), { "Massachusetts income tax": 4_780_00, "Massachusetts surtax": 0 });
  });

  test("SINGLE, 2,000,000", () => {
    // taxable 1,995,600 × 5% = 99,780.00; surtax (1,995,600 − 1,083,150) × 4% = 36,498.00
    expectLines(ma.tax(2_000_000_00), { "Massachusetts income tax": 99_780_00, "Massachusetts surtax": 36_498_00 });
  });
});

describe("New Jersey 2025", () => {
  const nj = systemOf("US", "NJ");

  test("SINGLE, 100,000", () => {
    // taxable = 100,000 − 1,000 = 99,000
    // 20,000 × 1.4% = 280; 15,000 × 1.75% = 262.50; 5,000 × 3.5% = 175; 35,000 × 5.525% = 1,933.75;
    // 24,000 × 6.37% = 1,528.80 → 4,180.05
    expectLines(nj.tax(100_000_00), { "New Jersey income tax": 4_180_05 });
  });

  test("MARRIED_JOINT with 1 dependant, 200,000", () => {
    // taxable = 200,000 − 2,000 − 1,500 = 196,500
    // 20,000 × 1.4% = 280; 30,000 × 1.75% = 525; 20,000 × 2.45% = 490; 10,000 × 3.5% = 350;
    // 70,000 × 5.525% = 3,867.50; 46,500 × 6.37% = 2,962.05 → 8,474.55
    expectLines(nj.tax(200_000_00, { filingStatus: "MARRIED_JOINT", dependants: 1 }), { "New Jersey income tax": 8_474_55 });
  });
});

describe("Canada 2025: federal, Ontario, British Columbia", () => {
  test("Ontario, 100,000", () => {
    // CPP (71,300 − 3,500) × 5.95% = 4,034.10 (base 67,800 × 4.95% = 3,356.10, enhanced 678);
    // CPP2 (81,200 − 71,300) × 4% = 396.00; EI 65,700 × 1.64% = 1,077.48
    // taxable = 100,000 − 678 − 396 = 98,926
    // federal: 57,375 × 14.5% = 8,319.375 + 41,551 × 20.5% = 8,517.955 → 16,837.33
    //   credits 14.5% × (16,129 + 1,471 + 3,356.10 + 1,077.48 = 22,033.58) = 3,194.8691 → 13,642.4609 → 13,642.46
    // Ontario: 52,886 × 5.05% = 2,670.743 + 46,040 × 9.15% = 4,212.66 → 6,883.403
    //   credits 5.05% × (12,747 + 3,356.10 + 1,077.48 = 17,180.58) = 867.61929 → 6,015.78371 → 6,015.78
    //   surtax 20% × (6,015.78371 − 5,710) = 61.156742 → 61.16; Health Premium (72,000–200,000) 750.00
    const b = systemOf("CA", "ON").tax(100_000_00);
    expect(b.currency).toBe("CAD");
    expect(b.taxableIncome).toBe(98_926_00);
    expectLines(b, {
      "Federal income tax": 13_642_46,
      CPP: 4_034_10,
      CPP2: 396_00,
      "EI premiums": 1_077_48,
      "Ontario income tax": 6_015_78,
      "Ontario surtax": 61_16,
      "Ontario Health Premium": 750_00,
    });
  });

  test("Ontario, 50,000", () => {
    // CPP 46,500 × 5.95% = 2,766.75 (base 2,301.75, enhanced 465); EI 50,000 × 1.64% = 820.00; taxable 49,535
    // federal 49,535 × 14.5% = 7,182.575 − 14.5% × (16,129 + 1,471 + 2,301.75 + 820) = 3,004.65375 → 4,177.92
    // Ontario 49,535 × 5.05% = 2,501.5175 − 5.05% × (12,747 + 2,301.75 + 820) = 801.371875 → 1,700.15
    // Health Premium: 450 + 25% × (49,535 − 48,000), capped at 600 → 600.00
    expectLines(systemOf("CA", "ON").tax(50_000_00), {
      "Federal income tax": 4_177_92,
      CPP: 2_766_75,
      CPP2: 0,
      "EI premiums": 820_00,
      "Ontario income tax": 1_700_15,
      "Ontario surtax": 0,
      "Ontario Health Premium": 600_00,
    });
  });

  test("British Columbia, 100,000", () => {
    // taxable 98,926: 49,279 × 5.06% = 2,493.5174; 49,281 × 7.7% = 3,794.637; 366 × 10.5% = 38.43 → 6,326.5844
    // credits 5.06% × (12,932 + 3,356.10 + 1,077.48 = 17,365.58) = 878.698348 → 5,447.886052 → 5,447.89
    expectLines(systemOf("CA", "BC").tax(100_000_00), { "Federal income tax": 13_642_46, "British Columbia income tax": 5_447_89 });
  });

  test("British Columbia, 300,000: federal basic personal amount fully reduced", () => {
    // taxable 298,926; federal 8,319.375 + 11,761.875 + 63,132 × 26% (16,414.32) + 75,532 × 29% (21,904.28)
    //   + 45,512 × 33% (15,018.96) = 73,418.81; BPA 14,538 (net income ≥ 253,414)
    //   credits 14.5% × (14,538 + 1,471 + 3,356.10 + 1,077.48 = 20,442.58) = 2,964.1741 → 70,454.6359 → 70,454.64
    // BC 2,493.5174 + 3,794.637 + 14,598 × 10.5% (1,532.79) + 24,249 × 12.29% (2,980.2021) + 48,899 × 14.7%
    //   (7,188.153) + 73,523 × 16.8% (12,351.864) + 39,097 × 20.5% (8,014.885) = 38,356.0485
    //   − 878.698348 = 37,477.350152 → 37,477.35
    expectLines(systemOf("CA", "BC").tax(300_000_00), { "Federal income tax": 70_454_64, "British Columbia income tax": 37_477_35 });
  });

  test("federal alone (no province given) has the federal and contribution lines only", () => {
    expect(Object.keys(linesOf(systemOf("CA").tax(100_000_00)))).toEqual(["Federal income tax", "CPP", "CPP2", "EI premiums"]);
  });
});
