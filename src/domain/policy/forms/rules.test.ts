import { describe, expect, test } from "bun:test";
import type { TFormField } from "./schemas.ts";
import { formBuilderMessages as m } from "./messages.ts";
import { testFormField } from "./testing.ts";
import { checkForm, checkLabel, checkModelName, checkNewField, checkValues, cleanValue, isNewField, type StoredField } from "./rules.ts";

const field = (o: Partial<TFormField> = {}): TFormField =>
  testFormField({ displayName: "Name", modelName: "employee.firstName", label: "First name", mandatory: true, core: true, canBeDeleted: false, ...o });

const stored = (o: Partial<StoredField> & Pick<StoredField, "id">): StoredField => ({
  label: `Field ${o.id}`,
  modelName: `m${o.id}`,
  values: [],
  validator: null,
  master: false,
  slave: false,
  canBeDeleted: true,
  inSection: true,
  ...o,
});

describe("values", () => {
  test("commas stripped", () => expect(cleanValue(" 1,000 ")).toBe("1000"));
  test("empty, empty currency, duplicate, numeric", () => {
    expect(checkValues(["a", " "], "Text")).toBe(m.emptyValue);
    expect(checkValues([""], "Currency")).toBe(m.emptyCurrency);
    expect(checkValues(["a", "b", "a"], "Text")).toBe('The value "a" is listed twice.');
    expect(checkValues(["1,000", "1000"], "Number")).toBe('The value "1000" is listed twice.');
    expect(checkValues(["1", "x"], "Number")).toBe(m.numericValues);
    expect(checkValues(["1,000", "2.5", "-3"], "Number")).toBeNull();
    expect(checkValues([], "Text")).toBeNull();
  });
});

describe("model name and label", () => {
  test("required, letters and digits, unique (bare or properties['…'])", () => {
    expect(checkModelName(" ", [])).toBe(m.modelNameRequired);
    expect(checkModelName("pet name", [])).toBe(m.modelNameFormat);
    expect(checkModelName("pet_name", [])).toBe(m.modelNameFormat);
    expect(checkModelName("petName", ["properties['petname']"])).toBe(m.modelNameTaken);
    expect(checkModelName("properties['petName2']", ["properties['petName']"])).toBeNull();
    expect(checkModelName("petName2", [])).toBeNull();
  });
  test("label required", () => {
    expect(checkLabel("  ")).toBe(m.labelRequired);
    expect(checkLabel("Pet")).toBeNull();
  });
  test("new field keys", () => {
    expect(isNewField({ key: "NEW_FIELD_1", frmGrpId: null })).toBe(true);
    expect(isNewField({ key: "CLONE_FIELD_1", frmGrpId: null })).toBe(true);
    expect(isNewField({ key: "FRM_GRP_1", frmGrpId: 1 })).toBe(false);
  });
});

describe("checkForm", () => {
  const core = stored({ id: 1, label: "First name", modelName: "employee.firstName", canBeDeleted: false });
  test("no sections", () => {
    expect(checkForm({ sections: [] }, [])).toEqual({ errors: { sections: m.noSections }, message: m.noSections });
  });
  test("empty section and section name", () => {
    const r = checkForm({ sections: [{ id: null, name: "Extra", fields: [] }, { id: null, name: " ", fields: [field()] }] }, [core]);
    expect(r.errors["sections.0"]).toBe('Every section needs at least one field: "Extra" has none.');
    expect(r.errors["sections.1.name"]).toBe(m.sectionNameRequired);
    expect(r.message).toBe('Every section needs at least one field: "Extra" has none.');
  });
  test("label, values, unknown field", () => {
    const r = checkForm(
      {
        sections: [
          {
            id: 1,
            name: "Employee",
            fields: [
              field({ label: "" }),
              field({ frmGrpId: 9, key: "FRM_GRP_9" }),
            ],
          },
        ],
      },
      [core],
    );
    expect(r.errors.FRM_GRP_1).toBe(m.labelRequired);
    expect(r.errors.FRM_GRP_9).toBe(m.fieldNotFound);
  });
  test("new fields: model name rules", () => {
    const r = checkForm(
      {
        sections: [
          {
            id: 1,
            name: "Employee",
            fields: [
              field(),
              field({ frmGrpId: null, key: "NEW_FIELD_1", modelName: "bad name", core: false, canBeDeleted: true }),
              field({ frmGrpId: null, key: "NEW_FIELD_2", modelName: "", core: false }),
              field({ frmGrpId: null, key: "CLONE_FIELD_3", modelName: "employee.firstName", core: false }),
              field({ frmGrpId: null, key: "NEW_FIELD_4", modelName: "petName", availableValues: [{ originalValue: null, newValue: "x" }], type: "Number" }),
            ],
          },
        ],
      },
      [core],
    );
    expect(r.errors.NEW_FIELD_1).toBe(m.modelNameFormat);
    expect(r.errors.NEW_FIELD_2).toBe(m.modelNameRequired);
    expect(r.errors.CLONE_FIELD_3).toBe(m.modelNameFormat);
    expect(r.errors.NEW_FIELD_4).toBe(m.numericValues);
  });
  test("prefill fields keep values and validator", () => {
    const master = stored({ id: 2, label: "Country", values: ["GB", "US"], master: true });
    const slave = stored({ id: 3, label: "Office", values: [], validator: null, slave: true });
    const sections = (values: string[], validator: string | null) => [
      {
        id: 1,
        name: "Employee",
        fields: [
          field(),
          field({ frmGrpId: 2, key: "FRM_GRP_2", label: "Country", availableValues: values.map((v) => ({ originalValue: v, newValue: v })), canBeDeleted: true }),
          field({ frmGrpId: 3, key: "FRM_GRP_3", label: "Office", validator, canBeDeleted: true }),
        ],
      },
    ];
    expect(checkForm({ sections: sections(["GB", "US"], null) }, [core, master, slave]).errors).toEqual({});
    const r = checkForm({ sections: sections(["GB", "FR"], "email") }, [core, master, slave]);
    expect(r.errors.FRM_GRP_2).toBe('The values and validators of "Country" fill other fields (prefill) and cannot be changed.');
    expect(r.errors.FRM_GRP_3).toBe('The values and validators of "Office" fill other fields (prefill) and cannot be changed.');
  });
  test("a field that cannot be deleted cannot leave the form", () => {
    const other = stored({ id: 5, label: "Pet" });
    const r = checkForm({ sections: [{ id: 1, name: "Employee", fields: [field({ frmGrpId: 5, key: "FRM_GRP_5", label: "Pet", canBeDeleted: true })] }] }, [core, other]);
    expect(r.errors.FRM_GRP_1).toBe('"First name" cannot be removed from the form.');
    // One already in the available list is not moved by this save.
    expect(checkForm({ sections: [{ id: 1, name: "Employee", fields: [field({ frmGrpId: 5, key: "FRM_GRP_5", label: "Pet" })] }] }, [{ ...core, inSection: false }, other]).errors).toEqual({});
  });
});

describe("checkNewField", () => {
  test("every rule keyed by field", () => {
    expect(checkNewField({ modelName: "", label: "", availableValues: ["a", "a"], type: "Text" }, [])).toEqual({
      errors: { modelName: m.modelNameRequired, label: m.labelRequired, availableValues: 'The value "a" is listed twice.' },
      message: m.modelNameRequired,
    });
    expect(checkNewField({ modelName: "petName", label: "Pet", availableValues: [], type: "Text" }, ["properties['petName']"]).message).toBe(m.modelNameTaken);
    expect(checkNewField({ modelName: "petName", label: "Pet", availableValues: ["1"], type: "Number" }, [])).toEqual({ errors: {}, message: null });
  });
});
