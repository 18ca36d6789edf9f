/**
 * Worked examples for SG, HK, JP, IN, AU and AE, computed by hand from the published schedules;
 * amounts in minor units (JPY has none: yen).
 */
import { describe, expect, test } from "bun:test";
import { expectLines, systemOf } from "./test-helpers.ts";

describe("Singapore YA2025 (resident; income of 2024)", () => {
  const sg = systemOf("SG", null, "2024-09-01");
  const label = "Income tax (after YA2025 rebate)";

  test("100,000", () => {
    // chargeable 100,000 − 1,000 = 99,000: 200 + 350 + 2,800 + 19,000 × 11.5% (2,185) = 5,535; rebate min(60%, 200) = 200 → 5,335.00
    expectLines(sg.tax(100_000_00), { [label]: 5_335_00 });
  });

  test("500,000", () => {
    // chargeable 499,000: 200 + 350 + 2,800 + 4,600 + 6,000 + 7,200 + 7,600 + 7,800 + 8,000 + 179,000 × 22% (39,380)
    // = 83,930 − 200 = 83,730.00
    expectLines(sg.tax(500_000_00), { [label]: 83_730_00 });
  });

  test("low income: the rebate is 60% of the tax", () => {
    // 25,000 − 1,000 = 24,000: 4,000 × 2% = 80; rebate 48 → 32.00
    expectLines(sg.tax(25_000_00), { [label]: 32_00 });
  });
});

describe("Hong Kong 2025/26 (with the 2025/26 one-off reduction of 100% up to 3,000)", () => {
  const hk = systemOf("HK");

  test("600,000: progressive rates are lower", () => {
    // MPF min(600,000 × 5%, 18,000) = 18,000; net income 582,000; net chargeable 582,000 − 132,000 = 450,000
    // progressive 1,000 + 3,000 + 5,000 + 7,000 + 250,000 × 17% = 58,500; standard 582,000 × 15% = 87,300
    // → 58,500 − reduction 3,000 = 55,500.00
    expectLines(hk.tax(600_000_00), { "Salaries tax": 55_500_00, "MPF mandatory contribution": 18_000_00 });
  });

  test("10,000,000: standard rate is lower (15% / 16% over 5,000,000)", () => {
    // net income 9,982,000; progressive 16,000 + 9,650,000 × 17% = 1,656,500
    // standard 5,000,000 × 15% = 750,000 + 4,982,000 × 16% = 797,120 → 1,547,120 − 3,000 = 1,544,120.00
    expectLines(hk.tax(10_000_000_00), { "Salaries tax": 1_544_120_00 });
  });

  test("married with 2 children, 600,000", () => {
    // net chargeable 582,000 − 264,000 − 2 × 130,000 = 58,000: 1,000 + 8,000 × 6% = 1,480, all of it reduced → 0
    expectLines(hk.tax(600_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Salaries tax": 0 });
  });
});

describe("Japan 2025", () => {
  const jp = systemOf("JP");

  test("SINGLE, 5,000,000 yen", () => {
    // pension 5,000,000 × 9.15% = 457,500; health 4.955% = 247,750; employment 0.55% = 27,500 → social 732,750
    // employment income (Appended Table 5): A = 5,000,000 ÷ 4 = 1,250,000; × 3.2 − 440,000 = 3,560,000
    // basic deduction (≤ 4,890,000) 680,000 → 2,147,250, truncated to 2,147,000: 97,500 + 197,000 × 10% = 117,200
    // with reconstruction 117,200 × 102.1% = 119,661.2 → 119,600 (100-yen truncation): surtax line 2,400
    // resident: 3,560,000 − 732,750 − 430,000 = 2,397,250 → 2,397,000; adjustment 2,500 (1,500 + 1,000)
    //   ward 6% 143,820 − 1,500 = 142,320 → 142,300; Tokyo 4% 95,880 − 1,000 = 94,880 → 94,800 → 237,100; per capita 5,000
    const b = jp.tax(5_000_000);
    expect(b.currency).toBe("JPY");
    expect(b.taxableIncome).toBe(2_147_000);
    expectLines(b, {
      "Income tax": 117_200,
      "Reconstruction special income tax": 2_400,
      "Resident tax (income levy)": 237_100,
      "Resident tax (per-capita levy)": 5_000,
      "Employees' pension insurance": 457_500,
      "Health insurance": 247_750,
      "Employment insurance": 27_500,
    });
  });

  test("MARRIED_JOINT (spouse without income), 8,000,000 yen", () => {
    // pension capped 7,800,000 × 9.15% = 713,700; health 396,400; employment 44,000 → 1,154,100
    // deduction 10% × 8,000,000 + 1,100,000 = 1,900,000 → total income 6,100,000; basic 630,000; spouse 380,000
    // taxable 6,100,000 − 1,154,100 − 630,000 − 380,000 = 3,935,900 → 3,935,000: 97,500 + 135,000 + 635,000 × 20% = 359,500
    // × 102.1% = 367,049.5 → 367,000: surtax line 7,500
    // resident 6,100,000 − 1,154,100 − 430,000 − 330,000 = 4,185,900 → 4,185,000; adjustment 2,500
    //   251,100 − 1,500 = 249,600; 167,400 − 1,000 = 166,400 → 416,000
    expectLines(jp.tax(8_000_000, { filingStatus: "MARRIED_JOINT" }), {
      "Income tax": 359_500,
      "Reconstruction special income tax": 7_500,
      "Resident tax (income levy)": 416_000,
      "Employees' pension insurance": 713_700,
      "Health insurance": 396_400,
      "Employment insurance": 44_000,
    });
  });
});

describe("India FY2025-26, new regime", () => {
  const india = systemOf("IN");

  test("15,00,000", () => {
    // taxable 15,00,000 − 75,000 = 14,25,000: 20,000 + 40,000 + 2,25,000 × 15% = 93,750; cess 4% = 3,750
    expectLines(india.tax(1_500_000_00), { "Income tax (after rebate u/s 87A)": 93_750_00, Surcharge: 0, "Health and education cess": 3_750_00 });
  });

  test("12,75,000: rebate u/s 87A, no tax", () => {
    // taxable 12,00,000: slab tax 60,000 fully rebated
    expect(india.tax(1_275_000_00).total).toBe(0);
  });

  test("12,85,000: marginal relief above 12,00,000", () => {
    // taxable 12,10,000: slab 61,500, limited to 12,10,000 − 12,00,000 = 10,000; cess 400
    expectLines(india.tax(1_285_000_00), { "Income tax (after rebate u/s 87A)": 10_000_00, "Health and education cess": 400_00 });
  });

  // Budget Speech 2025-26 (Ministry of Finance, 1 Feb 2025), Annexure to Part B, "tax benefit" table:
  // tax on slabs under the proposed (now enacted) new-regime rates for a given total (taxable) income —
  // 8 lakh 20,000 and 12 lakh 60,000 (both fully rebated u/s 87A), 16 lakh 1,20,000, 20 lakh 2,00,000,
  // 24 lakh 3,00,000, 50 lakh 10,80,000. Salary = total income + the 75,000 standard deduction; cess 4% on top.
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
    expectLines(b, { "Income tax (after rebate u/s 87A)": expected * 100, Surcharge: 0, "Health and education cess": expected * 4 });
  });

  test("CBDT, FAQs on the new tax regime (Budget 2025): marginal relief at total income 12,10,000", () => {
    // Income Tax Department FAQ: total income 12,10,000 → tax on slabs 61,500, income above 12 lakh
    // 10,000, so marginal relief 51,500 and tax 10,000 (cess 4% on it: 400)
    expectLines(india.tax(1_285_000_00), { "Income tax (after rebate u/s 87A)": 10_000_00, "Health and education cess": 400_00 });
  });

  test("the marginal relief zone ends where the slab tax catches up: total income 12,70,588.24", () => {
    // 60,000 + 15% × (x − 12,00,000) = x − 12,00,000 → x − 12,00,000 = 70,588.235…
    expect(india.tax(1_345_588_00).incomeTax).toBe(Math.round(70_588 * 1.04 * 100)); // relief still applies: 70,588 + cess
    const past = india.tax(1_346_000_00); // total income 12,71,000: slab tax 70,650 < 71,000
    expectLines(past, { "Income tax (after rebate u/s 87A)": 70_650_00, "Health and education cess": 2_826_00 });
    expect(india.marginalRate(1_346_000_00)).toBe("0.156"); // 15% + cess
    expect(india.marginalRate(1_300_000_00)).toBe("1.04");
  });

  test("51,00,000: surcharge with marginal relief", () => {
    // taxable 50,25,000: tax 1,087,500; surcharge 10% = 108,750, but tax + surcharge ≤ tax(50,00,000) 10,80,000 + 25,000
    // → surcharge 17,500; cess 4% × 11,05,000 = 44,200
    expectLines(india.tax(5_100_000_00), { "Income tax (after rebate u/s 87A)": 1_087_500_00, Surcharge: 17_500_00, "Health and education cess": 44_200_00 });
  });

  test("6,00,75,000: 25% surcharge", () => {
    // taxable 6 crore: 3,00,000 + 5,76,00,000 × 30% = 1,75,80,000; surcharge 25% = 43,95,000; cess 8,79,000
    expectLines(india.tax(60_075_000_00), { "Income tax (after rebate u/s 87A)": 17_580_000_00, Surcharge: 4_395_000_00, "Health and education cess": 879_000_00 });
  });
});

describe("Australia 2025-26", () => {
  const au = systemOf("AU");

  test("100,000", () => {
    // 26,800 × 16% = 4,288 + 55,000 × 30% = 16,500 → 20,788.00 (no LITO); Medicare 2% = 2,000.00
    expectLines(au.tax(100_000_00), { "Income tax (after low income tax offset)": 20_788_00, "Medicare levy": 2_000_00 });
  });

  test("50,000", () => {
    // 4,288 + 5,000 × 30% = 5,788 − LITO (325 − 1.5% × 5,000 = 250) = 5,538.00; Medicare 1,000.00
    expectLines(au.tax(50_000_00), { "Income tax (after low income tax offset)": 5_538_00, "Medicare levy": 1_000_00 });
  });

  test("30,000: Medicare levy shade-in", () => {
    // 11,800 × 16% = 1,888 − 700 = 1,188.00; Medicare min(600, 10% × (30,000 − 28,011)) = 198.90
    // (low-income threshold 28,011 for 2025-26, Act No. 58 of 2026)
    expectLines(au.tax(30_000_00), { "Income tax (after low income tax offset)": 1_188_00, "Medicare levy": 198_90 });
  });
});

describe("United Arab Emirates", () => {
  test("no income tax at any income", () => {
    const ae = systemOf("AE");
    for (const income of [0, 500_000_00, 5_000_000_00]) {
      const b = ae.tax(income);
      expect(b).toEqual({ currency: "AED", taxableIncome: income, incomeTax: 0, socialSecurity: 0, total: 0, lines: [] });
    }
  });
});
