/**
 * Germany, Einkommensteuer (§32a EStG), Solidaritätszuschlag and employee social insurance: one
 * table per Veranlagungszeitraum (2025, 2026), built by `germanTable` from the year's figures.
 *
 * Statutory rounding (§32a Abs. 1 Satz 1 and 6 EStG; the BMF Programmablaufplan does the same):
 * the tariff is applied to the zvE rounded down to whole euros and the tariff tax is rounded down
 * to whole euros; for spouses assessed jointly (Splittingverfahren, §32a Abs. 5) the half of the
 * zvE is rounded down to whole euros, its tax rounded down, then doubled (the PAP's X = ZVE/KZTAB,
 * "auf ganze Euro abrunden"; ST abgerundet, × KZTAB). The Solidaritätszuschlag drops fractions of a
 * cent (§4 Satz 3 SolZG). Contributions are rounded to the cent (half up) before they are deducted.
 * `computeUnrounded` gives the same lines without those roundings (for marginal rates).
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
 * Abs. 6, §31 Satz 4); MARRIED_JOINT has both parents' Freibeträge against the full Kindergeld,
 * every other status one parent's half against half the Kindergeld (no transfer of the other
 * parent's half, §32 Abs. 6 Satz 6). The Kindergeld itself is not income in this table (it is paid
 * by the Familienkasse, not taxed). The Solidaritätszuschlag is computed on the tax with the
 * Freibeträge for every child whatever the comparison gives (§3 Abs. 2 SolZG). Not modelled:
 * Kirchensteuer, the health insurer's own Zusatzbeitrag (the year's average is used), Saxony's care
 * rate, children over 18, the Vorsorgepauschale of the monthly Lohnsteuer (this is the annual
 * assessment), the whole-euro rounding of the amounts entered in the return.
 */
import Decimal from "decimal.js";
import { type Amount, clamp, dec, incomeTaxLine, min, pos, type ResolvedProfile, socialLine, type TableResult, type TaxTable, ZERO } from "../table.ts";

/** The §32a Abs. 1 tariff of one year: zones 1–5 with their constants. */
type Tariff = {
  grundfreibetrag: number;
  /** zone 2 up to `zone2End`: (a2·y + 1,400)·y, y = (zvE − Grundfreibetrag) / 10,000 */
  zone2End: number;
  a2: string;
  /** zone 3 up to `zone3End`: (a3·z + 2,397)·z + c3, z = (zvE − zone2End) / 10,000 */
  zone3End: number;
  a3: string;
  c3: string;
  /** zone 4 up to 277,825: 0.42·x − c4; zone 5: 0.45·x − c5 */
  c4: string;
  c5: string;
};

type GermanYear = {
  id: string;
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  source: string;
  tariff: Tariff;
  /** §3 Abs. 3 SolZG Freigrenze (single; doubled for joint assessment). */
  soliFreigrenze: number;
  /** BBG pension and unemployment insurance, a year. */
  pensionCeiling: number;
  /** BBG health and long-term care insurance, a year. */
  healthCeiling: number;
  /** Employee health rate: (14.6% + the average Zusatzbeitrag) / 2. */
  healthRate: string;
  /** Kinderfreibetrag + BEA-Freibetrag of one parent (§32 Abs. 6 Satz 1). */
  childAllowancePerParent: number;
  /** Kindergeld a year per child (§66 Abs. 1: the monthly amount × 12). */
  kindergeldPerYear: number;
};

const ZONE4_END = 277_825;

/** §32a Abs. 1 EStG on an (unrounded) zvE. */
function tariffFormula(t: Tariff, zve: Amount): Amount {
  if (zve.lte(t.grundfreibetrag)) return ZERO;
  if (zve.lte(t.zone2End)) {
    const y = zve.minus(t.grundfreibetrag).dividedBy(10_000);
    return y.times(t.a2).plus(1_400).times(y);
  }
  if (zve.lte(t.zone3End)) {
    const z = zve.minus(t.zone2End).dividedBy(10_000);
    return z.times(t.a3).plus(2_397).times(z).plus(t.c3);
  }
  if (zve.lte(ZONE4_END)) return zve.times("0.42").minus(t.c4);
  return zve.times("0.45").minus(t.c5);
}

const floor = (x: Amount): Amount => x.toDecimalPlaces(0, Decimal.ROUND_DOWN);

// §32a Abs. 1 EStG in der Fassung des Steuerfortentwicklungsgesetzes vom 23.12.2024 (BGBl. 2024 I Nr. 449), VZ 2025:
// Grundfreibetrag 12,096; zone 2 up to 17,443: (932.30·y + 1,400)·y; zone 3 up to 68,480:
// (176.64·z + 2,397)·z + 1,015.13; zone 4 up to 277,825: 0.42·x − 10,911.92; zone 5: 0.45·x − 19,246.67.
// https://www.gesetze-im-internet.de/estg/__32a.html ; BMF Lohn- und Einkommensteuerrechner, https://www.bmf-steuerrechner.de
const TARIFF_2025: Tariff = { grundfreibetrag: 12_096, zone2End: 17_443, a2: "932.30", zone3End: 68_480, a3: "176.64", c3: "1015.13", c4: "10911.92", c5: "19246.67" };

// §32a Abs. 1 EStG as amended by the same Steuerfortentwicklungsgesetz for VZ 2026 (Art. 2):
// Grundfreibetrag 12,348; zone 2 up to 17,799: (914.51·y + 1,400)·y; zone 3 up to 69,878:
// (173.10·z + 2,397)·z + 1,034.87; zone 4 up to 277,825: 0.42·x − 11,135.63; zone 5: 0.45·x − 19,470.38.
// (The constants join at the zone edges: T(17,799) = 1,034.87; T(69,878) = 18,213.13 both ways.)
// https://www.gesetze-im-internet.de/estg/__32a.html
const TARIFF_2026: Tariff = { grundfreibetrag: 12_348, zone2End: 17_799, a2: "914.51", zone3End: 69_878, a3: "173.10", c3: "1034.87", c4: "11135.63", c5: "19470.38" };

/** §32a Abs. 1 EStG 2025 on an unrounded zvE (the formula; `germanTable` applies the roundings). */
export function tarif2025(zve: Amount): Amount {
  return tariffFormula(TARIFF_2025, zve);
}

/** §32a Abs. 1 EStG 2026 on an unrounded zvE. */
export function tarif2026(zve: Amount): Amount {
  return tariffFormula(TARIFF_2026, zve);
}

// Solidaritätszuschlaggesetz 1995 §3, §4: 5.5%, at most 11.9% of the tax above the Freigrenze.
// https://www.gesetze-im-internet.de/solzg_1995/
const SOLI_RATE = "0.055";
const SOLI_PHASE_IN_RATE = "0.119";

// Contribution rates (employee halves), the same in 2025 and 2026: pension 18.6% → 9.3%,
// unemployment 2.6% → 1.3% (both up to the pension BBG); long-term care 3.6% → 1.8% (+0.6%
// childless, −0.25% per child under 25 from the 2nd to the 5th, §55 SGB XI), up to the health BBG.
const PENSION_RATE = "0.093";
const UNEMPLOYMENT_RATE = "0.013";
const CARE_RATE_PARENT = dec("0.018");
const CARE_CHILDLESS_SURCHARGE = "0.006";
const CARE_CHILD_DISCOUNT = "0.0025";

// §10 Abs. 1 Nr. 3 Buchst. a Satz 4 EStG: contributions to statutory health insurance that carry a
// Krankengeld entitlement are deductible less 4%.
const KRANKENGELD_CUT = "0.04";

const WERBUNGSKOSTEN_PAUSCHBETRAG = 1_230; // §9a Satz 1 Nr. 1 Buchst. a EStG (2025 and 2026)
const SONDERAUSGABEN_PAUSCHBETRAG = 36; // §10c EStG (72 joint)
const ENTLASTUNGSBETRAG = 4_260; // §24b EStG, + 240 per further child
const ENTLASTUNGSBETRAG_PER_CHILD = 240;

function careRate(dependants: number): Amount {
  if (dependants === 0) return CARE_RATE_PARENT.plus(CARE_CHILDLESS_SURCHARGE);
  const discounted = Math.min(dependants, 5) - 1;
  return CARE_RATE_PARENT.minus(dec(CARE_CHILD_DISCOUNT).times(discounted));
}

/** A year's income tax rules, with or without the statutory roundings. */
export function germanIncomeTax(year: GermanYear, rounded: boolean) {
  const oneTariff = (zve: Amount): Amount => (rounded ? floor(tariffFormula(year.tariff, floor(zve))) : tariffFormula(year.tariff, zve));

  /** §32a Abs. 1 or, for spouses assessed jointly, the Splittingverfahren (§32a Abs. 5): twice the tax on half. */
  const tariff = (zve: Amount, joint: boolean): Amount => {
    const base = rounded ? floor(pos(zve)) : pos(zve);
    return joint ? oneTariff(base.dividedBy(2)).times(2) : oneTariff(base);
  };

  /**
   * Income tax with the Günstigerprüfung (§31 Satz 4 EStG), child by child: a child's Freibeträge
   * are deducted when the saving exceeds that child's Kindergeld, which is then added to the tax.
   * The tariff is convex, so the saving falls child by child and the children that pass are the
   * first ones. Answers the tax and the number of children whose Freibeträge were deducted.
   */
  const withChildren = (zve: Amount, joint: boolean, children: number): { tax: Amount; withAllowance: number } => {
    const allowance = year.childAllowancePerParent * (joint ? 2 : 1);
    const kindergeld = dec(year.kindergeldPerYear).times(joint ? 1 : "0.5");
    let withAllowance = 0;
    for (let k = 1; k <= children; k++) {
      const saving = tariff(zve.minus(allowance * (k - 1)), joint).minus(tariff(zve.minus(allowance * k), joint));
      if (!saving.gt(kindergeld)) break;
      withAllowance = k;
    }
    const tax = tariff(zve.minus(allowance * withAllowance), joint).plus(kindergeld.times(withAllowance));
    return { tax, withAllowance };
  };

  /** The Solidaritätszuschlag on the tax with every child's Freibeträge (§3 Abs. 2 SolZG). */
  const soli = (zve: Amount, joint: boolean, children: number): Amount => {
    const base = tariff(zve.minus(year.childAllowancePerParent * (joint ? 2 : 1) * children), joint);
    const freigrenze = year.soliFreigrenze * (joint ? 2 : 1);
    if (base.lte(freigrenze)) return ZERO;
    const amount = clamp(base.minus(freigrenze).times(SOLI_PHASE_IN_RATE), 0, base.times(SOLI_RATE));
    return rounded ? amount.toDecimalPlaces(2, Decimal.ROUND_DOWN) : amount;
  };

  return { tariff, withChildren, soli };
}

function computeFor(year: GermanYear, rounded: boolean) {
  const rules = germanIncomeTax(year, rounded);
  const cents = (x: Amount): Amount => (rounded ? x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : x);
  return (income: Amount, profile: ResolvedProfile): TableResult => {
    const joint = profile.filingStatus === "MARRIED_JOINT";
    const care = careRate(profile.dependants);
    const pension = cents(min(income, year.pensionCeiling).times(PENSION_RATE));
    const unemployment = cents(min(income, year.pensionCeiling).times(UNEMPLOYMENT_RATE));
    const health = cents(min(income, year.healthCeiling).times(year.healthRate));
    const longTermCare = cents(min(income, year.healthCeiling).times(care));
    const singleParent =
      profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0
        ? ENTLASTUNGSBETRAG + ENTLASTUNGSBETRAG_PER_CHILD * (profile.dependants - 1)
        : 0;
    const exactZve = pos(
      income
        .minus(WERBUNGSKOSTEN_PAUSCHBETRAG)
        .minus(SONDERAUSGABEN_PAUSCHBETRAG * (joint ? 2 : 1))
        .minus(pension)
        .minus(health.times(dec(1).minus(KRANKENGELD_CUT)))
        .minus(longTermCare)
        .minus(singleParent),
    );
    // §32a Abs. 1 Satz 1 EStG: the tariff applies to the zvE rounded down to whole euros.
    const zve = rounded ? floor(exactZve) : exactZve;
    const { tax: incomeTax, withAllowance } = rules.withChildren(zve, joint, profile.dependants);
    return {
      // §2 Abs. 5 EStG: the zvE is after the Freibeträge where they are deducted.
      taxableIncome: pos(zve.minus(year.childAllowancePerParent * (joint ? 2 : 1) * withAllowance)),
      lines: [
        incomeTaxLine("Einkommensteuer", incomeTax),
        incomeTaxLine("Solidaritätszuschlag", rules.soli(zve, joint, profile.dependants)),
        socialLine("Rentenversicherung", pension, PENSION_RATE),
        socialLine("Arbeitslosenversicherung", unemployment, UNEMPLOYMENT_RATE),
        socialLine("Krankenversicherung", health, year.healthRate),
        socialLine("Pflegeversicherung", longTermCare, care.toString()),
      ],
    };
  };
}

/** One year's table: the rounded `compute` and the unrounded variant for slopes. */
export function germanTable(year: GermanYear): TaxTable {
  return {
    id: year.id,
    countryCode: "DE",
    region: null,
    name: "Germany income tax, solidarity surcharge and employee social insurance",
    currency: "EUR",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute: computeFor(year, true),
    computeUnrounded: computeFor(year, false),
  };
}

export const DE_2025: GermanYear = {
  id: "de-2025",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "§32a EStG (Steuerfortentwicklungsgesetz, BGBl. 2024 I Nr. 449), https://www.gesetze-im-internet.de/estg/__32a.html; §10 Abs. 1 Nr. 3, §31, §32 Abs. 6, §66 EStG, https://www.gesetze-im-internet.de/estg/; SolZG 1995, https://www.gesetze-im-internet.de/solzg_1995/; Bundesregierung, Rechengrößen 2025, https://www.bundesregierung.de/breg-de/aktuelles/beitragsbemessungsgrenzen-2025-2299044",
  tariff: TARIFF_2025,
  // §3 Abs. 3 SolZG as amended for 2025: Freigrenze 19,950 (39,900 joint).
  soliFreigrenze: 19_950,
  // Sozialversicherungs-Rechengrößenverordnung 2025: BBG pension/unemployment 96,600 (8,050/month),
  // health/care 66,150 (5,512.50/month); average Zusatzbeitrag 2025 2.5% → health 8.55%.
  pensionCeiling: 96_600,
  healthCeiling: 66_150,
  healthRate: "0.0855",
  // §32 Abs. 6 Satz 1 EStG for 2025: Kinderfreibetrag 3,336 + BEA 1,464 per parent (9,600 per
  // child for a couple); §66 Abs. 1: Kindergeld 255 € a month (Steuerfortentwicklungsgesetz; checked
  // against secondary copies of the BMF summary).
  childAllowancePerParent: 3_336 + 1_464,
  kindergeldPerYear: 255 * 12,
};

export const DE_2026: GermanYear = {
  id: "de-2026",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source:
    "§32a EStG VZ 2026 (Steuerfortentwicklungsgesetz, BGBl. 2024 I Nr. 449, Art. 2), https://www.gesetze-im-internet.de/estg/__32a.html; §31, §32 Abs. 6, §66 EStG, https://www.gesetze-im-internet.de/estg/; SolZG 1995 §3, https://www.gesetze-im-internet.de/solzg_1995/; Sozialversicherungsrechengrößen-Verordnung 2026, https://www.bundesregierung.de/breg-de/aktuelles/beitragsbemessungsgrenzen-2026; BMG, durchschnittlicher Zusatzbeitragssatz 2026, https://www.bundesgesundheitsministerium.de/zusatzbeitrag",
  tariff: TARIFF_2026,
  // §3 Abs. 3 SolZG for 2026: Freigrenze 20,350 (40,700 joint).
  soliFreigrenze: 20_350,
  // Sozialversicherungsrechengrößen-Verordnung 2026: BBG pension/unemployment 101,400 (8,450/month),
  // health/care 69,750 (5,812.50/month); average Zusatzbeitrag 2026 2.9% → health (14.6% + 2.9%) / 2 = 8.75%.
  pensionCeiling: 101_400,
  healthCeiling: 69_750,
  healthRate: "0.0875",
  // §32 Abs. 6 Satz 1 EStG for 2026: Kinderfreibetrag 6,828 for both parents (3,414 each) + BEA
  // 2,928 (1,464 each): 9,756 per child for a couple; §66 Abs. 1: Kindergeld 259 € a month.
  childAllowancePerParent: 3_414 + 1_464,
  kindergeldPerYear: 259 * 12,
};

export const de2025: TaxTable = germanTable(DE_2025);
export const de2026: TaxTable = germanTable(DE_2026);
