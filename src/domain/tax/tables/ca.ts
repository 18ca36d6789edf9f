/**
 * Canada 2025: federal income tax, CPP/CPP2 and EI employee contributions (country table), and the
 * provinces of Ontario ("ON") and British Columbia ("BC").
 *
 * The federal lowest rate is the 2025 blended 14.5% (15% to 30 June, 14% from 1 July 2025), which
 * the CRA also applies to 2025 non-refundable credits. Credits: basic personal amount, Canada
 * employment amount, base CPP contributions and EI premiums; the enhanced CPP and CPP2 are
 * deducted from income. Not modelled: spouse and dependant amounts (filing status is ignored:
 * Canada taxes individuals), Ontario and BC low-income tax reductions, Quebec.
 */
import { type Amount, type Bracket, band, bracketTax, clamp, dec, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// CRA, CPP contribution rates, maximums and exemptions 2025: 5.95% between 3,500 and the YMPE 71,300
// (base 4.95% + first enhancement 1%); CPP2 4% between 71,300 and the YAMPE 81,200. EI 2025: 1.64% up to 65,700.
// https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/payroll/payroll-deductions-contributions/canada-pension-plan-cpp/cpp-contribution-rates-maximums-exemptions.html
// https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/payroll/payroll-deductions-contributions/employment-insurance-ei/ei-premium-rates-maximums.html
const CPP_RATE = "0.0595";
const CPP_BASE_RATE = "0.0495";
const CPP_EXEMPTION = 3_500;
const YMPE = 71_300;
const CPP2_RATE = "0.04";
const YAMPE = 81_200;
const EI_RATE = "0.0164";
const EI_MAX_INSURABLE = 65_700;

// Federal 2025 (CRA, "Canadian income tax rates for individuals – current and previous years"):
// 14.5% (blended) to 57,375; 20.5% to 114,750; 26% to 177,882; 29% to 253,414; 33% above.
// Basic personal amount 16,129, reduced to 14,538 between net income 177,882 and 253,414;
// Canada employment amount 1,471. https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html
const FEDERAL: readonly Bracket[] = [[0, "0.145"], [57_375, "0.205"], [114_750, "0.26"], [177_882, "0.29"], [253_414, "0.33"]];
const FEDERAL_CREDIT_RATE = "0.145";
const BPA_MAX = 16_129;
const BPA_MIN = 14_538;
const CANADA_EMPLOYMENT_AMOUNT = 1_471;

/** Contributions and taxable income shared by the federal and provincial tables. */
export function canadaBase(income: Amount) {
  const pensionable = band(income, CPP_EXEMPTION, YMPE);
  const cpp = pensionable.times(CPP_RATE);
  const cppBase = pensionable.times(CPP_BASE_RATE);
  const cpp2 = band(income, YMPE, YAMPE).times(CPP2_RATE);
  const ei = min(income, EI_MAX_INSURABLE).times(EI_RATE);
  // The enhanced part of CPP (cpp − cppBase) and CPP2 are deductions (ITA s.60(e), (e.1)).
  const taxable = pos(income.minus(cpp.minus(cppBase)).minus(cpp2));
  return { cpp, cppBase, cpp2, ei, taxable };
}

function basicPersonalAmount(netIncome: Amount): Amount {
  const share = clamp(netIncome.minus(177_882).dividedBy(253_414 - 177_882), 0, 1);
  return dec(BPA_MAX).minus(share.times(BPA_MAX - BPA_MIN));
}

export const caFederal: TaxTable = {
  id: "ca-federal-2025",
  countryCode: "CA",
  region: null,
  name: "Canada federal income tax, CPP and EI",
  currency: "CAD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "CRA, Canadian income tax rates for individuals 2025, https://www.canada.ca/en/revenue-agency/services/tax/individuals/frequently-asked-questions-individuals/canadian-income-tax-rates-individuals-current-previous-years.html; CRA CPP and EI rates 2025",
  compute(income) {
    const { cpp, cppBase, cpp2, ei, taxable } = canadaBase(income);
    const credits = basicPersonalAmount(taxable).plus(min(income, CANADA_EMPLOYMENT_AMOUNT)).plus(cppBase).plus(ei).times(FEDERAL_CREDIT_RATE);
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Federal income tax", pos(bracketTax(taxable, FEDERAL).minus(credits))),
        socialLine("CPP", cpp, CPP_RATE),
        socialLine("CPP2", cpp2, CPP2_RATE),
        socialLine("EI premiums", ei, EI_RATE),
      ],
    };
  },
};

// Ontario 2025 (Ontario Taxation Act, 2007 s.8; CRA Form ON428 2025): 5.05% to 52,886; 9.15% to 105,775;
// 11.16% to 150,000; 12.16% to 220,000; 13.16% above. Basic personal amount 12,747; surtax 20% of basic
// Ontario tax over 5,710 plus 36% over 7,307; Ontario Health Premium up to 900.
// https://www.ontario.ca/document/ontario-personal-income-tax
const ONTARIO: readonly Bracket[] = [[0, "0.0505"], [52_886, "0.0915"], [105_775, "0.1116"], [150_000, "0.1216"], [220_000, "0.1316"]];
const ON_CREDIT_RATE = "0.0505";
const ON_BPA = 12_747;

/** Ontario Health Premium on taxable income (Taxation Act, 2007 s.33.1). */
export function ontarioHealthPremium(taxable: Amount): Amount {
  if (taxable.lte(20_000)) return ZERO;
  if (taxable.lte(36_000)) return min(300, taxable.minus(20_000).times("0.06"));
  if (taxable.lte(48_000)) return min(450, taxable.minus(36_000).times("0.06").plus(300));
  if (taxable.lte(72_000)) return min(600, taxable.minus(48_000).times("0.25").plus(450));
  if (taxable.lte(200_000)) return min(750, taxable.minus(72_000).times("0.25").plus(600));
  return min(900, taxable.minus(200_000).times("0.25").plus(750));
}

export const caOntario: TaxTable = {
  id: "ca-on-2025",
  countryCode: "CA",
  region: "ON",
  name: "Ontario income tax, surtax and Health Premium",
  currency: "CAD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "Ontario, personal income tax 2025 (ON428), https://www.ontario.ca/document/ontario-personal-income-tax",
  compute(income) {
    const { cppBase, ei, taxable } = canadaBase(income);
    const credits = dec(ON_BPA).plus(cppBase).plus(ei).times(ON_CREDIT_RATE);
    const basic = pos(bracketTax(taxable, ONTARIO).minus(credits));
    const surtax = band(basic, 5_710).times("0.20").plus(band(basic, 7_307).times("0.36"));
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

// British Columbia 2025 (Income Tax Act [RSBC 1996] s.4.1; Form BC428 2025): 5.06% to 49,279; 7.7% to
// 98,560; 10.5% to 113,158; 12.29% to 137,407; 14.7% to 186,306; 16.8% to 259,829; 20.5% above.
// Basic personal amount 12,932. https://www2.gov.bc.ca/gov/content/taxes/income-taxes/personal/tax-rates
const BRITISH_COLUMBIA: readonly Bracket[] = [[0, "0.0506"], [49_279, "0.077"], [98_560, "0.105"], [113_158, "0.1229"], [137_407, "0.147"], [186_306, "0.168"], [259_829, "0.205"]];
const BC_CREDIT_RATE = "0.0506";
const BC_BPA = 12_932;

export const caBritishColumbia: TaxTable = {
  id: "ca-bc-2025",
  countryCode: "CA",
  region: "BC",
  name: "British Columbia income tax",
  currency: "CAD",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: "Government of British Columbia, personal income tax rates 2025, https://www2.gov.bc.ca/gov/content/taxes/income-taxes/personal/tax-rates",
  compute(income) {
    const { cppBase, ei, taxable } = canadaBase(income);
    const credits = dec(BC_BPA).plus(cppBase).plus(ei).times(BC_CREDIT_RATE);
    return { taxableIncome: taxable, lines: [incomeTaxLine("British Columbia income tax", pos(bracketTax(taxable, BRITISH_COLUMBIA).minus(credits)))] };
  },
};
