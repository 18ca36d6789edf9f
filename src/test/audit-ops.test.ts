/**
 * The audit rows of the HR-operations writes of issues 14 and 15, read field by field: who (actor and the
 * address the call came from), which group, which entity and id, the action, the values before (old) and
 * after (new), exactly. Supplier quotes (quotes.add, quotes.book), the welcome popup (welcome.answer), the
 * tags admin (associate, status change, allocations, disassociate) and incidents. A write that changes
 * nothing writes no row; a creation has no old values and a removal no new ones (SQL NULL, not the JSON
 * text "null"). SQLite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../db/index.ts";
import { callerFor, insertTestUser } from "./db.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";
import { dayFromNow, newEmployeeWithMove } from "../routers/employee/welcome.fixtures.ts";
import { quoteInput } from "../routers/employee/quotes.fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });
const IP = "203.0.113.7";
const as = (email: string, db: DB = t.db) => callerFor(db, email, { ip: IP });

const userIdOf = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const groupIdOf = async (name: string) => (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;

type AuditView = { actor: number | null; group: number | null; entity: string; entityId: string | null; action: string; old: unknown; new: unknown; ip: string | null; oldRaw: string | null; newRaw: string | null };
/** The audit rows of an entity (optionally one action), oldest first, with old and new parsed. */
async function auditsOf(entity: string, entityId: number | string, action?: string): Promise<AuditView[]> {
  let q = t.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(entityId));
  if (action) q = q.where("action", "=", action);
  const rows = await q.orderBy("id").execute();
  return rows.map((r) => ({
    actor: r.actor_user_id,
    group: r.group_id,
    entity: r.entity,
    entityId: r.entity_id,
    action: r.action,
    old: r.old_values === null ? undefined : JSON.parse(r.old_values),
    new: r.new_values === null ? undefined : JSON.parse(r.new_values),
    ip: r.ip,
    oldRaw: r.old_values,
    newRaw: r.new_values,
  }));
}
/** The audit row must carry a real timestamp. */
async function expectStamped(entity: string, entityId: number) {
  const rows = await t.db.selectFrom("audit_log").select("at").where("entity", "=", entity).where("entity_id", "=", String(entityId)).execute();
  for (const r of rows) expect(Number.isNaN(Date.parse(r.at))).toBe(false);
}

// ── Supplier quotes ────────────────────────────────────────────────────────────────────────────


describe("supplier quotes", () => {
  test("quotes.add: HR, acme, supplier_quote #id, no old values, the stored quote as new values (minor units)", async () => {
    const e = await newEmployeeWithMove(t.db);
    const q = await (await as(DEMO.HR)).quotes.add(quoteInput(e.moveId));
    const [row, ...more] = await auditsOf("supplier_quote", q.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ actor: await userIdOf(DEMO.HR), group: await groupIdOf("acme"), entity: "supplier_quote", entityId: String(q.id), action: "quotes.add", ip: IP, oldRaw: null });
    expect(row!.new).toEqual({ moveId: e.moveId, service: "TEMPACCOMMODATION", moveStage: 1, companyName: "Harbour Suites", scope: "ONSHORE", amount: 245050, currency: "USD", validUntil: quoteInput(0).validUntil });
    await expectStamped("supplier_quote", q.id);
  });

  test("quotes.book: the employee, old status OPEN, new BOOKED with the quote's figures and which quotes were declined; a refused repeat writes nothing", async () => {
    const e = await newEmployeeWithMove(t.db);
    const hr = await as(DEMO.HR);
    const a = await hr.quotes.add(quoteInput(e.moveId, { companyName: "A" }));
    const b = await hr.quotes.add(quoteInput(e.moveId, { companyName: "B", currency: "EUR", amount: "1999.99" }));
    const other = await hr.quotes.add(quoteInput(e.moveId, { companyName: "Other service", service: "IMMIGRATION" }));
    const me = await as(e.email);
    await me.quotes.book({ quoteId: b.id });
    const [row, ...more] = await auditsOf("supplier_quote", b.id, "quotes.book");
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ actor: e.userId, group: await groupIdOf("acme"), action: "quotes.book", ip: IP });
    expect(row!.old).toEqual({ status: "OPEN" });
    expect(row!.new).toEqual({ status: "BOOKED", moveId: e.moveId, service: "TEMPACCOMMODATION", moveStage: 1, companyName: "B", amount: 199999, currency: "EUR", declined: 1, declinedIds: [a.id] });
    // The declined quote's change is traceable from the booking's row; the untouched one appears nowhere.
    expect(JSON.stringify(row!.new)).not.toContain(`${other.id},`);
    await expect(me.quotes.book({ quoteId: b.id })).rejects.toThrow();
    expect(await auditsOf("supplier_quote", b.id, "quotes.book")).toHaveLength(1);
  });
});

// ── Welcome popup ──────────────────────────────────────────────────────────────────────────────

describe("welcome popup", () => {
  test("a booking: the employee and address, acme, welcome_call_request #id, no old values, the request as new values", async () => {
    const e = await newEmployeeWithMove(t.db);
    const me = await as(e.email);
    const offered = (await me.welcome.state({})).interestsOffered.map((i) => i.key);
    const date = dayFromNow(4);
    await me.welcome.answer({ moveId: e.moveId, action: "BOOK", date, time: "10:30", timeZone: "Europe/London", phone: "+44 20 7946 0958", interests: [offered[1]!, offered[0]!] });
    const request = await t.db.selectFrom("welcome_call_requests").selectAll().where("move_id", "=", e.moveId).executeTakeFirstOrThrow();
    const [row, ...more] = await auditsOf("welcome_call_request", request.id);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ actor: e.userId, group: await groupIdOf("acme"), entityId: String(request.id), action: "welcome-call-requested", ip: IP, oldRaw: null });
    expect(row!.new).toEqual({
      moveId: e.moveId,
      status: "REQUESTED",
      date,
      time: "10:30",
      timeZone: "Europe/London",
      scheduledAt: request.scheduled_at,
      phone: request.phone,
      interests: [offered[0]!, offered[1]!],
    });
    await expectStamped("welcome_call_request", request.id);
  });

  test("a changed booking: old and new are the request before and after, in the same shape; the same booking again writes nothing", async () => {
    const e = await newEmployeeWithMove(t.db);
    const me = await as(e.email);
    const date = dayFromNow(6);
    const first = { moveId: e.moveId, action: "BOOK" as const, date, time: "10:30", timeZone: "Europe/London", phone: "+44 20 7946 0958", interests: [] as string[] };
    await me.welcome.answer(first);
    const before = await t.db.selectFrom("welcome_call_requests").selectAll().where("move_id", "=", e.moveId).executeTakeFirstOrThrow();
    await me.welcome.answer({ ...first, time: "15:45", timeZone: "Europe/Paris" });
    const after = await t.db.selectFrom("welcome_call_requests").selectAll().where("move_id", "=", e.moveId).executeTakeFirstOrThrow();
    expect(after.id).toBe(before.id);
    const [row, ...more] = await auditsOf("welcome_call_request", before.id, "welcome-call-changed");
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ actor: e.userId, ip: IP });
    const shape = (r: typeof before) => ({ moveId: e.moveId, status: "REQUESTED", date: r.local_date, time: r.local_time, timeZone: r.time_zone, scheduledAt: r.scheduled_at, phone: r.phone, interests: JSON.parse(r.interests) });
    expect(row!.old).toEqual(shape(before));
    expect(row!.new).toEqual(shape(after));
    await me.welcome.answer({ ...first, time: "15:45", timeZone: "Europe/Paris" });
    expect(await auditsOf("welcome_call_request", before.id)).toHaveLength(2);
  });
});

// ── Tags admin ─────────────────────────────────────────────────────────────────────────────────

let seq = 0;
async function tagSetUp() {
  const n = `${Date.now().toString(36)}a${++seq}`;
  const now = new Date().toISOString();
  const g = await t.db.insertInto("groups").values({ name: `au${n}`, display_name: `AU ${n}`, status: "ACTIVE", created_at: now, updated_at: now }).returning(["id", "name"]).executeTakeFirstOrThrow();
  const policy = await t.db
    .insertInto("policies")
    .values({ group_id: g.id, name: `Policy ${n}`, move_type: "INTERNATIONAL", archetype: "LONG_TERM", created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const managerId = await insertTestUser(t.db, { email: `mg-${n}@au.test`, role: "MANAGER", group: g.name });
  const created = await (await callerFor(t.db, DEMO.ADMIN)).policy.catalogue.createTag({ group: "acme", name: `Tag ${n}` });
  const tag = await t.db.selectFrom("tags").select(["id", "name"]).where("name", "=", created.name).executeTakeFirstOrThrow();
  return { groupId: g.id, policyId: policy.id, managerId, tagId: tag.id, tagName: tag.name };
}

describe("tags admin", () => {
  test("associate, change status, allocate to a policy and a manager, disassociate: each row's actor, group, entity, old and new", async () => {
    const s = await tagSetUp();
    const adminId = await userIdOf(DEMO.ADMIN);
    const admin = await as(DEMO.ADMIN);
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" });
    const gt = await t.db.selectFrom("group_tags").select("id").where("group_id", "=", s.groupId).executeTakeFirstOrThrow();
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" }); // unchanged: no row
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "INACTIVE" });
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" });
    const association = await auditsOf("group_tag", gt.id);
    expect(association.map((r) => ({ actor: r.actor, group: r.group, action: r.action, ip: r.ip }))).toEqual(
      Array.from({ length: 3 }, () => ({ actor: adminId, group: s.groupId, action: "tags.associate", ip: IP })),
    );
    expect(association[0]!.oldRaw).toBeNull();
    expect(association[0]!.new).toEqual({ tag: s.tagName, status: "ACTIVE" });
    expect([association[1]!.old, association[1]!.new]).toEqual([{ status: "ACTIVE" }, { status: "INACTIVE" }]);
    expect([association[2]!.old, association[2]!.new]).toEqual([{ status: "INACTIVE" }, { status: "ACTIVE" }]);

    await admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] });
    await admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] }); // unchanged: no row
    await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] });
    const [policyRow, ...morePolicy] = await auditsOf("policy", s.policyId, "tags.allocate-policy");
    expect(morePolicy).toHaveLength(0);
    expect(policyRow).toMatchObject({ actor: adminId, group: s.groupId, ip: IP, old: { groupTagIds: [] }, new: { groupTagIds: [gt.id] } });
    const [userRow, ...moreUser] = await auditsOf("user", s.managerId, "tags.allocate-user");
    expect(moreUser).toHaveLength(0);
    expect(userRow).toMatchObject({ actor: adminId, group: s.groupId, ip: IP, old: { groupTagIds: [] }, new: { groupTagIds: [gt.id] } });

    await admin.tags.dropAssociation({ tagId: s.tagId, groupId: s.groupId });
    const [dropped, ...moreDropped] = await auditsOf("group_tag", gt.id, "tags.disassociate");
    expect(moreDropped).toHaveLength(0);
    expect(dropped).toMatchObject({ actor: adminId, group: s.groupId, ip: IP, newRaw: null });
    expect(dropped!.old).toEqual({ tag: s.tagName, status: "ACTIVE", policyIds: [s.policyId], userIds: [s.managerId] });
  });

  test("a sync back to no tags records the old set and the empty new one", async () => {
    const s = await tagSetUp();
    const admin = await as(DEMO.ADMIN);
    await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" });
    const gt = await t.db.selectFrom("group_tags").select("id").where("group_id", "=", s.groupId).executeTakeFirstOrThrow();
    await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] });
    await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [] });
    const rows = await auditsOf("user", s.managerId, "tags.allocate-user");
    expect(rows.map((r) => [r.old, r.new])).toEqual([
      [{ groupTagIds: [] }, { groupTagIds: [gt.id] }],
      [{ groupTagIds: [gt.id] }, { groupTagIds: [] }],
    ]);
  });
});

// ── Incidents ──────────────────────────────────────────────────────────────────────────────────

describe("incidents", () => {
  test("raise, escalate, close: HR and address, acme, incident #id, old → new of each step", async () => {
    const move = await t.db.selectFrom("moves as m").innerJoin("users as u", "u.id", "m.employee_user_id").select(["m.id", "m.employee_user_id"]).where("u.email", "=", DEMO.EMPLOYEE).where("m.status", "=", "open").executeTakeFirstOrThrow();
    const hr = await as(DEMO.HR);
    const hrId = await userIdOf(DEMO.HR);
    const { incident } = await hr.incidents.raise({ group: "acme", moveId: move.id, kind: "ESCALATION", title: "Audit me", description: "Field by field" });
    const escalated = (await hr.incidents.escalate({ group: "acme", incidentId: incident.id })).incident;
    const closed = (await hr.incidents.close({ group: "acme", incidentId: incident.id })).incident;
    const rows = await auditsOf("incident", incident.id);
    expect(rows.map((r) => ({ actor: r.actor, group: r.group, action: r.action, ip: r.ip }))).toEqual(
      ["incident.raise", "incident.escalate", "incident.close"].map((action) => ({ actor: hrId, group: incident.moveId === move.id ? (rows[0]!.group as number) : -1, action, ip: IP })),
    );
    expect(rows[0]!.group).toBe(await groupIdOf("acme"));
    expect(rows[0]!.oldRaw).toBeNull();
    expect(rows[0]!.new).toEqual({ moveId: move.id, employeeId: move.employee_user_id, kind: "ESCALATION", title: "Audit me", description: "Field by field", status: "OPEN", escalated: false, version: 1 });
    expect([rows[1]!.old, rows[1]!.new]).toEqual([{ status: "OPEN", escalated: false, version: 1 }, { status: "OPEN", escalated: true, escalatedAt: escalated.escalatedAt, version: 2 }]);
    expect([rows[2]!.old, rows[2]!.new]).toEqual([{ status: "OPEN", escalated: true, version: 2 }, { status: "CLOSED", escalated: true, closedAt: closed.closedAt, version: 3 }]);
    await expectStamped("incident", incident.id);
  });
});
