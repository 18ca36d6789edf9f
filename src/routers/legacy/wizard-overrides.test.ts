import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { wizardMessages } from "../../domain/wizard/messages.ts";
import { appFor, cookieFor, get, jsonOf, postJson, postForm, type TestApp } from "../../test/app.ts";
import { createTestDatabase, insertTestUser, type TestDatabase } from "../../test/db.ts";
import { expectNoStackTrace } from "../../test/errors.ts";
import type { DB } from "../../db/index.ts";

let t: TestDatabase;
let app: TestApp;
const cookies: Record<string, string> = {};
const HR = "hr@acme.test";
const ADMIN = "admin@meridian.test";
const GLOBEX = "hr@globex.test";
const EMPLOYEE = "employee@acme.test";
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  for (const email of [HR, ADMIN, GLOBEX, EMPLOYEE]) cookies[email] = await cookieFor(t.db, email);
});
afterAll(() => t.close());

/** A fresh acme EMPLOYEE with a move on the released "Global Long-Term Assignment" v1 (a draft unless told). */
async function insertWizardMove(
  db: DB,
  options: { status?: "draft" | "open" | "cancelled"; stage?: number; policy?: string } = {},
) {
  const email = `wiz-${crypto.randomUUID().slice(0, 8)}@acme.test`;
  const employeeId = await insertTestUser(db, { email, role: "EMPLOYEE", group: "acme" });
  const version = await db
    .selectFrom("policies as p")
    .innerJoin("policy_versions as v", "v.policy_id", "p.id")
    .select(["p.id as policy_id", "v.id as version_id", "p.group_id"])
    .where("p.name", "=", options.policy ?? "Global Long-Term Assignment")
    .where("v.status", "=", "RELEASED")
    .executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const move = await db
    .insertInto("moves")
    .values({
      group_id: version.group_id,
      employee_user_id: employeeId,
      policy_id: version.policy_id,
      policy_version_id: version.version_id,
      status: options.status ?? "draft",
      current_move_stage: options.stage ?? 1,
      wizard_stage: 3,
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { employeeId, moveId: move.id, email };
}

const as = (email: string) => ({ cookie: cookies[email]! });

async function refused(res: Response, status: number) {
  expect(res.status).toBe(status);
  const text = await res.text();
  expectNoStackTrace(text);
  const body = JSON.parse(text);
  expect(body.success).toBe(false);
  expect(typeof body.errorMessage).toBe("string");
  return body;
}

async function overrideRows(moveId: number) {
  const row = await t.db.selectFrom("move_service_overrides").select((eb) => eb.fn.countAll<number>().as("n")).where("move_id", "=", moveId).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe("GET /hr/json/getPolicyOverrides", () => {
  test("happy path, bad input, unknown move, wrong role, other group, signed out", async () => {
    const m = await insertWizardMove(t.db);
    const path = `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=${m.moveId}`;
    const ok = await jsonOf(await get(app, path, as(HR)));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, policyName: "Global Long-Term Assignment", isPolicyEditable: true, message: null });
    expect(ok.body.moveStageSections).toHaveLength(3);
    expect((await get(app, `${path.replace("/getPolicyOverrides", "/getPolicyOverrides/")}`, as(ADMIN))).status).toBe(200);
    await refused(await get(app, `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=x`, as(HR)), 400);
    const missing = await refused(await get(app, `/hr/json/getPolicyOverrides?employeeId=${m.employeeId}&moveId=999999`, as(HR)), 404);
    expect(missing.errorMessage).toBe(wizardMessages.moveNotFound);
    expect((await refused(await get(app, path, as(EMPLOYEE)), 403)).errorMessage).toBe(messages.forbidden);
    expect((await refused(await get(app, path, as(GLOBEX)), 403)).errorMessage).toBe(messages.otherGroup);
    await refused(await get(app, path), 401);
  });
});

describe("GET /hr/json/employeePolicyServiceBenefits", () => {
  test("HR EDIT, the employee VIEW, refusals", async () => {
    const m = await insertWizardMove(t.db);
    const edit = await jsonOf(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=EDIT`, as(HR)));
    expect(edit.status).toBe(200);
    expect(edit.body).toMatchObject({ success: true, isUserAuthorizedForPolicyEdit: true });
    const own = await cookieFor(t.db, m.email);
    const view = await jsonOf(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}`, { cookie: own }));
    expect(view.body).toMatchObject({ success: true, isUserAuthorizedForPolicyEdit: false });
    await refused(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=EDIT`, { cookie: own }), 403);
    await refused(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=VIEW`, as(GLOBEX)), 403);
    await refused(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=${m.employeeId}&action=VIEW`, as(EMPLOYEE)), 403);
    await refused(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=abc`, as(HR)), 400);
    await refused(await get(app, `/hr/json/employeePolicyServiceBenefits?employeeId=999999`, as(HR)), 404);
  });
});

describe("POST /hr/json/storePolicyOverrides", () => {
  test("JSON store moves the wizard on; failed checks answer 400 and write nothing; refusals", async () => {
    const m = await insertWizardMove(t.db);
    const body = (services: unknown[], budgets: unknown[] = []) => ({ ...m, benefits: "true", moveStageSections: [{ moveStageId: 1, services, budgets }] });
    const ok = await jsonOf(await postJson(app, "/hr/json/storePolicyOverrides", body([{ service: "IMMIGRATION", selected: "true", amount: "7000", currency: "USD" }], [{ budgetGroupId: "1", amount: "4800", currency: "USD" }]), as(HR)));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ success: true, errors: {}, nextStage: 6 });
    expect(await overrideRows(m.moveId)).toBe(1);

    const bad = await refused(await postJson(app, "/hr/json/storePolicyOverrides", body([{ service: "CULTURALTRAINING", selected: true }]), as(HR)), 400);
    expect(bad.errorMessage).toBe(wizardMessages.requiredBenefitFields);
    expect(bad.message).toBe(wizardMessages.requiredBenefitFields);
    expect(bad.errors["stage1.CULTURALTRAINING"]).toBe(wizardMessages.requiredBenefitFields);
    const range = await refused(await postJson(app, "/hr/json/storePolicyOverrides", body([], [{ budgetGroupId: 1, amount: "1", currency: "USD" }]), as(HR)), 400);
    expect(range.errorMessage).toBe(wizardMessages.budgetOutsideRangeError);
    expect(await overrideRows(m.moveId)).toBe(1);

    await refused(await postJson(app, "/hr/json/storePolicyOverrides", { ...m, moveStageSections: "nope" }, as(HR)), 400);
    await refused(await postForm(app, "/hr/json/storePolicyOverrides", { employeeId: String(m.employeeId) }, as(HR)), 400);
    await refused(await postJson(app, "/hr/json/storePolicyOverrides", body([]), as(EMPLOYEE)), 403);
    await refused(await postJson(app, "/hr/json/storePolicyOverrides", body([]), as(GLOBEX)), 403);
    await refused(await postJson(app, "/hr/json/storePolicyOverrides", body([])), 401);
    expect(await overrideRows(m.moveId)).toBe(1);
  });

  test("the paths are in the OpenAPI document", async () => {
    const doc = (await jsonOf(await get(app, "/api/openapi.json"))).body;
    expect(doc.paths["/hr/json/getPolicyOverrides"].get).toBeDefined();
    expect(doc.paths["/hr/json/employeePolicyServiceBenefits"].get).toBeDefined();
    expect(doc.paths["/hr/json/storePolicyOverrides"].post).toBeDefined();
  });
});
