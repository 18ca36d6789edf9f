/**
 * The welcome popup through tRPC (welcome.state, welcome.answer) on the test database (SQLite, or
 * PostgreSQL with TEST_DB=postgres): the three stages, the booking stored once per move with its audit
 * row, bad input refused with clear messages and nothing written, other roles and other employees'
 * moves refused, 50 parallel bookings one row.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { messages } from "../../domain/messages.ts";
import { welcomeMessages } from "../../domain/employee/welcome/messages.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";
import { dayFromNow, newEmployeeWithMove } from "./welcome.fixtures.ts";

const t = useTestDatabase({ poolSize: 12 });

const rows = (db: DB, moveId: number) =>
  Promise.all([
    db.selectFrom("welcome_popups").selectAll().where("move_id", "=", moveId).execute(),
    db.selectFrom("welcome_call_requests").selectAll().where("move_id", "=", moveId).execute(),
  ]);
const audits = (db: DB, moveId: number) =>
  db.selectFrom("audit_log").selectAll().where("entity", "=", "welcome_call_request").where("new_values", "like", `%"moveId":${moveId},%`).orderBy("id").execute();

const booking = (moveId: number, over: Record<string, unknown> = {}) => ({
  moveId,
  action: "BOOK" as const,
  date: dayFromNow(3),
  time: "10:30",
  timeZone: "Europe/London",
  phone: "+44 20 7946 0958",
  interests: [] as string[],
  ...over,
});

describe("welcome.state and welcome.answer: the three stages", () => {
  test("a new employee sees the popup at stage 1 with the consultant and the policy's services", async () => {
    const e = await newEmployeeWithMove(t.db);
    const caller = await callerFor(t.db, e.email);
    const state = await caller.welcome.state({});
    expect(state).toMatchObject({ show: true, stage: 1, status: "NEW", request: null, maxDays: 60 });
    expect(state.move!.id).toBe(e.moveId);
    expect(state.move!.welcomeCall).toBe(true);
    expect(state.move!.consultant).toMatchObject({ email: expect.stringContaining("@") });
    expect(state.interestsOffered.length).toBeGreaterThan(0);
    expect(new Set(state.interestsOffered.map((i) => i.key)).size).toBe(state.interestsOffered.length);
    // A read writes nothing.
    expect(await rows(t.db, e.moveId)).toEqual([[], []]);
  });

  test("Next, Back, then the booking: stage 3, finished, the request stored REQUESTED with its audit row", async () => {
    const e = await newEmployeeWithMove(t.db);
    const caller = await callerFor(t.db, e.email);
    const offered = (await caller.welcome.state({})).interestsOffered.map((i) => i.key);
    expect(await caller.welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 2 })).toMatchObject({ show: true, stage: 2, status: "OPEN" });
    expect(await caller.welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 1 })).toMatchObject({ show: true, stage: 1, status: "OPEN" });
    const chosen = [offered[1]!, offered[0]!];
    const date = dayFromNow(5);
    const state = await caller.welcome.answer(booking(e.moveId, { date, time: "09:15", timeZone: "UTC", interests: chosen }));
    expect(state).toMatchObject({ show: false, stage: 3, status: "FINISHED" });
    expect(state.request).toEqual({
      date,
      time: "09:15",
      timeZone: "UTC",
      scheduledAt: `${date}T09:15:00.000Z`,
      phone: "+442079460958",
      interests: [offered[0]!, offered[1]!],
      status: "REQUESTED",
      changeable: true,
    });
    const [popups, requests] = await rows(t.db, e.moveId);
    expect(popups).toMatchObject([{ stage: 3, status: "FINISHED", user_id: e.userId }]);
    expect(requests).toMatchObject([{ user_id: e.userId, status: "REQUESTED", phone: "+442079460958" }]);
    const audit = await audits(t.db, e.moveId);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: "welcome-call-requested", actor_user_id: e.userId });
    const { changeable: _c, ...recorded } = state.request!;
    await expectAudit(t.db, {
      action: "welcome-call-requested", actor: e.email, groupId: requests[0]!.group_id, entity: "welcome_call_request", entityId: requests[0]!.id,
      oldValues: null, newValues: { moveId: e.moveId, ...recorded },
    });
    // The popup does not show again.
    expect((await caller.welcome.state({})).show).toBe(false);
  });

  test("a second booking changes the request while REQUESTED (one row, a change audit); the same one changes nothing", async () => {
    const e = await newEmployeeWithMove(t.db);
    const caller = await callerFor(t.db, e.email);
    await caller.welcome.answer(booking(e.moveId));
    await caller.welcome.answer(booking(e.moveId));
    expect(await audits(t.db, e.moveId)).toHaveLength(1);
    const first = (await caller.welcome.state({})).request!;
    const changed = await caller.welcome.answer(booking(e.moveId, { time: "14:00", phone: "020 7946 0000" }));
    expect(changed.request).toMatchObject({ time: "14:00", phone: "02079460000", status: "REQUESTED" });
    const [, requests] = await rows(t.db, e.moveId);
    expect(requests).toHaveLength(1);
    // The change's audit row, field by field (issue 23 item 24): the first booking old, the second new.
    const { changeable: _was, ...oldRequest } = first;
    const { changeable: _now, ...newRequest } = changed.request!;
    await expectAudit(t.db, {
      action: "welcome-call-changed", actor: e.email, groupId: requests[0]!.group_id, entity: "welcome_call_request", entityId: requests[0]!.id,
      oldValues: { moveId: e.moveId, ...oldRequest }, newValues: { moveId: e.moveId, ...newRequest },
    });
    expect((await audits(t.db, e.moveId)).map((a) => a.action)).toEqual(["welcome-call-requested", "welcome-call-changed"]);
    // Once the CRM area has taken it over, it can no longer be changed here.
    await t.db.updateTable("welcome_call_requests").set({ status: "SCHEDULED" }).where("move_id", "=", e.moveId).execute();
    await expectTrpcError(caller.welcome.answer(booking(e.moveId, { time: "15:00" })), "CONFLICT", welcomeMessages.alreadyArranged);
    expect((await rows(t.db, e.moveId))[1]).toMatchObject([{ local_time: "14:00", status: "SCHEDULED" }]);
    expect((await caller.welcome.state({})).request).toMatchObject({ changeable: false });
  });

  test("Skip for now dismisses it for good; the full page may still book", async () => {
    const e = await newEmployeeWithMove(t.db);
    const caller = await callerFor(t.db, e.email);
    await caller.welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 2 });
    expect(await caller.welcome.answer({ moveId: e.moveId, action: "DISMISS" })).toMatchObject({ show: false, stage: 2, status: "DISMISSED" });
    expect(await caller.welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 1 })).toMatchObject({ show: false, status: "DISMISSED" });
    expect(await caller.welcome.answer(booking(e.moveId))).toMatchObject({ show: false, status: "FINISHED", stage: 3 });
  });

  test("the demo employees' popups are finished by the seed; no open move, no popup", async () => {
    const state = await (await t.employee()).welcome.state({});
    expect(state.show).toBe(false);
    expect(state.status).toBe("FINISHED");
    const done = await newEmployeeWithMove(t.db, "acme", "completed");
    expect(await (await callerFor(t.db, done.email)).welcome.state({})).toMatchObject({ move: null, show: false });
    await expectTrpcError((await callerFor(t.db, done.email)).welcome.answer({ moveId: done.moveId, action: "STAGE", stage: 1 }), "NOT_FOUND", welcomeMessages.noMove);
  });

  test("a policy without a welcome call shows no popup and refuses a booking", async () => {
    const e = await newEmployeeWithMove(t.db, "globex");
    const move = await t.db.selectFrom("moves").select("policy_id").where("id", "=", e.moveId).executeTakeFirstOrThrow();
    await t.db.updateTable("policies").set({ no_welcome_call: 1 }).where("id", "=", move.policy_id).execute();
    try {
      const caller = await callerFor(t.db, e.email);
      expect(await caller.welcome.state({})).toMatchObject({ show: false, move: { welcomeCall: false } });
      await expectTrpcError(caller.welcome.answer(booking(e.moveId)), "CONFLICT", welcomeMessages.noWelcomeCall);
      expect(await rows(t.db, e.moveId)).toEqual([[], []]);
    } finally {
      await t.db.updateTable("policies").set({ no_welcome_call: 0 }).where("id", "=", move.policy_id).execute();
    }
  });
});

describe("bad input: clear messages, nothing written", () => {
  test("date, time, zone, phone and interests", async () => {
    const e = await newEmployeeWithMove(t.db);
    const caller = await callerFor(t.db, e.email);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ date: dayFromNow(-1) }, welcomeMessages.inPast],
      [{ date: dayFromNow(61) }, welcomeMessages.tooFar],
      [{ date: "2027-02-30" }, welcomeMessages.dateInvalid],
      [{ timeZone: "Nowhere/City" }, welcomeMessages.timeZone],
      [{ phone: "12345" }, welcomeMessages.phoneInvalid],
      [{ phone: "call me maybe" }, welcomeMessages.phoneInvalid],
      [{ interests: ["NOT_A_SERVICE"] }, welcomeMessages.interests],
    ];
    for (const [over, message] of cases) await expectTrpcError(caller.welcome.answer(booking(e.moveId, over)), "BAD_REQUEST", message);
    await expectInputError(caller.welcome.answer(booking(e.moveId, { time: "25:00" })), "time");
    await expectInputError(caller.welcome.answer(booking(e.moveId, { phone: "" })), "phone");
    await expectInputError(caller.welcome.answer(booking(e.moveId, { date: "tomorrow" })), "date");
    await expectInputError(caller.welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 3 } as never), "stage");
    await expectTrpcError(caller.welcome.answer({ moveId: e.moveId, action: "FINISH" } as never), "BAD_REQUEST");
    await expectInputError(caller.welcome.answer({ moveId: 0, action: "DISMISS" }), "moveId");
    expect(await rows(t.db, e.moveId)).toEqual([[], []]);
    expect(await audits(t.db, e.moveId)).toEqual([]);
  });
});

describe("access", () => {
  test("HR, ADMIN and FINANCE are refused; signed out is UNAUTHORIZED", async () => {
    const e = await newEmployeeWithMove(t.db);
    for (const email of [DEMO.HR, DEMO.ADMIN, DEMO.FINANCE]) {
      const caller = await callerFor(t.db, email);
      await expectTrpcError(caller.welcome.state({ moveId: e.moveId }), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(caller.welcome.answer(booking(e.moveId)), "FORBIDDEN", messages.forbidden);
    }
    await expectTrpcError((await callerFor(t.db, null)).welcome.state({}), "UNAUTHORIZED");
    expect(await rows(t.db, e.moveId)).toEqual([[], []]);
  });

  test("another employee's move, of the same group or another, is NOT_FOUND and untouched", async () => {
    const victim = await newEmployeeWithMove(t.db, "acme");
    for (const group of ["acme", "globex"] as const) {
      const other = await newEmployeeWithMove(t.db, group);
      const caller = await callerFor(t.db, other.email);
      await expectTrpcError(caller.welcome.state({ moveId: victim.moveId }), "NOT_FOUND", welcomeMessages.noMove);
      for (const answer of [booking(victim.moveId), { moveId: victim.moveId, action: "DISMISS" as const }, { moveId: victim.moveId, action: "STAGE" as const, stage: 2 as const }]) {
        await expectTrpcError(caller.welcome.answer(answer), "NOT_FOUND", welcomeMessages.noMove);
      }
    }
    expect(await rows(t.db, victim.moveId)).toEqual([[], []]);
  });
});

describe("parallel bookings", () => {
  test("50 identical submits: one request row, one audit row, no failure", async () => {
    const e = await newEmployeeWithMove(t.db);
    const callers = await Promise.all(Array.from({ length: 5 }, () => callerFor(t.db, e.email)));
    const input = booking(e.moveId, { interests: [] });
    const results = await race(50, (i) => callers[i % 5]!.welcome.answer(input));
    await expectAllSucceed(results);
    const [popups, requests] = await rows(t.db, e.moveId);
    expect(popups).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(await audits(t.db, e.moveId)).toHaveLength(1);
  });

  test("50 different submits: one row holding one of them, never a 500", async () => {
    const e = await newEmployeeWithMove(t.db);
    const callers = await Promise.all(Array.from({ length: 5 }, () => callerFor(t.db, e.email)));
    const results = await race(50, (i) => callers[i % 5]!.welcome.answer(booking(e.moveId, { time: `${10 + (i % 8)}:${["00", "15", "30", "45"][i % 4]}`, phone: `+44 20 7946 ${String(1000 + i)}` })));
    await expectAllSucceed(results);
    const [, requests] = await rows(t.db, e.moveId);
    expect(requests).toHaveLength(1);
    const audit = await audits(t.db, e.moveId);
    expect(audit[0]!.action).toBe("welcome-call-requested");
    expect(audit.slice(1).every((a) => a.action === "welcome-call-changed")).toBe(true);
  });
});
