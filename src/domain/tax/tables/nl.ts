/**
 * Netherlands, box 1 2025 and 2026 for an employee under the AOW age: income tax and national
 * insurance premiums (volksverzekeringen) in one combined rate, less the algemene heffingskorting
 * and the arbeidskorting. The line is reported as income tax (the premiums cannot be separated from
 * the credits without the Belastingdienst's split); Zvw and WW are employer-paid for employees.
 * The credits are taken on the gross salary as both the box 1 income and the arbeidsinkomen.
 *
 * Not modelled: the 30% ruling, pension contributions, other credits (IACK), box 2/3, and the
 * Belastingdienst's rounding of each credit to whole euros on the assessment.
 */
import { type Amount, type Bracket, bracketTax, dec, incomeTaxLine, max, pos, type TaxTable, ZERO } from "../table.ts";

type NlYear = {
  id: string;
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  source: string;
  box1: readonly Bracket[];
  /** Algemene heffingskorting: `max`, reduced by `rate` of income above `from`, nil from `nilFrom`. */
  ahk: { max: number; from: number; rate: string; nilFrom: number };
  /** Arbeidskorting: `rate1` × income to `p1`; `base2` + `rate2` × (income − p1) to `p2`; `base3` + `rate3` × (income − p2) to `p3`; `max` − `taper` × (income − p3) to `nilFrom`. */
  ak: { p1: number; rate1: string; base2: number; rate2: string; p2: number; base3: number; rate3: string; p3: number; max: number; taper: string; nilFrom: number };
};

export function algemeneHeffingskorting(income: Amount, ahk: NlYear["ahk"]): Amount {
  if (income.lte(ahk.from)) return dec(ahk.max);
  if (income.gte(ahk.nilFrom)) return ZERO;
  return max(0, dec(ahk.max).minus(income.minus(ahk.from).times(ahk.rate)));
}

export function arbeidskorting(income: Amount, ak: NlYear["ak"]): Amount {
  if (income.lte(ak.p1)) return income.times(ak.rate1);
  if (income.lte(ak.p2)) return dec(ak.base2).plus(income.minus(ak.p1).times(ak.rate2));
  if (income.lte(ak.p3)) return dec(ak.base3).plus(income.minus(ak.p2).times(ak.rate3));
  if (income.lt(ak.nilFrom)) return max(0, dec(ak.max).minus(income.minus(ak.p3).times(ak.taper)));
  return ZERO;
}

function nlTable(year: NlYear): TaxTable {
  return {
    id: year.id,
    countryCode: "NL",
    region: null,
    name: "Netherlands box 1 income tax and national insurance (loonheffing)",
    currency: "EUR",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute(income) {
      const gross = bracketTax(income, year.box1);
      const credits = algemeneHeffingskorting(income, year.ahk).plus(arbeidskorting(income, year.ak));
      return {
        taxableIncome: income,
        lines: [incomeTaxLine("Box 1 income tax and national insurance, after heffingskortingen", pos(gross.minus(credits)))],
      };
    },
  };
}

// 2025. Belastingdienst, tarieven box 1 2025 (jonger dan AOW-leeftijd): 35.82% to 38,441; 37.48% to
// 76,817; 49.50% above. https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1
// Algemene heffingskorting 2025: 3,068, reduced by 6.337% of income above 28,406, nil from 76,817.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-algemene-heffingskorting-2025
// Arbeidskorting 2025: 8.053% up to 12,169; 980 + 30.030% to 26,288; 5,220 + 2.258% to 43,071;
// 5,599 − 6.510% above, nil from 129,078.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-arbeidskorting-2025
export const nl: TaxTable = nlTable({
  id: "nl-2025",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Belastingdienst, box 1 tarieven 2025 and tabellen algemene heffingskorting / arbeidskorting 2025, https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1",
  box1: [[0, "0.3582"], [38_441, "0.3748"], [76_817, "0.495"]],
  ahk: { max: 3_068, from: 28_406, rate: "0.06337", nilFrom: 76_817 },
  ak: { p1: 12_169, rate1: "0.08053", base2: 980, rate2: "0.3003", p2: 26_288, base3: 5_220, rate3: "0.02258", p3: 43_071, max: 5_599, taper: "0.0651", nilFrom: 129_078 },
});

// 2026 (Belastingplan 2026 as enacted, with the Tweede Kamer's amendments). Tarieven box 1 2026
// (jonger dan AOW-leeftijd): 35.75% to 38,883; 37.56% to 78,426; 49.50% above.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1
// Algemene heffingskorting 2026: 3,115, reduced by 6.398% of income above 29,736, nil from 78,426.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-algemene-heffingskorting-2026
// Arbeidskorting 2026: 8.324% up to 11,965; 996 + 31.009% to 25,845; 5,300 + 1.950% to 45,592;
// 5,685 − 6.510% above, nil from 132,920.
// https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/tabel-arbeidskorting-2026
// (Not re-checked on the Belastingdienst pages here: the figures are the enacted ones as republished
// in January 2026 — the Prinsjesdag proposal had 35.70%, 79,137, AHK 6.306% and AK 5,712, which the
// amendments changed; the AHK rate 6.398% is the one that takes 3,115 to nil exactly at 78,426.)
export const nl2026: TaxTable = nlTable({
  id: "nl-2026",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source:
    "Belastingdienst, box 1 tarieven 2026 and tabellen algemene heffingskorting / arbeidskorting 2026 (Belastingplan 2026), https://www.belastingdienst.nl/wps/wcm/connect/nl/belastingdienst/content/belastingtarieven-box-1",
  box1: [[0, "0.3575"], [38_883, "0.3756"], [78_426, "0.495"]],
  ahk: { max: 3_115, from: 29_736, rate: "0.06398", nilFrom: 78_426 },
  ak: { p1: 11_965, rate1: "0.08324", base2: 996, rate2: "0.31009", p2: 25_845, base3: 5_300, rate3: "0.0195", p3: 45_592, max: 5_685, taper: "0.0651", nilFrom: 132_920 },
});
