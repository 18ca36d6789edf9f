/**
 * Ireland, tax year 2025: income tax (20% / 40%) less tax credits, Universal Social Charge and
 * employee PRSI Class A1.
 *
 * MARRIED_JOINT assumes one earner (standard rate band 53,000, married person's credit);
 * HEAD_OF_HOUSEHOLD with dependants gets the single person child carer band (48,000) and credit.
 * PRSI is 4.1% as in force from 1 January to 30 September 2025 (4.2% from 1 October 2025 is not
 * blended in) and is computed on average weekly earnings (income / 52).
 */
import { type Amount, band, type Bracket, bracketTax, dec, incomeTaxLine, max, min, pos, type ResolvedProfile, socialLine, type TaxTable, ZERO } from "../table.ts";

// Revenue, tax rates, bands and reliefs 2025 (Budget 2025):
// https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/tax-relief-charts/index.aspx
function standardRateBand(profile: ResolvedProfile): number {
  if (profile.filingStatus === "MARRIED_JOINT") return 53_000;
  if (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0) return 48_000;
  return 44_000;
}
const STANDARD_RATE = "0.20";
const HIGHER_RATE = "0.40";
const PERSONAL_CREDIT_SINGLE = 2_000;
const PERSONAL_CREDIT_MARRIED = 4_000;
const EMPLOYEE_CREDIT = 2_000;
const SINGLE_PERSON_CHILD_CARER_CREDIT = 1_900;

// USC 2025: 0.5% to 12,012; 2% to 27,382; 3% to 70,044; 8% above; exempt when income ≤ 13,000.
// https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx
const USC: readonly Bracket[] = [[0, "0.005"], [12_012, "0.02"], [27_382, "0.03"], [70_044, "0.08"]];
const USC_EXEMPTION_LIMIT = 13_000;

// PRSI Class A1 2025: 4.1% on all earnings when weekly earnings exceed 352; PRSI credit up to 12 a week
// reduced by one-sixth of earnings above 352.01. https://www.gov.ie/en/publication/ffa563-prsi-class-a-rates/
const PRSI_RATE = "0.041";
const PRSI_WEEKLY_THRESHOLD = 352;
const PRSI_CREDIT_MAX = 12;
const PRSI_CREDIT_TAPER_FROM = "352.01";

function prsi(income: Amount): Amount {
  const weekly = income.dividedBy(52);
  if (weekly.lte(PRSI_WEEKLY_THRESHOLD)) return ZERO;
  const credit = max(0, min(PRSI_CREDIT_MAX, dec(PRSI_CREDIT_MAX).minus(weekly.minus(PRSI_CREDIT_TAPER_FROM).dividedBy(6))));
  return pos(weekly.times(PRSI_RATE).minus(credit)).times(52);
}

export const ie: TaxTable = {
  id: "ie-2025",
  countryCode: "IE",
  region: null,
  name: "Ireland income tax, USC and PRSI",
  currency: "EUR",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Revenue, tax rates, bands and reliefs 2025, https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/tax-relief-charts/index.aspx; USC rates 2025, https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx; PRSI Class A, https://www.gov.ie/en/publication/ffa563-prsi-class-a-rates/",
  compute(income, profile) {
    const srcop = standardRateBand(profile);
    const gross = min(income, srcop).times(STANDARD_RATE).plus(band(income, srcop).times(HIGHER_RATE));
    const credits =
      (profile.filingStatus === "MARRIED_JOINT" ? PERSONAL_CREDIT_MARRIED : PERSONAL_CREDIT_SINGLE) +
      EMPLOYEE_CREDIT +
      (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0 ? SINGLE_PERSON_CHILD_CARER_CREDIT : 0);
    const usc = income.lte(USC_EXEMPTION_LIMIT) ? ZERO : bracketTax(income, USC);
    return {
      taxableIncome: income,
      lines: [
        incomeTaxLine("Income tax (after credits)", pos(gross.minus(credits))),
        incomeTaxLine("Universal Social Charge", usc),
        socialLine("PRSI (Class A1)", prsi(income), PRSI_RATE),
      ],
    };
  },
};
