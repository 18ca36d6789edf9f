/**
 * Japan, 2025 (令和7年分) and 2026 (令和8年分): national income tax with the 2.1% special
 * reconstruction surtax, and resident tax (10% income levy + 5,000 per-capita levy, as in Tokyo's
 * special wards), computed on the same year's income (in practice resident tax is assessed on the
 * previous year's income). One compute function; each year supplies its deductions and rates.
 *
 * Statutory rounding, as the year-end adjustment (年末調整) computes it (`computeUnrounded` gives the
 * same lines without it, for marginal rates):
 * - employment income below 6,600,000 from the table of Appended Table 5 of the Income Tax Act (the
 *   income in 4,000-yen steps: A = income ÷ 4 truncated to 1,000, then A × 2.8 − 80,000 or
 *   A × 3.2 − 440,000), above it the formula (NTA No. 1410);
 * - taxable income truncated to 1,000 yen (Act on General Rules for National Taxes art. 118);
 * - the annual tax = income tax × 102.1% truncated to 100 yen (年調年税額, Act on Special Measures for
 *   Reconstruction art. 13 and art. 119 of the General Rules): the reconstruction line is that amount
 *   less the income tax, so it carries the truncation;
 * - resident tax: taxable income truncated to 1,000 yen; the municipal (6%) and prefectural (4%)
 *   income levies each less its share of the adjustment credit (3/5 and 2/5) and truncated to 100 yen
 *   (Local Tax Act art. 20-4-2); no income levy and no per-capita levy at or below the Tokyo special
 *   wards' non-taxable limits (350,000 × persons + 100,000, + 320,000 / + 210,000 with a spouse or
 *   dependants; Local Tax Act art. 295 and Supplementary Provisions art. 3-3, first-grade area).
 *
 * Social insurance (APPROXIMATION): employee pension 9.15% up to a standard monthly remuneration of
 * 650,000 (7,800,000 a year), Kyokai Kenpo Tokyo health insurance (2025: 4.955%) up to 1,390,000 a month
 * (16,680,000 a year), employment insurance (2025: 0.55%), from April 2026 the child and child-rearing
 * support levy; a rate that changes during the year is the months' average of an even salary;
 * long-term care (age 40–64), bonus caps and the standard-remuneration grades are not modelled.
 * MARRIED_JOINT means a spouse with no income (spouse deduction). Dependant deductions are not modelled
 * (children under 16 get none); dependants count only towards the resident tax non-taxable limits.
 */
import Decimal from "decimal.js";
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, max, min, pos, type ResolvedProfile, socialLine, type TableResult, type TaxTable, ZERO } from "../table.ts";

// Income Tax Act art. 89 rates (NTA No. 2260): 5% to 1,950,000; 10% to 3,300,000; 20% to 6,950,000;
// 23% to 9,000,000; 33% to 18,000,000; 40% to 40,000,000; 45% above. https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/2260.htm
const INCOME_TAX: readonly Bracket[] = [[0, "0.05"], [1_950_000, "0.10"], [3_300_000, "0.20"], [6_950_000, "0.23"], [9_000_000, "0.33"], [18_000_000, "0.40"], [40_000_000, "0.45"]];
// Special income tax for reconstruction: 2.1% of income tax, 2013–2037 (NTA No. 2260).
const RECONSTRUCTION_FACTOR = "1.021";

type Tiers = readonly (readonly [upTo: number, deduction: number])[];

function tiered(totalIncome: Amount, tiers: Tiers): number {
  for (const [upTo, deduction] of tiers) if (totalIncome.lte(upTo)) return deduction;
  return 0;
}

function truncate(amount: Amount, unit: number): Amount {
  return amount.dividedBy(unit).toDecimalPlaces(0, Decimal.ROUND_DOWN).times(unit);
}

/** The deduction's formula without Appended Table 5's steps (NTA No. 1410), for `computeUnrounded`. */
function employmentIncomeByFormula(income: Amount, minimum: number): Amount {
  const formula = income.lte(3_600_000)
    ? income.times("0.7").minus(80_000)
    : income.lte(6_600_000)
      ? income.times("0.8").minus(440_000)
      : income.lte(8_500_000)
        ? income.times("0.9").minus(1_100_000)
        : income.minus(1_950_000);
  return pos(min(income.minus(minimum), formula));
}

/**
 * Employment income (給与所得) after the employment income deduction, as the law computes it:
 * below 6,600,000 by Appended Table 5 (the income in 4,000-yen steps: A = income ÷ 4 truncated to
 * 1,000, then A × 2.8 − 80,000 or A × 3.2 − 440,000), never more than the income less the minimum
 * deduction (`minimum`: 650,000 from 2025, 740,000 in 2026 and 2027 for income tax); above
 * 6,600,000 by the formula (NTA No. 1410).
 */
export function employmentIncome(income: Amount, minimum = 650_000): Amount {
  const whole = income.toDecimalPlaces(0, Decimal.ROUND_DOWN);
  if (whole.lt(6_600_000)) {
    const a = truncate(whole.dividedBy(4), 1_000);
    const stepped = whole.lt(3_600_000) ? a.times("2.8").minus(80_000) : a.times("3.2").minus(440_000);
    return pos(min(whole.minus(minimum), stepped));
  }
  if (whole.lt(8_500_000)) return whole.times("0.9").minus(1_100_000);
  return whole.minus(1_950_000);
}

// Resident tax basic deduction 430,000 / 290,000 / 150,000 (Local Tax Act art. 314-2; unchanged by the 2025 reform).
const BASIC_RESIDENT: Tiers = [[24_000_000, 430_000], [24_500_000, 290_000], [25_000_000, 150_000]];
// Spouse deduction (spouse without income): national 380,000 / 260,000 / 130,000, resident 330,000 /
// 220,000 / 110,000 for the taxpayer's total income up to 9,000,000 / 9,500,000 / 10,000,000 (NTA No. 1191).
const SPOUSE_NATIONAL: Tiers = [[9_000_000, 380_000], [9_500_000, 260_000], [10_000_000, 130_000]];
const SPOUSE_RESIDENT: Tiers = [[9_000_000, 330_000], [9_500_000, 220_000], [10_000_000, 110_000]];

// Resident tax: 10% income levy (municipality / special ward 6% + prefecture 4%), adjustment credit (調整控除,
// Local Tax Act art. 37 / 314-6: 5%, of which 3% municipal and 2% prefectural) and per-capita levy 5,000
// (Tokyo 1,000 + ward 3,000 + forest environment tax 1,000). https://www.tax.metro.tokyo.lg.jp/kazei/kojin_ju
const MUNICIPAL_RATE = "0.06";
const PREFECTURAL_RATE = "0.04";
const PER_CAPITA_LEVY = 5_000;

type Year = {
  year: number;
  /** National basic deduction by total income (NTA No. 1199). */
  basicNational: Tiers;
  /** Minimum employment income deduction for income tax and for resident tax. */
  employmentMinimum: { national: number; resident: number };
  /** Employee shares; `childSupportRate` (the child and child-rearing support levy, with health insurance) from April 2026. */
  social: { pensionRate: string; healthRate: string; employmentRate: string; childSupportRate?: string };
  source: string;
};

/**
 * National income tax on a taxable income (課税総所得金額), truncated to 1,000 yen first: the rates of
 * art. 89 (NTA No. 2260's quick table gives the same amounts). Before the reconstruction surtax.
 */
export function nationalIncomeTax(taxableIncome: Amount): Amount {
  return bracketTax(truncate(pos(taxableIncome), 1_000), INCOME_TAX);
}

/** The year-end adjustment's annual tax (年調年税額): income tax × 102.1%, truncated to 100 yen. */
export function annualTaxWithReconstruction(incomeTax: Amount): Amount {
  return truncate(incomeTax.times(RECONSTRUCTION_FACTOR), 100);
}

function japanTable(p: Year): TaxTable {
  const { pensionRate, healthRate, employmentRate, childSupportRate } = p.social;
  const pensionCap = 650_000 * 12;
  const healthCap = 1_390_000 * 12;
  /** `rounded` false: the same lines without Appended Table 5's steps and the 1,000 / 100-yen truncations (point slopes). */
  const computeFor =
    (rounded: boolean) =>
    (income: Amount, profile: ResolvedProfile): TableResult => {
      const married = profile.filingStatus === "MARRIED_JOINT";
      const pension = min(income, pensionCap).times(pensionRate);
      const health = min(income, healthCap).times(healthRate);
      const employment = income.times(employmentRate);
      const childSupport = childSupportRate === undefined ? ZERO : min(income, healthCap).times(childSupportRate);
      const social = pension.plus(health).plus(employment).plus(childSupport);

      const employmentIncomeOf = (minimum: number) => (rounded ? employmentIncome(income, minimum) : employmentIncomeByFormula(income, minimum));
      const totalIncome = employmentIncomeOf(p.employmentMinimum.national);
      const residentTotalIncome = employmentIncomeOf(p.employmentMinimum.resident);
      const cut = (amount: Amount, unit: number): Amount => (rounded ? truncate(amount, unit) : amount);
      const nationalDeductions = social.plus(tiered(totalIncome, p.basicNational)).plus(married ? tiered(totalIncome, SPOUSE_NATIONAL) : 0);
      const nationalTaxable = cut(pos(totalIncome.minus(nationalDeductions)), 1_000);
      const incomeTax = rounded ? nationalIncomeTax(nationalTaxable) : bracketTax(nationalTaxable, INCOME_TAX);
      const annualTax = rounded ? annualTaxWithReconstruction(incomeTax) : incomeTax.times(RECONSTRUCTION_FACTOR);

      // Resident tax non-taxable limits (Tokyo special wards): persons = the taxpayer, a spouse, dependants.
      const persons = 1 + (married ? 1 : 0) + profile.dependants;
      const incomeLevyLimit = 350_000 * persons + 100_000 + (persons > 1 ? 320_000 : 0);
      const perCapitaLimit = 350_000 * persons + 100_000 + (persons > 1 ? 210_000 : 0);

      const spouseResident = married ? tiered(residentTotalIncome, SPOUSE_RESIDENT) : 0;
      const residentTaxable = cut(pos(residentTotalIncome.minus(social).minus(tiered(residentTotalIncome, BASIC_RESIDENT)).minus(spouseResident)), 1_000);
      // Adjustment credit base: personal-deduction differences 50,000 (basic) + 50,000 (spouse); none above 25,000,000 total income.
      const difference = dec(50_000 + (spouseResident > 0 ? 50_000 : 0));
      const base = residentTotalIncome.gt(25_000_000)
        ? ZERO
        : residentTaxable.lte(2_000_000)
          ? min(difference, residentTaxable)
          : max(difference.minus(residentTaxable.minus(2_000_000)), 50_000);
      const municipal = cut(pos(residentTaxable.times(MUNICIPAL_RATE).minus(base.times("0.03"))), 100);
      const prefectural = cut(pos(residentTaxable.times(PREFECTURAL_RATE).minus(base.times("0.02"))), 100);
      const residentIncomeLevy = residentTotalIncome.lte(incomeLevyLimit) ? ZERO : municipal.plus(prefectural);
      const perCapita = residentTotalIncome.lte(perCapitaLimit) ? ZERO : dec(PER_CAPITA_LEVY);

      return {
        taxableIncome: nationalTaxable,
        lines: [
          incomeTaxLine("Income tax", incomeTax),
          // Negative where the 100-yen truncation takes more than the 2.1% (an income tax ending in 50 yen,
          // below 2,381 yen: 650 × 102.1% = 663.65 → 600), so that the lines add up to the year-end adjustment's annual tax
          // (incomeTaxLine would floor it at zero).
          { label: "Reconstruction special income tax", kind: "INCOME_TAX", amount: annualTax.minus(incomeTax) },
          incomeTaxLine("Resident tax (income levy)", residentIncomeLevy),
          incomeTaxLine("Resident tax (per-capita levy)", perCapita),
          socialLine("Employees' pension insurance", pension, pensionRate),
          socialLine("Health insurance", health, healthRate),
          socialLine("Employment insurance", employment, employmentRate),
          ...(childSupportRate === undefined ? [] : [socialLine("Child and child-rearing support levy", childSupport, childSupportRate)]),
        ],
      };
    };
  return {
    id: `jp-${p.year}`,
    countryCode: "JP",
    region: null,
    name: "Japan income tax, reconstruction surtax, resident tax and social insurance",
    currency: "JPY",
    taxYear: String(p.year),
    periodStart: `${p.year}-01-01`,
    periodEnd: `${p.year}-12-31`,
    source: p.source,
    compute: computeFor(true),
    computeUnrounded: computeFor(false),
  };
}

// Basic deduction (national) for 2025 and 2026 under the 2025 reform (令和7年度税制改正, NTA No. 1199): 950,000
// up to total income 1,320,000; 880,000 to 3,360,000; 680,000 to 4,890,000; 630,000 to 6,550,000 (the tiers
// between 1,320,000 and 6,550,000 were enacted for 2025 and 2026; for 2026 the FY2026 reform below replaces them); 580,000 to 23,500,000; 480,000 to 24,000,000;
// 320,000 to 24,500,000; 160,000 to 25,000,000; none above. https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/1199.htm
const BASIC_NATIONAL_2025_REFORM: Tiers = [
  [1_320_000, 950_000],
  [3_360_000, 880_000],
  [4_890_000, 680_000],
  [6_550_000, 630_000],
  [23_500_000, 580_000],
  [24_000_000, 480_000],
  [24_500_000, 320_000],
  [25_000_000, 160_000],
];

// Social insurance 2025 (employee shares): Japan Pension Service 18.3% → 9.15%; Kyokai Kenpo Tokyo
// 9.91% → 4.955% (March 2025); employment insurance FY2025 5.5/1000 (general business).
// https://www.kyoukaikenpo.or.jp/g7/cat330/sb3150/r07/r7ryougakuhyou3gatukara/ ; https://www.mhlw.go.jp/stf/seisakunitsuite/bunya/0000108634.html
const SOCIAL_2025 = { pensionRate: "0.0915", healthRate: "0.04955", employmentRate: "0.0055" };

export const jp: TaxTable = japanTable({
  year: 2025,
  basicNational: BASIC_NATIONAL_2025_REFORM,
  // NTA No. 1410: minimum 650,000 from 2025 (resident tax: from the FY2026 levy, i.e. on 2025 income).
  employmentMinimum: { national: 650_000, resident: 650_000 },
  social: SOCIAL_2025,
  source:
    "National Tax Agency, Tax Answer No. 2260 (rates), No. 1410 (employment income deduction), No. 1199 (basic deduction, 2025 reform), https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/2260.htm; Tokyo Metropolitan Government, individual inhabitant tax, https://www.tax.metro.tokyo.lg.jp/kazei/kojin_ju",
});

// 2026 (令和8年分): the FY2026 tax reform (令和8年度税制改正大綱, Cabinet decision 26 December 2025,
// https://www.mof.go.jp/tax_policy/tax_reform/outline/fy2026/20251226taikou.pdf; the amended Income Tax Act
// in force 1 December 2026 and applied from the 2026 year-end adjustment): basic deduction 580,000 → 620,000
// (total income up to 23,500,000), with the special addition for 2026 and 2027 raising it to 1,040,000 up to
// total income 4,890,000 and 670,000 up to 6,550,000; minimum employment income deduction 650,000 → 690,000,
// with a special 50,000 for 2026 and 2027 (740,000: the 1,780,000 tax-free threshold = 1,040,000 + 740,000 for
// wages up to 6,650,000). These tiers are from the Outline as reported by two independent secondary sources,
// not from the enacted text or NTA No. 1199 / 1410 (not opened here). Resident tax: basic deduction unchanged
// (430,000); the permanent minimum employment income deduction 690,000 applies from the FY2027 levy (on 2026
// income) and the special 50,000 is taken to be income tax only (not re-checked).
// Social insurance 2026, annual rates of an even monthly salary: Kyokai Kenpo Tokyo 9.91% → 9.85% from March
// 2026 (employee 4.955% for 2 months, 4.925% for 10: 4.93%); employment insurance 5.5/1000 → 5.0/1000 from April
// 2026 (MHLW, FY2026; 3 and 9 months: 0.5125%); child and child-rearing support levy 0.23% from April 2026
// (employee 0.115% for 9 months: 0.08625%), on the health insurance base. Rates from secondary copies of the
// Kyokai Kenpo FY2026 table (https://www.kyoukaikenpo.or.jp/about/business/insurance_rate/rate_prefectures/r08/index.html)
// and the MHLW FY2026 employment insurance notice, not re-checked here. Pension unchanged (18.3%, cap 650,000).
const SOCIAL_2026 = { pensionRate: "0.0915", healthRate: "0.0493", employmentRate: "0.005125", childSupportRate: "0.0008625" };
const BASIC_NATIONAL_2026: Tiers = [
  [4_890_000, 1_040_000],
  [6_550_000, 670_000],
  [23_500_000, 620_000],
  [24_000_000, 480_000],
  [24_500_000, 320_000],
  [25_000_000, 160_000],
];

export const jp2026: TaxTable = japanTable({
  year: 2026,
  basicNational: BASIC_NATIONAL_2026,
  employmentMinimum: { national: 740_000, resident: 690_000 },
  social: SOCIAL_2026,
  source:
    "Ministry of Finance, FY2026 tax reform outline (basic deduction 620,000 / 1,040,000, minimum employment income deduction 690,000 / 740,000 for 2026), https://www.mof.go.jp/tax_policy/tax_reform/outline/fy2026/20251226taikou.pdf; National Tax Agency, Tax Answer No. 2260 (rates), https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/2260.htm; Tokyo Metropolitan Government, individual inhabitant tax, https://www.tax.metro.tokyo.lg.jp/kazei/kojin_ju",
});
