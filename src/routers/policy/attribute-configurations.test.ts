import { beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../domain/messages.ts";
import { policyMessages } from "../../domain/policy/messages.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { ensureServices, groupIdOf, insertPolicy } from "./benefits-fixture.ts";

/** policy.catalogue.groupAttributes / configureAttribute (the tRPC side of /api/v1/services/{serviceType}/attributes). */
const t = useTestDatabase();
let attributeId: number;
let cashId: number;
let policyId: number;

beforeAll(async () => {
  await ensureServices(t.db);
  const insert = (service_key: string, attr_key: string) =>
    t.db.insertInto("service_attributes").values({ service_key, attr_key, label: attr_key, input_type: "TEXT" }).returning("id").executeTakeFirstOrThrow();
  attributeId = (await insert("REMOVALS", "trpcAttr")).id;
  cashId = (await insert("CASHFLEX", "trpcCash")).id;
  policyId = (await insertPolicy(t.db, { groupId: await groupIdOf(t.db, "acme"), name: "tRPC attribute policy", versions: ["DRAFT"] })).policyId;
});

describe("happy", () => {
  test("ADMIN configures per group and per policy; the reads follow", async () => {
    const admin = await t.admin();
    const group = await admin.policy.catalogue.configureAttribute({ serviceType: "regular", attributeId, groupName: "acme", viewableByHR: true });
    expect(group).toMatchObject({ success: true, groupName: "acme", policyId: null, attribute: { id: attributeId, viewableByHR: true, configuredFor: "GROUP" } });
    const policy = await admin.policy.catalogue.configureAttribute({ serviceType: "REMOVALS", attributeId, policyId, viewableByHR: false });
    expect(policy).toMatchObject({ groupName: "acme", policyId, attribute: { viewableByHR: false, configuredFor: "POLICY" } });

    const forGroup = await admin.policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme" });
    expect(forGroup.attributes.find((a) => a.id === attributeId)).toMatchObject({ viewableByHR: true, configuredFor: "GROUP" });
    const forPolicy = await admin.policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme", policyId });
    expect(forPolicy.attributes.find((a) => a.id === attributeId)).toMatchObject({ viewableByHR: false, configuredFor: "POLICY" });
    const hr = await (await t.hrAcme()).policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme" });
    expect(hr.attributes.find((a) => a.id === attributeId)).toMatchObject({ viewableByHR: true });
    expect((await (await t.hrAcme()).policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme", policyId })).attributes.some((a) => a.id === attributeId)).toBe(false);
  });
});

describe("errors", () => {
  test("the spec's texts", async () => {
    const admin = await t.admin();
    await expectTrpcError(admin.policy.catalogue.groupAttributes({ serviceType: "NOSUCH", groupName: "acme" }), "NOT_FOUND", policyMessages.attributesLoadFailure);
    await expectTrpcError(
      admin.policy.catalogue.configureAttribute({ serviceType: "regular", attributeId: cashId, groupName: "acme", viewableByHR: true }),
      "NOT_FOUND",
      policyMessages.attributeUpdateFailure,
    );
    await expectTrpcError(admin.policy.catalogue.configureAttribute({ serviceType: "cash", attributeId: cashId, viewableByHR: true }), "BAD_REQUEST", policyMessages.attributeScopeRequired);
  });
});

describe("security", () => {
  test("HR of another group, HR writes, employee", async () => {
    await expectTrpcError((await t.hrGlobex()).policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme" }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrGlobex()).policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "globex", policyId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError(
      (await t.hrAcme()).policy.catalogue.configureAttribute({ serviceType: "regular", attributeId, policyId, viewableByHR: true }),
      "FORBIDDEN",
    );
    await expectTrpcError((await t.employee()).policy.catalogue.groupAttributes({ serviceType: "regular", groupName: "acme" }), "FORBIDDEN");
    await expectTrpcError(
      (await t.employee()).policy.catalogue.configureAttribute({ serviceType: "regular", attributeId, groupName: "acme", viewableByHR: true }),
      "FORBIDDEN",
    );
  });
});
