/**
 * United Arab Emirates: no personal income tax on employment income (Federal Decree-Law No. 47 of
 * 2022 taxes businesses, not an individual's salary). GPSSA pension contributions apply to UAE (and
 * GCC) nationals only and are not modelled (the table assumes an expatriate). One table per calendar
 * year, so a move date names its year.
 */
import type { TaxTable } from "../table.ts";

function uaeTable(year: number): TaxTable {
  return {
    id: `ae-${year}`,
    countryCode: "AE",
    region: null,
    name: "United Arab Emirates (no personal income tax)",
    currency: "AED",
    taxYear: String(year),
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-12-31`,
    // UAE Ministry of Finance, taxation overview: no personal income tax on salaries.
    source: "UAE Ministry of Finance, taxation overview (no personal income tax), https://mof.gov.ae/en/public-finance/tax/",
    compute: (income) => ({ taxableIncome: income, lines: [] }),
  };
}

export const ae: TaxTable = uaeTable(2025);
export const ae2026: TaxTable = uaeTable(2026);
