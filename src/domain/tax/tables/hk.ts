/**
 * Hong Kong salaries tax, 2025/26 and 2026/27: the lower of progressive rates on net chargeable
 * income and the standard rate (15% on the first 5,000,000 of net income, 16% above); employee MPF
 * mandatory contributions (5% of relevant income, annualised limits 85,200 minimum and 360,000
 * maximum relevant income), deductible up to 18,000. The year's one-off reduction of the final tax,
 * where a Budget grants one, comes off the salaries tax line.
 *
 * MARRIED_JOINT assumes joint assessment with a non-earning spouse (married person's allowance).
 * Not modelled: dependent parent allowances, the newborn's additional child allowance, other
 * deductions.
 */
import { type Bracket, bracketTax, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// Inland Revenue Ordinance (Cap. 112) Schedules 1, 1A, 4; IRD, tax rates of salaries tax and personal assessment:
// 2% / 6% / 10% / 14% on successive 50,000 bands, 17% on the remainder; standard rate 15% / 16% above 5,000,000.
// https://www.ird.gov.hk/eng/tax/sal.htm ; allowances: https://www.ird.gov.hk/eng/tax/ind_stp.htm
const PROGRESSIVE: readonly Bracket[] = [[0, "0.02"], [50_000, "0.06"], [100_000, "0.10"], [150_000, "0.14"], [200_000, "0.17"]];
const STANDARD: readonly Bracket[] = [[0, "0.15"], [5_000_000, "0.16"]];

// MPF Schemes Ordinance (Cap. 485) Sch. 2-3: employee 5%, none below 7,100 a month, maximum relevant
// income 30,000 a month. https://www.mpfa.org.hk/en/mpf-system/mandatory-contributions/employees
const MPF_RATE = "0.05";
const MPF_MIN_ANNUAL_INCOME = 7_100 * 12;
const MPF_MAX_ANNUAL_CONTRIBUTION = 1_500 * 12;

type Allowances = { basic: number; married: number; child: number; singleParent: number };
type Year = { start: number; allowances: Allowances; reductionCap: number; source: string };

function hongKongTable(year: Year): TaxTable {
  const taxYear = `${year.start}/${String(year.start + 1).slice(2)}`;
  const { basic, married, child, singleParent } = year.allowances;
  return {
    id: `hk-${year.start}-${String(year.start + 1).slice(2)}`,
    countryCode: "HK",
    region: null,
    name: "Hong Kong salaries tax and MPF",
    currency: "HKD",
    taxYear,
    periodStart: `${year.start}-04-01`,
    periodEnd: `${year.start + 1}-03-31`,
    source: year.source,
    compute(income, profile) {
      const mpf = income.lt(MPF_MIN_ANNUAL_INCOME) ? ZERO : min(income.times(MPF_RATE), MPF_MAX_ANNUAL_CONTRIBUTION);
      const netIncome = pos(income.minus(mpf));
      const allowances =
        (profile.filingStatus === "MARRIED_JOINT" ? married : basic) +
        child * profile.dependants +
        (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0 ? singleParent : 0);
      const netChargeable = pos(netIncome.minus(allowances));
      const assessed = min(bracketTax(netChargeable, PROGRESSIVE), bracketTax(netIncome, STANDARD));
      // One-off reduction: 100% of the final tax up to the cap.
      const salariesTax = pos(assessed.minus(year.reductionCap));
      return {
        taxableIncome: netChargeable,
        lines: [incomeTaxLine("Salaries tax", salariesTax), socialLine("MPF mandatory contribution", mpf, MPF_RATE)],
      };
    },
  };
}

// 2025/26: basic allowance 132,000, married person's 264,000, child 130,000 each, single parent 132,000
// (IRD, allowances, 2023/24 onwards); one-off reduction of 100% of the 2025/26 final tax capped at 3,000
// (2026-27 Budget Speech ¶279(c); IRD, 2026-27 Budget – Tax Measures; given effect, as each year's one-off reduction
// is, by an Inland Revenue (Amendment) (Tax Concessions) Bill, whose 2026 enactment was not re-checked here).
// https://www.ird.gov.hk/eng/faq/budget2026_27.htm
export const hk: TaxTable = hongKongTable({
  start: 2025,
  allowances: { basic: 132_000, married: 264_000, child: 130_000, singleParent: 132_000 },
  reductionCap: 3_000,
  source:
    "IRD, salaries tax rates and allowances, https://www.ird.gov.hk/eng/tax/sal.htm, https://www.ird.gov.hk/eng/tax/ind_stp.htm; IRD, 2026-27 Budget – Tax Measures (2025/26 reduction up to 3,000), https://www.ird.gov.hk/eng/faq/budget2026_27.htm; MPFA mandatory contributions, https://www.mpfa.org.hk/en/mpf-system/mandatory-contributions/employees",
});

// 2026/27 (2026-27 Budget ¶280, IRD "2026-27 Budget – Tax Measures", proposed from 2026/27 onwards; the amending
// Ordinance not re-checked here): basic allowance
// 145,000, married person's 290,000, child 140,000 each, single parent 145,000; rates and bands unchanged; no
// one-off reduction for 2026/27 (a later Budget may grant one).
export const hk2026: TaxTable = hongKongTable({
  start: 2026,
  allowances: { basic: 145_000, married: 290_000, child: 140_000, singleParent: 145_000 },
  reductionCap: 0,
  source:
    "IRD, 2026-27 Budget – Tax Measures (allowances from 2026/27), https://www.ird.gov.hk/eng/faq/budget2026_27.htm; IRD, salaries tax rates, https://www.ird.gov.hk/eng/tax/sal.htm; MPFA mandatory contributions, https://www.mpfa.org.hk/en/mpf-system/mandatory-contributions/employees",
});
