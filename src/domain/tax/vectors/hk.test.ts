/**
 * Hong Kong: fixed vectors per year of assessment, derived from the IRD's published rates (Schedule 1
 * progressive bands 2/6/10/14/17% on 50,000 bands, standard rate 15% / 16% above 5,000,000), the
 * allowances (2025/26: IRD allowances table; 2026/27: IRD "2026-27 Budget – Tax Measures") and the
 * 2025/26 one-off reduction (100% up to 3,000). No IRD worked example is reproduced from memory.
 */
import { describe, expect, test } from "bun:test";
import { expectLines, systemOf } from "../test-helpers.ts";

describe("Hong Kong 2025/26", () => {
  const hk = systemOf("HK", null, "2026-03-31");

  test("the 2025/26 table to 31 March 2026", () => {
    expect(hk.info.map((i) => i.id)).toEqual(["hk-2025-26"]);
  });

  test("derived from the IRD rates: 400,000 single — progressive tax 24,500 less the 3,000 reduction", () => {
    // MPF 18,000 (capped); net income 382,000; − 132,000 = 250,000: 1,000 + 3,000 + 5,000 + 7,000 + 50,000 × 17% = 24,500
    expectLines(hk.tax(400_000_00), { "Salaries tax": 21_500_00, "MPF mandatory contribution": 18_000_00 });
  });

  test("derived: 1,000,000 married with two children — 264,000 + 2 × 130,000", () => {
    // MPF 18,000; 982,000 − 264,000 − 260,000 = 458,000: 16,000 + 258,000 × 17% (43,860) = 59,860 − 3,000 = 56,860
    expectLines(hk.tax(1_000_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Salaries tax": 56_860_00 });
  });

  test("derived: 1,000,000 single parent with one child — 132,000 + 130,000 + single parent 132,000", () => {
    // 982,000 − 394,000 = 588,000: 16,000 + 388,000 × 17% (65,960) = 81,960 − 3,000 = 78,960
    expectLines(hk.tax(1_000_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), { "Salaries tax": 78_960_00 });
  });

  test.each([
    // MPF Schemes Ordinance Sch. 2: no employee contribution below HKD 7,100 a month (85,200 a year); 5% above.
    [80_000, 0],
    [85_000, 0],
    [86_000, 4_300],
    [95_000, 4_750],
  ])("MPF minimum relevant income: %p a year → employee contribution %p", (income, mpf) => {
    expectLines(hk.tax(income * 100), { "MPF mandatory contribution": mpf * 100 });
  });

  test("derived from the IRD rates: a tax under 3,000 is reduced to nothing", () => {
    // 200,000: MPF 10,000; net income 190,000 − 132,000 = 58,000: 1,000 + 8,000 × 6% = 1,480 → 0
    expectLines(hk.tax(200_000_00), { "Salaries tax": 0, "MPF mandatory contribution": 10_000_00 });
  });
});

describe("Hong Kong 2026/27 (allowances from the 2026-27 Budget)", () => {
  const hk = systemOf("HK", null, "2026-09-01");

  test("1 April 2026 starts 2026/27; past 31 March 2027 it is used with a note", () => {
    expect(hk.info.map((i) => [i.id, i.periodStart, i.periodEnd])).toEqual([["hk-2026-27", "2026-04-01", "2027-03-31"]]);
    expect(systemOf("HK", null, "2026-04-01").info[0]?.id).toBe("hk-2026-27");
    expect(systemOf("HK", null, "2027-04-01").info[0]?.note).toContain("newest table");
  });

  test("derived: 600,000 single — basic allowance 145,000", () => {
    // MPF 18,000; net income 582,000 − 145,000 = 437,000: 16,000 + 237,000 × 17% (40,290) = 56,290 (standard 87,300)
    expectLines(hk.tax(600_000_00), { "Salaries tax": 56_290_00, "MPF mandatory contribution": 18_000_00 });
  });

  test("derived: 600,000 married with two children — 290,000 + 2 × 140,000", () => {
    // 582,000 − 290,000 − 280,000 = 12,000 × 2% = 240
    expectLines(hk.tax(600_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 }), { "Salaries tax": 240_00 });
  });

  test("derived: 600,000 single parent with one child — 145,000 + 140,000 + single parent 145,000", () => {
    // 582,000 − 430,000 = 152,000: 9,000 + 2,000 × 14% = 9,280
    expectLines(hk.tax(600_000_00, { filingStatus: "HEAD_OF_HOUSEHOLD", dependants: 1 }), { "Salaries tax": 9_280_00 });
  });

  test("derived: 10,000,000 — the standard rate is lower (no reduction for 2026/27)", () => {
    // net income 9,982,000: 750,000 + 4,982,000 × 16% = 1,547,120; progressive on 9,837,000: 16,000 + 9,637,000 × 17% = 1,654,290
    expectLines(hk.tax(10_000_000_00), { "Salaries tax": 1_547_120_00 });
  });
});
