import { describe, expect, test } from "bun:test";
import { SERVICE_CATALOGUE } from "../policy/catalogue.ts";
import { CUSTOM_ITEM_TAXABILITY, DEFAULT_TAXABILITY, defaultTaxability, isTaxed, taxabilityOf } from "./taxability.ts";

describe("default taxability", () => {
  test("every catalogue service has a documented default", () => {
    for (const s of SERVICE_CATALOGUE) expect(DEFAULT_TAXABILITY[s.key]).toBeDefined();
  });

  test("services the assignment needs are non-taxable; cash, housing, travel and moving are taxable", () => {
    for (const code of ["IMMIGRATION", "TAXBRIEFING", "ACCOUNTANTS", "CITYGUIDE", "ORIENTATION", "CULTURALTRAINING", "LANGUAGETRAINING", "MOVEHUB"]) {
      expect(defaultTaxability(code)).toBe("NON_TAXABLE");
    }
    for (const code of ["LUMPSUM", "CASHFLEX", "COLA", "HOUSINGALLOWANCE", "HOMELEAVE", "EDUCATION", "REMOVALS", "TRAVEL", "TEMPACCOMMODATION"]) {
      expect(defaultTaxability(code)).toBe("TAXABLE");
    }
  });

  test("an unknown code and a new custom item are MAYBE; a saved choice wins", () => {
    expect(defaultTaxability("SOMETHINGNEW")).toBe("MAYBE");
    expect(defaultTaxability("immigration")).toBe("NON_TAXABLE");
    expect(CUSTOM_ITEM_TAXABILITY).toBe("MAYBE");
    expect(taxabilityOf("IMMIGRATION", "TAXABLE")).toBe("TAXABLE");
    expect(taxabilityOf("IMMIGRATION", null)).toBe("NON_TAXABLE");
  });

  test("MAYBE is taxed like TAXABLE", () => {
    expect([isTaxed("TAXABLE"), isTaxed("MAYBE"), isTaxed("NON_TAXABLE")]).toEqual([true, true, false]);
  });
});
