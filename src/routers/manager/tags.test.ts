/**
 * Tags admin (issue 15; part 2 §2, §3, §5, §7, §8; part 1 §7) through tags.* and the /admin/tags/… paths on
 * the test database (SQLite, or PostgreSQL with TEST_DB=postgres): the catalogue from the groups' tags,
 * associate / change status / drop (with its allocations), allocations to policies and managers, the §5
 * texts with nothing written, ADMIN only, GET on the state-changing paths 405 Allow: POST, 50 parallel
 * identical calls with one effect.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { tagMessages as M } from "../../domain/manager/tags/schemas.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson } from "../../test/app.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectNoServerError, expectOneEffect, outcomesOf, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
/** A fresh group with a policy and a manager; a fresh catalogue tag (through the policy area's createTag in a scratch group). */
async function setUp(db: DB) {
  const n = `${Date.now().toString(36)}${++seq}`;
  const now = new Date().toISOString();
  const g = await db.insertInto("groups").values({ name: `tg${n}`, display_name: `TG ${n}`, status: "ACTIVE", created_at: now, updated_at: now }).returning(["id", "name"]).executeTakeFirstOrThrow();
  const policy = await db
    .insertInto("policies")
    .values({ group_id: g.id, name: `Policy ${n}`, move_type: "INTERNATIONAL", archetype: "LONG_TERM", created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const managerEmail = `mg-${n}@tg.test`;
  const managerId = await insertTestUser(db, { email: managerEmail, role: "MANAGER", group: g.name });
  const hrEmail = `hr-${n}@tg.test`;
  await insertTestUser(db, { email: hrEmail, role: "HR", group: g.name });
  const admin = await callerFor(db, DEMO.ADMIN);
  const created = await admin.policy.catalogue.createTag({ group: "acme", name: `Tag ${n}` });
  const catalogue = await db.selectFrom("tags").select(["id", "name"]).where("name", "=", created.name).executeTakeFirstOrThrow();
  return { group: g, policyId: policy.id, managerId, managerEmail, hrEmail, tagId: catalogue.id, tagName: catalogue.name };
}
const associations = (db: DB, groupId: number) => db.selectFrom("group_tags").select(["id", "name", "status"]).where("group_id", "=", groupId).execute();

describe("tags (tRPC)", () => {
  test("the catalogue holds the demo and new group tags; associate, change status, allocate to a policy and a manager, drop removes the allocations", async () => {
    const s = await setUp(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    const all = await admin.tags.all();
    expect(all.tags.map((x) => x.tagName)).toEqual(expect.arrayContaining(["EMEA", "Americas", s.tagName]));
    expect((await admin.tags.associatedByGroup({ groupName: s.group.name })).tags).toEqual([]);
    const saved = await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "ACTIVE" });
    expect(saved.association).toEqual({ tagId: s.tagId, tagName: s.tagName, groupId: s.group.id, status: "ACTIVE" });
    expect((await admin.tags.associatedByGroup({ groupName: s.group.name })).tags).toEqual([saved.association!]);
    // Each write's audit row, field by field (issue 23 item 24).
    const groupTagId = (await associations(t.db, s.group.id))[0]!.id;
    const audited = (action: string, entity: string, entityId: number, oldValues: unknown, newValues: unknown) =>
      expectAudit(t.db, { action, actor: DEMO.ADMIN, groupId: s.group.id, entity, entityId, oldValues, newValues });
    await audited("tags.associate", "group_tag", groupTagId, null, { tag: s.tagName, status: "ACTIVE" });
    expect((await admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] })).tags).toEqual([{ tagId: s.tagId, tagName: s.tagName }]);
    await audited("tags.allocate-policy", "policy", s.policyId, { groupTagIds: [] }, { groupTagIds: [groupTagId] });
    expect((await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] })).tags).toEqual([{ tagId: s.tagId, tagName: s.tagName }]);
    await audited("tags.allocate-user", "user", s.managerId, { groupTagIds: [] }, { groupTagIds: [groupTagId] });
    expect((await admin.tags.allocatedByUser({ userId: s.managerId })).tags).toEqual([{ tagId: s.tagId, tagName: s.tagName }]);
    const targets = await admin.tags.targets({ groupName: s.group.name });
    expect(targets.policies).toEqual([expect.objectContaining({ id: s.policyId, tagIds: [s.tagId] })]);
    expect(targets.managers).toEqual([expect.objectContaining({ userId: s.managerId, tagIds: [s.tagId] })]);
    // INACTIVE: still held where it was, not allocatable anew.
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "INACTIVE" });
    expect((await associations(t.db, s.group.id)).map((a) => a.status)).toEqual(["INACTIVE"]);
    await audited("tags.associate", "group_tag", groupTagId, { status: "ACTIVE" }, { status: "INACTIVE" });
    await admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] });
    await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [] });
    await expectTrpcError(admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] }), "BAD_REQUEST", M.inactive);
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "ACTIVE" });
    await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] });
    expect(await admin.tags.dropAssociation({ tagId: s.tagId, groupId: s.group.id })).toEqual({ success: true, association: null });
    await audited("tags.disassociate", "group_tag", groupTagId, { tag: s.tagName, status: "ACTIVE", policyIds: [s.policyId], userIds: [s.managerId] }, null);
    expect(await associations(t.db, s.group.id)).toEqual([]);
    expect(await t.db.selectFrom("policy_tags").selectAll().where("policy_id", "=", s.policyId).execute()).toEqual([]);
    expect(await t.db.selectFrom("user_tags").selectAll().where("user_id", "=", s.managerId).execute()).toEqual([]);
    const audits = await t.db.selectFrom("audit_log").select("action").where("group_id", "=", s.group.id).orderBy("id").execute();
    expect(audits.map((a) => a.action)).toEqual(["tags.associate", "tags.allocate-policy", "tags.allocate-user", "tags.associate", "tags.allocate-user", "tags.associate", "tags.allocate-user", "tags.disassociate"]);
  });

  test("§5 bad input: tag, group, status empty; unknown tag or group; a tag not associated; a user who is not a manager; nothing written", async () => {
    const s = await setUp(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    const e1 = await expectInputError(admin.tags.saveAssociation({ tagId: "" as never, groupId: s.group.id, status: "ACTIVE" }), "tagId");
    expect(e1.message).toContain(M.tagRequired);
    const e2 = await expectInputError(admin.tags.saveAssociation({ tagId: s.tagId, groupId: null as never, status: "ACTIVE" }), "groupId");
    expect(e2.message).toContain(M.groupRequired);
    const e3 = await expectInputError(admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: " " as never }), "status");
    expect(e3.message).toContain(M.statusRequired);
    await expectTrpcError(admin.tags.saveAssociation({ tagId: 2147483647, groupId: s.group.id, status: "ACTIVE" }), "NOT_FOUND", M.tagNotFound);
    await expectTrpcError(admin.tags.saveAssociation({ tagId: s.tagId, groupId: 2147483647, status: "ACTIVE" }), "NOT_FOUND", M.groupNotFound);
    await expectTrpcError(admin.tags.dropAssociation({ tagId: s.tagId, groupId: s.group.id }), "NOT_FOUND", M.notAssociated);
    await expectTrpcError(admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] }), "BAD_REQUEST", M.notAssociated);
    const employee = await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
    await expectTrpcError(admin.tags.syncUserAllocation({ userId: employee.id, tagIds: [] }), "BAD_REQUEST", M.userNotManager);
    await expectTrpcError(admin.tags.associatedByGroup({ groupName: "no-such-group" }), "NOT_FOUND", M.groupNotFound);
    expect(await associations(t.db, s.group.id)).toEqual([]);
    expect(await t.db.selectFrom("audit_log").select("id").where("group_id", "=", s.group.id).execute()).toEqual([]);
  });

  test("ADMIN only: HR (own group), the group's manager, an employee, FINANCE are refused and nothing is written", async () => {
    const s = await setUp(t.db);
    for (const email of [s.hrEmail, s.managerEmail, DEMO.HR, DEMO.EMPLOYEE, DEMO.FINANCE]) {
      const c = await callerFor(t.db, email);
      await expectTrpcError(c.tags.all(), "FORBIDDEN");
      await expectTrpcError(c.tags.associatedByGroup({ groupName: s.group.name }), "FORBIDDEN");
      await expectTrpcError(c.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "ACTIVE" }), "FORBIDDEN");
      await expectTrpcError(c.tags.syncUserAllocation({ userId: s.managerId, tagIds: [] }), "FORBIDDEN");
    }
    await expectTrpcError((await callerFor(t.db, null)).tags.all(), "UNAUTHORIZED");
    expect(await associations(t.db, s.group.id)).toEqual([]);
  });

  test("races: 50 parallel identical associations → one row and one audit; 50 drops → one effect, the rest 404; 50 identical syncs → one set, one audit", async () => {
    const s = await setUp(t.db);
    const callers = await Promise.all(Array.from({ length: 50 }, () => callerFor(t.db, DEMO.ADMIN)));
    await expectAllSucceed(await race(50, (i) => callers[i]!.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "ACTIVE" })));
    expect(await associations(t.db, s.group.id)).toHaveLength(1);
    await expectAllSucceed(await race(50, (i) => callers[i]!.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] })));
    await expectAllSucceed(await race(50, (i) => callers[i]!.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] })));
    expect(await t.db.selectFrom("user_tags").selectAll().where("user_id", "=", s.managerId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom("policy_tags").selectAll().where("policy_id", "=", s.policyId).execute()).toHaveLength(1);
    const actions = (await t.db.selectFrom("audit_log").select("action").where("group_id", "=", s.group.id).execute()).map((a) => a.action).sort();
    expect(actions).toEqual(["tags.allocate-policy", "tags.allocate-user", "tags.associate"]);
    await expectOneEffect(await race(50, (i) => callers[i]!.tags.dropAssociation({ tagId: s.tagId, groupId: s.group.id })), { refusal: { code: "NOT_FOUND", message: M.notAssociated } });
    expect(await associations(t.db, s.group.id)).toEqual([]);
  });

  test("races: associating while the policy area adds the same group tag: no server error, one row", async () => {
    const s = await setUp(t.db);
    const callers = await Promise.all(Array.from({ length: 40 }, () => callerFor(t.db, DEMO.ADMIN)));
    const results = await race<unknown>(40, (i): Promise<unknown> =>
      i % 2 === 0
        ? callers[i]!.tags.saveAssociation({ tagId: s.tagId, groupId: s.group.id, status: "ACTIVE" })
        : callers[i]!.policy.catalogue.createTag({ group: s.group.name, name: s.tagName }),
    );
    expectNoServerError(await outcomesOf(results));
    expect(await associations(t.db, s.group.id)).toHaveLength(1);
  });
});

describe("tags legacy paths", () => {
  test("every path answers as documented; saveGroupTagAssociation, dropGroupTagAssociation and syncGroupTagPolicyAllocation by GET are 405 Allow: POST and write nothing", async () => {
    const s = await setUp(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    for (const path of ["/admin/tags/saveGroupTagAssociation", "/admin/tags/dropGroupTagAssociation", "/admin/tags/syncGroupTagPolicyAllocation"]) {
      const res = await get(app, `${path}?tagId=${s.tagId}&groupId=${s.group.id}&status=ACTIVE&policyId=${s.policyId}&tagIds=${s.tagId}`, admin);
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("POST");
      expect(await res.json()).toEqual({ success: false, errorMessage: M.postOnly });
    }
    expect(await associations(t.db, s.group.id)).toEqual([]);
    expect((await jsonOf(await get(app, "/admin/tags/loadAllTags", admin))).body.tags).toEqual(expect.arrayContaining([{ tagId: s.tagId, tagName: s.tagName }]));
    const saved = await jsonOf(await postForm(app, "/admin/tags/saveGroupTagAssociation", { tagId: String(s.tagId), groupId: String(s.group.id), status: "active" }, admin));
    expect(saved).toEqual({ status: 200, body: { success: true, association: { tagId: s.tagId, tagName: s.tagName, groupId: s.group.id, status: "ACTIVE" } } });
    expect((await jsonOf(await get(app, `/admin/tags/loadAllAssociatedTagsByGroupName?groupName=${s.group.name}`, admin))).body.tags).toHaveLength(1);
    expect((await jsonOf(await postForm(app, "/admin/tags/syncGroupTagPolicyAllocation", { policyId: String(s.policyId), tagIds: String(s.tagId) }, admin))).body.tags).toEqual([{ tagId: s.tagId, tagName: s.tagName }]);
    expect((await jsonOf(await postJson(app, "/admin/tags/syncGroupTagUserAllocation", { userId: s.managerId, tagIds: [s.tagId] }, admin))).body.tags).toHaveLength(1);
    expect((await jsonOf(await get(app, `/admin/tags/loadAllAllocatedTagsByUserId?userId=${s.managerId}`, admin))).body.tags).toEqual([{ tagId: s.tagId, tagName: s.tagName }]);
    expect(await jsonOf(await postForm(app, "/admin/tags/dropGroupTagAssociation", { tagId: String(s.tagId), groupId: String(s.group.id) }, admin))).toEqual({ status: 200, body: { success: true, association: null } });
  });

  test("§5 texts, wrong role, signed out: refusals with errorMessage, no stack trace, nothing written", async () => {
    const s = await setUp(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    const hr = { cookie: await cookieFor(t.db, s.hrEmail) };
    const refused = async (res: Response, status: number, message?: string) => {
      const text = await res.text();
      expectNoStackTrace(text);
      expect(res.status).toBe(status);
      const body = JSON.parse(text);
      expect(body.success).toBe(false);
      if (message) expect(body.errorMessage).toBe(message);
    };
    await refused(await postForm(app, "/admin/tags/saveGroupTagAssociation", { groupId: String(s.group.id), status: "ACTIVE" }, admin), 400, M.tagRequired);
    await refused(await postForm(app, "/admin/tags/saveGroupTagAssociation", { tagId: String(s.tagId), groupId: "", status: "ACTIVE" }, admin), 400, M.groupRequired);
    await refused(await postForm(app, "/admin/tags/saveGroupTagAssociation", { tagId: String(s.tagId), groupId: String(s.group.id) }, admin), 400, M.statusRequired);
    await refused(await postForm(app, "/admin/tags/dropGroupTagAssociation", { groupId: String(s.group.id) }, admin), 400, M.tagRequired);
    await refused(await postForm(app, "/admin/tags/saveGroupTagAssociation", { tagId: String(s.tagId), groupId: String(s.group.id), status: "ACTIVE" }, hr), 403);
    await refused(await get(app, "/admin/tags/loadAllTags", hr), 403);
    await refused(await get(app, "/admin/tags/loadAllTags", {}), 401);
    await refused(await get(app, "/admin/tags/loadAllAssociatedTagsByGroupName", admin), 400, M.groupRequired);
    expect(await associations(t.db, s.group.id)).toEqual([]);
  });

  test("50 parallel identical legacy saves: one association", async () => {
    const s = await setUp(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    await expectAllSucceed(await race(50, () => postForm(app, "/admin/tags/saveGroupTagAssociation", { tagId: String(s.tagId), groupId: String(s.group.id), status: "ACTIVE" }, admin)));
    expect(await associations(t.db, s.group.id)).toHaveLength(1);
  });
});
