/**
 * movehub.* procedures and the documented paths (part 1 §7 "Move hub") on the test database (SQLite,
 * or PostgreSQL with TEST_DB=postgres): happy paths, bad input, wrong role, other group, another
 * employee of the same group, parallel identical writes and parallel first loads.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { moveHubMessages } from "../../domain/employee/movehub/messages.ts";
import type { TMoveHubView } from "../../domain/employee/movehub/schemas.ts";
import { appFor, cookieFor, postForm, postJson } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { ZodError } from "zod";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";
import { createTestMove } from "../../services/moves/wizard/initiation-testing.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
/** A new employee of `group` with an open move on the same policy version as the demo employee's of that group. */
async function newEmployeeWithMove(db: DB, group = "acme", like = DEMO.EMPLOYEE): Promise<{ email: string; userId: number; moveId: number }> {
  const email = `hub-${Date.now()}-${++seq}@${group}.test`;
  const userId = await insertTestUser(db, { email, group, firstName: "Hub", lastName: `Tester${seq}` });
  const owner = await db.selectFrom("users").select("id").where("email", "=", like).executeTakeFirstOrThrow();
  const model = await db.selectFrom("moves").selectAll().where("employee_user_id", "=", owner.id).orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const row = await db
    .insertInto("moves")
    .values({
      group_id: model.group_id,
      employee_user_id: userId,
      policy_id: model.policy_id,
      policy_version_id: model.policy_version_id,
      status: "open",
      current_move_stage: 1,
      created_at: now,
      updated_at: now,
      move_date: "2020-01-15",
      assignment_start_date: "2099-02-01",
      assignment_end_date: "2099-12-31",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { email, userId, moveId: row.id };
}

/** A zod refusal at `path` with the spec's (or Meridian's) text. */
async function expectFieldText(call: Promise<unknown>, path: string, message: string) {
  const error = await expectInputError(call, path);
  expect((error.cause as ZodError).issues.find((i) => i.path.map(String).join(".") === path)?.message).toBe(message);
}

const itemsOf = (hub: TMoveHubView) => hub.sections.flatMap((s) => s.items);
const idsIn = (hub: TMoveHubView, section: number) => hub.sections.find((s) => s.section === section)!.items.map((i) => i.id);
const countItems = async (db: DB, moveId: number) =>
  Number((await db.selectFrom("move_hub_items").select((eb) => eb.fn.countAll<number>().as("n")).where("move_id", "=", moveId).executeTakeFirstOrThrow()).n);

describe("view and prepare", () => {
  test("a new move's hub is not prepared; prepare generates one task per service of each stage, the move hub service first", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);
    const before = await me.movehub.view({});
    expect(before.moveId).toBe(moveId);
    expect(before.prepared).toBe(false);
    expect(itemsOf(before)).toEqual([]);
    expect(await countItems(t.db, moveId)).toBe(0); // a query writes nothing

    const hub = await me.movehub.prepare({});
    expect(hub.prepared).toBe(true);
    expect(hub.sections.length).toBeGreaterThanOrEqual(1);
    const services = await t.db
      .selectFrom("policy_services")
      .select(["move_stage", "service_key", "move_hub", "service_policy_type"])
      .where("policy_version_id", "=", (await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", moveId).executeTakeFirstOrThrow()).policy_version_id)
      .execute();
    const expected = services.filter((s) => s.service_policy_type !== 5);
    expect(itemsOf(hub).length).toBe(expected.length);
    for (const section of hub.sections) {
      expect(section.items.map((i) => i.order)).toEqual(section.items.map((_, i) => i)); // dense
      const hubService = expected.find((s) => s.move_stage === section.section && s.move_hub === 1);
      if (hubService && section.items.length) expect(section.items[0]!.serviceKey).toBe(hubService.service_key);
    }
    // Stage 1 tasks are due on the move date (2020-01-15): overdue against today's date.
    expect(hub.sections[0]!.items.every((i) => i.completeStatus === "OVERDUE")).toBe(true);
    expect(hub.sections[0]!.status).toBe("OVERDUE");
    expect(hub.counts.overdue).toBe(hub.sections[0]!.items.length);

    // A second prepare adds nothing.
    await me.movehub.prepare({});
    expect(await countItems(t.db, moveId)).toBe(expected.length);
  });

  test("completing the initiation prepares the hub; the initiating HR user is the consultant", async () => {
    const move = await createTestMove(t.db);
    expect(await countItems(t.db, move.moveId)).toBe(0);
    expect((await (await t.hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId })).success).toBe(true);
    // The employee is not activated yet: HR of the group reads the hub.
    const hub = await (await t.hrAcme()).movehub.view({ moveId: move.moveId });
    expect(hub.moveId).toBe(move.moveId);
    expect(hub.prepared).toBe(true);
    expect(itemsOf(hub).length).toBeGreaterThan(0);
    const hr = await t.db.selectFrom("users").select(["first_name", "last_name"]).where("email", "=", DEMO.HR).executeTakeFirstOrThrow();
    expect(hub.consultantName).toBe(`${hr.first_name} ${hr.last_name}`);
  });

  test("parallel first loads create one set", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    const callers = await Promise.all(Array.from({ length: 6 }, () => callerFor(t.db, email)));
    const results = await race(6, (i) => callers[i]!.movehub.prepare({}));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    const first = (results[0] as PromiseFulfilledResult<TMoveHubView>).value;
    const n = await countItems(t.db, moveId);
    expect(n).toBe(itemsOf(first).length);
    const keys = await t.db.selectFrom("move_hub_items").select("source_key").where("move_id", "=", moveId).execute();
    expect(new Set(keys.map((k) => k.source_key)).size).toBe(n);
  });

  test("the demo employee's hub has done, open and overdue tasks (seed)", async () => {
    const hub = await (await t.employee()).movehub.view({});
    expect(hub.prepared).toBe(true);
    expect(hub.counts.done).toBeGreaterThan(0);
    expect(hub.counts.overdue).toBeGreaterThan(0);
    expect(hub.counts.open - hub.counts.overdue).toBeGreaterThan(0);
  });
});

describe("updateStatus", () => {
  test("ORDER within and across sections keeps both sections dense", async () => {
    const { email } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);
    const hub = await me.movehub.prepare({});
    const s1 = idsIn(hub, 1);
    expect(s1.length).toBeGreaterThanOrEqual(2);
    const last = s1.at(-1)!;
    let next = (await me.movehub.updateStatus({ type: "ORDER", itemId: last, section: 1, order: 0 })).hub;
    expect(idsIn(next, 1)).toEqual([last, ...s1.slice(0, -1)]);
    if (next.sections.length > 1) {
      const target = idsIn(next, 2);
      next = (await me.movehub.updateStatus({ type: "ORDER", itemId: last, section: 2, order: 1 })).hub;
      expect(idsIn(next, 1)).toEqual(s1.slice(0, -1));
      expect(idsIn(next, 2)).toEqual([...target.slice(0, 1), last, ...target.slice(1)]);
      for (const s of next.sections) expect(s.items.map((i) => i.order)).toEqual(s.items.map((_, i) => i));
    }
  });

  test("DONE toggles, DATE sets and clears; statuses follow the server date", async () => {
    const { email } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);
    const hub = await me.movehub.prepare({});
    const id = idsIn(hub, 1)[0]!;
    let item = itemsOf((await me.movehub.updateStatus({ type: "DONE", itemId: id, isDone: true })).hub).find((i) => i.id === id)!;
    expect(item.isDone).toBe(true);
    expect(item.completeStatus).toBe("DONE");
    expect(item.doneAt).not.toBeNull();
    item = itemsOf((await me.movehub.updateStatus({ type: "DONE", itemId: id, isDone: false })).hub).find((i) => i.id === id)!;
    expect(item.completeStatus).toBe("OVERDUE");
    expect(item.doneAt).toBeNull();
    item = itemsOf((await me.movehub.updateStatus({ type: "DATE", itemId: id, dueDate: "2099-01-01" })).hub).find((i) => i.id === id)!;
    expect(item).toMatchObject({ dueDate: "2099-01-01", completeStatus: "OPEN" });
    item = itemsOf((await me.movehub.updateStatus({ type: "DATE", itemId: id, dueDate: null })).hub).find((i) => i.id === id)!;
    expect(item).toMatchObject({ dueDate: null, completeStatus: "OPEN" });
  });

  test("parallel identical reorders and toggles give one consistent result, no 500", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);
    const hub = await me.movehub.prepare({});
    const s1 = idsIn(hub, 1);
    const last = s1.at(-1)!;
    const callers = await Promise.all(Array.from({ length: 8 }, () => callerFor(t.db, email)));
    const orders = await race(8, (i) => callers[i]!.movehub.updateStatus({ type: "ORDER", itemId: last, section: 1, order: 0 }));
    expect(orders.every((r) => r.status === "fulfilled")).toBe(true);
    const after = await me.movehub.view({});
    expect(idsIn(after, 1)).toEqual([last, ...s1.slice(0, -1)]);
    expect(after.sections[0]!.items.map((i) => i.order)).toEqual(s1.map((_, i) => i));

    const toggles = await race(8, (i) => callers[i]!.movehub.updateStatus({ type: "DONE", itemId: last, isDone: true }));
    expect(toggles.every((r) => r.status === "fulfilled")).toBe(true);
    const row = await t.db.selectFrom("move_hub_items").select(["is_done", "done_at"]).where("id", "=", last).executeTakeFirstOrThrow();
    expect(row.is_done).toBe(1);
    expect(row.done_at).not.toBeNull();

    // Mixed parallel reorders of different tasks: still dense, no duplicates.
    const ids = idsIn(after, 1);
    const mixed = await race(ids.length, (i) => callers[i % callers.length]!.movehub.updateStatus({ type: "ORDER", itemId: ids[i]!, section: 1, order: ids.length - 1 - i }));
    expect(mixed.every((r) => r.status === "fulfilled")).toBe(true);
    const rows = await t.db.selectFrom("move_hub_items").select(["sort_order"]).where("move_id", "=", moveId).where("section", "=", 1).execute();
    expect(rows.map((r) => r.sort_order).sort((a, b) => a - b)).toEqual(ids.map((_, i) => i));
  });

  test("bad input is refused and writes nothing", async () => {
    const me = await t.employee();
    const hub = await me.movehub.view({});
    const id = itemsOf(hub)[0]!.id;
    const before = await t.db.selectFrom("move_hub_items").selectAll().where("move_id", "=", hub.moveId).orderBy("id").execute();
    await expectFieldText(me.movehub.updateStatus({ type: "DATE", itemId: id, dueDate: "2026-02-30" }), "dueDate", moveHubMessages.badDate);
    await expectFieldText(me.movehub.updateStatus({ type: "ORDER", itemId: id, section: 7, order: 0 }), "section", moveHubMessages.badSection);
    await expectTrpcError(me.movehub.updateStatus({ type: "ORDER", itemId: id, section: 1, order: -1 } as never), "BAD_REQUEST");
    await expectTrpcError(me.movehub.updateStatus({ type: "NOPE", itemId: id } as never), "BAD_REQUEST");
    await expectTrpcError(me.movehub.updateStatus({ type: "DONE", itemId: 2_147_483_648, isDone: true } as never), "BAD_REQUEST");
    await expectTrpcError(me.movehub.updateStatus({ type: "DONE", itemId: 2_147_483_647, isDone: true }), "NOT_FOUND", moveHubMessages.itemNotFound);
    const after = await t.db.selectFrom("move_hub_items").selectAll().where("move_id", "=", hub.moveId).orderBy("id").execute();
    expect(after).toEqual(before);
  });
});

describe("custom tasks", () => {
  test("add (no mhItemId), edit, move by order, delete answers OK and closes the gap", async () => {
    const { email, moveId } = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, email);
    const hub = await me.movehub.prepare({});
    const n1 = idsIn(hub, 1).length;
    const added = await me.movehub.saveItem({ title: "  Book the vet  ", ddText: "Rabies jab for the cat", dueDate: "2099-03-01", section: 1 });
    const item = itemsOf(added.hub).find((i) => i.id === added.mhItemId)!;
    expect(item).toMatchObject({ title: "Book the vet", ddText: "Rabies jab for the cat", dueDate: "2099-03-01", custom: true, order: n1, isDone: false, completeStatus: "OPEN" });

    const first = await me.movehub.saveItem({ title: "Book the vet first", section: 1, order: 0, mhItemId: added.mhItemId, isDone: true });
    expect(first.mhItemId).toBe(added.mhItemId);
    expect(idsIn(first.hub, 1)[0]).toBe(added.mhItemId);
    expect(itemsOf(first.hub).find((i) => i.id === added.mhItemId)).toMatchObject({ title: "Book the vet first", ddText: "Rabies jab for the cat", isDone: true });

    expect(await me.movehub.deleteItem({ mhItemId: added.mhItemId })).toEqual({ result: "OK" });
    const after = await me.movehub.view({});
    expect(itemsOf(after).some((i) => i.id === added.mhItemId)).toBe(false);
    expect(after.sections[0]!.items.map((i) => i.order)).toEqual(after.sections[0]!.items.map((_, i) => i));
    expect(await countItems(t.db, moveId)).toBe(itemsOf(hub).length);
  });

  test("the title is required with the spec's text; generated tasks cannot be deleted", async () => {
    const me = await t.employee();
    await expectFieldText(me.movehub.saveItem({ title: "   ", section: 1 }), "title", "Please enter task title.");
    await expectFieldText(me.movehub.saveItem({ title: "x".repeat(201), section: 1 }), "title", moveHubMessages.titleTooLong);
    const generated = itemsOf(await me.movehub.view({})).find((i) => !i.custom)!;
    await expectTrpcError(me.movehub.deleteItem({ mhItemId: generated.id }), "FORBIDDEN", moveHubMessages.notCustom);
  });
});

describe("access", () => {
  test("another employee of the same group cannot read or change the tasks, even by id", async () => {
    const victim = await (await t.employee()).movehub.view({});
    const victimItem = itemsOf(victim)[0]!;
    const { email } = await newEmployeeWithMove(t.db);
    const other = await callerFor(t.db, email);
    await expectTrpcError(other.movehub.view({ moveId: victim.moveId }), "NOT_FOUND");
    await expectTrpcError(other.movehub.prepare({ moveId: victim.moveId }), "NOT_FOUND");
    await expectTrpcError(other.movehub.updateStatus({ type: "DONE", itemId: victimItem.id, isDone: !victimItem.isDone }), "NOT_FOUND", moveHubMessages.itemNotFound);
    await expectTrpcError(other.movehub.updateStatus({ type: "ORDER", itemId: victimItem.id, section: 1, order: 5 }), "NOT_FOUND");
    await expectTrpcError(other.movehub.saveItem({ mhItemId: victimItem.id, title: "mine", section: 1 }), "NOT_FOUND");
    await expectTrpcError(other.movehub.saveItem({ moveId: victim.moveId, title: "mine", section: 1 }), "NOT_FOUND");
    await expectTrpcError(other.movehub.deleteItem({ mhItemId: victimItem.id }), "NOT_FOUND");
    await expectTrpcError(other.movehub.sendMessage({ moveId: victim.moveId, message: "hi" }), "NOT_FOUND");
    expect(itemsOf(await (await t.employee()).movehub.view({}))).toEqual(itemsOf(victim));
  });

  test("HR of the move's group reads and helps; HR of another group and other roles are refused", async () => {
    const victim = await (await t.employee()).movehub.view({});
    const hr = await t.hrAcme();
    expect((await hr.movehub.view({ moveId: victim.moveId })).moveId).toBe(victim.moveId);
    await expectTrpcError(hr.movehub.view({}), "NOT_FOUND"); // HR names the move
    const added = await hr.movehub.saveItem({ moveId: victim.moveId, title: "Call the school", section: 1 });
    expect((await hr.movehub.deleteItem({ mhItemId: added.mhItemId })).result).toBe("OK");

    const globex = await t.hrGlobex();
    await expectTrpcError(globex.movehub.view({ moveId: victim.moveId }), "NOT_FOUND");
    await expectTrpcError(globex.movehub.updateStatus({ type: "DONE", itemId: itemsOf(victim)[0]!.id, isDone: true }), "NOT_FOUND");
    await expectTrpcError(globex.movehub.saveItem({ moveId: victim.moveId, title: "x", section: 1 }), "NOT_FOUND");
    const globexEmployee = await callerFor(t.db, "employee@globex.test");
    await expectTrpcError(globexEmployee.movehub.view({ moveId: victim.moveId }), "NOT_FOUND");
    await expectTrpcError(globexEmployee.movehub.deleteItem({ mhItemId: itemsOf(victim)[0]!.id }), "NOT_FOUND");

    await expectTrpcError((await t.finance()).movehub.view({ moveId: victim.moveId }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, null)).movehub.view({}), "UNAUTHORIZED");
    const admin = await t.admin();
    expect((await admin.movehub.view({ moveId: victim.moveId })).moveId).toBe(victim.moveId);
    expect(itemsOf(await (await t.employee()).movehub.view({}))).toEqual(itemsOf(victim));
  });
});

describe("message form", () => {
  test("sends to the consultant through the outbox; success and error", async () => {
    const me = await t.employee();
    const res = await me.movehub.sendMessage({ message: "When will the movers come?" });
    expect(res).toEqual({ success: true, error: "" });
    const mail = await t.db.selectFrom("outbox").selectAll().where("template", "=", "moveHubMessage").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(mail.text).toContain("When will the movers come?");
    const hr = await t.db.selectFrom("users").select("email").where("id", "=", mail.user_id ?? -1).executeTakeFirst();
    expect(hr?.email).toBe(DEMO.EMPLOYEE);
    await expectFieldText(me.movehub.sendMessage({ message: "  " }), "message", moveHubMessages.messageRequired);
  });

  test("an SMTP failure answers success false with the error", async () => {
    const config = { ...testConfig(), smtpUrl: "smtp://127.0.0.1:9" };
    const me = await callerFor(t.db, DEMO.EMPLOYEE, { config });
    const spy = console.error;
    console.error = () => {};
    try {
      const res = await me.movehub.sendMessage({ message: "Hello" });
      expect(res.success).toBe(false);
      expect(res.error.length).toBeGreaterThan(0);
    } finally {
      console.error = spy;
    }
  });
});

describe("documented paths", () => {
  test("updateMHStatus, addEditCustomItem, deleteCustomItem (OK), sendMessage; failures answer success false", async () => {
    const app = appFor(t.db);
    const { email } = await newEmployeeWithMove(t.db);
    const cookie = await cookieFor(t.db, email);
    const hub = await (await callerFor(t.db, email)).movehub.prepare({});
    const [a, b] = idsIn(hub, 1);

    let res = await postForm(app, "/movehub/updateMHStatus", { type: "ORDER", itemId: String(b), section: "1", order: "0" }, { cookie });
    expect(res.status).toBe(200);
    let body = await res.json();
    expect(body.success).toBe(true);
    expect(idsIn(body.hub, 1).slice(0, 2)).toEqual([b!, a!]);

    res = await postForm(app, "/movehub/updateMHStatus", { type: "DONE", itemId: String(a), isDone: "true" }, { cookie });
    expect(itemsOf((await res.json()).hub).find((i) => i.id === a)!.isDone).toBe(true);
    res = await postJson(app, "/movehub/updateMHStatus", { type: "DATE", itemId: a, dueDate: "2099-05-05" }, { cookie });
    expect(itemsOf((await res.json()).hub).find((i) => i.id === a)!.dueDate).toBe("2099-05-05");

    res = await postForm(app, "/addEditCustomItem", { title: "Register with the town hall", ddText: "", dueDate: "", section: "1", order: "0", isDone: "false" }, { cookie });
    body = await res.json();
    expect(body.success).toBe(true);
    const id = body.mhItemId as number;
    expect(idsIn(body.hub, 1)[0]).toBe(id);

    res = await postForm(app, "/addEditCustomItem", { title: "", section: "1" }, { cookie });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, error: "Please enter task title." });

    res = await postForm(app, "/deleteCustomItem", { mhItemId: String(id) }, { cookie });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("OK");
    res = await postForm(app, "/deleteCustomItem", { mhItemId: String(id) }, { cookie });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, error: moveHubMessages.itemNotFound });

    res = await postForm(app, "/movehub/sendMessage", { message: "Hello" }, { cookie });
    expect(await res.json()).toEqual({ success: true, error: "" });

    // Another employee's item by id; signed out; cross-site.
    const victim = itemsOf(await (await t.employee()).movehub.view({}))[0]!;
    res = await postForm(app, "/movehub/updateMHStatus", { type: "DONE", itemId: String(victim.id), isDone: "true" }, { cookie });
    expect(res.status).toBe(404);
    res = await postForm(app, "/movehub/updateMHStatus", { type: "DONE", itemId: String(a), isDone: "true" });
    expect(res.status).toBe(401);
    res = await postForm(app, "/movehub/updateMHStatus", { type: "DONE", itemId: String(a), isDone: "false" }, { cookie, origin: "https://evil.example" });
    expect(res.status).toBe(403);
  });
});
