/**
 * get-tax-rate with the family (issue 13 item 10): the rate follows the filing status and the
 * dependants. Vectors worked by hand from the IRD (Hong Kong salaries tax 2025/26) and IRS (2025
 * tax rate schedules, Rev. Proc. 2024-40; standard deduction per P.L. 119-21) figures.
 */
import { describe, expect, test } from "bun:test";
import { taxRatePercent } from "./index.ts";
import { expectLines, systemOf } from "./test-helpers.ts";

describe("Hong Kong 2025/26: allowances by family", () => {
  const hk = systemOf("HK");
  const at = (profile?: Parameters<typeof taxRatePercent>[0]["profile"]) =>
    taxRatePercent({ countryCode: "HK", taxCategory: "MARGINAL", salaryMinor: 300_000_00, moveDate: "2025-09-01", profile });

  test("single, 300,000: 18 % (14 % band on net chargeable income + MPF 5 %)", () => {
    // MPF 300,000 × 5% = 15,000 (under the 18,000 cap); net income 285,000; basic allowance 132,000
    // net chargeable 153,000: 1,000 + 3,000 + 5,000 + 3,000 × 14% = 9,420.00 (standard 285,000 × 15% = 42,750 is higher),
    // less the 2025/26 one-off reduction (100% up to 3,000) → 6,420.00
    // margin: 14% × (1 − 5%) + 5% = 18.3% → 18
    expectLines(hk.tax(300_000_00), { "Salaries tax": 6_420_00, "MPF mandatory contribution": 15_000_00 });
    expect(at()).toBe(18);
  });

  test("married with two children, 300,000: 5 % (no salaries tax, only the MPF contribution)", () => {
    // allowances 264,000 married + 2 × 130,000 child = 524,000 > net income 285,000: net chargeable 0, tax 0
    // margin: the 5% MPF contribution alone — the 5 %
    const b = hk.tax(300_000_00, { filingStatus: "MARRIED_JOINT", dependants: 2 });
    expect(b.taxableIncome).toBe(0);
    expectLines(b, { "Salaries tax": 0, "MPF mandatory contribution": 15_000_00 });
    expect(at({ filingStatus: "MARRIED_JOINT", dependants: 2 })).toBe(5);
  });

  test("married without children, 300,000: 5 % (the 2 % band's tax is within the 2025/26 one-off reduction)", () => {
    // 285,000 − 264,000 = 21,000 in the 2% band: 420.00, reduced by 100% up to 3,000 (2026-27 Budget) → 0;
    // margin: the MPF contribution alone
    expectLines(hk.tax(300_000_00, { filingStatus: "MARRIED_JOINT" }), { "Salaries tax": 0 });
    expect(at({ filingStatus: "MARRIED_JOINT" })).toBe(5);
  });
});

describe("United States federal 2025: filing status", () => {
  const us = systemOf("US");
  const at = (profile?: Parameters<typeof taxRatePercent>[0]["profile"]) =>
    taxRatePercent({ countryCode: "US", taxCategory: "MARGINAL", salaryMinor: 100_000_00, moveDate: "2025-09-01", profile });

  test("100,000 married filing jointly: 20 % (12 % bracket + FICA 7.65 %)", () => {
    // taxable 100,000 − 31,500 = 68,500, in the 12% bracket (23,850–96,950):
    // 2,385 + (68,500 − 23,850) × 12% = 7,743.00 (IRS 2025 MFJ schedule)
    // margin 12% + Social Security 6.2% + Medicare 1.45% = 19.65% → 20
    expectLines(us.tax(100_000_00, { filingStatus: "MARRIED_JOINT" }), { "Federal income tax": 7_743_00 });
    expect(at({ filingStatus: "MARRIED_JOINT" })).toBe(20);
    // two children do not change the rate here: the child tax credit (2 × 2,200) is a fixed amount
    // off the 7,743 tax, far below its 400,000 phase-out
    expect(at({ filingStatus: "MARRIED_JOINT", dependants: 2 })).toBe(20);
  });

  test("100,000 single: 30 % (22 % bracket + FICA)", () => {
    // taxable 84,250: 1,192.50 + 4,386 + (84,250 − 48,475) × 22% = 13,449.00; margin 29.65% → 30
    expectLines(us.tax(100_000_00), { "Federal income tax": 13_449_00 });
    expect(at()).toBe(30);
  });

  test("100,000 head of household: 30 % (taxable 76,375 is past the 12 % bracket, 64,850)", () => {
    // 22% bracket → 29.65% → 30
    expect(at({ filingStatus: "HEAD_OF_HOUSEHOLD" })).toBe(30);
  });
});

describe("Germany: children lower the rate where the Freibeträge apply", () => {
  test("150,000: single vs married with two children", () => {
    const de = (profile?: Parameters<typeof taxRatePercent>[0]["profile"]) =>
      taxRatePercent({ countryCode: "DE", taxCategory: "MARGINAL", salaryMinor: 150_000_00, moveDate: "2025-09-01", profile });
    // above every contribution ceiling: single 42% zone + Soli 5.5% × 42% = 44.31% → 44
    expect(de()).toBe(44);
    // married, 2 children: splitting on (zvE − 19,200) / 2 = 57,029.64, zone 3 slope
    // (2 × 176.64 × 3.958664 + 2,397) / 10,000 = 37.955% (Soli base under the Freigrenze) → 38
    expect(de({ filingStatus: "MARRIED_JOINT", dependants: 2 })).toBe(38);
  });
});
