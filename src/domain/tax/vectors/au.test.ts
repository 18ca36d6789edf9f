/**
 * Australia: fixed vectors per income year. The ATO's resident tax rate tables state the tax on each
 * bracket's top ("$4,288 plus 30c for each $1 over $45,000" in 2025-26; "$4,020 plus 30c …" in 2026-27
 * with the 15% rate): those published amounts are the vectors where the low income tax offset is nil
 * (taxable income above 66,667); lower incomes are derived from the same rates, the LITO and the
 * Medicare levy rules.
 */
import { describe, expect, test } from "bun:test";
import { expectLines, systemOf } from "../test-helpers.ts";

const TAX = "Income tax (after low income tax offset)";

describe("Australia 2025-26", () => {
  const au = systemOf("AU", null, "2026-06-30");

  test.each([
    [135_000, 31_288],
    [190_000, 51_638],
    [250_000, 51_638 + 60_000 * 0.45],
  ])("ATO tax rates 2025-26: taxable income %p → tax %p (+ Medicare levy 2%)", (income, tax) => {
    expect(au.info[0]?.id).toBe("au-2025-26");
    expectLines(au.tax(income * 100), { [TAX]: Math.round(tax * 100), "Medicare levy": income * 2 });
  });
});

describe("Australia 2026-27 (15% from 1 July 2026)", () => {
  const au = systemOf("AU", null, "2026-07-01");

  test("1 July 2026 starts 2026-27; past 30 June 2027 it is used with a note", () => {
    expect(au.info.map((i) => i.id)).toEqual(["au-2026-27"]);
    expect(systemOf("AU", null, "2027-07-01").info[0]?.note).toContain("newest table");
  });

  test.each([
    [45_000, 4_020 - 325],
    [135_000, 31_020],
    [190_000, 51_370],
    [250_000, 51_370 + 60_000 * 0.45],
  ])("ATO tax rates 2026-27: taxable income %p → tax %p after LITO", (income, tax) => {
    expectLines(au.tax(income * 100), { [TAX]: Math.round(tax * 100), "Medicare levy": income * 2 });
  });

  test("derived: 100,000 → 4,020 + 55,000 × 30% = 20,520; Medicare 2,000", () => {
    expectLines(au.tax(100_000_00), { [TAX]: 20_520_00, "Medicare levy": 2_000_00 });
  });

  test("derived: 50,000 → 4,020 + 1,500 − LITO 250 = 5,270", () => {
    expectLines(au.tax(50_000_00), { [TAX]: 5_270_00, "Medicare levy": 1_000_00 });
  });

  test("derived: 30,000 → 11,800 × 15% = 1,770 − 700 = 1,070; Medicare shade-in 10% × (30,000 − 27,222) = 277.80", () => {
    expectLines(au.tax(30_000_00), { [TAX]: 1_070_00, "Medicare levy": 277_80 });
  });
});
