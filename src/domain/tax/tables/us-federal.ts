/**
 * United States, federal income tax and FICA: tax years 2025 and 2026 (one table a year, from
 * `federalTable` with the year's figures).
 *
 * Income tax: the standard deduction, the rate schedule of the filing status, then the child tax
 * credit (IRC §24 as amended by P.L. 119-21 §70104; Schedule 8812): every dependant is taken to be a
 * qualifying child under 17 with an SSN. The credit is reduced by $50 for each $1,000 (or fraction
 * thereof) of modified AGI (here the wages) over 200,000 (400,000 joint), §24(b); the nonrefundable
 * part reduces the income tax, never below zero; what is left is refundable as the additional child
 * tax credit (§24(d)): at most the refundable amount per child, and at most 15% of earned income over
 * 2,500 — or, with three or more children, the employee's social security and Medicare taxes when
 * that is larger (Schedule 8812 Part II-B; the earned income credit, which reduces that amount, is
 * not modelled). The refund is its own line, a negative amount ("Additional child tax credit").
 *
 * Supplemental wages (`supplementalRate`, Treas. Reg. §31.3402(g)-1(a)(2), IRS Publication 15 §7): the
 * optional flat 22% on supplemental wages up to USD 1,000,000 in the year and the mandatory 37% on
 * the part over 1,000,000, keyed on the supplemental wages (the benefit), not on the salary. The
 * employee's FICA over the same supplemental wages stacked on the salary is added by the system
 * (`system.ts`: a published flat rate plus the table's social security lines over the benefit).
 *
 * Not modelled: other credits (EITC, credit for other dependents, dependent care), itemised
 * deductions, the 2025–2028 deductions for tips, overtime, seniors and car-loan interest, the
 * married-filing-separately and qualifying-surviving-spouse statuses.
 */
import type { FilingStatus } from "../types.ts";
import {
  type Amount,
  type Bracket,
  band,
  bracketTax,
  dec,
  incomeTaxLine,
  max,
  min,
  pos,
  type RawLine,
  type ResolvedProfile,
  socialLine,
  type TableResult,
  type TaxTable,
  ZERO,
} from "../table.ts";

// Social Security 6.2% (IRC §3101(a)); Medicare 1.45% (IRC §3101(b)(1)); Additional Medicare Tax
// 0.9% over 200,000 (250,000 joint), IRC §3101(b)(2), https://www.irs.gov/taxtopics/tc560 — rates
// fixed by statute, the same every year.
const SOCIAL_SECURITY_RATE = "0.062";
const MEDICARE_RATE = "0.0145";
const ADDITIONAL_MEDICARE_RATE = "0.009";
const ADDITIONAL_MEDICARE_THRESHOLD: Record<FilingStatus, number> = { SINGLE: 200_000, MARRIED_JOINT: 250_000, HEAD_OF_HOUSEHOLD: 200_000 };

// Supplemental wages: 22% optional flat rate, 37% mandatory on supplemental wages over USD 1,000,000
// (IRC §1(j)(2) top rate; Treas. Reg. §31.3402(g)-1(a)(2)). IRS Publication 15 (Circular E) 2025 and
// 2026, section 7, https://www.irs.gov/pub/irs-pdf/p15.pdf
const SUPPLEMENTAL_RATE = "0.22";
const SUPPLEMENTAL_RATE_OVER_1M = "0.37";
const SUPPLEMENTAL_MANDATORY_THRESHOLD = 1_000_000;

// Child tax credit, IRC §24 as amended by P.L. 119-21 (One Big Beautiful Bill Act) §70104: phase-out
// thresholds 400,000 joint / 200,000 otherwise (§24(h)(3), not indexed), $50 per $1,000 or fraction
// (§24(b)(2)); refundable portion: 15% of earned income over 2,500 (§24(d)(1)(B), §24(h)(6)).
const CTC_PHASE_OUT_THRESHOLD: Record<FilingStatus, number> = { SINGLE: 200_000, MARRIED_JOINT: 400_000, HEAD_OF_HOUSEHOLD: 200_000 };
const CTC_PHASE_OUT_STEP = 1_000;
const CTC_PHASE_OUT_PER_STEP = 50;
const ACTC_EARNED_INCOME_FLOOR = 2_500;
const ACTC_EARNED_INCOME_RATE = "0.15";

export const CHILD_TAX_CREDIT_LINE = "Additional child tax credit (refundable)";

/** The figures that change from year to year. */
type FederalYear = {
  year: number;
  source: string;
  brackets: Record<FilingStatus, readonly Bracket[]>;
  standardDeduction: Record<FilingStatus, number>;
  socialSecurityWageBase: number;
  childTaxCredit: number;
  refundableChildTaxCredit: number;
};

/** The reduction of the child tax credit: $50 for each $1,000 or fraction over the threshold; `smooth` without the step (for slopes). */
function phaseOut(income: Amount, status: FilingStatus, smooth: boolean): Amount {
  const excess = band(income, CTC_PHASE_OUT_THRESHOLD[status]);
  const steps = smooth ? excess.dividedBy(CTC_PHASE_OUT_STEP) : excess.dividedBy(CTC_PHASE_OUT_STEP).ceil();
  return steps.times(CTC_PHASE_OUT_PER_STEP);
}

function federalTable(y: FederalYear): TaxTable {
  const compute = (income: Amount, profile: ResolvedProfile, smooth: boolean): TableResult => {
    const status = profile.filingStatus;
    const taxable = pos(income.minus(y.standardDeduction[status]));
    const beforeCredits = bracketTax(taxable, y.brackets[status]);
    const socialSecurity = min(income, y.socialSecurityWageBase).times(SOCIAL_SECURITY_RATE);
    const medicare = income.times(MEDICARE_RATE);
    const additionalMedicare = band(income, ADDITIONAL_MEDICARE_THRESHOLD[status]).times(ADDITIONAL_MEDICARE_RATE);

    const children = profile.dependants;
    // Schedule 8812 Part I: the credit after the phase-out; the nonrefundable part is limited to the tax.
    const credit = children > 0 ? pos(dec(children * y.childTaxCredit).minus(phaseOut(income, status, smooth))) : ZERO;
    const nonrefundable = min(credit, beforeCredits);
    // Part II-A: the refundable part, of what the tax did not absorb.
    let refundable = ZERO;
    if (credit.gt(nonrefundable)) {
      const earned = pos(income.minus(ACTC_EARNED_INCOME_FLOOR)).times(ACTC_EARNED_INCOME_RATE);
      // Part II-B (three or more children): the employee's FICA when larger (no earned income credit modelled).
      const allowed = children >= 3 ? max(earned, socialSecurity.plus(medicare).plus(additionalMedicare)) : earned;
      refundable = min(min(credit.minus(nonrefundable), children * y.refundableChildTaxCredit), allowed);
    }

    const lines: RawLine[] = [
      incomeTaxLine("Federal income tax", beforeCredits.minus(nonrefundable)),
      socialLine("Social Security", socialSecurity, SOCIAL_SECURITY_RATE),
      socialLine("Medicare", medicare, MEDICARE_RATE),
      socialLine("Additional Medicare", additionalMedicare, ADDITIONAL_MEDICARE_RATE),
    ];
    // The refund is a negative income tax line (incomeTaxLine would floor it at zero).
    if (children > 0) lines.push({ label: CHILD_TAX_CREDIT_LINE, kind: "INCOME_TAX", amount: refundable.negated() });
    return { taxableIncome: taxable, lines };
  };

  return {
    id: `us-federal-${y.year}`,
    countryCode: "US",
    region: null,
    name: "United States federal income tax and FICA",
    currency: "USD",
    taxYear: String(y.year),
    periodStart: `${y.year}-01-01`,
    periodEnd: `${y.year}-12-31`,
    source: y.source,
    compute: (income, profile) => compute(income, profile, false),
    computeUnrounded: (income, profile) => compute(income, profile, true),
    supplementalRate(_income, _profile, benefit) {
      // 22% up to 1,000,000 of supplemental wages, 37% on the part over it (the point rate: 22%).
      if (benefit === undefined || benefit.lte(SUPPLEMENTAL_MANDATORY_THRESHOLD)) return SUPPLEMENTAL_RATE;
      const withheld = dec(SUPPLEMENTAL_MANDATORY_THRESHOLD)
        .times(SUPPLEMENTAL_RATE)
        .plus(benefit.minus(SUPPLEMENTAL_MANDATORY_THRESHOLD).times(SUPPLEMENTAL_RATE_OVER_1M));
      return withheld.dividedBy(benefit).toString();
    },
  };
}

export const usFederal2025: TaxTable = federalTable({
  year: 2025,
  source:
    "IRS Rev. Proc. 2024-40, https://www.irs.gov/pub/irs-drop/rp-24-40.pdf; standard deduction and child tax credit per P.L. 119-21 §§70102, 70104, https://www.congress.gov/bill/119th-congress/house-bill/1; SSA 2025 wage base, https://www.ssa.gov/news/press/factsheets/colafacts2025.pdf",
  // Rev. Proc. 2024-40 §3.01, Tables 1 (MFJ), 2 (HoH) and 3 (single): 2025 tax rate tables.
  // https://www.irs.gov/pub/irs-drop/rp-24-40.pdf
  brackets: {
    SINGLE: [[0, "0.10"], [11_925, "0.12"], [48_475, "0.22"], [103_350, "0.24"], [197_300, "0.32"], [250_525, "0.35"], [626_350, "0.37"]],
    MARRIED_JOINT: [[0, "0.10"], [23_850, "0.12"], [96_950, "0.22"], [206_700, "0.24"], [394_600, "0.32"], [501_050, "0.35"], [751_600, "0.37"]],
    HEAD_OF_HOUSEHOLD: [[0, "0.10"], [17_000, "0.12"], [64_850, "0.22"], [103_350, "0.24"], [197_300, "0.32"], [250_500, "0.35"], [626_350, "0.37"]],
  },
  // Standard deduction 2025 as amended by P.L. 119-21 §70102 (replacing Rev. Proc. 2024-40's
  // 15,000 / 30,000 / 22,500); IRS, "One, Big, Beautiful Bill provisions".
  standardDeduction: { SINGLE: 15_750, MARRIED_JOINT: 31_500, HEAD_OF_HOUSEHOLD: 23_625 },
  // SSA, "2025 Social Security Changes" fact sheet: contribution and benefit base 176,100.
  socialSecurityWageBase: 176_100,
  // P.L. 119-21 §70104: 2,200 per qualifying child from 2025; refundable portion 1,700 for 2025
  // (IRS, Schedule 8812 (2025) instructions).
  childTaxCredit: 2_200,
  refundableChildTaxCredit: 1_700,
});

export const usFederal2026: TaxTable = federalTable({
  year: 2026,
  source:
    "IRS Rev. Proc. 2025-32 (IR-2025-103, tax year 2026 inflation adjustments), https://www.irs.gov/pub/irs-drop/rp-25-32.pdf; SSA 2026 wage base 184,500, https://www.ssa.gov/news/press/factsheets/colafacts2026.pdf",
  // Rev. Proc. 2025-32, Tables 1 (MFJ), 2 (HoH) and 3 (single): 2026 tax rate tables (the 10%
  // and 12% brackets with the extra year of adjustment of P.L. 119-21 §70101).
  brackets: {
    SINGLE: [[0, "0.10"], [12_400, "0.12"], [50_400, "0.22"], [105_700, "0.24"], [201_775, "0.32"], [256_225, "0.35"], [640_600, "0.37"]],
    MARRIED_JOINT: [[0, "0.10"], [24_800, "0.12"], [100_800, "0.22"], [211_400, "0.24"], [403_550, "0.32"], [512_450, "0.35"], [768_700, "0.37"]],
    HEAD_OF_HOUSEHOLD: [[0, "0.10"], [17_700, "0.12"], [67_450, "0.22"], [105_700, "0.24"], [201_750, "0.32"], [256_200, "0.35"], [640_600, "0.37"]],
  },
  // Rev. Proc. 2025-32: standard deduction 2026 (IR-2025-103).
  standardDeduction: { SINGLE: 16_100, MARRIED_JOINT: 32_200, HEAD_OF_HOUSEHOLD: 24_150 },
  // SSA, "2026 Social Security Changes": contribution and benefit base 184,500.
  socialSecurityWageBase: 184_500,
  // Rev. Proc. 2025-32 / IR-2025-103: child tax credit 2,200 (indexed from 2026, unchanged after rounding);
  // refundable portion 1,700.
  childTaxCredit: 2_200,
  refundableChildTaxCredit: 1_700,
});

/** Every year's federal table (`tables/index.ts` collects them). */
export const usFederalYears: readonly TaxTable[] = [usFederal2025, usFederal2026];
