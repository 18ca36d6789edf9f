/**
 * Spain, IRPF 2025 (state scale + the general complementary regional scale of DA 1.ª LIRPF /
 * Ley 22/2009 art. 74 for regions without their own scale), and employee Social Security.
 *
 * Rendimiento neto = gross − Social Security − 2,000 otros gastos (art. 19.2.f LIRPF); the
 * reducción por obtención de rendimientos del trabajo for low incomes (art. 20) is NOT modelled
 * (overstates tax below about 19,750 of net income). Joint taxation reduces the base by 3,400
 * (2,150 single parent). Regional scales of the autonomous communities (Madrid, Catalonia…) differ;
 * this table uses the general scale.
 */
import { type Amount, type Bracket, bracketTax, incomeTaxLine, min, pos, type ResolvedProfile, socialLine, type TaxTable } from "../table.ts";

// Art. 63.1 LIRPF (escala estatal) and the complementary autonomous scale (identical rates):
// 9.5% to 12,450; 12% to 20,200; 15% to 35,200; 18.5% to 60,000; 22.5% to 300,000; 24.5% above.
// https://sede.agenciatributaria.gob.es/Sede/ayuda/manuales-videos-folletos/manuales-practicos/irpf-2024/c15-calculo-impuesto-determinacion-cuotas-integras/gravamen-base-liquidable-general/gravamen-estatal.html
const SCALE: readonly Bracket[] = [[0, "0.095"], [12_450, "0.12"], [20_200, "0.15"], [35_200, "0.185"], [60_000, "0.225"], [300_000, "0.245"]];
// Mínimo personal 5,550 (art. 57); descendientes 2,400 / 2,700 / 4,000 / 4,500 (art. 58).
const MINIMO_PERSONAL = 5_550;
const MINIMO_DESCENDIENTES = [2_400, 2_700, 4_000, 4_500] as const;
const OTROS_GASTOS = 2_000;
// Tributación conjunta (art. 84.2): 3,400 for couples, 2,150 for single parents.
const JOINT_REDUCTION = 3_400;
const SINGLE_PARENT_REDUCTION = 2_150;

// Seguridad Social 2025, employee (Orden PJC/178/2025): contingencias comunes 4.70%, desempleo 1.55%,
// formación profesional 0.10%, MEI 0.13%; base máxima 4,909.50 a month (58,914 a year).
// https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537
const SS_RATE = "0.0648";
const SS_ANNUAL_MAX_BASE = "58914";

function minimo(profile: ResolvedProfile): number {
  let total = MINIMO_PERSONAL;
  for (let child = 0; child < profile.dependants; child++) total += MINIMO_DESCENDIENTES[Math.min(child, 3)]!;
  return total;
}

function cuota(base: Amount, minimoFamiliar: number): Amount {
  return pos(bracketTax(base, SCALE).minus(bracketTax(min(base, minimoFamiliar), SCALE)));
}

export const es: TaxTable = {
  id: "es-2025",
  countryCode: "ES",
  region: null,
  name: "Spain IRPF (state + general regional scale) and employee Social Security",
  currency: "EUR",
  taxYear: "2025",
  source:
    "Ley 35/2006 del IRPF arts. 19, 57, 58, 63, 74, 84 (BOE-A-2006-20764), https://www.boe.es/buscar/act.php?id=BOE-A-2006-20764; Seguridad Social, bases y tipos 2025, https://www.seg-social.es/wps/portal/wss/internet/Trabajadores/CotizacionRecaudacionTrabajadores/36537",
  compute(income, profile) {
    const ss = min(income, SS_ANNUAL_MAX_BASE).times(SS_RATE);
    const reduction =
      profile.filingStatus === "MARRIED_JOINT"
        ? JOINT_REDUCTION
        : profile.filingStatus === "HEAD_OF_HOUSEHOLD" && profile.dependants > 0
          ? SINGLE_PARENT_REDUCTION
          : 0;
    const base = pos(income.minus(ss).minus(OTROS_GASTOS).minus(reduction));
    const state = cuota(base, minimo(profile));
    return {
      taxableIncome: base,
      lines: [
        incomeTaxLine("IRPF state scale", state),
        incomeTaxLine("IRPF regional scale (general)", state),
        socialLine("Seguridad Social", ss, SS_RATE),
      ],
    };
  },
};
