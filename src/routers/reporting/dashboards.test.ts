import { describe, expect, test } from "bun:test";
import { DEMO_DASHBOARD_ORIGIN } from "../../db/seed-dashboards.ts";
import { dashboardMessages as M } from "../../domain/reporting/dashboards.ts";
import { messages } from "../../domain/messages.ts";
import { addDashboardOrigin, saveDashboard } from "../../services/reporting/dashboards.ts";
import { expectAudit, groupIdOf, userIdOf } from "../../test/audit.ts";
import { appFor, cookieFor, get } from "../../test/app.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectNoServerError, outcomesOf, race } from "../../test/race.ts";

const t = useTestDatabase();
const admin = () => callerFor(t.db, DEMO.ADMIN);

// First: the demo's allow-lists as seeded (later tests add sites).
describe("the dashboards page's Content-Security-Policy", () => {
  test("the page load frames only the group's allowed sites; other pages and refusals keep the app's policy", async () => {
    const app = appFor(t.db);
    const hr = await cookieFor(t.db, DEMO.HR);
    const page = await get(app, "/acme/dashboards", { cookie: hr });
    expect(page.status).toBe(200);
    const csp = page.headers.get("content-security-policy")!;
    const frameSrc = csp.split(";").map((d) => d.trim()).filter((d) => d.startsWith("frame-src"));
    const allowed = (await t.db.selectFrom("dashboard_origins").select("origin").where("group_id", "=", await groupIdOf(t.db, "acme")).orderBy("origin").execute()).map((o) => o.origin);
    expect(allowed).toContain(DEMO_DASHBOARD_ORIGIN);
    expect(frameSrc).toEqual([`frame-src ${allowed.join(" ")}`]);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
    // Globex has no allowed site: nothing may be framed.
    const globex = await get(app, "/globex/dashboards", { cookie: await cookieFor(t.db, DEMO.GLOBEX) });
    expect(globex.status).toBe(200);
    expect(globex.headers.get("content-security-policy")).toContain("frame-src 'none'");
    // Another group's page: 403, no frame-src of the other group's sites.
    const refused = await get(app, "/acme/dashboards", { cookie: await cookieFor(t.db, DEMO.GLOBEX) });
    expect(refused.status).toBe(403);
    expect(refused.headers.get("content-security-policy")).not.toContain(DEMO_DASHBOARD_ORIGIN);
    // Another page of the app: unchanged.
    const home = await get(app, "/acme/home", { cookie: hr });
    expect(home.headers.get("content-security-policy")).not.toContain("frame-src");
  });
});

describe("dashboards: viewing", () => {
  test("HR of acme sees the demo dashboard, opened first; one by id; the initial url", async () => {
    const hr = await callerFor(t.db, DEMO.HR);
    const list = await hr.dashboards.list({ group: "acme" });
    expect(list.dashboards.length).toBeGreaterThanOrEqual(1);
    const initial = list.dashboards.find((d) => d.id === list.initialId)!;
    expect(initial.url.startsWith(`${DEMO_DASHBOARD_ORIGIN}/`)).toBe(true);
    expect(await hr.dashboards.initial({ group: "acme" })).toEqual({ url: initial.url, id: initial.id });
    expect(await hr.dashboards.get({ group: "acme", dashboardId: initial.id })).toEqual({ id: initial.id, title: initial.title, url: initial.url, description: initial.description });
  });

  test("a group without dashboards: an empty list and no initial url", async () => {
    const hr = await callerFor(t.db, DEMO.GLOBEX);
    expect(await hr.dashboards.list({ group: "globex" })).toEqual({ dashboards: [], initialId: null });
    expect(await hr.dashboards.initial({ group: "globex" })).toEqual({ url: null, id: null });
  });

  test("managers: only with the dashboard restriction ON", async () => {
    await expectTrpcError((await callerFor(t.db, "manager@acme.test")).dashboards.list({ group: "acme" }), "FORBIDDEN", M.managerOff);
    await (await admin()).managers.updateDashboard({ userId: await userIdOf(t.db, "manager@acme.test"), dashboardRestriction: "ON" });
    const on = await callerFor(t.db, "manager@acme.test");
    expect((await on.dashboards.list({ group: "acme" })).dashboards.length).toBeGreaterThanOrEqual(1);
    await (await admin()).managers.updateDashboard({ userId: await userIdOf(t.db, "manager@acme.test"), dashboardRestriction: "OFF" });
    await expectTrpcError(on.dashboards.initial({ group: "acme" }), "FORBIDDEN", M.managerOff);
  });

  test("another group's HR, employees, finance and CRM are refused; another group's dashboard is not found", async () => {
    const acme = await (await callerFor(t.db, DEMO.HR)).dashboards.list({ group: "acme" });
    const globex = await callerFor(t.db, DEMO.GLOBEX);
    await expectTrpcError(globex.dashboards.list({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(globex.dashboards.get({ group: "acme", dashboardId: acme.dashboards[0]!.id }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(globex.dashboards.get({ group: "globex", dashboardId: acme.dashboards[0]!.id }), "NOT_FOUND", M.notFound);
    for (const email of [DEMO.EMPLOYEE, DEMO.FINANCE, "crm@meridian.test"]) {
      await expectTrpcError((await callerFor(t.db, email)).dashboards.list({ group: "acme" }), "FORBIDDEN", messages.forbidden);
    }
    await expectTrpcError((await callerFor(t.db, DEMO.HR)).dashboards.admin({ group: "acme" }), "FORBIDDEN", messages.forbidden);
    await expectTrpcError((await callerFor(t.db, DEMO.HR)).dashboards.addOrigin({ group: "acme", origin: "https://bi.example.org" }), "FORBIDDEN", messages.forbidden);
  });
});

describe("dashboards: managing (admins)", () => {
  test("an admin allows a site, adds a dashboard on it and makes it initial; audited", async () => {
    const a = await admin();
    const groupId = await groupIdOf(t.db, "globex");
    await a.dashboards.addOrigin({ group: "globex", origin: "https://BI.example.org/" });
    await expectAudit(t.db, { action: "dashboard-origin-added", actor: DEMO.ADMIN, groupId, entity: "dashboard_origin", entityId: null, oldValues: null, newValues: { origin: "https://bi.example.org" } });
    const first = await a.dashboards.save({ group: "globex", title: "Spend", url: "https://bi.example.org/d/spend", description: "Spend by month", isInitial: true });
    expect(first.origins).toEqual(["https://bi.example.org"]);
    const spend = first.dashboards.find((d) => d.title === "Spend")!;
    expect(spend.isInitial).toBe(true);
    const second = await a.dashboards.save({ group: "globex", title: "Moves", url: "https://bi.example.org/d/moves", isInitial: true });
    expect(second.dashboards.filter((d) => d.isInitial).map((d) => d.title)).toEqual(["Moves"]);
    const moves = second.dashboards.find((d) => d.title === "Moves")!;
    await expectAudit(t.db, {
      action: "dashboard-added",
      actor: DEMO.ADMIN,
      groupId,
      entity: "third_party_dashboard",
      entityId: moves.id,
      oldValues: null,
      newValues: { title: "Moves", url: "https://bi.example.org/d/moves", description: "", isInitial: true, sortOrder: 0 },
    });
    // The HR of globex now sees them.
    expect((await (await callerFor(t.db, DEMO.GLOBEX)).dashboards.initial({ group: "globex" })).url).toBe("https://bi.example.org/d/moves");
    // A site in use cannot be removed; the dashboards removed, it can.
    await expectTrpcError(a.dashboards.removeOrigin({ group: "globex", origin: "https://bi.example.org" }), "CONFLICT", M.originInUse);
    await a.dashboards.remove({ group: "globex", dashboardId: spend.id });
    await a.dashboards.remove({ group: "globex", dashboardId: moves.id });
    await expectAudit(t.db, { action: "dashboard-removed", actor: DEMO.ADMIN, groupId, entity: "third_party_dashboard", entityId: moves.id, oldValues: { ...moves }, newValues: null });
    expect((await a.dashboards.removeOrigin({ group: "globex", origin: "https://bi.example.org" })).origins).toEqual([]);
    await expectTrpcError(a.dashboards.remove({ group: "globex", dashboardId: moves.id }), "NOT_FOUND", M.notFound);
  });

  test("a dashboard url must be https and on the group's allowed sites", async () => {
    const a = await admin();
    await expectTrpcError(a.dashboards.save({ group: "acme", title: "Plain", url: "http://dashboards.example.com/x" }), "BAD_REQUEST", M.httpsOnly);
    await expectTrpcError(a.dashboards.save({ group: "acme", title: "Elsewhere", url: "https://evil.example.net/x" }), "BAD_REQUEST", M.originNotAllowed);
    await expectTrpcError(a.dashboards.save({ group: "acme", title: "Bad", url: "javascript:alert(1)" }), "BAD_REQUEST", M.httpsOnly);
    // Another group's allowed site is not this group's.
    await expectTrpcError(a.dashboards.save({ group: "globex", title: "Theirs", url: `${DEMO_DASHBOARD_ORIGIN}/x` }), "BAD_REQUEST", M.originNotAllowed);
    await expectTrpcError(a.dashboards.addOrigin({ group: "acme", origin: "https://dashboards.example.com/path" }), "BAD_REQUEST", M.invalidOrigin);
    await expectTrpcError(a.dashboards.addOrigin({ group: "acme", origin: "http://dashboards.example.net" }), "BAD_REQUEST", M.httpsOnly);
    await expectTrpcError(a.dashboards.addOrigin({ group: "acme", origin: DEMO_DASHBOARD_ORIGIN }), "CONFLICT", M.originExists);
    const url = (await a.dashboards.list({ group: "acme" })).dashboards[0]!.url;
    await expectTrpcError(a.dashboards.save({ group: "acme", title: "Again", url }), "CONFLICT", M.duplicateUrl);
  });

  test("outside tests, private, loopback and link-local sites are refused (literals and names that resolve to them)", async () => {
    const strict = testConfig({ ALLOW_PRIVATE_FETCH: "0" });
    const a = await callerFor(t.db, DEMO.ADMIN, { config: strict });
    for (const origin of ["https://127.0.0.1", "https://10.0.0.5:8443", "https://[::1]", "https://169.254.169.254", "https://localhost"]) {
      await expectTrpcError(a.dashboards.addOrigin({ group: "acme", origin }), "BAD_REQUEST", M.notPublic);
    }
    const actor = { id: await userIdOf(t.db, DEMO.ADMIN), role: "ADMIN" as const };
    const group = { id: await groupIdOf(t.db, "acme"), name: "acme", display_name: "Acme", status: "ACTIVE" as const };
    const toPrivate = async () => ["10.1.2.3"];
    await expect(addDashboardOrigin(t.db, { allowPrivateFetch: false }, actor, group, "https://intranet.example.org", new Date(), toPrivate)).rejects.toThrow(M.notPublic);
    // An allowed site whose name now resolves to a private address: its dashboards are refused too.
    await expect(saveDashboard(t.db, { allowPrivateFetch: false }, actor, group, { group: "acme", title: "Rebound", url: `${DEMO_DASHBOARD_ORIGIN}/rebound`, description: "", isInitial: false, sortOrder: 0 }, new Date(), toPrivate)).rejects.toThrow(M.notPublic);
    const toPublic = async () => ["93.184.215.14"];
    await addDashboardOrigin(t.db, { allowPrivateFetch: false }, actor, group, "https://public.example.org", new Date(), toPublic);
    const origins = await t.db.selectFrom("dashboard_origins").select("origin").where("group_id", "=", group.id).execute();
    expect(origins.map((o) => o.origin).sort()).toEqual([DEMO_DASHBOARD_ORIGIN, "https://public.example.org"]);
  });

  test("parallel saves that each make a dashboard initial: one initial, no 500", async () => {
    const a = await admin();
    await a.dashboards.addOrigin({ group: "globex", origin: "https://race.example.org" });
    const callers = await Promise.all(Array.from({ length: 6 }, () => admin()));
    const outcomes = await outcomesOf(await race(6, (i) => callers[i]!.dashboards.save({ group: "globex", title: `Race ${i}`, url: `https://race.example.org/${i}`, isInitial: true })));
    expectNoServerError(outcomes);
    expect(outcomes.filter((o) => o.ok).length).toBeGreaterThanOrEqual(1);
    for (const o of outcomes.filter((x) => !x.ok)) expect<string[]>([M.initialConflict, M.duplicateUrl]).toContain(o.message!);
    const list = await a.dashboards.list({ group: "globex" });
    expect(list.dashboards.filter((d) => d.isInitial)).toHaveLength(1);
    // Parallel adds of one url: one dashboard.
    const same = await outcomesOf(await race(6, (i) => callers[i]!.dashboards.save({ group: "globex", title: "Same", url: "https://race.example.org/same" })));
    expectNoServerError(same);
    expect(same.filter((o) => o.ok)).toHaveLength(1);
    expect(same.filter((o) => !o.ok).every((o) => o.code === "CONFLICT" && o.message === M.duplicateUrl)).toBe(true);
  });
});
