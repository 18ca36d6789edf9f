/**
 * The tax engine: pure, no I/O. Amounts are integer minor units of the table's currency, rates
 * decimal strings. Tables live in `tables/` (one file per jurisdiction, each naming its tax year
 * and public source); `system.ts` combines and rounds them through money.ts.
 */
export type {
  FilingStatus,
  TaxBreakdown,
  TaxCategory,
  TaxJurisdiction,
  TaxLine,
  TaxProfile,
  TaxSystem,
  TaxTableInfo,
} from "./types.ts";
export { FILING_STATUSES, TAX_CATEGORIES } from "./types.ts";
export { listTaxTables, taxSystemFor } from "./system.ts";
export { grossUpFlat, grossUpProgressive, MAX_GROSS_UP_RATE } from "./gross-up.ts";
export { taxRatePercent } from "./rate.ts";
