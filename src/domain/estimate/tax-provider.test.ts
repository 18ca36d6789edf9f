import { describe, expect, test } from "bun:test";
import { propertyModelName } from "../policy/forms/catalogue.ts";
import { businessFunctionOf, defaultTaxProvider, isProviderCountry, taxMethodOf, TAX_PROVIDERS, type TaxProviderInput } from "./tax-provider.ts";

const base: TaxProviderInput = { group: "acme", configuredGroup: "acme", homeCountryCode: "US", hostCountryCode: "SG", businessFunction: "Engineering" };

describe("tax provider defaulting (part 1 §9)", () => {
  test("the configured group: home or host Australia or the United Kingdom choose the supplemental tables", () => {
    expect(defaultTaxProvider({ ...base, homeCountryCode: "AU" })).toBe("TABLE_SUPPLEMENTAL");
    expect(defaultTaxProvider({ ...base, hostCountryCode: "GB" })).toBe("TABLE_SUPPLEMENTAL");
    // The spec writes alpha-3 in lower case.
    expect(defaultTaxProvider({ ...base, homeCountryCode: "aus" })).toBe("TABLE_SUPPLEMENTAL");
    expect(defaultTaxProvider({ ...base, hostCountryCode: "gbr" })).toBe("TABLE_SUPPLEMENTAL");
  });

  test("the configured group: the classifieds function chooses the supplemental tables, whatever the countries", () => {
    expect(defaultTaxProvider({ ...base, businessFunction: "Classifieds" })).toBe("TABLE_SUPPLEMENTAL");
    expect(defaultTaxProvider({ ...base, businessFunction: "  classifieds " })).toBe("TABLE_SUPPLEMENTAL");
  });

  test("the configured group: every other move gets the other provider", () => {
    expect(defaultTaxProvider(base)).toBe("TABLE_GROSS_UP");
    expect(defaultTaxProvider({ ...base, homeCountryCode: null, hostCountryCode: null, businessFunction: null })).toBe("TABLE_GROSS_UP");
    expect(defaultTaxProvider({ ...base, businessFunction: "Classifieds team lead" })).toBe("TABLE_GROSS_UP");
    expect(defaultTaxProvider({ ...base, homeCountryCode: "AT", hostCountryCode: "GR" })).toBe("TABLE_GROSS_UP");
  });

  test("any other group, and no configured group, keep the other provider even for AU, GB or classifieds", () => {
    const special = { ...base, homeCountryCode: "AU", hostCountryCode: "GB", businessFunction: "Classifieds" };
    expect(defaultTaxProvider({ ...special, group: "globex" })).toBe("TABLE_GROSS_UP");
    expect(defaultTaxProvider({ ...special, configuredGroup: null })).toBe("TABLE_GROSS_UP");
    expect(defaultTaxProvider({ ...special, configuredGroup: "  " })).toBe("TABLE_GROSS_UP");
    // The group's URL name compares without case.
    expect(defaultTaxProvider({ ...special, group: "ACME" })).toBe("TABLE_SUPPLEMENTAL");
  });

  test("each provider is one of the engine's tax methods", () => {
    expect(TAX_PROVIDERS.map(taxMethodOf)).toEqual(["SUPPLEMENTAL", "GROSS_UP"]);
  });

  test("country codes", () => {
    for (const code of ["AU", "AUS", "au", "aus", "GB", "GBR", "gb", "gbr"]) expect(isProviderCountry(code)).toBe(true);
    for (const code of ["UK", "A", "US", "", null, undefined, "AUT", "GBX"]) expect(isProviderCountry(code)).toBe(false);
  });

  test("the function comes from the first function field with a value", () => {
    expect(businessFunctionOf({})).toBeNull();
    expect(businessFunctionOf({ [propertyModelName("department")]: { formValue: "Classifieds" } })).toBe("Classifieds");
    expect(businessFunctionOf({ [propertyModelName("businessUnit")]: { formValue: "Sales" }, [propertyModelName("department")]: { formValue: "Classifieds" } })).toBe("Sales");
    expect(businessFunctionOf({ [propertyModelName("function")]: { formValue: " " }, [propertyModelName("department")]: { formValue: "Classifieds" } })).toBe("Classifieds");
  });
});
