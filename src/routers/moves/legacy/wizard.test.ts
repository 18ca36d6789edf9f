import { beforeAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { CORE_MODEL_NAMES, propertyModelName } from "../../../domain/policy/forms/catalogue.ts";
import { messages } from "../../../domain/messages.ts";
import { wizardMessages, wizardText } from "../../../domain/moves/wizard/messages.ts";
import { PREVIEW_SAVING_PROHIBITED } from "../../../domain/moves/wizard/schemas.ts";
import { buildOpenApi } from "../../../server/openapi.ts";
import { countTable, createTestMove, releasedVersionOf, validItems } from "../../../services/moves/wizard/initiation-testing.ts";
import { get, jsonOf, postForm, postJson, send } from "../../../test/app.ts";
import { expectLegacyFailure, expectNoStackTrace } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";

const t = useTestApp();
const { as } = t;
const { ADMIN, EMPLOYEE, FINANCE, GLOBEX, HR } = DEMO;
let lta: { versionId: number; policyId: number };
beforeAll(async () => {
  lta = await releasedVersionOf(t.db, "Global Long-Term Assignment");
});

/** A failure answer: the status, no stack trace, `{success:false, errorMessage}`. */
const failure = (res: Response, status: number, errorMessage?: string) => expectLegacyFailure(res, status, { message: errorMessage });

async function counts() {
  return { users: await countTable(t.db, "users"), moves: await countTable(t.db, "moves") };
}

const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe("GET /hr/json/getCountriesStates", () => {
  test("countries with the US states; HR and ADMIN only; signed in", async () => {
    const { status, body } = await jsonOf(await get(t.app, "/hr/json/getCountriesStates", as(HR)));
    expect(status).toBe(200);
    expect(body.countries.find((c: { code: string }) => c.code === "US").states.length).toBeGreaterThan(50);
    expect((await get(t.app, "/hr/json/getCountriesStates", as(ADMIN))).status).toBe(200);
    await failure(await get(t.app, "/hr/json/getCountriesStates", as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await get(t.app, "/hr/json/getCountriesStates", as(FINANCE)), 403, messages.forbidden);
    await failure(await get(t.app, "/hr/json/getCountriesStates"), 401, messages.signInRequired);
  });
});

describe("GET /hr/json/getPolicySelectForm", () => {
  test("the group's policies; bad input, wrong role, other group", async () => {
    const { status, body } = await jsonOf(await get(t.app, "/hr/json/getPolicySelectForm?group=acme", as(HR)));
    expect(status).toBe(200);
    expect(body.policies.map((p: { name: string }) => p.name)).toContain("Global Long-Term Assignment");
    expect(body.selectedPolicyVersionId).toBeNull();
    await failure(await get(t.app, "/hr/json/getPolicySelectForm", as(HR)), 400);
    await failure(await get(t.app, "/hr/json/getPolicySelectForm?group=nosuchgroup", as(ADMIN)), 404, messages.notFound);
    await failure(await get(t.app, "/hr/json/getPolicySelectForm?group=acme", as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await get(t.app, "/hr/json/getPolicySelectForm?group=acme", as(FINANCE)), 403, messages.forbidden);
    await failure(await get(t.app, "/hr/json/getPolicySelectForm?group=acme", as(GLOBEX)), 403, messages.otherGroup);
  });
});

describe("GET /hr/json/getInitiationForm", () => {
  test("the form; prefilled by employeeId; the preview for ADMIN only", async () => {
    const { status, body } = await jsonOf(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId })}`, as(HR)));
    expect(status).toBe(200);
    expect(body.sections.flatMap((s: { components: { modelName: string }[] }) => s.components.map((c) => c.modelName))).toContain(CORE_MODEL_NAMES.email);
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    const resumed = await jsonOf(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId, employeeId: draft.employeeId })}`, as(HR)));
    expect(resumed.body).toMatchObject({ employeeId: draft.employeeId, moveId: draft.moveId });
    expect((await jsonOf(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId, preview: true })}`, as(ADMIN)))).body.preview).toBe(true);
    await failure(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId, preview: true })}`, as(HR)), 403, messages.forbidden);
  });

  test("bad input, unknown version, wrong role, other group", async () => {
    await failure(await get(t.app, "/hr/json/getInitiationForm?group=acme&policyVersionId=abc", as(HR)), 400);
    await failure(await get(t.app, "/hr/json/getInitiationForm?group=acme&policyVersionId=999999", as(HR)), 404, wizardMessages.policyNotAvailable);
    await failure(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId })}`, as(EMPLOYEE)), 403);
    await failure(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId })}`, as(FINANCE)), 403);
    await failure(await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId })}`, as(GLOBEX)), 403, messages.otherGroup);
  });
});

describe("POST /hr/json/createNewEmployee", () => {
  test("a JSON body creates the employee and the draft move", async () => {
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId });
    const { status, body } = await jsonOf(await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: built.items, empTempFileUUID: null, skipCE: false, saveAsDraft: false }, as(HR)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, provider: "MERIDIAN", errors: {}, geo: null, message: null, nextStage: 3 });
    const move = await t.db.selectFrom("moves").select(["status", "employee_user_id"]).where("id", "=", body.moveId).executeTakeFirstOrThrow();
    expect(move).toEqual({ status: "draft", employee_user_id: body.employeeId });
  });

  test("a form post with the items as JSON text; draft then resume", async () => {
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId });
    const draft = await jsonOf(await postForm(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: String(lta.versionId), items: JSON.stringify(built.items), saveAsDraft: "true" }, as(HR)));
    expect(draft.body).toMatchObject({ success: true, nextStage: null });
    const resumed = await jsonOf(
      await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: built.items, saveAsDraft: false, employeeId: draft.body.employeeId, moveId: draft.body.moveId }, as(HR)),
    );
    expect(resumed.body).toMatchObject({ success: true, employeeId: draft.body.employeeId, moveId: draft.body.moveId, nextStage: 3 });
  });

  test("validation errors and the geo answer: HTTP 200, the documented shape, nothing written", async () => {
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId, overrides: { [CORE_MODEL_NAMES.lastName]: { formValue: " " } } });
    const label = built.components.find((c) => c.modelName === CORE_MODEL_NAMES.lastName)!.label;
    const before = await counts();
    const res = await jsonOf(await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: built.items }, as(HR)));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      success: false,
      employeeId: null,
      moveId: null,
      provider: "MERIDIAN",
      errors: { [CORE_MODEL_NAMES.lastName]: wizardText(wizardMessages.cannotBeEmpty, { label }) },
      geo: null,
      message: null,
      nextStage: null,
    });
    const geoItems = await validItems(t.db, { group: "acme", versionId: lta.versionId, overrides: { [CORE_MODEL_NAMES.origin]: { formValue: "Lond", formValueId: null, countryCode: "GB" } } });
    const geo = await jsonOf(await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: geoItems.items }, as(HR)));
    expect(geo.status).toBe(200);
    expect(geo.body.success).toBe(false);
    expect(geo.body.geo[0].cities.map((c: { name: string }) => c.name)).toContain("London");
    const preview = await jsonOf(await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: built.items, preview: true }, as(ADMIN)));
    expect(preview.body).toMatchObject({ success: false, message: PREVIEW_SAVING_PROHIBITED });
    // A body that is not the contract: the documented shape with the field's error.
    const bad = await jsonOf(await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: "nope" }, as(HR)));
    expect(bad.status).toBe(200);
    expect(bad.body).toMatchObject({ success: false, employeeId: null, moveId: null, provider: null, geo: null });
    expect(Object.keys(bad.body.errors)).toContain("items");
    expect(await counts()).toEqual(before);
  });

  test("an unexpected failure: the initiation failure text, no stack trace, nothing written", async () => {
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId, overrides: { [propertyModelName("numberOfChildren")]: { formValue: "1" } } });
    const before = await counts();
    await sql`alter table move_family_members rename to move_family_members_off`.execute(t.db);
    let res: Response;
    try {
      res = await postJson(t.app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: lta.versionId, items: built.items }, as(HR));
    } finally {
      await sql`alter table move_family_members_off rename to move_family_members`.execute(t.db);
    }
    expect(await failureShape(res, 500)).toBe(wizardMessages.initiationFailure);
    expect(await counts()).toEqual(before);
  });

  test("wrong role, other group: 4xx with the documented shape; nothing written", async () => {
    const built = await validItems(t.db, { group: "acme", versionId: lta.versionId });
    const before = await counts();
    const body = { group: "acme", policyVersionId: lta.versionId, items: built.items };
    expect(await failureShape(await postJson(t.app, "/hr/json/createNewEmployee", body, as(EMPLOYEE)), 403)).toBe(messages.forbidden);
    expect(await failureShape(await postJson(t.app, "/hr/json/createNewEmployee", body, as(FINANCE)), 403)).toBe(messages.forbidden);
    expect(await failureShape(await postJson(t.app, "/hr/json/createNewEmployee", body, as(GLOBEX)), 403)).toBe(messages.otherGroup);
    expect(await failureShape(await postJson(t.app, "/hr/json/createNewEmployee", body), 401)).toBe(messages.signInRequired);
    expect(await counts()).toEqual(before);
  });
});

/** The createNewEmployee failure shape; returns its message. */
async function failureShape(res: Response, status: number) {
  const text = await res.text();
  expectNoStackTrace(text);
  expect(res.status).toBe(status);
  const body = JSON.parse(text);
  expect(body).toMatchObject({ success: false, employeeId: null, moveId: null, provider: null, errors: {}, geo: null });
  expect(body.errorMessage).toBe(body.message);
  return body.message as string;
}

describe("POST /hr/json/cancelNewEmployee/{employeeId}/moveId/{moveId}", () => {
  test("cancels a draft; an initiated move is a conflict; bad ids, role and group", async () => {
    const draft = await createTestMove(t.db, { saveAsDraft: true });
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${draft.employeeId}/moveId/${draft.moveId}`, null, as(GLOBEX)), 403, messages.otherGroup);
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${draft.employeeId}/moveId/${draft.moveId}`, null, as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${draft.employeeId}/moveId/${draft.moveId}`, null, as(FINANCE)), 403, messages.forbidden);
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/x/moveId/${draft.moveId}`, null, as(HR)), 400);
    const ok = await jsonOf(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${draft.employeeId}/moveId/${draft.moveId}`, null, as(HR)));
    expect(ok).toEqual({ status: 200, body: { success: true, message: null } });
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${draft.employeeId}/moveId/${draft.moveId}`, null, as(HR)), 404, wizardMessages.moveNotFound);
    const open = await createTestMove(t.db);
    await postJson(t.app, "/acme/complete-initiation", { employeeId: open.employeeId, moveId: open.moveId }, as(HR));
    await failure(await send(t.app, "POST", `/hr/json/cancelNewEmployee/${open.employeeId}/moveId/${open.moveId}`, null, as(HR)), 409, wizardMessages.moveNotDraft);
  });
});

describe("GET /hr/json/getInitiationSummary", () => {
  test("the summary; benefits=false leaves the stages out; role and group", async () => {
    const move = await createTestMove(t.db);
    const { status, body } = await jsonOf(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId, moveId: move.moveId, benefits: true })}`, as(HR)));
    expect(status).toBe(200);
    expect(body).toMatchObject({ success: true, employee: { id: move.employeeId, email: move.email }, move: { id: move.moveId, status: "draft" }, welcomeEmail: true });
    expect(body.moveStageSections).toHaveLength(3);
    const without = await jsonOf(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId, moveId: move.moveId, benefits: false })}`, as(HR)));
    expect(without.body.moveStageSections).toBeNull();
    await failure(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId })}`, as(HR)), 400);
    await failure(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId, moveId: move.moveId })}`, as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId, moveId: move.moveId })}`, as(FINANCE)), 403, messages.forbidden);
    await failure(await get(t.app, `/hr/json/getInitiationSummary?${q({ employeeId: move.employeeId, moveId: move.moveId })}`, as(GLOBEX)), 403, messages.otherGroup);
  });
});

describe("POST /{group}/complete-initiation", () => {
  test("a form post opens the move and sends the welcome e-mail into the outbox", async () => {
    const move = await createTestMove(t.db);
    const { status, body } = await jsonOf(await postForm(t.app, "/acme/complete-initiation", { employeeId: String(move.employeeId), moveId: String(move.moveId) }, as(HR)));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, redirectUrl: `/acme/home?initiated=${move.moveId}`, message: null });
    const mail = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", move.email).execute();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.template).toBe("welcome");
    expect(mail[0]!.link).toStartWith("http://localhost:3000/employee/activate?ac=");
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(HR)), 409, wizardMessages.moveNotDraft);
  });

  test("no welcome e-mail for Globex Graduate Move", async () => {
    const move = await createTestMove(t.db, { group: "globex", policy: "Globex Graduate Move" });
    const { body } = await jsonOf(await postJson(t.app, "/globex/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(GLOBEX)));
    expect(body.success).toBe(true);
    expect(await t.db.selectFrom("outbox").select("id").where("to_address", "=", move.email).execute()).toHaveLength(0);
  });

  test("bad input, wrong role, other group", async () => {
    const move = await createTestMove(t.db);
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId }, as(HR)), 400);
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(FINANCE)), 403, messages.forbidden);
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(GLOBEX)), 403, messages.otherGroup);
    await failure(await postJson(t.app, "/globex/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }, as(GLOBEX)), 403, messages.otherGroup);
    await failure(await postJson(t.app, "/acme/complete-initiation", { employeeId: move.employeeId, moveId: move.moveId }), 401, messages.signInRequired);
    expect((await t.db.selectFrom("moves").select("status").where("id", "=", move.moveId).executeTakeFirstOrThrow()).status).toBe("draft");
  });
});

describe("GET /form/prefill", () => {
  test("slave values; not a master field; role and group", async () => {
    await get(t.app, `/hr/json/getInitiationForm?${q({ group: "acme", policyVersionId: lta.versionId })}`, as(HR));
    const gid = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
    const now = new Date().toISOString();
    const tag = crypto.randomUUID().slice(0, 6);
    const field = (model: string, master: 0 | 1) =>
      t.db
        .insertInto("form_fields")
        .values({ group_id: gid, section_id: null, model_name: propertyModelName(model), label: model, form_type: "text", data_type: "Text", master, slave: master ? 0 : 1, created_at: now, updated_at: now })
        .returning("id")
        .executeTakeFirstOrThrow();
    const master = (await field(`site${tag}`, 1)).id;
    const slave = (await field(`desk${tag}`, 0)).id;
    await t.db.insertInto("form_prefill_values").values({ group_id: gid, master_field_id: master, master_value: "HQ", slave_field_id: slave, slave_value: "D-1", policy_version_id: null }).execute();
    const { status, body } = await jsonOf(await get(t.app, `/form/prefill?${q({ formGroupId: master, value: "HQ" })}`, as(HR)));
    expect(status).toBe(200);
    expect(body).toEqual({ success: true, fields: [{ formGroupId: slave, modelName: propertyModelName(`desk${tag}`), values: ["D-1"] }] });
    await failure(await get(t.app, `/form/prefill?${q({ formGroupId: slave, value: "HQ" })}`, as(HR)), 404, messages.notFound);
    await failure(await get(t.app, `/form/prefill?${q({ formGroupId: "x", value: "HQ" })}`, as(HR)), 400);
    await failure(await get(t.app, `/form/prefill?${q({ formGroupId: master, value: "HQ" })}`, as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await get(t.app, `/form/prefill?${q({ formGroupId: master, value: "HQ" })}`, as(FINANCE)), 403, messages.forbidden);
    await failure(await get(t.app, `/form/prefill?${q({ formGroupId: master, value: "HQ" })}`, as(GLOBEX)), 403, messages.otherGroup);
  });
});

describe("GET /splash/{area}/{key}/specificSplash", () => {
  test("a NEW_MOVE splash text, the group's own first; missing answers the splash failure text", async () => {
    const now = new Date().toISOString();
    // A key of this test's own (the demo may have its CE_POLICY texts).
    const key = `CE_${crypto.randomUUID().slice(0, 6).toUpperCase()}`;
    const acme = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
    await t.db
      .insertInto("splash_contents")
      .values([
        { area: "NEW_MOVE", splash_key: key, group_id: null, title: "Cost estimates", body: "How estimates work", updated_at: now },
        { area: "NEW_MOVE", splash_key: key, group_id: acme, title: "Acme estimates", body: "Acme's way", updated_at: now },
      ])
      .execute();
    expect(await jsonOf(await get(t.app, `/splash/NEW_MOVE/${key}/specificSplash`, as(GLOBEX)))).toEqual({
      status: 200,
      body: { success: true, id: expect.any(Number), title: "Cost estimates", content: "How estimates work" },
    });
    expect((await jsonOf(await get(t.app, `/splash/NEW_MOVE/${key}/specificSplash`, as(EMPLOYEE)))).body.title).toBe("Acme estimates");
    expect((await jsonOf(await get(t.app, `/splash/NEW_MOVE/${key}/specificSplash?group=acme`, as(ADMIN)))).body.title).toBe("Acme estimates");
    expect((await jsonOf(await get(t.app, `/splash/NEW_MOVE/${key}/specificSplash?group=acme`, as(GLOBEX)))).body.title).toBe("Cost estimates");
    const missing = await failure(await get(t.app, "/splash/NEW_MOVE/NOTHING_HERE/specificSplash", as(HR)), 404, wizardMessages.splashFailure);
    expect(missing).toMatchObject({ title: "", content: "" });
    await failure(await get(t.app, `/splash/${"A".repeat(41)}/CE_POLICY/specificSplash`, as(HR)), 400);
    await failure(await get(t.app, `/splash/NEW_MOVE/${key}/specificSplash`), 401, messages.signInRequired);
  });
});

describe("OpenAPI", () => {
  test("every wizard path is described", () => {
    const paths = Object.keys((buildOpenApi() as { paths: Record<string, unknown> }).paths);
    for (const p of [
      "/hr/json/getCountriesStates",
      "/hr/json/getPolicySelectForm",
      "/hr/json/getInitiationForm",
      "/hr/json/createNewEmployee",
      "/hr/json/cancelNewEmployee/{employeeId}/moveId/{moveId}",
      "/hr/json/getInitiationSummary",
      "/{group}/complete-initiation",
      "/form/prefill",
      "/splash/{area}/{key}/specificSplash",
    ]) {
      expect(paths).toContain(p);
    }
  });
});
