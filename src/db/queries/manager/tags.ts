/**
 * Kysely queries of the tag catalogue (`tags`), group associations (`group_tags` joined by name, compared
 * without case) and allocations to policies (`policy_tags`) and users (`user_tags`). No rules here.
 */
import { sql } from "kysely";
import type { DB } from "../../index.ts";

/** Adds catalogue rows for names not there yet (a group tag made elsewhere joins the catalogue). */
export async function ensureCatalogueTags(db: DB, names: readonly string[], now = new Date().toISOString()): Promise<void> {
  const unique = [...new Map(names.map((n) => [n.toLowerCase(), n])).entries()];
  if (unique.length === 0) return;
  await db
    .insertInto("tags")
    .values(unique.map(([key, name]) => ({ name, name_key: key, created_at: now })))
    .onConflict((oc) => oc.column("name_key").doNothing())
    .execute();
}

export function findAllTags(db: DB) {
  return db.selectFrom("tags").select(["id", "name"]).orderBy("name_key").execute();
}

export function findTagById(db: DB, id: number) {
  return db.selectFrom("tags").select(["id", "name", "name_key"]).where("id", "=", id).executeTakeFirst();
}

/** The group's associations: catalogue tag, the group_tags row, its status. */
export function findAssociations(db: DB, groupId: number) {
  return db
    .selectFrom("group_tags as gt")
    .innerJoin("tags as t", (j) => j.on(sql`t.name_key`, "=", sql`lower(gt.name)`))
    .select(["t.id as tagId", "t.name as tagName", "gt.id as groupTagId", "gt.group_id as groupId", "gt.status"])
    .where("gt.group_id", "=", groupId)
    .orderBy("t.name_key")
    .execute();
}

export function findAssociation(db: DB, groupId: number, nameKey: string) {
  return db
    .selectFrom("group_tags")
    .select(["id", "name", "status"])
    .where("group_id", "=", groupId)
    .where(sql`lower(name)`, "=", nameKey)
    .executeTakeFirst();
}

/** Catalogue tags allocated to a user. */
export function findUserTags(db: DB, userId: number) {
  return db
    .selectFrom("user_tags as ut")
    .innerJoin("group_tags as gt", "gt.id", "ut.group_tag_id")
    .innerJoin("tags as t", (j) => j.on(sql`t.name_key`, "=", sql`lower(gt.name)`))
    .select(["t.id as tagId", "t.name as tagName", "gt.id as groupTagId"])
    .where("ut.user_id", "=", userId)
    .orderBy("t.name_key")
    .execute();
}

/** Catalogue tags allocated to the given policies. */
export function findPolicyTags(db: DB, policyIds: number[]) {
  if (policyIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("policy_tags as pt")
    .innerJoin("group_tags as gt", "gt.id", "pt.tag_id")
    .innerJoin("tags as t", (j) => j.on(sql`t.name_key`, "=", sql`lower(gt.name)`))
    .select(["pt.policy_id as policyId", "t.id as tagId", "t.name as tagName", "gt.id as groupTagId"])
    .where("pt.policy_id", "in", policyIds)
    .orderBy("t.name_key")
    .execute();
}

/** Catalogue tags allocated to the given users. */
export function findUsersTags(db: DB, userIds: number[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom("user_tags as ut")
    .innerJoin("group_tags as gt", "gt.id", "ut.group_tag_id")
    .innerJoin("tags as t", (j) => j.on(sql`t.name_key`, "=", sql`lower(gt.name)`))
    .select(["ut.user_id as userId", "t.id as tagId"])
    .where("ut.user_id", "in", userIds)
    .execute();
}
