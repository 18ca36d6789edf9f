/** United Arab Emirates: no personal income tax in 2025 or 2026 (UAE Ministry of Finance). */
import { describe, expect, test } from "bun:test";
import { systemOf } from "../test-helpers.ts";

describe("United Arab Emirates", () => {
  test.each([["2025-06-01", "ae-2025"], ["2026-06-01", "ae-2026"]])("UAE Ministry of Finance: no income tax on salaries (%s → %s)", (on, id) => {
    const ae = systemOf("AE", null, on);
    expect(ae.info.map((i) => i.id)).toEqual([id]);
    for (const income of [0, 250_000_00, 5_000_000_00]) {
      expect(ae.tax(income)).toEqual({ currency: "AED", taxableIncome: income, incomeTax: 0, socialSecurity: 0, total: 0, lines: [] });
      expect(ae.marginalRate(income)).toBe("0");
    }
  });

  test("a date past 2026 uses the 2026 table and says so", () => {
    const ae = systemOf("AE", null, "2027-02-01");
    expect(ae.info[0]?.id).toBe("ae-2026");
    expect(ae.info[0]?.note).toContain("2026");
  });
});
