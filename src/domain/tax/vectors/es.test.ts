/**
 * Spain vectors, per year, derived by hand from the law (Ley 35/2006 del IRPF: arts. 19, 20, 57, 58,
 * 63.1, 84 and DT 15.ª; said so in each name — AEAT's worked examples were not available here) and
 * from the Seguridad Social contribution rules of each year. Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { LOW_EARNER_LABEL, lowEarnerDeduction, SOLIDARITY_LABEL } from "../tables/es.ts";
import { expectLines, linesOf, systemOf } from "../test-helpers.ts";

describe("ES 2026 (IRPF unchanged; Seguridad Social 6.50% employee with MEI 0.15%, tope máximo 5,101.20 a month)", () => {
  const es = systemOf("ES", null, "2026-09-01");

  test("the 2026 table holds the calendar year 2026", () => {
    expect(es.info[0]).toMatchObject({ id: "es-2026", taxYear: "2026", periodStart: "2026-01-01", periodEnd: "2026-12-31" });
    expect(systemOf("ES", null, "2025-12-31").info[0]!.id).toBe("es-2025");
  });

  test("RDL 2/2026: Social Security at the ceiling — 61,214.40 × 6.50% = 3,978.94 (2025: 58,914 × 6.48% = 3,817.63)", () => {
    expectLines(es.tax(100_000_00), { "Seguridad Social": 3_978_94 });
    expectLines(systemOf("ES", null, "2025-09-01").tax(100_000_00), { "Seguridad Social": 3_817_63 });
    const line = es.tax(30_000_00).lines.find((l) => l.label === "Seguridad Social")!;
    expect(line).toEqual({ label: "Seguridad Social", amount: 1_950_00, rate: "0.065" });
  });

  test("derived from art. 63.1 and DT 15.ª: single, €40,000 — general scale 19 / 24 / 30 / 37 % (state + regional halves)", () => {
    // SS 2,600; rendimiento neto previo 37,400 (> 19,747.5: no art. 20 reducción); base 37,400 − 2,000 = 35,400
    // scale(35,400) = 1,182.75 + 930 + 2,250 + 200 × 18.5% = 4,399.75; − scale(5,550) 527.25 = 3,872.50 per scale
    const b = es.tax(40_000_00);
    expect(b.taxableIncome).toBe(35_400_00);
    expectLines(b, { "IRPF state scale": 3_872_50, "IRPF regional scale (general)": 3_872_50, "Seguridad Social": 2_600_00 });
  });

  test("derived from arts. 19, 20, 63 and DA 61.ª: single, €18,000 — the art. 20 reducción on the first slope, the low-earner deducción 55.20", () => {
    // SS 1,170; neto previo 16,830: reducción 7,302 − 1.75 × (16,830 − 14,852) = 3,840.50
    // base 16,830 − 2,000 − 3,840.50 = 10,989.50; × 9.5% = 1,044.0025 − 527.25 = 516.7525 → 516.75 per scale
    // DA 61.ª: 340 − 0.2 × (18,000 − 16,576) = 55.20
    const b = es.tax(18_000_00);
    expect(b.taxableIncome).toBe(10_989_50);
    expectLines(b, { "IRPF state scale": 516_75, "IRPF regional scale (general)": 516_75, [LOW_EARNER_LABEL]: -55_20, "Seguridad Social": 1_170_00 });
    expect(b.incomeTax).toBe(978_30);
  });

  test("derived from arts. 57, 58, 63 and 84: joint return with 3 children, €60,000", () => {
    // SS 3,900; base 60,000 − 3,900 − 2,000 − 3,400 = 50,700; mínimo 5,550 + 2,400 + 2,700 + 4,000 = 14,650
    // scale(50,700) = 4,362.75 + 15,500 × 18.5% = 7,230.25; scale(14,650) = 1,182.75 + 2,200 × 12% = 1,446.75 → 5,783.50 per scale
    expectLines(es.tax(60_000_00, { filingStatus: "MARRIED_JOINT", dependants: 3 }), {
      "IRPF state scale": 5_783_50,
      "IRPF regional scale (general)": 5_783_50,
      "Seguridad Social": 3_900_00,
    });
  });

  test("derived from art. 63.1 and DT 15.ª: €100,000 — 45% combined over 60,000 (22.5% + 22.5%)", () => {
    // solidarity (RDL 2/2026, employee 0.19 / 0.21 / 0.24 %): 6,121.44 × 0.19% = 11.630736 + 24,485.76 × 0.21% = 51.420096
    // + (100,000 − 91,821.60) × 0.24% = 19.62816 → 82.678992
    // base 100,000 − 3,978.936 − 82.678992 − 2,000 = 93,938.385008; scale = 8,950.75 + 33,938.385008 × 22.5% = 16,586.8866 − 527.25 = 16,059.64
    const b = es.tax(100_000_00);
    expectLines(b, { "IRPF state scale": 16_059_64, "IRPF regional scale (general)": 16_059_64, [SOLIDARITY_LABEL]: 82_68 });
    // above the SS ceiling: IRPF 45% on the pay less the solidarity contribution, + 0.24%: 0.45 × (1 − 0.0024) + 0.0024
    expect(es.marginalRate(100_000_00)).toBe("0.45132");
    const lines = linesOf(b);
    expect(b.total).toBe(lines["IRPF state scale"]! + lines["IRPF regional scale (general)"]! + lines["Seguridad Social"]! + lines[SOLIDARITY_LABEL]!);
  });

  test("derived from art. 63.1: only the state scale has 24.5% over 300,000 (47% combined) — €500,000", () => {
    // solidarity 11.630736 + 51.420096 + 408,178.40 × 0.24% (979.62816) = 1,042.678992
    // base 500,000 − 3,978.936 − 1,042.678992 − 2,000 = 492,978.385008; to 300,000: 62,950.75 both
    // state + 192,978.385008 × 24.5% = 47,279.7043 → 110,230.4543 − 527.25 = 109,703.20
    // regional + 192,978.385008 × 22.5% = 43,420.1366 → 106,370.8866 − 527.25 = 105,843.64
    expectLines(es.tax(500_000_00), { "IRPF state scale": 109_703_20, "IRPF regional scale (general)": 105_843_64, [SOLIDARITY_LABEL]: 1_042_68 });
  });

  test("RDL 2/2026: the cotización adicional de solidaridad starts above the base máxima (61,214.40 a year) — €67,335.84 (10% above) pays 0.19% on 6,121.44", () => {
    expect(linesOf(es.tax(61_214_40))[SOLIDARITY_LABEL]).toBeUndefined();
    expectLines(es.tax(67_335_84), { [SOLIDARITY_LABEL]: 11_63 }); // 11.630736
  });
});

describe("ES 2025: deducción por obtención de rendimientos del trabajo (DA 61.ª LIRPF, Ley 5/2025)", () => {
  const es = systemOf("ES", null, "2025-09-01");

  test("the DA 61.ª amounts: 340 up to 16,576; 340 − 0.2 × (RIT − 16,576) to 18,276 — €17,000 → 255.20, €18,000 → 55.20", () => {
    expect(lowEarnerDeduction(dec(16_576)).toFixed()).toBe("340");
    expect(lowEarnerDeduction(dec(17_000)).toFixed()).toBe("255.2");
    expect(lowEarnerDeduction(dec(18_000)).toFixed()).toBe("55.2");
    expect(lowEarnerDeduction(dec(18_276)).toFixed()).toBe("0");
  });

  test("derived: the SMI 2025 (€16,576) pays no IRPF — the deducción is limited to the cuotas íntegras", () => {
    // SS 16,576 × 6.48% = 1,074.1248; neto previo 15,501.8752: reducción 7,302 − 1.75 × 649.8752 = 6,164.7184
    // base 15,501.8752 − 2,000 − 6,164.7184 = 7,337.1568; per scale 7,337.1568 × 9.5% − 527.25 = 169.7799 → both 339.5598 < 340
    const b = es.tax(16_576_00);
    expect(b.incomeTax).toBe(0);
    expectLines(b, { "IRPF state scale": 169_78, "IRPF regional scale (general)": 169_78, [LOW_EARNER_LABEL]: -339_56 });
  });

  test("derived: €17,000 — the tapered deducción (255.20) off the cuota", () => {
    // SS 1,101.60; neto previo 15,898.40: reducción 7,302 − 1.75 × 1,046.40 = 5,470.80; base 8,427.60
    // per scale 8,427.60 × 9.5% = 800.622 − 527.25 = 273.372 → 273.37; total 546.744 − 255.20 = 291.544
    const b = es.tax(17_000_00);
    expectLines(b, { "IRPF state scale": 273_37, "IRPF regional scale (general)": 273_37, [LOW_EARNER_LABEL]: -255_20, "Seguridad Social": 1_101_60 });
  });

  test("no deducción line from €18,276", () => {
    expect(linesOf(es.tax(18_276_00))[LOW_EARNER_LABEL]).toBeUndefined();
    expect(linesOf(es.tax(40_000_00))[LOW_EARNER_LABEL]).toBeUndefined();
  });
});

describe("Spain: mínimo por descendientes (art. 58 LIRPF: 2,400 / 2,700 / 4,000 / 4,500 for the 4th and each further child), single parents (art. 84.2.4.º), the DA 61.ª deducción", () => {
  // At 100,000 the base liquidable is far above the mínimos: the mínimo's tax is scale(mínimo) on the
  // state and the complementary regional scales (equal below 60,000: 19% to 12,450, 24% to 20,200, 30%
  // to 35,200 together). Mínimos: 3 children 5,550 + 9,100 = 14,650 → 2,365.50 + 2,200 × 24% = 2,893.50;
  // 4 children 19,150 → 2,365.50 + 6,700 × 24% = 3,973.50; 5 children 23,650 → 4,225.50 + 3,450 × 30% = 5,260.50.
  const es = systemOf("ES", null, "2025-09-01");
  const irpf = (dependants: number, filingStatus: "SINGLE" | "HEAD_OF_HOUSEHOLD" = "SINGLE") => es.tax(100_000_00, { filingStatus, dependants }).incomeTax;

  test("the 4th child lowers the tax by 1,080.00 (its 4,500), the 5th by 1,287.00 (4,500 again)", () => {
    expect(irpf(3) - irpf(4)).toBe(1_080_00);
    expect(irpf(4) - irpf(5)).toBe(1_287_00);
  });

  test("a single parent's reducción 2,150 on a base above 60,000: 2,150 × 45% = 967.50", () => {
    expect(irpf(1) - irpf(1, "HEAD_OF_HOUSEHOLD")).toBe(967_50);
  });

  test.each([
    [16_576, "340"],
    [17_000, "255.2"], // 340 − 0.2 × 424
    [18_000, "55.2"], // 340 − 0.2 × 1,424
    [18_276, "0"],
    [19_000, "0"],
  ])("deducción DA 61.ª on rendimientos íntegros %p → %p", (gross, deduction) => {
    expect(lowEarnerDeduction(dec(gross)).toFixed()).toBe(deduction);
  });
});
