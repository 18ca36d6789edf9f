/**
 * Spain, IRPF 2025 and 2026 (state scale + the complementary regional scale for regions without their own,
 * DT 15.ª LIRPF), and employee Social Security.
 *
 * Rendimiento neto previo = gross − Social Security (art. 19.2.a); rendimiento neto = that − 2,000
 * otros gastos (art. 19.2.f) − the reducción por obtención de rendimientos del trabajo (art. 20, on
 * the rendimiento neto previo; the taxpayer is assumed to have no other income above 6,500), never
 * below 0. Joint taxation reduces the base by 3,400 (2,150 single parent). Regional scales of the
 * autonomous communities (Madrid, Catalonia…) differ; this table uses the complementary scale.
 * Not modelled: the under-3 increase of the mínimo por descendientes (2,800); splitting that mínimo
 * between parents filing separately; deducciones de la cuota other than the DA 61.ª deducción for
 * low earners (state or regional: family, housing, donations…); the 2,000 geographic-mobility increase
 * of otros gastos (unemployed taxpayers). The cotización adicional de solidaridad (from 2025) is
 * charged on an even monthly salary's pay above the base máxima, annualised.
 */
import { type Amount, band, type Bracket, bracketTax, dec, incomeTaxLine, min, pos, type RawLine, type ResolvedProfile, socialLine, type TaxTable, ZERO } from "../table.ts";

// Art. 63.1 LIRPF (escala estatal; the 24.5% step above 300,000 added by Ley 11/2020, PGE 2021):
// 9.5% to 12,450; 12% to 20,200; 15% to 35,200; 18.5% to 60,000; 22.5% to 300,000; 24.5% above.
// https://sede.agenciatributaria.gob.es/Sede/ayuda/manuales-videos-folletos/manuales-practicos/irpf-2024/c15-calculo-impuesto-determinacion-cuotas-integras/gravamen-base-liquidable-general/gravamen-estatal.html
const STATE_SCALE: readonly Bracket[] = [[0, "0.095"], [12_450, "0.12"], [20_200, "0.15"], [35_200, "0.185"], [60_000, "0.225"], [300_000, "0.245"]];
// DT 15.ª LIRPF, escala autonómica complementaria (regions that have not approved their own scale):
// the same steps to 60,000 and 22.5% on everything above — no 24.5% step (Ley 11/2020 changed only art. 63).
// https://www.boe.es/buscar/act.php?id=BOE-A-2006-20764 (disposición transitoria decimoquinta)
const REGIONAL_SCALE: readonly Bracket[] = [[0, "0.095"], [12_450, "0.12"], [20_200, "0.15"], [35_200, "0.185"], [60_000, "0.225"]];
// Art. 20 LIRPF as worded by Real Decreto-ley 4/2024 (from 2024, unchanged for 2025): on a
// rendimiento neto del trabajo (before the art. 19.2.f otros gastos) ≤ 14,852: 7,302; to 17,673.52:
// 7,302 − 1.75 × (RN − 14,852); to 19,747.5: 2,364.34 − 1.14 × (RN − 17,673.52); above: 0.
const WORK_REDUCTION = { max: 7_302, first: 14_852, second: "17673.52", secondBase: "2364.34", last: "19747.5", firstSlope: "1.75", secondSlope: "1.14" };
// Mínimo personal 5,550 (art. 57); descendientes 2,400 / 2,700 / 4,000 / 4,500 (art. 58).
const MINIMO_PERSONAL = 5_550;
const MINIMO_DESCENDIENTES = [2_400, 2_700, 4_000, 4_500] as const;
const OTROS_GASTOS = 2_000;
// Tributación conjunta (art. 84.2): 3,400 for couples, 2,150 for single parents.
const JOINT_REDUCTION = 3_400;
const SINGLE_PARENT_REDUCTION = 2_150;
// Deducción por obtención de rendimientos del trabajo, DA 61.ª LIRPF (added by Ley 5/2025, de 24 de
// julio, with effect from 1 January 2025): for rendimientos íntegros del trabajo under 18,276 (and
// other income ≤ 6,500, assumed): 340 up to 16,576; 340 − 0.2 × (RIT − 16,576) above; at most the
// part of the cuotas íntegras estatal + autonómica that corresponds to the work income (all of it
// here: the salary is the only income); taken off the cuota líquida total. https://www.boe.es/buscar/act.php?id=BOE-A-2006-20764
// (DA number and wording as reported by secondary copies of Ley 5/2025; the BOE text was not opened
// here. The increase announced in February 2026 — up to 591 to 17,094, tapering to nil at 20,000 — is not
// applied: its text was not available here.)
const LOW_EARNER_DEDUCTION = { max: 340, from: 16_576, to: 18_276, slope: "0.2" };

function minimo(profile: ResolvedProfile): number {
  let total = MINIMO_PERSONAL;
  for (let child = 0; child < profile.dependants; child++) total += MINIMO_DESCENDIENTES[Math.min(child, 3)]!;
  return total;
}

/** Art. 20 reducción por obtención de rendimientos del trabajo on the rendimiento neto previo. */
export function workIncomeReduction(rendimientoNeto: Amount): Amount {
  const r = WORK_REDUCTION;
  if (rendimientoNeto.lte(r.first)) return dec(r.max);
  if (rendimientoNeto.lte(r.second)) return dec(r.max).minus(rendimientoNeto.minus(r.first).times(r.firstSlope));
  if (rendimientoNeto.lt(r.last)) return pos(dec(r.secondBase).minus(rendimientoNeto.minus(r.second).times(r.secondSlope)));
  return ZERO;
}

/** DA 61.ª LIRPF deducción on the rendimientos íntegros del trabajo (the gross salary), before its limit. */
export function lowEarnerDeduction(gross: Amount): Amount {
  const d = LOW_EARNER_DEDUCTION;
  if (gross.gte(d.to)) return ZERO;
  if (gross.lte(d.from)) return dec(d.max);
  return pos(dec(d.max).minus(gross.minus(d.from).times(d.slope)));
}

/** Cuota íntegra of a scale: scale(base) − scale(mínimo personal y familiar) (arts. 56, 63, 74). */
function cuota(scale: readonly Bracket[], base: Amount, minimoFamiliar: number): Amount {
  return pos(bracketTax(base, scale).minus(bracketTax(min(base, minimoFamiliar), scale)));
}

type EsYear = {
  id: string;
  taxYear: string;
  periodStart: string;
  periodEnd: string;
  source: string;
  /** Employee Social Security rate (contingencias comunes + desempleo + FP + MEI) and the annual base cap (12 × the monthly tope máximo). */
  ssRate: string;
  ssAnnualMaxBase: string;
  /**
   * Cotización adicional de solidaridad (art. 19 bis and DT 42.ª LGSS), the employee's rates on the
   * pay above the base máxima: up to 10% above it, from 10% to 50% above, and beyond.
   */
  solidarityRates: readonly [string, string, string];
};

export const SOLIDARITY_LABEL = "Cotización adicional de solidaridad";

/** The employee's cotización adicional de solidaridad on the annual pay above 12 × the monthly base máxima (an even monthly salary). */
export function solidarityOf(income: Amount, year: Pick<EsYear, "ssAnnualMaxBase" | "solidarityRates">): Amount {
  const base = dec(year.ssAnnualMaxBase);
  const [first, second, third] = year.solidarityRates;
  return band(income, base, base.times("1.1"))
    .times(first)
    .plus(band(income, base.times("1.1"), base.times("1.5")).times(second))
    .plus(band(income, base.times("1.5")).times(third));
}

function esTable(year: EsYear): TaxTable {
  return {
    id: year.id,
    countryCode: "ES",
    region: null,
    name: "Spain IRPF (state + complementary regional scale) and employee Social Security",
    currency: "EUR",
    taxYear: year.taxYear,
    periodStart: year.periodStart,
    periodEnd: year.periodEnd,
    source: year.source,
    compute(income, profile) {
      const ss = min(income, year.ssAnnualMaxBase).times(year.ssRate);
      const solidarity = solidarityOf(income, year);
      const reduction =
        profile.filingStatus === "MARRIED_JOINT"
          ? JOINT_REDUCTION
          : profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0
            ? SINGLE_PARENT_REDUCTION
            : 0;
      // Both are cotizaciones a la Seguridad Social, deductible under art. 19.2.a.
      const netoPrevio = pos(income.minus(ss).minus(solidarity));
      const neto = pos(netoPrevio.minus(OTROS_GASTOS).minus(workIncomeReduction(netoPrevio)));
      const base = pos(neto.minus(reduction));
      const state = cuota(STATE_SCALE, base, minimo(profile));
      const regional = cuota(REGIONAL_SCALE, base, minimo(profile));
      const deduction = min(lowEarnerDeduction(income), state.plus(regional));
      const lines: RawLine[] = [incomeTaxLine("IRPF state scale", state), incomeTaxLine("IRPF regional scale (general)", regional)];
      // A negative income tax line, only where the deducción applies (salaries under 18,276).
      if (deduction.gt(0)) lines.push({ label: LOW_EARNER_LABEL, kind: "INCOME_TAX", amount: deduction.negated() });
      lines.push(socialLine("Seguridad Social", ss, year.ssRate));
      if (solidarity.gt(0)) lines.push(socialLine(SOLIDARITY_LABEL, solidarity));
      return { taxableIncome: base, lines };
    },
  };
}

export const LOW_EARNER_LABEL = "Deducción por rendimientos del trabajo (DA 61.ª LIRPF)";

const IRPF_SOURCE = "Ley 35/2006 del IRPF arts. 19, 20 (RDL 4/2024), 57, 58, 63, 74, 84, DT 15.ª (BOE-A-2006-20764), https://www.boe.es/buscar/act.php?id=BOE-A-2006-20764";

// Seguridad Social 2025, employee (Orden PJC/178/2025): contingencias comunes 4.70%, desempleo 1.55%,
// formación profesional 0.10%, MEI 0.13%; base máxima 4,909.50 a month (58,914 a year).
// https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537
export const es: TaxTable = esTable({
  id: "es-2025",
  taxYear: "2025",
  periodStart: "2025-01-01",
  periodEnd: "2025-12-31",
  source: `${IRPF_SOURCE}; Seguridad Social, bases y tipos 2025, https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537`,
  ssRate: "0.0648",
  ssAnnualMaxBase: "58914",
  // Cotización adicional de solidaridad 2025 (DT 42.ª LGSS: 0.92% / 1.00% / 1.17%), the employee's
  // share as for contingencias comunes (4.70 of 28.30): 0.15% / 0.17% / 0.19% (Orden PJC/178/2025;
  // the split from memory, not re-checked — it is the 4.70 / 28.30 proportion rounded to 2 places).
  solidarityRates: ["0.0015", "0.0017", "0.0019"],
});

// 2026. IRPF: the scales (art. 63.1, DT 15.ª), the art. 20 reducción, the mínimos (arts. 57, 58) and
// the joint-return reductions are unchanged for 2026 (no new Presupuestos; the 2026 changes for
// low earners are a deducción de la cuota, not modelled, see the file comment).
// Seguridad Social 2026, employee (Real Decreto-ley 2/2026 and the Orden de cotización 2026):
// contingencias comunes 4.70%, desempleo 1.55%, formación profesional 0.10%, MEI 0.15% (of 0.90%,
// DT 43.ª LGSS) = 6.50%; tope máximo 5,101.20 a month (61,214.40 a year).
// https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537
// (From secondary copies of RDL 2/2026; the Seguridad Social page was not opened here.)
export const es2026: TaxTable = esTable({
  id: "es-2026",
  taxYear: "2026",
  periodStart: "2026-01-01",
  periodEnd: "2026-12-31",
  source: `${IRPF_SOURCE}; Real Decreto-ley 2/2026 (tope máximo 5,101.20, MEI 0.90%); Seguridad Social, bases y tipos 2026, https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537`,
  ssRate: "0.065",
  ssAnnualMaxBase: "61214.40",
  // Cotización adicional de solidaridad 2026 (DT 42.ª LGSS: 1.15% / 1.25% / 1.46%), employee
  // 0.19% / 0.21% / 0.24% (RDL 2/2026, as republished by the Seguridad Social on 1 January 2026).
  solidarityRates: ["0.0019", "0.0021", "0.0024"],
});
