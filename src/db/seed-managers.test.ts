import { describe, expect, test } from "bun:test";
import { callerFor } from "../test/db.ts";
import { DEMO, useTestDatabase } from "../test/fixtures.ts";
import { seedManagersDemo } from "./seed-managers.ts";

const t = useTestDatabase({ wizardDemo: true });

async function routesSeenBy(email: string) {
  const caller = await callerFor(t.db, email);
  const res = await caller.wizard.moves({ group: "acme", sort: "employee", dir: "asc" });
  return res.rows.map((r) => `${r.employeeName}: ${r.origin} → ${r.destination}`);
}

describe("demo managers (issue 15)", () => {
  test("the OWN manager sees the two moves they created; the geo manager only routes into the United States", async () => {
    const all = await routesSeenBy(DEMO.HR);
    expect(await routesSeenBy("manager@acme.test")).toEqual(all);
    expect(await routesSeenBy("manager-own@acme.test")).toEqual([expect.stringMatching(/^Lukas Becker: Berlin.* → Paris/), expect.stringMatching(/^Olivia Brown: Amsterdam.* → Z/)]);
    const geo = await routesSeenBy("manager-geo@acme.test");
    expect(geo.length).toBeGreaterThanOrEqual(3);
    expect(geo.length).toBeLessThan(all.length);
    for (const line of geo) expect(line).toMatch(/(United States|Canada|United Kingdom).* → .*United States/);
    expect(geo.some((l) => l.includes("Toronto"))).toBe(true);
  });

  test("idempotent: a second run adds nothing", async () => {
    const count = async () => ({
      users: (await t.db.selectFrom("users").select("id").where("email", "like", "manager-%@acme.test").execute()).length,
      rules: (await t.db.selectFrom("manager_geo_restrictions").select("id").execute()).length,
      restrictions: (await t.db.selectFrom("manager_restrictions").select("user_id").execute()).length,
    });
    const before = await count();
    expect(before).toEqual({ users: 2, rules: 3, restrictions: 2 });
    await seedManagersDemo(t.db);
    expect(await count()).toEqual(before);
  });
});
