import { describe, expect, test } from "bun:test";
import type { ZodError } from "zod";
import { countCityIndicesBySource, findCityIndex } from "../../db/queries/estimate/city-indices.ts";
import { CITY_INDEX_COLUMNS } from "../../domain/estimate/schemas.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { messages } from "../../domain/messages.ts";
import { runPendingJobs, settleJobs } from "../../services/jobs/queue.ts";
import { CITY_INDEX_IMPORT_JOB, cityIndexImportState, cityIndexTemplate } from "../../services/estimate/indices.ts";
import { auditRows, callerFor, testConfig } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit } from "../../test/audit.ts";
import { mailerFor } from "../../trpc.ts";

const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee, finance } = t;
const config = testConfig();

const groupId = async (name: string) => (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const groupRow = async (name: string) => (await (await admin()).estimate.admin.groups()).groups.find((g) => g.name === name)!;
const toBase64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64");

/** Drains the import queue and waits until the latest import is no longer running. */
async function drainImports() {
  await runPendingJobs({ db: t.db, config, mailer: mailerFor(config) }, [CITY_INDEX_IMPORT_JOB]);
  await settleJobs();
  const state = await cityIndexImportState(t.db);
  if (state.importState === "RUNNING") throw new Error("the import did not finish");
  return state;
}

describe("estimate.admin.groups", () => {
  test("ADMIN: every group with its flag, billing status and number of current estimates", async () => {
    // Two versions of one estimate on an acme move: one current estimate.
    const move = await t.db.selectFrom("moves").select(["id", "employee_user_id"]).where("group_id", "=", await groupId("acme")).executeTakeFirstOrThrow();
    const base = {
      group_id: await groupId("acme"),
      move_id: move.id,
      employee_user_id: move.employee_user_id,
      type: "NO_PROVIDER",
      years: 1,
      display_currency: "USD",
      tax_method: "SUPPLEMENTAL",
      tax_category: "MARGINAL",
      result: "{}",
      created_at: new Date().toISOString(),
    };
    await t.db.insertInto("cost_estimates").values([{ ...base, version_number: 1, status: "SUPERSEDED" }, { ...base, version_number: 2, status: "CURRENT" }]).execute();

    const { groups } = await (await admin()).estimate.admin.groups();
    expect(groups.map((g) => g.name)).toEqual(expect.arrayContaining(["acme", "globex", "initech"]));
    expect(groups.find((g) => g.name === "acme")).toEqual({ groupId: await groupId("acme"), name: "acme", displayName: "Acme Corp", costEstimateFlag: true, billingStatus: "NOT_BILLABLE", estimates: 1 });
    expect(groups.find((g) => g.name === "globex")).toMatchObject({ costEstimateFlag: true, billingStatus: "NOT_BILLABLE", estimates: 0 });
  });
});

describe("estimate.admin.setFlag / setBilling", () => {
  test("switching off and on, with an audit row each; an unchanged value writes nothing", async () => {
    const a = await admin();
    const id = await groupId("globex");
    const audits = (await auditRows(t.db, "estimate.setFlag")).length;
    expect(await a.estimate.admin.setFlag({ groupId: id, costEstimateFlag: false })).toEqual({ success: true, errorMessage: null });
    expect((await groupRow("globex")).costEstimateFlag).toBe(false);
    expect(await (await hrGlobex()).estimate.admin.authorisation({ groupName: "globex" })).toEqual({ success: true, authorised: false, billingStatus: "NOT_BILLABLE" });
    const rows = await auditRows(t.db, "estimate.setFlag");
    expect(rows).toHaveLength(audits + 1);
    expect(rows.at(-1)).toMatchObject({ entity: "group", entity_id: String(id), group_id: id });
    expect(JSON.parse(rows.at(-1)!.old_values!)).toEqual({ costEstimateFlag: true });
    expect(JSON.parse(rows.at(-1)!.new_values!)).toEqual({ costEstimateFlag: false });
    await expectAudit(t.db, { action: "estimate.setFlag", actor: DEMO.ADMIN, groupId: id, entity: "group", entityId: id, oldValues: { costEstimateFlag: true }, newValues: { costEstimateFlag: false } });

    await a.estimate.admin.setFlag({ groupId: id, costEstimateFlag: false });
    expect(await auditRows(t.db, "estimate.setFlag")).toHaveLength(audits + 1);
    await a.estimate.admin.setFlag({ groupId: id, costEstimateFlag: true });
    expect((await groupRow("globex")).costEstimateFlag).toBe(true);
    expect((await (await hrGlobex()).estimate.admin.authorisation({ groupName: "globex" })).authorised).toBe(true);
  });

  test("billing status: SUSPENDED withdraws the authorisation, TRIAL keeps it", async () => {
    const a = await admin();
    const id = await groupId("acme");
    expect(await a.estimate.admin.setBilling({ groupId: id, billingStatus: "SUSPENDED" })).toEqual({ success: true, errorMessage: null });
    expect(await (await hrAcme()).estimate.admin.authorisation({ groupName: "acme" })).toEqual({ success: true, authorised: false, billingStatus: "SUSPENDED" });
    await a.estimate.admin.setBilling({ groupId: id, billingStatus: "TRIAL" });
    expect(await (await hrAcme()).estimate.admin.authorisation({ groupName: "acme" })).toEqual({ success: true, authorised: true, billingStatus: "TRIAL" });
    expect((await groupRow("acme")).billingStatus).toBe("TRIAL");
    const audit = (await auditRows(t.db, "estimate.setBilling")).at(-1)!;
    expect(JSON.parse(audit.old_values!)).toEqual({ billingStatus: "SUSPENDED" });
    expect(JSON.parse(audit.new_values!)).toEqual({ billingStatus: "TRIAL" });
    await expectAudit(t.db, { action: "estimate.setBilling", actor: DEMO.ADMIN, groupId: id, entity: "group", entityId: id, oldValues: { billingStatus: "SUSPENDED" }, newValues: { billingStatus: "TRIAL" } });
    await a.estimate.admin.setBilling({ groupId: id, billingStatus: "NOT_BILLABLE" });
  });

  test("bad input: an unknown billing status, group id 0, an unknown group", async () => {
    const a = await admin();
    const id = await groupId("acme");
    const unknown = await expectInputError(a.estimate.admin.setBilling({ groupId: id, billingStatus: "FROZEN" as "TRIAL" }), "billingStatus");
    expect((unknown.cause as ZodError).issues[0]?.message).toBe(estimateMessages.billingStatusUnknown);
    await expectInputError(a.estimate.admin.setFlag({ groupId: 0, costEstimateFlag: true }), "groupId");
    await expectInputError(a.estimate.admin.setBilling({ groupId: 0, billingStatus: "TRIAL" }), "groupId");
    await expectTrpcError(a.estimate.admin.setFlag({ groupId: 999_999, costEstimateFlag: false }), "NOT_FOUND", messages.notFound);
    await expectTrpcError(a.estimate.admin.setBilling({ groupId: 999_999, billingStatus: "TRIAL" }), "NOT_FOUND", messages.notFound);
    expect((await groupRow("acme")).billingStatus).toBe("NOT_BILLABLE");
  });

  test("HR, FINANCE, EMPLOYEE and signed out are refused every admin call", async () => {
    const id = await groupId("acme");
    for (const caller of [await hrAcme(), await finance(), await employee()]) {
      await expectTrpcError(caller.estimate.admin.groups(), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(caller.estimate.admin.setFlag({ groupId: id, costEstimateFlag: false }), "FORBIDDEN");
      await expectTrpcError(caller.estimate.admin.setBilling({ groupId: id, billingStatus: "SUSPENDED" }), "FORBIDDEN");
      await expectTrpcError(caller.estimate.admin.indicesState(), "FORBIDDEN");
      await expectTrpcError(caller.estimate.admin.importIndices({ fileName: "x.csv", base64: "" }), "FORBIDDEN");
    }
    const anonymous = await callerFor(t.db, null);
    await expectTrpcError(anonymous.estimate.admin.groups(), "UNAUTHORIZED");
    await expectTrpcError(anonymous.estimate.admin.authorisation({ groupName: "acme" }), "UNAUTHORIZED");
    expect(await groupRow("acme")).toMatchObject({ costEstimateFlag: true, billingStatus: "NOT_BILLABLE" });
  });
});

describe("estimate.admin.authorisation", () => {
  test("ADMIN for any group, HR for its own; another group, other roles and unknown groups are refused", async () => {
    expect(await (await admin()).estimate.admin.authorisation({ groupName: "globex" })).toEqual({ success: true, authorised: true, billingStatus: "NOT_BILLABLE" });
    expect((await (await hrAcme()).estimate.admin.authorisation({ groupName: "acme" })).success).toBe(true);
    await expectTrpcError((await hrGlobex()).estimate.admin.authorisation({ groupName: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await employee()).estimate.admin.authorisation({ groupName: "acme" }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await finance()).estimate.admin.authorisation({ groupName: "acme" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).estimate.admin.authorisation({ groupName: "acme" }), "FORBIDDEN");
    await expectTrpcError((await admin()).estimate.admin.authorisation({ groupName: "nowhere" }), "NOT_FOUND");
    await expectInputError((await admin()).estimate.admin.authorisation({ groupName: "" }), "groupName");
  });
});

describe("estimate.admin.importIndices / indicesState", () => {
  test("a CSV with good and bad rows: COMPLETED_WITH_ERRORS, the good rows written", async () => {
    const a = await admin();
    const demo = (await countCityIndicesBySource(t.db)).DEMO;
    const file = [CITY_INDEX_COLUMNS.join(","), "GB,London,GBP,90,81,5000,2026-04-01", "GB,Bristol,GBP,60,30,2100.50,2026-04-01", "GB,Leeds,GBP,abc,30,1800,2026-04-01"].join("\n");
    const started = await a.estimate.admin.importIndices({ fileName: "indices.csv", base64: toBase64(new TextEncoder().encode(file)) });
    expect(started.success).toBe(true);
    expect(started.uuid).toMatch(/^[0-9a-f-]{36}$/);
    await drainImports();
    const state = await a.estimate.admin.indicesState();
    expect(state).toMatchObject({ importState: "COMPLETED_WITH_ERRORS", rows: 2, demoRows: demo - 1 });
    expect(state.importResultMessage).toBe('2 city indices imported. Row 4: the cost of living index "abc" must be a positive decimal number.');
    expect(await findCityIndex(t.db, "GB", "Bristol")).toMatchObject({ source: "IMPORT", monthly_rent: 210_050 });
    expect(await findCityIndex(t.db, "GB", "Leeds")).toBeUndefined();
  });

  test("the template round trip through the procedure", async () => {
    const a = await admin();
    await a.estimate.admin.importIndices({ fileName: "city-indices-template.xlsx", base64: toBase64(await cityIndexTemplate()) });
    await drainImports();
    expect(await a.estimate.admin.indicesState()).toMatchObject({ importState: "COMPLETED", importResultMessage: "2 city indices imported." });
  });

  test("not base64, another file type, an oversized name", async () => {
    const a = await admin();
    await expectTrpcError(a.estimate.admin.importIndices({ fileName: "x.csv", base64: "!!!not base64" }), "BAD_REQUEST");
    await expectTrpcError(a.estimate.admin.importIndices({ fileName: "x.pdf", base64: toBase64(new TextEncoder().encode("a")) }), "BAD_REQUEST", "Please choose an .xlsx or .csv file.");
    await expectInputError(a.estimate.admin.importIndices({ fileName: `${"x".repeat(256)}.csv`, base64: "" }), "fileName");
    // No job was started by the refusals.
    expect((await a.estimate.admin.indicesState()).importState).toBe("COMPLETED");
  });
});
