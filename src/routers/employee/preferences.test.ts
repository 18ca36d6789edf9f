import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { en } from "../../domain/i18n/en.ts";
import { appFor, cookieFor, get, jsonOf, postForm, type TestApp } from "../../test/app.ts";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";

let t: TestDatabase;
let app: TestApp;
let acmeId: number;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  // A German tooltip and an acme override, beside the seeded English text.
  await t.db
    .insertInto("translations")
    .values([
      { msg_key: "tooltip.policy.moveHub", msg_lang: "de", msg_value: "Der Move-Hub-Service.", xlate_group: "UI", group_id: null },
      { msg_key: "tooltip.policy.moveHub", msg_lang: "en", msg_value: "Acme's move hub.", xlate_group: "UI", group_id: acmeId },
      { msg_key: "mail.welcomeSubject", msg_lang: "en", msg_value: "Welcome", xlate_group: "EMAIL", group_id: null },
    ])
    .execute();
});
afterAll(() => t.close());

describe("preferences.saveUserProperty / POST /user/saveUserProperty", () => {
  test("saves and replaces the user's integer property; other users are untouched", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    expect(await hr.preferences.saveUserProperty({ key: "policy.search.pageSize", integer: 25 })).toEqual({ success: true, key: "policy.search.pageSize", integer: 25 });
    await hr.preferences.saveUserProperty({ key: "policy.search.pageSize", integer: 50 });
    expect((await hr.preferences.userProperties()).properties).toEqual({ "policy.search.pageSize": 50 });
    expect((await (await callerFor(t.db, "hr@globex.test")).preferences.userProperties()).properties).toEqual({});
  });

  test("the legacy form (key, integer) answers success and stores it", async () => {
    const cookie = await cookieFor(t.db, "employee@acme.test");
    const res = await postForm(app, "/user/saveUserProperty", { key: "hub.collapsed", integer: "1" }, { cookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, key: "hub.collapsed", integer: 1 } });
    const row = await t.db.selectFrom("user_properties").select("value").where("key", "=", "hub.collapsed").executeTakeFirstOrThrow();
    expect(Number(row.value)).toBe(1);
  });

  test("bad keys and non-integers are refused and nothing is written", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    await expectInputError(hr.preferences.saveUserProperty({ key: "bad key!", integer: 1 }), "key");
    await expectInputError(hr.preferences.saveUserProperty({ key: "ok", integer: 1.5 }), "integer");
    const cookie = await cookieFor(t.db, "hr@acme.test");
    const res = await postForm(app, "/user/saveUserProperty", { key: "ok", integer: "abc" }, { cookie });
    const { status, body } = await jsonOf(res);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, errorMessage: "The value must be a whole number." });
    expect(await t.db.selectFrom("user_properties").select("key").where("key", "=", "ok").execute()).toEqual([]);
  });

  test("signed out: 401", async () => {
    await expectTrpcError((await callerFor(t.db, null)).preferences.saveUserProperty({ key: "a", integer: 1 }), "UNAUTHORIZED");
    const res = await postForm(app, "/user/saveUserProperty", { key: "a", integer: "1" });
    expect(res.status).toBe(401);
  });
});

describe("preferences.tooltip / GET /json/get/tooltip", () => {
  test("the seeded English tooltip, a language with English fallback, and the group's override", async () => {
    const hr = await callerFor(t.db, "hr@acme.test");
    expect(await hr.preferences.tooltip({ key: "policy.moveHub", language: "en" })).toEqual({
      success: true, key: "policy.moveHub", language: "en", text: en["tooltip.policy.moveHub"],
    });
    expect((await hr.preferences.tooltip({ key: "policy.moveHub", language: "de" })).text).toBe("Der Move-Hub-Service.");
    expect((await hr.preferences.tooltip({ key: "policy.budgetGroup", language: "fr" })).text).toBe(en["tooltip.policy.budgetGroup"]);
    expect((await hr.preferences.tooltip({ key: "policy.moveHub", language: "en", group: "acme" })).text).toBe("Acme's move hub.");
    // part 2 §8 (issue 23 item 22): a missing tooltip answers the spec's fallback text with the key.
    expect((await hr.preferences.tooltip({ key: "no.such.tooltip", language: "en" })).text).toBe("Oops, it seems we've missed a message (no.such.tooltip)");
    expect((await hr.preferences.tooltip({ key: "no.such.tooltip", language: "de", group: "acme" })).text).toBe("Oops, it seems we've missed a message (no.such.tooltip)");

    const cookie = await cookieFor(t.db, "hr@acme.test");
    const res = await get(app, "/json/get/tooltip?key=policy.moveHub&language=en&group=acme", { cookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, key: "policy.moveHub", language: "en", text: "Acme's move hub." } });
    const missing = await get(app, "/json/get/tooltip?key=no.such.tooltip&language=en", { cookie });
    expect(await jsonOf(missing)).toEqual({ status: 200, body: { success: true, key: "no.such.tooltip", language: "en", text: "Oops, it seems we've missed a message (no.such.tooltip)" } });
  });

  test("another group's override is refused; platform staff may read any group's", async () => {
    await expectTrpcError((await callerFor(t.db, "hr@globex.test")).preferences.tooltip({ key: "policy.moveHub", group: "acme" }), "FORBIDDEN");
    const cookie = await cookieFor(t.db, "hr@globex.test");
    const res = await get(app, "/json/get/tooltip?key=policy.moveHub&group=acme", { cookie });
    expect(res.status).toBe(403);
    expectNoStackTrace(await res.text());
    expect((await (await callerFor(t.db, "crm@meridian.test")).preferences.tooltip({ key: "policy.moveHub", group: "acme" })).text).toBe("Acme's move hub.");
    await expectTrpcError((await callerFor(t.db, "admin@meridian.test")).preferences.tooltip({ key: "x", group: "nope" }), "NOT_FOUND");
  });

  test("bad input and signed out", async () => {
    await expectInputError((await callerFor(t.db, "hr@acme.test")).preferences.tooltip({ key: "" }), "key");
    expect((await get(app, "/json/get/tooltip?key=policy.moveHub")).status).toBe(401);
    const cookie = await cookieFor(t.db, "hr@acme.test");
    expect((await get(app, "/json/get/tooltip?language=en", { cookie })).status).toBe(400);
  });
});

describe("preferences.xlateMsg / GET /json/get/xlateMsg", () => {
  test("a UI message, another translation group, and the customer's override", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    expect((await admin.preferences.xlateMsg({ key: "nav.home" })).message).toBe(en["nav.home"]);
    expect((await admin.preferences.xlateMsg({ key: "mail.welcomeSubject", group: "EMAIL" })).message).toBe("Welcome");
    expect((await admin.preferences.xlateMsg({ key: "mail.welcomeSubject" })).message).toBeNull();
    expect((await admin.preferences.xlateMsg({ key: "tooltip.policy.moveHub", customer: "acme" })).message).toBe("Acme's move hub.");

    const cookie = await cookieFor(t.db, "employee@acme.test");
    const res = await get(app, "/json/get/xlateMsg?key=nav.home&lang=en&group=UI&customer=acme", { cookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, key: "nav.home", lang: "en", message: en["nav.home"] } });
  });

  test("another customer is refused for group users; bad translation groups are refused", async () => {
    await expectTrpcError((await callerFor(t.db, "employee@globex.test")).preferences.xlateMsg({ key: "nav.home", customer: "acme" }), "FORBIDDEN");
    await expectInputError((await callerFor(t.db, "hr@acme.test")).preferences.xlateMsg({ key: "nav.home", group: "ui; drop" }), "group");
  });
});
