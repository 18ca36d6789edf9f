import { describe, expect, test } from "bun:test";
import type { MoveStatus } from "../../../db/schema.ts";
import { messages } from "../../../domain/messages.ts";
import { MOVES_PAGE_SIZE } from "../../../domain/moves/wizard/schemas.ts";
import { releasedVersionOf } from "../../../services/moves/wizard/initiation-testing.ts";
import { callerFor } from "../../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../../test/errors.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";

const t = useTestDatabase();
const { hrAcme } = t;

type Seed = { first: string; last: string; policy?: string; origin?: string | null; destination?: string | null; moveDate?: string | null; status?: MoveStatus; stage?: number; updated?: string };

/** Inserts employees and moves straight into the tables (the list only reads them). */
async function seedMoves(group: string, tag: string, rows: Seed[]) {
  const gid = (await t.db.selectFrom("groups").select("id").where("name", "=", group).executeTakeFirstOrThrow()).id;
  const ids: number[] = [];
  for (const [i, r] of rows.entries()) {
    const version = await releasedVersionOf(t.db, r.policy ?? (group === "globex" ? "Globex Permanent Transfer" : "Global Long-Term Assignment"));
    const at = r.updated ?? `2026-01-01T00:00:${String(i).padStart(2, "0")}.000Z`;
    const user = await t.db
      .insertInto("users")
      .values({ email: `${tag}.${i}@example.com`.toLowerCase(), first_name: r.first, last_name: r.last, role: "EMPLOYEE", group_id: gid, password_hash: null, terms_accepted_at: null, terms_version: null, activation_state: "PENDING", created_at: at, updated_at: at })
      .returning("id")
      .executeTakeFirstOrThrow();
    const move = await t.db
      .insertInto("moves")
      .values({
        group_id: gid,
        employee_user_id: user.id,
        policy_id: version.policyId,
        policy_version_id: version.versionId,
        status: r.status ?? "open",
        current_move_stage: r.stage ?? 1,
        origin_country_code: r.origin ? "GB" : null,
        origin_city_name: r.origin ?? null,
        destination_country_code: r.destination ? "LU" : null,
        destination_city_name: r.destination ?? null,
        move_date: r.moveDate ?? null,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    ids.push(move.id);
  }
  return ids;
}

describe("wizard.moves", () => {
  test("search over name, e-mail, policy and cities; cancelled moves only on request", async () => {
    const tag = `q${crypto.randomUUID().slice(0, 6)}`;
    const [a, b, c] = await seedMoves("acme", tag, [
      { first: "Ann", last: `Alpha${tag}`, origin: "London", destination: "Luxembourg" },
      { first: "Bob", last: `Beta${tag}`, origin: `Leeds${tag}`, policy: "Short-Term Assignment" },
      { first: "Cy", last: `Gamma${tag}`, status: "cancelled" },
    ]);
    const hr = await hrAcme();
    const res = await hr.wizard.moves({ group: "acme", q: tag, sort: "employee", dir: "asc" });
    expect(res.rows.map((r) => r.moveId)).toEqual([a!, b!]);
    expect(res).toMatchObject({ total: 2, page: 0, pageSize: MOVES_PAGE_SIZE });
    expect(res.rows[0]).toMatchObject({ employeeName: `Ann Alpha${tag}`, policyName: "Global Long-Term Assignment", origin: "London, United Kingdom", destination: "Luxembourg, Luxembourg", status: "open", moveStagesCount: 3 });
    expect((await hr.wizard.moves({ group: "acme", q: `leeds${tag}`.toUpperCase() })).rows.map((r) => r.moveId)).toEqual([b!]);
    expect((await hr.wizard.moves({ group: "acme", q: `ann alpha${tag}` })).rows.map((r) => r.moveId)).toEqual([a!]);
    expect((await hr.wizard.moves({ group: "acme", q: `${tag}.1@example` })).rows.map((r) => r.moveId)).toEqual([b!]);
    const cancelled = await hr.wizard.moves({ group: "acme", q: tag, status: "cancelled" });
    expect(cancelled.rows.map((r) => r.moveId)).toEqual([c!]);
    // A search for a policy name finds its moves.
    expect((await hr.wizard.moves({ group: "acme", q: "Short-Term Assign" })).rows.map((r) => r.moveId)).toContain(b!);
  });

  test("every sort key in both directions; ties by id", async () => {
    const tag = `s${crypto.randomUUID().slice(0, 6)}`;
    const [m1, m2, m3] = await seedMoves("acme", tag, [
      { first: "Zoe", last: `Carter${tag}`, origin: "York", destination: "Esch", moveDate: "2027-05-01", policy: "Short-Term Assignment", stage: 2, updated: "2026-03-01T00:00:00.000Z" },
      { first: "Amy", last: `Adams${tag}`, origin: "Bath", destination: null, moveDate: null, status: "draft", stage: 1, updated: "2026-03-03T00:00:00.000Z" },
      { first: "Max", last: `Brown${tag}`, origin: null, destination: "Wiltz", moveDate: "2027-01-15", policy: "City Guide Only", stage: 3, status: "on_assignment", updated: "2026-03-02T00:00:00.000Z" },
    ]);
    const hr = await hrAcme();
    const order = async (sort: "employee" | "policy" | "origin" | "destination" | "moveDate" | "status" | "stage" | "updated", dir: "asc" | "desc") =>
      (await hr.wizard.moves({ group: "acme", q: tag, sort, dir })).rows.map((r) => r.moveId);
    expect(await order("employee", "asc")).toEqual([m2!, m3!, m1!]);
    expect(await order("employee", "desc")).toEqual([m1!, m3!, m2!]);
    expect(await order("policy", "asc")).toEqual([m3!, m2!, m1!]);
    expect(await order("policy", "desc")).toEqual([m1!, m2!, m3!]);
    // Nulls last both ways.
    expect(await order("origin", "asc")).toEqual([m2!, m1!, m3!]);
    expect(await order("origin", "desc")).toEqual([m1!, m2!, m3!]);
    expect(await order("destination", "asc")).toEqual([m1!, m3!, m2!]);
    expect(await order("moveDate", "asc")).toEqual([m3!, m1!, m2!]);
    expect(await order("moveDate", "desc")).toEqual([m1!, m3!, m2!]);
    expect(await order("status", "asc")).toEqual([m2!, m3!, m1!]);
    expect(await order("stage", "desc")).toEqual([m3!, m1!, m2!]);
    expect(await order("updated", "desc")).toEqual([m2!, m3!, m1!]);
    expect(await order("updated", "asc")).toEqual([m1!, m3!, m2!]);
    // Equal keys: by id, in the chosen direction.
    const tie = `t${crypto.randomUUID().slice(0, 6)}`;
    const same = await seedMoves("acme", tie, [
      { first: "Same", last: `Name${tie}`, updated: "2026-04-01T00:00:00.000Z" },
      { first: "Same", last: `Name${tie}`, updated: "2026-04-01T00:00:00.000Z" },
    ]);
    expect((await hr.wizard.moves({ group: "acme", q: tie, sort: "employee", dir: "asc" })).rows.map((r) => r.moveId)).toEqual(same);
    expect((await hr.wizard.moves({ group: "acme", q: tie, sort: "employee", dir: "desc" })).rows.map((r) => r.moveId)).toEqual([...same].reverse());
  });

  test("pages of MOVES_PAGE_SIZE with the total", async () => {
    const tag = `p${crypto.randomUUID().slice(0, 6)}`;
    const ids = await seedMoves("acme", tag, Array.from({ length: MOVES_PAGE_SIZE + 3 }, (_, i) => ({ first: "P", last: `${tag}${String(i).padStart(2, "0")}` })));
    const hr = await hrAcme();
    const first = await hr.wizard.moves({ group: "acme", q: tag, sort: "employee", dir: "asc" });
    expect(first.total).toBe(MOVES_PAGE_SIZE + 3);
    expect(first.rows.map((r) => r.moveId)).toEqual(ids.slice(0, MOVES_PAGE_SIZE));
    const second = await hr.wizard.moves({ group: "acme", q: tag, sort: "employee", dir: "asc", page: 1 });
    expect(second.rows.map((r) => r.moveId)).toEqual(ids.slice(MOVES_PAGE_SIZE));
    expect(second.page).toBe(1);
    expect((await hr.wizard.moves({ group: "acme", q: tag, page: 5 })).rows).toEqual([]);
  });

  test("only the group's moves; bad input, wrong role, other group", async () => {
    const tag = `g${crypto.randomUUID().slice(0, 6)}`;
    const [globexMove] = await seedMoves("globex", tag, [{ first: "G", last: `Lobex${tag}` }]);
    expect((await (await hrAcme()).wizard.moves({ group: "acme", q: tag })).rows).toEqual([]);
    expect((await (await callerFor(t.db, "hr@globex.test")).wizard.moves({ group: "globex", q: tag })).rows.map((r) => r.moveId)).toEqual([globexMove!]);
    expect((await (await callerFor(t.db, "admin@meridian.test")).wizard.moves({ group: "globex", q: tag })).total).toBe(1);
    await expectInputError((await hrAcme()).wizard.moves({ group: "acme", sort: "salary" as never }), "sort");
    await expectInputError((await hrAcme()).wizard.moves({ group: "acme", page: -1 }), "page");
    await expectTrpcError((await callerFor(t.db, "employee@acme.test")).wizard.moves({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "finance@meridian.test")).wizard.moves({ group: "acme" }), "FORBIDDEN");
    await expectTrpcError((await callerFor(t.db, "hr@globex.test")).wizard.moves({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
  });
});
