/**
 * The documented chart paths (issue 26; part 2 §7): GET /{company}/summary/chart/reportDetails and
 * /{company}/summary/chart/{id}/{start}/{end}/{dimension} on the test database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the same answers as charts.*, a manager's rows restricted, the §5 date messages, a
 * disabled chart left out, wrong roles and another group's HR refused (role first, then group), signed out 401.
 */
import { describe, expect, test } from "bun:test";
import { chartMessages, ZChartData, ZChartReport } from "../../../domain/reporting/charts.ts";
import { messages } from "../../../domain/messages.ts";
import { cookieFor, get } from "../../../test/app.ts";
import { callerFor } from "../../../test/db.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";
import { PERIOD, seedChartGroup } from "../charts-fixture.ts";

const t = useTestApp();

const chartPath = (group: string, id: number | string, start: string, end: string, dimension: string) => `/${group}/summary/chart/${id}/${start}/${end}/${dimension}`;

describe("GET /{company}/summary/chart/…", () => {
  test("reportDetails and a chart answer what charts.* answers", async () => {
    const s = await seedChartGroup(t.db);
    const cookie = await cookieFor(t.db, s.hrEmail);
    const res = await get(t.app, `/${s.group.name}/summary/chart/reportDetails`, { cookie });
    expect(res.status).toBe(200);
    const list = (await res.json()) as unknown[];
    const hr = await callerFor(t.db, s.hrEmail);
    expect(list).toEqual((await hr.charts.list({ group: s.group.name })).charts);
    expect(list.map((c) => ZChartReport.parse(c).id)).toContain(7);
    const one = await get(t.app, chartPath(s.group.name, 1, PERIOD.start, PERIOD.end, "month"), { cookie });
    expect(one.status).toBe(200);
    const body = ZChartData.parse(await one.json());
    expect(body).toEqual(await hr.charts.data({ group: s.group.name, chartId: 1, ...PERIOD, dimension: "month" }));
    expect(body.data.map((d) => d.value)).toEqual([1, 1, 0]);
  });

  test("a manager's chart counts only what their restrictions let them see", async () => {
    const s = await seedChartGroup(t.db);
    const cookie = await cookieFor(t.db, s.managerEmail);
    const body = ZChartData.parse(await (await get(t.app, chartPath(s.group.name, 2, PERIOD.start, PERIOD.end, "destinationCountry"), { cookie })).json());
    expect(body.data.map((d) => [d.key, d.value])).toEqual([["DE", 1]]);
  });

  test("bad dates, dimensions and charts are refused with their messages", async () => {
    const s = await seedChartGroup(t.db);
    const cookie = await cookieFor(t.db, s.hrEmail);
    const g = s.group.name;
    await expectLegacyFailure(await get(t.app, chartPath(g, 1, "2026-13-01", PERIOD.end, "month"), { cookie }), 400, { message: chartMessages.startRequired });
    await expectLegacyFailure(await get(t.app, chartPath(g, 1, PERIOD.start, "undefined", "month"), { cookie }), 400, { message: chartMessages.endRequired });
    await expectLegacyFailure(await get(t.app, chartPath(g, 2, PERIOD.start, PERIOD.end, "month"), { cookie }), 400, { message: chartMessages.dimensionNotOffered });
    await expectLegacyFailure(await get(t.app, chartPath(g, 999, PERIOD.start, PERIOD.end, "month"), { cookie }), 404, { message: chartMessages.notFound });
    await expectLegacyFailure(await get(t.app, chartPath(g, "x", PERIOD.start, PERIOD.end, "month"), { cookie }), 400);
    await t.db.insertInto("report_permissions").values({ group_id: s.group.id, kind: "CHART", item_id: 6, enabled: 0, display_name: null, updated_by: null, updated_at: new Date().toISOString() }).execute();
    const list = (await (await get(t.app, `/${g}/summary/chart/reportDetails`, { cookie })).json()) as { id: number }[];
    expect(list.map((c) => c.id)).not.toContain(6);
    await expectLegacyFailure(await get(t.app, chartPath(g, 6, PERIOD.start, PERIOD.end, "month"), { cookie }), 404, { message: chartMessages.notFound });
  });

  test("access: signed out 401, wrong roles 403, another group's HR 403, an admin reads any group, unknown group 404", async () => {
    const s = await seedChartGroup(t.db);
    const g = s.group.name;
    for (const path of [`/${g}/summary/chart/reportDetails`, chartPath(g, 1, PERIOD.start, PERIOD.end, "month")]) {
      await expectLegacyFailure(await get(t.app, path), 401);
      for (const who of [DEMO.EMPLOYEE, DEMO.FINANCE]) await expectLegacyFailure(await get(t.app, path, t.as(who)), 403);
      await expectLegacyFailure(await get(t.app, path, t.as(DEMO.GLOBEX)), 403, { message: messages.otherGroup });
      expect((await get(t.app, path, t.as(DEMO.ADMIN))).status).toBe(200);
    }
    await expectLegacyFailure(await get(t.app, "/no-such-group/summary/chart/reportDetails", t.as(DEMO.ADMIN)), 404);
    // Role before anything of the request is read: a wrong role with a bad date is still 403.
    await expectLegacyFailure(await get(t.app, chartPath(g, 1, "bad", "bad", "bad"), t.as(DEMO.EMPLOYEE)), 403);
  });
});
