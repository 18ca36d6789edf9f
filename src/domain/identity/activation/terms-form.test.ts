import { describe, expect, test } from "bun:test";
import { checkTermsFormConfig, checkTermsSubmission, normaliseTermsFields, termsFormMessages as m, ZAcceptTermsRequest, type TTermsFormField } from "./terms-form.ts";

const account = { userType: "employee" as const, email: "Ann@Acme.test", firstName: "Ann", lastName: "Able", moveDate: "2027-01-31" };
const fields: TTermsFormField[] = [
  { modelName: "badge", label: "Badge", type: "text", mandatory: true, values: [] },
  { modelName: "start", label: "Start", type: "date", mandatory: false, values: [] },
  { modelName: "site", label: "Site", type: "select", mandatory: false, values: ["A", "B"] },
  { modelName: "consent", label: "Consent", type: "checkbox", mandatory: false, values: [] },
];
const parse = (v: unknown) => ZAcceptTermsRequest.parse(v);

describe("checkTermsSubmission", () => {
  test("absent own fields keep the account's values; configurable values are normalised", () => {
    const result = checkTermsSubmission(parse({ accept: "on", fields: { badge: " 7 ", consent: "on", other: "x" } }), account, fields);
    expect(result).toEqual({
      errors: null,
      submission: { firstName: "Ann", lastName: "Able", moveDate: "2027-01-31", values: { badge: "7", start: "", site: "", consent: "true" } },
    });
  });

  test("an emptied move date clears it; the e-mail compares without case", () => {
    const result = checkTermsSubmission(parse({ accept: true, email: "ann@acme.TEST", moveDate: "", fields: { badge: "1" } }), account, fields);
    expect(result.errors).toBeNull();
    if (result.errors === null) expect(result.submission.moveDate).toBeNull();
  });

  test("every problem by field name", () => {
    const result = checkTermsSubmission(
      parse({ accept: "", userType: "manager", email: "x@acme.test", firstName: "", lastName: "x".repeat(101), moveDate: "2027-01-31", fields: { start: "32/01/2027", site: "C" } }),
      account,
      fields,
    );
    expect(result.errors).toEqual({
      userType: m.userTypeMismatch,
      email: m.emailMismatch,
      firstName: m.firstNameRequired,
      lastName: m.nameTooLong,
      moveDate: m.moveDateFormat,
      badge: "Badge is required.",
      start: "Start: please enter a date as dd/MM/yyyy.",
      site: "Site: please choose one of the listed values.",
      accept: m.termsRequired,
    });
  });

  test("a mandatory checkbox must be ticked", () => {
    const mandatory = [{ ...fields[3]!, mandatory: true }];
    expect(checkTermsSubmission(parse({ accept: true, fields: { consent: "false" } }), account, mandatory).errors).toEqual({ consent: "Please tick Consent." });
  });
});

describe("checkTermsFormConfig", () => {
  test("a valid list passes; selects keep values, other types lose them", () => {
    const list = normaliseTermsFields([...fields, { modelName: "note", label: "Note", type: "text", mandatory: false, values: ["ignored"] }]);
    expect(checkTermsFormConfig(list)).toEqual({});
    expect(list[4]!.values).toEqual([]);
    expect(list[2]!.values).toEqual(["A", "B"]);
  });

  test("names: required, letters and digits starting with a letter, not the form's own, unique without case", () => {
    const errors = checkTermsFormConfig([
      { modelName: "", label: "A", type: "text", mandatory: false, values: [] },
      { modelName: "1abc", label: "B", type: "text", mandatory: false, values: [] },
      { modelName: "MoveDate", label: "C", type: "text", mandatory: false, values: [] },
      { modelName: "site", label: "D", type: "text", mandatory: false, values: [] },
      { modelName: "SITE", label: " ", type: "select", mandatory: false, values: ["x", " "] },
    ]);
    expect(errors).toEqual({
      "fields.0.modelName": m.modelNameRequired,
      "fields.1.modelName": m.modelNameFormat,
      "fields.2.modelName": m.modelNameReserved,
      "fields.4.modelName": m.modelNameTaken,
      "fields.4.label": m.labelRequired,
      "fields.4.values": m.valueEmpty,
    });
  });

  test("at most 30 fields", () => {
    const many = Array.from({ length: 31 }, (_, i) => ({ modelName: `f${i}`, label: `F${i}`, type: "text" as const, mandatory: false, values: [] }));
    expect(checkTermsFormConfig(many)).toEqual({ fields: m.tooManyFields });
  });
});
