/** The rate behind GET /{group}/get-tax-rate. */
import { AppError } from "../errors.ts";
import { displayRound } from "../money/money.ts";
import { dec } from "./table.ts";
import { taxSystemFor } from "./system.ts";
import type { TaxCategory, TaxProfile, TaxSystem } from "./types.ts";

function rateOf(system: TaxSystem, category: TaxCategory, salaryMinor: number, profile: TaxProfile | undefined): string {
  switch (category) {
    case "MARGINAL":
      return system.marginalRate(salaryMinor, profile);
    case "SUPPLEMENTAL":
      return system.supplementalRate(salaryMinor, profile);
    case "EFFECTIVE":
      return system.effectiveRate(salaryMinor, profile);
    case "NON_TAXABLE":
      return "0";
    default: {
      const unknown: never = category;
      throw new AppError("VALIDATION", `Unknown tax category ${String(unknown)}.`);
    }
  }
}

/**
 * Whole percent (0–100, rounded by money.ts `displayRound.taxRatePercent`) for the category at the
 * salary (minor units of the system's currency) and the family (`profile`: filing status and
 * dependants; default SINGLE without dependants), or null when the jurisdiction is unknown.
 * NON_TAXABLE is 0. `moveDate` picks the tax year (today when missing; see `taxSystemFor`).
 */
export function taxRatePercent(input: {
  countryCode: string;
  region?: string | null;
  taxCategory: TaxCategory;
  salaryMinor: number;
  moveDate?: string | null;
  profile?: TaxProfile;
}): number | null {
  const system = taxSystemFor({ countryCode: input.countryCode, region: input.region ?? null, on: input.moveDate ?? null });
  if (system === null) return null;
  const rate = rateOf(system, input.taxCategory, input.salaryMinor, input.profile);
  const percent = Number(displayRound.taxRatePercent(dec(rate).times(100)));
  return Math.min(100, Math.max(0, percent));
}
