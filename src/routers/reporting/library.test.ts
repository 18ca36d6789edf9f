/**
 * The report library (issue 26): `reports.*` procedures and the documented /reporting/… paths, on the database
 * TEST_DB names: every call's happy, error and access cases (wrong role, another group's HR refused), a
 * MANAGER's preview and download never include a move outside their restrictions, favourites and filter
 * defaults races, and the CSV and XLSX downloads' content (the XLSX read back with exceljs).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import ExcelJS from "exceljs";
import { seedManagersDemo } from "../../db/seed-managers.ts";
import { BASE_REPORTS } from "../../domain/reporting/catalog.ts";
import { libraryMessages } from "../../domain/reporting/library-messages.ts";
import { messages } from "../../domain/messages.ts";
import { cookieFor, get, postForm } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestApp } from "../../test/fixtures.ts";
import { expectAllSucceed, race } from "../../test/race.ts";
import { insertRouteMove } from "../../test/route-moves.ts";

const GEO = "manager-geo@acme.test";
const OFF = "manager@acme.test";
const t = useTestApp([DEMO.ADMIN, DEMO.HR, DEMO.GLOBEX, DEMO.EMPLOYEE, DEMO.FINANCE]);
let acmeId = 0;
let geoCookie = "";
const ids: Record<string, number> = {};
let hidden = { moveId: 0, employeeId: 0 }; // FR → DE: outside manager-geo's routes
let visible = { moveId: 0, employeeId: 0 }; // GB → US: inside them
const INJECTION = "=HYPERLINK(\"http://x\")";

const hr = () => callerFor(t.db, DEMO.HR);
const admin = () => callerFor(t.db, DEMO.ADMIN);
const globex = () => callerFor(t.db, DEMO.GLOBEX);
const geo = () => callerFor(t.db, GEO);

async function insertExpense(moveId: number, employeeId: number, category: string, gross: number, currency = "USD") {
  const at = new Date().toISOString();
  return (
    await t.db
      .insertInto("expenses")
      .values({ group_id: acmeId, move_id: moveId, employee_user_id: employeeId, service_key: "HOME_FINDING", move_stage: 1, budget_group: 1, category, expense_date: "2026-11-02", currency, net_amount: gross, tax_amount: 0, gross_amount: gross, status: "SUBMITTED", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  await seedManagersDemo(t.db);
  const geoId = (await t.db.selectFrom("users").select("id").where("email", "=", GEO).executeTakeFirstOrThrow()).id;
  await t.db.updateTable("manager_restrictions").set({ reporting_restriction: "ON" }).where("user_id", "=", geoId).execute();
  geoCookie = await cookieFor(t.db, GEO);
  hidden = await insertRouteMove(t.db, { groupId: acmeId, email: "lib.hidden@acme.test", firstName: "Lib", lastName: "Hidden", from: "FR", to: "DE" });
  visible = await insertRouteMove(t.db, { groupId: acmeId, email: "lib.visible@acme.test", firstName: "Lib", lastName: "Visible", from: "GB", to: "US" });
  await insertExpense(hidden.moveId, hidden.employeeId, "Hidden category", 12_345);
  await insertExpense(visible.moveId, visible.employeeId, INJECTION, 98_765);
  await insertExpense(visible.moveId, visible.employeeId, "Yen, \"quoted\"", 1500, "JPY");
  for (const r of await t.db.selectFrom("reports").select(["id", "report_key"]).where("type", "=", "BASE").execute()) ids[r.report_key!] = r.id;
});

describe("reports.list", () => {
  test("the catalogue is synced: one BASE row per entry, idempotently", async () => {
    for (const r of BASE_REPORTS) expect(ids[r.key]).toBeGreaterThan(0);
    const { syncReportCatalogue } = await import("../../db/queries/reporting/library.ts");
    await syncReportCatalogue(t.db);
    const count = await t.db.selectFrom("reports").select((eb) => eb.fn.countAll<number>().as("n")).where("type", "=", "BASE").executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(BASE_REPORTS.length);
  });

  test("HR lists the recommended tab, searches and filters by category; drawdown only for drawdown groups", async () => {
    const hasDrawdown = await t.db.selectFrom("finance_accounts").select("id").where("group_id", "=", acmeId).where("type", "=", "Client").where("billing_type", "=", "Drawdown").executeTakeFirst();
    const all = await (await hr()).reports.list({ group: "acme", tab: "BASE" });
    expect(all.reports.some((r) => r.category === "drawdown")).toBe(hasDrawdown !== undefined);
    expect(all.categories.some((c) => c.key === "drawdown")).toBe(hasDrawdown !== undefined);
    expect(all.reports.find((r) => r.key === "moves-by-status-stage")).toMatchObject({ type: "BASE", favourite: false, canDelete: false, canFavourite: true });
    const found = await (await hr()).reports.list({ group: "acme", tab: "BASE", search: "welcome" });
    expect(found.reports.map((r) => r.key)).toEqual(["welcome-calls"]);
    const costs = await (await hr()).reports.list({ group: "acme", tab: "BASE", category: "costs" });
    expect(costs.reports.length).toBeGreaterThan(0);
    expect(costs.reports.every((r) => r.category === "costs")).toBe(true);
    // globex has no drawdown account until one is added.
    const before = await (await globex()).reports.list({ group: "globex", tab: "BASE" });
    const globexId = (await t.db.selectFrom("groups").select("id").where("name", "=", "globex").executeTakeFirstOrThrow()).id;
    const hadOne = before.reports.some((r) => r.category === "drawdown");
    if (!hadOne) {
      const at = new Date().toISOString();
      await t.db.insertInto("finance_accounts").values({ name: "Globex drawdown", type: "Client", group_id: globexId, currency: "USD", billing_type: "Drawdown", created_at: at, updated_at: at }).execute();
      const after = await (await globex()).reports.list({ group: "globex", tab: "BASE" });
      expect(after.reports.some((r) => r.key === "drawdown-balances")).toBe(true);
      expect(after.categories.some((c) => c.key === "drawdown")).toBe(true);
    }
  });

  test("a report disabled for the group is not listed for HR (admins still see it) and cannot be run", async () => {
    const at = new Date().toISOString();
    await t.db.insertInto("report_permissions").values({ group_id: acmeId, kind: "REPORT", item_id: ids["welcome-calls"]!, enabled: 0, display_name: null, updated_by: null, updated_at: at }).execute();
    try {
      expect((await (await hr()).reports.list({ group: "acme", tab: "BASE" })).reports.some((r) => r.key === "welcome-calls")).toBe(false);
      expect((await (await admin()).reports.list({ group: "acme", tab: "BASE" })).reports.some((r) => r.key === "welcome-calls")).toBe(true);
      await expectTrpcError((await hr()).reports.preview({ group: "acme", reportId: ids["welcome-calls"]!, filters: {} }), "NOT_FOUND", libraryMessages.reportNotFound);
    } finally {
      await t.db.deleteFrom("report_permissions").where("group_id", "=", acmeId).where("item_id", "=", ids["welcome-calls"]!).execute();
    }
  });

  test("access: admins pick any group; another group's HR, employees and finance are refused", async () => {
    expect((await (await admin()).reports.list({ group: "globex", tab: "BASE" })).reports.length).toBeGreaterThan(0);
    expect((await (await admin()).reports.list({ group: "acme", tab: "BASE" })).reports[0]!.canFavourite).toBe(false);
    await expectTrpcError((await globex()).reports.list({ group: "acme", tab: "BASE" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).reports.list({ group: "acme", tab: "BASE" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, DEMO.FINANCE)).reports.list({ group: "acme", tab: "BASE" }), "FORBIDDEN");
    await expectTrpcError((await admin()).reports.list({ group: "nosuchgroup", tab: "BASE" }), "NOT_FOUND");
  });

  test("a manager needs reporting ON", async () => {
    await expectTrpcError((await callerFor(t.db, OFF)).reports.list({ group: "acme", tab: "BASE" }), "FORBIDDEN", libraryMessages.reportingOff);
    expect((await (await geo()).reports.list({ group: "acme", tab: "BASE" })).reports.length).toBeGreaterThan(0);
  });
});

describe("reports.filters and filter defaults", () => {
  test("filters with dynamic lists filled, and the spec's defaults (USD, 45)", async () => {
    const res = await (await hr()).reports.filters({ group: "acme", reportId: ids["bills-by-status"]! });
    expect(res.defaults).toEqual({ currency: "USD", dueDays: "45" });
    expect(res.filters.find((f) => f.name === "customCurrency")!.options.some((o) => o.value === "EUR")).toBe(true);
    const year = new Date().getUTCFullYear();
    expect(res.datepicker).toEqual({ minYear: year - 20, maxYear: year + 1 });
    const cost = await (await hr()).reports.filters({ group: "acme", reportId: ids["cost-per-move"]! });
    expect(cost.filters.find((f) => f.name === "policy")!.options.length).toBeGreaterThan(0);
  });

  test("save, read back; invalid values refused with the §5 rule; unknown report 404", async () => {
    const reportId = ids["payments-by-period-currency"]!;
    const caller = await hr();
    expect((await caller.reports.filterDefaults({ group: "acme", reportId })).saved).toBe(false);
    const saved = await caller.reports.saveFilterDefaults({ group: "acme", reportId, filters: { currency: "EUR", paid: "2026-03-01||2026-01-01" } });
    expect(saved).toEqual({ success: true, resultMessage: libraryMessages.filterDefaultsSaved });
    const back = await caller.reports.filterDefaults({ group: "acme", reportId });
    expect(back.saved).toBe(true);
    expect(back.filters).toEqual({ currency: "EUR", paid: "2026-03-01||2026-03-01" });
    expect((await caller.reports.filters({ group: "acme", reportId })).defaults).toEqual(back.filters);
    const err = await expectTrpcError(caller.reports.saveFilterDefaults({ group: "acme", reportId, filters: { currency: "USD", fromMonth: "2026-01" } }), "BAD_REQUEST", libraryMessages.errorApplyingFilters);
    expect((err.cause as { fields?: Record<string, string> }).fields?.toMonth).toBe(libraryMessages.allOrNone(["From month", "To month"]));
    await expectTrpcError(caller.reports.filters({ group: "acme", reportId: 999_999 }), "NOT_FOUND", libraryMessages.reportNotFound);
    await expectInputError(caller.reports.filters({ group: "acme", reportId: -1 }), "reportId");
    await expectTrpcError((await globex()).reports.filterDefaults({ group: "acme", reportId }), "FORBIDDEN", messages.otherGroup);
  });

  test("race: parallel saves of defaults leave one row, none fails", async () => {
    const reportId = ids["welcome-calls"]!;
    const caller = await hr();
    const results = await race(12, (i) => caller.reports.saveFilterDefaults({ group: "acme", reportId, filters: { status: i % 2 ? "BOOKED" : "REQUESTED" } }));
    await expectAllSucceed(results);
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    const rows = await t.db.selectFrom("report_filter_defaults").selectAll().where("user_id", "=", hrId).where("report_id", "=", reportId).execute();
    expect(rows.length).toBe(1);
  });
});

describe("reports.preview and results", () => {
  test("every BASE report runs for HR with its defaults", async () => {
    const caller = await hr();
    for (const r of BASE_REPORTS) {
      if (r.key === "drawdown-balances" && !(await caller.reports.list({ group: "acme", tab: "BASE" })).reports.some((x) => x.key === r.key)) continue;
      const { defaults } = await caller.reports.filters({ group: "acme", reportId: ids[r.key]! });
      const res = await caller.reports.preview({ group: "acme", reportId: ids[r.key]!, filters: { ...defaults, currency: "ALL" } });
      if (r.columns.length > 0) expect(res.columns.map((c) => c.key)).toEqual(r.columns.map((c) => c.key));
      expect(res.rows.length).toBeLessThanOrEqual(100);
    }
  });

  test("expenses by status: the lifecycle's label; money in minor units; the currency filter", async () => {
    const caller = await hr();
    const res = await caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` } });
    expect(res.rows.length).toBe(3);
    const row = res.rows.find((r) => r.category === INJECTION)!;
    expect(row).toMatchObject({ moveId: visible.moveId, gross: 98_765, currency: "USD", status: "Submitted" });
    const yen = await caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "JPY", moveIds: `${visible.moveId},${hidden.moveId}` } });
    expect(yen.rows.map((r) => r.gross)).toEqual([1500]);
    await expectTrpcError(caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "ALL", moveIds: "1;2" } }), "BAD_REQUEST", libraryMessages.errorApplyingFilters);
    await expectTrpcError(caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "CUSTOM" } }), "BAD_REQUEST", libraryMessages.errorApplyingFilters);
    // A dynamic list's value must be one the server offers (another group's policy is not).
    await expectTrpcError(caller.reports.preview({ group: "acme", reportId: ids["cost-per-move"]!, filters: { policy: "abc" } }), "BAD_REQUEST", libraryMessages.errorApplyingFilters);
    const globexPolicy = await t.db.selectFrom("policies as p").innerJoin("groups as g", "g.id", "p.group_id").select("p.id").where("g.name", "=", "globex").executeTakeFirst();
    if (globexPolicy) await expectTrpcError(caller.reports.preview({ group: "acme", reportId: ids["cost-per-move"]!, filters: { policy: String(globexPolicy.id) } }), "BAD_REQUEST", libraryMessages.errorApplyingFilters);
  });

  test("results pages through the rows", async () => {
    const caller = await hr();
    const filters = { currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` };
    const p0 = await caller.reports.results({ group: "acme", reportId: ids["expenses-by-status"]!, filters, page: 0, pageSize: 2 });
    const p1 = await caller.reports.results({ group: "acme", reportId: ids["expenses-by-status"]!, filters, page: 1, pageSize: 2 });
    expect(p0.rows.length).toBe(2);
    expect(p0.hasMore).toBe(true);
    expect(p1.rows.length).toBe(1);
    expect(p1.hasMore).toBe(false);
  });

  test("a MANAGER's preview never includes a move outside their restrictions", async () => {
    const caller = await geo();
    const res = await caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` } });
    expect(res.rows.map((r) => r.moveId)).toEqual([visible.moveId, visible.moveId]);
    const all = await caller.reports.preview({ group: "acme", reportId: ids["expenses-by-status"]!, filters: { currency: "ALL" } });
    expect(all.rows.some((r) => r.moveId === hidden.moveId)).toBe(false);
    const moves = await caller.reports.preview({ group: "acme", reportId: ids["cost-per-move"]!, filters: {} });
    expect(moves.rows.some((r) => r.moveId === hidden.moveId)).toBe(false);
    const hrMoves = await (await hr()).reports.preview({ group: "acme", reportId: ids["cost-per-move"]!, filters: { moveIds: String(hidden.moveId) } });
    expect(hrMoves.rows.map((r) => r.moveId)).toEqual([hidden.moveId]);
  });
});

describe("favourites", () => {
  test("HR adds and removes; admins cannot; another group refused", async () => {
    const reportId = ids["moves-by-status-stage"]!;
    const caller = await hr();
    expect(await caller.reports.addFavourite({ group: "acme", reportId })).toEqual({ success: true, favourite: true });
    expect((await caller.reports.list({ group: "acme", tab: "BASE" })).reports.find((r) => r.id === reportId)!.favourite).toBe(true);
    expect(await caller.reports.removeFavourite({ group: "acme", reportId })).toEqual({ success: true, favourite: false });
    expect((await caller.reports.list({ group: "acme", tab: "BASE" })).reports.find((r) => r.id === reportId)!.favourite).toBe(false);
    await expectTrpcError((await admin()).reports.addFavourite({ group: "acme", reportId }), "FORBIDDEN");
    await expectTrpcError((await globex()).reports.addFavourite({ group: "acme", reportId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(caller.reports.addFavourite({ group: "acme", reportId: 999_999 }), "NOT_FOUND");
  });

  test("race: N parallel adds leave one row and every request succeeds", async () => {
    const reportId = ids["activation-funnel"]!;
    const caller = await geo();
    await expectAllSucceed(await race(15, () => caller.reports.addFavourite({ group: "acme", reportId })));
    const geoId = (await t.db.selectFrom("users").select("id").where("email", "=", GEO).executeTakeFirstOrThrow()).id;
    expect((await t.db.selectFrom("report_favourites").selectAll().where("user_id", "=", geoId).where("report_id", "=", reportId).execute()).length).toBe(1);
  });
});

describe("filterLabel", () => {
  test("a translation, else the default, else success false", async () => {
    const caller = await hr();
    const key = (await t.db.selectFrom("translations").select(["msg_key", "msg_value"]).where("msg_lang", "=", "en").where("group_id", "is", null).limit(1).executeTakeFirstOrThrow());
    expect(await caller.reports.filterLabel({ xlateKey: key.msg_key, lang: "en", defaultValue: "x" })).toEqual({ success: true, message: key.msg_value });
    expect(await caller.reports.filterLabel({ xlateKey: "no.such.key.h1", lang: "en", defaultValue: "Fallback" })).toEqual({ success: true, message: "Fallback" });
    expect(await caller.reports.filterLabel({ xlateKey: "no.such.key.h1", lang: "en", defaultValue: "" })).toEqual({ success: false, message: "" });
    await expectTrpcError((await callerFor(t.db, DEMO.EMPLOYEE)).reports.filterLabel({ xlateKey: "a", lang: "en", defaultValue: "" }), "FORBIDDEN");
  });
});

describe("documented paths", () => {
  const q = (o: Record<string, string>) => new URLSearchParams(o).toString();

  test("GET /reporting/getReports, POST getReportFilters, GET get-filter-defaults, POST save-filter-defaults", async () => {
    const list = await (await get(t.app, `/reporting/getReports?${q({ tab: "BASE" })}`, t.as(DEMO.HR))).json();
    expect(list.reports.length).toBeGreaterThan(0);
    const filters = await (await postForm(t.app, "/reporting/getReportFilters", { reportId: String(ids["bills-by-status"]), group: "acme" }, t.as(DEMO.HR))).json();
    expect(filters.defaults).toEqual({ currency: "USD", dueDays: "45" });
    const save = await postForm(t.app, "/reporting/save-filter-defaults", { reportId: String(ids["bills-by-status"]), filters: JSON.stringify({ currency: "GBP", dueDays: "90" }) }, t.as(DEMO.HR));
    expect(await save.json()).toEqual({ success: true, resultMessage: libraryMessages.filterDefaultsSaved });
    const back = await (await get(t.app, `/reporting/get-filter-defaults?${q({ reportId: String(ids["bills-by-status"]), group: "acme" })}`, t.as(DEMO.HR))).json();
    expect(back).toEqual({ filters: { currency: "GBP", dueDays: "90" }, saved: true });
    await expectLegacyFailure(await postForm(t.app, "/reporting/save-filter-defaults", { reportId: String(ids["bills-by-status"]), filters: JSON.stringify({ currency: "XXX" }) }, t.as(DEMO.HR)), 400, { message: libraryMessages.errorApplyingFilters });
    await expectLegacyFailure(await get(t.app, `/reporting/getReports?${q({ group: "acme" })}`, t.as(DEMO.GLOBEX)), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await get(t.app, "/reporting/getReports", t.as(DEMO.EMPLOYEE)), 403);
    await expectLegacyFailure(await get(t.app, "/reporting/getReports", t.as(DEMO.ADMIN)), 400, { message: libraryMessages.selectGroupFirst });
    await expectLegacyFailure(await get(t.app, "/reporting/getReports", {}), 401);
  });

  test("GET preview-data and finance/getReportResults; a manager's never include hidden moves", async () => {
    const filters = JSON.stringify({ currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` });
    const hrPreview = await (await get(t.app, `/reporting/preview-data?${q({ reportId: String(ids["expenses-by-status"]), filters })}`, t.as(DEMO.HR))).json();
    expect(hrPreview.rows.length).toBe(3);
    const mgr = await (await get(t.app, `/reporting/preview-data?${q({ reportId: String(ids["expenses-by-status"]), filters })}`, { cookie: geoCookie })).json();
    expect(mgr.rows.map((r: { moveId: number }) => r.moveId)).toEqual([visible.moveId, visible.moveId]);
    const results = await (await get(t.app, `/reporting/finance/getReportResults?${q({ reportId: String(ids["expenses-by-status"]), group: "acme", filters, pageSize: "1" })}`, t.as(DEMO.ADMIN))).json();
    expect(results.rows.length).toBe(1);
    expect(results.hasMore).toBe(true);
    await expectLegacyFailure(await get(t.app, `/reporting/preview-data?${q({ reportId: String(ids["expenses-by-status"]), filters: JSON.stringify({ currency: "ALL", moveIds: "x" }) })}`, t.as(DEMO.HR)), 400, { message: libraryMessages.errorApplyingFilters });
  });

  test("favourite paths: group in the path; admins refused; another group refused", async () => {
    const reportId = String(ids["assignments-ending"]);
    expect(await (await postForm(t.app, "/acme/report/add-user-favourite-report", { reportId }, t.as(DEMO.HR))).json()).toEqual({ success: true, favourite: true });
    expect(await (await postForm(t.app, "/acme/report/remove-user-favourite-report", { reportId }, t.as(DEMO.HR))).json()).toEqual({ success: true, favourite: false });
    await expectLegacyFailure(await postForm(t.app, "/acme/report/add-user-favourite-report", { reportId }, t.as(DEMO.ADMIN)), 403);
    await expectLegacyFailure(await postForm(t.app, "/acme/report/add-user-favourite-report", { reportId }, t.as(DEMO.GLOBEX)), 403, { message: messages.otherGroup });
  });

  test("POST loadReportFilterLabel", async () => {
    const res = await postForm(t.app, "/reporting/loadReportFilterLabel", { xlateKey: "no.such.key.h1", lang: "en", defaultValue: "Due date" }, t.as(DEMO.HR));
    expect(await res.json()).toEqual({ success: true, message: "Due date" });
  });

  test("download CSV: RFC 4180, formula-safe, money in major units by the currency's digits; a manager's without hidden moves", async () => {
    const fields = { reportId: String(ids["expenses-by-status"]), filters: JSON.stringify({ currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` }), format: "csv" };
    const res = await postForm(t.app, "/reporting/download", fields, t.as(DEMO.HR));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("text/csv");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="Expenses-by-status-\d{4}-\d{2}-\d{2}\.csv"$/);
    const text = await res.text();
    const lines = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(lines[0]).toBe("Expense,Move,Employee,Service,Category,Expense date,Currency,Gross,Status,On hold");
    expect(text).toContain(`"'=HYPERLINK(""http://x"")"`);
    expect(text).toContain(",987.65,");
    expect(text).toContain(`"Yen, ""quoted""",2026-11-02,JPY,1500,`);
    expect(text).toContain("123.45");
    const mgr = await (await postForm(t.app, "/reporting/generate", fields, { cookie: geoCookie })).text();
    expect(mgr).not.toContain("Hidden category");
    expect(mgr).toContain("987.65");
    await expectLegacyFailure(await postForm(t.app, "/reporting/download", { ...fields, group: "acme" }, t.as(DEMO.GLOBEX)), 403);
    await expectLegacyFailure(await postForm(t.app, "/reporting/download", { ...fields, format: "pdf" }, t.as(DEMO.HR)), 400);
  });

  test("download XLSX (streamed WorkbookWriter), read back with exceljs", async () => {
    const fields = { reportId: String(ids["expenses-by-status"]), group: "acme", filters: JSON.stringify({ currency: "ALL", moveIds: `${visible.moveId},${hidden.moveId}` }), format: "xlsx" };
    const res = await postForm(t.app, "/reporting/download", fields, t.as(DEMO.ADMIN));
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toContain("spreadsheetml");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await res.arrayBuffer());
    const sheet = wb.worksheets[0]!;
    expect(sheet.getRow(1).getCell(5).value).toBe("Category");
    const rows: unknown[][] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) rows.push((row.values as unknown[]).slice(1));
    });
    expect(rows.length).toBe(3);
    const injected = rows.find((r) => r[4] === `'${INJECTION}`)!;
    expect(injected[7]).toBe(987.65);
    expect(rows.find((r) => r[6] === "JPY")![7]).toBe(1500);
  });
});
