/**
 * Canada: federal income tax, CPP/CPP2 and EI employee contributions (country tables), and the
 * provinces of Ontario ("ON") and British Columbia ("BC"), for 2025 and 2026. One set of compute
 * functions; each year supplies its published parameters.
 *
 * Federal lowest rate: 2025 is the blended 14.5% (15% to 30 June, 14% from 1 July 2025), which the
 * CRA also applies to 2025 non-refundable credits; 2026 is 14% for the bracket and the credits.
 * Credits: basic personal amount, Canada employment amount, base CPP contributions and EI premiums;
 * the enhanced CPP and CPP2 are deducted from income. Not modelled: spouse and dependant amounts
 * (filing status is ignored: Canada taxes individuals), the federal top-up tax credit (it only
 * concerns credits above the first bracket), Ontario and BC low-income tax reductions, Quebec.
 */
import { type Amount, type Bracket, band, bracketTax, clamp, dec, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

/** CPP / CPP2 / EI parameters of one year. */
type Contributions = { ympe: number; yampe: number; eiMaxInsurable: number; eiRate: string };

const CPP_RATE = "0.0595";
const CPP_BASE_RATE = "0.0495";
const CPP_EXEMPTION = 3_500;
const CPP2_RATE = "0.04";

// CRA, CPP contribution rates, maximums and exemptions: 5.95% between 3,500 and the YMPE (base 4.95% +
// first enhancement 1%); CPP2 4% between the YMPE and the YAMPE. 2025: YMPE 71,300, YAMPE 81,200; EI 2025:
// 1.64% up to 65,700.
// https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/payroll/payroll-deductions-contributions/canada-pension-plan-cpp/cpp-contribution-rates-maximums-exemptions.html
// https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/payroll/payroll-deductions-contributions/employment-insurance-ei/ei-premium-rates-maximums.html
const CONTRIBUTIONS_2025: Contributions = { ympe: 71_300, yampe: 81_200, eiMaxInsurable: 65_700, eiRate: "0.0164" };
// Same CRA pages, 2026: YMPE 74,600, YAMPE 85,000 (maximum CPP 4,230.45, CPP2 416.00); EI 1.63% up to
// 68,900 (maximum premium 1,123.07).
const CONTRIBUTIONS_2026: Contributions = { ympe: 74_600, yampe: 85_000, eiMaxInsurable: 68_900, eiRate: "0.0163" };

/** Contributions and taxable income shared by the federal and provincial tables of one year. */
export function canadaBase(income: Amount, year: Contributions) {
  const pensionable = band(income, CPP_EXEMPTION, year.ympe);
  const cpp = pensionable.times(CPP_RATE);
  const cppBase = pensionable.times(CPP_BASE_RATE);
  const cpp2 = band(income, year.ympe, year.yampe).times(CPP2_RATE);
  const ei = min(income, year.eiMaxInsurable).times(year.eiRate);
  // The enhanced part of CPP (cpp − cppBase) and CPP2 are deductions (ITA s.60(e), (e.1)).
  const taxable = pos(income.minus(cpp.minus(cppBase)).minus(cpp2));
  return { cpp, cppBase, cpp2, ei, taxable };
}

type Federal = {
  year: string;
  contributions: Contributions;
  brackets: readonly Bracket[];
  creditRate: string;
  bpaMax: number;
  bpaMin: number;
  canadaEmploymentAmount: number;
  source: string;
};

// Federal 2025 (CRA, "Canadian income tax rates for individuals – current and previous years"):
// 14.5% (blended) to 57,375; 20.5% to 114,750; 26% to 177,882; 29% to 253,414; 33% above.
// Basic personal amount 16,129, reduced to 14,538 between net income 177,882 and 253,414;
// Canada employment amount 1,471. https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html
const FEDERAL_2025: Federal = {
  year: "2025",
  contributions: CONTRIBUTIONS_2025,
  brackets: [[0, "0.145"], [57_375, "0.205"], [114_750, "0.26"], [177_882, "0.29"], [253_414, "0.33"]],
  creditRate: "0.145",
  bpaMax: 16_129,
  bpaMin: 14_538,
  canadaEmploymentAmount: 1_471,
  source:
    "CRA, Canadian income tax rates for individuals 2025, https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html; CRA CPP and EI rates 2025",
};

// Federal 2026 (CRA, "Indexation adjustment for personal income tax and benefit amounts", indexation 2.0%):
// 14% to 58,523; 20.5% to 117,045; 26% to 181,440; 29% to 258,482; 33% above; basic personal amount 16,452
// (14,829 from net income 258,482); credits at 14%.
// https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/adjustment-personal-income-tax-benefit-amounts.html
// Canada employment amount 1,501 (1,471 indexed by 2.0%; from a secondary copy of the CRA chart, not
// re-checked on canada.ca).
const FEDERAL_2026: Federal = {
  year: "2026",
  contributions: CONTRIBUTIONS_2026,
  brackets: [[0, "0.14"], [58_523, "0.205"], [117_045, "0.26"], [181_440, "0.29"], [258_482, "0.33"]],
  creditRate: "0.14",
  bpaMax: 16_452,
  bpaMin: 14_829,
  canadaEmploymentAmount: 1_501,
  source:
    "CRA, Indexation adjustment for personal income tax and benefit amounts (2026), https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/adjustment-personal-income-tax-benefit-amounts.html; CRA CPP contribution rates, maximums and exemptions and EI premium rates and maximums 2026",
};

function federalTable(p: Federal): TaxTable {
  const [, , , [bpaFrom], [bpaTo]] = p.brackets as readonly [Bracket, Bracket, Bracket, Bracket, Bracket];
  const bpa = (netIncome: Amount): Amount => {
    const share = clamp(netIncome.minus(bpaFrom).dividedBy(dec(bpaTo).minus(bpaFrom)), 0, 1);
    return dec(p.bpaMax).minus(share.times(p.bpaMax - p.bpaMin));
  };
  return {
    id: `ca-federal-${p.year}`,
    countryCode: "CA",
    region: null,
    name: "Canada federal income tax, CPP and EI",
    currency: "CAD",
    taxYear: p.year,
    periodStart: `${p.year}-01-01`,
    periodEnd: `${p.year}-12-31`,
    source: p.source,
    compute(income) {
      const { cpp, cppBase, cpp2, ei, taxable } = canadaBase(income, p.contributions);
      const credits = bpa(taxable).plus(min(income, p.canadaEmploymentAmount)).plus(cppBase).plus(ei).times(p.creditRate);
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("Federal income tax", pos(bracketTax(taxable, p.brackets).minus(credits))),
          socialLine("CPP", cpp, CPP_RATE),
          socialLine("CPP2", cpp2, CPP2_RATE),
          socialLine("EI premiums", ei, p.contributions.eiRate),
        ],
      };
    },
  };
}

export const caFederal: TaxTable = federalTable(FEDERAL_2025);
export const caFederal2026: TaxTable = federalTable(FEDERAL_2026);

/** Ontario Health Premium on taxable income (Taxation Act, 2007 s.33.1; not indexed). */
export function ontarioHealthPremium(taxable: Amount): Amount {
  if (taxable.lte(20_000)) return ZERO;
  if (taxable.lte(36_000)) return min(300, taxable.minus(20_000).times("0.06"));
  if (taxable.lte(48_000)) return min(450, taxable.minus(36_000).times("0.06").plus(300));
  if (taxable.lte(72_000)) return min(600, taxable.minus(48_000).times("0.25").plus(450));
  if (taxable.lte(200_000)) return min(750, taxable.minus(72_000).times("0.25").plus(600));
  return min(900, taxable.minus(200_000).times("0.25").plus(750));
}

type Ontario = { year: string; contributions: Contributions; brackets: readonly Bracket[]; bpa: number; surtax: readonly [number, number]; source: string };
const ON_CREDIT_RATE = "0.0505";

// Ontario 2025 (Ontario Taxation Act, 2007 s.8; CRA Form ON428 2025): 5.05% to 52,886; 9.15% to 105,775;
// 11.16% to 150,000; 12.16% to 220,000; 13.16% above. Basic personal amount 12,747; surtax 20% of basic
// Ontario tax over 5,710 plus 36% over 7,307; Ontario Health Premium up to 900.
// https://www.ontario.ca/document/ontario-personal-income-tax
const ONTARIO_2025: Ontario = {
  year: "2025",
  contributions: CONTRIBUTIONS_2025,
  brackets: [[0, "0.0505"], [52_886, "0.0915"], [105_775, "0.1116"], [150_000, "0.1216"], [220_000, "0.1316"]],
  bpa: 12_747,
  surtax: [5_710, 7_307],
  source: "Ontario, personal income tax 2025 (ON428), https://www.ontario.ca/document/ontario-personal-income-tax",
};
// Ontario 2026 (Ontario indexation factor 1.019; the 150,000 and 220,000 thresholds are not indexed):
// 5.05% to 53,891; 9.15% to 107,785; 11.16% to 150,000; 12.16% to 220,000; 13.16% above; basic personal
// amount 12,989; surtax thresholds 5,818 and 7,446 (ON428 2026 / T4127 January 2026 Ontario amounts,
// taken from secondary copies of the published figures, not re-checked on ontario.ca).
const ONTARIO_2026: Ontario = {
  year: "2026",
  contributions: CONTRIBUTIONS_2026,
  brackets: [[0, "0.0505"], [53_891, "0.0915"], [107_785, "0.1116"], [150_000, "0.1216"], [220_000, "0.1316"]],
  bpa: 12_989,
  surtax: [5_818, 7_446],
  source: "Ontario, personal income tax 2026 (ON428, indexation 1.9%), https://www.ontario.ca/document/ontario-personal-income-tax",
};

function ontarioTable(p: Ontario): TaxTable {
  return {
    id: `ca-on-${p.year}`,
    countryCode: "CA",
    region: "ON",
    name: "Ontario income tax, surtax and Health Premium",
    currency: "CAD",
    taxYear: p.year,
    periodStart: `${p.year}-01-01`,
    periodEnd: `${p.year}-12-31`,
    source: p.source,
    compute(income) {
      const { cppBase, ei, taxable } = canadaBase(income, p.contributions);
      const credits = dec(p.bpa).plus(cppBase).plus(ei).times(ON_CREDIT_RATE);
      const basic = pos(bracketTax(taxable, p.brackets).minus(credits));
      const surtax = band(basic, p.surtax[0]).times("0.20").plus(band(basic, p.surtax[1]).times("0.36"));
      return {
        taxableIncome: taxable,
        lines: [
          incomeTaxLine("Ontario income tax", basic),
          incomeTaxLine("Ontario surtax", surtax),
          incomeTaxLine("Ontario Health Premium", ontarioHealthPremium(taxable)),
        ],
      };
    },
  };
}

export const caOntario: TaxTable = ontarioTable(ONTARIO_2025);
export const caOntario2026: TaxTable = ontarioTable(ONTARIO_2026);

/** BC credits are at the lowest BC rate (BC428). */
type BritishColumbia = { year: string; contributions: Contributions; brackets: readonly Bracket[]; bpa: number; source: string };

// British Columbia 2025 (Income Tax Act [RSBC 1996] s.4.1; Form BC428 2025): 5.06% to 49,279; 7.7% to
// 98,560; 10.5% to 113,158; 12.29% to 137,407; 14.7% to 186,306; 16.8% to 259,829; 20.5% above.
// Basic personal amount 12,932. https://www2.gov.bc.ca/gov/content/taxes/income-taxes/personal/tax-rates
const BRITISH_COLUMBIA_2025: BritishColumbia = {
  year: "2025",
  contributions: CONTRIBUTIONS_2025,
  brackets: [[0, "0.0506"], [49_279, "0.077"], [98_560, "0.105"], [113_158, "0.1229"], [137_407, "0.147"], [186_306, "0.168"], [259_829, "0.205"]],
  bpa: 12_932,
  source: "Government of British Columbia, personal income tax rates 2025, https://www2.gov.bc.ca/gov/content/taxes/income-taxes/personal/tax-rates",
};
// British Columbia 2026 (same page; brackets indexed by BC CPI 2.2%): 50,363 / 100,728 / 115,648 / 140,430 /
// 190,405 / 265,545 at 7.7% / 10.5% / 12.29% / 14.7% / 16.8% / 20.5%; the lowest rate 5.60% from 1 January
// 2026 (Budget 2026, "subject to the approval of the legislature" on the page when read; the credits
// follow the lowest rate). Basic personal amount 13,217 (12,932 × 1.022; from a secondary copy, not
// re-checked on gov.bc.ca). The BC tax reduction credit is not modelled (as in 2025).
const BRITISH_COLUMBIA_2026: BritishColumbia = {
  year: "2026",
  contributions: CONTRIBUTIONS_2026,
  brackets: [[0, "0.056"], [50_363, "0.077"], [100_728, "0.105"], [115_648, "0.1229"], [140_430, "0.147"], [190_405, "0.168"], [265_545, "0.205"]],
  bpa: 13_217,
  source:
    "Government of British Columbia, personal income tax rates 2026 and Budget 2026 (lowest rate 5.60%), https://www2.gov.bc.ca/gov/content/taxes/income-taxes/personal/tax-rates",
};

function britishColumbiaTable(p: BritishColumbia): TaxTable {
  const creditRate = String(p.brackets[0]![1]);
  return {
    id: `ca-bc-${p.year}`,
    countryCode: "CA",
    region: "BC",
    name: "British Columbia income tax",
    currency: "CAD",
    taxYear: p.year,
    periodStart: `${p.year}-01-01`,
    periodEnd: `${p.year}-12-31`,
    source: p.source,
    compute(income) {
      const { cppBase, ei, taxable } = canadaBase(income, p.contributions);
      const credits = dec(p.bpa).plus(cppBase).plus(ei).times(creditRate);
      return { taxableIncome: taxable, lines: [incomeTaxLine("British Columbia income tax", pos(bracketTax(taxable, p.brackets).minus(credits)))] };
    },
  };
}

export const caBritishColumbia: TaxTable = britishColumbiaTable(BRITISH_COLUMBIA_2025);
export const caBritishColumbia2026: TaxTable = britishColumbiaTable(BRITISH_COLUMBIA_2026);
