/**
 * Default taxability of each catalogue service in a cost estimate (part 1 §3 "taxability (MAYBE
 * default for a new custom item)"). The user may change it per row; the saved choice wins.
 *
 * Choices, documented because they are judgement calls:
 * - Cash, allowances, housing, travel, home leave, education and household-goods moves are
 *   TAXABLE. Under current US law (since 2018) employer-paid moving expenses are taxable wages
 *   for most employees, and most host countries tax housing, cost-of-living and education
 *   allowances as employment income, so REMOVALS, STORAGE, TRAVEL and temporary housing are
 *   TAXABLE by default.
 * - Immigration, tax briefing and return preparation, the city guide, orientation, cultural and
 *   language training, school search, spouse support, settling-in, repatriation support and the
 *   move hub are NON_TAXABLE: they are services the employer needs for the assignment (or are
 *   commonly exempt as work-related training and compliance costs).
 * - TAXEQUALIZATION is NON_TAXABLE: it is itself the tax settlement, so taxing it again would
 *   count tax twice.
 * - Anything not listed (a service added to the catalogue later) and every new custom item is
 *   MAYBE: taxed like TAXABLE in the estimate, but flagged so the user decides.
 */
import type { TTaxability } from "./schemas.ts";

export const DEFAULT_TAXABILITY: Readonly<Record<string, TTaxability>> = {
  // Non-taxable: compliance, advice and support services
  IMMIGRATION: "NON_TAXABLE",
  TAXBRIEFING: "NON_TAXABLE",
  ACCOUNTANTS: "NON_TAXABLE",
  TAXEQUALIZATION: "NON_TAXABLE",
  CITYGUIDE: "NON_TAXABLE",
  ORIENTATION: "NON_TAXABLE",
  CULTURALTRAINING: "NON_TAXABLE",
  LANGUAGETRAINING: "NON_TAXABLE",
  SCHOOLSEARCH: "NON_TAXABLE",
  SPOUSALSUPPORT: "NON_TAXABLE",
  SETTLINGIN: "NON_TAXABLE",
  REPATRIATION: "NON_TAXABLE",
  MOVEHUB: "NON_TAXABLE",
  // Taxable: cash, allowances, housing, travel, moving expenses, education
  LUMPSUM: "TAXABLE",
  CASHFLEX: "TAXABLE",
  COLA: "TAXABLE",
  HOUSINGALLOWANCE: "TAXABLE",
  TEMPACCOMMODATION: "TAXABLE",
  SERVICEDAPARTMENT: "TAXABLE",
  FLATSEARCH: "TAXABLE",
  HOMESALE: "TAXABLE",
  HOMEPURCHASE: "TAXABLE",
  HOMELEAVE: "TAXABLE",
  HOUSEHUNTINGTRIP: "TAXABLE",
  TRAVEL: "TAXABLE",
  EDUCATION: "TAXABLE",
  REMOVALS: "TAXABLE",
  STORAGE: "TAXABLE",
};

/** The taxability a new custom item starts with (part 1 §3). */
export const CUSTOM_ITEM_TAXABILITY: TTaxability = "MAYBE";

/** The default taxability of a service code; MAYBE for a code the table does not know. */
export function defaultTaxability(serviceCode: string): TTaxability {
  return DEFAULT_TAXABILITY[serviceCode.toUpperCase()] ?? "MAYBE";
}

/** The saved choice when there is one, else the service's default. */
export function taxabilityOf(serviceCode: string, saved: TTaxability | null | undefined): TTaxability {
  return saved ?? defaultTaxability(serviceCode);
}

/** MAYBE is taxed like TAXABLE (and flagged); NON_TAXABLE is not taxed. */
export function isTaxed(taxability: TTaxability): boolean {
  return taxability !== "NON_TAXABLE";
}
