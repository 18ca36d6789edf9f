/**
 * United Kingdom (rUK) vectors, per tax year. Each test names its source: the statute itself (ITA
 * 2007 s.35 on legislation.gov.uk), HMRC's guidance, or HMRC's published rates and thresholds from
 * which the figure is derived by hand (said so in the name). Amounts in pence.
 */
import { describe, expect, test } from "bun:test";
import { dec } from "../table.ts";
import { personalAllowance } from "../tables/gb.ts";
import { expectLines, systemOf } from "../test-helpers.ts";

const Y2025 = "2025-09-01";
const Y2026 = "2026-09-01";

describe("GB 2025/26: the personal allowance taper (ITA 2007 s.35)", () => {
  const gb = systemOf("GB", null, Y2025);

  test("ITA 2007 s.35(3): an allowance that is not a multiple of £1 is rounded up — £100,001 keeps 12,570, £100,002 has 12,569", () => {
    expect(personalAllowance(dec(100_001), 12_570, 100_000).toFixed()).toBe("12570"); // 12,569.50 rounded up
    expect(personalAllowance(dec(100_002), 12_570, 100_000).toFixed()).toBe("12569");
    expect(personalAllowance(dec("100003.98"), 12_570, 100_000).toFixed()).toBe("12569"); // 12,568.01 rounded up
    // £100,001: taxable 87,431: 37,700 × 20% = 7,540 + 49,731 × 40% = 19,892.40 → 27,432.40 (without s.35(3): 27,432.60)
    expectLines(gb.tax(100_001_00), { "Income tax": 27_432_40 });
    // £100,002: taxable 87,433: 7,540 + 49,733 × 40% = 19,893.20 → 27,433.20
    expectLines(gb.tax(100_002_00), { "Income tax": 27_433_20 });
  });

  test("gov.uk 'Income over £100,000': the allowance is zero from £125,140 — and £1 at £125,139 (s.35(3))", () => {
    expect(personalAllowance(dec(125_140), 12_570, 100_000).toFixed()).toBe("0");
    expect(personalAllowance(dec(125_139), 12_570, 100_000).toFixed()).toBe("1");
    // £125,140: taxable 125,140: 7,540 + 87,440 × 40% = 34,976 → 42,516.00; NI 3,016 + 74,870 × 2% = 1,497.40
    expectLines(gb.tax(125_140_00), { "Income tax": 42_516_00, "National Insurance (8%)": 3_016_00, "National Insurance (2%)": 1_497_40 });
    // £125,139: taxable 125,138: 7,540 + 87,438 × 40% = 34,975.20 → 42,515.20
    expectLines(gb.tax(125_139_00), { "Income tax": 42_515_20 });
  });

  test("the £1-per-£2 steps: an extra £1 at £110,000 costs 42% (no allowance lost yet), an extra £2 costs 62%; the point rate is the 62% of the taper", () => {
    expect(gb.benefitRate(110_000_00, 1_00)).toBe("0.42"); // 40% + NI 2%: 12,570 − 5,000.50 = 7,569.50 rounds up to 7,570
    expect(gb.benefitRate(110_000_00, 2_00)).toBe("0.62"); // 2 × 40% + 1 × 40% + 2 × 2% = 1.24 over £2
    expect(gb.marginalRate(110_000_00)).toBe("0.62");
  });
});

describe("GB 2026/27 (HMRC rates and thresholds 2026 to 2027: allowance 12,570, basic rate limit 37,700, NI 8% from 12,570 to 50,270, 2% above)", () => {
  const gb = systemOf("GB", null, Y2026);

  test("the 2026/27 table is picked from 6 April 2026; 5 April 2026 is still 2025/26", () => {
    expect(systemOf("GB", null, "2026-04-05").info[0]!.id).toBe("gb-2025-26");
    expect(systemOf("GB", null, "2026-04-06").info[0]!.id).toBe("gb-2026-27");
    expect(gb.info[0]).toMatchObject({ id: "gb-2026-27", taxYear: "2026/27", periodStart: "2026-04-06", periodEnd: "2027-04-05" });
    expect(gb.info[0]!.note).toBeUndefined();
    expect(gb.info[0]!.source).toContain("rates-and-thresholds-for-employers-2026-to-2027");
  });

  test("derived from HMRC's 2026/27 rates: the taper from £100,000 (ITA 2007 s.35) — £95,000 keeps the allowance, £110,000 loses 5,000", () => {
    // £95,000: taxable 82,430: 37,700 × 20% = 7,540 + 44,730 × 40% = 17,892 → 25,432.00
    expectLines(gb.tax(95_000_00), { "Income tax": 25_432_00 });
    // £110,000: allowance 12,570 − 5,000 = 7,570; taxable 102,430: 7,540 + 64,730 × 40% = 25,892 → 33,432.00
    expectLines(gb.tax(110_000_00), { "Income tax": 33_432_00 });
  });

  test("derived from HMRC's 2026/27 rates: £60,000 — higher rate and NI above the UEL", () => {
    // taxable 60,000 − 12,570 = 47,430: 37,700 × 20% = 7,540 + 9,730 × 40% = 3,892 → 11,432.00
    // NI (50,270 − 12,570) × 8% = 3,016.00; (60,000 − 50,270) × 2% = 194.60
    expectLines(gb.tax(60_000_00), { "Income tax": 11_432_00, "National Insurance (8%)": 3_016_00, "National Insurance (2%)": 194_60 });
  });

  test("derived from HMRC's 2026/27 rates: £25,000 — basic rate only", () => {
    // taxable 12,430 × 20% = 2,486.00; NI 12,430 × 8% = 994.40
    expectLines(gb.tax(25_000_00), { "Income tax": 2_486_00, "National Insurance (8%)": 994_40, "National Insurance (2%)": 0 });
  });

  test("derived from HMRC's 2026/27 rates: £300,000 — no allowance, additional rate over 125,140", () => {
    // 37,700 × 20% = 7,540; 87,440 × 40% = 34,976; 174,860 × 45% = 78,687 → 121,203.00; NI 2% on 249,730 = 4,994.60
    expectLines(gb.tax(300_000_00), { "Income tax": 121_203_00, "National Insurance (8%)": 3_016_00, "National Insurance (2%)": 4_994_60 });
    expect(gb.marginalRate(300_000_00)).toBe("0.47");
  });

  test("past the newest table (no 2027/28 table): 2026/27 is used and says so", () => {
    const later = systemOf("GB", null, "2027-06-01");
    expect(later.info[0]!.id).toBe("gb-2026-27");
    expect(later.info[0]!.note).toContain("1 June 2027");
  });
});
