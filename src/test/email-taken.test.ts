/**
 * An address someone already has gets the same answer whoever has it (issue 23 item 12): a person of the
 * caller's own group, of another group, or platform staff. Before, another group's address answered
 * "cannot be invited" while the own group's answered "already exists", so an HR user could confirm which
 * addresses exist in other groups. The family: users.invite, employeeFile.editProfile (tRPC and
 * POST /{group}/employeefile/profile/edit), wizard.createNewEmployee (tRPC and POST /hr/json/createNewEmployee);
 * the bulk import plans its rows with the same rule (src/services/moves/wizard/batch-save.test.ts). On the test
 * database (SQLite, or PostgreSQL with TEST_DB=postgres).
 */
import { describe, expect, test } from "bun:test";
import { TRPCError } from "@trpc/server";
import { releasedVersionOf, validItems, insertWizardMove } from "../services/moves/wizard/initiation-testing.ts";
import { appFor, cookieFor, postJson } from "./app.ts";
import { insertTestUser } from "./db.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";

const t = useTestDatabase();

/** The three kinds of owner, and an address nobody has. */
async function addresses() {
  const tag = crypto.randomUUID().slice(0, 8);
  const ownGroup = `own-${tag}@acme.test`;
  const otherGroup = `other-${tag}@globex.test`;
  await insertTestUser(t.db, { email: ownGroup, group: "acme" });
  await insertTestUser(t.db, { email: otherGroup, group: "globex" });
  return { ownGroup, otherGroup, staff: "finance@meridian.test", unknownPendingElsewhere: await pendingElsewhere(tag) };
}
async function pendingElsewhere(tag: string) {
  const email = `pending-${tag}@globex.test`;
  await insertTestUser(t.db, { email, group: "globex", activationState: "PENDING", withPassword: false });
  return email;
}

/** A tRPC outcome as comparable data: the error's code, message and fields, or the answer. */
async function outcome(call: Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await call };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    return { code: error.code, message: error.message, fields: (error.cause as { fields?: unknown } | undefined)?.fields ?? null };
  }
}

/** An HTTP answer as comparable data: status and body. */
const answerOf = async (res: Response) => ({ status: res.status, body: await res.text() });

describe("an address taken anywhere answers the same way", () => {
  test("users.invite: own group's active person, another group's (active or pending), platform staff: one status, one body", async () => {
    const a = await addresses();
    const hr = await t.hrAcme();
    const invite = (email: string) => outcome(hr.users.invite({ group: "acme", email, firstName: "A", lastName: "B", role: "EMPLOYEE" }));
    const own = await invite(a.ownGroup);
    expect(own).toMatchObject({ code: "CONFLICT" });
    for (const email of [a.otherGroup, a.otherGroup.toUpperCase(), a.unknownPendingElsewhere, a.staff]) expect([email, await invite(email)]).toEqual([email, own]);
    expect(JSON.stringify(own)).not.toMatch(/globex|acme|group|staff/i);
  });

  test("employeeFile.editProfile (tRPC and the documented path): same answer for the own group's and another group's address", async () => {
    const a = await addresses();
    const m = await insertWizardMove(t.db, { status: "open" });
    const hr = await t.hrAcme();
    const edit = (email: string) => outcome(hr.employeeFile.editProfile({ group: "acme", userId: m.employeeId, moveId: m.moveId, firstName: "A", lastName: "B", email }));
    const own = await edit(a.ownGroup);
    expect(own).toMatchObject({ ok: { success: false } });
    for (const email of [a.otherGroup, a.staff, DEMO.GLOBEX]) expect([email, await edit(email)]).toEqual([email, own]);

    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, "hr@acme.test");
    const post = async (email: string) =>
      answerOf(await postJson(app, "/acme/employeefile/profile/edit", { userId: m.employeeId, moveId: m.moveId, firstName: "A", lastName: "B", email }, { cookie }));
    const ownHttp = await post(a.ownGroup);
    expect(ownHttp.status).toBe(200);
    for (const email of [a.otherGroup, a.staff]) expect([email, await post(email)]).toEqual([email, ownHttp]);
  });

  test("wizard.createNewEmployee (tRPC and POST /hr/json/createNewEmployee): same answer for the own group's and another group's address", async () => {
    const a = await addresses();
    const { versionId } = await releasedVersionOf(t.db, "Global Long-Term Assignment");
    const hr = await t.hrAcme();
    const create = async (email: string) => {
      const { items } = await validItems(t.db, { group: "acme", versionId, email });
      return outcome(hr.wizard.createNewEmployee({ group: "acme", policyVersionId: versionId, items, saveAsDraft: true }));
    };
    const own = await create(a.ownGroup);
    expect(own).toMatchObject({ ok: { success: false } });
    for (const email of [a.otherGroup, a.staff]) expect([email, await create(email)]).toEqual([email, own]);

    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, "hr@acme.test");
    const post = async (email: string) => {
      const { items } = await validItems(t.db, { group: "acme", versionId, email });
      return answerOf(await postJson(app, "/hr/json/createNewEmployee", { group: "acme", policyVersionId: versionId, items, saveAsDraft: true }, { cookie }));
    };
    const ownHttp = await post(a.ownGroup);
    expect(ownHttp.status).toBe(200);
    for (const email of [a.otherGroup, a.staff]) expect([email, await post(email)]).toEqual([email, ownHttp]);
  });
});
