/**
 * US state wage taxes, tax years 2025 and 2026: CA, NY, TX, WA, IL, MA, NJ, FL (one table a year
 * each, from a factory with the year's figures).
 *
 * Each state's taxable income starts from gross wages (state AGI approximated by wages).
 * Not modelled: state credits (CA personal exemption and dependant credits, NJ/NY credits, the
 * Empire State child credit), local income taxes (New York City, Yonkers), NJ and MA employee
 * payroll contributions (NJ UI/TDI/FLI, MA PFML). New York's tax benefit recapture (§601(d-1)) is
 * computed as the IT-201 worksheets do.
 */
import Decimal from "decimal.js";
import type { FilingStatus } from "../types.ts";
import {
  type Amount,
  type Bracket,
  adultsOf,
  band,
  bracketTax,
  dec,
  incomeTaxLine,
  min,
  pos,
  type ResolvedProfile,
  socialLine,
  type TableResult,
  type TaxTable,
  ZERO,
} from "../table.ts";

/** The table fields every state-year shares. */
function yearOf(region: string, year: number) {
  return {
    id: `us-${region.toLowerCase()}-${year}`,
    countryCode: "US",
    region,
    currency: "USD",
    taxYear: String(year),
    periodStart: `${year}-01-01`,
    periodEnd: `${year}-12-31`,
  } as const;
}

// ---------------------------------------------------------------------------------------------
// California: personal income tax (R&TC §17041 schedules, indexed yearly by §17041(h)), standard
// deduction (§17073.5), Behavioral (Mental) Health Services Tax 1% on taxable income over
// USD 1,000,000 (R&TC §17043), SDI on all wages (no ceiling since 2024, SB 951).
const CA_MHST_RATE = "0.01";
const CA_MHST_THRESHOLD = 1_000_000;
// CA supplemental wages withholding 6.6% (10.23% for bonuses and stock options), EDD DE 44.
const CA_SUPPLEMENTAL_RATE = "0.066";

type CaliforniaYear = {
  year: number;
  source: string;
  brackets: Record<FilingStatus, readonly Bracket[]>;
  standardDeduction: Record<FilingStatus, number>;
  sdiRate: string;
};

function californiaTable(y: CaliforniaYear): TaxTable {
  return {
    ...yearOf("CA", y.year),
    name: "California personal income tax and SDI",
    source: y.source,
    compute(income, profile) {
      const taxable = pos(income.minus(y.standardDeduction[profile.filingStatus]));
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("California income tax", bracketTax(taxable, y.brackets[profile.filingStatus])),
          incomeTaxLine("California Behavioral Health Services Tax", band(taxable, CA_MHST_THRESHOLD).times(CA_MHST_RATE), CA_MHST_RATE),
          socialLine("California SDI", income.times(y.sdiRate), y.sdiRate),
        ],
      };
    },
    supplementalRate: () => CA_SUPPLEMENTAL_RATE,
  };
}

// FTB 2025 California Tax Rate Schedules X (single), Y (joint), Z (head of household),
// https://www.ftb.ca.gov/forms/2025/2025-540-tax-rate-schedules.pdf ; standard deduction 2025
// (5,706 / 11,412) from the 2025 Form 540 instructions.
const CA_BRACKETS_2025: Record<FilingStatus, readonly Bracket[]> = {
  SINGLE: [[0, "0.01"], [11_079, "0.02"], [26_264, "0.04"], [41_452, "0.06"], [57_542, "0.08"], [72_724, "0.093"], [371_479, "0.103"], [445_771, "0.113"], [742_953, "0.123"]],
  MARRIED_JOINT: [[0, "0.01"], [22_158, "0.02"], [52_528, "0.04"], [82_904, "0.06"], [115_084, "0.08"], [145_448, "0.093"], [742_958, "0.103"], [891_542, "0.113"], [1_485_906, "0.123"]],
  HEAD_OF_HOUSEHOLD: [[0, "0.01"], [22_173, "0.02"], [52_530, "0.04"], [67_716, "0.06"], [83_805, "0.08"], [98_990, "0.093"], [505_208, "0.103"], [606_251, "0.113"], [1_010_417, "0.123"]],
};
const CA_STANDARD_DEDUCTION_2025: Record<FilingStatus, number> = { SINGLE: 5_706, MARRIED_JOINT: 11_412, HEAD_OF_HOUSEHOLD: 11_412 };

export const usCalifornia2025: TaxTable = californiaTable({
  year: 2025,
  source:
    "California FTB 2025 Tax Rate Schedules, https://www.ftb.ca.gov/forms/2025/2025-540-tax-rate-schedules.pdf; EDD DE 44 (SDI 1.2%, supplemental 6.6%), https://edd.ca.gov/pdf_pub_ctr/de44.pdf",
  brackets: CA_BRACKETS_2025,
  standardDeduction: CA_STANDARD_DEDUCTION_2025,
  // EDD, "2025 Rates, Withholding Schedules, and Meals and Lodging Values" (DE 44): SDI 1.2%.
  sdiRate: "0.012",
});

export const usCalifornia2026: TaxTable = californiaTable({
  year: 2026,
  source:
    "EDD 2026 contribution rates (SDI 1.3%, no wage ceiling), https://edd.ca.gov/en/payroll_taxes/rates_and_withholding/; brackets and standard deduction: the 2025 FTB schedules — the 2026 indexation (R&TC §17041(h), California CPI June 2025 to June 2026) is not in our sources",
  // The FTB's 2026 schedules (indexed by the California CPI change from June 2025 to June 2026,
  // R&TC §17041(h)) are not in our sources and the index is not known here: the 2025 brackets and
  // standard deduction are used, which overstates the 2026 tax by about that inflation rate on the
  // bracket edges. Marked in README's approximations.
  brackets: CA_BRACKETS_2025,
  standardDeduction: CA_STANDARD_DEDUCTION_2025,
  // EDD 2026: SDI (DI and PFL) employee rate 1.3% of all wages (announced October 2025).
  sdiRate: "0.013",
});

// ---------------------------------------------------------------------------------------------
// New York State: Tax Law §601 rate schedules and standard deductions (§614), the tax benefit
// recapture of §601(d-1) (IT-201 instructions, "Tax computation – New York AGI of more than
// $107,650", worksheets 1–6 of each filing status), SDI and Paid Family Leave.
// NY SDI employee: 0.5% of wages, at most USD 0.60 a week (Workers' Compensation Law §209) = 31.20 a year.
const NY_SDI_RATE = "0.005";
const NY_SDI_ANNUAL_MAX = "31.20";
const NY_DEPENDANT_EXEMPTION = 1_000;
// §614 standard deductions (not indexed): 8,000 single, 16,050 joint, 11,200 head of household.
const NY_STANDARD_DEDUCTION: Record<FilingStatus, number> = { SINGLE: 8_000, MARRIED_JOINT: 16_050, HEAD_OF_HOUSEHOLD: 11_200 };
// §601(d-1): the recapture starts above NY AGI 107,650, phases in over 50,000 of NY AGI (the fraction
// rounded to four decimal places, as the worksheets say), and above NY AGI 25,000,000 the whole
// taxable income is taxed at the top rate.
const NY_RECAPTURE_START = 107_650;
const NY_RECAPTURE_PHASE_IN = 50_000;
const NY_FLAT_TOP_RATE_ABOVE = 25_000_000;

export const NY_RECAPTURE_LINE = "New York tax benefit recapture";

/**
 * The tax benefit recapture of Tax Law §601(d-1) on top of the rate-schedule tax, as the IT-201
 * worksheets compute it. Let k be the bracket that holds NY AGI 107,650 (single: 6% from 80,650;
 * joint and head of household: 5.5%) and j the bracket of the taxable income TI:
 * - TI in bracket k or below: (rate_k × TI − tax(TI)) × fraction, the fraction being
 *   min(NYAGI − 107,650, 50,000) / 50,000;
 * - TI in a higher bracket j: the recapture base (the benefit of the brackets below j − 1 at rate
 *   j − 1, rate_{j−1} × from_{j−1} − tax(from_{j−1}), in whole dollars as the worksheets print it:
 *   single 568, 2,399, 32,571; joint 333, 1,140, 3,887, 64,237 in 2025) plus the incremental benefit
 *   (rate_j × TI − tax(TI) − base) × min(NYAGI − from_j, 50,000) / 50,000;
 * - NY AGI over 25,000,000: TI × the top rate, less the schedule tax.
 * `rounded` false gives the same without the worksheets' roundings (for slopes).
 */
function nyRecapture(taxable: Amount, agi: Amount, brackets: readonly Bracket[], rounded: boolean): Amount {
  const scheduleTax = bracketTax(taxable, brackets);
  if (agi.lte(NY_RECAPTURE_START)) return ZERO;
  const rate = (i: number) => dec(brackets[i]![1]);
  const from = (i: number) => dec(brackets[i]![0]);
  if (agi.gt(NY_FLAT_TOP_RATE_ABOVE)) return taxable.times(rate(brackets.length - 1)).minus(scheduleTax);
  const bracketOf = (x: Decimal.Value): number => {
    let i = 0;
    while (i + 1 < brackets.length && from(i + 1).lt(x)) i++;
    return i;
  };
  const k = bracketOf(NY_RECAPTURE_START);
  const j = bracketOf(taxable);
  const fraction = (over: Decimal.Value): Amount => {
    const f = min(pos(agi.minus(over)), NY_RECAPTURE_PHASE_IN).dividedBy(NY_RECAPTURE_PHASE_IN);
    return rounded ? f.toDecimalPlaces(4, Decimal.ROUND_HALF_UP) : f;
  };
  if (j <= k) return rate(k).times(taxable).minus(scheduleTax).times(fraction(NY_RECAPTURE_START));
  const baseExact = rate(j - 1).times(from(j - 1)).minus(bracketTax(from(j - 1), brackets));
  const base = rounded ? baseExact.toDecimalPlaces(0, Decimal.ROUND_HALF_UP) : baseExact;
  return base.plus(rate(j).times(taxable).minus(scheduleTax).minus(base).times(fraction(from(j))));
}

type NewYorkYear = {
  year: number;
  source: string;
  brackets: Record<FilingStatus, readonly Bracket[]>;
  pflRate: string;
  pflAnnualMax: string;
  supplementalRate: string;
};

function newYorkTable(y: NewYorkYear): TaxTable {
  const compute = (income: Amount, profile: ResolvedProfile, rounded: boolean): TableResult => {
    const brackets = y.brackets[profile.filingStatus];
    const taxable = pos(income.minus(NY_STANDARD_DEDUCTION[profile.filingStatus]).minus(profile.dependants * NY_DEPENDANT_EXEMPTION));
    // NY AGI: the wages (no NY modifications modelled).
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("New York State income tax", bracketTax(taxable, brackets)),
        incomeTaxLine(NY_RECAPTURE_LINE, nyRecapture(taxable, income, brackets, rounded)),
        socialLine("New York SDI", min(income.times(NY_SDI_RATE), NY_SDI_ANNUAL_MAX), NY_SDI_RATE),
        socialLine("New York Paid Family Leave", min(income.times(y.pflRate), y.pflAnnualMax), y.pflRate),
      ],
    };
  };
  return {
    ...yearOf("NY", y.year),
    name: "New York State personal income tax, SDI and PFL",
    source: y.source,
    compute: (income, profile) => compute(income, profile, true),
    computeUnrounded: (income, profile) => compute(income, profile, false),
    supplementalRate: () => y.supplementalRate,
  };
}

/** The New York schedules of one year: the same brackets for every year, each status with its rates. */
function nyBrackets(rates: readonly string[]): Record<FilingStatus, readonly Bracket[]> {
  const withRates = (froms: readonly number[]): readonly Bracket[] => froms.map((from, i) => [from, rates[i]!] as const);
  return {
    SINGLE: withRates([0, 8_500, 11_700, 13_900, 80_650, 215_400, 1_077_550, 5_000_000, 25_000_000]),
    MARRIED_JOINT: withRates([0, 17_150, 23_600, 27_900, 161_550, 323_200, 2_155_350, 5_000_000, 25_000_000]),
    HEAD_OF_HOUSEHOLD: withRates([0, 12_800, 17_650, 20_900, 107_650, 269_300, 1_616_450, 5_000_000, 25_000_000]),
  };
}

export const usNewYork2025: TaxTable = newYorkTable({
  year: 2025,
  source:
    "NY Tax Law §601 (2023–2025 schedules, (d-1) recapture) / IT-201 instructions 2025, https://www.tax.ny.gov/forms/current-forms/it/it201i.htm; NYS-50-T-NYS (supplemental 11.70%); NY PFL 2025, https://paidfamilyleave.ny.gov/2025",
  // Tax Law §601(a)–(c) rate schedules for taxable years 2023–2025, as printed in the 2025 IT-201 instructions.
  brackets: nyBrackets(["0.04", "0.045", "0.0525", "0.055", "0.06", "0.0685", "0.0965", "0.103", "0.109"]),
  // NY Paid Family Leave 2025: 0.388% of wages up to the SAWW 91,373.88, annual maximum 354.53.
  // https://paidfamilyleave.ny.gov/2025
  pflRate: "0.00388",
  pflAnnualMax: "354.53",
  // NY supplemental wages withholding 11.70%: Publication NYS-50-T-NYS (1/25), https://www.tax.ny.gov/pdf/publications/withholding/nys50_t_nys.pdf
  supplementalRate: "0.117",
});

export const usNewYork2026: TaxTable = newYorkTable({
  year: 2026,
  source:
    "NY Tax Law §601 as amended by L.2025 ch. 59 part B (2026 schedules: the five lower rates cut by 0.1 point), https://www.nysenate.gov/legislation/laws/TAX/601; (d-1) recapture derived from those schedules; NY PFL 2026 (DFS: 0.432%, max 411.91), https://paidfamilyleave.ny.gov/2026",
  // Tax Law §601(a)(1)(B)(vii), (b)(1)(B)(vii), (c)(1)(B)(vii) as added by L.2025 ch. 59 part B:
  // taxable years beginning in 2026, same brackets, rates 3.9 / 4.4 / 5.15 / 5.4 / 5.9% below the
  // 6.85% bracket (2027 on: 3.8 / 4.3 / 5.05 / 5.3 / 5.8%). From memory of the FY2026 budget and the
  // 2027 schedule of S.8720 (2026), not re-checked against the 2026 IT-201 instructions; the
  // recapture amounts are derived from these schedules by the (d-1) rule (worksheets not seen).
  brackets: nyBrackets(["0.039", "0.044", "0.0515", "0.054", "0.059", "0.0685", "0.0965", "0.103", "0.109"]),
  // NY Paid Family Leave 2026 (DFS rate decision): 0.432% of wages, annual maximum 411.91 (SAWW 1,833.63 a week).
  pflRate: "0.00432",
  pflAnnualMax: "411.91",
  // NYS-50-T-NYS (1/26) supplemental rate: 11.70% kept (top rates unchanged); not re-checked.
  supplementalRate: "0.117",
});

// ---------------------------------------------------------------------------------------------
// Texas and Florida: no personal income tax (Tex. Const. art. 8 §24-a; Fla. Const. art. VII §5).
function noWageTax(region: "TX" | "FL", year: number, name: string, source: string): TaxTable {
  return {
    ...yearOf(region, year),
    name,
    source,
    compute: (income) => ({ taxableIncome: income, lines: [] }),
    supplementalRate: () => "0",
  };
}

const TX_SOURCE = "Texas Constitution art. 8 §24-a, https://statutes.capitol.texas.gov/Docs/CN/htm/CN.8.htm";
const FL_SOURCE = "Florida Constitution art. VII §5, https://www.flsenate.gov/Laws/Constitution";
export const usTexas: readonly TaxTable[] = [2025, 2026].map((year) => noWageTax("TX", year, "Texas (no personal income tax)", TX_SOURCE));
export const usFlorida: readonly TaxTable[] = [2025, 2026].map((year) => noWageTax("FL", year, "Florida (no personal income tax)", FL_SOURCE));

// ---------------------------------------------------------------------------------------------
// Washington: no wage income tax. Employee payroll premiums: WA Cares Fund 0.58% of all wages
// (RCW 50B.04.080), https://wacaresfund.wa.gov/ ; Paid Family and Medical Leave: the year's total
// premium × the employee share, on wages up to the Social Security wage base (RCW 50A.10.030).
const WA_CARES_RATE = "0.0058";

function washingtonTable(year: number, source: string, premium: string, employeeShare: string, wageCap: number): TaxTable {
  const pfmlRate = dec(premium).times(employeeShare).toString();
  return {
    ...yearOf("WA", year),
    name: "Washington (no wage income tax; PFML and WA Cares premiums)",
    source,
    compute(income) {
      return {
        taxableIncome: income,
        lines: [
          socialLine("Washington Paid Family and Medical Leave", min(income, wageCap).times(pfmlRate), pfmlRate),
          socialLine("WA Cares Fund", income.times(WA_CARES_RATE), WA_CARES_RATE),
        ],
      };
    },
    supplementalRate: () => "0",
  };
}

// 2025: total premium 0.92%, employee share 71.52% (= 0.657984%), wage base 176,100. https://paidleave.wa.gov/rates/
export const usWashington2025 = washingtonTable(
  2025,
  "WA ESD Paid Leave 2025 premium rate 0.92% (employee 71.52%), https://paidleave.wa.gov/rates/; WA Cares 0.58%, https://wacaresfund.wa.gov/",
  "0.0092",
  "0.7152",
  176_100,
);
// 2026: total premium 1.13%, employee share 71.43% (= 0.807159%), wage base 184,500 (ESD, "2026 Paid
// Family & Medical Leave Premiums"), https://paidleave.wa.gov/updates
export const usWashington2026 = washingtonTable(
  2026,
  "WA ESD Paid Leave 2026 premium rate 1.13% (employee 71.43%, wages up to 184,500), https://paidleave.wa.gov/updates; WA Cares 0.58%, https://wacaresfund.wa.gov/",
  "0.0113",
  "0.7143",
  184_500,
);

// ---------------------------------------------------------------------------------------------
// Illinois: flat 4.95% (35 ILCS 5/201(b)(5.4)); exemption allowance per person (35 ILCS 5/204,
// 2,050 + cost-of-living adjustment), not allowed when federal AGI exceeds 250,000 (500,000 joint).
// https://tax.illinois.gov/questionsandanswers/851.html
const IL_RATE = "0.0495";
const IL_EXEMPTION_AGI_LIMIT: Record<FilingStatus, number> = { SINGLE: 250_000, MARRIED_JOINT: 500_000, HEAD_OF_HOUSEHOLD: 250_000 };

function illinoisTable(year: number, source: string, exemption: number): TaxTable {
  return {
    ...yearOf("IL", year),
    name: "Illinois individual income tax",
    source,
    compute(income, profile) {
      const exemptions = income.gt(IL_EXEMPTION_AGI_LIMIT[profile.filingStatus]) ? 0 : (adultsOf(profile) + profile.dependants) * exemption;
      const taxable = pos(income.minus(exemptions));
      return { taxableIncome: taxable, lines: [incomeTaxLine("Illinois income tax", taxable.times(IL_RATE), IL_RATE)] };
    },
    supplementalRate: () => IL_RATE,
  };
}

// 2025 exemption allowance 2,850 (IDOR, Q&A 851 and Form IL-1040 instructions 2025).
export const usIllinois2025 = illinoisTable(
  2025,
  "Illinois Department of Revenue, income tax rates and 2025 exemption allowance 2,850, https://tax.illinois.gov/questionsandanswers/851.html",
  2_850,
);
// 2026: the rate is unchanged; the 2026 exemption allowance (2,050 + the cost-of-living adjustment of
// 35 ILCS 5/204) is not in our sources: the 2025 amount 2,850 is used (marked in README).
export const usIllinois2026 = illinoisTable(
  2026,
  "Illinois Department of Revenue, income tax rate 4.95%, https://tax.illinois.gov/research/taxrates/income.html; exemption allowance: 2025's 2,850 (the 2026 cost-of-living amount is not in our sources)",
  2_850,
);

// ---------------------------------------------------------------------------------------------
// Massachusetts: Part B income 5.0% (M.G.L. c.62 §4); 4% surtax on taxable income over the indexed
// threshold (Mass. Const. amend. art. 121); personal exemptions 4,400 single, 6,800 head of
// household, 8,800 joint, 1,000 per dependant (c.62 §3B). Supplemental withholding 5.0% (Circular M).
// https://www.mass.gov/info-details/massachusetts-tax-rates
const MA_RATE = "0.05";
const MA_SURTAX_RATE = "0.04";
const MA_EXEMPTION: Record<FilingStatus, number> = { SINGLE: 4_400, MARRIED_JOINT: 8_800, HEAD_OF_HOUSEHOLD: 6_800 };
const MA_DEPENDANT_EXEMPTION = 1_000;

function massachusettsTable(year: number, source: string, surtaxThreshold: number): TaxTable {
  return {
    ...yearOf("MA", year),
    name: "Massachusetts personal income tax and surtax",
    source,
    compute(income, profile) {
      const taxable = pos(income.minus(MA_EXEMPTION[profile.filingStatus]).minus(profile.dependants * MA_DEPENDANT_EXEMPTION));
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("Massachusetts income tax", taxable.times(MA_RATE), MA_RATE),
          incomeTaxLine("Massachusetts surtax", band(taxable, surtaxThreshold).times(MA_SURTAX_RATE), MA_SURTAX_RATE),
        ],
      };
    },
    supplementalRate: () => MA_RATE,
  };
}

// 2025 surtax threshold 1,083,150 (DOR TIR 24-15).
export const usMassachusetts2025 = massachusettsTable(
  2025,
  "Massachusetts DOR, tax rates and 4% surtax threshold 1,083,150 for 2025, https://www.mass.gov/info-details/massachusetts-tax-rates",
  1_083_150,
);
// 2026: the 2026 surtax threshold (indexed by the federal CPI change, art. 121) is not in our
// sources: 2025's 1,083,150 is used (marked in README).
export const usMassachusetts2026 = massachusettsTable(
  2026,
  "Massachusetts DOR, tax rates (5%, 4% surtax), https://www.mass.gov/info-details/massachusetts-tax-rates; surtax threshold: 2025's 1,083,150 (the 2026 indexed threshold is not in our sources)",
  1_083_150,
);

// ---------------------------------------------------------------------------------------------
// New Jersey: gross income tax rates N.J.S.A. 54A:2-1 (unchanged since 2020, not indexed), Form
// NJ-1040 tax rate schedules, https://www.nj.gov/treasury/taxation/taxtables.shtml ; exemptions
// 1,000 per taxpayer (2 joint) and 1,500 per dependant (54A:3-1). Head of household uses the joint
// schedule. No published flat supplemental rate: the rate over the benefit is used.
const NJ_SINGLE: readonly Bracket[] = [[0, "0.014"], [20_000, "0.0175"], [35_000, "0.035"], [40_000, "0.05525"], [75_000, "0.0637"], [500_000, "0.0897"], [1_000_000, "0.1075"]];
const NJ_JOINT: readonly Bracket[] = [[0, "0.014"], [20_000, "0.0175"], [50_000, "0.0245"], [70_000, "0.035"], [80_000, "0.05525"], [150_000, "0.0637"], [500_000, "0.0897"], [1_000_000, "0.1075"]];
const NJ_EXEMPTION = 1_000;
const NJ_DEPENDANT_EXEMPTION = 1_500;

function newJerseyTable(year: number): TaxTable {
  return {
    ...yearOf("NJ", year),
    name: "New Jersey gross income tax",
    source: `NJ Division of Taxation, NJ-1040 tax rate schedules (N.J.S.A. 54A:2-1, the same for ${year}), https://www.nj.gov/treasury/taxation/taxtables.shtml`,
    compute(income, profile) {
      const exemptions = adultsOf(profile) * NJ_EXEMPTION + profile.dependants * NJ_DEPENDANT_EXEMPTION;
      const taxable: Amount = pos(income.minus(exemptions));
      const brackets = profile.filingStatus === "SINGLE" ? NJ_SINGLE : NJ_JOINT;
      return { taxableIncome: taxable, lines: [incomeTaxLine("New Jersey income tax", bracketTax(taxable, brackets))] };
    },
  };
}

export const usNewJersey2025 = newJerseyTable(2025);
export const usNewJersey2026 = newJerseyTable(2026);

/** Every state table of every year (`tables/index.ts` collects them). */
export const usStates: readonly TaxTable[] = [
  usCalifornia2025,
  usCalifornia2026,
  usNewYork2025,
  usNewYork2026,
  ...usTexas,
  usWashington2025,
  usWashington2026,
  usIllinois2025,
  usIllinois2026,
  usMassachusetts2025,
  usMassachusetts2026,
  usNewJersey2025,
  usNewJersey2026,
  ...usFlorida,
];
