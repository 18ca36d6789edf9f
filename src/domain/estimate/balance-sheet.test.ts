import { describe, expect, test } from "bun:test";
import { BALANCE_SHEET_NORMS, balanceSheetInputFromEstimate, computeBalanceSheet, normShares, type BalanceSheetInput } from "./balance-sheet.ts";
import { computeEstimate } from "./engine.ts";
import { basicInput, flatTaxSystem, sampleAdvancedInput, sampleBalanceSheetInput, testExchangeRate } from "./testing.ts";

/*
 * Worked example (USD 1 = GBP 0.8; home: flat 20% income tax + 5% social security; host: flat 30%):
 *
 *   home gross salary                         USD 100,000.00                      = GBP 80,000.00
 *   hypothetical income tax     20%           USD  20,000.00                      = GBP 16,000.00
 *   hypothetical social sec.     5%           USD   5,000.00                      = GBP  4,000.00
 *   net spendable income                      USD  75,000.00                      = GBP 60,000.00
 *     band USD 40,000–80,000, family of 2: goods & services 55%, housing 23%
 *   goods & services norm   75,000 × 55%    = USD  41,250.00                      = GBP 33,000.00
 *   housing norm            75,000 × 23%    = USD  17,250.00                      = GBP 13,800.00
 *   savings / reserve       60,000 − 33,000 − 13,800                              = GBP 13,200.00
 *   cost-of-living allowance  41,250 × (120 / 100 − 1) = USD 8,250.00             = GBP  6,600.00
 *   housing allowance       host rent GBP 2,500 × 12 = 30,000 − home norm 13,800  = GBP 16,200.00
 *   tax equalization (TAX_EQUALIZED):
 *     kept by the employee  80,000 − 20,000 (hypothetical) + 6,600 + 16,200      = GBP 82,800.00
 *     grossed up at 30%: the least G with G − round(0.3 G) ≥ 8,280,000 (pence) is 11,828,571
 *     host tax 3,548,571 pence = GBP 35,485.71; − hypothetical GBP 20,000.00      = GBP 15,485.71
 *   company cost            6,600 + 16,200 + 15,485.71                            = GBP 38,285.71
 */
const example: BalanceSheetInput = {
  years: 2,
  yearLabels: ["Year 1", "Year 2"],
  salary: { amount: 10_000_000, currency: "USD" },
  homeCurrency: "USD",
  hostCurrency: "GBP",
  currency: "GBP",
  exchangeRate: testExchangeRate,
  familySize: 2,
  profile: { filingStatus: "MARRIED_JOINT" },
  home: flatTaxSystem("0.2", "USD", { socialRate: "0.05" }),
  host: flatTaxSystem("0.3", "GBP"),
  cityIndices: {
    home: { colIndex: "100", housingIndex: "100", monthlyRent: { amount: 200_000, currency: "USD" } },
    host: { colIndex: "120", housingIndex: "150", monthlyRent: { amount: 250_000, currency: "GBP" } },
  },
  indexSource: "IMPORT",
  taxPosition: "TAX_EQUALIZED",
};

const amounts = (sheet: ReturnType<typeof computeBalanceSheet>) => Object.fromEntries(sheet.lines.map((l) => [l.key, l.amountPerYear[0]]));

describe("computeBalanceSheet", () => {
  test("the worked example, line by line", () => {
    const sheet = computeBalanceSheet(example);
    expect(amounts(sheet)).toEqual({
      homeSalary: 8_000_000,
      homeIncomeTax: 1_600_000,
      homeSocialSecurity: 400_000,
      netIncome: 6_000_000,
      goodsAndServicesNorm: 3_300_000,
      housingNorm: 1_380_000,
      savingsNorm: 1_320_000,
      costOfLivingAllowance: 660_000,
      housingAllowance: 1_620_000,
      taxEqualization: 1_548_571,
      companyCost: 3_828_571,
    });
    expect(sheet.lines.map((l) => l.kind)).toEqual(["income", "deduction", "deduction", "subtotal", "norm", "norm", "norm", "allowance", "allowance", "allowance", "total"]);
    expect(sheet.totalPerYear).toEqual([3_828_571, 3_828_571]);
    expect(sheet.lines.every((l) => l.amountPerYear.length === 2)).toBe(true);
    expect([sheet.currency, sheet.homeCurrency, sheet.hostCurrency, sheet.exchangeRate, sheet.colIndex, sheet.housingIndex, sheet.indexSource]).toEqual([
      "GBP",
      "USD",
      "GBP",
      "0.8000",
      "1.2000",
      "1.5000",
      "IMPORT",
    ]);
  });

  test("every line says how it was computed, with its numbers", () => {
    const working = Object.fromEntries(computeBalanceSheet(example).lines.map((l) => [l.key, l.working]));
    expect(working.goodsAndServicesNorm).toBe("55% of net spendable income USD 75,000.00 (band USD 40,000–80,000, family of 2) = USD 41,250.00 = GBP 33,000.00 at 0.8000");
    expect(working.costOfLivingAllowance).toBe(
      "Goods and services USD 41,250.00 × (host index 120 / home index 100 − 1), at least 0 = USD 8,250.00 = GBP 6,600.00 at 0.8000",
    );
    expect(working.housingAllowance).toBe("Host rent GBP 2,500.00 × 12 = GBP 30,000.00 − home housing norm GBP 13,800.00, at least 0 = GBP 16,200.00");
    expect(working.taxEqualization).toContain("grossed up to GBP 118,285.71; host tax GBP 35,485.71");
    expect(working.companyCost).toBe("Cost-of-living GBP 6,600.00 + housing GBP 16,200.00 + tax equalization GBP 15,485.71 = GBP 38,285.71");
  });

  test("tax positions: protected pays only the excess without gross-up; laissez-faire pays none", () => {
    // protected: 30% of (80,000 + 22,800) = 30,840 − 20,000 = 10,840
    expect(amounts(computeBalanceSheet({ ...example, taxPosition: "TAX_PROTECTED" })).taxEqualization).toBe(1_084_000);
    expect(amounts(computeBalanceSheet({ ...example, taxPosition: "TAX_PROTECTED", host: flatTaxSystem("0.1", "GBP") })).taxEqualization).toBe(0);
    expect(amounts(computeBalanceSheet({ ...example, taxPosition: "LAISSEZ_FAIRE" })).taxEqualization).toBe(0);
    expect(amounts(computeBalanceSheet({ ...example, host: null })).taxEqualization).toBe(0);
    // equalized with a lower host tax: the company gains (negative cost)
    expect(amounts(computeBalanceSheet({ ...example, host: flatTaxSystem("0", "GBP") })).taxEqualization).toBe(-2_000_000);
  });

  test("index source NONE: index 100 at both ends, no cost-of-living or housing allowance", () => {
    const sheet = computeBalanceSheet({ ...example, indexSource: "NONE" });
    expect([amounts(sheet).costOfLivingAllowance, amounts(sheet).housingAllowance, sheet.colIndex, sheet.housingIndex]).toEqual([0, 0, "1.0000", "1.0000"]);
    // a cheaper host: floored at 0
    const cheaper = computeBalanceSheet({ ...example, cityIndices: { ...example.cityIndices, host: { colIndex: "80", housingIndex: "50", monthlyRent: { amount: 50_000, currency: "GBP" } } } });
    expect([amounts(cheaper).costOfLivingAllowance, amounts(cheaper).housingAllowance]).toEqual([0, 0]);
  });

  test("a home-currency sheet adds up in the home currency", () => {
    const sheet = computeBalanceSheet({ ...example, currency: "USD" });
    const a = amounts(sheet);
    expect([a.homeSalary, a.netIncome, a.costOfLivingAllowance, a.housingAllowance]).toEqual([10_000_000, 7_500_000, 825_000, 2_025_000]);
    expect(a.homeSalary! - a.homeIncomeTax! - a.homeSocialSecurity!).toBe(a.netIncome!);
    expect(a.costOfLivingAllowance! + a.housingAllowance! + a.taxEqualization!).toBe(a.companyCost!);
  });

  test("norms: bands by net income in USD and family size; savings is the rest", () => {
    expect(normShares(3_999_999, "USD", 1)).toMatchObject({ band: 0, goodsAndServices: 60, housing: 25 });
    expect(normShares(4_000_000, "USD", 4)).toMatchObject({ band: 1, goodsAndServices: 60, housing: 22 });
    expect(normShares(30_000_000, "USD", 9)).toMatchObject({ band: 4, goodsAndServices: 40, housing: 16, bandText: "USD 250,000+" });
    for (let b = 0; b < BALANCE_SHEET_NORMS.bands.length; b++) {
      for (let f = 0; f < 4; f++) expect(BALANCE_SHEET_NORMS.goodsAndServices[b]![f]! + BALANCE_SHEET_NORMS.housing[b]![f]!).toBeLessThan(100);
    }
  });

  test("the input from an estimate's input", () => {
    const input = sampleAdvancedInput();
    const built = balanceSheetInputFromEstimate(input, { years: 7, yearLabels: sampleBalanceSheetInput(input).yearLabels, currencyType: "HOST", taxPosition: "TAX_EQUALIZED", indexSource: "DEMO" });
    expect(built).toEqual(sampleBalanceSheetInput(input));
    expect(balanceSheetInputFromEstimate(basicInput(), { years: 1, yearLabels: ["Year 1"], currencyType: "HOME", taxPosition: "TAX_EQUALIZED", indexSource: "NONE" })).toBeNull();
  });

  test("its allowances reach the estimate's Compensation section in the display currency", () => {
    const sheet = computeBalanceSheet(example);
    const r = computeEstimate(basicInput({ type: "ADVANCED", years: 2, salary: example.salary, balanceSheetEnabled: true, balanceSheet: sheet }));
    const comp = r.sections.find((s) => s.key === "compensation")!;
    expect(comp.items.find((i) => i.identifier === "comp:housingAllowance")?.amountPerYear).toEqual([2_025_000, 2_025_000]); // GBP 16,200 at 1.25
    expect(comp.excludedFromTotal).toBe(true);
  });
});
