/**
 * Singapore, resident individual income tax, Year of Assessment 2025 (income of 2024).
 *
 * Chargeable income = employment income − earned income relief 1,000 (below age 55). The YA2025
 * personal income tax rebate of 60%, capped at 200, is applied. CPF is NOT included: it applies
 * to citizens and permanent residents only, and the table assumes a foreign (relocated) employee
 * who is tax resident.
 */
import { type Bracket, bracketTax, incomeTaxLine, min, pos, type TaxTable } from "../table.ts";

// IRAS, individual income tax rates from YA2024: https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates
const RATES: readonly Bracket[] = [
  [0, "0"],
  [20_000, "0.02"],
  [30_000, "0.035"],
  [40_000, "0.07"],
  [80_000, "0.115"],
  [120_000, "0.15"],
  [160_000, "0.18"],
  [200_000, "0.19"],
  [240_000, "0.195"],
  [280_000, "0.20"],
  [320_000, "0.22"],
  [500_000, "0.23"],
  [1_000_000, "0.24"],
];
const EARNED_INCOME_RELIEF = 1_000;
// Budget 2025: YA2025 personal income tax rebate of 60% of tax payable, capped at 200.
const REBATE_RATE = "0.60";
const REBATE_CAP = 200;

export const sg: TaxTable = {
  id: "sg-ya2025",
  countryCode: "SG",
  region: null,
  name: "Singapore resident income tax (YA2025)",
  currency: "SGD",
  taxYear: "YA2025",
  periodStart: "2024-01-01",
  periodEnd: "2024-12-31",
  source:
    "IRAS, individual income tax rates (YA2024 onwards), https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates; Budget 2025 YA2025 rebate",
  compute(income) {
    const chargeable = pos(income.minus(EARNED_INCOME_RELIEF));
    const tax = bracketTax(chargeable, RATES);
    const rebate = min(tax.times(REBATE_RATE), REBATE_CAP);
    return { taxableIncome: chargeable, lines: [incomeTaxLine("Income tax (after YA2025 rebate)", tax.minus(rebate))] };
  },
};
