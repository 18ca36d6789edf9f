/**
 * Germany, Einkommensteuer 2025 (§32a EStG), Solidaritätszuschlag and employee social insurance.
 *
 * Approximations (documented): zvE = gross − Arbeitnehmer-Pauschbetrag 1,230 − Sonderausgaben-
 * Pauschbetrag 36 (72 joint) − employee pension, health and long-term care contributions
 * (treated as fully deductible Vorsorgeaufwendungen; unemployment insurance not deducted);
 * single parents (HEAD_OF_HOUSEHOLD with dependants) deduct the Entlastungsbetrag 4,260 + 240 per
 * further child. Not modelled: Kirchensteuer, Kinderfreibetrag/Kindergeld comparison, the
 * health insurer's own Zusatzbeitrag (the 2025 average 2.5% is used), Saxony's care rate.
 * zvE and the tax are not truncated to whole euros (see table.ts).
 */
import { type Amount, clamp, dec, incomeTaxLine, min, pos, socialLine, type TaxTable, ZERO } from "../table.ts";

// §32a Abs. 1 EStG in der Fassung des Steuerfortentwicklungsgesetzes vom 23.12.2024 (BGBl. 2024 I Nr. 449), VZ 2025:
// Grundfreibetrag 12,096; zone 2 up to 17,443: (932.30·y + 1,400)·y, y = (zvE − 12,096)/10,000;
// zone 3 up to 68,480: (176.64·z + 2,397)·z + 1,015.13, z = (zvE − 17,443)/10,000;
// zone 4 up to 277,825: 0.42·x − 10,911.92; zone 5: 0.45·x − 19,246.67.
// https://www.gesetze-im-internet.de/estg/__32a.html ; BMF Lohn- und Einkommensteuerrechner, https://www.bmf-steuerrechner.de
export function tarif2025(zve: Amount): Amount {
  if (zve.lte(12_096)) return ZERO;
  if (zve.lte(17_443)) {
    const y = zve.minus(12_096).dividedBy(10_000);
    return y.times("932.30").plus(1_400).times(y);
  }
  if (zve.lte(68_480)) {
    const z = zve.minus(17_443).dividedBy(10_000);
    return z.times("176.64").plus(2_397).times(z).plus("1015.13");
  }
  if (zve.lte(277_825)) return zve.times("0.42").minus("10911.92");
  return zve.times("0.45").minus("19246.67");
}

// Solidaritätszuschlaggesetz 1995 §3, §4 as amended for 2025: 5.5%, Freigrenze 19,950 (39,900 joint),
// Milderungszone 11.9% of the tax above the Freigrenze. https://www.gesetze-im-internet.de/solzg_1995/
const SOLI_RATE = "0.055";
const SOLI_PHASE_IN_RATE = "0.119";
const SOLI_FREIGRENZE = 19_950;

// Sozialversicherungs-Rechengrößenverordnung 2025 and contribution rates 2025 (employee halves):
// pension 18.6% → 9.3%, unemployment 2.6% → 1.3%, both up to the BBG 96,600 (8,050/month);
// health 14.6% + average Zusatzbeitrag 2.5% → 8.55%, long-term care 3.6% → 1.8% (+0.6% childless,
// −0.25% per child under 25 from the 2nd to the 5th), both up to the BBG 66,150 (5,512.50/month).
// https://www.bundesregierung.de/breg-de/aktuelles/beitragsbemessungsgrenzen-2025-2299044
const PENSION_RATE = "0.093";
const UNEMPLOYMENT_RATE = "0.013";
const PENSION_CEILING = 96_600;
const HEALTH_RATE = "0.0855";
const CARE_RATE_PARENT = dec("0.018");
const CARE_CHILDLESS_SURCHARGE = "0.006";
const CARE_CHILD_DISCOUNT = "0.0025";
const HEALTH_CEILING = 66_150;

const WERBUNGSKOSTEN_PAUSCHBETRAG = 1_230; // §9a Satz 1 Nr. 1 Buchst. a EStG
const SONDERAUSGABEN_PAUSCHBETRAG = 36; // §10c EStG (72 joint)
const ENTLASTUNGSBETRAG = 4_260; // §24b EStG, + 240 per further child
const ENTLASTUNGSBETRAG_PER_CHILD = 240;

function careRate(dependants: number): Amount {
  if (dependants === 0) return CARE_RATE_PARENT.plus(CARE_CHILDLESS_SURCHARGE);
  const discounted = Math.min(dependants, 5) - 1;
  return CARE_RATE_PARENT.minus(dec(CARE_CHILD_DISCOUNT).times(discounted));
}

export const de: TaxTable = {
  id: "de-2025",
  countryCode: "DE",
  region: null,
  name: "Germany income tax, solidarity surcharge and employee social insurance",
  currency: "EUR",
  taxYear: "2025",
  source:
    "§32a EStG (Steuerfortentwicklungsgesetz, BGBl. 2024 I Nr. 449), https://www.gesetze-im-internet.de/estg/__32a.html; SolZG 1995, https://www.gesetze-im-internet.de/solzg_1995/; Bundesregierung, Rechengrößen 2025, https://www.bundesregierung.de/breg-de/aktuelles/beitragsbemessungsgrenzen-2025-2299044",
  compute(income, profile) {
    const joint = profile.filingStatus === "MARRIED_JOINT";
    const care = careRate(profile.dependants);
    const pension = min(income, PENSION_CEILING).times(PENSION_RATE);
    const unemployment = min(income, PENSION_CEILING).times(UNEMPLOYMENT_RATE);
    const health = min(income, HEALTH_CEILING).times(HEALTH_RATE);
    const longTermCare = min(income, HEALTH_CEILING).times(care);
    const singleParent =
      profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0
        ? ENTLASTUNGSBETRAG + ENTLASTUNGSBETRAG_PER_CHILD * (profile.dependants - 1)
        : 0;
    const zve = pos(
      income
        .minus(WERBUNGSKOSTEN_PAUSCHBETRAG)
        .minus(SONDERAUSGABEN_PAUSCHBETRAG * (joint ? 2 : 1))
        .minus(pension)
        .minus(health)
        .minus(longTermCare)
        .minus(singleParent),
    );
    // Splittingverfahren §32a Abs. 5 EStG: twice the tax on half the joint zvE.
    const incomeTax = joint ? tarif2025(zve.dividedBy(2)).times(2) : tarif2025(zve);
    const freigrenze = SOLI_FREIGRENZE * (joint ? 2 : 1);
    const soli = incomeTax.lte(freigrenze)
      ? ZERO
      : clamp(incomeTax.minus(freigrenze).times(SOLI_PHASE_IN_RATE), 0, incomeTax.times(SOLI_RATE));
    return {
      taxableIncome: zve,
      lines: [
        incomeTaxLine("Einkommensteuer", incomeTax),
        incomeTaxLine("Solidaritätszuschlag", soli),
        socialLine("Rentenversicherung", pension, PENSION_RATE),
        socialLine("Arbeitslosenversicherung", unemployment, UNEMPLOYMENT_RATE),
        socialLine("Krankenversicherung", health, HEALTH_RATE),
        socialLine("Pflegeversicherung", longTermCare, care.toString()),
      ],
    };
  },
};
