/**
 * Japan, 2025 (令和7年分): national income tax with the 2.1% special reconstruction surtax, and
 * resident tax (10% income levy + 5,000 per-capita levy, as in Tokyo's special wards), computed on
 * the same year's income (in practice resident tax is assessed on the previous year's income).
 *
 * Employment income deduction and basic deduction follow the 2025 tax reform (令和7年度税制改正).
 * Social insurance (APPROXIMATION): employee pension 9.15% up to a standard monthly remuneration of
 * 650,000 (7,800,000 a year), Kyokai Kenpo Tokyo health insurance 4.955% up to 1,390,000 a month
 * (16,680,000 a year), employment insurance 0.55%; long-term care (age 40–64), bonus caps and
 * the standard-remuneration grades are not modelled. MARRIED_JOINT means a spouse with no income
 * (spouse deduction). Dependant deductions are not modelled (children under 16 get none).
 * Truncations to 1,000 / 100 yen are not applied.
 */
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, max, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// Income Tax Act art. 89 rates (NTA No. 2260): 5% to 1,950,000; 10% to 3,300,000; 20% to 6,950,000;
// 23% to 9,000,000; 33% to 18,000,000; 40% to 40,000,000; 45% above. https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/2260.htm
const INCOME_TAX: readonly Bracket[] = [[0, "0.05"], [1_950_000, "0.10"], [3_300_000, "0.20"], [6_950_000, "0.23"], [9_000_000, "0.33"], [18_000_000, "0.40"], [40_000_000, "0.45"]];
// Special income tax for reconstruction: 2.1% of income tax, 2013–2037 (NTA No. 2260).
const RECONSTRUCTION_RATE = "0.021";

// Employment income deduction from 2025 (NTA No. 1410): 650,000 up to 1,900,000; 30% + 80,000 to 3,600,000;
// 20% + 440,000 to 6,600,000; 10% + 1,100,000 to 8,500,000; 1,950,000 above.
// https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/1410.htm
export function employmentIncomeDeduction(income: Amount): Amount {
  if (income.lte(1_900_000)) return min(income, 650_000);
  if (income.lte(3_600_000)) return income.times("0.30").plus(80_000);
  if (income.lte(6_600_000)) return income.times("0.20").plus(440_000);
  if (income.lte(8_500_000)) return income.times("0.10").plus(1_100_000);
  return dec(1_950_000);
}

// Basic deduction (national) for 2025 and 2026 by total income (NTA No. 1199): 950,000 up to 1,320,000;
// 880,000 to 3,360,000; 680,000 to 4,890,000; 630,000 to 6,550,000; 580,000 to 23,500,000; 480,000 to
// 24,000,000; 320,000 to 24,500,000; 160,000 to 25,000,000; none above.
// https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/1199.htm
const BASIC_NATIONAL: readonly (readonly [upTo: number, deduction: number])[] = [
  [1_320_000, 950_000],
  [3_360_000, 880_000],
  [4_890_000, 680_000],
  [6_550_000, 630_000],
  [23_500_000, 580_000],
  [24_000_000, 480_000],
  [24_500_000, 320_000],
  [25_000_000, 160_000],
];
// Resident tax basic deduction 430,000 / 290,000 / 150,000 (Local Tax Act art. 314-2).
const BASIC_RESIDENT: readonly (readonly [upTo: number, deduction: number])[] = [
  [24_000_000, 430_000],
  [24_500_000, 290_000],
  [25_000_000, 150_000],
];
// Spouse deduction (spouse without income): national 380,000 / 260,000 / 130,000, resident 330,000 /
// 220,000 / 110,000 for the taxpayer's total income up to 9,000,000 / 9,500,000 / 10,000,000 (NTA No. 1191).
const SPOUSE_NATIONAL: readonly (readonly [upTo: number, deduction: number])[] = [[9_000_000, 380_000], [9_500_000, 260_000], [10_000_000, 130_000]];
const SPOUSE_RESIDENT: readonly (readonly [upTo: number, deduction: number])[] = [[9_000_000, 330_000], [9_500_000, 220_000], [10_000_000, 110_000]];

function tiered(totalIncome: Amount, tiers: readonly (readonly [number, number])[]): number {
  for (const [upTo, deduction] of tiers) if (totalIncome.lte(upTo)) return deduction;
  return 0;
}

// Resident tax: 10% income levy (prefecture 4% + municipality 6%), adjustment credit (調整控除, Local Tax
// Act art. 37 / 314-6) and per-capita levy 5,000 (Tokyo 1,000 + ward 3,000 + forest environment tax 1,000).
// https://www.tax.metro.tokyo.lg.jp/kazei/kojin_ju
const RESIDENT_RATE = "0.10";
const PER_CAPITA_LEVY = 5_000;
const PER_CAPITA_EXEMPT_UP_TO = 450_000; // total income (Tokyo special wards, single person)

// Social insurance 2025 (employee shares): Japan Pension Service 18.3% → 9.15%; Kyokai Kenpo Tokyo
// 9.91% → 4.955% (March 2025); employment insurance FY2025 5.5/1000 (general business).
// https://www.kyoukaikenpo.or.jp/g7/cat330/sb3150/r07/r7ryougakuhyou3gatukara/ ; https://www.mhlw.go.jp/stf/seisakunitsuite/bunya/0000108634.html
const PENSION_RATE = "0.0915";
const PENSION_ANNUAL_CAP = 650_000 * 12;
const HEALTH_RATE = "0.04955";
const HEALTH_ANNUAL_CAP = 1_390_000 * 12;
const EMPLOYMENT_INSURANCE_RATE = "0.0055";

export const jp: TaxTable = {
  id: "jp-2025",
  countryCode: "JP",
  region: null,
  name: "Japan income tax, reconstruction surtax, resident tax and social insurance",
  currency: "JPY",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "National Tax Agency, Tax Answer No. 2260 (rates), No. 1410 (employment income deduction), No. 1199 (basic deduction, 2025 reform), https://www.nta.go.jp/taxes/shiraberu/taxanswer/shotoku/2260.htm; Tokyo Metropolitan Government, individual inhabitant tax, https://www.tax.metro.tokyo.lg.jp/kazei/kojin_ju",
  compute(income, profile) {
    const married = profile.filingStatus === "MARRIED_JOINT";
    const pension = min(income, PENSION_ANNUAL_CAP).times(PENSION_RATE);
    const health = min(income, HEALTH_ANNUAL_CAP).times(HEALTH_RATE);
    const employment = income.times(EMPLOYMENT_INSURANCE_RATE);
    const social = pension.plus(health).plus(employment);

    const totalIncome = pos(income.minus(employmentIncomeDeduction(income)));
    const nationalDeductions = social.plus(tiered(totalIncome, BASIC_NATIONAL)).plus(married ? tiered(totalIncome, SPOUSE_NATIONAL) : 0);
    const nationalTaxable = pos(totalIncome.minus(nationalDeductions));
    const incomeTax = bracketTax(nationalTaxable, INCOME_TAX);

    const spouseResident = married ? tiered(totalIncome, SPOUSE_RESIDENT) : 0;
    const residentTaxable = pos(totalIncome.minus(social).minus(tiered(totalIncome, BASIC_RESIDENT)).minus(spouseResident));
    // Adjustment credit: personal-deduction differences 50,000 (basic) + 50,000 (spouse); none above 25,000,000 total income.
    const difference = dec(50_000 + (spouseResident > 0 ? 50_000 : 0));
    const adjustment = totalIncome.gt(25_000_000)
      ? ZERO
      : residentTaxable.lte(2_000_000)
        ? min(difference, residentTaxable).times("0.05")
        : max(difference.minus(residentTaxable.minus(2_000_000)).times("0.05"), 2_500);
    const residentIncomeLevy = pos(residentTaxable.times(RESIDENT_RATE).minus(adjustment));
    const perCapita = totalIncome.gt(PER_CAPITA_EXEMPT_UP_TO) ? dec(PER_CAPITA_LEVY) : ZERO;

    return {
      taxableIncome: nationalTaxable,
      lines: [
        incomeTaxLine("Income tax", incomeTax),
        incomeTaxLine("Reconstruction special income tax", incomeTax.times(RECONSTRUCTION_RATE)),
        incomeTaxLine("Resident tax (income levy)", residentIncomeLevy),
        incomeTaxLine("Resident tax (per-capita levy)", perCapita),
        socialLine("Employees' pension insurance", pension, PENSION_RATE),
        socialLine("Health insurance", health, HEALTH_RATE),
        socialLine("Employment insurance", employment, EMPLOYMENT_INSURANCE_RATE),
      ],
    };
  },
};
