/**
 * Charts (issue 26; part 2 §2, §3, §4, §5, §7, §9) through charts.* on the test database (SQLite, or PostgreSQL
 * with TEST_DB=postgres): every content and type gives the §3 data shape with exact counts over a fresh group;
 * a manager's chart never counts a move outside their restrictions; another group's HR and other roles are
 * refused (role first, then group); bad dates are refused with the §5 messages; a chart disabled for the group
 * is not listed nor readable; the saved-charts dashboard (save, parallel saves keep one, order, remove).
 */
import { describe, expect, test } from "bun:test";
import type { ZodError } from "zod";
import { chartMessages, ZChartData, type TChartData } from "../../domain/reporting/charts.ts";
import { messages } from "../../domain/messages.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, race } from "../../test/race.ts";
import { PERIOD, seedChartGroup } from "./charts-fixture.ts";

const t = useTestDatabase({ poolSize: 8 });

const total = (c: TChartData) => c.data.reduce((s, d) => s + d.value, 0);
const byLabel = (c: TChartData) => Object.fromEntries(c.data.map((d) => [d.currency ? `${d.label} ${d.currency}` : d.label, d.value]));

describe("charts (tRPC)", () => {
  test("reportDetails lists the seven types over the six contents; every chart answers the data shape with exact counts", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const { charts } = await hr.charts.list({ group: s.group.name });
    expect(new Set(charts.map((c) => c.reportType))).toEqual(new Set(["Stacked", "Pie", "Table", "Line", "MarkerGeoChart", "RegionGeoChart", "StackedLine"]));
    expect(new Set(charts.map((c) => c.chartContent))).toEqual(new Set(["Moves", "Escalation", "Exception", "Spend", "Booking", "Enquiries"]));
    expect(charts.map((c) => c.order)).toEqual([...charts.map((c) => c.order)].sort((a, b) => a - b));
    const expected: Record<string, number> = { Moves: 2, Escalation: 2, Exception: 1, Booking: 1, Enquiries: 2 };
    for (const chart of charts) {
      for (const dimension of chart.dimensions) {
        const data = await hr.charts.data({ group: s.group.name, chartId: chart.id, ...PERIOD, dimension });
        expect(ZChartData.parse(data)).toEqual(data);
        expect(data).toMatchObject({ id: chart.id, reportType: chart.reportType, chartContent: chart.chartContent, dimension, start: PERIOD.start, end: PERIOD.end });
        if (chart.chartContent === "Spend") {
          // Approved (EUR 123.45) and paid (USD 50.00); rejected and submitted do not count.
          expect(data.currencySet).toEqual(["EUR", "USD"]);
          expect(data.currencySymbols).toEqual({ EUR: "€", USD: "$" });
          expect(data.data.filter((d) => d.currency === "EUR").reduce((a, d) => a + d.value, 0)).toBe(12345);
          expect(data.data.filter((d) => d.currency === "USD").reduce((a, d) => a + d.value, 0)).toBe(5000);
        } else {
          expect(total(data)).toBe(expected[chart.chartContent]!);
          expect(data.currencySet).toEqual([]);
        }
      }
    }
    const byMonth = await hr.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" });
    expect(byLabel(byMonth)).toEqual({ "2026-01": 1, "2026-02": 1, "2026-03": 0 });
    expect(byMonth.stackData.sort()).toEqual(["completed", "open"]);
    const geo = await hr.charts.data({ group: s.group.name, chartId: 2, ...PERIOD, dimension: "destinationCountry" });
    expect(geo.data.map((d) => d.key).sort()).toEqual(["DE", "FR"]);
    expect(geo.data.find((d) => d.key === "DE")).toMatchObject({ label: "Germany", value: 1 });
    expect(typeof geo.data[0]!.latitude).toBe("number");
    const policy = await hr.charts.data({ group: s.group.name, chartId: 4, ...PERIOD, dimension: "policy" });
    expect(policy.data).toEqual([expect.objectContaining({ key: String(s.policy.id), label: expect.stringContaining("Charts policy"), value: 2 })]);
    const spendByService = await hr.charts.data({ group: s.group.name, chartId: 7, ...PERIOD, dimension: "service" });
    expect(spendByService.data.map((d) => d.label)).toEqual([s.service.name, s.service.name]);
  });

  test("the period's edges: a wider range counts the earlier move; no rows gives no data", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const wide = await hr.charts.data({ group: s.group.name, chartId: 1, start: "2012-01-01", end: "2026-12-31", dimension: "destinationCountry" });
    expect(byLabel(wide)).toEqual({ Germany: 2, France: 1 });
    const empty = await hr.charts.data({ group: s.group.name, chartId: 1, start: "2013-01-01", end: "2013-12-31", dimension: "month" });
    expect(empty.data).toEqual([]);
    // A start after the end: the end is aligned to it (part 2 §5).
    const aligned = await hr.charts.data({ group: s.group.name, chartId: 1, start: "2026-02-05", end: "2026-01-01", dimension: "month" });
    expect([aligned.start, aligned.end]).toEqual(["2026-02-05", "2026-02-05"]);
    expect(total(aligned)).toBe(1);
  });

  test("spend counts what the expense lifecycle places as approved or paid: an approved expense whose every bill is void does not count", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const sumOf = async (currency: string) => (await hr.charts.data({ group: s.group.name, chartId: 8, ...PERIOD, dimension: "policy" })).data.filter((d) => d.currency === currency).reduce((a, d) => a + d.value, 0);
    expect(await sumOf("EUR")).toBe(12345);
    const expense = await t.db.selectFrom("expenses").select(["id", "move_id", "employee_user_id"]).where("group_id", "=", s.group.id).where("currency", "=", "EUR").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db.insertInto("bills").values({
      group_id: s.group.id, move_id: expense.move_id, employee_user_id: expense.employee_user_id, bill_type: "Expense", status: "Void", source_kind: "expense", source_id: expense.id,
      currency: "EUR", gross_amount: 12345, net_amount: 12345, tax_amount: 0, bill_date: "2026-01-12", created_at: now, updated_at: now,
    } as never).execute();
    expect(await sumOf("EUR")).toBe(0);
    expect(await sumOf("USD")).toBe(5000);
  });

  test("a manager's chart counts only the moves their restrictions let them see, for every content", async () => {
    const s = await seedChartGroup(t.db);
    const manager = await callerFor(t.db, s.managerEmail);
    const hr = await callerFor(t.db, s.hrEmail);
    const { charts } = await manager.charts.list({ group: s.group.name });
    const expected: Record<string, number> = { Moves: 1, Escalation: 1, Exception: 0, Booking: 1, Enquiries: 1 };
    for (const chart of charts) {
      const data = await manager.charts.data({ group: s.group.name, chartId: chart.id, ...PERIOD, dimension: chart.dimensionId });
      if (chart.chartContent === "Spend") expect(data.data.map((d) => [d.currency, d.value]).filter(([, v]) => v !== 0)).toEqual([["EUR", 12345]]);
      else expect(total(data)).toBe(expected[chart.chartContent]!);
    }
    expect(byLabel(await manager.charts.data({ group: s.group.name, chartId: 2, ...PERIOD, dimension: "destinationCountry" }))).toEqual({ Germany: 1 });
    // Restricted to nothing: nothing counts; HR still sees both.
    await t.db.updateTable("manager_restrictions").set({ view_restriction: "NONE" }).where("user_id", "=", s.managerId).execute();
    for (const chart of charts) expect(total(await manager.charts.data({ group: s.group.name, chartId: chart.id, ...PERIOD, dimension: chart.dimensionId }))).toBe(0);
    expect(total(await hr.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" }))).toBe(2);
  });

  test("bad dates and dimensions are refused with their messages", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const call = (over: Record<string, unknown>) => hr.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month", ...over } as never);
    const refused = async (over: Record<string, unknown>, path: string, message: string) => {
      const error = await expectInputError(call(over), path);
      expect((error.cause as ZodError).issues[0]!.message).toBe(message);
    };
    await refused({ start: "" }, "start", chartMessages.startRequired);
    await refused({ start: "2026-02-30" }, "start", chartMessages.startRequired);
    await refused({ end: "31/03/2026" }, "end", chartMessages.endRequired);
    await refused({ end: undefined }, "end", chartMessages.endRequired);
    await refused({ dimension: "week" }, "dimension", chartMessages.dimensionNotOffered);
    await expectTrpcError(call({ chartId: 2, dimension: "month" }), "BAD_REQUEST", chartMessages.dimensionNotOffered);
    await expectTrpcError(call({ dimension: "service" }), "BAD_REQUEST", chartMessages.dimensionNotOffered);
    await expectTrpcError(call({ chartId: 999 }), "NOT_FOUND", chartMessages.notFound);
  });

  test("a chart disabled for the group is neither listed nor read; its group name is used", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const now = new Date().toISOString();
    await t.db.insertInto("report_permissions").values([
      { group_id: s.group.id, kind: "CHART", item_id: 5, enabled: 0, display_name: null, updated_by: null, updated_at: now },
      { group_id: s.group.id, kind: "CHART", item_id: 4, enabled: 1, display_name: "Moves per policy", updated_by: null, updated_at: now },
      { group_id: s.group.id, kind: "REPORT", item_id: 1, enabled: 0, display_name: null, updated_by: null, updated_at: now },
    ]).execute();
    const { charts } = await hr.charts.list({ group: s.group.name });
    expect(charts.map((c) => c.id)).not.toContain(5);
    expect(charts.map((c) => c.id)).toContain(1);
    expect(charts.find((c) => c.id === 4)?.title).toBe("Moves per policy");
    await expectTrpcError(hr.charts.data({ group: s.group.name, chartId: 5, ...PERIOD, dimension: "month" }), "NOT_FOUND", chartMessages.notFound);
    await expectTrpcError(hr.charts.save({ group: s.group.name, chartId: 5, dimension: "month" }), "NOT_FOUND", chartMessages.notFound);
    // Another group keeps it.
    expect((await (await t.hrAcme()).charts.list({ group: "acme" })).charts.map((c) => c.id)).toContain(5);
  });

  test("access: wrong roles refused, another group's HR refused, an admin reads any group", async () => {
    const s = await seedChartGroup(t.db);
    for (const who of [await t.employee(), await t.finance()]) {
      await expectTrpcError(who.charts.list({ group: s.group.name }), "FORBIDDEN");
      await expectTrpcError(who.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" }), "FORBIDDEN");
      await expectTrpcError(who.charts.save({ group: s.group.name, chartId: 1, dimension: "month" }), "FORBIDDEN");
    }
    const globex = await t.hrGlobex();
    await expectTrpcError(globex.charts.list({ group: s.group.name }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(globex.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(globex.charts.saved({ group: s.group.name }), "FORBIDDEN", messages.otherGroup);
    const admin = await t.admin();
    expect(total(await admin.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" }))).toBe(2);
    await expectTrpcError(admin.charts.list({ group: "no-such-group" }), "NOT_FOUND");
  });

  test("the own dashboard: save, parallel saves keep one, order, remove; each user their own", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const group = s.group.name;
    expect((await hr.charts.saved({ group })).charts).toEqual([]);
    // Parallel identical saves: all answer the dashboard, one row (the primary key, on conflict do nothing).
    await expectAllSucceed(await race(20, () => hr.charts.save({ group, chartId: 1, dimension: "month" })));
    expect(await t.db.selectFrom("user_saved_charts").select("chart_id").where("user_id", "=", s.hrId).execute()).toEqual([{ chart_id: 1 }]);
    await hr.charts.save({ group, chartId: 3, dimension: "destinationCountry" });
    const saved = await hr.charts.save({ group, chartId: 5, dimension: "month" });
    expect(saved.charts.map((c) => [c.chartId, c.dimension])).toEqual([[1, "month"], [3, "destinationCountry"], [5, "month"]]);
    expect((await hr.charts.reorder({ group, chartIds: [5, 1] })).charts.map((c) => c.chartId)).toEqual([5, 1, 3]);
    expect((await hr.charts.remove({ group, chartId: 1 })).charts.map((c) => c.chartId)).toEqual([5, 3]);
    expect((await (await callerFor(t.db, s.managerEmail)).charts.saved({ group })).charts).toEqual([]);
    await expectTrpcError(hr.charts.save({ group, chartId: 2, dimension: "month" }), "BAD_REQUEST", chartMessages.dimensionNotOffered);
    // Disabling a saved chart hides it from the dashboard.
    await t.db.insertInto("report_permissions").values({ group_id: s.group.id, kind: "CHART", item_id: 3, enabled: 0, display_name: null, updated_by: null, updated_at: new Date().toISOString() }).execute();
    expect((await hr.charts.saved({ group })).charts.map((c) => c.chartId)).toEqual([5]);
  });

  test("reads write nothing", async () => {
    const s = await seedChartGroup(t.db);
    const hr = await callerFor(t.db, s.hrEmail);
    const before = await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    await hr.charts.list({ group: s.group.name });
    await hr.charts.data({ group: s.group.name, chartId: 7, ...PERIOD, dimension: "month" });
    const after = await t.db.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect(DEMO.HR).toBe("hr@acme.test");
  });
});
