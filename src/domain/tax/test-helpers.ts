/** Helpers shared by this folder's tests (not a test file). */
import { expect } from "bun:test";
import { taxSystemFor, type TaxBreakdown, type TaxSystem } from "./index.ts";

/** The system of a jurisdiction on a date: the tests of a year's figures name the date (default: in every 2025 table's year). */
export function systemOf(countryCode: string, region: string | null = null, on = "2025-09-01"): TaxSystem {
  const system = taxSystemFor({ countryCode, region, on });
  if (system === null) throw new Error(`no tax system for ${countryCode}/${region}`);
  return system;
}

/** The breakdown's lines as { label: amount in minor units }. */
export function linesOf(breakdown: TaxBreakdown): Record<string, number> {
  return Object.fromEntries(breakdown.lines.map((line) => [line.label, line.amount]));
}

/** Checks the named lines (minor units) and that the totals are the sums of all lines. */
export function expectLines(breakdown: TaxBreakdown, expected: Record<string, number>): void {
  const lines = linesOf(breakdown);
  for (const [label, amount] of Object.entries(expected)) expect({ label, amount: lines[label] }).toEqual({ label, amount });
  const sum = breakdown.lines.reduce((total, line) => total + line.amount, 0);
  expect(breakdown.total).toBe(sum);
  expect(breakdown.incomeTax + breakdown.socialSecurity).toBe(breakdown.total);
}
