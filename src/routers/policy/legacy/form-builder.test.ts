import { describe, expect, test } from "bun:test";
import { FORM_CACHE_NOTE, VALIDATORS } from "../../../domain/policy/forms/catalogue.ts";
import { formBuilderMessages as fm } from "../../../domain/policy/forms/messages.ts";
import { messages } from "../../../domain/messages.ts";
import { get, jsonOf, postForm, postJson } from "../../../test/app.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";

const t = useTestApp();
const { ADMIN, GLOBEX, HR } = DEMO;
const { as } = t;
const refused = (res: Response, status: number) => expectLegacyFailure(res, status, { messageKey: "resultMessage" });

describe("GET /formBuilder/groups and /formBuilder/validatorsForm", () => {
  test("ADMIN reads; HR, other roles and signed out are refused", async () => {
    const groups = await jsonOf(await get(t.app, "/formBuilder/groups", as(ADMIN)));
    expect(groups.status).toBe(200);
    expect(groups.body.groups.map((g: { name: string }) => g.name)).toEqual(expect.arrayContaining(["acme", "globex"]));
    const validators = await jsonOf(await get(t.app, "/formBuilder/validatorsForm/", as(ADMIN)));
    expect(validators.body.validators).toHaveLength(VALIDATORS.length);
    expect((await refused(await get(t.app, "/formBuilder/groups", as(HR)), 403)).resultMessage).toBe(messages.forbidden);
    await refused(await get(t.app, "/formBuilder/validatorsForm", as(GLOBEX)), 403);
    await refused(await get(t.app, "/formBuilder/groups"), 401);
  });
});

describe("POST /formBuilder/groupForm", () => {
  test("form post or JSON; unknown group 404; empty name 400; HR 403", async () => {
    const byForm = await jsonOf(await postForm(t.app, "/formBuilder/groupForm", { groupName: "acme" }, as(ADMIN)));
    expect(byForm.status).toBe(200);
    expect(byForm.body.success).toBe(true);
    expect(byForm.body.sections.length).toBeGreaterThan(0);
    const byJson = await jsonOf(await postJson(t.app, "/formBuilder/groupForm", { groupName: "acme" }, as(ADMIN)));
    expect(byJson.body.sections).toEqual(byForm.body.sections);
    await refused(await postForm(t.app, "/formBuilder/groupForm", { groupName: "nowhere" }, as(ADMIN)), 404);
    await refused(await postForm(t.app, "/formBuilder/groupForm", { groupName: "" }, as(ADMIN)), 400);
    await refused(await postForm(t.app, "/formBuilder/groupForm", { groupName: "acme" }, as(HR)), 403);
  });
});

describe("POST /formBuilder/submitForm", () => {
  test("saves the loaded form; rule failures 400 with resultMessage; bad JSON 400; HR 403", async () => {
    const form = (await jsonOf(await postJson(t.app, "/formBuilder/groupForm", { groupName: "globex" }, as(ADMIN)))).body;
    const ok = await jsonOf(await postJson(t.app, "/formBuilder/submitForm", { groupName: "globex", sections: form.sections, availableSections: form.availableSections }, as(ADMIN)));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, resultMessage: FORM_CACHE_NOTE });
    const none = await refused(await postJson(t.app, "/formBuilder/submitForm", { groupName: "globex", sections: [] }, as(ADMIN)), 400);
    expect(none.resultMessage).toBe(fm.noSections);
    expect(none.errors.sections).toBe(fm.noSections);
    const empty = await refused(await postJson(t.app, "/formBuilder/submitForm", { groupName: "globex", sections: [...form.sections, { id: null, name: "Empty", fields: [] }] }, as(ADMIN)), 400);
    expect(empty.resultMessage).toBe('Every section needs at least one field: "Empty" has none.');
    await refused(await postJson(t.app, "/formBuilder/submitForm", { groupName: "globex", sections: "x" }, as(ADMIN)), 400);
    await refused(await postJson(t.app, "/formBuilder/submitForm", { groupName: "nowhere", sections: [] }, as(ADMIN)), 404);
    await refused(await postJson(t.app, "/formBuilder/submitForm", { groupName: "globex", sections: form.sections }, as(HR)), 403);
    // Nothing changed by the refused saves.
    const after = (await jsonOf(await postJson(t.app, "/formBuilder/groupForm", { groupName: "globex" }, as(ADMIN)))).body;
    expect(after.sections).toEqual(form.sections);
  });
});

describe("POST /formBuilder/newField", () => {
  test("form post: resultMessage is the new id; values one per line; rules; HR 403", async () => {
    const fields = { groupName: "acme", modelName: "shoeSize", label: "Shoe size", placeholder: "", componentId: "select", availableValues: "40\n41\n4,2", validator: "", xlateKey: "", type: "Number", mappingParent: "" };
    const ok = await jsonOf(await postForm(t.app, "/formBuilder/newField", fields, as(ADMIN)));
    expect(ok.status).toBe(200);
    expect(ok.body.success).toBe(true);
    const id = Number(ok.body.resultMessage);
    const form = (await jsonOf(await postJson(t.app, "/formBuilder/groupForm", { groupName: "acme" }, as(ADMIN)))).body;
    const created = form.availableFields.find((f: { frmGrpId: number }) => f.frmGrpId === id);
    expect(created).toMatchObject({ modelName: "properties['shoeSize']", xlateKey: "MANAGER_SHOESIZE", componentId: "select", type: "Number" });
    expect(created.availableValues.map((v: { newValue: string }) => v.newValue)).toEqual(["40", "41", "42"]);

    expect((await refused(await postForm(t.app, "/formBuilder/newField", fields, as(ADMIN)), 400)).resultMessage).toBe(fm.modelNameTaken);
    expect((await refused(await postForm(t.app, "/formBuilder/newField", { ...fields, modelName: "shoe size" }, as(ADMIN)), 400)).resultMessage).toBe(fm.modelNameFormat);
    expect((await refused(await postForm(t.app, "/formBuilder/newField", { ...fields, modelName: "x2", label: "" }, as(ADMIN)), 400)).resultMessage).toBe(fm.labelRequired);
    expect((await refused(await postForm(t.app, "/formBuilder/newField", { ...fields, modelName: "x3", availableValues: "1\nx" }, as(ADMIN)), 400)).resultMessage).toBe(fm.numericValues);
    const json = await jsonOf(await postJson(t.app, "/formBuilder/newField", { ...fields, modelName: "x4", availableValues: ["a", "b"], type: "Text" }, as(ADMIN)));
    expect(json.body.success).toBe(true);
    await refused(await postForm(t.app, "/formBuilder/newField", { ...fields, type: "Blob" }, as(ADMIN)), 400);
    await refused(await postForm(t.app, "/formBuilder/newField", { ...fields, modelName: "x5" }, as(HR)), 403);
  });

  test("the paths are in the OpenAPI document", async () => {
    const doc = (await jsonOf(await get(t.app, "/api/openapi.json"))).body;
    for (const [path, method] of [
      ["/formBuilder/groups", "get"],
      ["/formBuilder/groupForm", "post"],
      ["/formBuilder/validatorsForm", "get"],
      ["/formBuilder/submitForm", "post"],
      ["/formBuilder/newField", "post"],
    ] as const) {
      expect(doc.paths[path][method]).toBeDefined();
    }
  });
});
