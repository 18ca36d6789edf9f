/**
 * United Kingdom (rest of UK: England, Wales, Northern Ireland), tax year 2025/26.
 *
 * Scotland's own bands are not modelled. National Insurance is computed on the annual
 * income (it is really charged per pay period; with an even salary the result is the same).
 * The personal allowance taper is applied continuously (HMRC reduces it by GBP 1 per full GBP 2).
 */
import { type Bracket, band, bracketTax, incomeTaxLine, max, pos, socialLine, type TaxTable } from "../table.ts";

// Income tax rates and allowances 2025/26 (HMRC): personal allowance 12,570, reduced by 1 for every
// 2 of adjusted net income over 100,000 (ITA 2007 s.35); basic rate 20% on the first 37,700 of
// taxable income, higher 40%, additional 45% over 125,140.
// https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past
const PERSONAL_ALLOWANCE = 12_570;
const TAPER_THRESHOLD = 100_000;
const BANDS: readonly Bracket[] = [[0, "0.20"], [37_700, "0.40"], [125_140, "0.45"]];

// Class 1 employee NI 2025/26: 8% between the primary threshold 12,570 and the upper earnings
// limit 50,270, 2% above. https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026
const PRIMARY_THRESHOLD = 12_570;
const UPPER_EARNINGS_LIMIT = 50_270;
const NI_MAIN_RATE = "0.08";
const NI_UPPER_RATE = "0.02";

export const gb: TaxTable = {
  id: "gb-2025-26",
  countryCode: "GB",
  region: null,
  name: "United Kingdom (rUK) income tax and employee Class 1 National Insurance",
  currency: "GBP",
  taxYear: "2025/26",
  periodStart: "2025-04-06",
  periodEnd: "2026-04-05",
  source:
    "HMRC, Income Tax rates and allowances, https://www.gov.uk/government/publications/rates-and-allowances-income-tax/income-tax-rates-and-allowances-current-and-past; HMRC, Rates and thresholds for employers 2025 to 2026, https://www.gov.uk/guidance/rates-and-thresholds-for-employers-2025-to-2026",
  compute(income) {
    const allowance = max(0, band(income, TAPER_THRESHOLD).dividedBy(2).negated().plus(PERSONAL_ALLOWANCE));
    const taxable = pos(income.minus(allowance));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Income tax", bracketTax(taxable, BANDS)),
        socialLine("National Insurance (8%)", band(income, PRIMARY_THRESHOLD, UPPER_EARNINGS_LIMIT).times(NI_MAIN_RATE), NI_MAIN_RATE),
        socialLine("National Insurance (2%)", band(income, UPPER_EARNINGS_LIMIT).times(NI_UPPER_RATE), NI_UPPER_RATE),
      ],
    };
  },
};
