/**
 * Switzerland: fixed vectors per year. The ESTV and Zurich tariff booklets are not reproduced from
 * memory: the vectors are derived from the law's own rules (Art. 36 DBG: "für je weitere 100 Franken
 * … Rappen mehr", the per-child reduction of Art. 36 Abs. 2bis, the CHF 25 minimum of Abs. 3; § 35
 * StG ZH brackets with the Steuerfüsse) and recomputed by hand. Amounts in Rappen.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { federalTax, zurichSimpleTax } from "../tables/ch.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

const SINGLE = { filingStatus: "SINGLE", dependants: 0 } as const;
const married = (dependants: number) => ({ filingStatus: "MARRIED_JOINT", dependants }) as const;

describe("Art. 36 DBG 2025: the tariff in CHF 100 steps", () => {
  test.each([
    [33_200, "138.60"],
    [43_500, "229.20"],
    [58_000, "612.00"],
    [76_100, "1149.55"],
    [82_000, "1500.00"],
    [108_800, "3268.80"],
    [141_500, "6146.40"],
    [184_900, "10920.40"],
  ])("single: the law's row at %d is %s, and one step below it plus that step's amount meets it (± 5 Rappen)", (from, amount) => {
    expect(federalTax(dec(from), SINGLE).toFixed(2)).toBe(amount);
    // the row below's per-100 amount carried to the next row (the ordinance rounds its rows to 5 Rappen)
    const below = federalTax(dec(from - 100), SINGLE);
    const step = federalTax(dec(from - 100), SINGLE).minus(federalTax(dec(from - 200), SINGLE));
    expect(below.plus(step).minus(amount).abs().toNumber()).toBeLessThanOrEqual(0.05);
  });

  test.each([
    [53_400, "237.00"],
    [61_300, "395.00"],
    [79_100, "929.00"],
    [94_900, "1561.00"],
    [108_600, "2246.00"],
    [120_500, "2960.00"],
    [130_500, "3660.00"],
    [138_300, "4284.00"],
    [144_200, "4815.00"],
    [148_200, "5215.00"],
    [150_300, "5446.00"],
    [152_300, "5686.00"],
  ])("married: the law's row at %d is %s and follows from the row below", (from, amount) => {
    expect(federalTax(dec(from), married(0)).toFixed(2)).toBe(amount);
    const below = federalTax(dec(from - 100), married(0));
    const step = below.minus(federalTax(dec(from - 200), married(0)));
    expect(below.plus(step).minus(amount).abs().toNumber()).toBeLessThanOrEqual(0.05);
  });

  test("income inside a CHF 100 step pays the step's tax", () => {
    // 107,100 to 107,199.99: 1,500 + 251 × 6.60 = 3,156.60; from 107,200: 3,163.20
    expect(federalTax(dec("107150.40"), SINGLE).toFixed(2)).toBe("3156.60");
    expect(federalTax(dec("107199.99"), SINGLE).toFixed(2)).toBe("3156.60");
    expect(federalTax(dec(107_200), SINGLE).toFixed(2)).toBe("3163.20");
  });

  test("11.5% of the whole income from 793,400 (single); below it the last row", () => {
    expect(federalTax(dec(793_400), SINGLE).toFixed(2)).toBe("91241.00");
    // 793,399 → 793,300: 10,920.40 + 6,084 × 13.20 = 91,229.20
    expect(federalTax(dec(793_399), SINGLE).toFixed(2)).toBe("91229.20");
  });

  test("Art. 36 Abs. 2bis: CHF 263 less per child on the married tariff", () => {
    // 100,000: 1,561 + 51 × 5.00 = 1,816; − 2 × 263 = 1,290
    expect(federalTax(dec(100_000), married(2)).toFixed(2)).toBe("1290.00");
    expect(federalTax(dec(100_000), married(0)).toFixed(2)).toBe("1816.00");
  });
});

describe("§ 35 StG ZH and the Steuerfüsse (City of Zurich)", () => {
  test("simple tax at the Grundtarif's bracket ends", () => {
    // 6,900 0%; +4,900 × 2% = 98; +4,800 × 3% = 144; +7,900 × 4% = 316; +9,600 × 5% = 480; +11,000 × 6% = 660;
    // +12,900 × 7% = 903; +17,400 × 8% = 1,392 → 3,993 at 75,400
    expect(zurichSimpleTax(dec(11_800), SINGLE).toNumber()).toBe(98);
    expect(zurichSimpleTax(dec(75_400), SINGLE).toNumber()).toBe(3_993);
    // taken in whole CHF 100: 75,499.99 → 75,400
    expect(zurichSimpleTax(dec("75499.99"), SINGLE).toNumber()).toBe(3_993);
  });

  test("canton and city taxes are levied in 5 Rappen, rounded down", () => {
    const zh = systemOf("CH", "ZH", "2025-06-30");
    for (let income = 40_000_00; income <= 400_000_00; income += 7_777_77) {
      for (const line of zh.tax(income).lines.filter((l) => l.label.includes("simple tax"))) expect(line.amount % 5).toBe(0);
    }
  });

  test("2025: SINGLE, 120,000 — canton 98%, city 119%", () => {
    // simple tax 6,747 (see tables-europe.test.ts): 6,612.06 → 6,612.05; 8,028.93 → 8,028.90
    expectLines(systemOf("CH", "ZH", "2025-06-30").tax(120_000_00), {
      "Canton of Zurich tax (98% of the simple tax)": 6_612_05,
      "City of Zurich tax (119% of the simple tax)": 8_028_90,
    });
  });

  test("2026: canton Steuerfuss 95%; child deduction 9,400", () => {
    const zh = systemOf("CH", "ZH", "2026-06-30");
    expect(zh.info.map((i) => i.id)).toEqual(["ch-federal-2026", "ch-zh-2026"]);
    // SINGLE 120,000: simple tax 6,747 × 95% = 6,409.65
    expectLines(zh.tax(120_000_00), { "Canton of Zurich tax (95% of the simple tax)": 6_409_65, "City of Zurich tax (119% of the simple tax)": 8_028_90 });
    // MARRIED_JOINT, 2 children, 200,000: 183,769.80 − 5,800 − 2 × 1,300 − 2 × 9,400 = 156,569.80 → 156,500;
    // 2 × T(78,250) = 2 × (3,993 + 2,850 × 9%) = 8,499; canton 8,074.05; city 10,113.81 → 10,113.80
    expectLines(zh.tax(200_000_00, married(2)), {
      "Canton of Zurich tax (95% of the simple tax)": 8_074_05,
      "City of Zurich tax (119% of the simple tax)": 10_113_80,
      "Direct federal tax": 6_447_00,
    });
  });
});

describe("a vector on each side of the remaining thresholds (issue 23 item 24)", () => {
  test("Art. 36 Abs. 2 DBG: married couples pay 11.5% of the whole income from 940,800 — the tariff just below, the flat rate above", () => {
    // 900,000: 5,686 + 13% × 747,700 = 102,887 (the flat rate would be 103,500); 1,000,000: 11.5% = 115,000 (the row: 115,887)
    expect(federalTax(dec(900_000), married(0)).toFixed(2)).toBe("102887.00");
    expect(federalTax(dec(1_000_000), married(0)).toFixed(2)).toBe("115000.00");
  });

  test.each([
    // § 35 StG ZH Grundtarif (Zürcher Steuerbuch Nr. 34/1): 7,017 at 109,000; +10% to 142,200 (10,337); +11% to
    // 194,900 (16,134); +12% to 263,300 (24,342); 13% above.
    [120_000, "8117.00"], // 7,017 + 10% × 11,000
    [130_000, "9117.00"], // 7,017 + 10% × 21,000
    [150_000, "11195.00"], // 10,337 + 11% × 7,800
    [180_000, "14495.00"], // 10,337 + 11% × 37,800
    [200_000, "16746.00"], // 16,134 + 12% × 5,100
    [250_000, "22746.00"], // 16,134 + 12% × 55,100
    [280_000, "26513.00"], // 24,342 + 13% × 16,700
  ])("Zurich simple tax, single, taxable %p → %p", (taxable, tax) => {
    expect(zurichSimpleTax(dec(taxable), SINGLE).toFixed(2)).toBe(tax);
  });
});

describe("Art. 36 Abs. 3 DBG: tax amounts under CHF 25 are not levied — a vector on each side (issue 23 item 24)", () => {
  // Derived from the statute ("Steuerbeträge unter 25 Franken werden nicht erhoben") and the tariff rows
  // above (no ESTV worked example at these incomes): AHV/IV/EO 5.3% + ALV 1.1% of the gross; professional
  // expenses 3%, at least 2,000; insurance premiums 1,800 single / 3,700 married; married deduction 2,800;
  // the taxable income in whole CHF 100.
  const ch = systemOf("CH", null, "2025-06-30");

  test("single: 24.64 is not levied, 25.41 is", () => {
    // 23,750: net 23,750 × 93.6% = 22,230 − 2,000 − 1,800 = 18,430 → 18,400; 3,200 × 0.77% = 24.64 < 25 → 0
    expect(ch.tax(23_750_00).taxableIncome).toBe(18_430_00);
    expectLines(ch.tax(23_750_00), { "Direct federal tax": 0 });
    // 23,850: net 22,323.60 − 3,800 = 18,523.60 → 18,500; 3,300 × 0.77% = 25.41 ≥ 25 → levied
    expectLines(ch.tax(23_850_00), { "Direct federal tax": 25_41 });
  });

  test("married: 24 is not levied, 26 is", () => {
    // 43,400: net 40,622.40 − 2,000 − 3,700 − 2,800 = 32,122.40 → 32,100; 2,400 × 1% = 24 < 25 → 0
    expectLines(ch.tax(43_400_00, married(0)), { "Direct federal tax": 0 });
    // 43,590: net 40,800.24 − 8,500 = 32,300.24 → 32,300; 2,600 × 1% = 26 → levied
    expectLines(ch.tax(43_590_00, married(0)), { "Direct federal tax": 26_00 });
  });
});
