import { describe, expect, test } from "bun:test";
import type { TFormField } from "../../../domain/policy/forms/schemas.ts";
import { testFormField } from "../../../domain/policy/forms/testing.ts";
import {
  addSection,
  AVAILABLE_FIELDS,
  fromResponse,
  locateField,
  modelNamesOf,
  moveField,
  moveSection,
  replaceField,
  saveBlocker,
  toRequest,
  type BuilderState,
} from "./builder-state.ts";

function field(id: number, extra: Partial<TFormField> = {}): TFormField {
  return testFormField({ frmGrpId: id, key: `FRM_GRP_${id}`, displayName: `Field ${id}`, modelName: `properties['f${id}']`, label: `Field ${id}`, ...extra });
}

function sample(): BuilderState {
  return fromResponse({
    sections: [
      { id: 1, name: "Employee", fields: [field(1, { canBeDeleted: false, core: true }), field(2)] },
      { id: 2, name: "Move", fields: [field(3)] },
    ],
    availableSections: [{ id: 3, name: "Extras", fields: [] }],
    availableFields: [field(4), field(5)],
  });
}

const keys = (fields: TFormField[]) => fields.map((f) => f.frmGrpId);

describe("form builder working copy (part 2 §4 line 153)", () => {
  test("fields move between the available list and sections, and within a section", () => {
    let s = sample();
    s = moveField(s, "FRM_GRP_4", "s2", 0);
    expect(keys(s.sections[1]!.fields)).toEqual([4, 3]);
    expect(keys(s.availableFields)).toEqual([5]);
    s = moveField(s, "FRM_GRP_4", "s2", 1);
    expect(keys(s.sections[1]!.fields)).toEqual([3, 4]);
    s = moveField(s, "FRM_GRP_2", "s2", 99);
    expect(keys(s.sections[0]!.fields)).toEqual([1]);
    expect(keys(s.sections[1]!.fields)).toEqual([3, 4, 2]);
    s = moveField(s, "FRM_GRP_3", AVAILABLE_FIELDS, 0);
    expect(keys(s.availableFields)).toEqual([3, 5]);
    expect(locateField(s, "FRM_GRP_3")).toMatchObject({ container: AVAILABLE_FIELDS, index: 0 });
  });

  test("a field that cannot be deleted never goes to the available list", () => {
    const s = sample();
    expect(moveField(s, "FRM_GRP_1", AVAILABLE_FIELDS, 0)).toBe(s);
    expect(keys(moveField(s, "FRM_GRP_1", "s2", 0).sections[1]!.fields)).toEqual([1, 3]);
  });

  test("removing a section returns its fields; a section holding a kept field stays", () => {
    let s = sample();
    expect(moveSection(s, "s1", "available", 0)).toBe(s);
    s = moveSection(s, "s2", "available", 0);
    expect(s.sections.map((x) => x.name)).toEqual(["Employee"]);
    expect(s.availableSections.map((x) => x.name)).toEqual(["Move", "Extras"]);
    expect(s.availableSections[0]!.fields).toEqual([]);
    expect(keys(s.availableFields)).toEqual([4, 5, 3]);
    s = moveSection(s, "s3", "added", 0);
    expect(s.sections.map((x) => x.name)).toEqual(["Extras", "Employee"]);
    s = moveSection(s, "s3", "added", 1);
    expect(s.sections.map((x) => x.name)).toEqual(["Employee", "Extras"]);
  });

  test("save needs a section and a field in every section", () => {
    let s = sample();
    expect(saveBlocker(s)).toBeNull();
    s = addSection(s, " Pets ");
    expect(saveBlocker(s)).toEqual({ reason: "emptySection", section: "Pets" });
    expect(saveBlocker({ ...s, sections: [] })).toEqual({ reason: "noSections" });
    s = moveField(s, "FRM_GRP_5", s.sections[2]!.uid, 0);
    expect(saveBlocker(s)).toBeNull();
    const request = toRequest("acme", s);
    expect(request.sections.map((x) => [x.id, x.name, keys(x.fields)])).toEqual([
      [1, "Employee", [1, 2]],
      [2, "Move", [3]],
      [null, "Pets", [5]],
    ]);
    expect(request.availableSections).toEqual([{ id: 3, name: "Extras", fields: [] }]);
  });

  test("a field is replaced where it is; model names cover every list", () => {
    const s = replaceField(sample(), field(3, { label: "Renamed" }));
    expect(s.sections[1]!.fields[0]!.label).toBe("Renamed");
    expect(modelNamesOf(s)).toHaveLength(5);
  });
});
