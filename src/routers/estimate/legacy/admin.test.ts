import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { findCityIndex } from "../../../db/queries/estimate/city-indices.ts";
import { CITY_INDEX_COLUMNS } from "../../../domain/estimate/schemas.ts";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { messages } from "../../../domain/messages.ts";
import { CITY_INDEX_IMPORT_JOB, cityIndexImportState, indexImportMessages } from "../../../services/estimate/indices.ts";
import { runPendingJobs, settleJobs } from "../../../services/jobs/queue.ts";
import { get, jsonOf, send, type RequestOptions } from "../../../test/app.ts";
import { testConfig } from "../../../test/db.ts";
import { expectLegacyFailure, expectNoStackTrace } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";
import { mailerFor } from "../../../trpc.ts";

const t = useTestApp();
const { ADMIN, HR, GLOBEX, EMPLOYEE, FINANCE } = DEMO;
const { as } = t;
const config = testConfig();

const groupId = async (name: string) => (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const putJson = (path: string, body: unknown, o: RequestOptions = {}) => send(t.app, "PUT", path, JSON.stringify(body), o, "application/json");
const putForm = (path: string, fields: Record<string, string>, o: RequestOptions = {}) =>
  send(t.app, "PUT", path, new URLSearchParams(fields).toString(), o, "application/x-www-form-urlencoded");
const authorisation = (group: string, o: RequestOptions) => get(t.app, `/policy/setup/getCostEstimateAuthorisation?groupName=${group}`, o);
const upload = (fileName: string, content: string | Uint8Array, o: RequestOptions) => {
  const body = new FormData();
  body.set("file", new File([content as BlobPart], fileName));
  return send(t.app, "POST", "/admin/mercer/import", body, o);
};

async function drainImports() {
  await runPendingJobs({ db: t.db, config, mailer: mailerFor(config) }, [CITY_INDEX_IMPORT_JOB]);
  await settleJobs();
  const state = await cityIndexImportState(t.db);
  if (state.importState === "RUNNING") throw new Error("the import did not finish");
  return state;
}

describe("PUT /admin/costEstimates and /admin/costEstimates/billing", () => {
  test("JSON and form bodies switch the flag and set the billing status; the authorisation follows", async () => {
    const id = await groupId("initech");
    const off = await jsonOf(await putJson("/admin/costEstimates", { groupId: id, costEstimateFlag: false }, as(ADMIN)));
    expect(off).toEqual({ status: 200, body: { success: true, errorMessage: null } });
    expect((await jsonOf(await authorisation("initech", as(ADMIN)))).body).toEqual({ success: true, authorised: false, billingStatus: "NOT_BILLABLE" });
    const on = await jsonOf(await putForm("/admin/costEstimates/", { groupId: String(id), costEstimateFlag: "true" }, as(ADMIN)));
    expect(on.body).toEqual({ success: true, errorMessage: null });
    const billing = await jsonOf(await putForm("/admin/costEstimates/billing", { groupId: String(id), billingStatus: "SUSPENDED" }, as(ADMIN)));
    expect(billing.body).toEqual({ success: true, errorMessage: null });
    expect((await jsonOf(await authorisation("initech", as(ADMIN)))).body).toEqual({ success: true, authorised: false, billingStatus: "SUSPENDED" });
    await putJson("/admin/costEstimates/billing", { groupId: id, billingStatus: "BILLABLE" }, as(ADMIN));
    expect((await jsonOf(await authorisation("initech", as(ADMIN)))).body).toEqual({ success: true, authorised: true, billingStatus: "BILLABLE" });
  });

  test("bad input answers 400 with the message; an unknown group 404", async () => {
    const id = await groupId("acme");
    expect((await expectLegacyFailure(await putJson("/admin/costEstimates/billing", { groupId: id, billingStatus: "FROZEN" }, as(ADMIN)), 400)).errorMessage).toBe(estimateMessages.billingStatusUnknown);
    await expectLegacyFailure(await putJson("/admin/costEstimates", { groupId: 0, costEstimateFlag: true }, as(ADMIN)), 400);
    await expectLegacyFailure(await putForm("/admin/costEstimates", { groupId: "abc", costEstimateFlag: "true" }, as(ADMIN)), 400);
    await expectLegacyFailure(await putJson("/admin/costEstimates", { groupId: id, costEstimateFlag: "maybe" }, as(ADMIN)), 400);
    await expectLegacyFailure(await send(t.app, "PUT", "/admin/costEstimates", "{not json", as(ADMIN), "application/json"), 400);
    expect((await expectLegacyFailure(await putJson("/admin/costEstimates", { groupId: 999_999, costEstimateFlag: true }, as(ADMIN)), 404)).errorMessage).toBe(messages.notFound);
  });

  test("HR, FINANCE and EMPLOYEE get 403, signed out 401; nothing changes", async () => {
    const id = await groupId("acme");
    for (const who of [HR, FINANCE, EMPLOYEE]) {
      expect((await expectLegacyFailure(await putJson("/admin/costEstimates", { groupId: id, costEstimateFlag: false }, as(who)), 403)).errorMessage).toBe(messages.forbidden);
      await expectLegacyFailure(await putJson("/admin/costEstimates/billing", { groupId: id, billingStatus: "SUSPENDED" }, as(who)), 403);
    }
    await expectLegacyFailure(await putJson("/admin/costEstimates", { groupId: id, costEstimateFlag: false }), 401);
    expect((await jsonOf(await authorisation("acme", as(HR)))).body).toEqual({ success: true, authorised: true, billingStatus: "NOT_BILLABLE" });
  });
});

describe("GET /policy/setup/getCostEstimateAuthorisation", () => {
  test("HR of the group answers; another group's HR, other roles and bad input are refused with the spec's text", async () => {
    expect((await jsonOf(await authorisation("acme", as(HR)))).status).toBe(200);
    const other = await expectLegacyFailure(await authorisation("acme", as(GLOBEX)), 403);
    expect(other).toEqual({ success: false, authorised: false, billingStatus: "", errorMessage: estimateMessages.authorisationFailure });
    await expectLegacyFailure(await authorisation("acme", as(EMPLOYEE)), 403, { message: estimateMessages.authorisationFailure });
    await expectLegacyFailure(await authorisation("acme", as(FINANCE)), 403);
    await expectLegacyFailure(await authorisation("nowhere", as(ADMIN)), 404);
    await expectLegacyFailure(await get(t.app, "/policy/setup/getCostEstimateAuthorisation", as(ADMIN)), 400);
    await expectLegacyFailure(await authorisation("acme", {}), 401);
  });
});

describe("/admin/mercer/state, /admin/mercer/import, /admin/mercer/template", () => {
  test("an upload with a bad row: the job id, then COMPLETED_WITH_ERRORS and the message", async () => {
    const before = await jsonOf(await get(t.app, "/admin/mercer/state", as(ADMIN)));
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ importState: "IDLE", importResultMessage: null, rows: 0 });
    expect(before.body.demoRows).toBeGreaterThan(10);

    const csv = [CITY_INDEX_COLUMNS.join(","), "PT,Porto,EUR,55,25,1500,2026-04-01", "PT,Lisbon,EUR,60,30,-5,2026-04-01"].join("\n");
    const started = await jsonOf(await upload("indices.csv", csv, as(ADMIN)));
    expect(started.status).toBe(200);
    expect(started.body.success).toBe(true);
    expect(typeof started.body.uuid).toBe("string");
    await drainImports();
    const after = (await jsonOf(await get(t.app, "/admin/mercer/state/", as(ADMIN)))).body;
    expect(after).toMatchObject({ importState: "COMPLETED_WITH_ERRORS", rows: 1, demoRows: before.body.demoRows });
    expect(after.importResultMessage).toBe('1 city indices imported. Row 3: the monthly rent "-5" must be a positive amount in EUR: it must be more than zero.');
    expect(await findCityIndex(t.db, "PT", "Porto")).toMatchObject({ source: "IMPORT", monthly_rent: 150_000 });
  });

  test("uploads without a file, of another type or as a form post are refused; HR gets 403", async () => {
    const noFile = new FormData();
    noFile.set("other", "x");
    expect((await expectLegacyFailure(await send(t.app, "POST", "/admin/mercer/import", noFile, as(ADMIN)), 400)).errorMessage).toBe(indexImportMessages.fileType);
    await expectLegacyFailure(await upload("indices.txt", "x", as(ADMIN)), 400, { message: indexImportMessages.fileType });
    await expectLegacyFailure(await upload("empty.csv", "", as(ADMIN)), 400, { message: estimateMessages.importEmpty });
    await expectLegacyFailure(await send(t.app, "POST", "/admin/mercer/import", "file=x", as(ADMIN), "application/x-www-form-urlencoded"), 400);
    await expectLegacyFailure(await upload("indices.csv", "x", as(HR)), 403);
    await expectLegacyFailure(await get(t.app, "/admin/mercer/state", as(HR)), 403);
    await expectLegacyFailure(await get(t.app, "/admin/mercer/state"), 401);
  });

  test("the template downloads as .xlsx and imports as it is", async () => {
    const res = await get(t.app, "/admin/mercer/template", as(ADMIN));
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="city-indices-template.xlsx"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, ...CITY_INDEX_COLUMNS]);
    expect(sheet.getRow(2).values).toEqual([undefined, "GB", "London", "GBP", "86", "78", "4600.00", "2026-01-01"]);

    expect((await jsonOf(await upload("city-indices-template.xlsx", bytes, as(ADMIN)))).body.success).toBe(true);
    await drainImports();
    expect((await jsonOf(await get(t.app, "/admin/mercer/state", as(ADMIN)))).body).toMatchObject({ importState: "COMPLETED", importResultMessage: "2 city indices imported." });

    const refused = await get(t.app, "/admin/mercer/template", as(HR));
    expect(refused.status).toBe(403);
    expectNoStackTrace(await refused.text());
  });

  test("the pages answer for admins only", async () => {
    expect((await get(t.app, "/admin/mercer", as(ADMIN))).status).toBe(200);
    expect((await get(t.app, "/admin/cost-estimates", as(ADMIN))).status).toBe(200);
    expect((await get(t.app, "/admin/mercer", as(HR))).status).toBe(403);
    expect((await get(t.app, "/admin/cost-estimates/", as(GLOBEX))).status).toBe(403);
    expect((await get(t.app, "/admin/cost-estimates")).status).toBe(302);
  });
});

test("every path is described in /api/openapi.json", async () => {
  const doc = (await jsonOf(await get(t.app, "/api/openapi.json"))).body;
  expect(Object.keys(doc.paths["/admin/costEstimates"])).toEqual(["put"]);
  expect(Object.keys(doc.paths["/admin/costEstimates/billing"])).toEqual(["put"]);
  for (const path of ["/policy/setup/getCostEstimateAuthorisation", "/admin/mercer/state", "/admin/mercer/template"]) expect(Object.keys(doc.paths[path])).toEqual(["get"]);
  expect(Object.keys(doc.paths["/admin/mercer/import"])).toEqual(["post"]);
});
