/**
 * US state wage taxes, tax year 2025: CA, NY, TX, WA, IL, MA, NJ, FL.
 *
 * Each state's taxable income starts from gross wages (state AGI approximated by wages).
 * Not modelled: state credits (CA personal exemption and dependant credits, NJ/NY credits),
 * New York's tax benefit recapture for NY AGI above USD 107,650 (understates NY tax at high
 * incomes), local income taxes (New York City, Yonkers), NJ and MA employee payroll
 * contributions (NJ UI/TDI/FLI, MA PFML).
 */
import type { FilingStatus } from "../types.ts";
import { type Amount, type Bracket, adultsOf, band, bracketTax, dec, incomeTaxLine, min, pos, socialLine, type TaxTable } from "../table.ts";

// ---------------------------------------------------------------------------------------------
// California: FTB 2025 California Tax Rate Schedules X (single), Y (joint), Z (head of household),
// https://www.ftb.ca.gov/forms/2025/2025-540-tax-rate-schedules.pdf ; standard deduction 2025
// (5,706 / 11,412) from the 2025 Form 540 instructions. Behavioral (Mental) Health Services Tax:
// 1% on taxable income over USD 1,000,000 (R&TC §17043).
const CA_BRACKETS: Record<FilingStatus, readonly Bracket[]> = {
  SINGLE: [[0, "0.01"], [11_079, "0.02"], [26_264, "0.04"], [41_452, "0.06"], [57_542, "0.08"], [72_724, "0.093"], [371_479, "0.103"], [445_771, "0.113"], [742_953, "0.123"]],
  MARRIED_JOINT: [[0, "0.01"], [22_158, "0.02"], [52_528, "0.04"], [82_904, "0.06"], [115_084, "0.08"], [145_448, "0.093"], [742_958, "0.103"], [891_542, "0.113"], [1_485_906, "0.123"]],
  HEAD_OF_HOUSEHOLD: [[0, "0.01"], [22_173, "0.02"], [52_530, "0.04"], [67_716, "0.06"], [83_805, "0.08"], [98_990, "0.093"], [505_208, "0.103"], [606_251, "0.113"], [1_010_417, "0.123"]],
};
const CA_STANDARD_DEDUCTION: Record<FilingStatus, number> = { SINGLE: 5_706, MARRIED_JOINT: 11_412, HEAD_OF_HOUSEHOLD: 11_412 };
const CA_MHST_RATE = "0.01";
const CA_MHST_THRESHOLD = 1_000_000;
// CA SDI 2025: 1.2% of all wages, no wage ceiling since 2024 (SB 951). EDD, "2025 Rates, Withholding
// Schedules, and Meals and Lodging Values" (DE 44), https://edd.ca.gov/pdf_pub_ctr/de44.pdf
const CA_SDI_RATE = "0.012";
// CA supplemental wages withholding 6.6% (10.23% for bonuses and stock options), DE 44.
const CA_SUPPLEMENTAL_RATE = "0.066";

export const usCalifornia: TaxTable = {
  id: "us-ca-2025",
  countryCode: "US",
  region: "CA",
  name: "California personal income tax and SDI",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "California FTB 2025 Tax Rate Schedules, https://www.ftb.ca.gov/forms/2025/2025-540-tax-rate-schedules.pdf; EDD DE 44 (SDI 1.2%, supplemental 6.6%), https://edd.ca.gov/pdf_pub_ctr/de44.pdf",
  compute(income, profile) {
    const taxable = pos(income.minus(CA_STANDARD_DEDUCTION[profile.filingStatus]));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("California income tax", bracketTax(taxable, CA_BRACKETS[profile.filingStatus])),
        incomeTaxLine("California Behavioral Health Services Tax", band(taxable, CA_MHST_THRESHOLD).times(CA_MHST_RATE), CA_MHST_RATE),
        socialLine("California SDI", income.times(CA_SDI_RATE), CA_SDI_RATE),
      ],
    };
  },
  supplementalRate: () => CA_SUPPLEMENTAL_RATE,
};

// ---------------------------------------------------------------------------------------------
// New York State: Tax Law §601 rate schedules for 2023–2025 and standard deductions (§614),
// as printed in the 2025 IT-201 instructions, https://www.tax.ny.gov/forms/current-forms/it/it201i.htm
const NY_BRACKETS: Record<FilingStatus, readonly Bracket[]> = {
  SINGLE: [[0, "0.04"], [8_500, "0.045"], [11_700, "0.0525"], [13_900, "0.055"], [80_650, "0.06"], [215_400, "0.0685"], [1_077_550, "0.0965"], [5_000_000, "0.103"], [25_000_000, "0.109"]],
  MARRIED_JOINT: [[0, "0.04"], [17_150, "0.045"], [23_600, "0.0525"], [27_900, "0.055"], [161_550, "0.06"], [323_200, "0.0685"], [2_155_350, "0.0965"], [5_000_000, "0.103"], [25_000_000, "0.109"]],
  HEAD_OF_HOUSEHOLD: [[0, "0.04"], [12_800, "0.045"], [17_650, "0.0525"], [20_900, "0.055"], [107_650, "0.06"], [269_300, "0.0685"], [1_616_450, "0.0965"], [5_000_000, "0.103"], [25_000_000, "0.109"]],
};
const NY_STANDARD_DEDUCTION: Record<FilingStatus, number> = { SINGLE: 8_000, MARRIED_JOINT: 16_050, HEAD_OF_HOUSEHOLD: 11_200 };
const NY_DEPENDANT_EXEMPTION = 1_000;
// NY SDI employee: 0.5% of wages, at most USD 0.60 a week (Workers' Compensation Law §209) = 31.20 a year.
const NY_SDI_RATE = "0.005";
const NY_SDI_ANNUAL_MAX = "31.20";
// NY Paid Family Leave 2025: 0.388% of wages up to the SAWW 91,373.88, annual maximum 354.53.
// https://paidfamilyleave.ny.gov/2025
const NY_PFL_RATE = "0.00388";
const NY_PFL_ANNUAL_MAX = "354.53";
// NY supplemental wages withholding 11.70%: Publication NYS-50-T-NYS (1/25), https://www.tax.ny.gov/pdf/publications/withholding/nys50_t_nys.pdf
const NY_SUPPLEMENTAL_RATE = "0.117";

export const usNewYork: TaxTable = {
  id: "us-ny-2025",
  countryCode: "US",
  region: "NY",
  name: "New York State personal income tax, SDI and PFL",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "NY Tax Law §601 / IT-201 instructions 2025, https://www.tax.ny.gov/forms/current-forms/it/it201i.htm; NYS-50-T-NYS (supplemental 11.70%); NY PFL 2025, https://paidfamilyleave.ny.gov/2025",
  compute(income, profile) {
    const taxable = pos(income.minus(NY_STANDARD_DEDUCTION[profile.filingStatus]).minus(profile.dependants * NY_DEPENDANT_EXEMPTION));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("New York State income tax", bracketTax(taxable, NY_BRACKETS[profile.filingStatus])),
        socialLine("New York SDI", min(income.times(NY_SDI_RATE), NY_SDI_ANNUAL_MAX), NY_SDI_RATE),
        socialLine("New York Paid Family Leave", min(income.times(NY_PFL_RATE), NY_PFL_ANNUAL_MAX), NY_PFL_RATE),
      ],
    };
  },
  supplementalRate: () => NY_SUPPLEMENTAL_RATE,
};

// ---------------------------------------------------------------------------------------------
// Texas and Florida: no personal income tax (Tex. Const. art. 8 §24-a; Fla. Const. art. VII §5).
function noWageTax(region: "TX" | "FL", name: string, source: string): TaxTable {
  return {
    id: `us-${region.toLowerCase()}-2025`,
    countryCode: "US",
    region,
    name,
    currency: "USD",
    taxYear: "2025",
    periodStart: "2025-01-01",
    periodEnd: "2025-12-31",
    source,
    compute: (income) => ({ taxableIncome: income, lines: [] }),
    supplementalRate: () => "0",
  };
}

export const usTexas = noWageTax(
  "TX",
  "Texas (no personal income tax)",
  "Texas Constitution art. 8 §24-a, https://statutes.capitol.texas.gov/Docs/CN/htm/CN.8.htm",
);
export const usFlorida = noWageTax(
  "FL",
  "Florida (no personal income tax)",
  "Florida Constitution art. VII §5, https://www.flsenate.gov/Laws/Constitution",
);

// ---------------------------------------------------------------------------------------------
// Washington: no wage income tax. Employee payroll premiums:
// WA Cares Fund 0.58% of all wages (RCW 50B.04.080), https://wacaresfund.wa.gov/
// Paid Family and Medical Leave 2025: total premium 0.92%, employee share 71.52% (= 0.657984%),
// on wages up to the Social Security wage base 176,100. https://paidleave.wa.gov/rates/
const WA_CARES_RATE = "0.0058";
const WA_PFML_EMPLOYEE_RATE = dec("0.0092").times("0.7152").toString(); // 0.00657984
const WA_PFML_WAGE_CAP = 176_100;

export const usWashington: TaxTable = {
  id: "us-wa-2025",
  countryCode: "US",
  region: "WA",
  name: "Washington (no wage income tax; PFML and WA Cares premiums)",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "WA ESD Paid Leave 2025 premium rate 0.92% (employee 71.52%), https://paidleave.wa.gov/rates/; WA Cares 0.58%, https://wacaresfund.wa.gov/",
  compute(income) {
    return {
      taxableIncome: income,
      lines: [
        socialLine("Washington Paid Family and Medical Leave", min(income, WA_PFML_WAGE_CAP).times(WA_PFML_EMPLOYEE_RATE), WA_PFML_EMPLOYEE_RATE),
        socialLine("WA Cares Fund", income.times(WA_CARES_RATE), WA_CARES_RATE),
      ],
    };
  },
  supplementalRate: () => "0",
};

// ---------------------------------------------------------------------------------------------
// Illinois: flat 4.95% (35 ILCS 5/201(b)(5.4)); exemption allowance 2025 USD 2,850 per person
// (Form IL-1040 instructions 2025), not allowed when AGI exceeds 250,000 (500,000 joint).
// https://tax.illinois.gov/research/taxrates/income.html
const IL_RATE = "0.0495";
const IL_EXEMPTION = 2_850;
const IL_EXEMPTION_AGI_LIMIT: Record<FilingStatus, number> = { SINGLE: 250_000, MARRIED_JOINT: 500_000, HEAD_OF_HOUSEHOLD: 250_000 };

export const usIllinois: TaxTable = {
  id: "us-il-2025",
  countryCode: "US",
  region: "IL",
  name: "Illinois individual income tax",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "Illinois Department of Revenue, income tax rates and 2025 exemption allowance, https://tax.illinois.gov/research/taxrates/income.html",
  compute(income, profile) {
    const exemptions = income.gt(IL_EXEMPTION_AGI_LIMIT[profile.filingStatus]) ? 0 : (adultsOf(profile) + profile.dependants) * IL_EXEMPTION;
    const taxable = pos(income.minus(exemptions));
    return { taxableIncome: taxable, lines: [incomeTaxLine("Illinois income tax", taxable.times(IL_RATE), IL_RATE)] };
  },
  supplementalRate: () => IL_RATE,
};

// ---------------------------------------------------------------------------------------------
// Massachusetts: Part B income 5.0% (M.G.L. c.62 §4); 4% surtax on taxable income over USD 1,083,150
// for 2025 (Mass. Const. amend. art. 44 as amended, DOR TIR 24-15); personal exemptions 4,400 single,
// 6,800 head of household, 8,800 joint, 1,000 per dependant (c.62 §3B).
// https://www.mass.gov/info-details/massachusetts-tax-rates ; supplemental withholding 5.0% (Circular M).
const MA_RATE = "0.05";
const MA_SURTAX_RATE = "0.04";
const MA_SURTAX_THRESHOLD = 1_083_150;
const MA_EXEMPTION: Record<FilingStatus, number> = { SINGLE: 4_400, MARRIED_JOINT: 8_800, HEAD_OF_HOUSEHOLD: 6_800 };
const MA_DEPENDANT_EXEMPTION = 1_000;

export const usMassachusetts: TaxTable = {
  id: "us-ma-2025",
  countryCode: "US",
  region: "MA",
  name: "Massachusetts personal income tax and surtax",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "Massachusetts DOR, tax rates and 4% surtax threshold 1,083,150 for 2025, https://www.mass.gov/info-details/massachusetts-tax-rates",
  compute(income, profile) {
    const taxable = pos(income.minus(MA_EXEMPTION[profile.filingStatus]).minus(profile.dependants * MA_DEPENDANT_EXEMPTION));
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Massachusetts income tax", taxable.times(MA_RATE), MA_RATE),
        incomeTaxLine("Massachusetts surtax", band(taxable, MA_SURTAX_THRESHOLD).times(MA_SURTAX_RATE), MA_SURTAX_RATE),
      ],
    };
  },
  supplementalRate: () => MA_RATE,
};

// ---------------------------------------------------------------------------------------------
// New Jersey: gross income tax rates N.J.S.A. 54A:2-1 (unchanged since 2020), Form NJ-1040
// instructions 2025 tax rate schedules, https://www.nj.gov/treasury/taxation/taxtables.shtml ;
// exemptions 1,000 per taxpayer (2 joint) and 1,500 per dependant (54A:3-1). Head of household
// uses the joint schedule. No published flat supplemental rate: the marginal rate is used.
const NJ_SINGLE: readonly Bracket[] = [[0, "0.014"], [20_000, "0.0175"], [35_000, "0.035"], [40_000, "0.05525"], [75_000, "0.0637"], [500_000, "0.0897"], [1_000_000, "0.1075"]];
const NJ_JOINT: readonly Bracket[] = [[0, "0.014"], [20_000, "0.0175"], [50_000, "0.0245"], [70_000, "0.035"], [80_000, "0.05525"], [150_000, "0.0637"], [500_000, "0.0897"], [1_000_000, "0.1075"]];
const NJ_EXEMPTION = 1_000;
const NJ_DEPENDANT_EXEMPTION = 1_500;

export const usNewJersey: TaxTable = {
  id: "us-nj-2025",
  countryCode: "US",
  region: "NJ",
  name: "New Jersey gross income tax",
  currency: "USD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "NJ Division of Taxation, NJ-1040 tax rate schedules, https://www.nj.gov/treasury/taxation/taxtables.shtml",
  compute(income, profile) {
    const exemptions = adultsOf(profile) * NJ_EXEMPTION + profile.dependants * NJ_DEPENDANT_EXEMPTION;
    const taxable: Amount = pos(income.minus(exemptions));
    const brackets = profile.filingStatus === "SINGLE" ? NJ_SINGLE : NJ_JOINT;
    return { taxableIncome: taxable, lines: [incomeTaxLine("New Jersey income tax", bracketTax(taxable, brackets))] };
  },
};

export const usStates: readonly TaxTable[] = [
  usCalifornia,
  usNewYork,
  usTexas,
  usWashington,
  usIllinois,
  usMassachusetts,
  usNewJersey,
  usFlorida,
];
