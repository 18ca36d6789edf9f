/**
 * The HR overview and published estimate accuracy (issue 26) through tRPC and the documented path, on the
 * dialect under test: the tiles' counts equal the rows of their queries (HR, admin, a restricted manager who
 * sees fewer), wrong roles and other groups refused; accuracy equals finance's estimate against actual and the
 * domain function on the same rows (a small property test over date ranges); one move's accuracy; finance's
 * view; the BASE report's rows; GET /reporting/getWidgetDetails.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { seedAccuracyDemo } from "../../db/seed-accuracy.ts";
import {
  assignmentsEnding,
  countRows,
  draftMoves,
  estimatesAwaitingApproval,
  expensesOutOfPolicy,
  movesStarting,
  openIncidents,
  pendingActivations,
  type AttentionScope,
} from "../../db/queries/reporting/attention.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { messages } from "../../domain/messages.ts";
import { summariseAccuracy } from "../../domain/reporting/accuracy.ts";
import type { TAccuracyLine } from "../../domain/reporting/accuracy-schemas.ts";
import { estimateAccuracyReport } from "../../services/reporting/accuracy.ts";
import { addDaysIso } from "../../services/reporting/programme.ts";
import { appFor, cookieFor, get } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectLegacyFailure, expectTrpcError } from "../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });
let acmeId = 0;
let employeeMove: { moveId: number; employeeId: number; groupId: number };
let hrId = 0;
const today = new Date().toISOString().slice(0, 10);
const NOW = new Date().toISOString();

beforeAll(async () => {
  expect(await seedAccuracyDemo(t.db)).toBeGreaterThanOrEqual(20);
  expect(await seedAccuracyDemo(t.db)).toBe(0);
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
  employeeMove = await demoEmployeeMove(t.db);
  // Something in every tile: the demo move starts in 10 days and its assignment ends in 60; an estimate waits
  // for approval (sent 3 days ago); an expense for a service not on the policy; an incident and an exception.
  await t.db.updateTable("moves").set({ move_date: addDaysIso(today, 10), assignment_end_date: addDaysIso(today, 60) }).where("id", "=", employeeMove.moveId).execute();
  // An invited employee who has not activated yet, with an open move created by HR.
  const invited = await t.db
    .insertInto("users")
    .values({ email: "h6.invited@acme.test", first_name: "Ivy", last_name: "Invited", role: "EMPLOYEE", group_id: acmeId, is_sso_user: 0, activation_state: "PENDING", created_at: NOW, updated_at: NOW })
    .returning("id")
    .executeTakeFirstOrThrow();
  const template = await t.db.selectFrom("moves").selectAll().where("id", "=", employeeMove.moveId).executeTakeFirstOrThrow();
  await t.db
    .insertInto("moves")
    .values({ group_id: acmeId, employee_user_id: invited.id, policy_id: template.policy_id, policy_version_id: template.policy_version_id, status: "open", created_at: NOW, updated_at: NOW, created_by: hrId, move_date: addDaysIso(today, 45) })
    .execute();
  const ce = await t.db
    .insertInto("cost_estimates")
    .values({ group_id: acmeId, move_id: employeeMove.moveId, employee_user_id: employeeMove.employeeId, version_number: 1, status: "CURRENT", type: "BASIC", display_currency: "USD", tax_method: "NONE", tax_category: "NONE", result: "{}", created_at: NOW })
    .onConflict((oc) => oc.doNothing())
    .returning("id")
    .executeTakeFirst();
  const estimateId = ce?.id ?? (await t.db.selectFrom("cost_estimates").select("id").where("move_id", "=", employeeMove.moveId).where("status", "=", "CURRENT").executeTakeFirstOrThrow()).id;
  const sent = new Date(Date.now() - 3 * 86_400_000 - 60_000).toISOString();
  await t.db
    .insertInto("estimate_approval_links")
    .values({ group_id: acmeId, move_id: employeeMove.moveId, cost_estimate_id: estimateId, token_hash: `h6-${crypto.randomUUID()}`, approver_email: "boss@acme.test", sent_by: hrId, created_at: sent, expires_at: "2099-01-01T00:00:00.000Z" })
    .execute();
  await t.db
    .insertInto("expenses")
    .values({ group_id: acmeId, move_id: employeeMove.moveId, employee_user_id: employeeMove.employeeId, service_key: "NOT_ON_POLICY", move_stage: 1, budget_group: 99, category: "OTHER", expense_date: today, currency: "USD", net_amount: 1000, tax_amount: 0, gross_amount: 1000, status: "SUBMITTED", created_at: NOW, updated_at: NOW })
    .execute();
  for (const kind of ["ESCALATION", "EXCEPTION"] as const) {
    await t.db.insertInto("incidents").values({ group_id: acmeId, move_id: employeeMove.moveId, employee_user_id: employeeMove.employeeId, kind, title: `Planted ${kind}`, raised_by_user_id: hrId, created_at: NOW, updated_at: NOW }).execute();
  }
});

async function expectedCounts(email: string) {
  const user = await t.db.selectFrom("users").select(["id", "role"]).where("email", "=", email).executeTakeFirstOrThrow();
  const at: AttentionScope = { groupId: acmeId, scope: await restrictionScopeOf(t.db, user) };
  const rowsOf = async (q: { execute(): Promise<unknown[]> }) => (await q.execute()).length;
  const starting = { from: today, to: addDaysIso(today, 30) };
  const ending = { from: today, to: addDaysIso(today, 90) };
  const lists = {
    drafts: await rowsOf(draftMoves(t.db, at)),
    activations: await rowsOf(pendingActivations(t.db, at)),
    estimatesAwaiting: await rowsOf(estimatesAwaitingApproval(t.db, at)),
    movesStarting: await rowsOf(movesStarting(t.db, at, starting)),
    assignmentsEnding: await rowsOf(assignmentsEnding(t.db, at, ending)),
    expensesOutOfPolicy: await rowsOf(expensesOutOfPolicy(t.db, at)),
    openIncidents: await rowsOf(openIncidents(t.db, at, "incident")),
    openExceptions: await rowsOf(openIncidents(t.db, at, "exception")),
  };
  // The count helper and the listed rows agree.
  expect(await countRows(t.db, draftMoves(t.db, at))).toBe(lists.drafts);
  return lists;
}

describe("programme.overview", () => {
  test("HR: every tile's count equals the rows of its query; the planted rows are counted", async () => {
    const overview = await (await t.hrAcme()).programme.overview({ group: "acme" });
    expect(overview.readOnly).toBe(false);
    expect(overview.today).toBe(today);
    const counts = Object.fromEntries(overview.tiles.map((x) => [x.key, x.count]));
    expect(counts).toEqual(await expectedCounts(DEMO.HR));
    for (const key of ["activations", "estimatesAwaiting", "movesStarting", "assignmentsEnding", "expensesOutOfPolicy", "openIncidents", "openExceptions"]) expect(counts[key]).toBeGreaterThanOrEqual(1);
    const awaiting = overview.tiles.find((x) => x.key === "estimatesAwaiting")!;
    expect(awaiting.oldestDays).toBe(3);
    const starting = overview.tiles.find((x) => x.key === "movesStarting")!;
    expect([starting.from, starting.to]).toEqual([today, addDaysIso(today, 30)]);
  });

  test("ADMIN reads any group's overview; the same counts as HR", async () => {
    const a = await (await t.admin()).programme.overview({ group: "acme" });
    const h = await (await t.hrAcme()).programme.overview({ group: "acme" });
    expect(a.tiles).toEqual(h.tiles);
  });

  test("a manager's overview applies their restrictions: manager-own@acme sees none of the planted moves, read-only", async () => {
    const own = await (await callerFor(t.db, "manager-own@acme.test")).programme.overview({ group: "acme" });
    expect(own.readOnly).toBe(true);
    const counts = Object.fromEntries(own.tiles.map((x) => [x.key, x.count]));
    expect(counts).toEqual(await expectedCounts("manager-own@acme.test"));
    const hr = Object.fromEntries((await (await t.hrAcme()).programme.overview({ group: "acme" })).tiles.map((x) => [x.key, x.count]));
    for (const key of ["activations", "estimatesAwaiting", "movesStarting", "assignmentsEnding", "expensesOutOfPolicy", "openIncidents", "openExceptions"]) expect(counts[key]!).toBeLessThan(hr[key]!);
    // A manager who may see every move sees HR's counts.
    const all = await (await callerFor(t.db, "manager@acme.test")).programme.overview({ group: "acme" });
    expect(Object.fromEntries(all.tiles.map((x) => [x.key, x.count]))).toEqual(await expectedCounts("manager@acme.test"));
  });

  test("role first, then group: employee and finance FORBIDDEN, another group's HR FORBIDDEN, unknown group NOT_FOUND", async () => {
    await expectTrpcError((await t.employee()).programme.overview({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await t.finance()).programme.overview({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).programme.overview({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.admin()).programme.overview({ group: "no-such-group" }), "NOT_FOUND");
  });
});

describe("programme.accuracy", () => {
  let full: Awaited<ReturnType<Awaited<ReturnType<typeof t.hrAcme>>["programme"]["accuracy"]>>;
  beforeAll(async () => {
    full = await (await t.hrAcme()).programme.accuracy({ group: "acme", granularity: "quarter" });
  });

  test("the seeded completed moves give figures: per service and policy, over time, money per currency", () => {
    expect(full.moves).toBeGreaterThanOrEqual(20);
    expect(full.truncated).toBe(false);
    expect(full.byService.length).toBeGreaterThanOrEqual(2);
    expect(full.byPeriod.length).toBeGreaterThanOrEqual(4);
    expect(full.overall.medianAbsErrorBp).not.toBeNull();
    expect(full.overall.p90AbsErrorBp!).toBeGreaterThanOrEqual(full.overall.medianAbsErrorBp!);
    for (const l of full.lines) for (const v of [l.estimate, l.approved, l.difference]) if (v !== null) expect(Number.isSafeInteger(v)).toBe(true);
  });

  test("each move's lines are finance's estimate against actual (one definition)", async () => {
    const finance = await t.finance();
    const ids = [...new Set(full.lines.map((l) => l.moveId))].slice(0, 4);
    for (const moveId of ids) {
      const actuals = await finance.finance.insights.estimateVsActual({ moveId });
      const mine = full.lines.filter((l) => l.moveId === moveId);
      for (const l of mine) {
        const row = actuals.rows.find((r) => r.stage === l.stage && r.serviceKey === l.serviceKey)!;
        expect([l.currency, l.estimate, l.approved, l.difference]).toEqual([row.currency, row.estimate, row.approved, row.difference]);
      }
    }
  });

  test("property: any date range's answer equals the domain function over the same rows of the full answer", async () => {
    const dates = [...new Set(full.lines.map((l) => l.moveDate!))].sort();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: dates.length - 1 }), fc.integer({ min: 0, max: dates.length - 1 }), fc.constantFrom("month" as const, "quarter" as const), async (a, b, granularity) => {
        const [from, to] = [dates[Math.min(a, b)]!, dates[Math.max(a, b)]!];
        const part = await (await t.hrAcme()).programme.accuracy({ group: "acme", from, to, granularity });
        const rows = full.lines.filter((l) => l.moveDate! >= from && l.moveDate! <= to);
        expect(part.lines).toEqual(rows);
        const { summary } = summariseAccuracy(rows, granularity);
        expect([part.overall, part.byService, part.byPolicy, part.byPeriod]).toEqual([summary.overall, summary.byService, summary.byPolicy, summary.byPeriod]);
      }),
      { numRuns: 6 },
    );
  });

  test("a manager reads only moves they may see; another group and wrong roles are refused", async () => {
    const own = await (await callerFor(t.db, "manager-own@acme.test")).programme.accuracy({ group: "acme", granularity: "month" });
    expect(own.moves).toBe(0);
    const all = await (await callerFor(t.db, "manager@acme.test")).programme.accuracy({ group: "acme", granularity: "quarter" });
    expect(all.lines).toEqual(full.lines);
    await expectTrpcError((await t.hrGlobex()).programme.accuracy({ group: "acme", granularity: "quarter" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.employee()).programme.accuracy({ group: "acme", granularity: "quarter" }), "FORBIDDEN");
    const globex = await (await t.hrGlobex()).programme.accuracy({ group: "globex", granularity: "quarter" });
    expect(globex.lines.some((l) => l.group !== "globex")).toBe(false);
  });

  test("the BASE report's rows are the same lines", async () => {
    const result = await estimateAccuracyReport(t.db, { userId: hrId, role: "HR", groupId: acmeId, lang: "en" }, {});
    const rows = [];
    for await (const r of result.rows) rows.push(r);
    const byMove = (l: TAccuracyLine) => l.moveId;
    expect(rows.map((r) => [r.moveId, r.service, r.estimate, r.approved])).toEqual(full.lines.map((l) => [byMove(l), l.serviceTitle, l.estimate, l.approved]));
  });
});

describe("programme.moveAccuracy and financeAccuracy", () => {
  test("one move's lines; a move without approved spend; another group's move and an invisible one answer NOT_FOUND", async () => {
    const hr = await t.hrAcme();
    const full = await hr.programme.accuracy({ group: "acme", granularity: "quarter" });
    const moveId = full.lines[0]!.moveId;
    const one = await hr.programme.moveAccuracy({ group: "acme", moveId });
    expect(one.hasSpend).toBe(true);
    expect(one.lines).toEqual(full.lines.filter((l) => l.moveId === moveId));
    const none = await hr.programme.moveAccuracy({ group: "acme", moveId: employeeMove.moveId });
    expect(none.moveId).toBe(employeeMove.moveId);
    const globexMove = await t.db.selectFrom("moves as m").innerJoin("groups as g", "g.id", "m.group_id").select("m.id").where("g.name", "=", "globex").executeTakeFirstOrThrow();
    await expectTrpcError(hr.programme.moveAccuracy({ group: "acme", moveId: globexMove.id }), "NOT_FOUND");
    await expectTrpcError((await callerFor(t.db, "manager-own@acme.test")).programme.moveAccuracy({ group: "acme", moveId }), "NOT_FOUND");
  });

  test("finance reads every group or one; HR refused", async () => {
    const f = await t.finance();
    const acme = await f.programme.financeAccuracy({ group: "acme", granularity: "quarter" });
    const hr = await (await t.hrAcme()).programme.accuracy({ group: "acme", granularity: "quarter" });
    expect(acme.lines).toEqual(hr.lines);
    const every = await f.programme.financeAccuracy({ granularity: "month" });
    expect(every.lines.length).toBeGreaterThanOrEqual(acme.lines.length);
    await expectTrpcError((await t.hrAcme()).programme.financeAccuracy({ granularity: "month" }), "FORBIDDEN");
    await expectTrpcError(f.programme.financeAccuracy({ group: "no-such-group", granularity: "month" }), "NOT_FOUND");
  });
});

describe("GET /reporting/getWidgetDetails", () => {
  test("finance: the accuracy and spend widgets; HR refused with the failure shape; signed out 401", async () => {
    const app = appFor(t.db);
    const res = await get(app, "/reporting/getWidgetDetails?group=acme", { cookie: await cookieFor(t.db, DEMO.FINANCE) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { success: boolean; widgets: { id: string; moves: number; medianAbsErrorPercent: string | null; figures: { currency: string; planned: string; approved: string }[] }[] };
    expect(body.success).toBe(true);
    expect(body.widgets.map((w) => w.id)).toEqual(["estimateAccuracy", "spendAgainstEstimate", "spendAgainstBudget"]);
    const acc = await (await t.finance()).programme.financeAccuracy({ group: "acme", granularity: "quarter" });
    expect(body.widgets[0]!.moves).toBe(acc.moves);
    const m = acc.overall.medianAbsErrorBp!;
    expect(body.widgets[0]!.medianAbsErrorPercent).toBe(`${Math.floor(m / 100)}.${String(m % 100).padStart(2, "0")}`);
    expect(body.widgets[1]!.figures.length).toBe(acc.totals.estimate.length);
    await expectLegacyFailure(await get(app, "/reporting/getWidgetDetails", { cookie: await cookieFor(t.db, DEMO.HR) }), 403, { messageKey: "resultMessage" });
    await expectLegacyFailure(await get(app, "/reporting/getWidgetDetails"), 401, { messageKey: "resultMessage" });
    await expectLegacyFailure(await get(app, "/reporting/getWidgetDetails?group=no-such-group", { cookie: await cookieFor(t.db, DEMO.FINANCE) }), 404, { messageKey: "resultMessage" });
  });
});
