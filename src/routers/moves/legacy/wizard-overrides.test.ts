import { describe, expect, test } from "bun:test";
import { messages } from "../../../domain/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { insertWizardMove } from "../../../services/moves/wizard/initiation-testing.ts";
import { cookieFor, get, jsonOf, postForm, postJson } from "../../../test/app.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";

const t = useTestApp();
const { ADMIN, EMPLOYEE, GLOBEX, HR } = DEMO;
const { as } = t;
const refused = (res: Response, status: number) => expectLegacyFailure(res, status);

async function overrideRows(moveId: number) {
  const row = await t.db.selectFrom("move_service_overrides").select((eb) => eb.fn.countAll<number>().as("n")).where("move_id", "=", moveId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("GET /hr/json/getPolicyOverrides", () => {
  test("happy path, bad input, unknown move, wrong role, other group, signed out", async () => {
    const m = await insertWizardMove(t.db);
    const path = `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=${m.moveId}`;
    const ok = await jsonOf(await get(t.app, path, as(HR)));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, policyName: "Global Long-Term Assignment", isPolicyEditable: true, message: null });
    expect(ok.body.moveStageSections).toHaveLength(3);
    expect((await get(t.app, `${path.replace("/getPolicyOverrides", "/getPolicyOverrides/")}`, as(ADMIN))).status).toBe(200);
    await refused(await get(t.app, `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=x`, as(HR)), 400);
    const missing = await refused(await get(t.app, `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=999999`, as(HR)), 404);
    expect(missing.errorMessage).toBe(wizardMessages.moveNotFound);
    expect((await refused(await get(t.app, path, as(EMPLOYEE)), 403)).errorMessage).toBe(messages.forbidden);
    expect((await refused(await get(t.app, path, as(GLOBEX)), 403)).errorMessage).toBe(messages.otherGroup);
    await refused(await get(t.app, path), 401);
  });
});

describe("GET /hr/json/employeePolicyServiceBenefits", () => {
  test("HR EDIT, the employee VIEW, refusals", async () => {
    const m = await insertWizardMove(t.db);
    const edit = await jsonOf(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=EDIT`, as(HR)));
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true, isUserAuthorizedForPolicyEdit: true });
    const own = await cookieFor(t.db, m.email);
    const view = await jsonOf(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}`, { cookie: own }));
    expect(view.body).toMatchObject({ success: true, isUserAuthorizedForPolicyEdit: false });
    await refused(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=EDIT`, { cookie: own }), 403);
    await refused(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=VIEW`, as(GLOBEX)), 403);
    await refused(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=VIEW`, as(EMPLOYEE)), 403);
    await refused(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=abc`, as(HR)), 400);
    await refused(await get(t.app, `/hr/json/employeePolicyServiceBenefits?employeeId=999999`, as(HR)), 404);
  });
});

describe("POST /hr/json/storePolicyOverrides", () => {
  test("JSON store moves the wizard on; failed checks answer 400 and write nothing; refusals", async () => {
    const m = await insertWizardMove(t.db);
    const body = (services: unknown[], budgets: unknown[] = []) => ({ ...m, benefits: "true", moveStageSections: [{ moveStageId: 1, services, budgets }] });
    const ok = await jsonOf(await postJson(t.app, "/hr/json/storePolicyOverrides", body([{ service: "IMMIGRATION", selected: "true", amount: "7000", currency: "USD" }], [{ budgetGroupId: "1", amount: "4800", currency: "USD" }]), as(HR)));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, errors: {}, nextStage: 6 });
    expect(await overrideRows(m.moveId)).toBe(1);

    const bad = await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", body([{ service: "CULTURALTRAINING", selected: true }]), as(HR)), 400);
    expect(bad.errorMessage).toBe(wizardMessages.requiredBenefitFields);
    expect(bad.message).toBe(wizardMessages.requiredBenefitFields);
    expect(bad.errors["stage1.CULTURALTRAINING"]).toBe(wizardMessages.requiredBenefitFields);
    const range = await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", body([], [{ budgetGroupId: 1, amount: "1", currency: "USD" }]), as(HR)), 400);
    expect(range.errorMessage).toBe(wizardMessages.budgetOutsideRangeError);
    expect(await overrideRows(m.moveId)).toBe(1);

    await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", { ...m, moveStageSections: "nope" }, as(HR)), 400);
    await refused(await postForm(t.app, "/hr/json/storePolicyOverrides", { employeeId: String(m.employeeId) }, as(HR)), 400);
    await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", body([]), as(EMPLOYEE)), 403);
    await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", body([]), as(GLOBEX)), 403);
    await refused(await postJson(t.app, "/hr/json/storePolicyOverrides", body([])), 401);
    expect(await overrideRows(m.moveId)).toBe(1);
  });

  test("the paths are in the OpenAPI document", async () => {
    const doc = (await jsonOf(await get(t.app, "/api/openapi.json"))).body;
    expect(doc.paths["/hr/json/getPolicyOverrides"].get).toBeDefined();
    expect(doc.paths["/hr/json/employeePolicyServiceBenefits"].get).toBeDefined();
    expect(doc.paths["/hr/json/storePolicyOverrides"].post).toBeDefined();
  });
});
