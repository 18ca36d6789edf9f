/**
 * Singapore, resident individual income tax, Years of Assessment 2025, 2026 and 2027. A Year of
 * Assessment taxes the income of the previous calendar year, so each table's period is that income
 * year: YA2025 taxes 2024, YA2026 taxes 2025, YA2027 taxes 2026.
 *
 * Chargeable income = employment income − earned income relief 1,000 (below age 55). Personal income
 * tax rebates belong to one YA each: YA2024 50% capped at 200 (Budget 2024), YA2025 60% capped at 200
 * (Budget 2025). None is applied for YA2026 or YA2027: no personal rebate for those years was known
 * when this table was written (Budget 2026's published summaries name a corporate rebate for YA2026
 * only; not re-checked on IRAS). CPF is NOT included: it applies to citizens and permanent residents
 * only, and the table assumes a foreign (relocated) employee who is tax resident.
 */
import { type Bracket, bracketTax, incomeTaxLine, min, pos, type TaxTable } from "../table.ts";

// IRAS, individual income tax rates from YA2024 (unchanged for YA2025–YA2027): first 20,000 0%; next
// 10,000 2%; 10,000 3.5%; 40,000 7%; 40,000 11.5%; 40,000 15%; 40,000 18%; 40,000 19%; 40,000 19.5%;
// 40,000 20%; 180,000 22%; 500,000 23%; above 1,000,000 24%.
// https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates
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

type Rebate = { rate: string; cap: number };
type Year = { ya: number; rebate?: Rebate; source: string };

const RATES_SOURCE =
  "IRAS, individual income tax rates (YA2024 onwards), https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-residency-and-tax-rates/individual-income-tax-rates";

function singaporeTable(year: Year): TaxTable {
  const incomeYear = year.ya - 1;
  const label = year.rebate === undefined ? "Income tax" : `Income tax (after YA${year.ya} rebate)`;
  return {
    id: `sg-ya${year.ya}`,
    countryCode: "SG",
    region: null,
    name: `Singapore resident income tax (YA${year.ya})`,
    currency: "SGD",
    taxYear: `YA${year.ya}`,
    periodStart: `${incomeYear}-01-01`,
    periodEnd: `${incomeYear}-12-31`,
    source: year.source,
    compute(income) {
      const chargeable = pos(income.minus(EARNED_INCOME_RELIEF));
      const tax = bracketTax(chargeable, RATES);
      const rebate = year.rebate === undefined ? tax.times(0) : min(tax.times(year.rebate.rate), year.rebate.cap);
      return { taxableIncome: chargeable, lines: [incomeTaxLine(label, tax.minus(rebate))] };
    },
  };
}

// IRAS, Personal Income Tax rebate: YA2025 60% of tax payable, capped at 200 (Budget 2025, SG60).
// https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-reliefs-rebates-and-deductions/tax-reliefs/personal-income-tax-rebate
export const sg: TaxTable = singaporeTable({
  ya: 2025,
  rebate: { rate: "0.60", cap: 200 },
  source: `${RATES_SOURCE}; IRAS, Personal Income Tax rebate YA2025 (60%, capped at 200), https://www.iras.gov.sg/taxes/individual-income-tax/basics-of-individual-income-tax/tax-reliefs-rebates-and-deductions/tax-reliefs/personal-income-tax-rebate`,
});
// YA2026 (income 2025) and YA2027 (income 2026): the same rates, no personal rebate.
export const sgYa2026: TaxTable = singaporeTable({ ya: 2026, source: `${RATES_SOURCE} (no personal income tax rebate for YA2026)` });
export const sgYa2027: TaxTable = singaporeTable({ ya: 2027, source: `${RATES_SOURCE} (no personal income tax rebate for YA2027)` });
