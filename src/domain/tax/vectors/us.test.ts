/**
 * United States (federal + states): fixed vectors per year, from the authorities' own tables and
 * worksheets. Where a figure is the authority's printed amount (the "tax at the bottom of the
 * bracket" of the Rev. Proc. rate tables) the test says so; where it is worked through the
 * authority's worksheet (Schedule 8812, the IT-201 recapture worksheets) the test names the
 * worksheet and the working is in the comments. Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { taxRatePercent, taxSystemFor } from "../index.ts";
import { expectLines, linesOf, systemOf } from "../test-helpers.ts";

const Y2025 = "2025-09-01";
const Y2026 = "2026-09-01";
const ACTC = "Additional child tax credit (refundable)";
const RECAPTURE = "New York tax benefit recapture";

/** The federal income tax on a taxable income: the wages are the taxable income plus the standard deduction. */
function federalTaxOn(on: string, status: "SINGLE" | "MARRIED_JOINT" | "HEAD_OF_HOUSEHOLD", taxable: number, deduction: number): number {
  return linesOf(systemOf("US", null, on).tax((taxable + deduction) * 100, { filingStatus: status }))["Federal income tax"]!;
}

describe("IRS Rev. Proc. 2024-40 §3.01 Tables 1–3 (2025): the tax at the bottom of each bracket (the tables' printed amounts, e.g. $188,769.75 plus 37 %)", () => {
  // Standard deduction 2025 per P.L. 119-21: 15,750 / 31,500 / 23,625.
  test.each([
    ["SINGLE", 15_750, [[11_925, 1_192.5], [48_475, 5_578.5], [103_350, 17_651], [197_300, 40_199], [250_525, 57_231], [626_350, 188_769.75]]],
    ["MARRIED_JOINT", 31_500, [[23_850, 2_385], [96_950, 11_157], [206_700, 35_302], [394_600, 80_398], [501_050, 114_462], [751_600, 202_154.5]]],
    ["HEAD_OF_HOUSEHOLD", 23_625, [[17_000, 1_700], [64_850, 7_442], [103_350, 15_912], [197_300, 38_460], [250_500, 55_484], [626_350, 187_031.5]]],
  ] as const)("%s", (status, deduction, rows) => {
    for (const [taxable, tax] of rows) expect({ taxable, tax: federalTaxOn(Y2025, status, taxable, deduction) }).toEqual({ taxable, tax: Math.round(tax * 100) });
  });
});

describe("the 37% bracket from above (issue 23 item 24: a vector on each side of every threshold): taxable 800,000", () => {
  // The tables' amount at the top threshold plus 37% of the rest (Rev. Proc. 2024-40 for 2025, 2025-32 for 2026).
  test.each([
    [Y2025, "SINGLE", 15_750, 253_020.25], // 188,769.75 + 37% × 173,650
    [Y2025, "MARRIED_JOINT", 31_500, 220_062.5], // 202,154.50 + 37% × 48,400
    [Y2025, "HEAD_OF_HOUSEHOLD", 23_625, 251_282], // 187,031.50 + 37% × 173,650
    [Y2026, "SINGLE", 16_100, 251_957.25], // 192,979.25 + 37% × 159,400
    [Y2026, "MARRIED_JOINT", 32_200, 218_164.5], // 206,583.50 + 37% × 31,300
    [Y2026, "HEAD_OF_HOUSEHOLD", 24_150, 250_149], // 191,171 + 37% × 159,400
  ] as const)("%s %s", (on, status, deduction, tax) => {
    expect(federalTaxOn(on, status, 800_000, deduction)).toBe(Math.round(tax * 100));
  });
});

describe("child tax credit: the phase-out threshold, the refundable cap per child and Part II-B for three or more children (IRC §24, Schedule 8812)", () => {
  const tax = (on: string, income: number, dependants: number, filingStatus: "SINGLE" | "HEAD_OF_HOUSEHOLD" = "SINGLE") =>
    linesOf(systemOf("US", null, on).tax(income * 100, { filingStatus, dependants }));

  test.each([Y2025, Y2026])("%s: single or head of household with one child — 2,200 in full at 190,000; 2,200 − 50 × 10 = 1,700 at 210,000 (phase-out from 200,000)", (on) => {
    expect(tax(on, 190_000, 0)["Federal income tax"]! - tax(on, 190_000, 1)["Federal income tax"]!).toBe(2_200_00);
    expect(tax(on, 210_000, 0)["Federal income tax"]! - tax(on, 210_000, 1)["Federal income tax"]!).toBe(1_700_00);
    // Head of household: the same 200,000 (§24(h)(3): 400,000 only for a joint return).
    expect(tax(on, 190_000, 0, "HEAD_OF_HOUSEHOLD")["Federal income tax"]! - tax(on, 190_000, 1, "HEAD_OF_HOUSEHOLD")["Federal income tax"]!).toBe(2_200_00);
    expect(tax(on, 210_000, 0, "HEAD_OF_HOUSEHOLD")["Federal income tax"]! - tax(on, 210_000, 1, "HEAD_OF_HOUSEHOLD")["Federal income tax"]!).toBe(1_700_00);
  });

  test.each([Y2025, Y2026])("%s: the refundable part is at most 1,700 a child (wages 17,000, one child)", (on) => {
    // Below the standard deduction + a little: the tax absorbs little of the 2,200; 15% × (17,000 − 2,500) = 2,175
    // is more than 1,700, so the cap decides: −1,700.00.
    const lines = tax(on, 17_000, 1);
    const absorbed = tax(on, 17_000, 0)["Federal income tax"]! - lines["Federal income tax"]!;
    expect(absorbed).toBeLessThan(500_00);
    expect(lines[ACTC]).toBe(-1_700_00);
  });

  test("wages 4,000: two children get 15% × 1,500 = 225; three get their FICA 7.65% × 4,000 = 306 (Part II-B, three or more)", () => {
    expect(tax(Y2025, 4_000, 2)[ACTC]).toBe(-225_00);
    expect(tax(Y2025, 4_000, 3)[ACTC]).toBe(-306_00);
  });
});

describe("IRS Rev. Proc. 2025-32 tax rate tables (2026): the tax at the bottom of each bracket, worked from the tables' rates and thresholds", () => {
  // Standard deduction 2026 (Rev. Proc. 2025-32): 16,100 / 32,200 / 24,150.
  test.each([
    ["SINGLE", 16_100, [[12_400, 1_240], [50_400, 5_800], [105_700, 17_966], [201_775, 41_024], [256_225, 58_448], [640_600, 192_979.25]]],
    ["MARRIED_JOINT", 32_200, [[24_800, 2_480], [100_800, 11_600], [211_400, 35_932], [403_550, 82_048], [512_450, 116_896], [768_700, 206_583.5]]],
    ["HEAD_OF_HOUSEHOLD", 24_150, [[17_700, 1_770], [67_450, 7_740], [105_700, 16_155], [201_750, 39_207], [256_200, 56_631], [640_600, 191_171]]],
  ] as const)("%s", (status, deduction, rows) => {
    for (const [taxable, tax] of rows) expect({ taxable, tax: federalTaxOn(Y2026, status, taxable, deduction) }).toEqual({ taxable, tax: Math.round(tax * 100) });
  });

  test("2026 single, 100,000 of wages: Rev. Proc. 2025-32 Table 3 and SSA's 2026 wage base", () => {
    // taxable 100,000 − 16,100 = 83,900: 5,800 + 22% × (83,900 − 50,400) = 13,170.00; FICA 7,650.00
    const b = systemOf("US", null, Y2026).tax(100_000_00);
    expect(b.taxableIncome).toBe(83_900_00);
    expectLines(b, { "Federal income tax": 13_170_00, "Social Security": 6_200_00, Medicare: 1_450_00, "Additional Medicare": 0 });
    // 200,000: Social Security on the 2026 wage base 184,500 × 6.2% = 11,439.00
    expectLines(systemOf("US", null, Y2026).tax(200_000_00), { "Social Security": 11_439_00 });
    expect(systemOf("US", null, Y2026).info[0]).toMatchObject({ id: "us-federal-2026", taxYear: "2026" });
  });

  test("a date past the newest year uses 2026 and says so", () => {
    const system = taxSystemFor({ countryCode: "US", region: "NY", on: "2027-03-01" })!;
    expect(system.info.map((i) => i.id)).toEqual(["us-federal-2026", "us-ny-2026"]);
    expect(system.info[0]!.note).toContain("2026 is the newest table");
  });
});

describe("Child tax credit, Schedule 8812 (P.L. 119-21: 2,200 a child, 1,700 refundable)", () => {
  const us = systemOf("US", null, Y2025);

  test("2025 MFJ, 2 children, wages 30,000: no income tax, refundable part 2 × 1,700 (Schedule 8812 Part II-A)", () => {
    // taxable 0; credit 4,400, none used against the tax; line 16: 4,400 limited to 2 × 1,700 = 3,400;
    // line 20: 15% × (30,000 − 2,500) = 4,125; ACTC = 3,400
    const b = us.tax(30_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expectLines(b, { "Federal income tax": 0, [ACTC]: -3_400_00, "Social Security": 1_860_00, Medicare: 435_00 });
    expect(b.incomeTax).toBe(-3_400_00);
  });

  test("2025 HoH, 1 child, wages 10,000: the refund is 15% of earned income over 2,500", () => {
    // min(2,200, 1,700, 15% × 7,500 = 1,125) = 1,125
    expectLines(us.tax(10_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), { "Federal income tax": 0, [ACTC]: -1_125_00 });
  });

  test("2025 MFJ, 3 children, wages 4,000: Part II-B, the social security and Medicare taxes when larger", () => {
    // 15% × 1,500 = 225 < FICA 4,000 × 7.65% = 306 (no earned income credit modelled) → 306
    expectLines(us.tax(4_000_00, { filingStatus: "MARRIED_JOINT", dependants: 3 }), { [ACTC]: -306_00 });
  });

  test("2025 MFJ, 2 children, wages 60,000: the tax absorbs part of the credit, the rest is refundable", () => {
    // taxable 28,500: 2,385 + 4,650 × 12% = 2,943; nonrefundable 2,943; ACTC min(1,457, 3,400, 8,625) = 1,457
    expectLines(us.tax(60_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Federal income tax": 0, [ACTC]: -1_457_00 });
  });

  test("2025 single, 1 child, wages 210,500: $50 for each $1,000 or fraction over 200,000 (§24(b))", () => {
    // excess 10,500 → 11 steps → 550; credit 1,650; taxable 194,750: 17,651 + 91,400 × 24% = 39,587 → 37,937
    expectLines(us.tax(210_500_00, { dependants: 1 }), { "Federal income tax": 37_937_00, [ACTC]: 0 });
    // 244,000: 44 steps × 50 = 2,200, nothing left
    const gone = us.tax(244_000_00, { dependants: 1 });
    expect(linesOf(gone)["Federal income tax"]).toBe(linesOf(us.tax(244_000_00))["Federal income tax"]);
  });

  test("2025 MFJ, 2 children, wages 450,000: phase-out over 400,000", () => {
    // taxable 418,500: 80,398 + 23,900 × 32% = 88,046; credit 4,400 − 50 × 50 = 1,900 → 86,146
    expectLines(us.tax(450_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Federal income tax": 86_146_00 });
  });

  test("the marginal rate inside the phase-out adds the 5% reduction (measured without the $1,000 steps)", () => {
    // 2025 single, 1 child, 210,000: 24% + 5% + Medicare 1.45% + 0.9% (Social Security past its base) = 31.35%
    expect(us.marginalRate(210_000_00, { dependants: 1 })).toBe("0.3135");
    expect(us.marginalRate(210_000_00)).toBe("0.2635");
  });

  test("2026 MFJ, 2 children, 100,000", () => {
    // taxable 67,800: 2,480 + 43,000 × 12% = 7,640 − 4,400 = 3,240.00
    expectLines(systemOf("US", null, Y2026).tax(100_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Federal income tax": 3_240_00, [ACTC]: 0 });
  });
});

describe("Supplemental wages (Treas. Reg. §31.3402(g)-1(a)(2), Pub. 15 §7) with the employee's FICA", () => {
  test("2026: the wage base 184,500 over a benefit stacked on the salary", () => {
    // 10,000 on 180,000: 22% + Social Security (184,500 − 180,000) × 6.2% = 279 + Medicare 145 → 26.24%
    expect(systemOf("US", "TX", Y2026).supplementalRate(180_000_00, undefined, 10_000_00)).toBe("0.2624");
  });

  test("37% only on supplemental wages over 1,000,000, whatever the salary", () => {
    // 1,500,000 on 50,000: (1,000,000 × 22% + 500,000 × 37%) / 1,500,000 = 27%; FICA (126,100 × 6.2% = 7,818.20
    // + 21,750 + (1,550,000 − 200,000) × 0.9% = 12,150) / 1,500,000 = 2.78121%
    expect(systemOf("US", "FL", Y2025).supplementalRate(50_000_00, undefined, 1_500_000_00)).toBe("0.297812");
  });
});

describe("New York tax benefit recapture, Tax Law §601(d-1) (IT-201 instructions, NY AGI over 107,650)", () => {
  const ny = systemOf("US", "NY", Y2025);

  test("2025 single, NY AGI 120,000: worksheet for taxable income ≤ 215,400 (6%)", () => {
    // TI 112,000; tax 4,270.75 + 31,350 × 6% = 6,151.75; 6% × 112,000 − 6,151.75 = 568.25;
    // (120,000 − 107,650) / 50,000 = 0.2470; 568.25 × 0.2470 = 140.36
    expectLines(ny.tax(120_000_00), { "New York State income tax": 6_151_75, [RECAPTURE]: 140_36 });
  });

  test("2025 single, NY AGI 200,000: fully phased in, the flat 6%", () => {
    // TI 192,000: 6% × 192,000 = 11,520.00 = schedule 10,951.75 + 568.25
    expectLines(ny.tax(200_000_00), { "New York State income tax": 10_951_75, [RECAPTURE]: 568_25 });
  });

  test("2025 single, NY AGI 250,000: worksheet for 215,400 < TI ≤ 1,077,550 (recapture base 568)", () => {
    // TI 242,000: schedule 12,355.75 + 26,600 × 6.85% = 14,177.85; 6.85% × 242,000 = 16,577;
    // incremental 16,577 − 14,177.85 − 568 = 1,831.15; (250,000 − 215,400) / 50,000 = 0.6920
    // → 568 + 1,831.15 × 0.692 = 1,835.16
    expectLines(ny.tax(250_000_00), { "New York State income tax": 14_177_85, [RECAPTURE]: 1_835_16 });
  });

  test("2025 single, NY AGI 2,000,000: 9.65% bracket, recapture base 2,399, fully phased in", () => {
    // TI 1,992,000: schedule 159,657.45; flat 9.65% × 1,992,000 = 192,228 → recapture 32,570.55
    expectLines(ny.tax(2_000_000_00), { "New York State income tax": 159_657_45, [RECAPTURE]: 32_570_55 });
  });

  test("2025 single, NY AGI over 25,000,000: the whole taxable income at 10.9%", () => {
    // TI 29,992,000 × 10.9% = 3,269,128; schedule 3,054,057.45 → 215,070.55
    expectLines(ny.tax(30_000_000_00), { "New York State income tax": 3_054_057_45, [RECAPTURE]: 215_070_55 });
  });

  test("2025 married filing jointly: 5.5% below 161,550, then recapture base 333", () => {
    // AGI 150,000, TI 133,950: 5.5% × 133,950 − (1,202 + 106,050 × 5.5%) = 332.50; × 0.8470 = 281.63
    expectLines(ny.tax(150_000_00, { filingStatus: "MARRIED_JOINT" }), { "New York State income tax": 7_034_75, [RECAPTURE]: 281_63 });
    // AGI 200,000, TI 183,950: base round(332.50) = 333; incremental 6% × 183,950 − 9,896.75 − 333 = 807.25;
    // (200,000 − 161,550) / 50,000 = 0.7690 → 333 + 620.78 = 953.78
    expectLines(ny.tax(200_000_00, { filingStatus: "MARRIED_JOINT" }), { "New York State income tax": 9_896_75, [RECAPTURE]: 953_78 });
  });

  test("2025 head of household, NY AGI 130,000: recapture base 249 over 107,650", () => {
    // TI 118,800: schedule 5,672.125 + 11,150 × 6% = 6,341.125; base round(5.5% × 20,900 − 900.875) = 249;
    // incremental 7,128 − 6,341.125 − 249 = 537.875; × 0.4470 → 249 + 240.43 = 489.43
    expectLines(ny.tax(130_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD" }), { "New York State income tax": 6_341_13, [RECAPTURE]: 489_43 });
  });

  test("no recapture at or below NY AGI 107,650", () => {
    expectLines(ny.tax(107_650_00), { [RECAPTURE]: 0 });
  });

  describe("2026 (§601 schedules of L.2025 ch. 59 part B; recapture derived from them by the (d-1) rule)", () => {
    const ny26 = systemOf("US", "NY", Y2026);

    test("single 100,000 and PFL 2026 (0.432%, max 411.91)", () => {
      // TI 92,000: 8,500 × 3.9% + 3,200 × 4.4% + 2,200 × 5.15% + 66,750 × 5.4% = 4,190.10 + 11,350 × 5.9% = 4,859.75
      expectLines(ny26.tax(100_000_00), { "New York State income tax": 4_859_75, [RECAPTURE]: 0, "New York SDI": 31_20, "New York Paid Family Leave": 411_91 });
    });

    test("single, NY AGI 120,000 and 250,000", () => {
      // TI 112,000: 4,190.10 + 31,350 × 5.9% = 6,039.75; 5.9% × 112,000 − 6,039.75 = 568.25 × 0.247 = 140.36
      expectLines(ny26.tax(120_000_00), { "New York State income tax": 6_039_75, [RECAPTURE]: 140_36 });
      // TI 242,000: 12,140.35 + 1,822.10 = 13,962.45; incremental 16,577 − 13,962.45 − 568 = 2,046.55 × 0.692 → 568 + 1,416.21
      expectLines(ny26.tax(250_000_00), { "New York State income tax": 13_962_45, [RECAPTURE]: 1_984_21 });
    });

    test("MFJ, NY AGI 200,000", () => {
      // TI 183,950: 8,391.20 + 22,400 × 5.9% = 9,712.80; base round(5.4% × 27,900 − 1,174.10 = 332.50) = 333;
      // 5.9% × 183,950 − 9,712.80 − 333 = 807.25 × 0.769 → 333 + 620.78
      expectLines(ny26.tax(200_000_00, { filingStatus: "MARRIED_JOINT" }), { "New York State income tax": 9_712_80, [RECAPTURE]: 953_78 });
    });
  });
});

describe("States 2026", () => {
  test("California: EDD SDI 1.3% (no ceiling); FTB brackets as 2025 (2026 indexation not in our sources)", () => {
    // SDI 100,000 × 1.3% = 1,300.00; income tax as in 2025: 5,207.98
    expectLines(systemOf("US", "CA", Y2026).tax(100_000_00), { "California income tax": 5_207_98, "California SDI": 1_300_00 });
  });

  test("Washington: PFML 1.13% × 71.43% up to 184,500; WA Cares 0.58%", () => {
    // 0.807159%: 100,000 → 807.159 → 807.16; 250,000 → 184,500 × 0.807159% = 1,489.208355 → 1,489.21
    const wa = systemOf("US", "WA", Y2026);
    expectLines(wa.tax(100_000_00), { "Washington Paid Family and Medical Leave": 807_16, "WA Cares Fund": 580_00 });
    expectLines(wa.tax(250_000_00), { "Washington Paid Family and Medical Leave": 1_489_21, "WA Cares Fund": 1_450_00 });
  });

  test.each([["IL"], ["MA"], ["NJ"], ["TX"], ["FL"]])("%s has a 2026 table", (state) => {
    expect(systemOf("US", state, Y2026).info.map((i) => i.id)).toEqual(["us-federal-2026", `us-${state.toLowerCase()}-2026`]);
  });
});

describe("get-tax-rate, issue 13 vectors: US 100,000 single 30 %, married filing jointly 20 %", () => {
  const at = (moveDate: string, profile?: Parameters<typeof taxRatePercent>[0]["profile"]) =>
    taxRatePercent({ countryCode: "US", taxCategory: "MARGINAL", salaryMinor: 100_000_00, moveDate, profile });

  test("2025: 22% + FICA 7.65% = 29.65 → 30; MFJ 12% + 7.65% → 20 (two children do not change it)", () => {
    expect(at(Y2025)).toBe(30);
    expect(at(Y2025, { filingStatus: "MARRIED_JOINT" })).toBe(20);
    expect(at(Y2025, { filingStatus: "MARRIED_JOINT", dependants: 2 })).toBe(20);
  });

  test("2026: taxable 83,900 (single) is in the 22% bracket, 67,800 (MFJ) in the 12% bracket: 30 and 20", () => {
    expect(at(Y2026)).toBe(30);
    expect(at(Y2026, { filingStatus: "MARRIED_JOINT" })).toBe(20);
    expect(at(Y2026, { filingStatus: "MARRIED_JOINT", dependants: 2 })).toBe(20);
  });

  test("SUPPLEMENTAL: 22% + FICA 7.65% → 30", () => {
    expect(taxRatePercent({ countryCode: "US", taxCategory: "SUPPLEMENTAL", salaryMinor: 100_000_00, moveDate: Y2026 })).toBe(30);
  });
});

describe("Massachusetts (M.G.L. c.62 s.3, s.4; Massachusetts DOR): exemptions by filing status and per dependant, the 4% surtax from 1,083,150 (issue 23 item 24)", () => {
  const ma = (income: number, filingStatus: "SINGLE" | "MARRIED_JOINT" | "HEAD_OF_HOUSEHOLD", dependants = 0, on = Y2025) =>
    linesOf(systemOf("US", "MA", on).tax(income * 100, { filingStatus, dependants }));
  test.each([
    ["SINGLE", 0, 4_780], // 5% × (100,000 − 4,400)
    ["MARRIED_JOINT", 0, 4_560], // 5% × (100,000 − 8,800)
    ["HEAD_OF_HOUSEHOLD", 1, 4_610], // 5% × (100,000 − 6,800 − 1,000)
    ["MARRIED_JOINT", 3, 4_410], // 5% × (100,000 − 8,800 − 3 × 1,000)
  ] as const)("100,000, %s with %p dependants → %p", (status, dependants, tax) => {
    expect(ma(100_000, status, dependants)["Massachusetts income tax"]).toBe(tax * 100);
  });
  test.each([Y2025, Y2026])("%s: the surtax: none at 1,050,000 of taxable income, 4% over 1,083,150 at 1,200,000 (2026: 2025's threshold, see the table)", (on) => {
    expect(ma(1_054_400, "SINGLE", 0, on)["Massachusetts surtax"]).toBe(0);
    // taxable 1,200,000: 4% × 116,850 = 4,674
    expect(ma(1_204_400, "SINGLE", 0, on)["Massachusetts surtax"]).toBe(4_674_00);
  });
});

describe("Illinois (35 ILCS 5/204): the exemption allowance 2,850 per person, none above the AGI limit 250,000 (500,000 joint) (issue 23 item 24)", () => {
  const il = (income: number, filingStatus: "SINGLE" | "MARRIED_JOINT" | "HEAD_OF_HOUSEHOLD", dependants = 0, on = Y2025) =>
    linesOf(systemOf("US", "IL", on).tax(income * 100, { filingStatus, dependants }))["Illinois income tax"];
  test.each([
    ["SINGLE", 0, 240_000, 11_738.93], // 4.95% × (240,000 − 2,850) = 11,738.925 → 11,738.93
    ["SINGLE", 0, 260_000, 12_870], // above 250,000: no exemption
    ["HEAD_OF_HOUSEHOLD", 2, 240_000, 11_456.78], // 4.95% × (240,000 − 3 × 2,850) = 11,456.775 → 11,456.78
    ["HEAD_OF_HOUSEHOLD", 2, 260_000, 12_870],
    ["MARRIED_JOINT", 1, 480_000, 23_336.78], // 4.95% × (480,000 − 3 × 2,850)
    ["MARRIED_JOINT", 1, 520_000, 25_740],
  ] as const)("%s with %p dependants, %p → %p (2025 and 2026: 2,850 both years, see the table)", (status, dependants, income, tax) => {
    expect(il(income, status, dependants)).toBe(Math.round(tax * 100));
    expect(il(income, status, dependants, Y2026)).toBe(Math.round(tax * 100));
  });
});

describe("New Jersey (N.J.S.A. 54A:2-1): each side of the 500,000 and 1,000,000 brackets (issue 23 item 24)", () => {
  // Single: 1.4% / 1.75% from 20,000 / 3.5% from 35,000 / 5.525% from 40,000 / 6.37% from 75,000 / 8.97% from
  // 500,000 / 10.75% from 1,000,000; joint: … 6.37% from 150,000 / 8.97% / 10.75% alike. Exemption 1,000 a person.
  test.each([
    ["SINGLE", 1_000, 480_000, 28_449.75],
    ["SINGLE", 1_000, 520_000, 31_517.75],
    ["SINGLE", 1_000, 950_000, 70_088.75],
    ["SINGLE", 1_000, 1_050_000, 79_948.75],
    ["MARRIED_JOINT", 2_000, 480_000, 26_533.5],
    ["MARRIED_JOINT", 2_000, 520_000, 29_601.5],
    ["MARRIED_JOINT", 2_000, 950_000, 68_172.5],
    ["MARRIED_JOINT", 2_000, 1_050_000, 78_032.5],
  ] as const)("%s, taxable %p → %p", (filingStatus, exemptions, taxable, tax) => {
    const lines = linesOf(systemOf("US", "NJ", Y2025).tax((taxable + exemptions) * 100, { filingStatus }));
    expect(lines["New Jersey income tax"]).toBe(Math.round(tax * 100));
  });
});

describe("California 2025, FTB Schedules Y (married/RDP filing jointly) and Z (head of household): every bracket edge (issue 23 item 24)", () => {
  // FTB 2025 California Tax Rate Schedules (https://www.ftb.ca.gov/forms/2025/2025-540-tax-rate-schedules.pdf):
  // the tax at the bottom of each bracket ("over X: the tax at X plus the rate of the amount over X"),
  // worked here from the schedules' edges and rates (Schedule Y's edges are twice Schedule X's,
  // R&TC §17041(a)); the 2025 standard deduction 11,412 for both (Form 540 instructions). Each edge has
  // the vectors of its neighbours on either side (the edge below and the edge above), the top edge
  // taxable 2,000,000 above it (with the 1% Behavioral Health Services Tax over 1,000,000, R&TC §17043).
  const ca = systemOf("US", "CA", Y2025);
  const DEDUCTION = 11_412;
  test.each([
    ["MARRIED_JOINT", 22_158, 221_58], // 1% × 22,158
    ["MARRIED_JOINT", 52_528, 828_98], // 221.58 + 2% × 30,370
    ["MARRIED_JOINT", 82_904, 2_044_02], // 828.98 + 4% × 30,376
    ["MARRIED_JOINT", 115_084, 3_974_82], // 2,044.02 + 6% × 32,180
    ["MARRIED_JOINT", 145_448, 6_403_94], // 3,974.82 + 8% × 30,364
    ["MARRIED_JOINT", 742_958, 61_972_37], // 6,403.94 + 9.3% × 597,510
    ["MARRIED_JOINT", 891_542, 77_276_52], // 61,972.37 + 10.3% × 148,584 = 77,276.522
    ["MARRIED_JOINT", 1_485_906, 144_439_65], // 77,276.522 + 11.3% × 594,364 = 144,439.654
    ["MARRIED_JOINT", 2_000_000, 207_673_22], // 144,439.654 + 12.3% × 514,094 = 207,673.216
    ["HEAD_OF_HOUSEHOLD", 22_173, 221_73], // 1% × 22,173
    ["HEAD_OF_HOUSEHOLD", 52_530, 828_87], // 221.73 + 2% × 30,357
    ["HEAD_OF_HOUSEHOLD", 67_716, 1_436_31], // 828.87 + 4% × 15,186
    ["HEAD_OF_HOUSEHOLD", 83_805, 2_401_65], // 1,436.31 + 6% × 16,089
    ["HEAD_OF_HOUSEHOLD", 98_990, 3_616_45], // 2,401.65 + 8% × 15,185
    ["HEAD_OF_HOUSEHOLD", 505_208, 41_394_72], // 3,616.45 + 9.3% × 406,218 = 41,394.724
    ["HEAD_OF_HOUSEHOLD", 606_251, 51_802_15], // 41,394.724 + 10.3% × 101,043 = 51,802.153
    ["HEAD_OF_HOUSEHOLD", 1_010_417, 97_472_91], // 51,802.153 + 11.3% × 404,166 = 97,472.911
    ["HEAD_OF_HOUSEHOLD", 2_000_000, 219_191_62], // 97,472.911 + 12.3% × 989,583 = 219,191.620
  ] as const)("%s, taxable %p (wages + 11,412) → %p cents", (filingStatus, taxable, tax) => {
    expectLines(ca.tax((taxable + DEDUCTION) * 100, { filingStatus }), { "California income tax": tax, "California Behavioral Health Services Tax": Math.max(taxable - 1_000_000, 0) });
  });
});

describe("New York 2025: each side of the joint and head-of-household top brackets and of the NY AGI 25,000,000 flat rate (issue 23 item 24)", () => {
  // Tax Law §601(a), (b) schedules as printed in the 2025 IT-201 instructions (married filing jointly:
  // 6.85% from 323,200, 9.65% from 2,155,350, 10.3% from 5,000,000, 10.9% from 25,000,000; head of
  // household: 6.85% from 269,300, 9.65% from 1,616,450, then the same); the tax at each bracket's
  // bottom worked from them (joint: 18,251.75 at 323,200, 143,754.025 at 2,155,350, 418,262.75 at
  // 5,000,000, 2,478,262.75 at 25,000,000; head of household: 15,371.125 at 269,300, 107,650.90 at
  // 1,616,450, 434,163.475 at 5,000,000). §601(d-1) and the IT-201 worksheets: once NY AGI is 50,000
  // past the bottom of the taxable income's bracket the recapture is complete — the whole taxable
  // income at that bracket's rate; with NY AGI more than 25,000,000 the whole taxable income at 10.9%.
  // Standard deductions (§614): 16,050 joint, 11,200 head of household.
  const ny = systemOf("US", "NY", Y2025);
  test.each([
    // joint: TI 383,950: 18,251.75 + 6.85% × 60,750 = 22,413.125; 6.85% × TI = 26,300.575
    ["MARRIED_JOINT", 400_000, 22_413_13, 3_887_45],
    // TI 1,983,950 (below 2,155,350): 18,251.75 + 6.85% × 1,660,750 = 132,013.125; 6.85% × TI = 135,900.575
    ["MARRIED_JOINT", 2_000_000, 132_013_13, 3_887_45],
    // TI 2,983,950: 143,754.025 + 9.65% × 828,600 = 223,713.925; 9.65% × TI = 287,951.175
    ["MARRIED_JOINT", 3_000_000, 223_713_93, 64_237_25],
    // TI 5,983,950: 418,262.75 + 10.3% × 983,950 = 519,609.60; 10.3% × TI = 616,346.85
    ["MARRIED_JOINT", 6_000_000, 519_609_60, 96_737_25],
    // NY AGI exactly 25,000,000 (not more): TI 24,983,950 in the 10.3% bracket: 2,476,609.60; 10.3% × TI = 2,573,346.85
    ["MARRIED_JOINT", 25_000_000, 2_476_609_60, 96_737_25],
    // NY AGI 25,010,000 (more than 25,000,000), TI 24,993,950 still in the 10.3% bracket: 2,477,639.60;
    // but 10.9% × TI = 2,724,340.55 → recapture 246,700.95
    ["MARRIED_JOINT", 25_010_000, 2_477_639_60, 246_700_95],
    // TI 29,983,950: 2,478,262.75 + 10.9% × 4,983,950 = 3,021,513.30; 10.9% × TI = 3,268,250.55
    ["MARRIED_JOINT", 30_000_000, 3_021_513_30, 246_737_25],
    // head of household: TI 338,800: 15,371.125 + 6.85% × 69,500 = 20,131.875; 6.85% × TI = 23,207.80 → 3,075.925
    ["HEAD_OF_HOUSEHOLD", 350_000, 20_131_88, 3_075_93],
    // TI 1,488,800 (below 1,616,450): 15,371.125 + 6.85% × 1,219,500 = 98,906.875; 6.85% × TI = 101,982.80
    ["HEAD_OF_HOUSEHOLD", 1_500_000, 98_906_88, 3_075_93],
    // TI 1,988,800: 107,650.90 + 9.65% × 372,350 = 143,582.675; 9.65% × TI = 191,919.20
    ["HEAD_OF_HOUSEHOLD", 2_000_000, 143_582_68, 48_336_53],
    // TI 5,988,800: 434,163.475 + 10.3% × 988,800 = 536,009.875; 10.3% × TI = 616,846.40
    ["HEAD_OF_HOUSEHOLD", 6_000_000, 536_009_88, 80_836_53],
    // TI 23,988,800 (below 25,000,000), NY AGI 24,000,000: 434,163.475 + 10.3% × 18,988,800 = 2,390,009.875; 10.3% × TI = 2,470,846.40
    ["HEAD_OF_HOUSEHOLD", 24_000_000, 2_390_009_88, 80_836_53],
    // TI 29,988,800: 2,494,163.475 + 10.9% × 4,988,800 = 3,037,942.675; 10.9% × TI = 3,268,779.20
    ["HEAD_OF_HOUSEHOLD", 30_000_000, 3_037_942_68, 230_836_53],
  ] as const)("%s, NY AGI %p: schedule %p, recapture %p (cents)", (filingStatus, agi, schedule, recapture) => {
    expectLines(ny.tax(agi * 100, { filingStatus }), { "New York State income tax": schedule, [RECAPTURE]: recapture });
  });

  test("the phase-in fraction is rounded to four decimal places (IT-201 worksheets)", () => {
    // single, NY AGI 120,008: TI 112,008; 6% × TI − tax(TI) = 568.25 (6% × 80,650 − 4,270.75);
    // (120,008 − 107,650) / 50,000 = 0.24716 → 0.2472; 568.25 × 0.2472 = 140.4714 (0.247 would give 140.36, 0.24716 140.45)
    expectLines(ny.tax(120_008_00), { [RECAPTURE]: 140_47 });
  });
});

describe("New York rates the whole-number vectors left unheld (mutation check --rates; issue 23 item 24)", () => {
  test("SDI 0.5% of wages below its 31.20 cap (Workers' Compensation Law §209: 0.60 a week, reached at 6,240)", () => {
    // 5,000 × 0.5% = 25.00 (the PFL 0.388% × 5,000 = 19.40)
    expectLines(systemOf("US", "NY", Y2025).tax(5_000_00), { "New York SDI": 25_00, "New York Paid Family Leave": 19_40 });
  });

  test("2026: PFL 0.432% below its maximum (50,000 → 216.00)", () => {
    expectLines(systemOf("US", "NY", Y2026).tax(50_000_00), { "New York Paid Family Leave": 216_00 });
  });

  test.each([
    // 2026 single schedule (the table's L.2025 ch. 59 part B rates, the same brackets): 12,140.35 at 215,400 (see above);
    // + 862,150 × 6.85% = 71,197.625 at 1,077,550; + 3,922,450 × 9.65% = 449,714.05 at 5,000,000; + 20,000,000 × 10.3% = 2,509,714.05 at 25,000,000.
    // Fully phased in, the whole taxable income at its bracket's rate (§601(d-1)); over NY AGI 25,000,000 at 10.9%.
    [2_000_000, 159_442_05, 32_785_95], // TI 1,992,000: 71,197.625 + 914,450 × 9.65% = 159,442.05; 9.65% × TI = 192,228
    [10_000_000, 963_890_05, 65_285_95], // TI 9,992,000: 449,714.05 + 4,992,000 × 10.3% = 963,890.05; 10.3% × TI = 1,029,176
    [30_000_000, 3_053_842_05, 215_285_95], // TI 29,992,000: 2,509,714.05 + 4,992,000 × 10.9% = 3,053,842.05; 10.9% × TI = 3,269,128
  ] as const)("2026 single, NY AGI %p: the 9.65 / 10.3 / 10.9%% brackets (schedule %p, recapture %p)", (agi, schedule, recapture) => {
    expectLines(systemOf("US", "NY", Y2026).tax(agi * 100), { "New York State income tax": schedule, [RECAPTURE]: recapture });
  });

  test("2026 supplemental: federal 22% + NY 11.70% + Medicare 1.45% and Additional Medicare 0.9% over a benefit stacked on 500,000", () => {
    // above the SS wage base 184,500, the SDI and PFL maxima and the Additional Medicare threshold 200,000: 0.22 + 0.117 + 0.0235
    expect(systemOf("US", "NY", Y2026).supplementalRate(500_000_00, undefined, 10_000_00)).toBe("0.3605");
  });
});
