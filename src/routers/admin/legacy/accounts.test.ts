import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { findUserById } from "../../../db/queries/identity/users.ts";
import { recoveryMessages } from "../../../domain/identity/recovery/messages.ts";
import { appFor, cookieFor, get, jsonOf, postForm, postJson, type TestApp } from "../../../test/app.ts";
import { auditRows, createTestDatabase, insertTestUser, type TestDatabase } from "../../../test/db.ts";

let t: TestDatabase;
let app: TestApp;
let adminCookie: string;
beforeAll(async () => {
  t = await createTestDatabase();
  app = appFor(t.db);
  adminCookie = await cookieFor(t.db, "admin@meridian.test");
});
afterAll(() => t.close());

describe("GET /admin/resetPassword/find/{email}/", () => {
  test("returns the link text", async () => {
    const res = await get(app, "/admin/resetPassword/find/employee%40acme.test/", { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/plain");
    expect(await res.text()).toMatch(/^http:\/\/localhost:3000\/user\/set-new-password\?token=[\w-]{43}$/);
  });

  test("without the trailing slash too", async () => {
    expect((await get(app, "/admin/resetPassword/find/hr@acme.test", { cookie: adminCookie })).status).toBe(200);
  });

  test("Not a valid email address.", async () => {
    const res = await get(app, "/admin/resetPassword/find/not-an-email/", { cookie: adminCookie });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("Not a valid email address.");
  });

  test("Email address is not registered to a user.", async () => {
    const res = await get(app, "/admin/resetPassword/find/ghost@acme.test/", { cookie: adminCookie });
    expect(res.status).toBe(404);
    expect(await res.text()).toBe("Email address is not registered to a user.");
  });

  test("a cross-site navigation is refused", async () => {
    const res = await get(app, "/admin/resetPassword/find/hr@acme.test/", { cookie: adminCookie, headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(res.status).toBe(403);
  });
});

describe("POST /admin/anonymizeUser/", () => {
  test("form userId: anonymized, audited", async () => {
    const id = await insertTestUser(t.db, { email: "legacy-anon@acme.test" });
    const res = await postForm(app, "/admin/anonymizeUser/", { userId: String(id) }, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: { success: true, resultMessage: recoveryMessages.anonymized } });
    expect((await findUserById(t.db, id))!.email).toBe(`anonymized-${id}@anonymized.invalid`);
    expect((await auditRows(t.db, "anonymize")).at(-1)!.entity_id).toBe(String(id));
  });

  test("JSON and no trailing slash", async () => {
    const id = await insertTestUser(t.db, { email: "legacy-anon2@acme.test" });
    expect((await jsonOf(await postJson(app, "/admin/anonymizeUser", { userId: id }, { cookie: adminCookie }))).body.success).toBe(true);
  });

  test("Please enter user Id", async () => {
    const res = await postForm(app, "/admin/anonymizeUser/", { userId: "" }, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 400, body: { success: false, resultMessage: "Please enter user Id" } });
  });

  test("not yourself", async () => {
    const admin = await t.db.selectFrom("users").select("id").where("email", "=", "admin@meridian.test").executeTakeFirstOrThrow();
    const res = await postForm(app, "/admin/anonymizeUser/", { userId: String(admin.id) }, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 403, body: { success: false, resultMessage: recoveryMessages.anonymizeSelf } });
  });

  test("a page load of the same path is still the page", async () => {
    const res = await get(app, "/admin/anonymizeUser/", { cookie: adminCookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/html");
  });
});

describe("GET /admin/SSO/disable/{userId}/", () => {
  test("true and the flag is off", async () => {
    const id = await insertTestUser(t.db, { email: "legacy-sso@acme.test", isSsoUser: true, withPassword: false });
    const res = await get(app, `/admin/SSO/disable/${id}/`, { cookie: adminCookie });
    expect(await jsonOf(res)).toEqual({ status: 200, body: true });
    expect((await findUserById(t.db, id))!.is_sso_user).toBe(0);
    expect((await auditRows(t.db, "disableSso")).at(-1)!.entity_id).toBe(String(id));
  });

  // 2147483648 and beyond do not fit the id column: PostgreSQL answered 500 before they were refused.
  test.each(["abc", "0", "999999", "1.5", "2147483648", "9007199254740993", "0x10", "-1"])("false for %p", async (id) => {
    expect(await jsonOf(await get(app, `/admin/SSO/disable/${id}/`, { cookie: adminCookie }))).toEqual({ status: 200, body: false });
  });
});

describe("every admin tool refuses other roles (403) and the signed-out (401)", () => {
  for (const email of ["hr@acme.test", "employee@acme.test", "manager@acme.test", "crm@meridian.test"]) {
    test(email, async () => {
      const cookie = await cookieFor(t.db, email);
      const id = await insertTestUser(t.db, { email: `victim-${crypto.randomUUID().slice(0, 8)}@acme.test`, isSsoUser: true });
      expect((await get(app, "/admin/resetPassword/find/employee@acme.test/", { cookie })).status).toBe(403);
      expect((await postForm(app, "/admin/anonymizeUser/", { userId: String(id) }, { cookie })).status).toBe(403);
      expect((await get(app, `/admin/SSO/disable/${id}/`, { cookie })).status).toBe(403);
      const user = (await findUserById(t.db, id))!;
      expect(user.is_sso_user).toBe(1);
      expect(user.email).toStartWith("victim-");
      // The pages answer 403 too.
      expect((await get(app, "/admin/resetPassword", { cookie })).status).toBe(403);
      expect((await get(app, "/admin/anonymizeUser", { cookie })).status).toBe(403);
    });
  }

  test("signed out", async () => {
    expect((await get(app, "/admin/resetPassword/find/employee@acme.test/")).status).toBe(401);
    expect((await postForm(app, "/admin/anonymizeUser/", { userId: "1" })).status).toBe(401);
    expect((await get(app, "/admin/SSO/disable/1/")).status).toBe(401);
  });
});
