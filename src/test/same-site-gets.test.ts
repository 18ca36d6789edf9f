/**
 * The documented GET paths that change state (store an estimate version, run a recalculation, send
 * the approval mail, issue a reset link, switch SSO off) refuse a cross-site request: a link on
 * another site carries the SameSite=Lax cookie. They answer a same-origin request, a typed URL
 * (Sec-Fetch-Site: none), and, without that header, only a same-origin signal.
 */
import { describe, expect, test } from "bun:test";
import { messages } from "../domain/messages.ts";
import { countTable, createTestMove } from "../services/moves/wizard/initiation-testing.ts";
import { get, jsonOf } from "./app.ts";
import { DEMO, useTestApp } from "./fixtures.ts";

const t = useTestApp([DEMO.ADMIN, DEMO.HR]);
const q = (params: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const as = (email: string, headers: Record<string, string>) => ({ cookie: t.cookie(email), headers });

const CROSS_SITE: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site: cross-site": { "Sec-Fetch-Site": "cross-site" },
  "Sec-Fetch-Site: same-site (another subdomain)": { "Sec-Fetch-Site": "same-site" },
  "no Sec-Fetch-Site and no same-origin signal": { "Sec-Fetch-Site": "" },
  "no Sec-Fetch-Site, Referer of another site": { "Sec-Fetch-Site": "", Referer: "https://evil.example/page" },
  "no Sec-Fetch-Site, Origin of another site": { "Sec-Fetch-Site": "", Origin: "https://evil.example" },
};
const SAME_SITE: Record<string, Record<string, string>> = {
  "Sec-Fetch-Site: same-origin": { "Sec-Fetch-Site": "same-origin" },
  "Sec-Fetch-Site: none (typed or bookmarked)": { "Sec-Fetch-Site": "none" },
  "no Sec-Fetch-Site, X-Requested-With": { "Sec-Fetch-Site": "", "X-Requested-With": "XMLHttpRequest" },
  "no Sec-Fetch-Site, Referer of this site": { "Sec-Fetch-Site": "", Referer: "http://localhost/acme/new-move?stage=4" },
};

async function movePaths() {
  const move = await createTestMove(t.db);
  const ids = { employeeId: move.employeeId, moveId: move.moveId };
  return {
    ids,
    estimate: `/hr/json/getEstimationView?${q({ ...ids, createIfNecessary: true })}`,
    recalculate: `/hr/json/getEstimationView?${q({ ...ids, recalculateEstimationView: true })}`,
    approval: `/hr/json/send-cost-estimate-for-approval?${q({ ...ids, approverName: "Pat Approver", approverEmail: "pat@acme.test", ccSender: false })}`,
  };
}

async function state() {
  return {
    versions: await countTable(t.db, "cost_estimates"),
    mail: await countTable(t.db, "outbox"),
    tokens: await countTable(t.db, "account_tokens"),
    ssoUsers: (await t.db.selectFrom("users").select("id").where("is_sso_user", "=", 1).execute()).length,
  };
}

describe("cross-site requests change nothing", () => {
  for (const [name, headers] of Object.entries(CROSS_SITE)) {
    test(name, async () => {
      const paths = await movePaths();
      const before = await state();
      const sso = await t.db.selectFrom("users").select("id").where("email", "=", "sso@initech.test").executeTakeFirstOrThrow();
      const calls = [
        get(t.app, paths.estimate, as(DEMO.HR, headers)),
        get(t.app, paths.recalculate, as(DEMO.HR, headers)),
        get(t.app, paths.approval, as(DEMO.HR, headers)),
        get(t.app, `/hr/json/get-async-cost-estimate-request-status/${crypto.randomUUID()}/1`, as(DEMO.HR, headers)),
        get(t.app, "/admin/resetPassword/find/hr@acme.test/", as(DEMO.ADMIN, headers)),
        get(t.app, `/admin/SSO/disable/${sso.id}/`, as(DEMO.ADMIN, headers)),
      ];
      for (const res of await Promise.all(calls)) {
        expect(res.status).toBe(403);
        expect(await res.text()).toContain(messages.crossOrigin);
      }
      expect(await state()).toEqual(before);
    });
  }
});

describe("same-site requests are answered", () => {
  for (const [name, headers] of Object.entries(SAME_SITE)) {
    test(name, async () => {
      const paths = await movePaths();
      const before = await state();
      const opened = await jsonOf(await get(t.app, paths.estimate, as(DEMO.HR, headers)));
      expect(opened.status).toBe(200);
      expect(opened.body.costEstimate.versionNumber).toBe(1);
      expect((await get(t.app, paths.recalculate, as(DEMO.HR, headers))).status).toBe(200);
      const link = await get(t.app, "/admin/resetPassword/find/hr@acme.test/", as(DEMO.ADMIN, headers));
      expect(link.status).toBe(200);
      expect(await link.text()).toContain("/user/set-new-password?token=");
      expect((await state()).versions).toBe(before.versions + 2);
    });
  }
});
