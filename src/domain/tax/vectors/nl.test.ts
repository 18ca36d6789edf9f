/**
 * Netherlands vectors, per year, derived by hand from the Belastingdienst's box 1 tariff and its
 * tables of the algemene heffingskorting and the arbeidskorting (said so in each name; the
 * Belastingdienst's own worked examples were not available here). Amounts in cents.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { expectLines, systemOf } from "../test-helpers.ts";
import { arbeidskorting, algemeneHeffingskorting, nl2026 } from "../tables/nl.ts";

const LINE = "Box 1 income tax and national insurance, after heffingskortingen";
const AK_2026 = { p1: 11_965, rate1: "0.08324", base2: 996, rate2: "0.31009", p2: 25_845, base3: 5_300, rate3: "0.0195", p3: 45_592, max: 5_685, taper: "0.0651", nilFrom: 132_920 };
const AHK_2026 = { max: 3_115, from: 29_736, rate: "0.06398", nilFrom: 78_426 };

describe("NL 2026 (Belastingplan 2026: 35.75% to 38,883, 37.56% to 78,426, 49.50%; AHK 3,115; AK up to 5,685)", () => {
  const nl = systemOf("NL", null, "2026-09-01");

  test("the 2026 table holds the calendar year 2026", () => {
    expect(nl.info[0]).toMatchObject({ id: "nl-2026", taxYear: "2026", periodStart: "2026-01-01", periodEnd: "2026-12-31" });
    expect(systemOf("NL", null, "2025-12-31").info[0]!.id).toBe("nl-2025");
    expect(nl2026.id).toBe("nl-2026");
  });

  test("Belastingdienst tabel arbeidskorting 2026 at its points (derived): 996 at 11,965 (rounded in the table), 5,300 at 25,845, 5,685 from 45,592, nil from 132,920", () => {
    expect(arbeidskorting(dec(11_965), AK_2026).toFixed()).toBe("995.9666"); // 8.324% × 11,965; the table prints 996
    expect(arbeidskorting(dec(25_845), AK_2026).toFixed()).toBe("5300.0492"); // 996 + 31.009% × 13,880
    expect(arbeidskorting(dec(45_593), AK_2026).toFixed()).toBe("5684.9349"); // 5,685 − 6.51% × 1
    expect(arbeidskorting(dec(132_920), AK_2026).toFixed()).toBe("0");
  });

  test("Belastingdienst tabel algemene heffingskorting 2026 (derived): 3,115 to 29,736, 6.398% less above, nil from 78,426", () => {
    expect(algemeneHeffingskorting(dec(29_736), AHK_2026).toFixed()).toBe("3115");
    expect(algemeneHeffingskorting(dec(50_000), AHK_2026).toFixed()).toBe("1818.50928"); // 3,115 − 6.398% × 20,264
    expect(algemeneHeffingskorting(dec(78_426), AHK_2026).toFixed()).toBe("0");
  });

  test("derived from the 2026 tables: €60,000", () => {
    // 38,883 × 35.75% = 13,900.6725 + 21,117 × 37.56% = 7,931.5452 → 21,832.2177
    // AHK 3,115 − 6.398% × 30,264 = 1,178.70928; AK 5,685 − 6.51% × 14,408 = 4,747.0392
    // 21,832.2177 − 1,178.70928 − 4,747.0392 = 15,906.46922 → 15,906.47
    expectLines(nl.tax(60_000_00), { [LINE]: 15_906_47 });
    expect(nl.marginalRate(60_000_00)).toBe("0.50468"); // 37.56% + 6.398% + 6.51%
  });

  test("derived from the 2026 tables: €30,000", () => {
    // 30,000 × 35.75% = 10,725; AHK 3,115 − 6.398% × 264 = 3,098.10928; AK 5,300 + 1.95% × 4,155 = 5,381.0225
    // 10,725 − 3,098.10928 − 5,381.0225 = 2,245.86822 → 2,245.87
    expectLines(nl.tax(30_000_00), { [LINE]: 2_245_87 });
  });

  test("derived from the 2026 tables: €150,000 — no credits", () => {
    // 13,900.6725 + 39,543 × 37.56% = 14,852.3508 + 71,574 × 49.5% = 35,429.13 → 64,182.1533 → 64,182.15
    expectLines(nl.tax(150_000_00), { [LINE]: 64_182_15 });
    expect(nl.marginalRate(150_000_00)).toBe("0.495");
  });

  test("credits cannot take the tax below nil: €10,000", () => {
    // 3,575 − 3,115 − 832.40 < 0 → 0
    expectLines(nl.tax(10_000_00), { [LINE]: 0 });
  });
});

describe("NL 2025 (Belastingdienst 2025 tables), derived", () => {
  const nl = systemOf("NL", null, "2025-09-01");

  test("derived from the 2025 tables: €45,000", () => {
    // 38,441 × 35.82% = 13,769.5662 + 6,559 × 37.48% = 2,458.3132 → 16,227.8794
    // AHK 3,068 − 6.337% × 16,594 = 2,016.43822; AK 5,599 − 6.51% × 1,929 = 5,473.4221
    // 16,227.8794 − 2,016.43822 − 5,473.4221 = 8,738.01908 → 8,738.02
    expectLines(nl.tax(45_000_00), { [LINE]: 8_738_02 });
    expect(nl.info[0]!.id).toBe("nl-2025");
  });
});

describe("Netherlands through the tables: a vector on each side of the heffingskortingen's points (issue 23 item 24)", () => {
  // Derived from the Belastingdienst tables quoted in src/domain/tax/tables/nl.ts (box 1 rates, tabel
  // algemene heffingskorting, tabel arbeidskorting): tax = box 1 − AHK − AK, to the cent.
  const LINE = "Box 1 income tax and national insurance, after heffingskortingen";
  test.each([
    // 12,000: 4,298.40 − 3,068 − 8.053% × 12,000 (966.36) = 264.04 (below the AK's first point 12,169)
    ["2025-09-01", 12_000, 264_04],
    // 13,000: 4,656.60 − 3,068 − (980 + 30.03% × 831 = 1,229.5493) = 359.05
    ["2025-09-01", 13_000, 359_05],
    // 70,000: AHK 3,068 − 6.337% × 41,594 = 432.18822; AK 5,599 − 6.51% × 26,929 = 3,845.9221; box 1 25,597.8794 → 21,319.77
    ["2025-09-01", 70_000, 21_319_77],
    // 76,818: AHK nil from 76,817 (the formula would leave 0.13); AK 3,402.0703; box 1 28,153.386 → 24,751.32
    ["2025-09-01", 76_818, 24_751_32],
    // 120,000: AK 5,599 − 6.51% × 76,929 = 590.9221 (nil only from 129,078); box 1 49,528.476 → 48,937.55
    ["2025-09-01", 120_000, 48_937_55],
    // 2026: 12,000: 4,290 − 3,115 − (996 + 31.009% × 35 = 1,006.85315) = 168.15 (above the first point 11,965)
    ["2026-09-01", 12_000, 168_15],
    // 13,000: 4,647.50 − 3,115 − (996 + 31.009% × 1,035 = 1,316.94315) = 215.56
    ["2026-09-01", 13_000, 215_56],
    // 70,000: AHK 3,115 − 6.398% × 40,264 = 538.90928; AK 5,685 − 6.51% × 24,408 = 4,096.0392 → 20,953.27
    ["2026-09-01", 70_000, 20_953_27],
    // 75,000: AHK 3,115 − 6.398% × 45,264 = 219.00928 (nil only from 78,426); AK 5,685 − 6.51% × 29,408 = 3,770.5392;
    // box 1 13,900.6725 + 36,117 × 37.56% = 27,466.2177 → 23,476.67
    ["2026-09-01", 75_000, 23_476_67],
    // 120,000: AK 5,685 − 6.51% × 74,408 = 841.0392 (nil only from 132,920) → 48,491.11
    ["2026-09-01", 120_000, 48_491_11],
  ])("%s: %p → %p cents", (on, income, cents) => {
    expectLines(systemOf("NL", null, on).tax(income * 100), { [LINE]: cents });
  });
});
