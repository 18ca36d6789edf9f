/**
 * Germany: fixed vectors per year. No official worked example is reproduced from memory here: every
 * figure is derived from the law's own formula (§32a Abs. 1 and 5 EStG, §§3–4 SolZG, in the
 * rounding of the BMF Programmablaufplan and Lohn- und Einkommensteuerrechner: zvE and tax to
 * whole euros, splitting on the whole-euro half) and the year's Rechengrößen, and was recomputed
 * with an implementation independent of the table's code. Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { DE_2025, DE_2026, germanIncomeTax } from "../tables/de.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

const tariff2025 = germanIncomeTax(DE_2025, true);
const tariff2026 = germanIncomeTax(DE_2026, true);

describe("§32a EStG 2025 (formula of the Steuerfortentwicklungsgesetz, BMF PAP rounding)", () => {
  test.each([
    [12_096, 0], // Grundfreibetrag
    [12_097, 0], // y = 0.0001: 0.14 → 0
    [17_443, 1_015], // end of zone 2: 1,015.1279 → 1,015
    [40_000, 7_320],
    [50_000, 10_691],
    [68_480, 17_849], // end of zone 3: 17,849.77 → 17,849
    [68_481, 17_850], // zone 4: 0.42 × 68,481 − 10,911.92 = 17,850.10
    [260_000, 98_288], // inside zone 4 below its end: 0.42 × 260,000 − 10,911.92 = 98,288.08 (zone 5's formula: 97,753.33)
    [277_825, 105_774], // 116,686.50 − 10,911.92 = 105,774.58
    [277_826, 105_775], // zone 5: 125,021.70 − 19,246.67 = 105,775.03
  ])("Grundtabelle: zvE %d → %d €", (zve, tax) => {
    expect(tariff2025.tariff(dec(zve), false).toNumber()).toBe(tax);
  });

  test("the zvE is rounded down to whole euros before the tariff", () => {
    expect(tariff2025.tariff(dec("40000.99"), false).toNumber()).toBe(7_320);
  });

  test("Splittingtabelle: twice the tax on the whole-euro half (zvE 100,001 → 2 × T(50,000))", () => {
    expect(tariff2025.tariff(dec(100_001), true).toNumber()).toBe(2 * 10_691);
  });

  test.each([
    [70_000, 0], // T 18,488 ≤ Freigrenze 19,950
    [75_000, 75_92], // T 20,588: 11.9% × 638 = 75.922 → 75.92 (fractions of a cent dropped)
    [100_000, 1_325_42], // T 31,088: 11.9% × 11,138 = 1,325.422 < 5.5% × 31,088 = 1,709.84
  ])("Solidaritätszuschlag 2025, single without children: zvE %d → %d cents", (zve, cents) => {
    expect(tariff2025.soli(dec(zve), false, 0).times(100).toNumber()).toBe(cents);
  });
});

describe("§32a EStG 2026 (formula of the Steuerfortentwicklungsgesetz, BMF PAP rounding)", () => {
  test.each([
    [12_348, 0], // Grundfreibetrag 2026
    [12_349, 0],
    [17_799, 1_034], // end of zone 2: (914.51 × 0.5451 + 1,400) × 0.5451 = 1,034.87 → 1,034
    [50_000, 10_548],
    [69_878, 18_213], // end of zone 3: 18,213.13 → 18,213
    [69_879, 18_213], // zone 4: 0.42 × 69,879 − 11,135.63 = 18,213.55 → 18,213
    [260_000, 98_064], // inside zone 4 below its end: 0.42 × 260,000 − 11,135.63 = 98,064.37 (zone 5's formula: 97,529.62)
    [277_825, 105_550], // 116,686.50 − 11,135.63 = 105,550.87
    [277_826, 105_551], // zone 5: 125,021.70 − 19,470.38 = 105,551.32
  ])("Grundtabelle: zvE %d → %d €", (zve, tax) => {
    expect(tariff2026.tariff(dec(zve), false).toNumber()).toBe(tax);
  });

  test("Splittingtabelle: zvE 100,001 → 2 × T(50,000) = 21,096", () => {
    expect(tariff2026.tariff(dec(100_001), true).toNumber()).toBe(21_096);
  });

  test.each([
    [70_000, 0], // T 18,264 ≤ Freigrenze 20,350
    [75_000, 1_66], // T 20,364: 11.9% × 14 = 1.666 → 1.66
    [100_000, 1_251_16], // T 30,864: 11.9% × 10,514 = 1,251.166 → 1,251.16
    [150_000, 2_852_52], // T 51,864 (51,864.37): full 5.5% = 2,852.52
  ])("Solidaritätszuschlag 2026 (Freigrenze 20,350), single: zvE %d → %d cents", (zve, cents) => {
    expect(tariff2026.soli(dec(zve), false, 0).times(100).toNumber()).toBe(cents);
  });

  test("Solidaritätszuschlag 2026, joint: Freigrenze 40,700", () => {
    // zvE 150,000 joint: 2 × T(75,000) = 2 × 20,364 = 40,728 → 11.9% × 28 = 3.332 → 3.33
    expect(tariff2026.soli(dec(150_000), true, 0).times(100).toNumber()).toBe(3_33);
  });
});

describe("Germany 2026 through the tax system (Rechengrößen 2026, Zusatzbeitrag 2.9%)", () => {
  const de = systemOf("DE", null, "2026-09-01");

  test("the move date picks the year; past 2026 the 2026 table is used and says so", () => {
    expect(systemOf("DE", null, "2025-12-31").info[0]!.id).toBe("de-2025");
    expect(de.info[0]!.id).toBe("de-2026");
    expect(de.info[0]!.note).toBeUndefined();
    const later = systemOf("DE", null, "2027-03-01");
    expect(later.info[0]!.id).toBe("de-2026");
    expect(later.info[0]!.note).toContain("newest table");
  });

  test("SINGLE, 60,000", () => {
    // RV 9.3% 5,580.00; AV 1.3% 780.00; KV (14.6% + 2.9%) / 2 = 8.75% 5,250.00; PV 2.4% (childless) 1,440.00
    // zvE = 60,000 − 1,230 − 36 − 5,580 − 5,250 × 96% − 1,440 = 46,674; z = 2.8875:
    // (173.10 × 2.8875 + 2,397) × 2.8875 + 1,034.87 = 9,399.26 → 9,399; Soli 0
    const b = de.tax(60_000_00);
    expect(b.taxableIncome).toBe(46_674_00);
    expectLines(b, {
      Einkommensteuer: 9_399_00,
      Solidaritätszuschlag: 0,
      Rentenversicherung: 5_580_00,
      Arbeitslosenversicherung: 780_00,
      Krankenversicherung: 5_250_00,
      Pflegeversicherung: 1_440_00,
    });
    // marginal: (2 × 173.10 × 2.8875 + 2,397) / 10,000 × (1 − 9.3% − 8.4% − 2.4%) + 21.75% = 0.488893
    expect(de.marginalRate(60_000_00)).toBe("0.488893");
  });

  test("SINGLE, 250,000: above both BBG, full Soli", () => {
    // RV 101,400 × 9.3% = 9,430.20; AV 1,318.20; KV 69,750 × 8.75% = 6,103.125 → 6,103.13; PV 69,750 × 2.4% = 1,674.00
    // zvE = 250,000 − 1,266 − 9,430.20 − 6,103.13 × 96% − 1,674 = 231,770.7952 → 231,770
    // ESt = 0.42 × 231,770 − 11,135.63 = 86,207.77 → 86,207; Soli 5.5% = 4,741.385 → 4,741.38
    const b = de.tax(250_000_00);
    expect(b.taxableIncome).toBe(231_770_00);
    expectLines(b, {
      Einkommensteuer: 86_207_00,
      Solidaritätszuschlag: 4_741_38,
      Rentenversicherung: 9_430_20,
      Arbeitslosenversicherung: 1_318_20,
      Krankenversicherung: 6_103_13,
      Pflegeversicherung: 1_674_00,
    });
  });

  test("MARRIED_JOINT with 2 children, 150,000: Freibeträge 2 × 9,756 against Kindergeld 2 × 3,108", () => {
    // PV 69,750 × 1.55% = 1,081.125 → 1,081.13; zvE = 150,000 − 1,302 − 9,430.20 − 5,858.9 − 1,081.13 = 132,327.67 → 132,327
    // 2 × T(66,163) = 33,352; with one child's Freibeträge 2 × T(61,285) = 29,462 (saves 3,890 > 3,108);
    // with both 2 × T(56,407) = 25,738 (saves 3,724 > 3,108): ESt = 25,738 + 6,216 = 31,954; zvE 112,815
    const b = de.tax(150_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(b.taxableIncome).toBe(112_815_00);
    expectLines(b, { Einkommensteuer: 31_954_00, Solidaritätszuschlag: 0, Pflegeversicherung: 1_081_13 });
  });

  test("HEAD_OF_HOUSEHOLD with 1 child, 45,000: Entlastungsbetrag 4,260, Kindergeld better than the half Freibeträge", () => {
    // zvE = 45,000 − 1,266 − 4,185 − 3,937.50 × 96% − 45,000 × 1.8% (810) − 4,260 = 30,699
    // T(30,699) = 4,415; half Freibeträge 4,878 would save 1,346 < half Kindergeld 1,554: ESt 4,415
    const b = de.tax(45_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 });
    expect(b.taxableIncome).toBe(30_699_00);
    expectLines(b, { Einkommensteuer: 4_415_00 });
  });
});

describe("Pflegeversicherung: the child discount (SGB XI §55 Abs. 3) and the Entlastungsbetrag (§24b EStG)", () => {
  // §55 Abs. 3 SGB XI (Pflegeunterstützungs- und -entlastungsgesetz, from 1 July 2023): the employee's
  // 1.8% (half of 3.6%) falls by 0.25 percentage points for each child under 25 from the 2nd to the
  // 5th child; a 6th child changes nothing. https://www.gesetze-im-internet.de/sgb_11/__55.html
  // Income 60,000 is below the 2026 health/care BBG (69,750), so the line is income × rate.
  const de = systemOf("DE", null, "2026-09-01");
  test.each([
    [1, 1_080_00], // 1.8%: no discount for the first child
    [2, 930_00], // 1.8 − 0.25 = 1.55%
    [4, 630_00], // 1.8 − 3 × 0.25 = 1.05%
    [5, 480_00], // 1.8 − 4 × 0.25 = 0.80%: the 5th child is the last that counts
    [6, 480_00], // 0.80% still: the discount stops at the 5th child
  ])("%d children, 60,000 → %d cents", (children, cents) => {
    expectLines(de.tax(60_000_00, { filingStatus: "SINGLE", dependants: children }), { Pflegeversicherung: cents });
  });

  test("HEAD_OF_HOUSEHOLD with 3 children, 45,000: Entlastungsbetrag 4,260 + 2 × 240 (§24b Abs. 2 EStG)", () => {
    // RV 4,185; KV 8.75% 3,937.50; PV 1.8 − 2 × 0.25 = 1.30% 585.00
    // zvE = 45,000 − 1,230 − 36 − 4,185 − 3,937.50 × 96% − 585 − 4,740 = 30,444
    // T(30,444) 2026: z = 1.2645: (173.10 × z + 2,397) × z + 1,034.87 = 4,342.x → 4,342; each child's
    // half Freibeträge (4,878) save at most 1,341 < half Kindergeld 1,554: ESt 4,342 (with 264 a child: 4,329)
    const b = de.tax(45_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 3 });
    expect(b.taxableIncome).toBe(30_444_00);
    expectLines(b, { Einkommensteuer: 4_342_00, Pflegeversicherung: 585_00 });
  });
});

describe("issue 13 item 9: married with two children at 150,000 (the Freibeträge over the Kindergeld)", () => {
  test("2025: the Freibeträge save 7,614 against 6,120 Kindergeld: +1,494", () => {
    // zvE 133,259: 2 × T(66,629) 34,156 − 2 × T(57,029) 26,542 = 7,614; 7,614 − 2 × 3,060 = 1,494
    const zve = dec(133_259);
    expect(tariff2025.tariff(zve, true).minus(tariff2025.tariff(zve.minus(19_200), true)).minus(6_120).toNumber()).toBe(1_494);
  });

  test("2026 (Zusatzbeitrag 2.9%): 7,614 against 6,216 Kindergeld: +1,398", () => {
    const zve = dec(132_327);
    expect(tariff2026.tariff(zve, true).minus(tariff2026.tariff(zve.minus(19_512), true)).minus(6_216).toNumber()).toBe(1_398);
  });

  test("the issue's +1,402 is the 2026 law on the zvE with the 2025 average Zusatzbeitrag 2.5%", () => {
    // KV 69,750 × 8.55% = 5,963.63: zvE = 150,000 − 1,302 − 9,430.20 − 5,725.08 − 1,081.13 = 132,461.59 → 132,461;
    // 2 × T(66,230) 33,406 − 2 × T(56,474) 25,788 = 7,618; 7,618 − 6,216 = 1,402
    const zve = dec(132_461);
    expect(tariff2026.tariff(zve, true).minus(tariff2026.tariff(zve.minus(19_512), true)).minus(6_216).toNumber()).toBe(1_402);
  });
});
