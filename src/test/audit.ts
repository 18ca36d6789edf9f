/**
 * Reads an audit row back field by field (issue 23 item 24: a deleted audit write must fail a test).
 * DESIGN.md: "An audit_log table records actor, entity, action, old and new values for every write in
 * finance, policy, admin and auth." `expectAudit` finds the newest row of the action on the entity and
 * compares actor, group, entity, entity id, action and the old and new values (parsed JSON) exactly.
 */
import { expect } from "bun:test";
import type { DB } from "../db/index.ts";

export type ExpectedAudit = {
  action: string;
  /** The acting user's e-mail, or null for a row without an actor (a refused anonymous attempt). */
  actor: string | null;
  groupId: number | null;
  entity: string;
  entityId: string | number | null;
  oldValues: unknown;
  newValues: unknown;
};

export async function userIdOf(db: DB, email: string): Promise<number> {
  return (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
}

export async function groupIdOf(db: DB, name: string): Promise<number> {
  return (await db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

const parse = (text: string | null) => (text === null ? null : (JSON.parse(text) as unknown));

/** The newest audit row of `action` on the entity, compared field by field; returns it. */
export async function expectAudit(db: DB, e: ExpectedAudit) {
  let q = db.selectFrom("audit_log").selectAll().where("action", "=", e.action).where("entity", "=", e.entity);
  q = e.entityId === null ? q.where("entity_id", "is", null) : q.where("entity_id", "=", String(e.entityId));
  const row = await q.orderBy("id", "desc").executeTakeFirst();
  expect(row, `an audit row ${e.action} on ${e.entity} ${e.entityId}`).toBeDefined();
  const actorId = e.actor === null ? null : await userIdOf(db, e.actor);
  expect({
    actor: row!.actor_user_id,
    groupId: row!.group_id,
    entity: row!.entity,
    entityId: row!.entity_id,
    action: row!.action,
    oldValues: parse(row!.old_values),
    newValues: parse(row!.new_values),
  }).toEqual({
    actor: actorId,
    groupId: e.groupId,
    entity: e.entity,
    entityId: e.entityId === null ? null : String(e.entityId),
    action: e.action,
    oldValues: e.oldValues,
    newValues: e.newValues,
  });
  expect(Number.isNaN(Date.parse(row!.at))).toBe(false);
  return row!;
}
