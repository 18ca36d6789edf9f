import { describe, expect, test } from "bun:test";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type { TAdvancedDetails } from "../../../domain/estimate/schemas.ts";
import {
  addMember,
  checkAdvancedForm,
  earliestBirthDate,
  familyCounts,
  formFromDetails,
  removeMember,
  setLocation,
  toggleListValue,
  toSaveDetailsRequest,
  updateMember,
  type CheckTexts,
} from "./advanced-inputs-state.ts";

const location = (countryCode: string | null): TAdvancedDetails["home"] => ({
  countryCode,
  region: null,
  cityId: 12,
  cityName: "London",
  routeOption: "HOME_PAYROLL",
  specialRules: [],
  taxPosition: "TAX_EQUALIZED",
  residencyList: [],
  familySize: 1,
  numberOfDependants: 0,
});

const details = (over: Partial<TAdvancedDetails> = {}): TAdvancedDetails => ({
  years: 3,
  filingStatus: "SINGLE",
  marginalTaxRate: null,
  taxCategories: ["MARGINAL"],
  taxMethod: "GROSS_UP",
  home: location("GB"),
  host: location("DE"),
  familyMembers: [],
  ...over,
});

const texts: CheckTexts = {
  memberName: (i) => `family member ${i + 1}`,
  familySize: "FAMILY",
  dependants: "DEPENDANTS",
  sideName: (side) => side,
};
const TODAY = "2026-11-23";

describe("stage 6 form (part 1 §2 stage 6, §3)", () => {
  test("loads the saved details as text fields", () => {
    const form = formFromDetails(details({ marginalTaxRate: 40, familyMembers: [{ id: 5, relationship: "PARTNER", firstName: "Sam", dateOfBirth: "1990-02-03" }] }));
    expect(form.years).toBe("3");
    expect(form.marginalTaxRate).toBe("40");
    expect(form.home.countryCode).toBe("GB");
    expect(form.familyMembers).toEqual([{ key: "m1", id: 5, relationship: "PARTNER", firstName: "Sam", dateOfBirth: "1990-02-03" }]);
    expect(form.nextMember).toBe(2);
  });

  test("adding and removing members keeps family size and dependants in step, unless typed otherwise", () => {
    let form = formFromDetails(details());
    form = addMember(form, "PARTNER");
    form = addMember(form, "CHILD");
    expect(familyCounts(form.familyMembers)).toEqual({ familySize: 3, numberOfDependants: 1 });
    expect([form.home.familySize, form.home.numberOfDependants, form.host.familySize]).toEqual(["3", "1", "3"]);
    // The host side typed by hand no longer follows.
    form = setLocation(form, "host", { familySize: "2" });
    form = updateMember(form, "m1", { relationship: "CHILD" });
    expect([form.home.numberOfDependants, form.host.familySize, form.host.numberOfDependants]).toEqual(["2", "2", "2"]);
    form = removeMember(form, "m2");
    expect([form.home.familySize, form.home.numberOfDependants]).toEqual(["2", "1"]);
    expect(form.familyMembers.map((m) => m.key)).toEqual(["m1"]);
  });

  test("a new country drops the old region", () => {
    let form = setLocation(formFromDetails(details({ home: { ...location("US"), region: "CA" } })), "home", { countryCode: "CA" });
    expect(form.home.region).toBe("");
    form = setLocation(form, "home", { countryCode: "US", region: "NY" });
    expect(form.home.region).toBe("NY");
  });

  test("multi-value lists toggle without duplicates", () => {
    expect(toggleListValue(["GB"], "DE", true)).toEqual(["GB", "DE"]);
    expect(toggleListValue(["GB", "DE"], "DE", true)).toEqual(["GB", "DE"]);
    expect(toggleListValue(["GB", "DE"], "GB", false)).toEqual(["DE"]);
  });
});

describe("stage 6 checks (part 1 §5, §9)", () => {
  test("each member needs a date of birth, not in the future and within 100 years", () => {
    let form = addMember(addMember(formFromDetails(details()), "PARTNER"), "CHILD");
    form = updateMember(form, "m1", { firstName: "Sam" });
    expect(checkAdvancedForm(form, TODAY, texts)).toEqual({
      "familyMembers.0.dateOfBirth": "Please enter the date of birth of Sam.",
      "familyMembers.1.dateOfBirth": "Please enter the date of birth of family member 2.",
    });
    form = updateMember(form, "m1", { dateOfBirth: "2027-01-01" });
    form = updateMember(form, "m2", { dateOfBirth: "1920-01-01" });
    expect(checkAdvancedForm(form, TODAY, texts)).toEqual({
      "familyMembers.0.dateOfBirth": "The date of birth of Sam cannot be in the future.",
      "familyMembers.1.dateOfBirth": "Please enter the date of birth of family member 2.",
    });
    form = updateMember(form, "m1", { dateOfBirth: TODAY });
    form = updateMember(form, "m2", { dateOfBirth: "2015-02-30" });
    expect(Object.keys(checkAdvancedForm(form, TODAY, texts))).toEqual(["familyMembers.1.dateOfBirth"]);
    form = updateMember(form, "m2", { dateOfBirth: earliestBirthDate(TODAY) });
    expect(checkAdvancedForm(form, TODAY, texts)).toEqual({});
    expect(earliestBirthDate(TODAY)).toBe("1926-11-23");
  });

  test("countries, family numbers, years 1–7 and a whole-percent rate", () => {
    let form = formFromDetails(details({ host: location(null) }));
    form = { ...form, years: "8", marginalTaxRate: "45.5" };
    form = setLocation(form, "home", { familySize: "0", numberOfDependants: "x" });
    expect(checkAdvancedForm(form, TODAY, texts)).toEqual({
      "host.countryCode": estimateMessages.countryRequired.replace("{side}", "host"),
      "home.familySize": "FAMILY",
      "home.numberOfDependants": "DEPENDANTS",
      years: estimateMessages.yearsRange,
      marginalTaxRate: estimateMessages.taxRateRange,
    });
    form = setLocation({ ...form, years: "7", marginalTaxRate: "" }, "home", { familySize: "2", numberOfDependants: "2" });
    form = setLocation(form, "host", { countryCode: "DE" });
    // Dependants must be fewer than the family.
    expect(checkAdvancedForm(form, TODAY, texts)).toEqual({ "home.numberOfDependants": "DEPENDANTS" });
  });
});

describe("stage 6 request", () => {
  test("numbers as numbers, blanks as null, the city kept as loaded", () => {
    let form = addMember(formFromDetails(details()), "CHILD");
    form = updateMember(form, "m1", { firstName: " Kim ", dateOfBirth: "2018-05-06" });
    form = setLocation(form, "host", { specialRules: ["NONE", "NL_30_PERCENT_RULING"], residencyList: ["DE", "NL"], region: "" });
    const r = toSaveDetailsRequest({ ...form, marginalTaxRate: "" }, { group: "acme", employeeId: 7, moveId: 9 });
    expect(r).toMatchObject({
      group: "acme",
      employeeId: 7,
      moveId: 9,
      years: 3,
      marginalTaxRate: null,
      taxMethod: "GROSS_UP",
      familyMembers: [{ id: undefined, relationship: "CHILD", firstName: "Kim", dateOfBirth: "2018-05-06" }],
    });
    expect(r.home).toEqual({ ...location("GB"), familySize: 2, numberOfDependants: 1 });
    expect(r.host).toMatchObject({ countryCode: "DE", region: null, specialRules: ["NL_30_PERCENT_RULING"], residencyList: ["DE", "NL"], familySize: 2 });
  });
});
