/**
 * Public types of the tax engine (re-exported by `index.ts`). Amounts are integer minor units of
 * the system's currency; rates are decimal strings ("0.22").
 */

export type FilingStatus = "SINGLE" | "MARRIED_JOINT" | "HEAD_OF_HOUSEHOLD";
export const FILING_STATUSES = ["SINGLE", "MARRIED_JOINT", "HEAD_OF_HOUSEHOLD"] as const satisfies readonly FilingStatus[];

/** The categories of GET /{group}/get-tax-rate. */
export type TaxCategory = "MARGINAL" | "SUPPLEMENTAL" | "EFFECTIVE" | "NON_TAXABLE";
export const TAX_CATEGORIES = ["MARGINAL", "SUPPLEMENTAL", "EFFECTIVE", "NON_TAXABLE"] as const satisfies readonly TaxCategory[];

/**
 * Who is taxed. `dependants` are children (or other dependants); when it is missing it is
 * derived from `familySize` (people in the family, the employee included) minus the adults
 * (2 for MARRIED_JOINT, else 1). Defaults: SINGLE, no dependants.
 */
export type TaxProfile = { filingStatus?: FilingStatus; dependants?: number; familySize?: number };

/** One line of a breakdown; `rate` is given for flat charges on (capped) employment income, e.g. "0.062". */
export type TaxLine = { label: string; amount: number /* minor units */; rate?: string };

export type TaxBreakdown = {
  currency: string;
  /** Taxable income of the country table (after its deductions), minor units. */
  taxableIncome: number;
  incomeTax: number;
  socialSecurity: number;
  total: number;
  lines: TaxLine[];
};

/**
 * Where and when: `on` (ISO date, e.g. the move date) picks the tax year of each table; without it,
 * today's date (UTC).
 */
export type TaxJurisdiction = { countryCode: string /* ISO 3166 alpha-2 */; region?: string | null; on?: string | null };

export type TaxTableInfo = {
  id: string;
  countryCode: string;
  region: string | null;
  name: string;
  currency: string;
  taxYear: string;
  /** First and last day (ISO dates, inclusive) of the income the table taxes: its tax year. */
  periodStart: string;
  periodEnd: string;
  source: string;
  /**
   * Set when the date asked for lies outside every year the jurisdiction has a table for: the
   * nearest table is used (the newest past the end), and this says so, for the reader.
   */
  note?: string;
};

export type TaxSystem = {
  info: TaxTableInfo[];
  currency: string;
  /** True when a table of the system publishes a flat supplemental withholding rate (US federal and states). */
  publishedSupplementalRate: boolean;
  /** Annual tax on annual gross employment income (minor units): income tax + employee social security, in lines. */
  tax(incomeMinor: number, profile?: TaxProfile): TaxBreakdown;
  /**
   * Marginal rate at that income: the point slope just right of it (income tax + social security),
   * decimal string. It can exceed 1 where the law makes every extra unit cost more than itself (the
   * Indian s.87A marginal relief: 1.04), so it is for display; to tax a benefit use `benefitRate`.
   */
  marginalRate(incomeMinor: number, profile?: TaxProfile): string;
  /**
   * The rate over a benefit stacked on that income: (tax(income + benefit) − tax(income)) / benefit,
   * on the unrounded amounts, decimal string; the point slope (`marginalRate`) for a zero benefit.
   * It can exceed 1 over a short stretch (e.g. India just above the s.87A limit), but never by
   * more than the law's own step; a gross-up clamps it (see gross-up.ts).
   */
  benefitRate(incomeMinor: number, benefitMinor: number, profile?: TaxProfile): string;
  /** total / income, decimal string ("0" for zero income). */
  effectiveRate(incomeMinor: number, profile?: TaxProfile): string;
  /**
   * Flat withholding rate for supplemental pay: the published flat rate where a table has one (US
   * federal 22%, 37% on the supplemental wages — `benefitMinor` — over USD 1,000,000, + state
   * supplemental rates), plus the employee's social security over the benefit stacked on the income
   * (US FICA: 6.2% up to the wage base, Medicare 1.45% + 0.9% over the threshold), since the flat
   * rate stands for the employee's cost; elsewhere the rate over `benefitMinor` (`benefitRate`), or
   * the point slope when no benefit is given.
   */
  supplementalRate(incomeMinor: number, profile?: TaxProfile, benefitMinor?: number): string;
};
