/**
 * Role first (issue 23 item 13; DESIGN.md "Role check FIRST, then group, then validation"): the three
 * calls the probe named answer an employee 403 (tRPC FORBIDDEN) whatever the body, never field errors.
 * The generated form of this check covers every procedure and path (src/test/tenant-matrix.test.ts).
 * On the test database (SQLite, or PostgreSQL with TEST_DB=postgres).
 */
import { describe, expect, test } from "bun:test";
import { messages } from "../domain/messages.ts";
import { appFor, cookieFor, send } from "./app.ts";
import { expectTrpcError } from "./errors.ts";
import { DEMO, useTestDatabase } from "./fixtures.ts";

const t = useTestDatabase();

const PATHS = ["/admin/managers/saveGeoRestrictionChanges/1", "/admin/tags/saveGroupTagAssociation", "/policy/updatePopupOrder"];
const BODIES: Array<[string, string]> = [
  ["application/json", "{not json"],
  ["application/json", JSON.stringify({ geoString: 12, tagId: "x", groupId: [], status: "MAYBE", policyVersionId: "abc", services: "?" })],
  ["application/json", "{}"],
  ["application/x-www-form-urlencoded", "tagId=&groupId=-1&status="],
];

describe("an employee gets 403 before any field is read", () => {
  test("the documented paths: 403 and the permission text for every malformed body", async () => {
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, DEMO.EMPLOYEE);
    for (const path of PATHS) {
      for (const [type, body] of BODIES) {
        const res = await send(app, "POST", path, body, { cookie }, type);
        const text = await res.text();
        expect([path, body, res.status, text.includes(messages.forbidden)]).toEqual([path, body, 403, true]);
      }
    }
  });

  test("signed out: 401 for every malformed body", async () => {
    const app = appFor(t.db);
    for (const path of PATHS) {
      const res = await send(app, "POST", path, "{not json", {}, "application/json");
      expect([path, res.status]).toEqual([path, 401]);
    }
  });

  test("the procedures: FORBIDDEN for malformed input", async () => {
    const employee = await t.employee();
    const junk = { userId: "x", geoString: 3, tagId: null, groupId: "?", status: 1, policyVersionId: -5 } as never;
    await expectTrpcError(employee.managers.saveGeoRestriction(junk), "FORBIDDEN", messages.forbidden);
    await expectTrpcError(employee.tags.saveAssociation(junk), "FORBIDDEN", messages.forbidden);
    await expectTrpcError(employee.policy.popup.reorder(junk), "FORBIDDEN", messages.forbidden);
  });
});
