/**
 * Ireland, tax years 2025 and 2026: income tax (20% / 40%) less tax credits, Universal Social
 * Charge and employee PRSI Class A.
 *
 * MARRIED_JOINT assumes one earner (standard rate band 53,000, married person's credit);
 * HEAD_OF_HOUSEHOLD with dependants gets the single person child carer band (48,000) and credit.
 *
 * PRSI is charged week by week on reckonable weekly earnings (income / 52, an even salary). The
 * rate changes on 1 October (Social Welfare (Miscellaneous Provisions) Act 2024: 4.1% → 4.2% from
 * 1 October 2025, 4.2% → 4.35% from 1 October 2026), and payroll applies the rate in force on the
 * date of payment. A year's figure is therefore 39 weeks at the old rate and 13 at the new: the
 * contribution weeks of a year are the successive 7-day periods from 1 January, and 1 October is the
 * first day of week 40 in both years (day 274 of a 365-day year), so weeks 1–39 end on 30 September
 * and weeks 40–52 are paid from 1 October; for a monthly salary it is the same 9 : 3 (0.75 : 0.25)
 * split. (The 53rd week's one day, 31 December, is not counted: 52 even weeks.) The employee PRSI
 * credit (up to 12 a week, less one-sixth of weekly earnings above 352.01) is taken off each week's
 * PRSI at that week's rate; no PRSI when weekly earnings are 352 or less (subclass A0).
 */
import { type Amount, type Bracket, band, bracketTax, dec, incomeTaxLine, max, min, pos, type ResolvedProfile, socialLine, type TaxTable, ZERO } from "../table.ts";

/** A run of contribution weeks at one PRSI rate. */
type PrsiPeriod = { weeks: number; rate: string };

type IeYear = {
  id: string;
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  source: string;
  bands: { single: number; singleParent: number; marriedOneEarner: number };
  credits: { personalSingle: number; personalMarried: number; employee: number; singlePersonChildCarer: number };
  usc: readonly Bracket[];
  uscExemptionLimit: number;
  prsi: { periods: readonly PrsiPeriod[]; weeklyThreshold: number; creditMax: number; creditTaperFrom: string };
};

const STANDARD_RATE = "0.20";
const HIGHER_RATE = "0.40";
const WEEKS = 52;

function standardRateBand(year: IeYear, profile: ResolvedProfile): number {
  if (profile.filingStatus === "MARRIED_JOINT") return year.bands.marriedOneEarner;
  if (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0) return year.bands.singleParent;
  return year.bands.single;
}

/** Employee PRSI for the year: each run of weeks at its rate, less the weekly PRSI credit. */
export function prsiOf(income: Amount, prsi: IeYear["prsi"]): Amount {
  const weekly = income.dividedBy(WEEKS);
  if (weekly.lte(prsi.weeklyThreshold)) return ZERO;
  const credit = max(0, min(prsi.creditMax, dec(prsi.creditMax).minus(weekly.minus(prsi.creditTaperFrom).dividedBy(6))));
  let total = ZERO;
  for (const period of prsi.periods) total = total.plus(pos(weekly.times(period.rate).minus(credit)).times(period.weeks));
  return total;
}

/** The year's average rate above the credit range (weeks-weighted), for the line's `rate`. */
function blendedRate(periods: readonly PrsiPeriod[]): string {
  let sum = ZERO;
  for (const period of periods) sum = sum.plus(dec(period.rate).times(period.weeks));
  return sum.dividedBy(WEEKS).toFixed();
}

function ieTable(year: IeYear): TaxTable {
  const weeks = year.prsi.periods.reduce((total, period) => total + period.weeks, 0);
  if (weeks !== WEEKS) throw new Error(`${year.id}: PRSI periods cover ${weeks} weeks, not ${WEEKS}`);
  const prsiRate = blendedRate(year.prsi.periods);
  return {
    id: year.id,
    countryCode: "IE",
    region: null,
    name: "Ireland income tax, USC and PRSI",
    currency: "EUR",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute(income, profile) {
      const srcop = standardRateBand(year, profile);
      const gross = min(income, srcop).times(STANDARD_RATE).plus(band(income, srcop).times(HIGHER_RATE));
      const credits =
        (profile.filingStatus === "MARRIED_JOINT" ? year.credits.personalMarried : year.credits.personalSingle) +
        year.credits.employee +
        (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0 ? year.credits.singlePersonChildCarer : 0);
      const usc = income.lte(year.uscExemptionLimit) ? ZERO : bracketTax(income, year.usc);
      return {
        taxableIncome: income,
        lines: [
          incomeTaxLine("Income tax (after credits)", pos(gross.minus(credits))),
          incomeTaxLine("Universal Social Charge", usc),
          socialLine("PRSI (Class A1)", prsiOf(income, year.prsi), prsiRate),
        ],
      };
    },
  };
}

// 2025. Revenue, tax rates, bands and reliefs (Budget 2025): standard rate band 44,000 (single),
// 48,000 (single person child carer), 53,000 (married, one income); personal credit 2,000 (married
// 4,000), employee credit 2,000, single person child carer credit 1,900.
// https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/tax-relief-charts/index.aspx
// USC 2025: 0.5% to 12,012; 2% to 27,382; 3% to 70,044; 8% above; exempt when income ≤ 13,000.
// https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx
// PRSI Class A 2025: 4.1% to 30 September, 4.2% from 1 October 2025 (Social Welfare (Miscellaneous
// Provisions) Act 2024); nil up to 352 a week; PRSI credit up to 12 a week, reduced by one-sixth of
// earnings above 352.01. https://www.gov.ie/en/department-of-social-protection/publications/prsi-class-a-rates/
export const ie: TaxTable = ieTable({
  id: "ie-2025",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Revenue, tax rates, bands and reliefs 2025, https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/tax-relief-charts/index.aspx; USC rates 2025, https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx; Department of Social Protection, PRSI Class A rates, https://www.gov.ie/en/department-of-social-protection/publications/prsi-class-a-rates/",
  bands: { single: 44_000, singleParent: 48_000, marriedOneEarner: 53_000 },
  credits: { personalSingle: 2_000, personalMarried: 4_000, employee: 2_000, singlePersonChildCarer: 1_900 },
  usc: [[0, "0.005"], [12_012, "0.02"], [27_382, "0.03"], [70_044, "0.08"]],
  uscExemptionLimit: 13_000,
  prsi: { periods: [{ weeks: 39, rate: "0.041" }, { weeks: 13, rate: "0.042" }], weeklyThreshold: 352, creditMax: 12, creditTaperFrom: "352.01" },
});

// 2026 (Budget 2026, 7 October 2025). Income tax: rates, bands and credits unchanged from 2025
// (Revenue, Budget 2026 summary / tax relief charts). USC from 1 January 2026: the 2% band's ceiling
// rises by 1,318 to 28,700 (0.5% to 12,012; 2% to 28,700; 3% to 70,044; 8% above; exemption 13,000).
// https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx
// PRSI Class A: 4.2% to 30 September 2026, 4.35% from 1 October 2026 (the +0.15 step of the
// Social Welfare (Miscellaneous Provisions) Act 2024); A0 up to 352 a week and the PRSI credit (12,
// tapered between 352.01 and 424) unchanged. https://www.gov.ie/en/department-of-social-protection/publications/prsi-class-a-rates/
// (Checked against the Department's Class A table "up until 30 September 2026" / "from 1 October
// 2026" as stored; Revenue's 2026 charts were not opened here — bands and credits from the Budget
// 2026 summaries, which say they are unchanged.)
export const ie2026: TaxTable = ieTable({
  id: "ie-2026",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source:
    "Revenue, tax rates, bands and reliefs 2026 (Budget 2026), https://www.revenue.ie/en/personal-tax-credits-reliefs-and-exemptions/tax-relief-charts/index.aspx; USC rates 2026, https://www.revenue.ie/en/jobs-and-pensions/usc/standard-rates-thresholds.aspx; Department of Social Protection, PRSI Class A rates, https://www.gov.ie/en/department-of-social-protection/publications/prsi-class-a-rates/",
  bands: { single: 44_000, singleParent: 48_000, marriedOneEarner: 53_000 },
  credits: { personalSingle: 2_000, personalMarried: 4_000, employee: 2_000, singlePersonChildCarer: 1_900 },
  usc: [[0, "0.005"], [12_012, "0.02"], [28_700, "0.03"], [70_044, "0.08"]],
  uscExemptionLimit: 13_000,
  prsi: { periods: [{ weeks: 39, rate: "0.042" }, { weeks: 13, rate: "0.0435" }], weeklyThreshold: 352, creditMax: 12, creditTaperFrom: "352.01" },
});
