import { describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { messages } from "../../../domain/messages.ts";
import { buildOpenApi } from "../../../server/openapi.ts";
import { countTable, createTestMove } from "../../../services/moves/wizard/initiation-testing.ts";
import { get, jsonOf, postJson } from "../../../test/app.ts";
import { expectLegacyFailure, expectNoStackTrace } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";

const t = useTestApp([...Object.values(DEMO), "crm@meridian.test"]);
const { as } = t;
const { ADMIN, EMPLOYEE, FINANCE, GLOBEX, HR } = DEMO;
const CRM = "crm@meridian.test";

const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const failure = (res: Response, status: number, errorMessage?: string) => expectLegacyFailure(res, status, { message: errorMessage });

async function loaded(policy?: string) {
  const move = await createTestMove(t.db, policy ? { policy } : {});
  const ids = { employeeId: move.employeeId, moveId: move.moveId };
  const { status, body } = await jsonOf(await get(t.app, `/hr/json/getEstimationView?${q({ ...ids, estimationView: "CostEstimate", createIfNecessary: true })}`, as(HR)));
  expect(status).toBe(200);
  return { ids, view: body.costEstimate };
}

describe("GET /hr/json/getEstimationView", () => {
  test("creates and answers the estimate; the balance sheet view; refusals with their texts", async () => {
    const { ids, view } = await loaded();
    expect(view.type).toBe("ADVANCED");
    expect(view.versionNumber).toBe(1);
    const sheet = await jsonOf(await get(t.app, `/hr/json/getEstimationView?${q({ ...ids, estimationView: "BalanceSheet" })}`, as(HR)));
    expect(sheet.body.balanceSheet.costEstimateId).toBe(view.costEstimateId);
    await failure(await get(t.app, `/hr/json/getEstimationView?${q(ids)}`, as(EMPLOYEE)), 403, messages.forbidden);
    await failure(await get(t.app, `/hr/json/getEstimationView?${q(ids)}`, as(FINANCE)), 403, messages.forbidden);
    await failure(await get(t.app, `/hr/json/getEstimationView?${q(ids)}`, as(GLOBEX)), 403, messages.otherGroup);
    await failure(await get(t.app, `/hr/json/getEstimationView?${q(ids)}`), 401, messages.signInRequired);
    await failure(await get(t.app, `/hr/json/getEstimationView?${q({ employeeId: "x", moveId: ids.moveId })}`, as(HR)), 400);
  });
});

describe("POST /hr/json/saveEstimate and calculate-tax", () => {
  test("saves a new version; §5 messages per field with nothing written; calculate-tax answers per identifier", async () => {
    const { ids, view } = await loaded("Short-Term Assignment");
    const svc = view.servicesEstimation.servicesEstimations[0];
    const body = {
      ...ids,
      costEstimateID: view.costEstimateId,
      type: "STA",
      displayCurrency: view.displayCurrency,
      overrideServices: [{ serviceCode: svc.serviceCode, stageId: svc.stageId, currency: svc.currency, amount: "2,000", taxability: "TAXABLE" }],
      customServices: [{ serviceName: "Visa photos", amount: "40", currency: view.displayCurrency, taxability: "NON_TAXABLE" }],
    };
    const saved = await jsonOf(await postJson(t.app, "/hr/json/saveEstimate", body, as(HR)));
    expect(saved.status).toBe(200);
    expect(saved.body.success).toBe(true);
    expect(saved.body.costEstimate.versionNumber).toBe(2);

    const before = await countTable(t.db, "cost_estimates");
    const bad = await failure(
      await postJson(t.app, "/hr/json/saveEstimate", { ...body, costEstimateID: saved.body.costEstimateId, customServices: [{ serviceName: "", amount: "1.5", currency: "USD" }] }, as(HR)),
      400,
      estimateMessages.fillRequired,
    );
    expect(bad.fields).toMatchObject({
      "customServices.0.serviceName": estimateMessages.customNameRequired,
      "customServices.0.amount": estimateMessages.wholeNumber,
      "customServices.0.taxability": estimateMessages.customTaxabilityRequired,
    });
    expect(await countTable(t.db, "cost_estimates")).toBe(before);
    await failure(await postJson(t.app, "/hr/json/saveEstimate", { ...body, costEstimateID: saved.body.costEstimateId }, as(GLOBEX)), 403, messages.otherGroup);

    const tax = await jsonOf(
      await postJson(t.app, "/hr/json/basic-ce/calculate-tax", { ...ids, costEstimateId: saved.body.costEstimateId, services: body.overrideServices, taxRateOverride: 10 }, as(HR)),
    );
    expect(tax.status).toBe(200);
    expect(tax.body.status).toBe("SUCCESS");
    expect(tax.body.data[0].taxRate).toBe(10);
    expect(tax.body.data[0].servicesEstimations.length).toBeGreaterThan(0);
  });
});

describe("recalculation: post, poll, load", () => {
  test("recalculateEstimationView answers a uuid; the status poll and the result follow; unknown uuid 404", async () => {
    const { ids, view } = await loaded();
    const posted = await jsonOf(
      await postJson(t.app, `/hr/json/recalculateEstimationView?${q({ ...ids, estimationView: "CostEstimate" })}`, { costEstimateId: view.costEstimateId, taxRateOverride: 35 }, as(HR)),
    );
    expect(posted.status).toBe(200);
    const uuid = posted.body.costEstimateUIDTOs[0].uuid;
    let status = "";
    for (let poll = 1; poll <= 60 && !["Done", "Forced"].includes(status); poll++) {
      if (poll > 1) await Bun.sleep(20);
      status = (await jsonOf(await get(t.app, `/hr/json/get-async-cost-estimate-request-status/${uuid}/${poll}`, as(HR)))).body.status;
      expect(["Pending", "Processing", "Done", "Forced"]).toContain(status);
    }
    expect(["Done", "Forced"]).toContain(status);
    const result = await jsonOf(await get(t.app, `/hr/json/get-async-cost-estimate/${uuid}`, as(HR)));
    expect(result.body.costEstimate.taxRate).toBe(35);
    await failure(await get(t.app, `/hr/json/get-async-cost-estimate-request-status/${crypto.randomUUID()}/1`, as(HR)), 404, estimateMessages.requestNotFound);
    await failure(await get(t.app, `/hr/json/get-async-cost-estimate-request-status/${uuid}/61`, as(HR)), 400);
    await failure(await get(t.app, `/hr/json/get-async-cost-estimate/${uuid}`, as(GLOBEX)), 403);
  });
});

describe("stage 6, tax rate, history, approval, export, soft delete", () => {
  test("advance-ce-details GET and POST", async () => {
    const { ids } = await loaded();
    const got = await jsonOf(await get(t.app, `/hr/json/advance-ce-details?${q({ ...ids, group: "acme" })}`, as(HR)));
    expect(got.status).toBe(200);
    // Stage 2's family has no dates of birth yet: stage 6 asks for them.
    const members = got.body.details.familyMembers as { relationship: string; firstName: string; dateOfBirth: string | null }[];
    if (members.some((m) => !m.dateOfBirth)) {
      const refused = await failure(await postJson(t.app, `/hr/json/advance-ce-details?${q({ ...ids, group: "acme" })}`, got.body.details, as(HR)), 400, estimateMessages.fillRequired);
      expect(Object.values(refused.fields)[0]).toStartWith("Please enter the date of birth of ");
    }
    const dated = members.map((m, i) => ({ ...m, dateOfBirth: m.dateOfBirth ?? `201${i}-05-0${i + 1}` }));
    const posted = await jsonOf(await postJson(t.app, `/hr/json/advance-ce-details?${q({ ...ids, group: "acme" })}`, { ...got.body.details, familyMembers: dated, years: 4 }, as(HR)));
    expect(posted.status).toBe(200);
    expect(posted.body.details.years).toBe(4);
    await failure(await get(t.app, `/hr/json/advance-ce-details?${q({ ...ids, group: "acme" })}`, as(GLOBEX)), 403);
  });

  test("get-tax-rate answers the number", async () => {
    const res = await get(t.app, `/acme/get-tax-rate?${q({ countryCode: "GB", taxCategory: "MARGINAL", salaryAmount: "60000", salaryCurrency: "GBP", moveDate: "2026-06-01" })}`, as(HR));
    expect(res.status).toBe(200);
    expect(await res.json()).toBe(42); // 40 % higher rate + 2 % National Insurance above the upper earnings limit
    await failure(await get(t.app, `/acme/get-tax-rate?${q({ countryCode: "GB", salaryAmount: "60000", salaryCurrency: "GBP" })}`, as(GLOBEX)), 403);
    await failure(await get(t.app, `/acme/get-tax-rate?${q({ countryCode: "GBR", salaryAmount: "x", salaryCurrency: "GBP" })}`, as(HR)), 400);
  });

  test("get-tax-rate with the family (issue 13): married, dependants, filingStatus; from the move", async () => {
    const rate = async (params: Record<string, string | number | boolean>) => {
      const res = await get(t.app, `/acme/get-tax-rate?${q({ taxCategory: "MARGINAL", ...params })}`, as(HR));
      expect(res.status).toBe(200);
      return res.json();
    };
    const hk = { countryCode: "HK", salaryAmount: "300000", salaryCurrency: "HKD", moveDate: "2025-09-01" }; // the 2025/26 vectors
    expect(await rate(hk)).toBe(18);
    expect(await rate({ ...hk, married: "true", dependants: 2 })).toBe(5);
    expect(await rate({ ...hk, married: "", dependants: "" })).toBe(18);
    expect(await rate({ countryCode: "US", salaryAmount: "100000", salaryCurrency: "USD", filingStatus: "MARRIED_JOINT" })).toBe(20);
    await failure(await get(t.app, `/acme/get-tax-rate?${q({ ...hk, dependants: 21 })}`, as(HR)), 400);
    await failure(await get(t.app, `/acme/get-tax-rate?${q({ ...hk, married: "false", filingStatus: "MARRIED_JOINT" })}`, as(HR)), 400);
    const move = await createTestMove(t.db);
    await t.db.deleteFrom("move_family_members").where("move_id", "=", move.moveId).execute();
    await t.db
      .insertInto("move_family_members")
      .values(["PARTNER", "CHILD", "CHILD"].map((relationship, i) => ({ move_id: move.moveId, relationship: relationship as "PARTNER" | "CHILD", first_name: "", date_of_birth: "2016-05-01", sort_order: i })))
      .execute();
    expect(await rate({ ...hk, employeeId: move.employeeId, moveId: move.moveId })).toBe(5);
    await failure(await get(t.app, `/acme/get-tax-rate?${q({ ...hk, employeeId: move.employeeId, moveId: move.moveId + 100000 })}`, as(HR)), 404);
  });

  test("history, approval mail, spreadsheet export under the group and crm prefixes, soft delete", async () => {
    const { ids, view } = await loaded("Short-Term Assignment");
    const history = await jsonOf(await get(t.app, `/hr/json/cost-estimate-history/${ids.employeeId}`, as(HR)));
    expect(history.body.history).toHaveLength(1);
    await failure(await get(t.app, `/hr/json/cost-estimate-history/${ids.employeeId}`, as(GLOBEX)), 403, messages.otherGroup);

    const noApprover = await get(t.app, `/hr/json/send-cost-estimate-for-approval?${q({ ...ids, costEstimateId: view.costEstimateId, ccSender: false })}`, as(HR));
    await failure(noApprover, 400, estimateMessages.validEmail);
    const saved = await jsonOf(
      await postJson(t.app, "/hr/json/saveEstimate", { ...ids, costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverEmail: "cfo@acme.test", approverName: "Chief" }, as(HR)),
    );
    const sent = await get(t.app, `/hr/json/send-cost-estimate-for-approval?${q({ ...ids, costEstimateId: saved.body.costEstimateId, ccSender: true })}`, as(HR));
    expect(sent.status).toBe(200);
    expect(await sent.json()).toBe(true);

    const xlsx = await get(t.app, `/acme/generateCostEstimateExport?${q({ userId: ids.employeeId, moveId: ids.moveId, isBalanceSheetView: false })}`, as(HR));
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("content-disposition")).toContain(".xlsx");
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await xlsx.arrayBuffer()) as ArrayBuffer);
    expect(book.worksheets.map((w) => w.name)).toContain("Cost estimate");
    const crm = await get(t.app, `/crm/generateCostEstimateExport?${q({ userId: ids.employeeId, moveId: ids.moveId, format: "pdf" })}`, as(CRM));
    expect(crm.status).toBe(200);
    expect(crm.headers.get("content-type")).toBe("application/pdf");
    await failure(await get(t.app, `/globex/generateCostEstimateExport?${q({ userId: ids.employeeId, moveId: ids.moveId })}`, as(GLOBEX)), 403);
    await failure(await get(t.app, `/crm/generateCostEstimateExport?${q({ userId: ids.employeeId, moveId: ids.moveId })}`, as(HR)), 403);

    const deleted = await jsonOf(await postJson(t.app, `/hr/json/soft-delete-estimates?${q(ids)}`, {}, as(HR)));
    expect(deleted.body).toEqual({ success: true, deleted: 2 });
    expect((await jsonOf(await get(t.app, `/hr/json/cost-estimate-history/${ids.employeeId}`, as(ADMIN)))).body.history).toHaveLength(0);
  });

  test("every estimate path is in the OpenAPI document and no failure leaks a stack trace", async () => {
    const paths = Object.keys(buildOpenApi().paths);
    for (const p of [
      "/hr/json/getEstimationView",
      "/hr/json/saveEstimate",
      "/hr/json/updateAdvancedCostEstimate",
      "/hr/json/advance-ce-details",
      "/hr/json/basic-ce/calculate-tax",
      "/{group}/get-tax-rate",
      "/hr/json/recalculateEstimationView",
      "/hr/json/get-async-cost-estimate-request-status/{uuid}/{pollNumber}",
      "/hr/json/get-async-cost-estimate/{uuid}",
      "/hr/json/send-cost-estimate-for-approval",
      "/hr/json/cost-estimate-history/{employeeId}",
      "/hr/json/soft-delete-estimates",
      "/{group}/generateCostEstimateExport",
    ]) {
      expect(paths).toContain(p);
    }
    const res = await postJson(t.app, "/hr/json/updateAdvancedCostEstimate?employeeId=1&moveId=1", "not an object", as(HR));
    expectNoStackTrace(await res.text());
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
  });
});
