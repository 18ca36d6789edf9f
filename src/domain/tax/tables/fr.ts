/**
 * France, impôt sur le revenu: barème 2025 (revenus 2024), with quotient familial, its
 * plafonnement, the décote and the contribution exceptionnelle sur les hauts revenus; employee
 * social contributions of a private-sector employee at 2025 rates.
 *
 * Approximations (documented): net imposable = gross − deductible contributions (old-age,
 * AGIRC-ARRCO, deductible CSG); the 10% abattement for professional expenses (min 504, max
 * 14,426); parts = 1 (2 for MARRIED_JOINT) + ½ for each of the first two children + 1 for each
 * further child + ½ for a single parent (HEAD_OF_HOUSEHOLD with children). Not modelled: CET,
 * APEC (cadres), Alsace-Moselle health contribution, the 61 € collection threshold, tax credits,
 * the 2025 contribution différentielle (CDHR).
 */
import { type Amount, type Bracket, band, bracketTax, clamp, dec, incomeTaxLine, max, min, pos, type ResolvedProfile, socialLine, type TaxTable, ZERO } from "../table.ts";

// Article 197 CGI, barème loi n° 2025-127 du 14 février 2025 de finances pour 2025, art. 2 (revenus 2024):
// 0% to 11,497; 11% to 29,315; 30% to 83,823; 41% to 180,294; 45% above.
// https://www.service-public.fr/particuliers/vosdroits/F1419
const BAREME: readonly Bracket[] = [[0, "0"], [11_497, "0.11"], [29_315, "0.30"], [83_823, "0.41"], [180_294, "0.45"]];
// Plafonnement du quotient familial (art. 197-2 CGI, LF 2025): 1,791 per half-part; 4,224 for the
// full part of a single parent's first child.
const QF_CAP_PER_HALF_PART = 1_791;
const QF_CAP_SINGLE_PARENT_FIRST_CHILD = 4_224;
// Décote (art. 197-4 CGI, LF 2025): 889 − 45.25% × impôt (single), 1,470 − 45.25% × impôt (couple).
const DECOTE_SINGLE = 889;
const DECOTE_COUPLE = 1_470;
const DECOTE_RATE = "0.4525";
// Abattement de 10% pour frais professionnels (art. 83-3° CGI), revenus 2024: min 504, max 14,426.
const ABATTEMENT_RATE = "0.10";
const ABATTEMENT_MIN = 504;
const ABATTEMENT_MAX = 14_426;
// Contribution exceptionnelle sur les hauts revenus (art. 223 sexies CGI): 3% from 250,000 (500,000
// couple) to 500,000 (1,000,000), 4% above.
const CEHR_RATE_1 = "0.03";
const CEHR_RATE_2 = "0.04";

// Employee contributions 2025 (URSSAF, taux de cotisations 2025, https://www.urssaf.fr/accueil/outils-documentation/taux-baremes/taux-cotisations-secteur-prive.html):
// PASS 2025 47,100; assurance vieillesse plafonnée 6.90% and déplafonnée 0.40%; AGIRC-ARRCO
// tranche 1 3.15% + CEG 0.86%, tranche 2 (1–8 PASS) 8.64% + CEG 1.08%; CSG 9.2% (6.8% deductible)
// and CRDS 0.5% on 98.25% of gross up to 4 PASS and 100% above.
const PASS = 47_100;
const VIEILLESSE_PLAFONNEE = "0.069";
const VIEILLESSE_DEPLAFONNEE = "0.004";
const AGIRC_T1 = dec("0.0315").plus("0.0086");
const AGIRC_T2 = dec("0.0864").plus("0.0108");
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

function taxForParts(income: Amount, numberOfParts: Amount): Amount {
  return bracketTax(income.dividedBy(numberOfParts), BAREME).times(numberOfParts);
}

/** Impôt brut after quotient familial and its plafonnement. */
export function impotBrut(revenuNetImposable: Amount, profile: ResolvedProfile): Amount {
  const { base, halfParts, singleParent } = parts(profile);
  const withParts = taxForParts(revenuNetImposable, dec(base).plus(dec(halfParts).dividedBy(2)));
  if (halfParts === 0) return withParts;
  const reference = taxForParts(revenuNetImposable, dec(base));
  const cap = singleParent
    ? dec(QF_CAP_SINGLE_PARENT_FIRST_CHILD).plus(dec(QF_CAP_PER_HALF_PART).times(Math.max(halfParts - 2, 0)))
    : dec(QF_CAP_PER_HALF_PART).times(halfParts);
  return max(withParts, reference.minus(cap));
}

export const fr: TaxTable = {
  id: "fr-2025",
  countryCode: "FR",
  region: null,
  name: "France impôt sur le revenu (barème 2025, revenus 2024) and employee social contributions",
  currency: "EUR",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Loi n° 2025-127 de finances pour 2025, art. 2 (art. 197 CGI), https://www.service-public.fr/particuliers/vosdroits/F1419; URSSAF taux de cotisations 2025, https://www.urssaf.fr/accueil/outils-documentation/taux-baremes/taux-cotisations-secteur-prive.html",
  compute(income, profile) {
    const couple = profile.filingStatus === "MARRIED_JOINT";
    const vieillesse = min(income, PASS).times(VIEILLESSE_PLAFONNEE).plus(income.times(VIEILLESSE_DEPLAFONNEE));
    const agircArrco = min(income, PASS).times(AGIRC_T1).plus(band(income, PASS, 8 * PASS).times(AGIRC_T2));
    const csgBase = min(income, 4 * PASS).times(CSG_BASE_SHARE).plus(band(income, 4 * PASS));
    const csgDeductible = csgBase.times(CSG_DEDUCTIBLE);
    const csgNonDeductible = csgBase.times(CSG_NON_DEDUCTIBLE);
    const crds = csgBase.times(CRDS);

    const netImposable = pos(income.minus(vieillesse).minus(agircArrco).minus(csgDeductible));
    const abattement = min(clamp(netImposable.times(ABATTEMENT_RATE), ABATTEMENT_MIN, ABATTEMENT_MAX), netImposable);
    const revenu = netImposable.minus(abattement);

    const brut = impotBrut(revenu, profile);
    const decoteBase = couple ? DECOTE_COUPLE : DECOTE_SINGLE;
    const decote = brut.isZero() ? ZERO : min(pos(dec(decoteBase).minus(brut.times(DECOTE_RATE))), brut);
    const impot = pos(brut.minus(decote));
    const cehrStart = couple ? 500_000 : 250_000;
    const cehr = band(revenu, cehrStart, 2 * cehrStart).times(CEHR_RATE_1).plus(band(revenu, 2 * cehrStart).times(CEHR_RATE_2));

    return {
      taxableIncome: revenu,
      lines: [
        incomeTaxLine("Impôt sur le revenu", impot),
        incomeTaxLine("Contribution exceptionnelle sur les hauts revenus", cehr),
        socialLine("Assurance vieillesse", vieillesse),
        socialLine("Retraite complémentaire AGIRC-ARRCO", agircArrco),
        socialLine("CSG", csgDeductible.plus(csgNonDeductible)),
        socialLine("CRDS", crds),
      ],
    };
  },
};
