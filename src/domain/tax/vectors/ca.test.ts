/**
 * Canada: fixed vectors per year. Official figures: the CRA's maximum contributions and premiums (CPP
 * 2025 4,034.10 and CPP2 396.00, EI 1,077.48; 2026 CPP 4,230.45, CPP2 416.00, EI 1,123.07) and the
 * CRA's indexation chart (2026 basic personal amount 16,452 at 14%: 2,303.28). Whole returns are
 * derived from the published brackets, rates and credits (T1 / ON428 / BC428 arithmetic): no T4127
 * worked example is reproduced from memory.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { ontarioHealthPremium } from "../tables/ca.ts";
import { expectLines, linesOf, systemOf } from "../test-helpers.ts";

describe("Canada: CRA maximum contributions", () => {
  test.each([
    ["2025-06-01", 4_034_10, 396_00, 1_077_48],
    ["2026-06-01", 4_230_45, 416_00, 1_123_07],
  ])("CRA CPP / CPP2 / EI maximums (%s)", (on, cpp, cpp2, ei) => {
    expectLines(systemOf("CA", null, on).tax(200_000_00), { CPP: cpp, CPP2: cpp2, "EI premiums": ei });
  });
});

describe("Canada 2026: federal 14%, Ontario, British Columbia", () => {
  test("dates pick the year; past 2026 the 2026 tables are used with a note", () => {
    expect(systemOf("CA", "ON", "2025-12-31").info.map((i) => i.id)).toEqual(["ca-federal-2025", "ca-on-2025"]);
    expect(systemOf("CA", "ON", "2026-01-01").info.map((i) => i.id)).toEqual(["ca-federal-2026", "ca-on-2026"]);
    const later = systemOf("CA", "BC", "2027-02-01");
    expect(later.info.map((i) => i.id)).toEqual(["ca-federal-2026", "ca-bc-2026"]);
    expect(later.info.every((i) => i.note?.includes("newest table"))).toBe(true);
  });

  test("CRA indexation chart: the basic personal amount 16,452 at 14% (2,303.28) covers a low income", () => {
    // 20,000: CPP 16,500 × 5.95% = 981.75 (base 816.75, enhanced 165); EI 326.00; taxable 19,835
    // 19,835 × 14% = 2,776.90 − 14% × (16,452 + 1,501 + 816.75 + 326 = 19,095.75) = 2,673.405 → 103.495 → 103.50
    expectLines(systemOf("CA", null, "2026-06-01").tax(20_000_00), { "Federal income tax": 103_50, CPP: 981_75, "EI premiums": 326_00 });
  });

  test("derived: Ontario, 100,000", () => {
    // CPP (74,600 − 3,500) × 5.95% = 4,230.45 (base 3,519.45, enhanced 711); CPP2 10,400 × 4% = 416; EI 1,123.07
    // taxable 100,000 − 711 − 416 = 98,873
    // federal 58,523 × 14% = 8,193.22 + 40,350 × 20.5% = 8,271.75 → 16,464.97
    //   − 14% × (16,452 + 1,501 + 3,519.45 + 1,123.07 = 22,595.52) = 3,163.3728 → 13,301.5972 → 13,301.60
    // Ontario 53,891 × 5.05% = 2,721.4955 + 44,982 × 9.15% = 4,115.853 → 6,837.3485
    //   − 5.05% × (12,989 + 3,519.45 + 1,123.07 = 17,631.52) = 890.39176 → 5,946.95674 → 5,946.96
    //   surtax 20% × (5,946.95674 − 5,818) = 25.79; Health Premium 750
    const b = systemOf("CA", "ON", "2026-06-01").tax(100_000_00);
    expect(b.taxableIncome).toBe(98_873_00);
    expectLines(b, {
      "Federal income tax": 13_301_60,
      CPP: 4_230_45,
      CPP2: 416_00,
      "EI premiums": 1_123_07,
      "Ontario income tax": 5_946_96,
      "Ontario surtax": 25_79,
      "Ontario Health Premium": 750_00,
    });
  });

  test("derived: British Columbia, 100,000 (lowest rate 5.60%)", () => {
    // 50,363 × 5.6% = 2,820.328 + 48,510 × 7.7% = 3,735.27 → 6,555.598
    //   − 5.6% × (13,217 + 3,519.45 + 1,123.07 = 17,859.52) = 1,000.13312 → 5,555.46488 → 5,555.46
    expectLines(systemOf("CA", "BC", "2026-06-01").tax(100_000_00), { "Federal income tax": 13_301_60, "British Columbia income tax": 5_555_46 });
  });

  test("derived: federal 300,000 — basic personal amount fully reduced to 14,829", () => {
    // taxable 300,000 − 711 − 416 = 298,873: 8,193.22 + 58,522 × 20.5% (11,997.01) + 64,395 × 26% (16,742.70)
    //   + 77,042 × 29% (22,342.18) + 40,391 × 33% (13,329.03) = 72,604.14
    //   − 14% × (14,829 + 1,501 + 3,519.45 + 1,123.07 = 20,972.52) = 2,936.1528 → 69,667.9872 → 69,667.99
    expect(linesOf(systemOf("CA", null, "2026-06-01").tax(300_000_00))["Federal income tax"]).toBe(69_667_99);
  });
});

describe("Ontario Health Premium (Taxation Act, 2007 (Ontario) s.33.1): a vector on each side of every step and cap (issue 23 item 24)", () => {
  // 0 to 20,000; 6% over 20,000 up to 300; from 36,000: 300 + 6% over 36,000 up to 450; from 48,000: 450 + 25%
  // up to 600; from 72,000: 600 + 25% up to 750; from 200,000: 750 + 25% up to 900.
  test.each([
    [19_000, "0"],
    [20_000, "0"],
    [21_000, "60"],
    [24_000, "240"],
    [30_000, "300"],
    [35_000, "300"],
    [36_000, "300"],
    [37_000, "360"],
    [40_000, "450"],
    [45_000, "450"],
    [48_000, "450"],
    [48_400, "550"],
    [50_000, "600"],
    [70_000, "600"],
    [72_000, "600"],
    [72_400, "700"],
    [100_000, "750"],
    [190_000, "750"],
    [200_000, "750"],
    [200_400, "850"],
    [250_000, "900"],
  ])("taxable income %p → premium %p", (taxable, premium) => {
    expect(ontarioHealthPremium(dec(taxable)).toFixed()).toBe(premium);
  });
});

describe("Ontario income tax and surtax on each side of the upper brackets and the second surtax threshold (issue 23 item 24)", () => {
  // Above the CPP2 and EI maximums the deductions and credits are fixed: 2025 taxable = income − 1,074 (enhanced CPP
  // 678 + CPP2 396), credits 5.05% × (12,747 + CPP base 3,356.10 + EI 1,077.48) = 867.61929; 2026 taxable = income −
  // 1,127, credits 5.05% × (12,989 + 3,519.45 + 1,123.07) = 890.39176. Brackets 5.05% / 9.15% from 52,886 (53,891) /
  // 11.16% from 105,775 (107,785) / 12.16% from 150,000 / 13.16% from 220,000; surtax 20% over 5,710 (5,818) + 36% over
  // 7,307 (7,446) of the basic tax (CRA Form ON428). Worked by hand from those figures.
  test.each([
    ["2025-09-01", 110_000, 7_113_98, 280_80],
    ["2025-09-01", 140_000, 10_461_98, 2_086_19],
    ["2025-09-01", 160_000, 12_793_98, 3_392_11],
    ["2025-09-01", 210_000, 18_873_98, 6_796_91],
    ["2025-09-01", 230_000, 21_405_98, 8_214_83],
    ["2026-09-01", 112_000, 7_232_80, 282_96],
    ["2026-09-01", 140_000, 10_357_60, 1_956_10],
    ["2026-09-01", 160_000, 12_689_60, 3_262_02],
    ["2026-09-01", 210_000, 18_769_60, 6_666_82],
    ["2026-09-01", 230_000, 21_301_60, 8_084_74],
  ])("%s: taxable %p → Ontario %p, surtax %p (cents)", (on, taxable, tax, surtax) => {
    const deductions = on.startsWith("2025") ? 1_074 : 1_127;
    const b = systemOf("CA", "ON", on).tax((taxable + deductions) * 100);
    expectLines(b, { "Ontario income tax": tax, "Ontario surtax": surtax });
  });
});

describe("British Columbia 2026 on each side of every bracket above 100,728 (issue 23 item 24)", () => {
  // 5.60% / 7.70% from 50,363 / 10.50% from 100,728 / 12.29% from 115,648 / 14.70% from 140,430 / 16.80% from 190,405 /
  // 20.50% from 265,545 (Budget 2026); credits at 5.60% of (13,217 + CPP base 3,519.45 + EI 1,123.07) = 1,000.13312;
  // taxable = income − 1,127 above the CPP2 and EI maximums. Worked by hand from those figures.
  test.each([
    [105_000, 6_146_86],
    [112_000, 6_881_86],
    [120_000, 7_799_76],
    [135_000, 9_643_26],
    [150_000, 11_717_40],
    [180_000, 16_127_40],
    [200_000, 19_268_89],
    [250_000, 27_668_89],
    [280_000, 33_243_73],
  ])("taxable %p → %p cents", (taxable, cents) => {
    expectLines(systemOf("CA", "BC", "2026-09-01").tax((taxable + 1_127) * 100), { "British Columbia income tax": cents });
  });
});
