/**
 * Tags admin (issue 15; part 2 §2, §3, §5, §7, §8; part 1 §7): the catalogue, group associations and the
 * allocations of associated tags to a group's policies and managers. ADMIN only (the tags admin and the
 * managers admin are platform pages). Both transports call these (src/routers/manager/tags.ts,
 * src/routers/manager/legacy/tags.ts).
 * Writes: one transaction each, after the group's row lock (then the user's), with one audit row when
 * something changed; the same request again changes nothing and writes no audit row, so N parallel
 * identical requests have one effect. Dropping an association removes its policy and user allocations
 * (foreign keys, on delete cascade).
 */
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { findGroupById, findGroupByName } from "../../../db/queries/admin/groups.ts";
import { findAllTags, findAssociation, findAssociations, findPolicyTags, findTagById, findUsersTags, findUserTags } from "../../../db/queries/manager/tags.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { tagMessages as M, type TAssociation, type TSaveAssociationRequest, type TTagTargetsResponse } from "../../../domain/manager/tags/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";

export type Actor = { user: SessionUser; ip: string | null };

function assertAdmin(user: SessionUser) {
  if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
}

/** One audit row; a creation's absent old values and a removal's absent new ones are SQL NULL (undefined), not the JSON text "null". */
function audit(trx: DB, actor: Actor, groupId: number, entity: string, entityId: number, action: string, oldValues: unknown, newValues: unknown) {
  return insertAudit(trx, { actorUserId: actor.user.id, groupId, entity, entityId, action, oldValues: oldValues ?? undefined, newValues: newValues ?? undefined, ip: actor.ip, at: new Date().toISOString() });
}

async function tagOf(db: DB, tagId: number) {
  const tag = await findTagById(db, tagId);
  if (!tag) throw new AppError("NOT_FOUND", M.tagNotFound, { tagId: M.tagNotFound });
  return tag;
}

async function groupOf(db: DB, groupId: number) {
  const group = await findGroupById(db, groupId);
  if (!group) throw new AppError("NOT_FOUND", M.groupNotFound, { groupId: M.groupNotFound });
  return group;
}

const toAssociation = (r: { tagId: number; tagName: string; groupId: number; status: string }): TAssociation => ({
  tagId: r.tagId,
  tagName: r.tagName,
  groupId: r.groupId,
  status: r.status === "INACTIVE" ? "INACTIVE" : "ACTIVE",
});

/** GET /admin/tags/loadAllTags: the catalogue. */
export async function loadAllTags(db: DB, user: SessionUser) {
  assertAdmin(user);
  const rows = await findAllTags(db);
  return { success: true as const, tags: rows.map((r) => ({ tagId: r.id, tagName: r.name })) };
}

/** GET /admin/tags/loadAllAssociatedTagsByGroupName?groupName: the group's associations with their status. */
export async function loadAssociatedTags(db: DB, user: SessionUser, groupName: string) {
  assertAdmin(user);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", M.groupNotFound, { groupName: M.groupNotFound });
  return { success: true as const, tags: (await findAssociations(db, group.id)).map(toAssociation) };
}

/** GET /admin/tags/loadAllAllocatedTagsByUserId?userId: the tags allocated to a user. */
export async function loadUserTags(db: DB, user: SessionUser, userId: number) {
  assertAdmin(user);
  const target = await db.selectFrom("users").select("id").where("id", "=", userId).executeTakeFirst();
  if (!target) throw new AppError("NOT_FOUND", M.userNotFound, { userId: M.userNotFound });
  return { success: true as const, tags: (await findUserTags(db, userId)).map((r) => ({ tagId: r.tagId, tagName: r.tagName })) };
}

/** saveGroupTagAssociation {tagId, groupId, status}: associates the tag with the group, or changes the status. */
export async function saveAssociation(db: DB, actor: Actor, input: TSaveAssociationRequest) {
  assertAdmin(actor.user);
  const tag = await tagOf(db, input.tagId);
  await groupOf(db, input.groupId);
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "groups", input.groupId))) throw new AppError("NOT_FOUND", M.groupNotFound);
    const existing = await findAssociation(trx, input.groupId, tag.name_key);
    if (!existing) {
      // The policy area may add the same group tag meanwhile (it does not take the group's lock): the unique
      // (group_id, name) then answers with that row instead of failing.
      const row = await trx
        .insertInto("group_tags")
        .values({ group_id: input.groupId, name: tag.name, status: input.status })
        .onConflict((oc) => oc.columns(["group_id", "name"]).doUpdateSet({ status: input.status }))
        .returning("id")
        .executeTakeFirstOrThrow();
      await audit(trx, actor, input.groupId, "group_tag", row.id, "tags.associate", null, { tag: tag.name, status: input.status });
    } else if (existing.status !== input.status) {
      await trx.updateTable("group_tags").set({ status: input.status }).where("id", "=", existing.id).execute();
      await audit(trx, actor, input.groupId, "group_tag", existing.id, "tags.associate", { status: existing.status }, { status: input.status });
    }
    return { success: true as const, association: { tagId: tag.id, tagName: tag.name, groupId: input.groupId, status: input.status } };
  });
}

/** dropGroupTagAssociation {tagId, groupId}: removes the association and with it its allocations. */
export async function dropAssociation(db: DB, actor: Actor, input: { tagId: number; groupId: number }) {
  assertAdmin(actor.user);
  const tag = await tagOf(db, input.tagId);
  await groupOf(db, input.groupId);
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "groups", input.groupId))) throw new AppError("NOT_FOUND", M.groupNotFound);
    const existing = await findAssociation(trx, input.groupId, tag.name_key);
    if (!existing) throw new AppError("NOT_FOUND", M.notAssociated, { tagId: M.notAssociated });
    const [policies, users] = await Promise.all([
      trx.selectFrom("policy_tags").select("policy_id").where("tag_id", "=", existing.id).execute(),
      trx.selectFrom("user_tags").select("user_id").where("group_tag_id", "=", existing.id).execute(),
    ]);
    await trx.deleteFrom("group_tags").where("id", "=", existing.id).execute();
    await audit(trx, actor, input.groupId, "group_tag", existing.id, "tags.disassociate", { tag: tag.name, status: existing.status, policyIds: policies.map((p) => p.policy_id), userIds: users.map((u) => u.user_id) }, null);
    return { success: true as const, association: null };
  });
}

/** The group_tags rows for catalogue ids: each must be associated with the group, and ACTIVE unless already held. */
async function groupTagsFor(trx: DB, groupId: number, tagIds: number[], held: Set<number>) {
  const associations = await findAssociations(trx, groupId);
  const byTag = new Map(associations.map((a) => [a.tagId, a]));
  const out: number[] = [];
  for (const tagId of new Set(tagIds)) {
    const a = byTag.get(tagId);
    if (!a) throw new AppError("VALIDATION", M.notAssociated, { tagIds: M.notAssociated });
    if (a.status !== "ACTIVE" && !held.has(a.groupTagId)) throw new AppError("VALIDATION", M.inactive, { tagIds: M.inactive });
    out.push(a.groupTagId);
  }
  return out.sort((a, b) => a - b);
}

const sameSet = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** syncGroupTagUserAllocation {userId, tagIds}: the manager's tags become exactly these. */
export async function syncUserAllocation(db: DB, actor: Actor, input: { userId: number; tagIds: number[] }) {
  assertAdmin(actor.user);
  const target = await db.selectFrom("users").select(["id", "role", "group_id"]).where("id", "=", input.userId).executeTakeFirst();
  if (!target) throw new AppError("NOT_FOUND", M.userNotFound, { userId: M.userNotFound });
  if (target.role !== "MANAGER" || target.group_id === null) throw new AppError("VALIDATION", M.userNotManager, { userId: M.userNotManager });
  const groupId = target.group_id;
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "groups", groupId);
    await lockRow(trx, "users", target.id);
    const before = (await trx.selectFrom("user_tags").select("group_tag_id").where("user_id", "=", target.id).execute()).map((r) => r.group_tag_id).sort((a, b) => a - b);
    const after = await groupTagsFor(trx, groupId, input.tagIds, new Set(before));
    if (!sameSet(before, after)) {
      await trx.deleteFrom("user_tags").where("user_id", "=", target.id).execute();
      if (after.length > 0) await trx.insertInto("user_tags").values(after.map((group_tag_id) => ({ user_id: target.id, group_tag_id, group_id: groupId }))).execute();
      await audit(trx, actor, groupId, "user", target.id, "tags.allocate-user", { groupTagIds: before }, { groupTagIds: after });
    }
    return { success: true as const, tags: (await findUserTags(trx, target.id)).map((r) => ({ tagId: r.tagId, tagName: r.tagName })) };
  });
}

/** syncGroupTagPolicyAllocation {policyId, tagIds}: the policy's tags become exactly these. */
export async function syncPolicyAllocation(db: DB, actor: Actor, input: { policyId: number; tagIds: number[] }) {
  assertAdmin(actor.user);
  const policy = await db.selectFrom("policies").select(["id", "group_id"]).where("id", "=", input.policyId).executeTakeFirst();
  if (!policy) throw new AppError("NOT_FOUND", M.policyNotFound, { policyId: M.policyNotFound });
  return db.transaction().execute(async (trx) => {
    await lockRow(trx, "groups", policy.group_id);
    await lockRow(trx, "policies", policy.id);
    const before = (await trx.selectFrom("policy_tags").select("tag_id").where("policy_id", "=", policy.id).execute()).map((r) => r.tag_id).sort((a, b) => a - b);
    const after = await groupTagsFor(trx, policy.group_id, input.tagIds, new Set(before));
    if (!sameSet(before, after)) {
      await trx.deleteFrom("policy_tags").where("policy_id", "=", policy.id).execute();
      if (after.length > 0) await trx.insertInto("policy_tags").values(after.map((tag_id) => ({ policy_id: policy.id, tag_id }))).execute();
      await audit(trx, actor, policy.group_id, "policy", policy.id, "tags.allocate-policy", { groupTagIds: before }, { groupTagIds: after });
    }
    return { success: true as const, tags: (await findPolicyTags(trx, [policy.id])).map((r) => ({ tagId: r.tagId, tagName: r.tagName })) };
  });
}

/** The manage page's read: a group's associations, policies and managers with their catalogue tag ids. */
export async function tagTargets(db: DB, user: SessionUser, groupName: string): Promise<TTagTargetsResponse> {
  assertAdmin(user);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", M.groupNotFound, { groupName: M.groupNotFound });
  const [associations, policies, managers] = await Promise.all([
    findAssociations(db, group.id),
    db.selectFrom("policies").select(["id", "name"]).where("group_id", "=", group.id).orderBy("name").orderBy("id").execute(),
    db.selectFrom("users").select(["id", "first_name", "last_name", "email"]).where("group_id", "=", group.id).where("role", "=", "MANAGER").orderBy("last_name").orderBy("id").execute(),
  ]);
  const [policyTags, userTags] = await Promise.all([findPolicyTags(db, policies.map((p) => p.id)), findUsersTags(db, managers.map((m) => m.id))]);
  const tagsOf = <K extends string>(rows: ({ tagId: number } & Record<K, number>)[], key: K, id: number) => rows.filter((r) => r[key] === id).map((r) => r.tagId);
  return {
    groupId: group.id,
    associations: associations.map(toAssociation),
    policies: policies.map((p) => ({ id: p.id, name: p.name, tagIds: tagsOf(policyTags, "policyId", p.id) })),
    managers: managers.map((m) => ({ userId: m.id, name: `${m.first_name} ${m.last_name}`.trim(), email: m.email, tagIds: tagsOf(userTags, "userId", m.id) })),
  };
}
