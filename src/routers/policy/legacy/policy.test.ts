import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { activationMessages } from "../../../domain/identity/activation/messages.ts";
import { messages } from "../../../domain/messages.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { countOf, createTestPolicy, insertTestMove } from "../../../services/policy/testing.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson, send, type TestApp } from "../../../test/app.ts";
import { callerFor, createTestDatabase, insertTestUser, type TestDatabase } from "../../../test/db.ts";
import { expectNoStackTrace } from "../../../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
const cookies: Record<string, string> = {};
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  for (const email of ["admin@meridian.test", "hr@acme.test", "hr@globex.test", "employee@acme.test"]) cookies[email] = await cookieFor(t.db, email);
});
afterAll(() => t.close());

const B = "/api/v1/policy/configuration";
const as = (email: string) => ({ cookie: cookies[email]! });
const ADMIN = "admin@meridian.test";
const HR = "hr@acme.test";
const GLOBEX = "hr@globex.test";
const EMPLOYEE = "employee@acme.test";

const json = (method: string, path: string, body: unknown, email: string) => send(app, method, path, JSON.stringify(body), as(email), "application/json");

async function groupId(name: string) {
  return (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

async function withService(serviceKey: string, stages = 2) {
  const p = await createTestPolicy(t.db, { moveStagesCount: stages });
  await (await callerFor(t.db, ADMIN)).policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey });
  return { ...p, path: `${B}/${p.policyId}/versions/${p.versionId}/movestages/1/services/${serviceKey}` };
}

/** The wrong-role and other-group cases of a path: HR writing, an employee, another group's HR. */
async function expectRefused(method: string, path: string, body: unknown, { read }: { read: boolean }) {
  const callers = read ? [EMPLOYEE, GLOBEX] : [HR, EMPLOYEE, GLOBEX];
  for (const email of callers) {
    const res = method === "GET" ? await get(app, path, as(email)) : await json(method, path, body, email);
    expect(res.status).toBe(403);
    const text = await res.text();
    expectNoStackTrace(text);
    expect(JSON.parse(text).success).toBe(false);
  }
  const anon = method === "GET" ? await get(app, path) : await send(app, method, path, JSON.stringify(body ?? {}), {}, "application/json");
  expect(anon.status).toBe(401);
}

describe("GET policies, dropdowns, service-properties", () => {
  test("policies?groupId: by id or URL name; HR of the group reads; others refused", async () => {
    const p = await createTestPolicy(t.db);
    const byName = await jsonOf(await get(app, `${B}/policies?groupId=acme`, as(HR)));
    expect(byName.status).toBe(200);
    expect(byName.body.success).toBe(true);
    expect(byName.body.policies.map((x: { id: number }) => x.id)).toContain(p.policyId);
    const byId = await jsonOf(await get(app, `${B}/policies?groupId=${await groupId("acme")}`, as(ADMIN)));
    expect(byId.body.policies.length).toBe(byName.body.policies.length);
    expect((await get(app, `${B}/policies`, as(ADMIN))).status).toBe(400);
    expect((await jsonOf(await get(app, `${B}/policies?groupId=nowhere`, as(ADMIN)))).status).toBe(404);
    await expectRefused("GET", `${B}/policies?groupId=acme`, null, { read: true });
  });

  test("dropdowns?policyId", async () => {
    const p = await createTestPolicy(t.db);
    const res = await jsonOf(await get(app, `${B}/dropdowns?policyId=${p.policyId}`, as(HR)));
    expect(res.status).toBe(200);
    expect(res.body.archetypes.length).toBeGreaterThan(0);
    expect(res.body.currencies.length).toBeGreaterThan(0);
    expect((await get(app, `${B}/dropdowns?policyId=abc`, as(ADMIN))).status).toBe(400);
    await expectRefused("GET", `${B}/dropdowns?policyId=${p.policyId}`, null, { read: true });
  });

  test("service-properties?policyId", async () => {
    const p = await withService("REMOVALS");
    const res = await jsonOf(await get(app, `${B}/service-properties?policyId=${p.policyId}`, as(HR)));
    expect(res.status).toBe(200);
    expect(res.body.services[0].attributes.every((a: { visibleToHr: boolean }) => a.visibleToHr)).toBe(true);
    expect((await get(app, `${B}/service-properties`, as(ADMIN))).status).toBe(400);
    await expectRefused("GET", `${B}/service-properties?policyId=${p.policyId}`, null, { read: true });
  });
});

describe("setup", () => {
  test("POST /policy/setup/create", async () => {
    const res = await jsonOf(await postForm(app, "/policy/setup/create", { group: "acme", name: "Legacy created", moveType: "DOMESTIC", archetype: "DOMESTIC_TRANSFER", moveStagesCount: "1" }, as(ADMIN)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, redirectUrl: `/policy/setup?policyId=${res.body.policyId}&editDraft=true` });
    const before = await countOf(t.db, "policies");
    const bad = await jsonOf(await postForm(app, "/policy/setup/create", { groupId: "acme", name: "", moveType: "DOMESTIC", archetype: "DOMESTIC_TRANSFER", moveStagesCount: "1" }, as(ADMIN)));
    expect(bad).toEqual({ status: 400, body: { success: false, message: policyMessages.policyNameRequired } });
    expect(await countOf(t.db, "policies")).toBe(before);
    await expectRefused("POST", "/policy/setup/create", { group: "acme", name: "X", moveType: "DOMESTIC", archetype: "DOMESTIC_TRANSFER", moveStagesCount: 1 }, { read: false });
  });

  test("POST /policy/setup/{name} and /policy/old/setup/{name} with {id, value}", async () => {
    const p = await createTestPolicy(t.db);
    expect(await jsonOf(await postForm(app, "/policy/setup/name", { id: String(p.policyId), value: "Renamed" }, as(ADMIN)))).toEqual({ status: 200, body: { success: true } });
    expect(await jsonOf(await postForm(app, "/policy/old/setup/noWelcomeCall", { id: String(p.policyId), value: "on" }, as(ADMIN)))).toEqual({ status: 200, body: { success: true } });
    const row = await t.db.selectFrom("policies").selectAll().where("id", "=", p.policyId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ name: "Renamed", no_welcome_call: 1 });
    expect(await jsonOf(await postForm(app, "/policy/setup/order", { id: String(p.policyId), value: "1.5" }, as(ADMIN)))).toEqual({
      status: 400,
      body: { success: false, message: policyMessages.policyOrderDigits },
    });
    expect(await jsonOf(await postForm(app, "/policy/setup/programmeType", { id: String(p.policyId), value: "Weird" }, as(ADMIN)))).toEqual({
      status: 400,
      body: { success: false, message: policyMessages.setupSaveFailed },
    });
    await expectRefused("POST", "/policy/setup/name", { id: p.policyId, value: "x" }, { read: false });
    await expectRefused("POST", "/policy/old/setup/name", { id: p.policyId, value: "x" }, { read: false });
  });

  test("PUT|POST setup/{policyId}/{setting}/{value}: move type users, group change warning", async () => {
    const p = await createTestPolicy(t.db);
    await insertTestMove(t.db, p.policyId, p.versionId);
    const moved = await jsonOf(await send(app, "PUT", `${B}/setup/${p.policyId}/moveType/DOMESTIC`, null, as(ADMIN)));
    expect(moved).toEqual({ status: 200, body: { success: true, affectedUsers: 1 } });
    const group = await jsonOf(await send(app, "POST", `${B}/setup/${p.policyId}/group/${await groupId("globex")}`, null, as(ADMIN)));
    expect(group.body).toEqual({ success: true, warnings: [policyMessages.tagsRemoved] });
    const cleared = await jsonOf(await send(app, "PUT", `${B}/setup/${p.policyId}/estimateProvider`, null, as(ADMIN)));
    expect(cleared.body).toEqual({ success: true });
    const bad = await jsonOf(await send(app, "PUT", `${B}/setup/${p.policyId}/moveStagesCount/7`, null, as(ADMIN)));
    expect(bad).toEqual({ status: 400, body: { success: false, message: policyMessages.setupSaveFailed } });
    const other = await createTestPolicy(t.db);
    await expectRefused("PUT", `${B}/setup/${other.policyId}/name/x`, null, { read: false });
    await expectRefused("POST", `${B}/setup/${other.policyId}/name/x`, null, { read: false });
  });

  test("PUT setup/{id}/costEstimatePackage/{pkg}/excludeCompensation/{bool}", async () => {
    const p = await createTestPolicy(t.db, { moveStagesCount: 3 });
    const res = await jsonOf(await send(app, "PUT", `${B}/setup/${p.policyId}/costEstimatePackage/PERMANENT_TRANSFER/excludeCompensation/true`, null, as(ADMIN)));
    expect(res).toEqual({ status: 200, body: { success: true, warnings: [policyMessages.permanentTransferThreeStages] } });
    expect((await send(app, "PUT", `${B}/setup/${p.policyId}/costEstimatePackage/NOPE/excludeCompensation/true`, null, as(ADMIN))).status).toBe(400);
    await expectRefused("PUT", `${B}/setup/${p.policyId}/costEstimatePackage/DOMESTIC/excludeCompensation/false`, null, { read: false });
  });
});

describe("versions", () => {
  test("complete, version link, delete draft", async () => {
    const p = await withService("ORIENTATION");
    const admin = await callerFor(t.db, ADMIN);
    await admin.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "ORIENTATION", servicePolicyType: 4 });
    await expectRefused("POST", `/policy/versions/${p.versionId}/complete`, {}, { read: false });
    const done = await jsonOf(await postJson(app, `/policy/versions/${p.versionId}/complete`, {}, as(ADMIN)));
    expect(done.body).toMatchObject({ success: true, errors: [] });
    const again = await jsonOf(await postJson(app, `/policy/versions/${p.versionId}/complete`, {}, as(ADMIN)));
    expect(again).toEqual({ status: 409, body: { success: false, errorMessage: policyMessages.versionNotEditable } });

    await expectRefused("POST", `${B}/${p.policyId}/versions`, {}, { read: false });
    const version = await jsonOf(await postJson(app, `${B}/${p.policyId}/versions`, {}, as(ADMIN)));
    expect(version.body).toEqual({ success: true, redirectUrl: `/policy/setup?policyId=${p.policyId}&editDraft=true`, versionId: version.body.versionId });
    expect(await jsonOf(await postJson(app, `${B}/${p.policyId}/versions`, {}, as(ADMIN)))).toEqual({ status: 409, body: { success: false, errorMessage: policyMessages.draftExists } });

    await expectRefused("DELETE", `${B}/policies/versions/${version.body.versionId}`, null, { read: false });
    const released = await jsonOf(await send(app, "DELETE", `${B}/policies/versions/${p.versionId}`, null, as(ADMIN)));
    expect(released).toEqual({ status: 409, body: { success: false, errorMessage: policyMessages.errorDeletingDraft } });
    expect(await jsonOf(await send(app, "DELETE", `${B}/policies/versions/${version.body.versionId}`, null, as(ADMIN)))).toEqual({ status: 200, body: { success: true } });
    expect((await send(app, "DELETE", `${B}/policies/versions/abc`, null, as(ADMIN))).status).toBe(400);
  });

  test("complete with errors answers the list; nothing released", async () => {
    const p = await withService("REMOVALS");
    const res = await jsonOf(await postForm(app, `/policy/versions/${p.versionId}/complete`, { ignoreMandatory: "true" }, as(ADMIN)));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(false);
    expect(res.body.errors.length).toBeGreaterThan(0);
    expect((await t.db.selectFrom("policy_versions").select("status").where("id", "=", p.versionId).executeTakeFirstOrThrow()).status).toBe("DRAFT");
  });

  test("clone link", async () => {
    const p = await createTestPolicy(t.db);
    const res = await jsonOf(await postForm(app, `${B}/${p.policyId}/clone`, { customerName: "globex", name: "Cloned over HTTP" }, as(ADMIN)));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, id: expect.any(Number) });
    expect(await jsonOf(await postForm(app, `${B}/${p.policyId}/clone`, { customerName: "globex" }, as(ADMIN)))).toEqual({
      status: 400,
      body: { success: false, errorMessage: policyMessages.cloneNameRequired, fields: { name: policyMessages.cloneNameRequired } },
    });
    expect((await jsonOf(await postForm(app, `${B}/${p.policyId}/clone`, { name: "x" }, as(ADMIN)))).body.errorMessage).toBe(policyMessages.cloneGroupRequired);
    await expectRefused("POST", `${B}/${p.policyId}/clone`, { customerName: "acme", name: "x" }, { read: false });
  });

  test("validation and details", async () => {
    const p = await withService("ACCOUNTANTS");
    const v = await jsonOf(await get(app, `${B}/versions/${p.versionId}/validation`, as(HR)));
    expect(v.status).toBe(200);
    expect(v.body.success).toBe(true);
    expect(v.body.errors.map((e: { field: string }) => e.field)).toContain("currency");
    const d = await jsonOf(await get(app, `${B}/versions/${p.versionId}/details?moveStageId=1`, as(HR)));
    expect(d.status).toBe(200);
    expect(d.body.moveStages.map((s: { id: number }) => s.id)).toEqual([1]);
    expect(d.body.moveStages[0].services[0].name).toBe("ACCOUNTANTS");
    expect((await jsonOf(await get(app, `${B}/versions/${p.versionId}/details?moveStageId=9`, as(ADMIN)))).status).toBe(400);
    expect((await jsonOf(await get(app, `${B}/versions/999999/validation`, as(ADMIN)))).body).toEqual({ success: false, errorMessage: policyMessages.versionNotFound });
    await expectRefused("GET", `${B}/versions/${p.versionId}/validation`, null, { read: true });
    await expectRefused("GET", `${B}/versions/${p.versionId}/details`, null, { read: true });
  });
});

describe("move-stage services", () => {
  test("PUT adds, PATCH changes, DELETE removes", async () => {
    const p = await createTestPolicy(t.db);
    const path = `${B}/${p.policyId}/versions/${p.versionId}/movestages/1/services/REMOVALS`;
    await expectRefused("PUT", path, null, { read: false });
    const added = await jsonOf(await send(app, "PUT", path, null, as(ADMIN)));
    expect(added.body).toMatchObject({ success: true, service: { name: "REMOVALS", budgetType: "CCY", budgetGroup: 99, servicePolicyType: 2 } });
    expect(await jsonOf(await send(app, "PUT", path, null, as(ADMIN)))).toEqual({ status: 409, body: { success: false, errorMessage: policyMessages.serviceAlreadyOnStage } });

    await expectRefused("PATCH", path, { note: "x" }, { read: false });
    const patched = await jsonOf(await json("PATCH", path, { note: "Door to door", currency: "EUR", amount: "7,500.25", propertiesToDelete: [], benefitGroups: [] }, ADMIN));
    expect(patched.body.service).toMatchObject({ note: "Door to door", amount: 750025, amountText: "7500.25" });
    const form = await jsonOf(await send(app, "PATCH", path, new URLSearchParams({ addable: "true", propertiesToDelete: "shipmentMode" }).toString(), as(ADMIN), "application/x-www-form-urlencoded"));
    expect(form.body.service.addable).toBe(true);
    const bad = await jsonOf(await json("PATCH", path, { amount: "ten" }, ADMIN));
    expect(bad).toEqual({ status: 400, body: { success: false, errorMessage: policyMessages.notANumber, fields: { amount: policyMessages.notANumber } } });

    await expectRefused("DELETE", path, null, { read: false });
    expect(await jsonOf(await send(app, "DELETE", `${path}?budgetGroupId=99`, null, as(ADMIN)))).toEqual({ status: 200, body: { success: true } });
    expect((await jsonOf(await send(app, "DELETE", path, null, as(ADMIN)))).status).toBe(404);
  });

  test("the version must be the path's policy's; stage and service are checked", async () => {
    const p = await withService("STORAGE");
    const other = await createTestPolicy(t.db);
    expect((await send(app, "PUT", `${B}/${other.policyId}/versions/${p.versionId}/movestages/1/services/COLA`, null, as(ADMIN))).status).toBe(404);
    expect((await jsonOf(await send(app, "PUT", `${B}/${p.policyId}/versions/${p.versionId}/movestages/4/services/COLA`, null, as(ADMIN)))).body.errorMessage).toBe(policyMessages.moveStageOutOfRange);
    expect((await jsonOf(await send(app, "PUT", `${B}/${p.policyId}/versions/${p.versionId}/movestages/1/services/NOTHING`, null, as(ADMIN)))).body.errorMessage).toBe(policyMessages.unknownService);
  });

  test("Cash Flex removal is refused while employees use the policy", async () => {
    const p = await withService("CASHFLEX");
    await insertTestMove(t.db, p.policyId, p.versionId);
    expect(await jsonOf(await send(app, "DELETE", p.path, null, as(ADMIN)))).toEqual({ status: 409, body: { success: false, errorMessage: policyMessages.cashFlexInUse(1) } });
  });

  test("PUT …/budget-groups/{id}", async () => {
    const p = await withService("STORAGE");
    await expectRefused("PUT", `${p.path}/budget-groups/3`, null, { read: false });
    const res = await jsonOf(await send(app, "PUT", `${p.path}/budget-groups/3`, null, as(ADMIN)));
    expect(res.body).toMatchObject({ success: true, budgetGroup: 3, shared: [] });
    expect((await jsonOf(await send(app, "PUT", `${p.path}/budget-groups/42`, null, as(ADMIN)))).body.errorMessage).toBe(policyMessages.budgetGroupOutOfRange);
  });

  test("POST movestages/copy", async () => {
    const p = await withService("STORAGE");
    const path = `${B}/${p.policyId}/versions/${p.versionId}/movestages/copy?moveStageIdFrom=1&moveStageIdTo=2`;
    await expectRefused("POST", path, {}, { read: false });
    expect(await jsonOf(await postJson(app, path, {}, as(ADMIN)))).toEqual({ status: 200, body: { success: true, services: 1, budgetGroups: 0 } });
    expect((await postJson(app, `${B}/${p.policyId}/versions/${p.versionId}/movestages/copy?moveStageIdFrom=1`, {}, as(ADMIN))).status).toBe(400);
  });
});

describe("budgets and budget groups", () => {
  test("POST, PATCH, DELETE budgets and PATCH the budget group", async () => {
    const p = await createTestPolicy(t.db);
    const groupPath = `${B}/${p.policyId}/movestages/1/budget-groups/2`;
    await expectRefused("POST", `${groupPath}/budgets`, { currency: "EUR", amount: "10" }, { read: false });
    const added = await jsonOf(await postForm(app, `${groupPath}/budgets`, { currency: "EUR", amount: "1,000", minAmount: "", maxAmount: "1500" }, as(ADMIN)));
    expect(added.body).toMatchObject({ success: true, budget: { currency: "EUR", amount: 100000, minAmount: null, maxAmount: 150000 } });
    const id = added.body.budget.id;
    const bad = await jsonOf(await postForm(app, `${groupPath}/budgets`, { currency: "EUR", amount: "100", minAmount: "200" }, as(ADMIN)));
    expect(bad).toEqual({ status: 400, body: { success: false, errorMessage: policyMessages.minAboveAmount, fields: { minAmount: policyMessages.minAboveAmount } } });

    await expectRefused("PATCH", `${groupPath}/budgets/${id}`, { amount: "5" }, { read: false });
    expect((await jsonOf(await json("PATCH", `${groupPath}/budgets/${id}`, { amount: "1200" }, ADMIN))).body.budget.amount).toBe(120000);
    expect((await jsonOf(await json("PATCH", `${groupPath}/budgets/${id}`, { maxAmount: "1" }, ADMIN))).body.errorMessage).toBe(policyMessages.maxBelowAmount);

    await expectRefused("PATCH", groupPath, { authType: "HR_APPROVAL" }, { read: false });
    expect((await jsonOf(await json("PATCH", groupPath, { authType: "HR_APPROVAL", complexity: "complex" }, ADMIN))).body.budgetGroup).toMatchObject({ authType: "HR_APPROVAL", complexity: "complex" });
    expect((await json("PATCH", groupPath, { complexity: "hard" }, ADMIN)).status).toBe(400);

    await expectRefused("DELETE", `${groupPath}/budgets/${id}`, null, { read: false });
    expect(await jsonOf(await send(app, "DELETE", `${groupPath}/budgets/${id}`, null, as(ADMIN)))).toEqual({ status: 200, body: { success: true } });
    expect(await jsonOf(await send(app, "DELETE", `${groupPath}/budgets/${id}`, null, as(ADMIN)))).toEqual({ status: 404, body: { success: false, errorMessage: policyMessages.budgetNotFound } });
  });
});

describe("rates", () => {
  async function group() {
    const p = await withService("HOUSINGALLOWANCE");
    await (await callerFor(t.db, ADMIN)).policy.services.setBudgetGroup({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "HOUSINGALLOWANCE", budgetGroup: 1 });
    const g = await t.db.selectFrom("budget_groups").select("id").where("policy_version_id", "=", p.versionId).executeTakeFirstOrThrow();
    return { ...p, budgetGroupId: g.id };
  }

  function upload(budgetGroupId: number, policyId: number, name: string, content: BlobPart, email = ADMIN) {
    const form = new FormData();
    form.set("policyId", String(policyId));
    form.set("file", new File([content], name));
    return app.request(`${B}/rates/budget-groups/${budgetGroupId}`, { method: "POST", body: form, headers: { Cookie: cookies[email]! } });
  }

  test("download a template, upload a file, read the popup rows", async () => {
    const g = await group();
    const template = await get(app, `${B}/rates/budget-groups/${g.budgetGroupId}`, as(HR));
    expect(template.status).toBe(200);
    expect(template.headers.get("content-type")).toContain("spreadsheetml");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await template.arrayBuffer());
    const header = workbook.worksheets[0]!.getRow(1).values as unknown[];
    expect(header.slice(1)).toEqual(["Country code", "City", "Description", "Currency", "Amount", "Frequency"]);
    workbook.worksheets[0]!.addRow(["GB", "London", "Zone 1", "GBP", "2500", "MONTHLY"]);
    const filled = await workbook.xlsx.writeBuffer();

    const res = await jsonOf(await upload(g.budgetGroupId, g.policyId, "rates.xlsx", filled as ArrayBuffer));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, rows: [expect.objectContaining({ countryCode: "GB", amount: 250000 })] });
    expect(res.body.message.startsWith(policyMessages.fileUploadSuccess)).toBe(true);

    const popup = await jsonOf(await get(app, `${B}/rates/budget-groups/popup/${g.budgetGroupId}`, as(HR)));
    expect(popup.body).toMatchObject({ success: true, rows: [expect.objectContaining({ city: "London" })] });
    const download = await get(app, `${B}/rates/budget-groups/${g.budgetGroupId}`, as(ADMIN));
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(await download.arrayBuffer());
    expect((back.worksheets[0]!.getRow(2).values as unknown[]).slice(1)).toEqual(["GB", "London", "Zone 1", "GBP", "2500.00", "MONTHLY"]);
  });

  test("bad files report failure; nothing written", async () => {
    const g = await group();
    const bad = await jsonOf(await upload(g.budgetGroupId, g.policyId, "rates.csv", "Country code,City,Description,Currency,Amount,Frequency\nGB,London,,GBP,lots,MONTHLY\n"));
    expect(bad.status).toBe(400);
    expect(bad.body.success).toBe(false);
    expect(bad.body.message.startsWith(policyMessages.fileUploadFailure)).toBe(true);
    const wrongType = await jsonOf(await upload(g.budgetGroupId, g.policyId, "rates.pdf", "%PDF"));
    expect(wrongType.body.message).toBe(`${policyMessages.fileUploadFailure} ${policyMessages.rateFileInvalid}`);
    const noFile = await jsonOf(await app.request(`${B}/rates/budget-groups/${g.budgetGroupId}`, { method: "POST", body: new FormData(), headers: { Cookie: cookies[ADMIN]! } }));
    expect(noFile.status).toBe(400);
    expect(await t.db.selectFrom("budget_group_rates").select("id").where("budget_group_id", "=", g.budgetGroupId).execute()).toEqual([]);
  });

  test("rates: roles and groups", async () => {
    const g = await group();
    for (const email of [HR, EMPLOYEE, GLOBEX]) {
      expect((await upload(g.budgetGroupId, g.policyId, "r.csv", "Country code,City,Description,Currency,Amount,Frequency\n", email)).status).toBe(403);
    }
    await expectRefused("GET", `${B}/rates/budget-groups/${g.budgetGroupId}`, null, { read: true });
    await expectRefused("GET", `${B}/rates/budget-groups/popup/${g.budgetGroupId}`, null, { read: true });
    expect((await jsonOf(await get(app, `${B}/rates/budget-groups/popup/999999`, as(ADMIN)))).body.errorMessage).toBe(policyMessages.cannotLoadBudgetData);
  });
});

test("unauthenticated legacy calls are refused with the sign-in text", async () => {
  const res = await jsonOf(await get(app, `${B}/policies?groupId=acme`));
  expect(res).toEqual({ status: 401, body: { success: false, errorMessage: messages.signInRequired } });
});

test("an admin who has not accepted the terms is refused like on tRPC", async () => {
  const id = await insertTestUser(t.db, { email: "new.admin@meridian.test", role: "ADMIN", group: null });
  await t.db.updateTable("users").set({ terms_accepted_at: null, terms_version: null }).where("id", "=", id).execute();
  const res = await jsonOf(await get(app, `${B}/policies?groupId=acme`, { cookie: await cookieFor(t.db, "new.admin@meridian.test") }));
  expect(res).toEqual({ status: 403, body: { success: false, errorMessage: activationMessages.termsNotAccepted } });
});

test("the openapi document lists the policy paths", async () => {
  const doc = await jsonOf(await get(app, "/api/openapi.json"));
  expect(Object.keys(doc.body.paths)).toContain(`${B}/{policyId}/versions/{v}/movestages/{stage}/services/{serviceName}`);
  expect(Object.keys(doc.body.paths)).toContain("/policy/versions/{versionId}/complete");
});

describe("role first on the paths that name a policy or version", () => {
  // A path whose ids do not parse still asks for sign-in first, then the role, before its ids are read.
  const paths = [
    ["PUT", `${B}/0/versions/x/movestages/1/services/COLA`],
    ["DELETE", `${B}/0/versions/x/movestages/1/services/COLA`],
    ["PATCH", `${B}/0/versions/x/movestages/1/services/COLA`],
    ["POST", `${B}/0/versions/x/movestages/copy`],
    ["PATCH", `${B}/0/movestages/1/budget-groups/1`],
    ["PUT", `${B}/0/versions/x/movestages/1/services/COLA/budget-groups/1`],
  ] as const;

  test("signed out: 401; HR or an employee (not ADMIN): 403, whatever the ids", async () => {
    for (const [method, path] of paths) {
      const out = await send(app, method, path, null, {});
      expect({ method, path, status: out.status }).toEqual({ method, path, status: 401 });
      for (const who of [HR, EMPLOYEE]) {
        const res = await send(app, method, path, null, as(who));
        expect({ method, path, who, status: res.status }).toEqual({ method, path, who, status: 403 });
      }
    }
  });
});
