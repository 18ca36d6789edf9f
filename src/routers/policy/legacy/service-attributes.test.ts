import { beforeAll, describe, expect, test } from "bun:test";
import { messages } from "../../../domain/messages.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { get, jsonOf, send } from "../../../test/app.ts";
import { auditRows } from "../../../test/db.ts";
import { expectLegacyFailure } from "../../../test/errors.ts";
import { DEMO, useTestApp } from "../../../test/fixtures.ts";
import { ensureServices, groupIdOf, insertPolicy } from "../benefits-fixture.ts";

const t = useTestApp();
let hidden: number; // TEMPACCOMMODATION, not visible to HR in the catalogue
let shown: number; // TEMPACCOMMODATION, visible to HR in the catalogue
let cash: number; // LUMPSUM (a cash service)
let parallel: number;
let acmePolicy: number;
let globexPolicy: number;

async function attribute(serviceKey: string, key: string, visible: boolean) {
  const row = await t.db
    .insertInto("service_attributes")
    .values({ service_key: serviceKey, attr_key: key, label: key, input_type: "TEXT", visible_to_hr: visible ? 1 : 0 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  await ensureServices(t.db);
  hidden = await attribute("TEMPACCOMMODATION", "saHidden", false);
  shown = await attribute("TEMPACCOMMODATION", "saShown", true);
  cash = await attribute("LUMPSUM", "saCash", false);
  parallel = await attribute("TEMPACCOMMODATION", "saParallel", false);
  acmePolicy = (await insertPolicy(t.db, { groupId: await groupIdOf(t.db, "acme"), name: "Attribute policy", versions: ["RELEASED"] })).policyId;
  globexPolicy = (await insertPolicy(t.db, { groupId: await groupIdOf(t.db, "globex"), name: "Globex attribute policy", versions: ["RELEASED"] })).policyId;
});

const list = (type: string, query: string, who: string) => get(t.app, `/api/v1/services/${type}/attributes?${query}`, t.as(who));
const put = (type: string, id: number | string, body: unknown, who: string) =>
  send(t.app, "PUT", `/api/v1/services/${type}/attributes/${id}/configurations`, JSON.stringify(body), t.as(who), "application/json");
const find = (body: { attributes: { id: number }[] }, id: number) => body.attributes.find((a) => a.id === id);
const rows = (id: number) => t.db.selectFrom("service_attribute_configurations").selectAll().where("attribute_id", "=", id).execute();

describe("happy", () => {
  test("GET regular and cash: the catalogue's visibility until a group or policy configures it", async () => {
    const regular = await jsonOf(await list("regular", "groupName=acme", DEMO.ADMIN));
    expect(regular.status).toBe(200);
    expect(regular.body).toMatchObject({ success: true, serviceType: "regular", groupName: "acme", policyId: null });
    expect(find(regular.body, hidden)).toMatchObject({ serviceKey: "TEMPACCOMMODATION", key: "saHidden", viewableByHR: false, configuredFor: "GLOBAL" });
    expect(find(regular.body, shown)).toMatchObject({ viewableByHR: true, configuredFor: "GLOBAL" });
    expect(find(regular.body, cash)).toBeUndefined();
    const cashList = await jsonOf(await list("CASH", "groupName=acme", DEMO.ADMIN));
    expect(find(cashList.body, cash)).toMatchObject({ viewableByHR: false });
    expect(find(cashList.body, hidden)).toBeUndefined();
    const one = await jsonOf(await list("tempaccommodation", "groupName=acme", DEMO.ADMIN));
    expect(one.body.attributes.every((a: { serviceKey: string }) => a.serviceKey === "TEMPACCOMMODATION")).toBe(true);
  });

  test("PUT per group: that group sees it, another group keeps the catalogue's; audited", async () => {
    const res = await jsonOf(await put("regular", hidden, { groupName: "acme", viewableByHR: true }, DEMO.ADMIN));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, groupName: "acme", policyId: null, attribute: { id: hidden, viewableByHR: true, configuredFor: "GROUP" } });
    expect(find((await jsonOf(await list("regular", "groupName=acme", DEMO.ADMIN))).body, hidden)).toMatchObject({ viewableByHR: true, configuredFor: "GROUP" });
    expect(find((await jsonOf(await list("regular", "groupName=globex", DEMO.ADMIN))).body, hidden)).toMatchObject({ viewableByHR: false, configuredFor: "GLOBAL" });
    // HR of the group reads its own group: only what is visible to HR there.
    const asHr = await jsonOf(await list("regular", "groupName=acme", DEMO.HR));
    expect(asHr.status).toBe(200);
    expect(find(asHr.body, hidden)).toMatchObject({ viewableByHR: true });
    expect(asHr.body.attributes.every((a: { viewableByHR: boolean }) => a.viewableByHR)).toBe(true);
    const audit = await auditRows(t.db, "policy.catalogue.configureAttribute");
    expect(audit.some((a) => a.entity_id === String(hidden))).toBe(true);
  });

  test("PUT per policy: the policy's visibility wins over its group's; a form body works too", async () => {
    const res = await send(
      t.app,
      "PUT",
      `/api/v1/services/regular/attributes/${hidden}/configurations`,
      new URLSearchParams({ policyId: String(acmePolicy), viewableByHR: "false" }).toString(),
      t.as(DEMO.ADMIN),
      "application/x-www-form-urlencoded",
    );
    const body = (await jsonOf(res)).body;
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, groupName: "acme", policyId: acmePolicy, attribute: { viewableByHR: false, configuredFor: "POLICY" } });
    const forPolicy = await jsonOf(await list("regular", `groupName=acme&policyId=${acmePolicy}`, DEMO.ADMIN));
    expect(forPolicy.body.policyId).toBe(acmePolicy);
    expect(find(forPolicy.body, hidden)).toMatchObject({ viewableByHR: false, configuredFor: "POLICY" });
    expect(find((await jsonOf(await list("regular", "groupName=acme", DEMO.ADMIN))).body, hidden)).toMatchObject({ viewableByHR: true, configuredFor: "GROUP" });
    expect((await rows(hidden)).length).toBe(2);
  });

  test("parallel identical PUTs leave one row per group and per policy", async () => {
    const group = await Promise.all(Array.from({ length: 6 }, () => put("regular", parallel, { groupName: "acme", viewableByHR: true }, DEMO.ADMIN)));
    const policy = await Promise.all(Array.from({ length: 6 }, () => put("regular", parallel, { policyId: acmePolicy, viewableByHR: true }, DEMO.ADMIN)));
    expect([...group, ...policy].map((r) => r.status)).toEqual(Array(12).fill(200));
    const saved = await rows(parallel);
    expect(saved.length).toBe(2);
    expect(saved.filter((r) => r.policy_id === null).length).toBe(1);
    expect(saved.every((r) => r.viewable_by_hr === 1)).toBe(true);
  });
});

describe("errors", () => {
  test("the spec's texts: unknown service type, attribute not of the type or unknown", async () => {
    await expectLegacyFailure(await list("NOSUCHSERVICE", "groupName=acme", DEMO.ADMIN), 404, { message: policyMessages.attributesLoadFailure });
    await expectLegacyFailure(await put("regular", cash, { groupName: "acme", viewableByHR: true }, DEMO.ADMIN), 404, { message: policyMessages.attributeUpdateFailure });
    await expectLegacyFailure(await put("cash", 99999999, { groupName: "acme", viewableByHR: true }, DEMO.ADMIN), 404, { message: policyMessages.attributeUpdateFailure });
    expect(policyMessages.attributesLoadFailure).toBe("Error in loading the attributes.");
    expect(policyMessages.attributeUpdateFailure).toBe("Error in updating the attribute.");
  });

  test("bad input: no group or policy, no flag, unknown group, a policy of another group than named", async () => {
    await expectLegacyFailure(await put("regular", hidden, { viewableByHR: true }, DEMO.ADMIN), 400, { message: policyMessages.attributeScopeRequired });
    await expectLegacyFailure(await put("regular", hidden, { groupName: "acme" }, DEMO.ADMIN), 400);
    await expectLegacyFailure(await list("regular", "", DEMO.ADMIN), 400);
    await expectLegacyFailure(await list("regular", "groupName=nosuchgroup", DEMO.ADMIN), 404, { message: policyMessages.groupNotFound });
    await expectLegacyFailure(await put("regular", hidden, { groupName: "acme", policyId: globexPolicy, viewableByHR: true }, DEMO.ADMIN), 404, { message: policyMessages.policyNotFound });
    await expectLegacyFailure(await list("regular", `groupName=acme&policyId=${globexPolicy}`, DEMO.ADMIN), 404, { message: policyMessages.policyNotFound });
  });
});

describe("security", () => {
  test("HR of another group is refused; HR writes nothing", async () => {
    await expectLegacyFailure(await list("regular", "groupName=acme", DEMO.GLOBEX), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await list("regular", `groupName=globex&policyId=${acmePolicy}`, DEMO.GLOBEX), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await list("regular", "groupName=nosuchgroup", DEMO.GLOBEX), 403, { message: messages.otherGroup });
    await expectLegacyFailure(await put("regular", shown, { groupName: "acme", viewableByHR: false }, DEMO.HR), 403, { message: messages.forbidden });
    await expectLegacyFailure(await put("regular", shown, { policyId: acmePolicy, viewableByHR: false }, DEMO.HR), 403, { message: messages.forbidden });
    expect(await rows(shown)).toEqual([]);
  });

  test("employee and no session are refused", async () => {
    await expectLegacyFailure(await list("regular", "groupName=acme", DEMO.EMPLOYEE), 403);
    await expectLegacyFailure(await put("regular", shown, { groupName: "acme", viewableByHR: false }, DEMO.EMPLOYEE), 403);
    await expectLegacyFailure(await get(t.app, "/api/v1/services/regular/attributes?groupName=acme"), 401);
    expect(await rows(shown)).toEqual([]);
  });
});
