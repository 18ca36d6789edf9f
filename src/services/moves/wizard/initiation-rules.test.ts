import { describe, expect, test } from "bun:test";
import { propertyModelName } from "../../../domain/policy/forms/catalogue.ts";
import type { TFormComponentItem } from "../../../domain/moves/wizard/schemas.ts";
import {
  displayValue,
  EMPTY_VALUE,
  familyFrom,
  fieldAppliesTo,
  isIsoDate,
  missingElement,
  parseIdList,
  placeText,
  toComponent,
  valueFromSource,
  type CoreSource,
  type FieldLike,
} from "./initiation-rules.ts";

const field = (patch: Partial<FieldLike> = {}): FieldLike => ({
  id: 7,
  model_name: "employee.firstName",
  label: "First name",
  form_type: "text",
  placeholder: "",
  tooltip: "",
  validator: null,
  available_values: "[]",
  policy_version_ids: "[]",
  excluded_policy_version_ids: "[]",
  shown: 1,
  excluded: 0,
  read_only: 0,
  mandatory: 1,
  draft_mandatory: 0,
  master: 0,
  slave: 0,
  ...patch,
});

const item = (modelName: string, formValue: string | null, patch: Partial<TFormComponentItem> = {}): TFormComponentItem => ({
  modelName,
  formType: "text",
  formValue,
  formValueId: null,
  rateFrequency: null,
  currency: null,
  countryCode: null,
  state: null,
  ...patch,
});

describe("fieldAppliesTo", () => {
  const same = new Set([10, 11]);
  test("an empty version list means every version", () => {
    expect(fieldAppliesTo(field(), 10, same)).toBe(true);
  });
  test("a version list names this version or another version of the same policy", () => {
    expect(fieldAppliesTo(field({ policy_version_ids: "[10]" }), 10, same)).toBe(true);
    expect(fieldAppliesTo(field({ policy_version_ids: "[11]" }), 10, same)).toBe(true);
    expect(fieldAppliesTo(field({ policy_version_ids: "[99]" }), 10, same)).toBe(false);
  });
  test("exclusions, excluded and hidden fields", () => {
    expect(fieldAppliesTo(field({ excluded_policy_version_ids: "[11]" }), 10, same)).toBe(false);
    expect(fieldAppliesTo(field({ excluded_policy_version_ids: "[99]" }), 10, same)).toBe(true);
    expect(fieldAppliesTo(field({ excluded: 1 }), 10, same)).toBe(false);
    expect(fieldAppliesTo(field({ shown: 0 }), 10, same)).toBe(false);
  });
  test("broken id lists read as empty", () => {
    expect(parseIdList("not json")).toEqual([]);
    expect(parseIdList('[1,"x",2.5,3]')).toEqual([1, 3]);
  });
});

describe("toComponent", () => {
  test("maps a field to the wizard's component", () => {
    const c = toComponent(field({ id: 42, model_name: propertyModelName("homeValue"), form_type: "money", validator: "currencyWithoutValue", available_values: '["a","b"]', draft_mandatory: 1 }));
    expect(c).toMatchObject({
      formGroupId: 42,
      key: "FRM_GRP_42",
      formType: "money",
      mandatory: true,
      draftMandatory: true,
      usToUsOnly: true,
      allowCurrencyWithoutValue: true,
      allowNegative: false,
      availableValues: ["a", "b"],
      value: EMPTY_VALUE,
    });
    expect(toComponent(field({ validator: "negativeMoneyAllowed" })).allowNegative).toBe(true);
  });
});

describe("valueFromSource", () => {
  const source: CoreSource = {
    first_name: "Ada",
    last_name: "Lovelace",
    email: "ada@example.com",
    origin_country_code: "GB",
    origin_state: "ENG",
    origin_city_id: 5,
    origin_city_name: "London",
    destination_country_code: "LU",
    destination_state: null,
    destination_city_id: 0,
    destination_city_name: "Kirchberg",
    move_date: "2027-01-02",
    assignment_start_date: null,
    assignment_end_date: null,
    form_values: JSON.stringify({ "properties['bonus']": { formType: "money", formValue: "10", currency: "EUR", formValueId: null, rateFrequency: null, countryCode: null, state: null } }),
  };
  test("core fields read the employee and move columns", () => {
    expect(valueFromSource("employee.firstName", source).formValue).toBe("Ada");
    expect(valueFromSource("move.origin", source)).toMatchObject({ formValue: "London", formValueId: 5, countryCode: "GB", state: "ENG" });
    expect(valueFromSource("move.destination", source)).toMatchObject({ formValue: "Kirchberg", formValueId: 0 });
    expect(valueFromSource("move.moveDate", source).formValue).toBe("2027-01-02");
  });
  test("other fields read the stored form values", () => {
    const v = valueFromSource("properties['bonus']", source);
    expect(v).toEqual({ formValue: "10", formValueId: null, rateFrequency: null, currency: "EUR", countryCode: null, state: null });
    expect(valueFromSource("properties['unknown']", source)).toEqual(EMPTY_VALUE);
    expect(valueFromSource("properties['bonus']", { ...source, form_values: "{broken" })).toEqual(EMPTY_VALUE);
  });
});

describe("missingElement", () => {
  const components = [
    toComponent(field({ model_name: "employee.firstName", label: "First name", mandatory: 1, draft_mandatory: 1 })),
    toComponent(field({ id: 8, model_name: "employee.lastName", label: "Last name", mandatory: 1, draft_mandatory: 0 })),
    toComponent(field({ id: 9, model_name: propertyModelName("homeValue"), label: "Home value", mandatory: 1, form_type: "money" })),
    toComponent(field({ id: 10, model_name: "properties['secret']", label: "Secret", mandatory: 1, form_type: "hidden" })),
  ];
  test("a mandatory component not sent is missing (draft: the draft-mandatory flag)", () => {
    expect(missingElement(components, [item("employee.firstName", "A")], false)).toBe("Last name");
    expect(missingElement(components, [item("employee.firstName", "A")], true)).toBeNull();
    expect(missingElement(components, [], true)).toBe("First name");
  });
  test("hidden and US-to-US-only components are not required; unknown model names are missing elements", () => {
    expect(missingElement(components, [item("employee.firstName", "A"), item("employee.lastName", "B")], false)).toBeNull();
    expect(missingElement(components, [item("employee.firstName", "A"), item("properties['gone']", "x")], true)).toBe("properties['gone']");
  });
});

describe("values for people", () => {
  test("placeText leaves out missing parts", () => {
    expect(placeText("Austin", "TX", "United States")).toBe("Austin, TX, United States");
    expect(placeText("Luxembourg", null, "Luxembourg")).toBe("Luxembourg, Luxembourg");
    expect(placeText(null, "TX", "United States")).toBeNull();
  });
  test("displayValue formats money, checkboxes and places", () => {
    expect(displayValue("money", { ...EMPTY_VALUE, formValue: "250000", currency: "USD" })).toBe("USD 250,000.00");
    expect(displayValue("money", { ...EMPTY_VALUE, formValue: "1200", currency: "EUR", rateFrequency: "MONTHLY" })).toBe("EUR 1,200.00 (monthly)");
    expect(displayValue("money", { ...EMPTY_VALUE, formValue: "abc", currency: "EUR" })).toBe("EUR abc");
    expect(displayValue("checkbox", { ...EMPTY_VALUE, formValue: "true" })).toBe("Yes");
    expect(displayValue("checkbox", { ...EMPTY_VALUE, formValue: "false" })).toBe("No");
    expect(displayValue("countryStateCity", { ...EMPTY_VALUE, formValue: "London" }, "London, ENG, United Kingdom")).toBe("London, ENG, United Kingdom");
    expect(displayValue("text", EMPTY_VALUE)).toBe("");
  });
  test("isIsoDate", () => {
    expect(isIsoDate("2027-02-28")).toBe(true);
    expect(isIsoDate("28/02/2027")).toBe(false);
    expect(isIsoDate(null)).toBe(false);
    expect(isIsoDate("2027-02-30")).toBe(false);
    expect(isIsoDate(" 2027-02-28")).toBe(false);
  });
});

describe("familyFrom", () => {
  test("a partner with a date of birth and the number of children", () => {
    const family = familyFrom([item(propertyModelName("partnerDateOfBirth"), "1990-04-01"), item(propertyModelName("numberOfChildren"), "2")]);
    expect(family).toEqual([
      { relationship: "PARTNER", date_of_birth: "1990-04-01" },
      { relationship: "CHILD", date_of_birth: null },
      { relationship: "CHILD", date_of_birth: null },
    ]);
  });
  test("nothing to write without those values; children are capped", () => {
    expect(familyFrom([item(propertyModelName("numberOfChildren"), "x")])).toEqual([]);
    expect(familyFrom([item(propertyModelName("numberOfChildren"), "500")])).toHaveLength(20);
  });
});
