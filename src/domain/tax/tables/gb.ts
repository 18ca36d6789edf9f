/**
 * United Kingdom (rest of UK: England, Wales, Northern Ireland), tax years 2025/26 and 2026/27.
 *
 * Scotland's own income tax bands are not modelled: GB has no region tables, so a Scottish move
 * is taxed on the rUK bands (the National Insurance is UK-wide). National Insurance is computed on
 * the annual income with the annual thresholds (it is really charged per pay period; with an even
 * salary the result differs from 52 weekly or 12 monthly calculations only by the rounding of the
 * period thresholds).
 *
 * The personal allowance taper follows ITA 2007 s.35 word for word: the allowance is reduced by
 * one-half of the adjusted net income over £100,000 (s.35(2)) and, when what remains is not a
 * multiple of £1, it is rounded UP to the next £1 (s.35(3)) — HMRC's "£1 for every £2". Adjusted
 * net income is taken as the gross employment income (no pension contributions or Gift Aid).
 * https://www.legislation.gov.uk/ukpga/2007/3/section/35
 */
import Decimal from "decimal.js";
import { type Amount, type Bracket, band, bracketTax, dec, incomeTaxLine, max, pos, socialLine, type TableResult, type TaxTable } from "../table.ts";

type GbYear = {
  id: string;
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  source: string;
  personalAllowance: number;
  taperThreshold: number;
  /** Basic, higher and additional rate bands on taxable income (after the allowance). */
  bands: readonly Bracket[];
  primaryThreshold: number;
  upperEarningsLimit: number;
  niMainRate: string;
  niUpperRate: string;
};

/**
 * ITA 2007 s.35(2)–(3): the allowance less half the excess over the income limit, rounded up to
 * whole pounds (`statutory` false: not rounded, for point slopes), never below nil.
 */
export function personalAllowance(income: Amount, allowance: number, taperThreshold: number, statutory = true): Amount {
  const reduced = band(income, taperThreshold).dividedBy(2).negated().plus(allowance);
  return max(0, statutory ? reduced.toDecimalPlaces(0, Decimal.ROUND_CEIL) : reduced);
}

function gbTable(year: GbYear): TaxTable {
  const main = `National Insurance (${dec(year.niMainRate).times(100).toFixed()}%)`;
  const upper = `National Insurance (${dec(year.niUpperRate).times(100).toFixed()}%)`;
  const compute = (income: Amount, statutory: boolean): TableResult => {
    const allowance = personalAllowance(income, year.personalAllowance, year.taperThreshold, statutory);
    const taxable = pos(income.minus(allowance));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Income tax", bracketTax(taxable, year.bands)),
        socialLine(main, band(income, year.primaryThreshold, year.upperEarningsLimit).times(year.niMainRate), year.niMainRate),
        socialLine(upper, band(income, year.upperEarningsLimit).times(year.niUpperRate), year.niUpperRate),
      ],
    };
  };
  return {
    id: year.id,
    countryCode: "GB",
    region: null,
    name: "United Kingdom (rUK) income tax and employee Class 1 National Insurance",
    currency: "GBP",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute: (income) => compute(income, true),
    // The taper without the s.35(3) whole-pound steps: the point slope in the taper zone is then the
    // 60% (+ NI) that every further £2 costs, not the 40% between two steps.
    computeUnrounded: (income) => compute(income, false),
  };
}

// 2025/26. Income tax (HMRC, Income Tax rates and allowances): personal allowance 12,570 (ITA 2007
// s.35(1), frozen by FA 2021 s.5), reduced over 100,000 of adjusted net income; basic rate 20% on
// the first 37,700 of taxable income, higher 40%, additional 45% over 125,140.
// https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past
// Class 1 employee NI 2025/26: 8% between the primary threshold 12,570 and the upper earnings limit
// 50,270, 2% above. https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
export const gb: TaxTable = gbTable({
  id: "gb-2025-26",
  taxYear: "2025/26",
  periodStart: "2025-04-06",
  periodEnd: "2026-04-05",
  source:
    "HMRC, Income Tax rates and allowances, https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past; HMRC, Rates and thresholds for employers 2025 to 2026, https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026; ITA 2007 s.35, https://www.legislation.gov.uk/ukpga/2007/3/section/35",
  personalAllowance: 12_570,
  taperThreshold: 100_000,
  bands: [[0, "0.20"], [37_700, "0.40"], [125_140, "0.45"]],
  primaryThreshold: 12_570,
  upperEarningsLimit: 50_270,
  niMainRate: "0.08",
  niUpperRate: "0.02",
});

// 2026/27. Income tax: the personal allowance (12,570), the basic rate limit (37,700) and the
// additional rate threshold (125,140) stay frozen (the freeze of FA 2021 s.5, extended to April 2028
// and, at the Autumn Budget 2025, to April 2031); rates 20% / 40% / 45% unchanged for employment
// income. https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past
// Class 1 employee NI 2026/27: primary threshold 12,570 (242 a week), upper earnings limit 50,270
// (967 a week), 8% / 2% (HMRC, Rates and thresholds for employers 2026 to 2027).
// https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2026-to-2027
// (Figures as published; the HMRC page itself could not be opened here — checked against
// secondary copies of the 2026/27 tables, which agree.)
export const gb2026: TaxTable = gbTable({
  id: "gb-2026-27",
  taxYear: "2026/27",
  periodStart: "2026-04-06",
  periodEnd: "2027-04-05",
  source:
    "HMRC, Income Tax rates and allowances, https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past; HMRC, Rates and thresholds for employers 2026 to 2027, https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2026-to-2027; ITA 2007 s.35, https://www.legislation.gov.uk/ukpga/2007/3/section/35",
  personalAllowance: 12_570,
  taperThreshold: 100_000,
  bands: [[0, "0.20"], [37_700, "0.40"], [125_140, "0.45"]],
  primaryThreshold: 12_570,
  upperEarningsLimit: 50_270,
  niMainRate: "0.08",
  niUpperRate: "0.02",
});
