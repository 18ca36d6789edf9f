/**
 * Switzerland, tax year 2025: direct federal tax (country table) and the Canton of Zurich with the
 * City of Zurich (region "ZH").
 *
 * APPROXIMATION (documented): taxable income = gross − employee AHV/IV/EO and ALV − flat
 * professional expenses (3% of net salary, min 2,000, max 4,000) − insurance premium deduction −
 * child deductions. Pension fund (BVG) and accident (NBU) contributions vary by employer and age
 * and are not modelled (they are deductible, so tax is somewhat overstated and social security
 * understated); meals, commuting, pillar 3a, church tax and wealth tax are not modelled. Tariffs
 * are applied continuously (the federal tariff really moves in CHF 100 steps).
 */
import { type Amount, type Bracket, bracketTax, clamp, dec, incomeTaxLine, min, pos, type ResolvedProfile, socialLine, type TaxTable, ZERO } from "../table.ts";

// Employee social insurance 2025: AHV/IV/EO 5.3% of all earnings (AHVG Art. 5, IVG Art. 3, EOG Art. 27),
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

function tariff(income: Amount, rows: readonly TariffRow[], flatFrom: number): Amount {
  if (income.gte(flatFrom)) return income.times(FEDERAL_FLAT_RATE);
  let row = rows[0]!;
  for (const candidate of rows) if (income.gte(candidate[0])) row = candidate;
  return dec(row[1]).plus(income.minus(row[0]).times(row[2]));
}

export function federalTax2025(taxable: Amount, profile: ResolvedProfile): Amount {
  if (!usesMarriedTariff(profile)) return tariff(taxable, FEDERAL_SINGLE, FEDERAL_SINGLE_FLAT_FROM);
  return pos(tariff(taxable, FEDERAL_MARRIED, FEDERAL_MARRIED_FLAT_FROM).minus(FEDERAL_CHILD_REDUCTION * profile.dependants));
}

export const chFederal: TaxTable = {
  id: "ch-federal-2025",
  countryCode: "CH",
  region: null,
  name: "Switzerland direct federal tax and employee AHV/IV/EO/ALV (approximation)",
  currency: "CHF",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "Art. 36 DBG as indexed by the EFD ordinance of 22.08.2024 (AS 2024 479), https://www.fedlex.admin.ch/eli/cc/1991/1184_1184_1184/de#art_36; AHV/IV/EO/ALV contribution rates 2025, https://www.ahv-iv.ch/p/2.01.d",
  compute(income, profile) {
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
    const computed = federalTax2025(taxable, profile);
    const federal = computed.lt(FEDERAL_MINIMUM_TAX) ? ZERO : computed;
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Direct federal tax", federal),
        socialLine("AHV/IV/EO", ahv, AHV_RATE),
        socialLine("Unemployment insurance (ALV)", alv, ALV_RATE),
      ],
    };
  },
};

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
// Steuerfüsse 2025 (documented multiplier): Canton of Zurich 98%, City of Zurich 119% (without church tax).
// https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html
const ZH_CANTON_MULTIPLIER = "0.98";
const ZH_CITY_MULTIPLIER = "1.19";
const ZH_PERSONAL_TAX = 24; // Personalsteuer per adult (§ 199 StG ZH)
const ZH_INSURANCE_DEDUCTION_SINGLE = 2_900;
const ZH_INSURANCE_DEDUCTION_MARRIED = 5_800;
const ZH_INSURANCE_DEDUCTION_PER_CHILD = 1_300;
const ZH_CHILD_DEDUCTION = 9_300;

export function zurichSimpleTax(taxable: Amount, profile: ResolvedProfile): Amount {
  if (!usesMarriedTariff(profile)) return bracketTax(taxable, ZH_GRUNDTARIF);
  return bracketTax(taxable.dividedBy(2), ZH_GRUNDTARIF).times(2);
}

export const chZurich: TaxTable = {
  id: "ch-zh-2025",
  countryCode: "CH",
  region: "ZH",
  name: "Canton and City of Zurich income tax (approximation: Steuerfuss 98% + 119%)",
  currency: "CHF",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source:
    "§ 35 StG ZH (Zürcher Steuerbuch Nr. 34/1), https://www.zh.ch/de/steuern-finanzen/steuern/treuhaender/steuerbuch/steuerbuch-definition/zstb-34-1.html; Steuerfüsse 2025, https://www.zh.ch/de/steuern-finanzen/steuern/steuern-natuerliche-personen/steuerfuesse.html",
  compute(income, profile) {
    const { net } = socialOf(income);
    const married = profile.filingStatus === "MARRIED_JOINT";
    const insurance = (married ? ZH_INSURANCE_DEDUCTION_MARRIED : ZH_INSURANCE_DEDUCTION_SINGLE) + ZH_INSURANCE_DEDUCTION_PER_CHILD * profile.dependants;
    const taxable = pos(afterProfessionalExpenses(net).minus(insurance).minus(ZH_CHILD_DEDUCTION * profile.dependants));
    const simple = zurichSimpleTax(taxable, profile);
    return {
      taxableIncome: taxable,
      lines: [
        incomeTaxLine("Canton of Zurich tax (98% of the simple tax)", simple.times(ZH_CANTON_MULTIPLIER)),
        incomeTaxLine("City of Zurich tax (119% of the simple tax)", simple.times(ZH_CITY_MULTIPLIER)),
        incomeTaxLine("Zurich personal tax", dec(ZH_PERSONAL_TAX * (married ? 2 : 1))),
      ],
    };
  },
};
