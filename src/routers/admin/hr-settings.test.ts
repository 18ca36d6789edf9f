/**
 * HR settings: extension reasons (issue 15; part 2 §3, §5, §7, §8) through hrSettings.* and the legacy paths
 * GET/POST /admin/hr-settings/extension-reason-enabled and GET/POST /admin/group-options/json, on the test
 * database (SQLite, or PostgreSQL with TEST_DB=postgres): happy paths, the §5 texts with nothing written,
 * wrong role, another group, 50 parallel identical adds (one row) and parallel defaults (one default).
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { hrSettingsMessages as M } from "../../domain/admin/hr-settings/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson } from "../../test/app.ts";
import { callerFor, insertTestUser } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";

const t = useTestDatabase({ poolSize: 8 });

let seq = 0;
/** A fresh group with its HR and a manager, so each test starts from no settings. */
async function newGroup(db: DB) {
  const n = `${Date.now().toString(36)}${++seq}`;
  const now = new Date().toISOString();
  const g = await db.insertInto("groups").values({ name: `hrs${n}`, display_name: `HRS ${n}`, status: "ACTIVE", created_at: now, updated_at: now }).returning(["id", "name"]).executeTakeFirstOrThrow();
  const hrEmail = `hr-${n}@hrs.test`;
  const mgEmail = `mg-${n}@hrs.test`;
  await insertTestUser(db, { email: hrEmail, role: "HR", group: g.name });
  await insertTestUser(db, { email: mgEmail, role: "MANAGER", group: g.name });
  return { id: g.id, name: g.name, hrEmail, mgEmail };
}
const reasonRows = (db: DB, groupId: number) => db.selectFrom("group_options").selectAll().where("group_id", "=", groupId).orderBy("id").execute();
const auditCount = async (db: DB, groupId: number) => (await db.selectFrom("audit_log").select("id").where("group_id", "=", groupId).where("entity", "=", "hr_settings").execute()).length;

describe("hrSettings (tRPC)", () => {
  test("add, rename, default, enable, remove: the reasons in order, one default, the flag; HR of the group reads them", async () => {
    const g = await newGroup(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    expect(await admin.hrSettings.extensionReasons({ group: g.name })).toEqual({ enabled: false, reasons: [] });
    await admin.hrSettings.addReason({ group: g.name, optionValue: "  Project   extended " });
    const added = await admin.hrSettings.addReason({ group: g.name, optionValue: "Business need" });
    expect(added.reasons.map((r) => r.optionValue)).toEqual(["Project extended", "Business need"]);
    const [first, second] = added.reasons;
    // Each write's audit row, field by field (issue 23 item 24).
    const audited = (action: string, entityId: number, oldValues: unknown, newValues: unknown) =>
      expectAudit(t.db, { action, actor: DEMO.ADMIN, groupId: g.id, entity: "hr_settings", entityId, oldValues, newValues });
    await audited("hr-settings.extension-reason.add", first!.id, null, { optionValue: "Project extended" });
    await audited("hr-settings.extension-reason.add", second!.id, null, { optionValue: "Business need" });
    const renamed = await admin.hrSettings.renameReason({ group: g.name, reasonId: second!.id, optionValue: "Business needs" });
    expect(renamed.reasons[1]).toEqual({ id: second!.id, optionValue: "Business needs", defaultValue: false });
    await audited("hr-settings.extension-reason.rename", second!.id, { optionValue: "Business need" }, { optionValue: "Business needs" });
    await admin.hrSettings.setDefaultReason({ group: g.name, reasonId: first!.id });
    const moved = await admin.hrSettings.setDefaultReason({ group: g.name, reasonId: second!.id });
    expect(moved.reasons.map((r) => r.defaultValue)).toEqual([false, true]);
    await audited("hr-settings.extension-reason.default", second!.id, null, { optionValue: "Business needs" });
    expect((await admin.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: true })).enabled).toBe(true);
    await audited("hr-settings.extension-reason-enabled", g.id, { enabled: false }, { enabled: true });
    const removed = await admin.hrSettings.removeReason({ group: g.name, reasonId: first!.id });
    await audited("hr-settings.extension-reason.remove", first!.id, { optionValue: "Project extended", defaultValue: false }, null);
    expect(removed).toEqual({ enabled: true, reasons: [{ id: second!.id, optionValue: "Business needs", defaultValue: true }] });
    const hr = await callerFor(t.db, g.hrEmail);
    expect(await hr.hrSettings.extensionReasons({ group: g.name })).toEqual(removed);
    expect(await auditCount(t.db, g.id)).toBe(7);
  });

  test("§5: enabling with no reasons, then with no default, is refused with the spec's texts and writes nothing", async () => {
    const g = await newGroup(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    await expectTrpcError(admin.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: true }), "BAD_REQUEST", M.reasonsRequired);
    await admin.hrSettings.addReason({ group: g.name, optionValue: "Project extended" });
    await expectTrpcError(admin.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: true }), "BAD_REQUEST", M.defaultRequired);
    expect((await admin.hrSettings.extensionReasons({ group: g.name })).enabled).toBe(false);
    expect(await t.db.selectFrom("group_hr_settings").selectAll().where("group_id", "=", g.id).execute()).toEqual([]);
    expect(await auditCount(t.db, g.id)).toBe(1);
  });

  test("while enabled, the default and the last reason cannot be removed", async () => {
    const g = await newGroup(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    const { reasons } = await admin.hrSettings.addReason({ group: g.name, optionValue: "Only one" });
    await admin.hrSettings.setDefaultReason({ group: g.name, reasonId: reasons[0]!.id });
    await admin.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: true });
    await expectTrpcError(admin.hrSettings.removeReason({ group: g.name, reasonId: reasons[0]!.id }), "BAD_REQUEST", M.reasonsRequired);
    const two = await admin.hrSettings.addReason({ group: g.name, optionValue: "Other" });
    await expectTrpcError(admin.hrSettings.removeReason({ group: g.name, reasonId: reasons[0]!.id }), "BAD_REQUEST", M.defaultRequired);
    await admin.hrSettings.removeReason({ group: g.name, reasonId: two.reasons[1]!.id });
    expect((await reasonRows(t.db, g.id)).map((r) => r.option_value)).toEqual(["Only one"]);
    await admin.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: false });
    await admin.hrSettings.removeReason({ group: g.name, reasonId: reasons[0]!.id });
    expect(await reasonRows(t.db, g.id)).toEqual([]);
  });

  test("bad input: a blank value, a too long value, a duplicate (any case), an unknown or another group's reason; nothing written", async () => {
    const g = await newGroup(t.db);
    const other = await newGroup(t.db);
    const admin = await callerFor(t.db, DEMO.ADMIN);
    expect((await expectInputError(admin.hrSettings.addReason({ group: g.name, optionValue: "   " }), "optionValue")).cause).toMatchObject({ issues: [{ message: M.valueBlank }] });
    expect((await expectInputError(admin.hrSettings.addReason({ group: g.name, optionValue: "x".repeat(201) }), "optionValue")).cause).toMatchObject({ issues: [{ message: M.valueTooLong }] });
    const { reasons } = await admin.hrSettings.addReason({ group: g.name, optionValue: "Project extended" });
    await expectTrpcError(admin.hrSettings.addReason({ group: g.name, optionValue: "PROJECT EXTENDED" }), "CONFLICT", M.valueExists);
    const b = await admin.hrSettings.addReason({ group: g.name, optionValue: "B" });
    await expectTrpcError(admin.hrSettings.renameReason({ group: g.name, reasonId: b.reasons[1]!.id, optionValue: "project extended" }), "CONFLICT", M.valueExists);
    await expectInputError(admin.hrSettings.renameReason({ group: g.name, reasonId: reasons[0]!.id, optionValue: " " }), "optionValue");
    const foreign = await admin.hrSettings.addReason({ group: other.name, optionValue: "Foreign" });
    await expectTrpcError(admin.hrSettings.setDefaultReason({ group: g.name, reasonId: foreign.reasons[0]!.id }), "NOT_FOUND", M.reasonNotFound);
    await expectTrpcError(admin.hrSettings.removeReason({ group: g.name, reasonId: 2147483647 }), "NOT_FOUND", M.reasonNotFound);
    expect((await reasonRows(t.db, g.id)).map((r) => [r.option_value, r.default_value])).toEqual([["Project extended", 0], ["B", 0]]);
    expect((await reasonRows(t.db, other.id)).map((r) => r.default_value)).toEqual([0]);
  });

  test("roles: HR and managers may not write; HR, managers and employees of another group may not read", async () => {
    const g = await newGroup(t.db);
    const hr = await callerFor(t.db, g.hrEmail);
    const mg = await callerFor(t.db, g.mgEmail);
    await expectTrpcError(hr.hrSettings.addReason({ group: g.name, optionValue: "X" }), "FORBIDDEN");
    await expectTrpcError(hr.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: false }), "FORBIDDEN");
    await expectTrpcError(mg.hrSettings.extensionReasons({ group: g.name }), "FORBIDDEN");
    const acmeHr = await callerFor(t.db, DEMO.HR);
    await expectTrpcError(acmeHr.hrSettings.extensionReasons({ group: g.name }), "FORBIDDEN", messages.otherGroup);
    const employee = await callerFor(t.db, DEMO.EMPLOYEE);
    await expectTrpcError(employee.hrSettings.extensionReasons({ group: "acme" }), "FORBIDDEN");
    const finance = await callerFor(t.db, DEMO.FINANCE);
    await expectTrpcError(finance.hrSettings.addReason({ group: g.name, optionValue: "X" }), "FORBIDDEN");
    expect(await reasonRows(t.db, g.id)).toEqual([]);
  });

  test("races: 50 parallel identical adds leave one row (the rest 409); 50 parallel defaults over two reasons leave one default", async () => {
    const g = await newGroup(t.db);
    const callers = await Promise.all(Array.from({ length: 50 }, () => callerFor(t.db, DEMO.ADMIN)));
    const results = await race(50, (i) => callers[i]!.hrSettings.addReason({ group: g.name, optionValue: "Same reason" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: M.valueExists } });
    expect(await reasonRows(t.db, g.id)).toHaveLength(1);
    const { reasons } = await callers[0]!.hrSettings.addReason({ group: g.name, optionValue: "Second" });
    const ids = reasons.map((r) => r.id);
    const defaults = await race(50, (i) => callers[i]!.hrSettings.setDefaultReason({ group: g.name, reasonId: ids[i % 2]! }));
    await expectAllSucceed(defaults);
    expect((await reasonRows(t.db, g.id)).filter((r) => r.default_value === 1)).toHaveLength(1);
    const enables = await race(50, (i) => callers[i]!.hrSettings.setExtensionReasonEnabled({ group: g.name, enabled: true }));
    await expectAllSucceed(enables);
    expect(await t.db.selectFrom("audit_log").select("id").where("group_id", "=", g.id).where("action", "=", "hr-settings.extension-reason-enabled").execute()).toHaveLength(1);
  });
});

describe("HR settings legacy paths", () => {
  test("GET and POST /admin/group-options/json and /admin/hr-settings/extension-reason-enabled: status, count, data[], message", async () => {
    const g = await newGroup(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    const hr = { cookie: await cookieFor(t.db, g.hrEmail) };
    const q = `groupId=${g.id}&optionGroup=EMPLOYEE_MOVE_STAGE_EXT`;
    expect(await jsonOf(await get(app, `/admin/group-options/json?${q}`, hr))).toEqual({ status: 200, body: { status: "OK", count: 0, data: [], message: "" } });
    const added = await jsonOf(await postForm(app, "/admin/group-options/json", { groupId: String(g.id), optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "ADD", optionValue: "Project extended" }, admin));
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ status: "OK", count: 1, message: M.saved });
    const id = added.body.data[0].id as number;
    const enableRefused = await postForm(app, "/admin/hr-settings/extension-reason-enabled", { groupId: String(g.id), enableExtensionReason: "true" }, admin);
    const refusedText = await enableRefused.text();
    expectNoStackTrace(refusedText);
    expect(enableRefused.status).toBe(400);
    expect(JSON.parse(refusedText)).toEqual({ status: "ERROR", count: 0, data: [], message: M.defaultRequired });
    await postJson(app, "/admin/group-options/json", { groupId: g.id, optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "DEFAULT", id }, admin);
    expect(await jsonOf(await postForm(app, "/admin/hr-settings/extension-reason-enabled", { groupId: String(g.id), enableExtensionReason: "true" }, admin))).toEqual({
      status: 200,
      body: { status: "OK", count: 1, data: [{ enableExtensionReason: true }], message: M.saved },
    });
    expect((await jsonOf(await get(app, `/admin/hr-settings/extension-reason-enabled?groupId=${g.id}`, hr))).body.data).toEqual([{ enableExtensionReason: true }]);
    expect((await jsonOf(await get(app, `/admin/group-options/json?${q}`, admin))).body.data).toEqual([{ id, optionValue: "Project extended", defaultValue: true }]);
  });

  test("bad input and access: blank value, wrong option group, missing group, HR writing, another group's HR reading; nothing written", async () => {
    const g = await newGroup(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    const hr = { cookie: await cookieFor(t.db, g.hrEmail) };
    const acmeHr = { cookie: await cookieFor(t.db, DEMO.HR) };
    const post = (fields: Record<string, string>, o = admin) => postForm(app, "/admin/group-options/json", fields, o);
    const expectRefused = async (res: Response, status: number, message?: string) => {
      const text = await res.text();
      expectNoStackTrace(text);
      expect(res.status).toBe(status);
      const body = JSON.parse(text);
      expect(body.status).toBe("ERROR");
      if (message) expect(body.message).toBe(message);
    };
    await expectRefused(await post({ groupId: String(g.id), optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "ADD", optionValue: "  " }), 400, M.valueBlank);
    await expectRefused(await post({ groupId: String(g.id), optionGroup: "OTHER", action: "ADD", optionValue: "X" }), 400, M.optionGroupUnsupported);
    await expectRefused(await post({ optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "ADD", optionValue: "X" }), 400, M.groupRequired);
    await expectRefused(await post({ groupId: String(g.id), optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "ADD", optionValue: "X" }, hr), 403);
    await expectRefused(await get(app, `/admin/group-options/json?groupId=${g.id}&optionGroup=EMPLOYEE_MOVE_STAGE_EXT`, acmeHr), 403, messages.otherGroup);
    await expectRefused(await get(app, `/admin/hr-settings/extension-reason-enabled?groupId=${g.id}`, {}), 401);
    await expectRefused(await get(app, `/admin/hr-settings/extension-reason-enabled?groupId=2147483647`, admin), 404);
    expect(await reasonRows(t.db, g.id)).toEqual([]);
  });

  test("50 parallel identical legacy adds: one row, the rest 409 with the text", async () => {
    const g = await newGroup(t.db);
    const app = appFor(t.db);
    const admin = { cookie: await cookieFor(t.db, DEMO.ADMIN) };
    const results = await race(50, () => postForm(app, "/admin/group-options/json", { groupId: String(g.id), optionGroup: "EMPLOYEE_MOVE_STAGE_EXT", action: "ADD", optionValue: "Same" }, admin));
    await expectOneEffect(results, { refusal: { code: 409, message: M.valueExists } });
    expect(await reasonRows(t.db, g.id)).toHaveLength(1);
  });
});
