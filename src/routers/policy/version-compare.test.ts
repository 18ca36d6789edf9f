import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { countOf, createTestPolicy } from "../../services/policy/testing.ts";
import { callerFor, createTestDatabase, type TestDatabase } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";

/** policy.policies.compareVersions: what differs between two versions (issue 13 item 3). */
let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
});
afterAll(() => t.close());

const admin = () => callerFor(t.db, "admin@meridian.test");
const hrAcme = () => callerFor(t.db, "hr@acme.test");
const hrGlobex = () => callerFor(t.db, "hr@globex.test");
const employee = () => callerFor(t.db, "employee@acme.test");

/** Version 1 released with a EUR 5,000 removal budget; version 2 a draft with EUR 6,000, a new service and the popup on. */
async function twoVersions() {
  const p = await createTestPolicy(t.db);
  const a = await admin();
  await a.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS" });
  await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS", currency: "EUR", amount: "5,000" });
  await a.policy.services.update({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "REMOVALS", attributes: { shipmentMode: "Sea", volumeAllowanceM3: "40" } });
  expect((await a.policy.policies.complete({ policyVersionId: p.versionId })).success).toBe(true);
  const v2 = await a.policy.policies.createVersion({ policyId: p.policyId });
  await a.policy.services.update({ policyVersionId: v2.versionId, moveStage: 1, serviceKey: "REMOVALS", amount: "6,000" });
  await a.policy.services.add({ policyVersionId: v2.versionId, moveStage: 2, serviceKey: "ORIENTATION" });
  await a.policy.popup.setDisplayed({ policyVersionId: v2.versionId, displayed: true });
  return { policyId: p.policyId, v1: p.versionId, v2: v2.versionId };
}

describe("policy.policies.compareVersions: happy", () => {
  test("lists what changed from version 1 to version 2, and nothing for a version against itself", async () => {
    const p = await twoVersions();
    const before = await countOf(t.db, "audit_log");
    const res = await (await admin()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v1, toVersionId: p.v2 });
    expect(res.from).toMatchObject({ id: p.v1, versionNumber: 1, status: "RELEASED" });
    expect(res.to).toMatchObject({ id: p.v2, versionNumber: 2, status: "DRAFT" });
    const texts = res.changes.map((c) => c.text);
    expect(texts).toEqual([
      "Relocation: Household Goods Removal: amount EUR 5,000.00 → EUR 6,000.00.",
      "Ongoing: service Destination Orientation added (Budget).",
      "Popup turned on.",
    ]);
    expect(res.changes.map((c) => [c.area, c.moveStage])).toEqual([["budget", 1], ["service", 2], ["popup", null]]);
    expect(texts).toContain("Popup turned on.");
    expect(await countOf(t.db, "audit_log")).toBe(before);

    const same = await (await admin()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v2, toVersionId: p.v2 });
    expect(same.changes).toEqual([]);
  });

  test("the group's HR reads the comparison", async () => {
    const p = await twoVersions();
    const res = await (await hrAcme()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v2, toVersionId: p.v1 });
    expect(res.changes.map((c) => c.text)).toContain("Popup turned off.");
  });
});

describe("policy.policies.compareVersions: errors", () => {
  test("a version of another policy, or an unknown one, is NOT_FOUND", async () => {
    const p = await twoVersions();
    const other = await createTestPolicy(t.db);
    const a = await admin();
    await expectTrpcError(a.policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v1, toVersionId: other.versionId }), "NOT_FOUND", policyMessages.versionNotFound);
    await expectTrpcError(a.policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: 2_000_000_000, toVersionId: p.v2 }), "NOT_FOUND", policyMessages.versionNotFound);
    await expectTrpcError(a.policy.policies.compareVersions({ policyId: 2_000_000_000, fromVersionId: p.v1, toVersionId: p.v2 }), "NOT_FOUND");
  });

  test("bad ids are refused as input", async () => {
    const p = await twoVersions();
    await expectInputError((await admin()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: -1, toVersionId: p.v2 }), "fromVersionId");
  });
});

describe("policy.policies.compareVersions: access", () => {
  test("another group's HR is refused; an employee is refused", async () => {
    const p = await twoVersions();
    await expectTrpcError((await hrGlobex()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v1, toVersionId: p.v2 }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await employee()).policy.policies.compareVersions({ policyId: p.policyId, fromVersionId: p.v1, toVersionId: p.v2 }), "FORBIDDEN");
  });
});
