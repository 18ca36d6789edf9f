/**
 * Australia, resident individual rates, low income tax offset and the 2% Medicare levy: 2025-26 and
 * 2026-27 (one compute function; each year supplies its rates).
 *
 * Taxable income = salary less, from 2026-27, the automatic 1,000 standard deduction for
 * work-related expenses (an employee is taken to itemise none). The Medicare levy uses the single
 * low-income threshold 28,011 (phase-in at 10% to 35,013) in both years: the Medicare Levy Act 1986
 * s.3 as substituted by Act No. 58 of 2026 for "the 2025-26 year of income and later years of income"
 * (a later Act usually raises it again for the year just ended). Family thresholds, the Medicare levy
 * surcharge and HELP repayments are not modelled. Superannuation guarantee is employer-paid.
 */
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// Low income tax offset: 700 up to 37,500; −5c per dollar to 45,000; −1.5c per dollar to 66,667.
// https://www.ato.gov.au/individuals-and-families/income-deductions-offsets-and-records/tax-offsets/low-and-middle-income-earner-tax-offsets
export function lowIncomeOffset(income: Amount): Amount {
  if (income.lte(37_500)) return dec(700);
  if (income.lte(45_000)) return dec(700).minus(income.minus(37_500).times("0.05"));
  return pos(dec(325).minus(income.minus(45_000).times("0.015")));
}

// Medicare levy 2% (Medicare Levy Act 1986 s.6); low-income threshold 28,011 for 2025-26 and later years
// (s.3, substituted by Act No. 58 of 2026; 27,222 in 2024-25) with 10% shade-in (s.7). Figures from a
// secondary compilation citing the ATO's legal database, not re-checked on ato.gov.au.
// https://www.ato.gov.au/individuals-and-families/medicare-and-private-health-insurance/medicare-levy/medicare-levy-reduction/medicare-levy-reduction-for-low-income-earners
const MEDICARE_RATE = "0.02";
const MEDICARE_THRESHOLD = 28_011;
const MEDICARE_SHADE_IN_RATE = "0.10";

type Year = { taxYear: string; start: number; rates: readonly Bracket[]; standardDeduction: number; source: string };

// ATO, tax rates — Australian residents, 2025-26: 0 to 18,200; 16% to 45,000; 30% to 135,000; 37% to
// 190,000; 45% above. https://www.ato.gov.au/tax-rates-and-codes/tax-rates-australian-residents
const YEAR_2025_26: Year = {
  taxYear: "2025-26",
  start: 2025,
  rates: [[0, "0"], [18_200, "0.16"], [45_000, "0.30"], [135_000, "0.37"], [190_000, "0.45"]],
  standardDeduction: 0,
  source:
    "ATO, tax rates – Australian residents 2025-26, https://www.ato.gov.au/tax-rates-and-codes/tax-rates-australian-residents; ATO Medicare levy, https://www.ato.gov.au/individuals-and-families/medicare-and-private-health-insurance/medicare-levy",
};
// 2026-27: the 16% rate becomes 15% from 1 July 2026 (and 14% from 1 July 2027): Income Tax Rates Act 1986
// Sch 7 Pt I cl 1, as amended by the Treasury Laws Amendment (More Cost of Living Relief) Act 2025 (No. 28 of
// 2025); other thresholds and rates unchanged (ATO: 4,020 + 30c over 45,000; 31,020 + 37c over 135,000;
// 51,370 + 45c over 190,000). Standard deduction for work-related expenses 1,000, automatic, from the 2026-27
// return (Treasury Laws Amendment (Tax Reform No. 1) Act 2026).
// https://www.ato.gov.au/about-ato/new-legislation/in-detail/individuals/standard-deduction-for-work-related-expenses
// https://www.ato.gov.au/tax-rates-and-codes/tax-rates-australian-residents
const YEAR_2026_27: Year = {
  taxYear: "2026-27",
  start: 2026,
  rates: [[0, "0"], [18_200, "0.15"], [45_000, "0.30"], [135_000, "0.37"], [190_000, "0.45"]],
  standardDeduction: 1_000,
  source:
    "ATO, tax rates – Australian residents (2026-27: 15% from 1 July 2026), https://www.ato.gov.au/tax-rates-and-codes/tax-rates-australian-residents; ATO, standard deduction for work-related expenses (1,000 from 2026-27); ATO Medicare levy, https://www.ato.gov.au/individuals-and-families/medicare-and-private-health-insurance/medicare-levy",
};

function australiaTable(year: Year): TaxTable {
  return {
    id: `au-${year.taxYear}`,
    countryCode: "AU",
    region: null,
    name: "Australia resident income tax and Medicare levy",
    currency: "AUD",
    taxYear: year.taxYear,
    periodStart: `${year.start}-07-01`,
    periodEnd: `${year.start + 1}-06-30`,
    source: year.source,
    compute(income) {
      const taxable = pos(income.minus(year.standardDeduction));
      const tax = bracketTax(taxable, year.rates);
      const medicare = taxable.lte(MEDICARE_THRESHOLD) ? ZERO : min(taxable.times(MEDICARE_RATE), taxable.minus(MEDICARE_THRESHOLD).times(MEDICARE_SHADE_IN_RATE));
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("Income tax (after low income tax offset)", pos(tax.minus(lowIncomeOffset(taxable)))),
          socialLine("Medicare levy", medicare, MEDICARE_RATE),
        ],
      };
    },
  };
}

export const au: TaxTable = australiaTable(YEAR_2025_26);
export const au2026: TaxTable = australiaTable(YEAR_2026_27);
