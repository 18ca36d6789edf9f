/**
 * Audit rows of the move hub (issue 14: "every hub DONE / DATE / ORDER / custom add / edit / delete writes
 * an audit row (actor, old, new) in the same transaction"), read field by field; repeated toggles and
 * refused calls write none. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../../db/index.ts";
import type { TMoveHubView } from "../../../domain/employee/movehub/schemas.ts";
import { auditRows, callerFor, insertTestUser } from "../../../test/db.ts";
import { expectTrpcError } from "../../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../../test/fixtures.ts";
import { race } from "../../../test/race.ts";
import { expectAudit } from "../../../test/audit.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
/** A new acme employee with an open move on the demo employee's policy version, hub prepared. */
async function employeeWithHub(db: DB) {
  const email = `hub-audit-${crypto.randomUUID().slice(0, 8)}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme", firstName: "Audit", lastName: "Hub" });
  const owner = await db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
  const model = await db.selectFrom("moves").selectAll().where("employee_user_id", "=", owner.id).orderBy("id").limit(1).executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const move = await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", current_move_stage: 1, created_at: now, updated_at: now, move_date: "2030-01-15" })
    .returning("id")
    .executeTakeFirstOrThrow();
  const me = await callerFor(db, email);
  const hub = await me.movehub.prepare({});
  return { email, userId, moveId: move.id, groupId: model.group_id, me, hub };
}

const itemsOf = (hub: TMoveHubView) => hub.sections.flatMap((s) => s.items);
const rowsOf = async (action: string, itemId: number) => (await auditRows(t.db, action)).filter((r) => r.entity_id === String(itemId));
const json = (text: string | null) => (text === null ? null : JSON.parse(text));

describe("move hub audit rows", () => {
  test("DONE, DATE and ORDER: one row each with actor, old and new; a repeated toggle writes none", async () => {
    const { me, hub, userId, moveId, groupId, email } = await employeeWithHub(t.db);
    const section1 = hub.sections[0]!.items;
    const item = section1.at(-1)!;
    // Each row field by field (issue 23 item 24): actor, group, entity, entity id, action, old and new.
    const audited = (action: string, oldValues: unknown, newValues: unknown) =>
      expectAudit(t.db, { action, actor: email, groupId, entity: "move_hub_item", entityId: item.id, oldValues, newValues });

    await me.movehub.updateStatus({ type: "DONE", itemId: item.id, isDone: true });
    await me.movehub.updateStatus({ type: "DONE", itemId: item.id, isDone: true }); // no change
    const done = await rowsOf("hub-done", item.id);
    expect(done).toHaveLength(1);
    expect(done[0]).toMatchObject({ actor_user_id: userId, group_id: groupId, entity: "move_hub_item" });
    expect(json(done[0]!.old_values)).toEqual({ moveId, isDone: false, doneAt: null });
    const doneNew = json(done[0]!.new_values);
    expect(doneNew).toMatchObject({ moveId, isDone: true });
    expect(typeof doneNew.doneAt).toBe("string");
    const doneAt = (await t.db.selectFrom("move_hub_items").select("done_at").where("id", "=", item.id).executeTakeFirstOrThrow()).done_at;
    await audited("hub-done", { moveId, isDone: false, doneAt: null }, { moveId, isDone: true, doneAt });

    await me.movehub.updateStatus({ type: "DATE", itemId: item.id, dueDate: "2031-02-03" });
    await me.movehub.updateStatus({ type: "DATE", itemId: item.id, dueDate: "2031-02-03" }); // no change
    const dates = await rowsOf("hub-date", item.id);
    expect(dates).toHaveLength(1);
    expect(json(dates[0]!.old_values)).toEqual({ moveId, dueDate: item.dueDate });
    expect(json(dates[0]!.new_values)).toEqual({ moveId, dueDate: "2031-02-03" });
    await audited("hub-date", { moveId, dueDate: item.dueDate }, { moveId, dueDate: "2031-02-03" });

    if (section1.length > 1) {
      await me.movehub.updateStatus({ type: "ORDER", itemId: item.id, section: 1, order: 0 });
      const orders = await rowsOf("hub-order", item.id);
      expect(orders).toHaveLength(1);
      expect(json(orders[0]!.old_values)).toEqual({ moveId, section: 1, order: item.order });
      expect(json(orders[0]!.new_values)).toEqual({ moveId, section: 1, order: 0 });
      await audited("hub-order", { moveId, section: 1, order: item.order }, { moveId, section: 1, order: 0 });
    }
  });

  test("custom add, edit and delete: the task's values before and after", async () => {
    const { me, userId, moveId, groupId, email } = await employeeWithHub(t.db);
    const added = await me.movehub.saveItem({ moveId, title: "Book movers", ddText: "Three quotes", section: 1, dueDate: "2030-01-10" });
    const id = added.mhItemId;
    const addedItem = itemsOf(added.hub).find((i) => i.id === id)!;
    const [add] = await rowsOf("hub-custom-add", id);
    expect(add).toMatchObject({ actor_user_id: userId, entity: "move_hub_item", old_values: null });
    expect(json(add!.new_values)).toEqual({ moveId, title: "Book movers", ddText: "Three quotes", section: 1, order: addedItem.order, dueDate: "2030-01-10", isDone: false });
    const audited = (action: string, oldValues: unknown, newValues: unknown) =>
      expectAudit(t.db, { action, actor: email, groupId, entity: "move_hub_item", entityId: id, oldValues, newValues });
    await audited("hub-custom-add", null, { moveId, title: "Book movers", ddText: "Three quotes", section: 1, order: addedItem.order, dueDate: "2030-01-10", isDone: false });

    await me.movehub.saveItem({ mhItemId: id, title: "Book the movers", section: 1, isDone: true });
    const [edit] = await rowsOf("hub-item-edit", id);
    expect(json(edit!.old_values)).toEqual({ moveId, title: "Book movers", isDone: false });
    expect(json(edit!.new_values)).toEqual({ moveId, title: "Book the movers", isDone: true });
    await audited("hub-item-edit", { moveId, title: "Book movers", isDone: false }, { moveId, title: "Book the movers", isDone: true });

    await me.movehub.deleteItem({ mhItemId: id });
    const [deleted] = await rowsOf("hub-custom-delete", id);
    expect(deleted).toMatchObject({ actor_user_id: userId, new_values: null });
    expect(json(deleted!.old_values)).toEqual({ moveId, title: "Book the movers", ddText: "Three quotes", section: 1, order: addedItem.order, dueDate: "2030-01-10", isDone: true });
    await audited("hub-custom-delete", { moveId, title: "Book the movers", ddText: "Three quotes", section: 1, order: addedItem.order, dueDate: "2030-01-10", isDone: true }, null);
  });

  test("HR of the group is the actor of its writes; another group's HR is refused and writes none", async () => {
    const { hub, moveId } = await employeeWithHub(t.db);
    const item = hub.sections[0]!.items[0]!;
    const hr = await t.hrAcme();
    await hr.movehub.updateStatus({ type: "DATE", itemId: item.id, dueDate: "2032-05-05" });
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", DEMO.HR).executeTakeFirstOrThrow()).id;
    expect((await rowsOf("hub-date", item.id)).map((r) => r.actor_user_id)).toEqual([hrId]);
    await expectTrpcError((await t.hrGlobex()).movehub.updateStatus({ type: "DATE", itemId: item.id, dueDate: "2033-01-01" }), "NOT_FOUND");
    await expectTrpcError((await t.hrGlobex()).movehub.deleteItem({ mhItemId: item.id }), "NOT_FOUND");
    expect(await rowsOf("hub-date", item.id)).toHaveLength(1);
    expect(moveId).toBeGreaterThan(0);
  });

  test("8 parallel identical DONE toggles: one change, one audit row", async () => {
    const { email, hub } = await employeeWithHub(t.db);
    const item = hub.sections[0]!.items[0]!;
    const callers = await Promise.all(Array.from({ length: 8 }, () => callerFor(t.db, email)));
    const results = await race(8, (i) => callers[i]!.movehub.updateStatus({ type: "DONE", itemId: item.id, isDone: true }));
    expect(results.every((r) => r.status === "fulfilled")).toBe(true);
    expect(await rowsOf("hub-done", item.id)).toHaveLength(1);
  });
});
