/**
 * Ireland vectors, per tax year. Each test names its source: the Department of Social Protection's
 * PRSI credit example (welfare.ie user guide), Budget 2026's statements, or Revenue's / the
 * Department's published rates from which the figure is derived by hand (said so in the name).
 * Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { prsiOf } from "../tables/ie.ts";
import { expectLines, linesOf, systemOf } from "../test-helpers.ts";

const Y2025 = "2025-09-01";
const Y2026 = "2026-09-01";

/** The weekly PRSI of a whole year at one rate (the Department's examples are single weeks). */
const weeklyAt = (weekly: string, rate: string) =>
  prsiOf(dec(weekly).times(52), { periods: [{ weeks: 52, rate }], weeklyThreshold: 352, creditMax: 12, creditTaperFrom: "352.01" }).dividedBy(52);

describe("PRSI credit (Department of Social Protection, PRSI contribution rates and user guide, Class A)", () => {
  test("DSP worked example: gross weekly earnings €377 at 4% — credit 12 − 24.99 / 6 = 7.83, PRSI 15.08 − 7.83 = €7.25", () => {
    expect(weeklyAt("377", "0.04").toDecimalPlaces(2, 4).toFixed(2)).toBe("7.25"); // 15.08 − 7.835 = 7.245
  });

  test("DSP illustrative table: €352.01 → 2.08, €400 → 12.00, €424 → 16.96 (credit exhausted)", () => {
    expect(weeklyAt("352.01", "0.04").toDecimalPlaces(2, 4).toFixed(2)).toBe("2.08");
    expect(weeklyAt("400", "0.04").toDecimalPlaces(2, 4).toFixed(2)).toBe("12.00");
    expect(weeklyAt("424", "0.04").toDecimalPlaces(2, 4).toFixed(2)).toBe("16.96");
    expect(weeklyAt("352", "0.04").toFixed()).toBe("0"); // A0: nil up to 352
  });
});

describe("IE 2025: PRSI 4.1% to 30 September, 4.2% from 1 October 2025 (39 + 13 contribution weeks)", () => {
  const ie = systemOf("IE", null, Y2025);

  test("derived from the Department's Class A rates: €1,000 a week all year — 39 × 41.00 + 13 × 42.00 = €2,145.00", () => {
    expectLines(ie.tax(52_000_00), { "PRSI (Class A1)": 2_145_00 });
    expect(ie.info[0]!.id).toBe("ie-2025");
  });

  test("derived: the credit applies each week at that week's rate — €377 a week: 39 × (15.457 − 7.835) + 13 × (15.834 − 7.835) = €401.24", () => {
    // 39 × 7.622 = 297.258; 13 × 7.999 = 103.987 → 401.245 → 401.25 (half up on the unrounded sum)
    expectLines(ie.tax(19_604_00), { "PRSI (Class A1)": 401_25 });
  });

  test("derived from Revenue's 2025 rates, in the form of Citizens Information's case study (Joan, single, €28,000)", () => {
    // 28,000 × 20% = 5,600 − (2,000 + 2,000) = 1,600.00
    // USC 12,012 × 0.5% = 60.06 + 15,370 × 2% = 307.40 + 618 × 3% = 18.54 → 386.00; PRSI 28,000 × 4.125% = 1,155.00
    expectLines(ie.tax(28_000_00), { "Income tax (after credits)": 1_600_00, "Universal Social Charge": 386_00, "PRSI (Class A1)": 1_155_00 });
  });

  test("the line's rate is the year's blend, 4.125%; the marginal rate at €60,000 is 40% + USC 3% + 4.125%", () => {
    const prsi = ie.tax(60_000_00).lines.find((line) => line.label === "PRSI (Class A1)")!;
    expect(prsi.rate).toBe("0.04125");
    expect(ie.marginalRate(60_000_00)).toBe("0.47125");
  });
});

describe("IE 2026 (Budget 2026: bands and credits unchanged, USC 2% band to €28,700; PRSI 4.2% to 30 September, 4.35% from 1 October 2026)", () => {
  const ie = systemOf("IE", null, Y2026);

  test("the 2026 table holds the calendar year 2026", () => {
    expect(ie.info[0]).toMatchObject({ id: "ie-2026", taxYear: "2026", periodStart: "2026-01-01", periodEnd: "2026-12-31" });
    expect(systemOf("IE", null, "2025-12-31").info[0]!.id).toBe("ie-2025");
    expect(systemOf("IE", null, "2026-01-01").info[0]!.id).toBe("ie-2026");
  });

  test("Budget 2026: the 2% USC band rises by €1,318 — a saving of €13.18 for everyone above €28,700", () => {
    const before = linesOf(systemOf("IE", null, Y2025).tax(60_000_00))["Universal Social Charge"]!;
    const after = linesOf(ie.tax(60_000_00))["Universal Social Charge"]!;
    expect(before - after).toBe(13_18); // 1,318 × (3% − 2%)
  });

  test("Budget 2026: a full-time minimum-wage worker (€14.15 × 39 h × 52 = €28,696.20) stays out of the 3% USC band", () => {
    // USC 60.06 + (28,696.20 − 12,012) × 2% = 333.684 → 393.744 → 393.74; the 3% band starts at 28,700.01
    expectLines(ie.tax(28_696_20), { "Universal Social Charge": 393_74 });
  });

  test("derived from Revenue's 2026 rates: single, €60,000", () => {
    // tax 44,000 × 20% + 16,000 × 40% = 15,200 − 4,000 = 11,200.00
    // USC 60.06 + 16,688 × 2% (333.76) + 31,300 × 3% (939.00) = 1,332.82; PRSI 45,000 × 4.2% + 15,000 × 4.35% = 1,890 + 652.50 = 2,542.50
    expectLines(ie.tax(60_000_00), { "Income tax (after credits)": 11_200_00, "Universal Social Charge": 1_332_82, "PRSI (Class A1)": 2_542_50 });
    expect(ie.marginalRate(60_000_00)).toBe("0.472375"); // 40% + 3% + (39 × 4.2% + 13 × 4.35%) / 52
  });

  test("derived from Revenue's 2026 rates: married, one income, €100,000", () => {
    // tax 53,000 × 20% + 47,000 × 40% = 29,400 − 6,000 = 23,400.00
    // USC 60.06 + 333.76 + 41,344 × 3% (1,240.32) + 29,956 × 8% (2,396.48) = 4,030.62; PRSI 3,150 + 1,087.50 = 4,237.50
    expectLines(ie.tax(100_000_00, { filingStatus: "MARRIED_JOINT" }), {
      "Income tax (after credits)": 23_400_00,
      "Universal Social Charge": 4_030_62,
      "PRSI (Class A1)": 4_237_50,
    });
  });

  test("derived from Revenue's 2026 rates: single parent (child carer band and credit), €50,000", () => {
    // tax 48,000 × 20% + 2,000 × 40% = 10,400 − (2,000 + 2,000 + 1,900) = 4,500.00
    // USC 60.06 + 333.76 + 21,300 × 3% (639.00) = 1,032.82; PRSI 37,500 × 4.2% + 12,500 × 4.35% = 1,575 + 543.75 = 2,118.75
    expectLines(ie.tax(50_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), {
      "Income tax (after credits)": 4_500_00,
      "Universal Social Charge": 1_032_82,
      "PRSI (Class A1)": 2_118_75,
    });
  });
});

describe("Ireland 2026: a vector on each side of the single parent's band and credit, the USC exemption and the PRSI threshold and credit (issue 23 item 24)", () => {
  const ie = systemOf("IE", null, "2026-09-01");

  test("single person child carer, 60,000: band 48,000, credit 1,900 (Revenue tax relief charts), in 2025 and 2026", () => {
    // 48,000 × 20% + 12,000 × 40% = 14,400 − (2,000 + 2,000 + 1,900) = 8,500
    for (const system of [ie, systemOf("IE", null, "2025-09-01")]) {
      expectLines(system.tax(60_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), { "Income tax (after credits)": 8_500_00 });
    }
  });

  test.each([
    [12_500, 0], // exempt: income ≤ 13,000
    [13_000, 0],
    [13_500, 89_82], // 12,012 × 0.5% = 60.06 + 1,488 × 2% = 29.76
  ])("USC exemption limit 13,000: %p → %p cents", (income, cents) => {
    expectLines(ie.tax(income * 100), { "Universal Social Charge": cents });
  });

  test.each([
    [18_000, 0], // 346.15 a week: not above 352
    // 365.38 a week: credit 12 − (365.38 − 352.01) / 6 = 9.7709; 39 × (4.2% × 365.38 − 9.7709) + 13 × (4.35% × 365.38 − 9.7709) = 297.04
    [19_000, 297_04],
  ])("PRSI: nil up to 352 a week, the credit up to 12 tapering from 352.01: %p → %p cents", (income, cents) => {
    expectLines(ie.tax(income * 100), { "PRSI (Class A1)": cents });
  });
});
