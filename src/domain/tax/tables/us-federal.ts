/**
 * United States, federal income tax and FICA, tax year 2025.
 *
 * Not modelled: credits (child tax credit, EITC), itemised deductions, the 2025 deductions for
 * tips, overtime and seniors, the married-filing-separately status.
 */
import type { FilingStatus } from "../types.ts";
import { type Bracket, bracketTax, band, dec, incomeTaxLine, min, pos, socialLine, type TaxTable } from "../table.ts";

// Rev. Proc. 2024-40 §3.01, Tables 1 (MFJ), 2 (HoH) and 3 (single): 2025 tax rate tables.
// https://www.irs.gov/pub/irs-drop/rp-24-40.pdf
const BRACKETS: Record<FilingStatus, readonly Bracket[]> = {
  SINGLE: [[0, "0.10"], [11_925, "0.12"], [48_475, "0.22"], [103_350, "0.24"], [197_300, "0.32"], [250_525, "0.35"], [626_350, "0.37"]],
  MARRIED_JOINT: [[0, "0.10"], [23_850, "0.12"], [96_950, "0.22"], [206_700, "0.24"], [394_600, "0.32"], [501_050, "0.35"], [751_600, "0.37"]],
  HEAD_OF_HOUSEHOLD: [[0, "0.10"], [17_000, "0.12"], [64_850, "0.22"], [103_350, "0.24"], [197_300, "0.32"], [250_500, "0.35"], [626_350, "0.37"]],
};

// Standard deduction 2025 as amended by Public Law 119-21 (One Big Beautiful Bill Act) §70102,
// which replaced Rev. Proc. 2024-40's 15,000 / 30,000 / 22,500 for 2025:
// https://www.congress.gov/bill/119th-congress/house-bill/1 ; IRS, "One, Big, Beautiful Bill provisions".
const STANDARD_DEDUCTION: Record<FilingStatus, number> = { SINGLE: 15_750, MARRIED_JOINT: 31_500, HEAD_OF_HOUSEHOLD: 23_625 };

// Social Security wage base 2025: SSA, "2025 Social Security Changes" fact sheet,
// https://www.ssa.gov/news/press/factsheets/colafacts2025.pdf (6.2% employee share, IRC §3101(a)).
const SOCIAL_SECURITY_RATE = "0.062";
const SOCIAL_SECURITY_WAGE_BASE = 176_100;
// Medicare 1.45% (IRC §3101(b)(1)); Additional Medicare Tax 0.9% over 200,000 (250,000 joint), IRC §3101(b)(2),
// https://www.irs.gov/taxtopics/tc560
const MEDICARE_RATE = "0.0145";
const ADDITIONAL_MEDICARE_RATE = "0.009";
const ADDITIONAL_MEDICARE_THRESHOLD: Record<FilingStatus, number> = { SINGLE: 200_000, MARRIED_JOINT: 250_000, HEAD_OF_HOUSEHOLD: 200_000 };

// Supplemental wages: 22% optional flat rate, 37% mandatory on supplemental wages over USD 1,000,000.
// IRS Publication 15 (Circular E) 2025, section 7, https://www.irs.gov/pub/irs-pdf/p15.pdf
const SUPPLEMENTAL_RATE = "0.22";
const SUPPLEMENTAL_RATE_OVER_1M = "0.37";

export const usFederal: TaxTable = {
  id: "us-federal-2025",
  countryCode: "US",
  region: null,
  name: "United States federal income tax and FICA",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "IRS Rev. Proc. 2024-40, https://www.irs.gov/pub/irs-drop/rp-24-40.pdf; standard deduction per P.L. 119-21 §70102; SSA 2025 wage base, https://www.ssa.gov/news/press/factsheets/colafacts2025.pdf",
  compute(income, profile) {
    const status = profile.filingStatus;
    const taxable = pos(income.minus(STANDARD_DEDUCTION[status]));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Federal income tax", bracketTax(taxable, BRACKETS[status])),
        socialLine("Social Security", min(income, SOCIAL_SECURITY_WAGE_BASE).times(SOCIAL_SECURITY_RATE), SOCIAL_SECURITY_RATE),
        socialLine("Medicare", income.times(MEDICARE_RATE), MEDICARE_RATE),
        socialLine(
          "Additional Medicare",
          band(income, ADDITIONAL_MEDICARE_THRESHOLD[status]).times(ADDITIONAL_MEDICARE_RATE),
          ADDITIONAL_MEDICARE_RATE,
        ),
      ],
    };
  },
  supplementalRate(income) {
    return income.gt(dec(1_000_000)) ? SUPPLEMENTAL_RATE_OVER_1M : SUPPLEMENTAL_RATE;
  },
};
