/**
 * Germany, Einkommensteuer 2025 (§32a EStG), Solidaritätszuschlag and employee social insurance.
 *
 * Approximations (documented): zvE = gross − Arbeitnehmer-Pauschbetrag 1,230 − Sonderausgaben-
 * Pauschbetrag 36 (72 joint) − employee pension and long-term care contributions − the employee
 * health contribution reduced by 4% (§10 Abs. 1 Nr. 3 Buchst. a Satz 4 EStG: every employee is
 * taken to have a Krankengeld entitlement), all treated as Basisvorsorge deductible in full
 * (unemployment insurance not deducted: the §10 Abs. 4 cap is used up by the Basisvorsorge);
 * single parents (HEAD_OF_HOUSEHOLD with dependants) deduct the Entlastungsbetrag 4,260 + 240 per
 * further child.
 * Children (`dependants`, all taken to be children under 18 with Kindergeld): the Günstigerprüfung
 * of §31 EStG child by child — the Kinderfreibetrag + BEA-Freibetrag (§32 Abs. 6) is deducted when
 * its tax saving exceeds the Kindergeld (§66), and the Kindergeld is then added to the tax (§2
 * Abs. 6, §31 Satz 4); MARRIED_JOINT has both parents' Freibeträge (9,600 per child) against the
 * full Kindergeld (3,060 a year), every other status one parent's half (4,800) against half the
 * Kindergeld (no transfer of the other parent's half, §32 Abs. 6 Satz 6). The Kindergeld itself is
 * not income in this table (it is paid by the Familienkasse, not taxed). The Solidaritätszuschlag is
 * computed on the tax with the Freibeträge for every child whatever the comparison gives (§3 Abs. 2
 * SolZG). Not modelled: Kirchensteuer, the health insurer's own Zusatzbeitrag (the 2025 average
 * 2.5% is used), Saxony's care rate, children over 18, the Vorsorgepauschale of the monthly
 * Lohnsteuer (this is the annual assessment). zvE and the tax are not truncated to whole euros
 * (see table.ts).
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

// §10 Abs. 1 Nr. 3 Buchst. a Satz 4 EStG: contributions to statutory health insurance that carry a
// Krankengeld entitlement are deductible less 4%.
const KRANKENGELD_CUT = "0.04";

// §32 Abs. 6 Satz 1 EStG as amended by the Steuerfortentwicklungsgesetz (BGBl. 2024 I Nr. 449) for
// 2025: Kinderfreibetrag 3,336 and Freibetrag für Betreuungs-, Erziehungs- oder Ausbildungsbedarf
// 1,464 per parent (doubled for spouses assessed jointly, Satz 2): 9,600 per child for a couple.
// §66 Abs. 1 EStG: Kindergeld 255 € a month per child from 1 January 2025. BMF, "Kindergeld und
// Kinderfreibetrag 2025" (figures from memory of the BMF summary of the Steuerfortentwicklungsgesetz).
const CHILD_ALLOWANCE_PER_PARENT = 3_336 + 1_464;
const KINDERGELD_PER_YEAR = 255 * 12;

const WERBUNGSKOSTEN_PAUSCHBETRAG = 1_230; // §9a Satz 1 Nr. 1 Buchst. a EStG
const SONDERAUSGABEN_PAUSCHBETRAG = 36; // §10c EStG (72 joint)
const ENTLASTUNGSBETRAG = 4_260; // §24b EStG, + 240 per further child
const ENTLASTUNGSBETRAG_PER_CHILD = 240;

function careRate(dependants: number): Amount {
  if (dependants === 0) return CARE_RATE_PARENT.plus(CARE_CHILDLESS_SURCHARGE);
  const discounted = Math.min(dependants, 5) - 1;
  return CARE_RATE_PARENT.minus(dec(CARE_CHILD_DISCOUNT).times(discounted));
}

/** §32a Abs. 1 or, for spouses assessed jointly, the Splittingverfahren (§32a Abs. 5): twice the tax on half. */
function tariff(zve: Amount, joint: boolean): Amount {
  const base = pos(zve);
  return joint ? tarif2025(base.dividedBy(2)).times(2) : tarif2025(base);
}

/**
 * Income tax with the Günstigerprüfung (§31 Satz 4 EStG), child by child: a child's Freibeträge
 * are deducted when the saving exceeds that child's Kindergeld, which is then added to the tax.
 * The tariff is convex, so the saving falls child by child and the children that pass are the
 * first ones. Answers the tax and the number of children whose Freibeträge were deducted.
 */
export function incomeTaxWithChildren(zve: Amount, joint: boolean, children: number): { tax: Amount; withAllowance: number } {
  const allowance = CHILD_ALLOWANCE_PER_PARENT * (joint ? 2 : 1);
  const kindergeld = dec(KINDERGELD_PER_YEAR).times(joint ? 1 : "0.5");
  let withAllowance = 0;
  for (let k = 1; k <= children; k++) {
    const saving = tariff(zve.minus(allowance * (k - 1)), joint).minus(tariff(zve.minus(allowance * k), joint));
    if (!saving.gt(kindergeld)) break;
    withAllowance = k;
  }
  const tax = tariff(zve.minus(allowance * withAllowance), joint).plus(kindergeld.times(withAllowance));
  return { tax, withAllowance };
}

/** The Solidaritätszuschlag base: the tax with every child's Freibeträge (§3 Abs. 2 SolZG). */
export function soliBase(zve: Amount, joint: boolean, children: number): Amount {
  return tariff(zve.minus(CHILD_ALLOWANCE_PER_PARENT * (joint ? 2 : 1) * children), joint);
}

export const de: TaxTable = {
  id: "de-2025",
  countryCode: "DE",
  region: null,
  name: "Germany income tax, solidarity surcharge and employee social insurance",
  currency: "EUR",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "§32a EStG (Steuerfortentwicklungsgesetz, BGBl. 2024 I Nr. 449), https://www.gesetze-im-internet.de/estg/__32a.html; §10 Abs. 1 Nr. 3, §31, §32 Abs. 6, §66 EStG, https://www.gesetze-im-internet.de/estg/; SolZG 1995, https://www.gesetze-im-internet.de/solzg_1995/; Bundesregierung, Rechengrößen 2025, https://www.bundesregierung.de/breg-de/aktuelles/beitragsbemessungsgrenzen-2025-2299044",
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
        .minus(health.times(dec(1).minus(KRANKENGELD_CUT)))
        .minus(longTermCare)
        .minus(singleParent),
    );
    const { tax: incomeTax, withAllowance } = incomeTaxWithChildren(zve, joint, profile.dependants);
    const base = soliBase(zve, joint, profile.dependants);
    const freigrenze = SOLI_FREIGRENZE * (joint ? 2 : 1);
    const soli = base.lte(freigrenze) ? ZERO : clamp(base.minus(freigrenze).times(SOLI_PHASE_IN_RATE), 0, base.times(SOLI_RATE));
    return {
      // §2 Abs. 5 EStG: the zvE is after the Freibeträge where they are deducted.
      taxableIncome: pos(zve.minus(CHILD_ALLOWANCE_PER_PARENT * (joint ? 2 : 1) * withAllowance)),
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
