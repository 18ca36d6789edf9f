/**
 * France: impôt sur le revenu (quotient familial and its plafonnement, décote, contribution
 * exceptionnelle sur les hauts revenus) and the employee social contributions of a private-sector
 * employee, one table per year of income, built by `frenchTable` from the year's figures.
 *
 * Which barème taxes which year: the loi de finances for year N fixes the barème for the income of
 * N − 1 ("imposition des revenus de N − 1"). The table of 2025 income therefore uses the barème of
 * the loi de finances pour 2026 (revenus 2025); the barème for 2026 income will be fixed by the loi
 * de finances pour 2027, not known when this was written, so the 2026 table uses the latest voted
 * barème (LF 2026) with the 2026 social contribution figures, and says so.
 *
 * Statutory rounding (art. 1657 CGI: bases and tax rounded to the nearest euro, 0.50 counted as 1;
 * DGFiP practice for the impôt brut and the décote, as in its worked examples: brut 1,366, décote
 * 779 − 45.25% × 1,366 = 160.885 → 161): the revenu net imposable, the impôt brut after the
 * plafonnement, the décote and the CEHR are rounded to the euro; contributions to the cent.
 * `computeUnrounded` gives the same lines without these roundings (for marginal rates).
 *
 * Approximations (documented): net imposable = gross − deductible contributions (old-age,
 * AGIRC-ARRCO with the CEG and CET, deductible CSG); the 10% abattement for professional expenses;
 * parts = 1 (2 for MARRIED_JOINT) + ½ for each of the first two children + 1 for each further child
 * + ½ for a single parent (HEAD_OF_HOUSEHOLD with children). Not modelled: APEC (cadres), the
 * Alsace-Moselle health contribution, prévoyance/mutuelle, the 61 € collection threshold (a rule of
 * collection, not of liability), tax credits and reductions. The contribution différentielle sur les
 * hauts revenus (CDHR, art. 224 CGI, LF 2025, revenus 2025 and as extended) is 0 for an employee
 * whose only income is salary: it tops the IR + CEHR up to 20% of the revenu fiscal de référence
 * above 250,000 (500,000 couple), and the barème alone already takes more than 20% there (single,
 * 250,000: about 89,000, 35%); it only bites with tax reductions or low-taxed income, not modelled.
 */
import Decimal from "decimal.js";
import { type Amount, type Bracket, band, bracketTax, clamp, dec, incomeTaxLine, max, min, pos, type ResolvedProfile, socialLine, type TableResult, type TaxTable, ZERO } from "../table.ts";

type Bareme = {
  /** Art. 197 I 1 CGI: the progressive barème per part. */
  brackets: readonly Bracket[];
  /** Art. 197 I 2: plafonnement per half-part, and for the first child of a single parent (full part). */
  qfCapPerHalfPart: number;
  qfCapSingleParentFirstChild: number;
  /** Art. 197 I 4: décote = amount − 45.25% × impôt brut. */
  decoteSingle: number;
  decoteCouple: number;
  /** Art. 83 3° CGI: the 10% abattement's minimum and maximum. */
  abattementMin: number;
  abattementMax: number;
};

type Social = {
  /** Plafond annuel de la sécurité sociale. */
  pass: number;
};

type FrenchYear = { id: string; taxYear: string; periodStart: string; periodEnd: string; name: string; source: string; bareme: Bareme; social: Social };

// Loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 2 (revenus 2024): 0% to 11,497; 11%
// to 29,315; 30% to 83,823; 41% to 180,294; 45% above; plafonnement 1,791 per half-part (4,224 for a
// single parent's first child); décote 889 / 1,470; abattement 10% min 504, max 14,426.
// https://www.service-public.fr/particuliers/vosdroits/F1419
export const BAREME_REVENUS_2024: Bareme = {
  brackets: [[0, "0"], [11_497, "0.11"], [29_315, "0.30"], [83_823, "0.41"], [180_294, "0.45"]],
  qfCapPerHalfPart: 1_791,
  qfCapSingleParentFirstChild: 4_224,
  decoteSingle: 889,
  decoteCouple: 1_470,
  abattementMin: 504,
  abattementMax: 14_426,
};

// Loi de finances pour 2026 (promulgated February 2026), art. 2 (revenus 2025): the tranches raised
// by 0.9%: 0% to 11,600; 11% to 29,579; 30% to 84,577; 41% to 181,917; 45% above; plafonnement
// 1,807 per half-part. Derived by the same 0.9% (not re-checked against the JO text): 4,262 for a
// single parent's first child (4,224 × 1.009), décote 897 / 1,483 (889 / 1,470 × 1.009, to the euro).
// Art. 83 3° CGI raises the abattement's limits in the proportion of the first tranche's upper limit
// (11,497 → 11,600): min 504 → 509, max 14,426 → 14,555 (derived, to the euro).
// https://www.service-public.fr/particuliers/vosdroits/F1419 ; https://www.legifrance.gouv.fr/codes/article_lc/LEGIARTI000048805573
export const BAREME_REVENUS_2025: Bareme = {
  brackets: [[0, "0"], [11_600, "0.11"], [29_579, "0.30"], [84_577, "0.41"], [181_917, "0.45"]],
  qfCapPerHalfPart: 1_807,
  qfCapSingleParentFirstChild: 4_262,
  decoteSingle: 897,
  decoteCouple: 1_483,
  abattementMin: 509,
  abattementMax: 14_555,
};

const DECOTE_RATE = "0.4525";
const ABATTEMENT_RATE = "0.10";
// Contribution exceptionnelle sur les hauts revenus (art. 223 sexies CGI): 3% from 250,000 (500,000
// couple) to 500,000 (1,000,000), 4% above (not indexed).
const CEHR_RATE_1 = "0.03";
const CEHR_RATE_2 = "0.04";

// Employee contribution rates, the same in 2025 and 2026 (URSSAF, taux de cotisations du secteur
// privé, https://www.urssaf.fr/accueil/outils-documentation/taux-baremes/taux-cotisations-secteur-prive.html;
// AGIRC-ARRCO, https://www.agirc-arrco.fr/mon-entreprise/cotisations/taux-de-cotisation/):
// assurance vieillesse plafonnée 6.90% (up to 1 PASS) and déplafonnée 0.40%; AGIRC-ARRCO tranche 1
// 3.15% + CEG 0.86%, tranche 2 (1–8 PASS) 8.64% + CEG 1.08%; CSG 9.2% (6.8% deductible) and CRDS
// 0.5% on 98.25% of gross up to 4 PASS and 100% above.
// Contribution d'équilibre technique (CET, ANI du 17 novembre 2017 instituant le régime AGIRC-ARRCO,
// art. 37; since 1 January 2019): 0.35% split 40/60, employee 0.14%, on the whole salary (tranches 1
// and 2, up to 8 PASS), due only when the salary exceeds the plafond (1 PASS a year), then from the
// first euro. Like the other AGIRC-ARRCO contributions it is deductible from the net imposable.
const VIEILLESSE_PLAFONNEE = "0.069";
const VIEILLESSE_DEPLAFONNEE = "0.004";
const AGIRC_T1 = dec("0.0315").plus("0.0086");
const AGIRC_T2 = dec("0.0864").plus("0.0108");
const CET_EMPLOYEE = "0.0014";
const CSG_DEDUCTIBLE = "0.068";
const CSG_NON_DEDUCTIBLE = "0.024";
const CRDS = "0.005";
const CSG_BASE_SHARE = "0.9825";

function parts(profile: ResolvedProfile): { base: number; halfParts: number; singleParent: boolean } {
  const base = profile.filingStatus === "MARRIED_JOINT" ? 2 : 1;
  const children = profile.dependants;
  let halfParts = Math.min(children, 2) + Math.max(children - 2, 0) * 2;
  const singleParent = profile.filingStatus === "HEAD_OF_HOUSEHOLD" && children > 0;
  if (singleParent) halfParts += 1;
  return { base, halfParts, singleParent };
}

function taxForParts(bareme: Bareme, income: Amount, numberOfParts: Amount): Amount {
  return bracketTax(income.dividedBy(numberOfParts), bareme.brackets).times(numberOfParts);
}

/** Impôt brut after quotient familial and its plafonnement (unrounded). */
export function impotBrut(bareme: Bareme, revenuNetImposable: Amount, profile: ResolvedProfile): Amount {
  const { base, halfParts, singleParent } = parts(profile);
  const withParts = taxForParts(bareme, revenuNetImposable, dec(base).plus(dec(halfParts).dividedBy(2)));
  if (halfParts === 0) return withParts;
  const reference = taxForParts(bareme, revenuNetImposable, dec(base));
  const cap = singleParent
    ? dec(bareme.qfCapSingleParentFirstChild).plus(dec(bareme.qfCapPerHalfPart).times(Math.max(halfParts - 2, 0)))
    : dec(bareme.qfCapPerHalfPart).times(halfParts);
  return max(withParts, reference.minus(cap));
}

function computeFor(year: FrenchYear, rounded: boolean) {
  const { bareme, social } = year;
  const euro = (x: Amount): Amount => (rounded ? x.toDecimalPlaces(0, Decimal.ROUND_HALF_UP) : x);
  const cents = (x: Amount): Amount => (rounded ? x.toDecimalPlaces(2, Decimal.ROUND_HALF_UP) : x);
  return (income: Amount, profile: ResolvedProfile): TableResult => {
    const couple = profile.filingStatus === "MARRIED_JOINT";
    const pass = social.pass;
    const vieillesse = cents(min(income, pass).times(VIEILLESSE_PLAFONNEE).plus(income.times(VIEILLESSE_DEPLAFONNEE)));
    const agircArrco = cents(min(income, pass).times(AGIRC_T1).plus(band(income, pass, 8 * pass).times(AGIRC_T2)));
    const cet = income.gt(pass) ? cents(min(income, 8 * pass).times(CET_EMPLOYEE)) : ZERO;
    const csgBase = min(income, 4 * pass).times(CSG_BASE_SHARE).plus(band(income, 4 * pass));
    const csgDeductible = cents(csgBase.times(CSG_DEDUCTIBLE));
    const csgNonDeductible = cents(csgBase.times(CSG_NON_DEDUCTIBLE));
    const crds = cents(csgBase.times(CRDS));

    const netImposable = pos(income.minus(vieillesse).minus(agircArrco).minus(cet).minus(csgDeductible));
    const abattement = min(clamp(netImposable.times(ABATTEMENT_RATE), bareme.abattementMin, bareme.abattementMax), netImposable);
    const revenu = euro(netImposable.minus(abattement));

    const brut = euro(impotBrut(bareme, revenu, profile));
    const decoteBase = couple ? bareme.decoteCouple : bareme.decoteSingle;
    const decote = brut.isZero() ? ZERO : min(euro(pos(dec(decoteBase).minus(brut.times(DECOTE_RATE)))), brut);
    const impot = pos(brut.minus(decote));
    const cehrStart = couple ? 500_000 : 250_000;
    const cehr = euro(band(revenu, cehrStart, 2 * cehrStart).times(CEHR_RATE_1).plus(band(revenu, 2 * cehrStart).times(CEHR_RATE_2)));

    return {
      taxableIncome: revenu,
      lines: [
        incomeTaxLine("Impôt sur le revenu", impot),
        incomeTaxLine("Contribution exceptionnelle sur les hauts revenus", cehr),
        socialLine("Assurance vieillesse", vieillesse),
        socialLine("Retraite complémentaire AGIRC-ARRCO", agircArrco),
        socialLine("Contribution d'équilibre technique (CET)", cet),
        socialLine("CSG", csgDeductible.plus(csgNonDeductible)),
        socialLine("CRDS", crds),
      ],
    };
  };
}

export function frenchTable(year: FrenchYear): TaxTable {
  return {
    id: year.id,
    countryCode: "FR",
    region: null,
    name: year.name,
    currency: "EUR",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute: computeFor(year, true),
    computeUnrounded: computeFor(year, false),
  };
}

// Income 2025: barème of the LF 2026 (revenus 2025); PASS 2025 47,100 (arrêté du 19 décembre 2024).
export const fr2025: TaxTable = frenchTable({
  id: "fr-2025",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  name: "France impôt sur le revenu (barème LF 2026, revenus 2025) and employee social contributions 2025",
  source:
    "Loi de finances pour 2026, art. 2 (art. 197 CGI, revenus 2025), https://www.service-public.fr/particuliers/vosdroits/F1419; art. 83, 223 sexies, 1657 CGI, https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577; URSSAF taux de cotisations 2025 (PASS 47,100), https://www.urssaf.fr/accueil/outils-documentation/taux-baremes/taux-cotisations-secteur-prive.html; AGIRC-ARRCO (CEG, CET: ANI du 17 novembre 2017, art. 37), https://www.agirc-arrco.fr/mon-entreprise/cotisations/taux-de-cotisation/",
  bareme: BAREME_REVENUS_2025,
  social: { pass: 47_100 },
});

// Income 2026: the barème for revenus 2026 (LF 2027) is not known; the latest voted barème (LF 2026,
// revenus 2025) is used. PASS 2026 48,060 (arrêté du 22 décembre 2025; +2%); contribution rates unchanged.
export const fr2026: TaxTable = frenchTable({
  id: "fr-2026",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  name: "France impôt sur le revenu (latest voted barème: LF 2026, revenus 2025) and employee social contributions 2026",
  source:
    "Loi de finances pour 2026, art. 2 (art. 197 CGI; the barème for revenus 2026 awaits the LF 2027), https://www.service-public.fr/particuliers/vosdroits/F1419; art. 83, 223 sexies, 1657 CGI, https://www.legifrance.gouv.fr/codes/texte_lc/LEGITEXT000006069577; URSSAF taux de cotisations 2026 (PASS 48,060), https://www.urssaf.fr/accueil/outils-documentation/taux-baremes/taux-cotisations-secteur-prive.html; AGIRC-ARRCO (CEG, CET), https://www.agirc-arrco.fr/mon-entreprise/cotisations/taux-de-cotisation/",
  bareme: BAREME_REVENUS_2025,
  social: { pass: 48_060 },
});
