/**
 * The builder's documented paths (issue 26; part 2 §7): /reporting/save-report, reporting-clone, delete-report,
 * /{group}/report/delete-report, getChartPermissionData, savePermissions, getStandardFields, saveFieldsOverrides,
 * on the database TEST_DB names: answers, the group rule for admins, HR's own deletes, the name race.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { builderMessages } from "../../../domain/reporting/builder-messages.ts";
import { messages } from "../../../domain/messages.ts";
import { cookieFor, get, postForm, postJson } from "../../../test/app.ts";
import { insertTestUser } from "../../../test/db.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";
import { expectOneEffect, race } from "../../../test/race.ts";

const t = useTestApp([DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE, "manager@acme.test"]);
let hr2Cookie = "";
const fields = JSON.stringify([
  { id: "bills.billId", title: "Bill", name: "billId", order: 0 },
  { id: "bills.stage", title: "Stage", name: "stage", order: 1 },
  { id: "bills.grossAmount", title: "Gross", name: "grossAmount", order: 2 },
]);
const save = (name: string, extra: Record<string, string> = {}) => ({ reportName: name, subject: "bills", fields, ...extra });

beforeAll(async () => {
  await insertTestUser(t.db, { email: "rb.legacy.hr2@acme.test", role: "HR", group: "acme" });
  hr2Cookie = await cookieFor(t.db, "rb.legacy.hr2@acme.test");
});

describe("POST /reporting/save-report", () => {
  test("HR saves in their group (form fields, JSON columns); a bad column, no name, no column are refused", async () => {
    const res = await postForm(t.app, "/reporting/save-report", save("Legacy bills"), t.as(DEMO.HR));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, version: 1 });
    const row = await t.db.selectFrom("reports").select(["group_id", "definition"]).where("id", "=", body.reportId).executeTakeFirstOrThrow();
    expect(JSON.parse(row.definition!).fields.map((f: { id: string }) => f.id)).toEqual(["bills.billId", "bills.stage", "bills.grossAmount"]);
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("Bad", { fields: JSON.stringify([{ id: "bills.password", title: "P", order: 0 }]) }), t.as(DEMO.HR)), 400, { message: builderMessages.fieldNotAvailable });
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save(""), t.as(DEMO.HR)), 400, { message: builderMessages.nameRequired });
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("No cols", { fields: "[]" }), t.as(DEMO.HR)), 400, { message: builderMessages.columnRequired });
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("Other", { groupName: "globex" }), t.as(DEMO.HR)), 403, { message: messages.otherGroup });
  });

  test("the group is required for admins", async () => {
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("Admin no group"), t.as(DEMO.ADMIN)), 400, { message: builderMessages.groupRequired });
    const res = await postJson(t.app, "/reporting/save-report", { ...save("Admin in globex"), groupName: "globex", fields: JSON.parse(fields) }, t.as(DEMO.ADMIN));
    expect(res.status).toBe(200);
  });

  test("role first: employees and managers are refused, signed-out 401", async () => {
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("E"), t.as(DEMO.EMPLOYEE)), 403);
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("M"), t.as("manager@acme.test")), 403);
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-report", save("U"), {}), 401);
  });

  test("parallel saves of one name: one report and clear refusals", async () => {
    const results = await race(5, () => postForm(t.app, "/reporting/save-report", save("Legacy race"), t.as(DEMO.HR)));
    await expectOneEffect(results, { refusal: { code: 409, message: builderMessages.nameTaken } });
  });
});

describe("clone and delete", () => {
  test("clone; HR delete their own via /{group}/report/delete-report; admins via /reporting/delete-report", async () => {
    const mine = (await (await postForm(t.app, "/reporting/save-report", save("Legacy mine"), t.as(DEMO.HR))).json()).reportId as number;
    const theirs = (await (await postForm(t.app, "/reporting/save-report", save("Legacy theirs"), { cookie: hr2Cookie })).json()).reportId as number;
    const clone = await postForm(t.app, "/reporting/reporting-clone", { reportId: String(mine), reportName: "Legacy clone" }, t.as(DEMO.HR));
    expect(clone.status).toBe(200);
    await expectLegacyFailure(await postForm(t.app, "/reporting/reporting-clone", { reportId: String(mine), reportName: "Legacy clone" }, t.as(DEMO.HR)), 409, { message: builderMessages.nameTaken });

    await expectLegacyFailure(await postForm(t.app, "/acme/report/delete-report", { reportId: String(theirs) }, t.as(DEMO.HR)), 403, { message: builderMessages.notOwnReport });
    await expectLegacyFailure(await postForm(t.app, "/globex/report/delete-report", { reportId: String(mine) }, t.as(DEMO.HR)), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await postForm(t.app, "/acme/report/delete-report", { reportId: String(mine) }, t.as(DEMO.GLOBEX)), 403);
    await expectLegacyFailure(await postForm(t.app, "/reporting/delete-report", { reportId: String(mine) }, t.as(DEMO.HR)), 403);
    const deleted = await postForm(t.app, "/acme/report/delete-report", { reportId: String(mine) }, t.as(DEMO.HR));
    expect(await deleted.json()).toEqual({ success: true });
    expect((await postForm(t.app, "/reporting/delete-report", { reportId: String(theirs) }, t.as(DEMO.ADMIN))).status).toBe(200);
    await expectLegacyFailure(await postForm(t.app, "/reporting/delete-report", { reportId: String(theirs) }, t.as(DEMO.ADMIN)), 404, { message: builderMessages.unknownReport });
  });
});

describe("permissions and fields", () => {
  test("getChartPermissionData / savePermissions; getStandardFields / saveFieldsOverrides", async () => {
    const id = (await (await postForm(t.app, "/reporting/save-report", save("Legacy perm"), t.as(DEMO.HR))).json()).reportId as number;
    const before = await (await get(t.app, "/reporting/getChartPermissionData", t.as(DEMO.HR))).json();
    expect(before.reports.find((r: { id: number }) => r.id === id)).toMatchObject({ enabled: true, reportType: "CUSTOM", isDimension: false });
    const saved = await postForm(t.app, "/reporting/savePermissions", { permissions: JSON.stringify([{ id, enabled: false, isDimension: false, displayName: "Hidden" }]) }, t.as(DEMO.HR));
    expect(await saved.json()).toEqual({ success: true });
    const after = await (await get(t.app, "/reporting/getChartPermissionData?group=acme", t.as(DEMO.HR))).json();
    expect(after.reports.find((r: { id: number }) => r.id === id)).toMatchObject({ enabled: false, displayName: "Hidden" });
    await expectLegacyFailure(await get(t.app, "/reporting/getChartPermissionData?group=acme", t.as(DEMO.GLOBEX)), 403);
    await expectLegacyFailure(await get(t.app, "/reporting/getChartPermissionData", t.as(DEMO.ADMIN)), 400, { message: builderMessages.groupRequired });

    const std = await (await get(t.app, "/reporting/getStandardFields", t.as(DEMO.HR))).json();
    expect(std.subjects.map((s: { key: string }) => s.key)).toEqual(["moves", "estimates", "expenses", "bills", "payments", "budgets"]);
    expect(std.fields.some((f: { id: string }) => f.id === "bills.grossAmount")).toBe(true);
    await expectLegacyFailure(await postForm(t.app, "/reporting/saveFieldsOverrides", { fields: JSON.stringify([{ id: "bills.vendor", enabled: true, editableName: "" }]) }, t.as(DEMO.HR)), 400, { message: builderMessages.fieldTitleRequired });
    await expectLegacyFailure(await postForm(t.app, "/reporting/saveFieldsOverrides", { fields: JSON.stringify([{ id: "bills.vendor", enabled: false, editableName: "V" }]) }, t.as(DEMO.HR)), 400, { message: builderMessages.oneFieldEnabled });
    const ok = await postForm(t.app, "/reporting/saveFieldsOverrides", { fields: JSON.stringify([{ id: "bills.vendor", enabled: true, editableName: "Supplier" }]) }, t.as(DEMO.HR));
    expect(await ok.json()).toEqual({ success: true });
    const std2 = await (await get(t.app, "/reporting/getStandardFields?group=acme", t.as(DEMO.HR))).json();
    expect(std2.fields.find((f: { id: string }) => f.id === "bills.vendor")).toMatchObject({ enabled: true, editableName: "Supplier" });
  });
});
