/**
 * United Arab Emirates: no personal income tax on employment income. GPSSA pension contributions
 * apply to UAE (and GCC) nationals only and are not modelled (the table assumes an expatriate).
 */
import type { TaxTable } from "../table.ts";

export const ae: TaxTable = {
  id: "ae-2025",
  countryCode: "AE",
  region: null,
  name: "United Arab Emirates (no personal income tax)",
  currency: "AED",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "UAE Ministry of Finance, taxation overview (no personal income tax), https://mof.gov.ae/en/public-finance/tax/",
  compute: (income) => ({ taxableIncome: income, lines: [] }),
};
