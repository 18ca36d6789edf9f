import { describe, expect, test } from "bun:test";
import { crmReminderMessages as M } from "../../../domain/crm/reminders.ts";
import { messages } from "../../../domain/messages.ts";
import { userIdOf } from "../../../test/audit.ts";
import { get, jsonOf, postForm, postJson } from "../../../test/app.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, demoEmployeeMove, useTestApp } from "../../../test/fixtures.ts";
import { expectNoServerError, outcomesOf, race } from "../../../test/race.ts";

const CRM = "crm@meridian.test";
const t = useTestApp([...Object.values(DEMO), CRM, "manager@acme.test"]);

function dueIn(hours: number): string {
  const step = 15 * 60_000;
  return new Date(Math.ceil((Date.now() + hours * 3_600_000) / step) * step).toISOString();
}

async function save(text: string) {
  const move = await demoEmployeeMove(t.db);
  const owner = await userIdOf(t.db, CRM);
  const res = await postForm(t.app, "/crm/saveReminder", { userId: String(move.employeeId), moveId: String(move.moveId), owner: String(owner), datePicker: dueIn(24), reminder: text }, t.as(CRM));
  const { status, body } = await jsonOf(res);
  expect(status).toBe(200);
  expect(body.success).toBe(true);
  return { id: body.reminder.id as number, move };
}

describe("CRM reminders' documented paths", () => {
  test("POST /crm/saveReminder, GET get-reminders?userId&moveId, POST send-reminder and delete-reminder {id}", async () => {
    const { id, move } = await save("Legacy reminder");
    const list = await jsonOf(await get(t.app, `/reporting/get-reminders?userId=${move.employeeId}&moveId=${move.moveId}`, t.as(CRM)));
    expect(list.status).toBe(200);
    expect(list.body.reminders.find((r: { id: number }) => r.id === id)).toMatchObject({ reminder: "Legacy reminder", status: "OPEN", userId: move.employeeId, moveId: move.moveId });
    const sent = await jsonOf(await postJson(t.app, "/reporting/send-reminder", { id }, t.as(CRM)));
    expect(sent.body).toMatchObject({ success: true, reminder: { id, status: "SENT" } });
    const deleted = await jsonOf(await postForm(t.app, "/reporting/delete-reminder", { id: String(id) }, t.as(DEMO.ADMIN)));
    expect(deleted.body).toMatchObject({ success: true, reminder: { id, status: "DELETED" } });
  });

  test("failures: the spec's texts, the error's status", async () => {
    const move = await demoEmployeeMove(t.db);
    const owner = await userIdOf(t.db, CRM);
    await expectLegacyFailure(await postForm(t.app, "/crm/saveReminder", { userId: String(move.employeeId), moveId: String(move.moveId), owner: String(owner), datePicker: "2020-01-01T10:00:00Z", reminder: "x" }, t.as(CRM)), 400, { message: M.duePast });
    await expectLegacyFailure(await postJson(t.app, "/reporting/send-reminder", { id: 2_000_000_000 }, t.as(CRM)), 404, { message: M.notFound });
    const { id } = await save("Twice");
    await postJson(t.app, "/reporting/delete-reminder", { id }, t.as(CRM));
    await expectLegacyFailure(await postJson(t.app, "/reporting/delete-reminder", { id }, t.as(CRM)), 409, { message: M.alreadyDeleted });
    await expectLegacyFailure(await postJson(t.app, "/reporting/send-reminder", { id: "abc" }, t.as(CRM)), 400);
  });

  test("access: HR of any group, managers, employees refused before the request is read; signed out 401", async () => {
    const { id, move } = await save("Access");
    for (const email of [DEMO.HR, DEMO.GLOBEX, "manager@acme.test", DEMO.EMPLOYEE, DEMO.FINANCE]) {
      await expectLegacyFailure(await get(t.app, `/reporting/get-reminders?userId=${move.employeeId}&moveId=${move.moveId}`, t.as(email)), 403, { message: messages.forbidden });
      await expectLegacyFailure(await postJson(t.app, "/reporting/send-reminder", { id }, t.as(email)), 403, { message: messages.forbidden });
      await expectLegacyFailure(await postJson(t.app, "/reporting/delete-reminder", "{not json", t.as(email)), 403, { message: messages.forbidden });
    }
    await expectLegacyFailure(await get(t.app, "/reporting/get-reminders"), 401);
    const row = await t.db.selectFrom("crm_reminders").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.status).toBe("OPEN");
  });

  test("parallel send-reminder: one 200, the rest 409, no 500", async () => {
    const { id } = await save("Race");
    const outcomes = await outcomesOf(await race(6, () => postJson(t.app, "/reporting/send-reminder", { id }, t.as(CRM))));
    expectNoServerError(outcomes);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.ok).every((o) => o.status === 409 && o.message === M.alreadySent)).toBe(true);
  });
});
