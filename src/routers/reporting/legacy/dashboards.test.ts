import { describe, expect, test } from "bun:test";
import { DEMO_DASHBOARD_ORIGIN } from "../../../db/seed-dashboards.ts";
import { dashboardMessages as M } from "../../../domain/reporting/dashboards.ts";
import { messages } from "../../../domain/messages.ts";
import { get, jsonOf } from "../../../test/app.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";

const t = useTestApp([...Object.values(DEMO), "crm@meridian.test", "manager@acme.test"]);

describe("dashboards' documented paths", () => {
  test("GET dashboards (list), initial-dashboard (url), dashboards/{id} (url, description): the caller's own group", async () => {
    const list = await jsonOf(await get(t.app, "/reporting/dashboards", t.as(DEMO.HR)));
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    const initial = list.body.find((d: { initial: boolean }) => d.initial);
    expect(initial.url.startsWith(DEMO_DASHBOARD_ORIGIN)).toBe(true);
    expect((await jsonOf(await get(t.app, "/reporting/initial-dashboard", t.as(DEMO.HR)))).body).toEqual({ url: initial.url, id: initial.id });
    expect((await jsonOf(await get(t.app, `/reporting/dashboards/${initial.id}`, t.as(DEMO.HR)))).body).toEqual({ id: initial.id, title: initial.title, url: initial.url, description: initial.description });
    // An admin names the group.
    expect((await jsonOf(await get(t.app, "/reporting/dashboards?group=acme", t.as(DEMO.ADMIN)))).body).toEqual(list.body);
    await expectLegacyFailure(await get(t.app, "/reporting/dashboards", t.as(DEMO.ADMIN)), 400);
  });

  test("access: another group's HR, a manager without dashboards, employees, CRM; another group's dashboard is not found", async () => {
    const list = (await jsonOf(await get(t.app, "/reporting/dashboards", t.as(DEMO.HR)))).body;
    await expectLegacyFailure(await get(t.app, "/reporting/dashboards?group=acme", t.as(DEMO.GLOBEX)), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await get(t.app, `/reporting/dashboards/${list[0].id}`, t.as(DEMO.GLOBEX)), 404, { message: M.notFound });
    await expectLegacyFailure(await get(t.app, "/reporting/initial-dashboard", t.as("manager@acme.test")), 403, { message: M.managerOff });
    for (const email of [DEMO.EMPLOYEE, "crm@meridian.test", DEMO.FINANCE]) {
      await expectLegacyFailure(await get(t.app, "/reporting/dashboards?group=%zz", t.as(email)), 403, { message: messages.forbidden });
    }
    await expectLegacyFailure(await get(t.app, "/reporting/dashboards"), 401);
    await expectLegacyFailure(await get(t.app, "/reporting/dashboards/abc", t.as(DEMO.HR)), 400);
  });
});
