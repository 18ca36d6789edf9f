/**
 * Singapore: fixed vectors per Year of Assessment. The IRAS rate table publishes the gross tax payable
 * on each band's top ("first 20,000: 0; first 30,000: 200; …"): those cumulative amounts are the
 * official vectors below (chargeable income = employment income − earned income relief 1,000). Rebates:
 * IRAS Personal Income Tax rebate page (YA2025 60% up to 200); none for YA2026 / YA2027.
 */
import { describe, expect, test } from "bun:test";
import { expectLines, systemOf } from "../test-helpers.ts";

// IRAS, individual income tax rates from YA2024: gross tax payable on the first … of chargeable income.
const IRAS_CUMULATIVE: readonly (readonly [chargeable: number, tax: number])[] = [
  [20_000, 0],
  [30_000, 200],
  [40_000, 550],
  [80_000, 3_350],
  [120_000, 7_950],
  [160_000, 13_950],
  [200_000, 21_150],
  [240_000, 28_750],
  [280_000, 36_550],
  [320_000, 44_550],
  [500_000, 84_150],
  [1_000_000, 199_150],
];

describe("Singapore YA2026 (income of 2025): IRAS rate table, no rebate", () => {
  const sg = systemOf("SG", null, "2025-09-01");

  test("a 2025 date picks YA2026", () => {
    expect(sg.info.map((i) => [i.id, i.periodStart, i.periodEnd])).toEqual([["sg-ya2026", "2025-01-01", "2025-12-31"]]);
  });

  test.each(IRAS_CUMULATIVE)("IRAS rate table: chargeable income %p → gross tax payable %p", (chargeable, tax) => {
    const b = sg.tax((chargeable + 1_000) * 100);
    expect(b.taxableIncome).toBe(chargeable * 100);
    expectLines(b, { "Income tax": tax * 100 });
  });

  test("above 1,000,000 at 24% (IRAS rate table)", () => {
    expectLines(sg.tax(1_501_000_00), { "Income tax": (199_150 + 120_000) * 100 });
  });
});

describe("Singapore YA2027 (income of 2026): IRAS rate table, no rebate", () => {
  const sg = systemOf("SG", null, "2026-09-01");

  test("a 2026 date picks YA2027; past 2026 it is used with a note", () => {
    expect(sg.info.map((i) => i.id)).toEqual(["sg-ya2027"]);
    const later = systemOf("SG", null, "2027-05-01");
    expect(later.info[0]?.id).toBe("sg-ya2027");
    expect(later.info[0]?.note).toContain("newest table");
  });

  test.each(IRAS_CUMULATIVE)("IRAS rate table: chargeable income %p → gross tax payable %p", (chargeable, tax) => {
    expectLines(sg.tax((chargeable + 1_000) * 100), { "Income tax": tax * 100 });
  });
});

describe("Singapore YA2025 (income of 2024): IRAS rate table less the YA2025 rebate (60%, up to 200)", () => {
  const sg = systemOf("SG", null, "2024-07-01");
  const label = "Income tax (after YA2025 rebate)";

  test.each(IRAS_CUMULATIVE)("IRAS rate table and rebate page: chargeable income %p → gross tax %p less the rebate", (chargeable, tax) => {
    expectLines(sg.tax((chargeable + 1_000) * 100), { [label]: Math.round((tax - Math.min(tax * 0.6, 200)) * 100) });
  });
});
