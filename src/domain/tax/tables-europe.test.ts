/**
 * Worked examples for GB, DE, FR, NL, CH (federal + Zurich), IE and ES, computed by hand from the
 * published schedules; amounts in minor units (cents / pence / Rappen).
 */
import { describe, expect, test } from "bun:test";
import { dec } from "./table.ts";
import { tarif2025 } from "./tables/de.ts";
import { workIncomeReduction } from "./tables/es.ts";
import { expectLines, linesOf, systemOf } from "./test-helpers.ts";

describe("United Kingdom (rUK) 2025/26", () => {
  const gb = systemOf("GB");

  test("50,000", () => {
    // taxable 50,000 − 12,570 = 37,430 × 20% = 7,486.00; NI (50,000 − 12,570) × 8% = 2,994.40
    const b = gb.tax(50_000_00);
    expect(b.currency).toBe("GBP");
    expectLines(b, { "Income tax": 7_486_00, "National Insurance (8%)": 2_994_40, "National Insurance (2%)": 0 });
  });

  test("110,000: personal allowance tapered to 7,570", () => {
    // allowance 12,570 − (110,000 − 100,000) / 2 = 7,570; taxable 102,430:
    // 37,700 × 20% = 7,540 + 64,730 × 40% = 25,892 → 33,432.00
    // NI 37,700 × 8% = 3,016.00; (110,000 − 50,270) × 2% = 1,194.60
    expectLines(gb.tax(110_000_00), { "Income tax": 33_432_00, "National Insurance (8%)": 3_016_00, "National Insurance (2%)": 1_194_60 });
  });

  test("200,000: no allowance, additional rate", () => {
    // 37,700 × 20% = 7,540; 87,440 × 40% = 34,976; 74,860 × 45% = 33,687 → 76,203.00; NI 2% on 149,730 = 2,994.60
    expectLines(gb.tax(200_000_00), { "Income tax": 76_203_00, "National Insurance (8%)": 3_016_00, "National Insurance (2%)": 2_994_60 });
  });
});

describe("Germany 2025 (§32a EStG, SolZG, social insurance)", () => {
  const de = systemOf("DE");

  test("§32a tariff at the zone edges", () => {
    // zone 2 end 17,443: y = 0.5347 → (932.30 × 0.5347 + 1,400) × 0.5347 = 1,015.1279 ≈ zone 3 constant 1,015.13
    expect(tarif2025(dec(12_096)).toNumber()).toBe(0);
    expect(tarif2025(dec(17_443)).toFixed(2)).toBe("1015.13");
    // zone 3 end 68,480: z = 5.1037 → (176.64 × 5.1037 + 2,397) × 5.1037 + 1,015.13 = 17,849.77
    // zone 4 from 68,481: 0.42 × 68,481 − 10,911.92 = 17,850.10 (the law's constants match on whole euros)
    expect(tarif2025(dec(68_480)).toFixed(2)).toBe("17849.77");
    expect(tarif2025(dec(68_481)).toFixed(2)).toBe("17850.10");
    // 277,826: 0.45 × 277,826 − 19,246.67 = 105,775.03
    expect(tarif2025(dec(277_826)).toFixed(2)).toBe("105775.03");
  });

  test("SINGLE without children, 60,000: health deducted less 4% (Krankengeld)", () => {
    // RV 60,000 × 9.3% = 5,580.00; AV 1.3% = 780.00; KV 8.55% = 5,130.00; PV 2.4% (childless) = 1,440.00
    // §10 Abs. 1 Nr. 3 Buchst. a Satz 4 EStG: KV deductible 5,130 × 96% = 4,924.80
    // zvE = 60,000 − 1,230 − 36 − 5,580 − 4,924.80 − 1,440 = 46,789.20; z = (46,789.20 − 17,443) / 10,000 = 2.93462
    // §32a Abs. 1: zvE rounded down to 46,789; z = 2.9346: (176.64 × 2.9346 + 2,397) × 2.9346 + 1,015.13
    // = 9,570.59 → rounded down to whole euros 9,570; Soli: 9,570 ≤ Freigrenze 19,950 → 0
    const b = de.tax(60_000_00);
    expect(b.taxableIncome).toBe(46_789_00);
    expectLines(b, {
      Einkommensteuer: 9_570_00,
      Solidaritätszuschlag: 0,
      Rentenversicherung: 5_580_00,
      Arbeitslosenversicherung: 780_00,
      Krankenversicherung: 5_130_00,
      Pflegeversicherung: 1_440_00,
    });
  });

  test("MARRIED_JOINT with 2 children, 120,000: splitting, ceilings, care discount, Kinderfreibeträge", () => {
    // RV 96,600 × 9.3% = 8,983.80; AV 96,600 × 1.3% = 1,255.80; KV 66,150 × 8.55% = 5,655.825 → 5,655.83;
    // PV 66,150 × (1.8% − 0.25%) = 1,025.325 → 1,025.33
    // zvE = 120,000 − 1,230 − 72 − 8,983.80 − 5,655.83 × 96% − 1,025.33 = 103,259.2732 → 103,259
    // splitting (§32a Abs. 5, halves rounded down, tax rounded down, doubled): 2 × T(51,629) = 22,546;
    // 2 × T(46,829) = 19,168; 2 × T(41,029) = 15,952
    // child 1 saves 3,378 > Kindergeld 3,060, child 2 saves 3,216 > 3,060: both Freibeträge
    // ESt = 15,952 + 2 × 3,060 = 22,072 (the family keeps 2 × 3,060 Kindergeld); zvE 84,059
    const b = de.tax(120_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(b.taxableIncome).toBe(84_059_00);
    expectLines(b, {
      Einkommensteuer: 22_072_00,
      Solidaritätszuschlag: 0,
      Rentenversicherung: 8_983_80,
      Arbeitslosenversicherung: 1_255_80,
      Krankenversicherung: 5_655_83,
      Pflegeversicherung: 1_025_33,
    });
  });

  test("Günstigerprüfung child by child: MARRIED_JOINT with 3 children, 120,000", () => {
    // PV 66,150 × (1.8% − 2 × 0.25%) = 859.95; zvE = 120,000 − 1,302 − 8,983.80 − 5,429.5968 − 859.95 = 103,424.6532 → 103,424
    // savings per child 3,382, 3,218, 3,056: the third child's 3,056 < Kindergeld 3,060 keeps the Kindergeld
    // ESt = T(zvE − 19,200) 16,006 + 2 × 3,060 = 22,126
    expectLines(de.tax(120_000_00, { filingStatus: "MARRIED_JOINT", dependants: 3 }), { Einkommensteuer: 22_126_00, Solidaritätszuschlag: 0 });
  });

  test("Kindergeld better: MARRIED_JOINT with 2 children, 60,000", () => {
    // zvE = 60,000 − 1,302 − 5,580 − 4,924.80 − 60,000 × 1.55% (930) = 47,263.20 → 47,263; 2 × T(23,631) = 5,132;
    // child 1 would save only 2,430 < 3,060: no Freibetrag, the tariff tax stands
    const b = de.tax(60_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(b.taxableIncome).toBe(47_263_00);
    expectLines(b, { Einkommensteuer: 5_132_00 });
  });

  test("150,000 married with two children: the Freibeträge save 1,494 over the Kindergeld", () => {
    const family = de.tax(150_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    // zvE 133,259.2732 → 133,259: T = 34,156 without children; T(− 19,200) 26,542 + 6,120 = 32,662
    expectLines(family, { Einkommensteuer: 32_662_00, Solidaritätszuschlag: 0 });
    expect(family.taxableIncome).toBe(114_059_00);
  });

  test("Soli base with the Freibeträge, without the Kindergeld: MARRIED_JOINT with 2 children, 250,000", () => {
    // zvE = 250,000 − 1,302 − 8,983.80 − 5,429.5968 − 1,025.33 = 233,259.2732 → 233,259
    // ESt = 2 × T(107,029) 68,080 + 6,120 = 74,200; Soli base 68,080 (not 74,200):
    // min(5.5% × 68,080 = 3,744.40, 11.9% × (68,080 − 39,900) = 3,353.42) → 3,353.42
    expectLines(de.tax(250_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { Einkommensteuer: 74_200_00, Solidaritätszuschlag: 3_353_42 });
  });

  test("SINGLE, 250,000: zone 4 and the full solidarity surcharge", () => {
    // zvE = 250,000 − 1,266 − 8,983.80 − 5,655.83 × 96% − 66,150 × 2.4% (1,587.60) = 232,733.0032 → 232,733
    // ESt = 0.42 × 232,733 − 10,911.92 = 86,835.94 → 86,835 (whole euros, rounded down)
    // Soli = min(5.5% × 86,835 = 4,775.925, 11.9% × (86,835 − 19,950) = 7,959.32) → 4,775.92 (fractions of a cent dropped)
    expectLines(de.tax(250_000_00), { Einkommensteuer: 86_835_00, Solidaritätszuschlag: 4_775_92, Pflegeversicherung: 1_587_60 });
  });
});

describe("France, 2025 income (barème LF 2026, revenus 2025; contributions 2025)", () => {
  const fr = systemOf("FR");

  test("single, 50,000: CET above the PASS", () => {
    // vieillesse 47,100 × 6.90% = 3,249.90 + 50,000 × 0.40% = 200 → 3,449.90
    // AGIRC-ARRCO 47,100 × 4.01% = 1,888.71 + 2,900 × 9.72% = 281.88 → 2,170.59
    // CET: 50,000 > PASS 47,100, so 0.14% from the first euro: 70.00
    // CSG base 50,000 × 98.25% = 49,125: CSG 9.2% = 4,519.50 (6.8% deductible = 3,340.50); CRDS 0.5% = 245.625 → 245.63
    // net imposable 50,000 − 3,449.90 − 2,170.59 − 70 − 3,340.50 = 40,969.01; abattement 10% = 4,096.901 → R = 36,872.109 → 36,872 (art. 1657 CGI)
    // impôt (1 part): 17,979 × 11% = 1,977.69 + (36,872 − 29,579) × 30% = 2,187.90 → 4,165.59 → 4,166
    const b = fr.tax(50_000_00);
    expect(b.taxableIncome).toBe(36_872_00);
    expectLines(b, {
      "Impôt sur le revenu": 4_166_00,
      "Contribution exceptionnelle sur les hauts revenus": 0,
      "Assurance vieillesse": 3_449_90,
      "Retraite complémentaire AGIRC-ARRCO": 2_170_59,
      "Contribution d'équilibre technique (CET)": 70_00,
      CSG: 4_519_50,
      CRDS: 245_63,
    });
  });

  test("single, 30,000: décote, no CET under the PASS", () => {
    // vieillesse 30,000 × 7.30% = 2,190; AGIRC 30,000 × 4.01% = 1,203; CSG deductible 29,475 × 6.8% = 2,004.30
    // net 24,602.70; abattement 2,460.27; R = 22,142.43 → 22,142; brut (22,142 − 11,600) × 11% = 1,159.62 → 1,160
    // décote 897 − 45.25% × 1,160 = 372.10 → 372; impôt 788
    expectLines(fr.tax(30_000_00), { "Impôt sur le revenu": 788_00, "Contribution d'équilibre technique (CET)": 0, CRDS: 147_38 });
  });

  test("married with 2 children, 100,000: 3 parts, quotient familial capped", () => {
    // vieillesse 3,249.90 + 400 = 3,649.90; AGIRC 1,888.71 + 52,900 × 9.72% (5,141.88) = 7,030.59; CET 140.00
    // CSG base 98,250: deductible 6,681.00; net 82,498.51; abattement 8,249.851 → R = 74,248.659 → 74,249
    // 3 parts: (24,749.667 − 11,600) × 11% × 3 = 4,339.39
    // 2 parts: (1,977.69 + (37,124.50 − 29,579) × 30%) × 2 = 8,482.68; cap 2 half-parts × 1,807 = 3,614
    // impôt = max(4,339.39, 8,482.68 − 3,614 = 4,868.68) → 4,869
    expectLines(fr.tax(100_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), {
      "Impôt sur le revenu": 4_869_00,
      "Assurance vieillesse": 3_649_90,
      "Retraite complémentaire AGIRC-ARRCO": 7_030_59,
      "Contribution d'équilibre technique (CET)": 140_00,
      CSG: 9_039_00,
      CRDS: 491_25,
    });
  });

  test("familySize gives the same parts as dependants", () => {
    const byDependants = fr.tax(100_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(fr.tax(100_000_00, { filingStatus: "MARRIED_JOINT", familySize: 4 })).toEqual(byDependants);
  });

  test("single parent with 1 child, 45,000: 2 parts, cap 4,262, décote", () => {
    // vieillesse 3,285; AGIRC 1,804.50; CSG deductible 44,212.50 × 6.8% = 3,006.45 → net 36,904.05; R = 33,213.645 → 33,214
    // 2 parts: (16,607 − 11,600) × 11% × 2 = 1,101.54; 1 part: 1,977.69 + 3,635 × 30% = 3,068.19
    // 3,068.19 − 4,262 < 1,101.54 → brut 1,102; décote 897 − 45.25% × 1,102 = 398.34 → 398; impôt 704
    expectLines(fr.tax(45_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), { "Impôt sur le revenu": 704_00 });
  });
});

describe("Netherlands box 1 2025", () => {
  const nl = systemOf("NL");
  const label = "Box 1 income tax and national insurance, after heffingskortingen";

  test("60,000", () => {
    // 38,441 × 35.82% = 13,769.5662 + 21,559 × 37.48% = 8,080.3132 → 21,849.8794
    // AHK 3,068 − 6.337% × (60,000 − 28,406) = 1,065.8922; AK 5,599 − 6.51% × (60,000 − 43,071) = 4,496.9221
    // 21,849.8794 − 1,065.8922 − 4,496.9221 = 16,287.0651 → 16,287.07
    expectLines(nl.tax(60_000_00), { [label]: 16_287_07 });
  });

  test("30,000", () => {
    // 30,000 × 35.82% = 10,746; AHK 3,068 − 6.337% × 1,594 = 2,966.9882; AK 5,220 + 2.258% × 3,712 = 5,303.817
    // 10,746 − 2,966.9882 − 5,303.817 = 2,475.1948 → 2,475.19
    expectLines(nl.tax(30_000_00), { [label]: 2_475_19 });
  });

  test("150,000: no credits", () => {
    // 13,769.5662 + 38,376 × 37.48% = 14,383.3248 + 73,183 × 49.5% = 36,225.585 → 64,378.476 → 64,378.48
    expectLines(nl.tax(150_000_00), { [label]: 64_378_48 });
  });
});

describe("Switzerland 2025: direct federal tax and Zurich (approximation)", () => {
  test("SINGLE, 120,000 in the City of Zurich", () => {
    // AHV 120,000 × 5.3% = 6,360.00; ALV 1.1% = 1,320.00; net 112,320; professional 3% = 3,369.60 → 108,950.40
    // federal taxable 108,950.40 − 1,800 = 107,150.40, in the tariff's CHF 100 steps 107,100;
    //   tariff from 82,000: 1,500 + 251 × 6.60 = 3,156.60
    // Zurich taxable 108,950.40 − 2,900 = 106,050.40 → 106,000; simple tax 98 + 144 + 316 + 480 + 660 + 903 + 1,392
    //   + 30,600 × 9% (2,754) = 6,747; canton × 98% = 6,612.06 → 6,612.05 (5 Rappen, down); city × 119% = 8,028.93 → 8,028.90
    const b = systemOf("CH", "ZH").tax(120_000_00);
    expect(b.currency).toBe("CHF");
    expect(b.taxableIncome).toBe(107_150_40);
    expectLines(b, {
      "Direct federal tax": 3_156_60,
      "AHV/IV/EO": 6_360_00,
      "Unemployment insurance (ALV)": 1_320_00,
      "Canton of Zurich tax (98% of the simple tax)": 6_612_05,
      "City of Zurich tax (119% of the simple tax)": 8_028_90,
      "Zurich personal tax": 24_00,
    });
  });

  test("MARRIED_JOINT with 2 children, 200,000", () => {
    // AHV 10,600.00; ALV 148,200 × 1.1% = 1,630.20; net 187,769.80; professional max 4,000 → 183,769.80
    // federal taxable 183,769.80 − 3,700 − 2 × 700 − 2 × 6,800 − 2,800 = 162,269.80 → 162,200 (CHF 100 steps)
    //   married tariff from 152,300: 5,686 + 99 × 13.00 = 6,973; − 2 × 263 = 6,447.00
    // Zurich taxable 183,769.80 − 5,800 − 2 × 1,300 − 2 × 9,300 = 156,769.80 → 156,700; splitting: 2 × T(78,350)
    //   = 2 × (3,993 + 2,950 × 9% = 4,258.50) = 8,517; canton 8,346.66 → 8,346.65; city 10,135.23 → 10,135.20
    expectLines(systemOf("CH", "ZH").tax(200_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), {
      "Direct federal tax": 6_447_00,
      "AHV/IV/EO": 10_600_00,
      "Unemployment insurance (ALV)": 1_630_20,
      "Canton of Zurich tax (98% of the simple tax)": 8_346_65,
      "City of Zurich tax (119% of the simple tax)": 10_135_20,
      "Zurich personal tax": 48_00,
    });
  });

  test("federal tariff: flat 11.5% from 793,400 and nothing under CHF 25", () => {
    const ch = systemOf("CH");
    // taxable at 1,000,000: net 1,000,000 − 53,000 − 1,630.20 = 945,369.80 − 4,000 − 1,800 = 939,569.80 → 939,500 × 11.5% = 108,042.50
    expectLines(ch.tax(1_000_000_00), { "Direct federal tax": 108_042_50 });
    // 25,000: net 23,400 − 2,000 − 1,800 = 19,600: (19,600 − 15,200) × 0.77% = 33.88
    expectLines(ch.tax(25_000_00), { "Direct federal tax": 33_88 });
    // 22,000: net 20,592 − 2,000 − 1,800 = 16,792 → 16,700: 15 × 0.77 = 11.55 < 25 → 0
    expectLines(ch.tax(22_000_00), { "Direct federal tax": 0 });
  });
});

describe("Ireland 2025", () => {
  const ie = systemOf("IE");

  test("SINGLE, 60,000", () => {
    // 44,000 × 20% = 8,800 + 16,000 × 40% = 6,400 → 15,200 − credits (2,000 + 2,000) = 11,200.00
    // USC 12,012 × 0.5% = 60.06; 15,370 × 2% = 307.40; 32,618 × 3% = 978.54 → 1,346.00
    // PRSI 39 weeks at 4.1% + 13 at 4.2% (from 1 October 2025): 45,000 × 4.1% + 15,000 × 4.2% = 1,845 + 630 = 2,475.00
    expectLines(ie.tax(60_000_00), { "Income tax (after credits)": 11_200_00, "Universal Social Charge": 1_346_00, "PRSI (Class A1)": 2_475_00 });
  });

  test("MARRIED_JOINT (one earner), 100,000", () => {
    // 53,000 × 20% = 10,600 + 47,000 × 40% = 18,800 → 29,400 − (4,000 + 2,000) = 23,400.00
    // USC 60.06 + 307.40 + 42,662 × 3% (1,279.86) + 29,956 × 8% (2,396.48) = 4,043.80; PRSI 75,000 × 4.1% + 25,000 × 4.2% = 4,125.00
    expectLines(ie.tax(100_000_00, { filingStatus: "MARRIED_JOINT" }), {
      "Income tax (after credits)": 23_400_00,
      "Universal Social Charge": 4_043_80,
      "PRSI (Class A1)": 4_125_00,
    });
  });

  test("20,000: credits cover the tax; PRSI credit", () => {
    // tax 20,000 × 20% = 4,000 − 4,000 = 0; USC 60.06 + 7,988 × 2% = 219.82
    // weekly 384.6154; PRSI credit 12 − (384.6154 − 352.01) / 6 = 6.5658 a week;
    // 39 × (384.6154 × 4.1% − 6.5658) = 358.935 + 13 × (384.6154 × 4.2% − 6.5658) = 124.645 → 483.58
    expectLines(ie.tax(20_000_00), { "Income tax (after credits)": 0, "Universal Social Charge": 219_82, "PRSI (Class A1)": 483_58 });
  });

  test("USC exemption up to 13,000 and no PRSI up to 352 a week", () => {
    expectLines(ie.tax(13_000_00), { "Universal Social Charge": 0, "PRSI (Class A1)": 0 });
    expectLines(ie.tax(18_304_00), { "PRSI (Class A1)": 0 });
  });
});

describe("Spain 2025 (state + complementary regional scale)", () => {
  const es = systemOf("ES");

  test("issue 13 vector: €1,000,000 — the regional scale tops at 22.5%, only the state scale has 24.5%", () => {
    // SS 58,914 × 6.48% = 3,817.6272; cotización adicional de solidaridad (2025, employee 0.15 / 0.17 / 0.19 %):
    // 5,891.40 × 0.15% = 8.8371 + 23,565.60 × 0.17% = 40.06152 + 911,629 × 0.19% = 1,732.0951 → 1,780.99372
    // base 1,000,000 − 3,817.6272 − 1,780.99372 − 2,000 = 992,401.37908
    // both scales to 300,000: 4,362.75 + 24,800 × 18.5% + 240,000 × 22.5% = 62,950.75; mínimo: scale(5,550) = 527.25
    // state (art. 63.1): + 692,401.37908 × 24.5% = 169,638.3379 → 232,589.0879 − 527.25 = 232,061.84
    // regional (DT 15.ª): + 692,401.37908 × 22.5% = 155,790.3103 → 218,741.0603 − 527.25 = 218,213.81
    const b = es.tax(1_000_000_00);
    expect(b.taxableIncome).toBe(992_401_38);
    expectLines(b, { "IRPF state scale": 232_061_84, "IRPF regional scale (general)": 218_213_81, "Seguridad Social": 3_817_63, "Cotización adicional de solidaridad": 1_780_99 });
    // the overstatement the issue reports (€13,884 = 2% × 694,182.37, before the solidarity contribution): 2% × 692,401.38 = 13,848.03
    expect(linesOf(b)["IRPF state scale"]! - linesOf(b)["IRPF regional scale (general)"]!).toBe(13_848_03);
  });

  test("issue 13 vector: €20,000 single — art. 20 reducción por obtención de rendimientos del trabajo (−€285.50)", () => {
    // SS 20,000 × 6.48% = 1,296; rendimiento neto previo 18,704 (between 17,673.52 and 19,747.5):
    // reducción 2,364.34 − 1.14 × (18,704 − 17,673.52) = 1,189.5928 (art. 20 LIRPF, RDL 4/2024)
    // base 18,704 − 2,000 − 1,189.5928 = 15,514.4072; scale = 1,182.75 + 3,064.4072 × 12% = 1,550.4789
    // − scale(5,550) 527.25 = 1,023.2289 → 1,023.23 per scale (2,046.46; without the reducción 2,331.96: +285.50)
    const b = es.tax(20_000_00);
    expect(b.taxableIncome).toBe(15_514_41);
    expectLines(b, { "IRPF state scale": 1_023_23, "IRPF regional scale (general)": 1_023_23, "Seguridad Social": 1_296_00 });
  });

  test("art. 20 reducción at its statutory points (Ley 35/2006 art. 20.1 as worded by RDL 4/2024)", () => {
    expect(workIncomeReduction(dec("14852")).toFixed()).toBe("7302"); // ≤ 14,852: 7,302
    expect(workIncomeReduction(dec("16000")).toFixed()).toBe("5293"); // 7,302 − 1.75 × 1,148
    expect(workIncomeReduction(dec("17673.52")).toFixed()).toBe("2364.34"); // both formulas meet
    expect(workIncomeReduction(dec("19747.5")).toFixed()).toBe("0");
    expect(workIncomeReduction(dec("25000")).toFixed()).toBe("0");
  });

  test("€15,000 single: the reducción takes the base under the mínimo personal — no IRPF", () => {
    // SS 972; rendimiento neto previo 14,028 ≤ 14,852: reducción 7,302; base 14,028 − 2,000 − 7,302 = 4,726 < 5,550
    const b = es.tax(15_000_00);
    expect(b.taxableIncome).toBe(4_726_00);
    expectLines(b, { "IRPF state scale": 0, "IRPF regional scale (general)": 0, "Seguridad Social": 972_00 });
  });

  test("single, 40,000", () => {
    // SS 40,000 × 6.48% = 2,592.00; base 40,000 − 2,592 − 2,000 = 35,408
    // scale(35,408) = 1,182.75 + 930 + 2,250 + 208 × 18.5% (38.48) = 4,401.23; scale(5,550) = 527.25 → 3,873.98 per scale
    const b = es.tax(40_000_00);
    expect(b.taxableIncome).toBe(35_408_00);
    expectLines(b, { "IRPF state scale": 3_873_98, "IRPF regional scale (general)": 3_873_98, "Seguridad Social": 2_592_00 });
  });

  test("joint return with 2 children, 80,000: SS ceiling, joint reduction, mínimo por descendientes", () => {
    // SS 58,914 × 6.48% = 3,817.6272 → 3,817.63; solidarity 5,891.40 × 0.15% = 8.8371 + 15,194.60 × 0.17% = 25.83082 → 34.66792
    // base 80,000 − 3,817.6272 − 34.66792 − 2,000 − 3,400 = 70,747.70488; mínimo 5,550 + 2,400 + 2,700 = 10,650
    // scale(70,747.70488) = 4,362.75 + 24,800 × 18.5% (4,588) + 10,747.70488 × 22.5% (2,418.23360) = 11,368.9836
    // scale(10,650) = 1,011.75 → 10,357.2336 → 10,357.23 per scale
    expectLines(es.tax(80_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), {
      "IRPF state scale": 10_357_23,
      "IRPF regional scale (general)": 10_357_23,
      "Seguridad Social": 3_817_63,
      "Cotización adicional de solidaridad": 34_67,
    });
  });
});
