/**
 * Netherlands, box 1 2025 for an employee under the AOW age: income tax and national insurance
 * premiums (volksverzekeringen) in one combined rate, less the algemene heffingskorting and the
 * arbeidskorting. The line is reported as income tax (the premiums cannot be separated from the
 * credits without the Belastingdienst's split); Zvw and WW are employer-paid for employees.
 *
 * Not modelled: the 30% ruling, pension contributions, other credits (IACK), box 2/3.
 */
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, max, pos, type TaxTable, ZERO } from "../table.ts";

// Belastingdienst, tarieven box 1 2025 (jonger dan AOW-leeftijd): 35.82% to 38,441; 37.48% to 76,817; 49.50% above.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1
const BOX1: readonly Bracket[] = [[0, "0.3582"], [38_441, "0.3748"], [76_817, "0.495"]];

// Algemene heffingskorting 2025: 3,068, reduced by 6.337% of income above 28,406, nil from 76,817.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-algemene-heffingskorting-2025
function algemeneHeffingskorting(income: Amount): Amount {
  if (income.lte(28_406)) return dec(3_068);
  if (income.gte(76_817)) return ZERO;
  return max(0, dec(3_068).minus(income.minus(28_406).times("0.06337")));
}

// Arbeidskorting 2025: 8.053% up to 12,169; 980 + 30.030% to 26,288; 5,220 + 2.258% to 43,071;
// 5,599 − 6.510% above, nil from 129,078.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-arbeidskorting-2025
function arbeidskorting(income: Amount): Amount {
  if (income.lte(12_169)) return income.times("0.08053");
  if (income.lte(26_288)) return dec(980).plus(income.minus(12_169).times("0.3003"));
  if (income.lte(43_071)) return dec(5_220).plus(income.minus(26_288).times("0.02258"));
  if (income.lt(129_078)) return max(0, dec(5_599).minus(income.minus(43_071).times("0.0651")));
  return ZERO;
}

export const nl: TaxTable = {
  id: "nl-2025",
  countryCode: "NL",
  region: null,
  name: "Netherlands box 1 income tax and national insurance (loonheffing)",
  currency: "EUR",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Belastingdienst, box 1 tarieven 2025 and tabellen algemene heffingskorting / arbeidskorting 2025, https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1",
  compute(income) {
    const gross = bracketTax(income, BOX1);
    const credits = algemeneHeffingskorting(income).plus(arbeidskorting(income));
    return {
      taxableIncome: income,
      lines: [incomeTaxLine("Box 1 income tax and national insurance, after heffingskortingen", pos(gross.minus(credits)))],
    };
  },
};
