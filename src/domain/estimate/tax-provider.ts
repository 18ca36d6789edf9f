/**
 * Tax provider defaulting (part 1 §9): "Tax provider defaulting for one specific group: country
 * codes aus or gbr, or the classifieds function, choose one provider; all others another
 * (providers not shown)."
 *
 * Meridian has one tax engine, its own published tables (src/domain/tax), and no outside tax
 * provider. The engine sources an estimate's tax in two real ways, and those are the two providers
 * of this rule (the spec names neither):
 * - `TABLE_SUPPLEMENTAL`: the tables' supplemental (flat withholding) rate on the benefits
 *   (tax method SUPPLEMENTAL);
 * - `TABLE_GROSS_UP`: the progressive gross-up of the benefits on the salary through the host's
 *   tables (tax method GROSS_UP), the default every estimate had before this rule.
 * For the one configured group (`TAX_PROVIDER_GROUP`, src/config.ts), a move whose home or host
 * country is Australia or the United Kingdom, or whose employee's function is Classifieds, defaults
 * to `TABLE_SUPPLEMENTAL`; every other move (of that group or any other) to `TABLE_GROSS_UP`.
 * It is a default only: the stage-6 page still lets HR choose any method.
 */
import type { TTaxMethod } from "./schemas.ts";

export const TAX_PROVIDERS = ["TABLE_SUPPLEMENTAL", "TABLE_GROSS_UP"] as const;
export type TaxProvider = (typeof TAX_PROVIDERS)[number];

/** The rule's countries (the spec's "aus or gbr"), as ISO 3166 alpha-3 and the alpha-2 codes Meridian stores. */
const PROVIDER_COUNTRIES: ReadonlySet<string> = new Set(["AUS", "GBR", "AU", "GB"]);

/** The rule's function (the spec's "classifieds"), compared without case or surrounding space. */
export const PROVIDER_FUNCTION = "classifieds";

/**
 * The initiation-form fields that hold the employee's function, most specific first (a group's own
 * "function" field, acme's "Business unit", the catalogue's "Department"); the first with a value counts.
 */
export const FUNCTION_FIELDS = ["function", "businessUnit", "department"] as const;

export type TaxProviderInput = {
  /** The move's group (URL name). */
  group: string;
  /** The group the rule is configured for (URL name), or null when the rule is off. */
  configuredGroup: string | null;
  homeCountryCode: string | null;
  hostCountryCode: string | null;
  /** The employee's function (FUNCTION_FIELDS), or null. */
  businessFunction: string | null;
};

const norm = (s: string | null | undefined) => (s ?? "").trim().toLowerCase();

/** True when a country code (alpha-2 or alpha-3, any case) is Australia or the United Kingdom. */
export function isProviderCountry(code: string | null | undefined): boolean {
  return PROVIDER_COUNTRIES.has((code ?? "").trim().toUpperCase());
}

/** The provider a new estimate of a move starts with (see the module comment). */
export function defaultTaxProvider(input: TaxProviderInput): TaxProvider {
  const configured = norm(input.configuredGroup);
  if (configured === "" || norm(input.group) !== configured) return "TABLE_GROSS_UP";
  const special =
    isProviderCountry(input.homeCountryCode) || isProviderCountry(input.hostCountryCode) || norm(input.businessFunction) === PROVIDER_FUNCTION;
  return special ? "TABLE_SUPPLEMENTAL" : "TABLE_GROSS_UP";
}

/** The tax method through which the engine sources a provider's tax. */
export function taxMethodOf(provider: TaxProvider): TTaxMethod {
  switch (provider) {
    case "TABLE_SUPPLEMENTAL":
      return "SUPPLEMENTAL";
    case "TABLE_GROSS_UP":
      return "GROSS_UP";
  }
}

/** The employee's function from stored form values (model name → { formValue }), per FUNCTION_FIELDS. */
export function businessFunctionOf(formValues: Record<string, { formValue?: string | null } | undefined>): string | null {
  for (const field of FUNCTION_FIELDS) {
    const value = formValues[`properties['${field}']`]?.formValue?.trim();
    if (value) return value;
  }
  return null;
}
