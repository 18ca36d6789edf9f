/**
 * Half-way failures of the HR-operations writes of issues 14 and 15 that change several rows in one call:
 * supplier quotes (quotes.add, quotes.book), the welcome popup (welcome.answer, POST /mercer/popup) and the
 * tags admin (tags.saveAssociation, dropAssociation, syncUserAllocation, syncPolicyAllocation), and the
 * incidents' writes. Each call runs on a database handle that fails after one of its writes has run
 * (src/test/fail-midway.ts) — the transaction's last write, or one in the middle — and the test finds
 * nothing written: the rows of every table the call touches are read before and after and compared.
 * SQLite and (TEST_DB=postgres) PostgreSQL.
 */
import { describe, expect, spyOn, test } from "bun:test";
import type { DB } from "../db/index.ts";
import { callerFor, insertTestUser } from "./db.ts";
import { failingWrites, type WriteKind } from "./fail-midway.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";
import { dayFromNow, newEmployeeWithMove } from "../routers/employee/welcome.fixtures.ts";
import { quoteInput } from "../routers/employee/quotes.fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });

/** Runs `call`, which must fail with the injected failure (logged errors silenced), and checks the failure fired. */
async function failsHalfway(call: () => Promise<unknown>, fired: () => boolean) {
  const quiet = spyOn(console, "error").mockImplementation(() => {});
  try {
    await expect(call()).rejects.toThrow(/injected failure|InjectedFailure/);
  } finally {
    quiet.mockRestore();
  }
  expect(fired()).toBe(true);
}

type Table = "supplier_quotes" | "audit_log" | "welcome_call_requests" | "welcome_popups" | "group_tags" | "policy_tags" | "user_tags" | "incidents";
/** Every row of the tables, in id (or key) order: what "nothing written" compares. */
async function snapshot(db: DB, ...tables: Table[]): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const rows = (await db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
    out[table] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

async function expectNothingWritten(tables: Table[], call: (db: DB) => Promise<unknown>, target: { table: Table; kind: WriteKind; nth?: number }) {
  const before = await snapshot(t.db, ...tables);
  const broken = failingWrites(t.db, target);
  await failsHalfway(() => call(broken.db), broken.fired);
  expect(await snapshot(t.db, ...tables)).toEqual(before);
}

// ── Supplier quotes ────────────────────────────────────────────────────────────────────────────

const QUOTE_TABLES: Table[] = ["supplier_quotes", "audit_log"];

describe("supplier quotes", () => {
  test.each([
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
    ["the quote row itself", { table: "supplier_quotes" as const, kind: "insert" as const }],
  ])("quotes.add failing at %s writes nothing", async (_label, target) => {
    const e = await newEmployeeWithMove(t.db);
    await expectNothingWritten(QUOTE_TABLES, async (db) => (await callerFor(db, DEMO.HR)).quotes.add(quoteInput(e.moveId)), target);
  });

  test.each([
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
    ["the decline of the other quotes (a middle write)", { table: "supplier_quotes" as const, kind: "update" as const, nth: 2 }],
    ["the booking update (its first write)", { table: "supplier_quotes" as const, kind: "update" as const, nth: 1 }],
  ])("quotes.book failing at %s leaves every quote OPEN and no audit row", async (_label, target) => {
    const e = await newEmployeeWithMove(t.db);
    const hr = await callerFor(t.db, DEMO.HR);
    const a = await hr.quotes.add(quoteInput(e.moveId, { companyName: "A" }));
    const b = await hr.quotes.add(quoteInput(e.moveId, { companyName: "B" }));
    await expectNothingWritten(QUOTE_TABLES, async (db) => (await callerFor(db, e.email)).quotes.book({ quoteId: b.id }), target);
    const statuses = await t.db.selectFrom("supplier_quotes").select("status").where("id", "in", [a.id, b.id]).execute();
    expect(statuses.map((s) => s.status)).toEqual(["OPEN", "OPEN"]);
    // And the same booking on a sound handle then works: the failure left no lock or half state behind.
    expect((await (await callerFor(t.db, e.email)).quotes.book({ quoteId: b.id })).declined).toBe(1);
  });
});

// ── Welcome popup ──────────────────────────────────────────────────────────────────────────────

const WELCOME_TABLES: Table[] = ["welcome_call_requests", "welcome_popups", "audit_log"];
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

describe("welcome popup", () => {
  test.each([
    ["the popup's stage row (its last write)", { table: "welcome_popups" as const, kind: "insert" as const }],
    ["the audit row (a middle write)", { table: "audit_log" as const, kind: "insert" as const }],
    ["the request row (its first write)", { table: "welcome_call_requests" as const, kind: "insert" as const }],
  ])("a first booking failing at %s writes nothing", async (_label, target) => {
    const e = await newEmployeeWithMove(t.db);
    await expectNothingWritten(WELCOME_TABLES, async (db) => (await callerFor(db, e.email)).welcome.answer(booking(e.moveId)), target);
    // Nothing half-stored: the popup still shows at stage 1 with no request.
    expect(await (await callerFor(t.db, e.email)).welcome.state({})).toMatchObject({ show: true, stage: 1, request: null });
  });

  test("a changed booking failing at its audit row keeps the first booking as it was", async () => {
    const e = await newEmployeeWithMove(t.db);
    const me = await callerFor(t.db, e.email);
    await me.welcome.answer(booking(e.moveId));
    await expectNothingWritten(WELCOME_TABLES, async (db) => (await callerFor(db, e.email)).welcome.answer(booking(e.moveId, { time: "15:00" })), {
      table: "audit_log",
      kind: "insert",
    });
    expect((await me.welcome.state({})).request).toMatchObject({ time: "10:30", status: "REQUESTED" });
  });

  test("a stage answer failing at its popup row writes nothing", async () => {
    const e = await newEmployeeWithMove(t.db);
    await expectNothingWritten(WELCOME_TABLES, async (db) => (await callerFor(db, e.email)).welcome.answer({ moveId: e.moveId, action: "STAGE", stage: 2 }), {
      table: "welcome_popups",
      kind: "insert",
    });
  });
});

// ── Tags admin ─────────────────────────────────────────────────────────────────────────────────

const TAG_TABLES: Table[] = ["group_tags", "policy_tags", "user_tags", "audit_log"];
let seq = 0;
/** A fresh group with a policy and a manager, and a fresh catalogue tag. */
async function tagSetUp() {
  const n = `${Date.now().toString(36)}h${++seq}`;
  const now = new Date().toISOString();
  const g = await t.db.insertInto("groups").values({ name: `hw${n}`, display_name: `HW ${n}`, status: "ACTIVE", created_at: now, updated_at: now }).returning(["id", "name"]).executeTakeFirstOrThrow();
  const policy = await t.db
    .insertInto("policies")
    .values({ group_id: g.id, name: `Policy ${n}`, move_type: "INTERNATIONAL", archetype: "LONG_TERM", created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const managerId = await insertTestUser(t.db, { email: `mg-${n}@hw.test`, role: "MANAGER", group: g.name });
  const admin = await callerFor(t.db, DEMO.ADMIN);
  const created = await admin.policy.catalogue.createTag({ group: "acme", name: `Tag ${n}` });
  const tag = await t.db.selectFrom("tags").select(["id", "name"]).where("name", "=", created.name).executeTakeFirstOrThrow();
  return { groupId: g.id, policyId: policy.id, managerId, tagId: tag.id };
}
/** The set-up with the tag associated (ACTIVE) and allocated to the policy and the manager. */
async function allocated() {
  const s = await tagSetUp();
  const admin = await callerFor(t.db, DEMO.ADMIN);
  await admin.tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" });
  await admin.tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId] });
  await admin.tags.syncUserAllocation({ userId: s.managerId, tagIds: [s.tagId] });
  return s;
}
const asAdmin = (db: DB) => callerFor(db, DEMO.ADMIN);

describe("tags admin", () => {
  test.each([
    ["the audit row", { table: "audit_log" as const, kind: "insert" as const }],
    ["the association row", { table: "group_tags" as const, kind: "insert" as const }],
  ])("saveAssociation (new) failing at %s writes nothing", async (_label, target) => {
    const s = await tagSetUp();
    await expectNothingWritten(TAG_TABLES, async (db) => (await asAdmin(db)).tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "ACTIVE" }), target);
  });

  test("saveAssociation (status change) failing at its audit row keeps the status", async () => {
    const s = await allocated();
    await expectNothingWritten(TAG_TABLES, async (db) => (await asAdmin(db)).tags.saveAssociation({ tagId: s.tagId, groupId: s.groupId, status: "INACTIVE" }), {
      table: "audit_log",
      kind: "insert",
    });
  });

  test("dropAssociation failing at its audit row (after the delete and its cascades) keeps the association and both allocations", async () => {
    const s = await allocated();
    await expectNothingWritten(TAG_TABLES, async (db) => (await asAdmin(db)).tags.dropAssociation({ tagId: s.tagId, groupId: s.groupId }), { table: "audit_log", kind: "insert" });
    expect(await t.db.selectFrom("user_tags").select("user_id").where("user_id", "=", s.managerId).execute()).toHaveLength(1);
    expect(await t.db.selectFrom("policy_tags").select("policy_id").where("policy_id", "=", s.policyId).execute()).toHaveLength(1);
  });

  test.each([
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
    ["the new allocation rows (after the old ones were deleted)", { table: "user_tags" as const, kind: "insert" as const }],
    ["the delete of the old allocation (its first write)", { table: "user_tags" as const, kind: "delete" as const }],
  ])("syncUserAllocation failing at %s keeps the manager's tags", async (_label, target) => {
    const s = await allocated();
    const other = await tagSetUp();
    // A second tag associated with the first set-up's group, so the sync really changes the set.
    const admin = await callerFor(t.db, DEMO.ADMIN);
    await admin.tags.saveAssociation({ tagId: other.tagId, groupId: s.groupId, status: "ACTIVE" });
    await expectNothingWritten(TAG_TABLES, async (db) => (await asAdmin(db)).tags.syncUserAllocation({ userId: s.managerId, tagIds: [other.tagId] }), target);
  });

  test.each([
    ["the audit row (its last write)", { table: "audit_log" as const, kind: "insert" as const }],
    ["the new allocation rows", { table: "policy_tags" as const, kind: "insert" as const }],
  ])("syncPolicyAllocation failing at %s keeps the policy's tags", async (_label, target) => {
    const s = await allocated();
    const other = await tagSetUp();
    const admin = await callerFor(t.db, DEMO.ADMIN);
    await admin.tags.saveAssociation({ tagId: other.tagId, groupId: s.groupId, status: "ACTIVE" });
    await expectNothingWritten(TAG_TABLES, async (db) => (await asAdmin(db)).tags.syncPolicyAllocation({ policyId: s.policyId, tagIds: [s.tagId, other.tagId] }), target);
  });
});

// ── Incidents ──────────────────────────────────────────────────────────────────────────────────

const INCIDENT_TABLES: Table[] = ["incidents", "audit_log"];

describe("incidents", () => {
  const emmaMove = async () =>
    (await t.db.selectFrom("moves as m").innerJoin("users as u", "u.id", "m.employee_user_id").select("m.id").where("u.email", "=", DEMO.EMPLOYEE).where("m.status", "=", "open").executeTakeFirstOrThrow()).id;

  test.each([
    ["the audit row", { table: "audit_log" as const, kind: "insert" as const }],
    ["the incident row", { table: "incidents" as const, kind: "insert" as const }],
  ])("raise failing at %s writes nothing", async (_label, target) => {
    const moveId = await emmaMove();
    await expectNothingWritten(INCIDENT_TABLES, async (db) => (await callerFor(db, DEMO.HR)).incidents.raise({ group: "acme", moveId, kind: "EXCEPTION", title: "Half way" }), target);
  });

  test.each(["escalate", "close"] as const)("%s failing at its audit row leaves the incident as it was", async (action) => {
    const moveId = await emmaMove();
    const { incident } = await (await callerFor(t.db, DEMO.HR)).incidents.raise({ group: "acme", moveId, kind: "EXCEPTION", title: `Half way ${action}` });
    await expectNothingWritten(INCIDENT_TABLES, async (db) => (await callerFor(db, DEMO.HR)).incidents[action]({ group: "acme", incidentId: incident.id }), {
      table: "audit_log",
      kind: "insert",
    });
    // And it then works once on a sound handle.
    expect((await (await callerFor(t.db, DEMO.HR)).incidents[action]({ group: "acme", incidentId: incident.id })).incident.version).toBe(2);
  });
});
