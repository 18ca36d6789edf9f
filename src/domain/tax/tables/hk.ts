/**
 * Hong Kong salaries tax 2025/26: the lower of progressive rates on net chargeable income and the
 * standard rate (15% on the first 5,000,000 of net income, 16% above); employee MPF mandatory
 * contributions (5% of relevant income, annualised limits 85,200 minimum and 360,000 maximum
 * relevant income), deductible up to 18,000.
 *
 * MARRIED_JOINT assumes joint assessment with a non-earning spouse (married person's allowance).
 * Not modelled: one-off tax reductions, dependent parent allowances, other deductions.
 */
import { type Bracket, bracketTax, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// Inland Revenue Ordinance (Cap. 112) Schedules 1, 1A, 4; IRD, tax rates of salaries tax and personal assessment:
// https://www.ird.gov.hk/eng/tax/sal.htm ; allowances: https://www.ird.gov.hk/eng/tax/ind_stp.htm
const PROGRESSIVE: readonly Bracket[] = [[0, "0.02"], [50_000, "0.06"], [100_000, "0.10"], [150_000, "0.14"], [200_000, "0.17"]];
const STANDARD: readonly Bracket[] = [[0, "0.15"], [5_000_000, "0.16"]];
const BASIC_ALLOWANCE = 132_000;
const MARRIED_ALLOWANCE = 264_000;
const CHILD_ALLOWANCE = 130_000;
const SINGLE_PARENT_ALLOWANCE = 132_000;

// MPF Schemes Ordinance (Cap. 485) Sch. 2-3: employee 5%, none below 7,100 a month, maximum relevant
// income 30,000 a month. https://www.mpfa.org.hk/en/mpf-system/mandatory-contributions/employees
const MPF_RATE = "0.05";
const MPF_MIN_ANNUAL_INCOME = 7_100 * 12;
const MPF_MAX_ANNUAL_CONTRIBUTION = 1_500 * 12;

export const hk: TaxTable = {
  id: "hk-2025-26",
  countryCode: "HK",
  region: null,
  name: "Hong Kong salaries tax and MPF",
  currency: "HKD",
  taxYear: "2025/26",
  periodStart: "2025-04-01",
  periodEnd: "2026-03-31",
  source:
    "IRD, salaries tax rates and allowances, https://www.ird.gov.hk/eng/tax/sal.htm, https://www.ird.gov.hk/eng/tax/ind_stp.htm; MPFA mandatory contributions, https://www.mpfa.org.hk/en/mpf-system/mandatory-contributions/employees",
  compute(income, profile) {
    const mpf = income.lt(MPF_MIN_ANNUAL_INCOME) ? ZERO : min(income.times(MPF_RATE), MPF_MAX_ANNUAL_CONTRIBUTION);
    const netIncome = pos(income.minus(mpf));
    const allowances =
      (profile.filingStatus === "MARRIED_JOINT" ? MARRIED_ALLOWANCE : BASIC_ALLOWANCE) +
      CHILD_ALLOWANCE * profile.dependants +
      (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0 ? SINGLE_PARENT_ALLOWANCE : 0);
    const netChargeable = pos(netIncome.minus(allowances));
    const salariesTax = min(bracketTax(netChargeable, PROGRESSIVE), bracketTax(netIncome, STANDARD));
    return {
      taxableIncome: netChargeable,
      lines: [incomeTaxLine("Salaries tax", salariesTax), socialLine("MPF mandatory contribution", mpf, MPF_RATE)],
    };
  },
};
