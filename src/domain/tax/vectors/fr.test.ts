/**
 * France: fixed vectors per year of income. The DGFiP brochure pratique's worked examples are not
 * reproduced from memory: every figure is derived from the law's own rules (art. 197 CGI barème,
 * quotient familial and its plafonnement, décote; art. 83 3° abattement; art. 223 sexies CEHR;
 * art. 1657 rounding to the euro; the CET of the AGIRC-ARRCO ANI of 17 November 2017, art. 37) and
 * the year's PASS, and was recomputed with an implementation independent of the table's code.
 * Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { BAREME_REVENUS_2024, BAREME_REVENUS_2025, frenchTable, impotBrut } from "../tables/fr.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

describe("art. 197 CGI: barème, quotient familial and plafonnement (formula-derived)", () => {
  test("LF 2025 (revenus 2024), single, 30,000: 17,818 × 11% + 685 × 30% = 2,165.48", () => {
    expect(impotBrut(BAREME_REVENUS_2024, dec(30_000), { filingStatus: "SINGLE", dependants: 0 }).toFixed(2)).toBe("2165.48");
  });

  test("LF 2026 (revenus 2025), single, 30,000: 17,979 × 11% + 421 × 30% = 2,103.99", () => {
    expect(impotBrut(BAREME_REVENUS_2025, dec(30_000), { filingStatus: "SINGLE", dependants: 0 }).toFixed(2)).toBe("2103.99");
  });

  test("LF 2026, couple with 3 children (4 parts), 80,000: the quotient stands (cap not reached)", () => {
    // 4 parts: (20,000 − 11,600) × 11% × 4 = 3,696; 2 parts: 5,103.99 × 2 = 10,207.98 − 4 × 1,807 = 2,979.98 < 3,696
    expect(impotBrut(BAREME_REVENUS_2025, dec(80_000), { filingStatus: "MARRIED_JOINT", dependants: 3 }).toFixed(2)).toBe("3696.00");
  });

  test("LF 2026, couple with 2 children (3 parts), 100,000: plafonnement 2 × 1,807", () => {
    // 3 parts: 3,103.99 × 3 = 9,311.97; 2 parts: 8,103.99 × 2 = 16,207.98 − 3,614 = 12,593.98 > 9,311.97
    expect(impotBrut(BAREME_REVENUS_2025, dec(100_000), { filingStatus: "MARRIED_JOINT", dependants: 2 }).toFixed(2)).toBe("12593.98");
  });

  test("LF 2026, single parent with 2 children (2.5 parts), 40,000: cap 4,262 + 1,807 not reached", () => {
    // 2.5 parts: (16,000 − 11,600) × 11% × 2.5 = 1,210; 1 part: 5,103.99 − 6,069 < 1,210
    expect(impotBrut(BAREME_REVENUS_2025, dec(40_000), { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 2 }).toFixed(2)).toBe("1210.00");
  });
});

describe("France, 2025 income (barème LF 2026; PASS 47,100)", () => {
  const fr = systemOf("FR", null, "2025-06-30");

  test("the move date picks the year of income", () => {
    expect(fr.info[0]!.id).toBe("fr-2025");
    expect(systemOf("FR", null, "2026-01-01").info[0]!.id).toBe("fr-2026");
    expect(systemOf("FR", null, "2027-01-01").info[0]!.note).toContain("newest table");
  });

  test("single, 40,000: décote 897 − 45.25% × 1,972 = 4.67 → 5", () => {
    // net 40,000 − 2,920 − 1,604 − 39,300 × 6.8% (2,672.40) = 32,803.60; abattement 3,280.36 → R 29,523.24 → 29,523
    // brut (29,523 − 11,600) × 11% = 1,971.53 → 1,972; décote 4.67 → 5; impôt 1,967
    const b = fr.tax(40_000_00);
    expect(b.taxableIncome).toBe(29_523_00);
    expectLines(b, { "Impôt sur le revenu": 1_967_00, "Contribution d'équilibre technique (CET)": 0 });
  });

  test("the CET starts above the PASS, from the first euro (a cliff of 65.94)", () => {
    // 47,100.00: not above the plafond → no CET; 47,100.01 × 0.14% = 65.94
    expectLines(fr.tax(47_100_00), { "Contribution d'équilibre technique (CET)": 0, "Impôt sur le revenu": 3_533_00 });
    // the deductible CET lowers R from 34,764 to 34,704: impôt 3,515
    expectLines(fr.tax(47_100_01), { "Contribution d'équilibre technique (CET)": 65_94, "Impôt sur le revenu": 3_515_00 });
  });

  test("single, 500,000: CET on 8 PASS at most, abattement capped at 14,555, CEHR 3%", () => {
    // CET 376,800 × 0.14% = 527.52; AGIRC 1,888.71 + 329,700 × 9.72% = 33,935.55
    // CSG deductible (188,400 × 98.25% + 311,600) × 6.8% = 33,775.80
    // net 500,000 − 5,249.90 − 33,935.55 − 527.52 − 33,775.80 = 426,511.23 − 14,555 → R 411,956
    // CEHR 3% × (411,956 − 250,000) = 4,858.68 → 4,859
    const b = fr.tax(500_000_00);
    expect(b.taxableIncome).toBe(411_956_00);
    expectLines(b, {
      "Contribution d'équilibre technique (CET)": 527_52,
      "Retraite complémentaire AGIRC-ARRCO": 33_935_55,
      "Impôt sur le revenu": 161_904_00,
      "Contribution exceptionnelle sur les hauts revenus": 4_859_00,
    });
  });

  test("couple, 600,000: CEHR from 500,000", () => {
    // R 504,756: CEHR 3% × 4,756 = 142.68 → 143
    expectLines(fr.tax(600_000_00, { filingStatus: "MARRIED_JOINT" }), { "Impôt sur le revenu": 180_188_00, "Contribution exceptionnelle sur les hauts revenus": 143_00 });
  });

  test("the CDHR (20% minimum above 250,000 / 500,000) is nil for salary-only income: IR + CEHR already pass 20%", () => {
    for (const income of [300_000_00, 700_000_00, 1_500_000_00]) {
      for (const profile of [undefined, { filingStatus: "MARRIED_JOINT" as const, dependants: 3 }]) {
        const b = fr.tax(income, profile);
        expect(b.incomeTax / b.taxableIncome).toBeGreaterThan(0.2);
      }
    }
  });
});

describe("France, 2026 income (latest voted barème LF 2026; PASS 48,060)", () => {
  const fr = systemOf("FR", null, "2026-06-30");

  test("single, 50,000", () => {
    // vieillesse 48,060 × 6.90% = 3,316.14 + 200 = 3,516.14; AGIRC 48,060 × 4.01% = 1,927.21 + 1,940 × 9.72% = 188.57 → 2,115.77 (rounded once: 2,115.7746)
    // CET 70.00; CSG deductible 49,125 × 6.8% = 3,340.50; net 40,957.59; R 36,861.83 → 36,862; impôt 1,977.69 + 7,283 × 30% = 4,162.59 → 4,163
    const b = fr.tax(50_000_00);
    expect(b.taxableIncome).toBe(36_862_00);
    expectLines(b, {
      "Impôt sur le revenu": 4_163_00,
      "Assurance vieillesse": 3_516_14,
      "Retraite complémentaire AGIRC-ARRCO": 2_115_77,
      "Contribution d'équilibre technique (CET)": 70_00,
      CSG: 4_519_50,
      CRDS: 245_63,
    });
  });

  test("the CET threshold follows the 2026 PASS", () => {
    expectLines(fr.tax(48_060_00), { "Contribution d'équilibre technique (CET)": 0 });
    // 48,060.01 × 0.14% = 67.28
    expectLines(fr.tax(48_060_01), { "Contribution d'équilibre technique (CET)": 67_28, "Impôt sur le revenu": 3_728_00 });
  });

  test("married with 2 children, 100,000", () => {
    expectLines(fr.tax(100_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Impôt sur le revenu": 4_865_00, "Contribution d'équilibre technique (CET)": 140_00 });
  });
});

describe("a vector on each side of the barème's upper tranches and the plafonnement du quotient familial (issue 23 item 24)", () => {
  // Art. 197 CGI as set by the loi de finances (revenus 2024: 11,497 / 29,315 / 83,823 / 180,294; plafond
  // 1,791 per half-part, 4,224 for a single parent's first child; revenus 2025: 11,600 / 29,579 / 84,577 /
  // 181,917; 1,807 and 4,262). Impôt brut on the revenu net imposable, worked by hand from those figures.
  const single = { filingStatus: "SINGLE", dependants: 0 } as const;
  test("revenus 2024, one part: 90,000 (41% tranche) and 200,000 (45% tranche)", () => {
    // 90,000: 11% × 17,818 = 1,959.98 + 30% × 54,508 = 16,352.40 + 41% × 6,177 = 2,532.57 → 20,844.95
    expect(impotBrut(BAREME_REVENUS_2024, dec(90_000), single).toFixed(2)).toBe("20844.95");
    // 200,000: 1,959.98 + 16,352.40 + 41% × 96,471 = 39,553.11 + 45% × 19,706 = 8,867.70 → 66,733.19
    expect(impotBrut(BAREME_REVENUS_2024, dec(200_000), single).toFixed(2)).toBe("66733.19");
  });

  test("revenus 2024, a couple with two children at 100,000: the 2 half-parts save at most 2 × 1,791", () => {
    // 2 parts: 2 × (1,959.98 + 30% × 20,685) = 16,330.96; 3 parts: 9,496.45; capped: 16,330.96 − 3,582 = 12,748.96
    expect(impotBrut(BAREME_REVENUS_2024, dec(100_000), { filingStatus: "MARRIED_JOINT", dependants: 2 }).toFixed(2)).toBe("12748.96");
  });

  test.each([
    // One child, 60,000: 1 part 11,165.48 (2024) / 11,103.99 (2025); the first child's half-part and the
    // parent isolé's half-part save at most 4,224 / 4,262 → 6,941.48 / 6,841.99 (2 parts would be 4,330.96 / 4,207.98)
    ["2024", BAREME_REVENUS_2024, 60_000, 1, "6941.48"],
    ["2025", BAREME_REVENUS_2025, 60_000, 1, "6841.99"],
    // Two children, 80,000: 17,165.48 − (4,224 + 1,791) = 11,150.48; 17,103.99 − (4,262 + 1,807) = 11,034.99
    ["2024", BAREME_REVENUS_2024, 80_000, 2, "11150.48"],
    ["2025", BAREME_REVENUS_2025, 80_000, 2, "11034.99"],
  ] as const)("revenus %s, single parent, %p with %p children → %p", (_year, bareme, revenu, children, brut) => {
    expect(impotBrut(bareme, dec(revenu), { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: children }).toFixed(2)).toBe(brut);
  });
});

describe("a vector on each side of the décote, the abattement's limits and the CEHR's 4% tranche (issue 23 item 24)", () => {
  // Derived from the statute (no DGFiP worked example with these figures at hand): art. 197 I 4 CGI,
  // décote = amount − 45.25% × impôt brut (revenus 2024: 889 single / 1,470 couple, LF 2025 art. 2;
  // revenus 2025: 897 / 1,483), nil once 45.25% of the brut reaches the amount (single brut 1,964.6 /
  // couple 3,248.6 for revenus 2024; couple 3,277.3 for revenus 2025); art. 83 3° CGI abattement 10%
  // of the net, at least 504 and at most 14,426 (revenus 2024; 509 / 14,555 for revenus 2025);
  // art. 223 sexies CGI CEHR 3% from 250,000 (couple 500,000), 4% above 500,000 (1,000,000);
  // art. 1657 CGI: R, the brut and the décote to the euro. Contributions as the table's header (up
  // to 1 PASS: vieillesse 7.30%, AGIRC-ARRCO 4.01%, CSG deductible 6.8% × 98.25%), to the cent.
  // Revenus 2024 through the same builder, with the 2024 PASS 46,368 (arrêté du 19 décembre 2023).
  const revenus2024 = frenchTable({
    id: "fr-revenus-2024",
    taxYear: "2024",
    periodStart: "2024-01-01",
    periodEnd: "2024-12-31",
    name: "France, revenus 2024 (LF 2025 barème)",
    source: "Loi n° 2025-127 de finances pour 2025, art. 2",
    bareme: BAREME_REVENUS_2024,
    social: { pass: 46_368 },
  });
  const single = { filingStatus: "SINGLE", dependants: 0 } as const;
  const couple = { filingStatus: "MARRIED_JOINT", dependants: 0 } as const;
  const of2024 = (gross: number, profile: typeof single | typeof couple = single) => {
    const r = revenus2024.compute(dec(gross), profile);
    return { revenu: r.taxableIncome.toFixed(2), impot: r.lines.find((l) => l.label === "Impôt sur le revenu")!.amount.toFixed(2) };
  };
  const fr2025 = systemOf("FR", null, "2025-06-30");

  test("revenus 2024, single: décote 889 − 45.25% × brut inside, none once the brut passes 1,964", () => {
    // 36,000: 2,628 + 1,443.60 + 2,405.16 → net 29,523.24; abattement 2,952.32 → R 26,571;
    // brut 15,074 × 11% = 1,658.14 → 1,658; décote 889 − 750.245 = 138.755 → 139; impôt 1,519
    expect(of2024(36_000)).toEqual({ revenu: "26571.00", impot: "1519.00" });
    // 40,500: 2,956.50 + 1,624.05 + 2,705.81 → net 33,213.64; R 29,892; brut 1,959.98 + 577 × 30% = 2,133.08 →
    // 2,133 > 1,964.6: no décote (45.25% × 2,133 = 965.18 > 889); impôt 2,133
    expect(of2024(40_500)).toEqual({ revenu: "29892.00", impot: "2133.00" });
  });

  test("revenus 2024, couple (2 parts): décote 1,470 − 45.25% × brut inside, none once the brut passes 3,248", () => {
    // 60,000 (above the PASS: CET 84; vieillesse 3,439.39; AGIRC 1,859.36 + 13,632 × 9.72% = 3,184.39; CSG 4,008.60)
    // → net 49,283.62; R 44,355; brut 2 × (10,680.5 × 11%) = 2,349.71 → 2,350; décote 1,470 − 1,063.375 = 406.625 → 407; impôt 1,943
    expect(of2024(60_000, couple)).toEqual({ revenu: "44355.00", impot: "1943.00" });
    // 72,000 (CET 100.80; vieillesse 3,487.39; AGIRC 4,350.79; CSG 4,810.32) → net 59,250.70; R 53,326;
    // brut 2 × (15,166 × 11%) = 3,336.52 → 3,337 > 3,248.6: no décote; impôt 3,337
    expect(of2024(72_000, couple)).toEqual({ revenu: "53326.00", impot: "3337.00" });
  });

  test("revenus 2025, couple: décote 1,483 − 45.25% × brut inside, none once the brut passes 3,277", () => {
    // 60,000 (PASS 47,100: vieillesse 3,489.90, AGIRC 3,142.59, CET 84, CSG 4,008.60) → net 49,274.91; R 44,347;
    // brut 2 × (10,573.5 × 11%) = 2,326.17 → 2,326; décote 1,483 − 1,052.515 = 430.485 → 430; impôt 1,896
    expectLines(fr2025.tax(60_000_00, couple), { "Impôt sur le revenu": 1_896_00 });
    // 72,000 (vieillesse 3,537.90, AGIRC 4,308.99, CET 100.80, CSG 4,810.32) → net 59,241.99; R 53,318;
    // brut 2 × (15,059 × 11%) = 3,312.98 → 3,313 > 3,277.3: no décote; impôt 3,313
    expectLines(fr2025.tax(72_000_00, couple), { "Impôt sur le revenu": 3_313_00 });
  });

  test("the abattement's minimum: 504 (revenus 2024) / 509 (revenus 2025) below a net of 5,040 / 5,090, 10% above", () => {
    // 5,000: 365 + 200.50 + 334.05 → net 4,100.45; 10% = 410.05 < the minimum
    expect(of2024(5_000).revenu).toBe("3596.00"); // 4,100.45 − 504 = 3,596.45 → 3,596
    expect(fr2025.tax(5_000_00).taxableIncome).toBe(3_591_00); // 4,100.45 − 509 = 3,591.45 → 3,591
    // 6,500: 474.50 + 260.65 + 434.27 → net 5,330.58; 10% = 533.06 above both minimums → R 4,797.52 → 4,798
    expect(of2024(6_500).revenu).toBe("4798.00");
    expect(fr2025.tax(6_500_00).taxableIncome).toBe(4_798_00);
  });

  test("revenus 2024, the abattement's maximum 14,426: 10% below a net of 144,260, capped above", () => {
    // 170,000 (vieillesse 3,879.39, AGIRC 13,876.39, CET 238, CSG 11,357.70) → net 140,648.52; 10% = 14,064.85 → R 126,584
    expect(of2024(170_000)).toEqual({ revenu: "126584.00", impot: "35844.00" });
    // 250,000 (4,199.39, 21,652.39, 350, 16,779.29) → net 207,018.93; capped at 14,426 → R 192,593
    expect(of2024(250_000).revenu).toBe("192593.00");
  });

  test("the CEHR's 4% above 500,000 (single) and 1,000,000 (couple)", () => {
    // single 650,000: net 565,711.23 − 14,555 → R 551,156; 3% × 250,000 + 4% × 51,156 = 9,546.24 → 9,546
    expectLines(fr2025.tax(650_000_00), { "Contribution exceptionnelle sur les hauts revenus": 9_546_00 });
    // couple 1,300,000: net 1,168,911.23 − 14,555 → R 1,154,356; 3% × 500,000 + 4% × 154,356 = 21,174.24 → 21,174
    expectLines(fr2025.tax(1_300_000_00, couple), { "Contribution exceptionnelle sur les hauts revenus": 21_174_00 });
  });
});

describe("contributions to the cent, each rounded once (issue 23 item 24)", () => {
  test("2025, single, 20,001: CRDS 0.5% × 98.25% × 20,001 = 98.2549125 → 98.25 (never 98.255 → 98.26)", () => {
    // CSG base 20,001 × 98.25% = 19,650.9825: deductible 6.8% = 1,336.26681 → 1,336.27, non-deductible 2.4% = 471.62358 → 471.62;
    // vieillesse 20,001 × 7.30% = 1,460.073 → 1,460.07; AGIRC-ARRCO 20,001 × 4.01% = 802.0401 → 802.04
    expectLines(systemOf("FR", null, "2025-06-30").tax(20_001_00), {
      CRDS: 98_25,
      CSG: 1_807_89,
      "Assurance vieillesse": 1_460_07,
      "Retraite complémentaire AGIRC-ARRCO": 802_04,
    });
  });
});
