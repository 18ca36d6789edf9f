import { describe, expect, test } from "bun:test";
import type { FormType } from "../../policy/forms/catalogue.ts";
import type { TFormComponentItem, TInitiationComponent } from "./schemas.ts";
import { assignmentLengthError, isChildrenCount, isUsToUs, isValidEmail, MAX_CHILDREN, parseIsoDate, validateInitiationForm } from "./validation.ts";

function comp(modelName: string, formType: FormType, label: string, extra: Partial<TInitiationComponent> = {}): TInitiationComponent {
  return {
    formGroupId: 1,
    key: "FRM_GRP_1",
    modelName,
    formType,
    label,
    placeholder: "",
    tooltip: "",
    mandatory: false,
    draftMandatory: false,
    readOnly: false,
    validator: null,
    availableValues: [],
    master: false,
    slave: false,
    usToUsOnly: false,
    allowNegative: false,
    allowCurrencyWithoutValue: false,
    value: { formValue: null, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null },
    ...extra,
  };
}

function item(modelName: string, formType: FormType, formValue: string | null, extra: Partial<TFormComponentItem> = {}): TFormComponentItem {
  return { modelName, formType, formValue, formValueId: null, rateFrequency: null, currency: null, countryCode: null, state: null, ...extra };
}

const opts = { draft: false, today: "2026-11-23", estimateType: "ADVANCED" };
const run = (components: TInitiationComponent[], items: TFormComponentItem[], o: Partial<typeof opts> = {}) =>
  validateInitiationForm(components, items, { ...opts, ...o });

const city = (modelName: string, countryCode: string | null, state: string | null, name: string | null, id: number | null = null) =>
  item(modelName, "countryStateCity", name, { countryCode, state, formValueId: id });

describe("helpers", () => {
  test("isValidEmail: top-level domain of 2 to 4 letters", () => {
    expect(isValidEmail("jane.doe@acme.test")).toBe(true);
    expect(isValidEmail("a+b@mail.example.co")).toBe(true);
    expect(isValidEmail("  x@y.info ")).toBe(true);
    expect(isValidEmail("x@y.c")).toBe(false);
    expect(isValidEmail("x@y.museum")).toBe(false);
    expect(isValidEmail("x@y")).toBe(false);
    expect(isValidEmail("no-at.example.com")).toBe(false);
    expect(isValidEmail("a b@c.com")).toBe(false);
    expect(isValidEmail("a..b@c.com")).toBe(false);
    expect(isValidEmail("")).toBe(false);
  });
  test("isUsToUs needs both origin and destination in the US", () => {
    expect(isUsToUs([city("move.origin", "US", "NY", "New York"), city("move.destination", "US", "TX", "Austin")])).toBe(true);
    expect(isUsToUs([city("move.origin", "US", "NY", "New York"), city("move.destination", "GB", null, "London")])).toBe(false);
    expect(isUsToUs([city("move.origin", "US", "NY", "New York")])).toBe(false);
    expect(isUsToUs([])).toBe(false);
  });
  test("parseIsoDate refuses partial and impossible dates", () => {
    expect(parseIsoDate("2024-02-29")?.toISOString()).toBe("2024-02-29T00:00:00.000Z");
    expect(parseIsoDate("2023-02-29")).toBeNull();
    expect(parseIsoDate("1990-05-")).toBeNull();
    expect(parseIsoDate("")).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });
  test("assignmentLengthError per estimate type", () => {
    expect(assignmentLengthError("NO_PROVIDER", "2027-01-01", "2031-12-31")).toBeNull();
    expect(assignmentLengthError("NO_PROVIDER", "2027-01-01", "2032-01-01")).toBe("For this policy the assignment must be shorter than 5 years.");
    expect(assignmentLengthError("LTA", "2027-01-01", "2028-01-02")).toBeNull();
    expect(assignmentLengthError("LTA", "2027-01-01", "2028-01-01")).toBe(
      "A long-term assignment must be longer than 1 year and shorter than 5 years.",
    );
    expect(assignmentLengthError("LTA", "2027-01-01", "2032-01-01")).toBe(
      "A long-term assignment must be longer than 1 year and shorter than 5 years.",
    );
    expect(assignmentLengthError("STA", "2027-01-01", "2027-02-01")).toBeNull();
    expect(assignmentLengthError("STA", "2027-01-01", "2027-01-31")).toBe(
      "A short-term assignment must be longer than 30 days and shorter than 2 years.",
    );
    expect(assignmentLengthError("STA", "2027-01-01", "2029-01-01")).toBe(
      "A short-term assignment must be longer than 30 days and shorter than 2 years.",
    );
    expect(assignmentLengthError("STA", "2027-01-01", "2028-12-31")).toBeNull();
    expect(assignmentLengthError("ADVANCED", "2027-01-01", "2040-01-01")).toBeNull();
    expect(assignmentLengthError("NONE", "2027-01-01", "2040-01-01")).toBeNull();
    expect(assignmentLengthError("LTA", null, "2030-01-01")).toBeNull();
  });
});

describe("required fields", () => {
  const first = comp("employee.firstName", "text", "First name", { mandatory: true, draftMandatory: true });
  const job = comp("properties['jobTitle']", "text", "Job title", { mandatory: true });
  const agree = comp("properties['agree']", "checkbox", "Relocation agreement signed", { mandatory: true });
  test("a mandatory empty field: '{label} cannot be empty.'", () => {
    expect(run([first, job], [item("employee.firstName", "text", "  "), item("properties['jobTitle']", "text", null)])).toEqual({
      "employee.firstName": "First name cannot be empty.",
      "properties['jobTitle']": "Job title cannot be empty.",
    });
    // a component with no item at all is empty too
    expect(run([job], [])).toEqual({ "properties['jobTitle']": "Job title cannot be empty." });
    expect(run([first, job], [item("employee.firstName", "text", "Ann"), item("properties['jobTitle']", "text", "Engineer")])).toEqual({});
  });
  test("draft mode uses the draft-mandatory flag", () => {
    expect(run([first, job], [], { draft: true })).toEqual({ "employee.firstName": "First name cannot be empty." });
  });
  test("a mandatory checkbox must be ticked; an optional one need not be", () => {
    expect(run([agree], [item("properties['agree']", "checkbox", "false")])).toEqual({
      "properties['agree']": "Relocation agreement signed cannot be empty.",
    });
    expect(run([agree], [item("properties['agree']", "checkbox", "true")])).toEqual({});
    expect(run([{ ...agree, mandatory: false }], [item("properties['agree']", "checkbox", "false")])).toEqual({});
  });
  test("hidden, read-only and read-only-money components are not checked", () => {
    const hidden = comp("properties['h']", "hidden", "H", { mandatory: true });
    const readOnly = comp("properties['r']", "text", "R", { mandatory: true, readOnly: true });
    const rom = comp("properties['m']", "read-only-money", "M", { mandatory: true });
    expect(run([hidden, readOnly, rom], [item("properties['m']", "read-only-money", "abc", { currency: "USD" })])).toEqual({});
  });
  test("US→US only fields are checked only when origin and destination are both in the US", () => {
    const home = comp("properties['homeSaleType']", "select", "Home sale type", { mandatory: true, usToUsOnly: true });
    const homeByName = comp("properties['homeValue']", "money", "Home value", { mandatory: true });
    const domestic = [city("move.origin", "US", "NY", "New York"), city("move.destination", "US", "TX", "Austin")];
    const abroad = [city("move.origin", "US", "NY", "New York"), city("move.destination", "GB", null, "London")];
    expect(run([home, homeByName], abroad)).toEqual({});
    expect(run([home, homeByName], domestic)).toEqual({
      "properties['homeSaleType']": "Home sale type cannot be empty.",
      "properties['homeValue']": "Home value cannot be empty.",
    });
  });
  test("an empty label falls back to the bare model name", () => {
    expect(run([comp("properties['jobTitle']", "text", " ", { mandatory: true })], [])).toEqual({
      "properties['jobTitle']": "jobTitle cannot be empty.",
    });
  });
});

describe("e-mail", () => {
  const email = comp("employee.email", "text", "E-mail", { mandatory: true });
  const approver = comp("properties['budgetApproverEmail']", "text", "Budget approver e-mail", { validator: "email" });
  test("'{label} not in proper format.' for the employee e-mail and any email-validated field", () => {
    expect(run([email, approver], [item("employee.email", "text", "jane@acme"), item("properties['budgetApproverEmail']", "text", "x@y.museum")])).toEqual({
      "employee.email": "E-mail not in proper format.",
      "properties['budgetApproverEmail']": "Budget approver e-mail not in proper format.",
    });
    expect(run([email, approver], [item("employee.email", "text", "jane@acme.test"), item("properties['budgetApproverEmail']", "text", "")])).toEqual({});
  });
  test("the format is checked in draft mode too", () => {
    expect(run([email], [item("employee.email", "text", "bad")], { draft: true })).toEqual({ "employee.email": "E-mail not in proper format." });
  });
});

describe("money", () => {
  const salary = comp("properties['annualSalary']", "money", "Annual salary");
  const money = (v: string | null, currency: string | null, model = "properties['annualSalary']") => item(model, "money", v, { currency });
  test("accepts grouped amounts with a currency", () => {
    expect(run([salary], [money("1,500.00", "USD")])).toEqual({});
    expect(run([salary], [money("120000", "gbp")])).toEqual({});
    expect(run([salary], [money(null, null)])).toEqual({});
  });
  test("'Please enter a numeric value for {label}'", () => {
    expect(run([salary], [money("12a", "USD")])).toEqual({ "properties['annualSalary']": "Please enter a numeric value for Annual salary" });
    expect(run([salary], [money("1.234", "USD")])).toEqual({ "properties['annualSalary']": "Please enter a numeric value for Annual salary" });
    expect(run([salary], [money("1.5", "JPY")])).toEqual({ "properties['annualSalary']": "Please enter a numeric value for Annual salary" });
  });
  test("'Amount value can not be negative for {label}' unless negatives are allowed", () => {
    expect(run([salary], [money("-5", "USD")])).toEqual({ "properties['annualSalary']": "Amount value can not be negative for Annual salary" });
    const housing = comp("properties['housingContribution']", "money", "Housing contribution", { validator: "negativeMoneyAllowed" });
    expect(run([housing], [money("-1,200.50", "EUR", "properties['housingContribution']")])).toEqual({});
    expect(run([{ ...salary, allowNegative: true }], [money("-5", "USD")])).toEqual({});
  });
  test("'Enter an amount for {label} or remove benefit by clicking the X icon' unless currency without value is allowed", () => {
    expect(run([salary], [money("", "USD")])).toEqual({
      "properties['annualSalary']": "Enter an amount for Annual salary or remove benefit by clicking the X icon",
    });
    const bonus = comp("properties['bonus']", "money", "Bonus", { validator: "currencyWithoutValue" });
    expect(run([bonus], [money("", "USD", "properties['bonus']")])).toEqual({});
    expect(run([{ ...salary, allowCurrencyWithoutValue: true }], [money(null, "USD")])).toEqual({});
  });
  test("'Please select the currency for {label}'", () => {
    expect(run([salary], [money("100", null)])).toEqual({ "properties['annualSalary']": "Please select the currency for Annual salary" });
    expect(run([salary], [money("100", "XXY")])).toEqual({ "properties['annualSalary']": "Please select the currency for Annual salary" });
  });
  test("a mandatory money field needs an amount", () => {
    expect(run([{ ...salary, mandatory: true }], [money(null, "USD")])).toEqual({ "properties['annualSalary']": "Annual salary cannot be empty." });
  });
});

describe("numeric", () => {
  const children = comp("properties['numberOfChildren']", "numeric", "Number of children");
  test("'Please enter a numeric value for {label}'", () => {
    expect(run([children], [item("properties['numberOfChildren']", "numeric", "two")])).toEqual({
      "properties['numberOfChildren']": "Please enter a numeric value for Number of children",
    });
    expect(run([children], [item("properties['numberOfChildren']", "numeric", "2")])).toEqual({});
    const validated = comp("properties['floor']", "text", "Floor", { validator: "numeric" });
    expect(run([validated], [item("properties['floor']", "text", "x")])).toEqual({ "properties['floor']": "Please enter a numeric value for Floor" });
  });
});

describe("date of birth", () => {
  const dob = comp("properties['partnerDateOfBirth']", "dateOfBirth", "Partner's date of birth", { validator: "dateOfBirth" });
  const at = (v: string) => [item("properties['partnerDateOfBirth']", "dateOfBirth", v)];
  test("needs day, month and year", () => {
    const incomplete = { "properties['partnerDateOfBirth']": "Please enter the day, month and year of Partner's date of birth." };
    expect(run([dob], at("1990-05-"))).toEqual(incomplete);
    expect(run([dob], at("1990-02-30"))).toEqual(incomplete);
    expect(run([dob], at("1990"))).toEqual(incomplete);
    expect(run([dob], at("1990-05-17"))).toEqual({});
  });
  test("within the last 100 years and not in the future", () => {
    const range = { "properties['partnerDateOfBirth']": "Partner's date of birth must be within the last 100 years." };
    expect(run([dob], at("1926-11-22"))).toEqual(range);
    expect(run([dob], at("1926-11-23"))).toEqual({});
    expect(run([dob], at("2026-11-24"))).toEqual(range);
    expect(run([dob], at("2026-11-23"))).toEqual({});
  });
  test("a dateOfBirth form type without the validator gets the same rules", () => {
    expect(run([{ ...dob, validator: null }], at("1800-01-01"))).toEqual({
      "properties['partnerDateOfBirth']": "Partner's date of birth must be within the last 100 years.",
    });
  });
});

describe("country, state and city", () => {
  const origin = comp("move.origin", "countryStateCity", "Origin", { mandatory: true, draftMandatory: false });
  test("needs a country", () => {
    expect(run([origin], [])).toEqual({ "move.origin": "Please select a country for Origin." });
    expect(run([origin], [city("move.origin", null, null, "London")])).toEqual({ "move.origin": "Please select a country for Origin." });
  });
  test("needs a state in the US only", () => {
    expect(run([origin], [city("move.origin", "US", null, "Austin", 12)])).toEqual({ "move.origin": "Please enter a state for Origin." });
    expect(run([origin], [city("move.origin", "GB", null, "London", 7)])).toEqual({});
  });
  test("needs a city: an id, Other (0) with free text, or free text", () => {
    expect(run([origin], [city("move.origin", "GB", null, null)])).toEqual({ "move.origin": "Please select a city for Origin." });
    expect(run([origin], [city("move.origin", "GB", null, "", 0)])).toEqual({ "move.origin": "Please select a city for Origin." });
    expect(run([origin], [city("move.origin", "GB", null, null, 7)])).toEqual({});
    expect(run([origin], [city("move.origin", "GB", null, "Little Snoring", 0)])).toEqual({});
    expect(run([origin], [city("move.origin", "US", "TX", "Austin")])).toEqual({});
  });
  test("optional when empty (draft), checked when partly filled", () => {
    expect(run([origin], [], { draft: true })).toEqual({});
    expect(run([origin], [city("move.origin", "FR", null, null)], { draft: true })).toEqual({ "move.origin": "Please select a city for Origin." });
  });
});

describe("move dates", () => {
  const moveDate = comp("move.moveDate", "dateOfBirth", "Move date");
  const start = comp("move.assignmentStartDate", "dateOfBirth", "Assignment start date");
  const end = comp("move.assignmentEndDate", "dateOfBirth", "Assignment end date", { validator: "endDate" });
  const all = [moveDate, start, end];
  const dates = (m: string | null, s: string | null, e: string | null) => [
    item("move.moveDate", "dateOfBirth", m),
    item("move.assignmentStartDate", "dateOfBirth", s),
    item("move.assignmentEndDate", "dateOfBirth", e),
  ];
  test("valid ISO dates (future dates are fine: no date-of-birth range)", () => {
    expect(run(all, dates("2027-03-01", "2027-03-15", "2029-03-15"))).toEqual({});
    expect(run(all, dates("2027-02-30", "03/15/2027", "2029-3-15"))).toEqual({
      "move.moveDate": "Move date is not a valid date.",
      "move.assignmentStartDate": "Assignment start date is not a valid date.",
      "move.assignmentEndDate": "Assignment end date is not a valid date.",
    });
  });
  test("end before start; start after end", () => {
    expect(run(all, dates(null, "2027-03-15", "2027-03-01"))).toEqual({
      "move.assignmentStartDate": "The assignment start date cannot be after the end date.",
      "move.assignmentEndDate": "Assignment end date cannot be before the start date.",
    });
  });
  test("end before the move date", () => {
    expect(run(all, dates("2027-06-01", null, "2027-05-01"))).toEqual({
      "move.assignmentEndDate": "Assignment end date cannot be before the move date.",
    });
  });
  test("a custom end-date field is checked against the start and move dates", () => {
    const visaEnd = comp("properties['visaEnd']", "dateOfBirth", "Visa end", { validator: "endDate" });
    expect(run([visaEnd], [...dates("2027-06-01", "2027-06-15", null), item("properties['visaEnd']", "dateOfBirth", "2027-06-10")])).toEqual({
      "properties['visaEnd']": "Visa end cannot be before the start date.",
    });
  });
  test("assignment length by estimate type, on the end date", () => {
    expect(run(all, dates(null, "2027-01-01", "2032-01-01"), { estimateType: "NO_PROVIDER" })).toEqual({
      "move.assignmentEndDate": "For this policy the assignment must be shorter than 5 years.",
    });
    expect(run(all, dates(null, "2027-01-01", "2027-12-01"), { estimateType: "LTA" })).toEqual({
      "move.assignmentEndDate": "A long-term assignment must be longer than 1 year and shorter than 5 years.",
    });
    expect(run(all, dates(null, "2027-01-01", "2027-01-20"), { estimateType: "STA" })).toEqual({
      "move.assignmentEndDate": "A short-term assignment must be longer than 30 days and shorter than 2 years.",
    });
    expect(run(all, dates(null, "2027-01-01", "2027-06-01"), { estimateType: "STA" })).toEqual({});
    expect(run(all, dates(null, "2027-01-01", null), { estimateType: "STA" })).toEqual({});
    expect(run(all, dates(null, "2027-01-01", "2040-01-01"), { estimateType: "ADVANCED" })).toEqual({});
  });
  test("read-only dates are not checked", () => {
    expect(run([{ ...start, readOnly: true }, end], dates(null, "2027-01-01", "2027-01-20"), { estimateType: "STA" })).toEqual({});
  });
});

describe("the number of accompanying children (issue 24 §6)", () => {
  test("whole numbers 0 to 20; anything else names the range", () => {
    expect(isChildrenCount("0")).toBe(true);
    expect(isChildrenCount(" 20 ")).toBe(true);
    for (const text of ["21", "-1", "2.5", "100", "", "1e1"]) expect(isChildrenCount(text)).toBe(false);
    expect(MAX_CHILDREN).toBe(20);
  });
});
