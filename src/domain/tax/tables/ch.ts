/**
 * Switzerland: direct federal tax (country table) and the Canton of Zurich with the City of Zurich
 * (region "ZH"), tax years 2025 and 2026, each built from its year's figures.
 *
 * Statutory rounding: the federal tariff of Art. 36 DBG is written in steps ("für je weitere 100
 * Franken … Rappen mehr"), so the taxable income is taken in whole CHF 100 (rounded down) and the
 * tax is the row's amount plus the per-100 amount for each full 100 above it. Zurich: the taxable
 * income is rounded down to CHF 100 for the tariff (§ 35 StG ZH tariff steps as the Steueramt's
 * tariff applies them; from memory, not re-checked) and the canton's and the city's taxes are
 * rounded down to 5 Rappen (as the canton's assessments show: simple tax 11,194 × 98% = 10,970.12
 * is levied as 10,970.10). `computeUnrounded` gives the lines without these steps (for marginal rates).
 *
 * APPROXIMATION (documented): taxable income = gross − employee AHV/IV/EO and ALV − flat
 * professional expenses (3% of net salary, min 2,000, max 4,000) − insurance premium deduction −
 * child deductions. Pension fund (BVG) and accident (NBU) contributions vary by employer and age
 * and are not modelled (they are deductible, so tax is somewhat overstated and social security
 * understated); meals, commuting, pillar 3a, church tax and wealth tax are not modelled.
 */
import Decimal from "decimal.js";
import { type Amount, type Bracket, bracketTax, clamp, dec, incomeTaxLine, min, pos, type ResolvedProfile, socialLine, type TableResult, type TaxTable, ZERO } from "../table.ts";

/** Rounded down to whole CHF 100 (the tariffs' steps). */
const toHundreds = (x: Amount): Amount => x.dividedBy(100).toDecimalPlaces(0, Decimal.ROUND_DOWN).times(100);
/** Rounded down to 5 Rappen. */
const toFiveRappen = (x: Amount): Amount => x.times(20).toDecimalPlaces(0, Decimal.ROUND_DOWN).dividedBy(20);

// Employee social insurance 2025 and 2026 (unchanged): AHV/IV/EO 5.3% of all earnings (AHVG Art. 5, IVG Art. 3, EOG Art. 27),
// ALV 1.1% up to 148,200 (AVIG Art. 3). https://www.ahv-iv.ch/p/2.01.d
const AHV_RATE = "0.053";
const ALV_RATE = "0.011";
const ALV_CEILING = 148_200;

// Flat professional expenses (Berufskostenverordnung / ZH Weisung): 3% of the net salary, min 2,000, max 4,000.
const PROFESSIONAL_RATE = "0.03";
const PROFESSIONAL_MIN = 2_000;
const PROFESSIONAL_MAX = 4_000;

function socialOf(income: Amount) {
  const ahv = income.times(AHV_RATE);
  const alv = min(income, ALV_CEILING).times(ALV_RATE);
  return { ahv, alv, net: pos(income.minus(ahv).minus(alv)) };
}

function afterProfessionalExpenses(net: Amount): Amount {
  return pos(net.minus(min(clamp(net.times(PROFESSIONAL_RATE), PROFESSIONAL_MIN, PROFESSIONAL_MAX), net)));
}

/** Married tariff for couples and for single parents living with their children (Art. 36 Abs. 2bis DBG, § 35 Abs. 2 StG ZH). */
function usesMarriedTariff(profile: ResolvedProfile): boolean {
  return profile.filingStatus === "MARRIED_JOINT" || (profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0);
}

// ---------------------------------------------------------------------------------------------
// Direct federal tax, Art. 36 DBG as indexed by the EFD Verordnung über die kalte Progression of
// 22 August 2024 (AS 2024 479), in force 1 January 2025. Each row: [from, tax at from, rate above].
// https://www.fedlex.admin.ch/eli/cc/1991/1184_1184_1184/de#art_36
type TariffRow = readonly [from: number, base: string, rate: string];
const FEDERAL_SINGLE: readonly TariffRow[] = [
  [0, "0", "0"],
  [15_200, "0", "0.0077"],
  [33_200, "138.60", "0.0088"],
  [43_500, "229.20", "0.0264"],
  [58_000, "612.00", "0.0297"],
  [76_100, "1149.55", "0.0594"],
  [82_000, "1500.00", "0.066"],
  [108_800, "3268.80", "0.088"],
  [141_500, "6146.40", "0.11"],
  [184_900, "10920.40", "0.132"],
];
const FEDERAL_SINGLE_FLAT_FROM = 793_400; // 11.5% of the whole income from here
const FEDERAL_MARRIED: readonly TariffRow[] = [
  [0, "0", "0"],
  [29_700, "0", "0.01"],
  [53_400, "237", "0.02"],
  [61_300, "395", "0.03"],
  [79_100, "929", "0.04"],
  [94_900, "1561", "0.05"],
  [108_600, "2246", "0.06"],
  [120_500, "2960", "0.07"],
  [130_500, "3660", "0.08"],
  [138_300, "4284", "0.09"],
  [144_200, "4815", "0.10"],
  [148_200, "5215", "0.11"],
  [150_300, "5446", "0.12"],
  [152_300, "5686", "0.13"],
];
const FEDERAL_MARRIED_FLAT_FROM = 940_800;
const FEDERAL_FLAT_RATE = "0.115";
const FEDERAL_CHILD_REDUCTION = 263; // Art. 36 Abs. 2bis DBG, per child, from the tax
const FEDERAL_MINIMUM_TAX = 25; // Art. 36 Abs. 3 DBG: amounts under CHF 25 are not levied
// Deductions (APPROXIMATION, Art. 33 Abs. 1 lit. g and Art. 35 DBG as indexed for 2025, to be checked against
// the ESTV "Kalte Progression" table): insurance premiums 1,800 / 3,700 (+700 per child), child deduction 6,800,
// married deduction 2,800.
const FEDERAL_INSURANCE_DEDUCTION_SINGLE = 1_800;
const FEDERAL_INSURANCE_DEDUCTION_MARRIED = 3_700;
const FEDERAL_INSURANCE_DEDUCTION_PER_CHILD = 700;
const FEDERAL_CHILD_DEDUCTION = 6_800;
const FEDERAL_MARRIED_DEDUCTION = 2_800;

/** The federal tariff at a (rounded or unrounded) taxable income. */
function tariff(income: Amount, rows: readonly TariffRow[], flatFrom: number): Amount {
  if (income.gte(flatFrom)) return income.times(FEDERAL_FLAT_RATE);
  let row = rows[0]!;
  for (const candidate of rows) if (income.gte(candidate[0])) row = candidate;
  return dec(row[1]).plus(income.minus(row[0]).times(row[2]));
}

/** Art. 36 DBG on the taxable income; `rounded`: in the tariff's whole CHF 100 steps. */
export function federalTax(taxable: Amount, profile: ResolvedProfile, rounded = true): Amount {
  const income = rounded ? toHundreds(pos(taxable)) : pos(taxable);
  if (!usesMarriedTariff(profile)) return tariff(income, FEDERAL_SINGLE, FEDERAL_SINGLE_FLAT_FROM);
  return pos(tariff(income, FEDERAL_MARRIED, FEDERAL_MARRIED_FLAT_FROM).minus(FEDERAL_CHILD_REDUCTION * profile.dependants));
}

type SwissYear = { taxYear: string; periodStart: string; periodEnd: string };

function federalCompute(rounded: boolean) {
  return (income: Amount, profile: ResolvedProfile): TableResult => {
    const { ahv, alv, net } = socialOf(income);
    const married = profile.filingStatus === "MARRIED_JOINT";
    const insurance =
      (married ? FEDERAL_INSURANCE_DEDUCTION_MARRIED : FEDERAL_INSURANCE_DEDUCTION_SINGLE) + FEDERAL_INSURANCE_DEDUCTION_PER_CHILD * profile.dependants;
    const taxable = pos(
      afterProfessionalExpenses(net)
        .minus(insurance)
        .minus(FEDERAL_CHILD_DEDUCTION * profile.dependants)
        .minus(married ? FEDERAL_MARRIED_DEDUCTION : 0),
    );
    const computed = federalTax(taxable, profile, rounded);
    const federal = computed.lt(FEDERAL_MINIMUM_TAX) ? ZERO : computed;
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Direct federal tax", federal),
        socialLine("AHV/IV/EO", ahv, AHV_RATE),
        socialLine("Unemployment insurance (ALV)", alv, ALV_RATE),
      ],
    };
  };
}

function swissFederalTable(year: SwissYear & { id: string; source: string; name: string }): TaxTable {
  return {
    id: year.id,
    countryCode: "CH",
    region: null,
    name: year.name,
    currency: "CHF",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute: federalCompute(true),
    computeUnrounded: federalCompute(false),
  };
}

export const chFederal2025: TaxTable = swissFederalTable({
  id: "ch-federal-2025",
  name: "Switzerland direct federal tax and employee AHV/IV/EO/ALV (approximation)",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Art. 36 DBG as indexed by the EFD ordinance of 22.08.2024 (AS 2024 479), https://www.fedlex.admin.ch/eli/cc/1991/1184_1184_1184/de#art_36; AHV/IV/EO/ALV contribution rates 2025, https://www.ahv-iv.ch/p/2.01.d",
});

// Tax year 2026: the EFD adjusted every tariff step of Art. 36 DBG for the cold progression (ordinance
// of August 2025, in force 1 January 2026) and left the deductions unchanged (the inflation since
// the last adjustment was too small to move them); AHV/IV/EO 5.3% and ALV 1.1% up to 148,200 are
// unchanged. APPROXIMATION: the 2026 tariff figures are not in this table (not available offline
// when it was written); the 2025 rows above are used, which overstates the 2026 tax by the small
// inflation adjustment. https://www.estv.admin.ch/estv/de/home/direkte-bundessteuer/dbst-steuertarife.html
export const chFederal2026: TaxTable = swissFederalTable({
  id: "ch-federal-2026",
  name: "Switzerland direct federal tax and employee AHV/IV/EO/ALV (approximation: 2025 tariff rows)",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source:
    "Art. 36 DBG, https://www.fedlex.admin.ch/eli/cc/1991/1184_1184_1184/de#art_36; ESTV Steuertarife 2026 (deductions unchanged, tariff steps not re-checked), https://www.estv.admin.ch/estv/de/home/direkte-bundessteuer/dbst-steuertarife.html; AHV/IV/EO/ALV contribution rates 2026, https://www.ahv-iv.ch/p/2.01.d",
});

// ---------------------------------------------------------------------------------------------
// Canton of Zurich, § 35 StG ZH Grundtarif (einfache Staatssteuer) as indexed from tax period 2023
// (Zürcher Steuerbuch Nr. 34/1, https://www.zh.ch/de/steuern-finanzen/steuern/treuhaender/steuerbuch/steuerbuch-definition/zstb-34-1.html):
// 0% on the first 6,900; then 2% on 4,900; 3% on 4,800; 4% on 7,900; 5% on 9,600; 6% on 11,000;
// 7% on 12,900; 8% on 17,400; 9% on 33,600; 10% on 33,200; 11% on 52,700; 12% on 68,400; 13% above 263,300.
// APPROXIMATION: the Verheiratetentarif is approximated by full splitting (twice the Grundtarif on
// half the income); deductions: insurance premiums 2,900 / 5,800 (+1,300 per child), child deduction
// 9,300, professional expenses as federal.
const ZH_GRUNDTARIF: readonly Bracket[] = [
  [0, "0"],
  [6_900, "0.02"],
  [11_800, "0.03"],
  [16_600, "0.04"],
  [24_500, "0.05"],
  [34_100, "0.06"],
  [45_100, "0.07"],
  [58_000, "0.08"],
  [75_400, "0.09"],
  [109_000, "0.10"],
  [142_200, "0.11"],
  [194_900, "0.12"],
  [263_300, "0.13"],
];
const ZH_PERSONAL_TAX = 24; // Personalsteuer per adult (§ 199 StG ZH)
const ZH_INSURANCE_DEDUCTION_SINGLE = 2_900;
const ZH_INSURANCE_DEDUCTION_MARRIED = 5_800;
const ZH_INSURANCE_DEDUCTION_PER_CHILD = 1_300;

/** The Grundtarif, or for a married couple / single parent full splitting (approximation), on the taxable income. */
export function zurichSimpleTax(taxable: Amount, profile: ResolvedProfile, rounded = true): Amount {
  const income = rounded ? toHundreds(pos(taxable)) : pos(taxable);
  if (!usesMarriedTariff(profile)) return bracketTax(income, ZH_GRUNDTARIF);
  return bracketTax(income.dividedBy(2), ZH_GRUNDTARIF).times(2);
}

type ZurichYear = SwissYear & {
  id: string;
  name: string;
  source: string;
  /** Steuerfüsse: canton and City of Zurich, as decimals of the simple tax. */
  canton: string;
  city: string;
  childDeduction: number;
};

function zurichCompute(year: ZurichYear, rounded: boolean) {
  const levied = (x: Amount): Amount => (rounded ? toFiveRappen(x) : x);
  const cantonPercent = dec(year.canton).times(100).toFixed();
  const cityPercent = dec(year.city).times(100).toFixed();
  return (income: Amount, profile: ResolvedProfile): TableResult => {
    const { net } = socialOf(income);
    const married = profile.filingStatus === "MARRIED_JOINT";
    const insurance = (married ? ZH_INSURANCE_DEDUCTION_MARRIED : ZH_INSURANCE_DEDUCTION_SINGLE) + ZH_INSURANCE_DEDUCTION_PER_CHILD * profile.dependants;
    const taxable = pos(afterProfessionalExpenses(net).minus(insurance).minus(year.childDeduction * profile.dependants));
    const simple = zurichSimpleTax(taxable, profile, rounded);
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine(`Canton of Zurich tax (${cantonPercent}% of the simple tax)`, levied(simple.times(year.canton))),
        incomeTaxLine(`City of Zurich tax (${cityPercent}% of the simple tax)`, levied(simple.times(year.city))),
        incomeTaxLine("Zurich personal tax", dec(ZH_PERSONAL_TAX * (married ? 2 : 1))),
      ],
    };
  };
}

function zurichTable(year: ZurichYear): TaxTable {
  return {
    id: year.id,
    countryCode: "CH",
    region: "ZH",
    name: year.name,
    currency: "CHF",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute: zurichCompute(year, true),
    computeUnrounded: zurichCompute(year, false),
  };
}

// Steuerfüsse 2025: Canton of Zurich 98%, City of Zurich 119% (without church tax); child deduction 9,300.
// https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html
export const chZurich2025: TaxTable = zurichTable({
  id: "ch-zh-2025",
  name: "Canton and City of Zurich income tax (approximation: Steuerfuss 98% + 119%)",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "§ 35 StG ZH (Zürcher Steuerbuch Nr. 34/1), https://www.zh.ch/de/steuern-finanzen/steuern/treuhaender/steuerbuch/steuerbuch-definition/zstb-34-1.html; Steuerfüsse 2025, https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html",
  canton: "0.98",
  city: "1.19",
  childDeduction: 9_300,
});

// Tax year 2026: the Kantonsrat lowered the canton's Steuerfuss from 98% to 95% for 2026 and 2027;
// the canton offset the cold progression (1.3% since the last adjustment): the child deduction
// rises from 9,300 to 9,400 (Finanzdirektion, 2025). City of Zurich Steuerfuss 119% (unchanged;
// from memory, not re-checked). APPROXIMATION: the 2026 tariff brackets and the insurance premium
// deductions indexed by 1.3% are not in this table (not available offline): the 2025 ones are used.
// https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html
export const chZurich2026: TaxTable = zurichTable({
  id: "ch-zh-2026",
  name: "Canton and City of Zurich income tax (approximation: Steuerfuss 95% + 119%, 2025 tariff brackets)",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source:
    "§ 35 StG ZH (Zürcher Steuerbuch Nr. 34/1), https://www.zh.ch/de/steuern-finanzen/steuern/treuhaender/steuerbuch/steuerbuch-definition/zstb-34-1.html; Steuerfüsse 2026 (canton 95%), https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html; Ausgleich der kalten Progression 2026 (Kinderabzug 9,400), https://www.zh.ch/de/news-uebersicht/medienmitteilungen.html",
  canton: "0.95",
  city: "1.19",
  childDeduction: 9_400,
});
