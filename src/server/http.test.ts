/**
 * Malformed requests at the transport (src/server/http.ts, cookies.ts, assets.ts): answered 4xx
 * with the generic text, never 500, and nothing written. src/test/fuzz.test.ts covers every path;
 * these are the reproductions of what an outside probe found.
 */
import { afterAll, beforeAll, describe, expect, spyOn, test } from "bun:test";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { messages } from "../domain/messages.ts";
import { policyMessages } from "../domain/policy/messages.ts";
import { appFor, get, send, TEST_SHELL, trpcQuery, type TestApp } from "../test/app.ts";
import { countRows } from "../test/db.ts";
import { expectNoStackTrace } from "../test/errors.ts";
import { DEMO, useTestApp } from "../test/fixtures.ts";
import { directoryAssets } from "./assets.ts";
import { SESSION_COOKIE } from "./cookies.ts";

const t = useTestApp([DEMO.ADMIN]);
const dir = mkdtempSync(join(tmpdir(), "meridian-http-"));
let app: TestApp;
let errors: ReturnType<typeof spyOn>;

beforeAll(() => {
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), TEST_SHELL);
  app = appFor(t.db, { assets: directoryAssets(dir) });
  errors = spyOn(console, "error");
});
afterAll(() => {
  errors.mockRestore();
  rmSync(dir, { recursive: true, force: true });
});

const BAD_MULTIPART = { body: "--x\r\nfoo", type: "multipart/form-data; boundary=x" };

async function refused(res: Response, status: number) {
  const text = await res.text();
  expectNoStackTrace(text);
  expect(res.status).toBe(status);
  return JSON.parse(text);
}

describe("a multipart body that does not parse", () => {
  test.each([
    ["/login", null],
    ["/check-user", null],
    ["/admin/groups/setGroupStatus", DEMO.ADMIN],
    ["/api/v1/policy/configuration/group/addServiceBenefitOption", DEMO.ADMIN],
    ["/user/saveUserProperty", DEMO.ADMIN],
  ] as const)("%s answers 400 with the generic text, logs nothing unexpected, writes nothing", async (path, who) => {
    errors.mockClear();
    const audits = await countRows(t.db, "audit_log");
    const cookie = who ? t.cookie(who) : null;
    for (const type of [BAD_MULTIPART.type, "multipart/form-data"]) {
      const body = await refused(await send(app, "POST", path, BAD_MULTIPART.body, { cookie }, type), 400);
      expect(Object.values(body)).toContain(messages.badRequest);
    }
    expect(errors).not.toHaveBeenCalled();
    expect(await countRows(t.db, "audit_log")).toBe(audits);
  });

  test("the rates upload (its own parse of a file body) answers 400 too", async () => {
    errors.mockClear();
    const res = await send(app, "POST", "/api/v1/policy/configuration/rates/budget-groups/1", BAD_MULTIPART.body, { cookie: t.cookie(DEMO.ADMIN) }, BAD_MULTIPART.type);
    expect(res.status).toBeLessThan(500);
    expectNoStackTrace(await res.text());
    expect(errors).not.toHaveBeenCalled();
  });
});

describe("bad percent-encoding", () => {
  test.each(["/assets/%", "/assets/%zz", "/assets/%E0%A4%A"])("%s is not found (404), not a URIError", async (path) => {
    errors.mockClear();
    expect((await get(app, path)).status).toBe(404);
    expect(errors).not.toHaveBeenCalled();
  });

  test("a session cookie that is not valid percent-encoding is no session: 401, not 500", async () => {
    errors.mockClear();
    const res = await trpcQuery(app, "admin.groups.list", undefined, { cookie: `${SESSION_COOKIE}=%E0%A4%A` });
    expect(res.status).toBe(401);
    expect(errors).not.toHaveBeenCalled();
    // The valid cookie after a malformed one of the same name still signs in.
    const both = await trpcQuery(app, "admin.groups.list", undefined, { cookie: `${SESSION_COOKIE}=%; ${t.cookie(DEMO.ADMIN)}` });
    expect(both.status).toBe(200);
  });
});

describe("ids past the integer column", () => {
  test("GET /admin/SSO/disable/2147483648/ answers false (500 on PostgreSQL before)", async () => {
    errors.mockClear();
    const res = await get(app, "/admin/SSO/disable/2147483648/", { cookie: t.cookie(DEMO.ADMIN) });
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: false });
    expect(errors).not.toHaveBeenCalled();
  });

  test("tRPC policy.policies.get {policyId: 2147483648} is bad input (400)", async () => {
    const body = await refused(await trpcQuery(app, "policy.policies.get", { policyId: 2 ** 31 }, { cookie: t.cookie(DEMO.ADMIN) }), 400);
    expect(Object.keys(body.error.data.fields)).toEqual(["policyId"]);
    expect(policyMessages.policyNotFound).not.toBe(body.error.message);
  });
});
