/**
 * Parallel bookings (DESIGN.md "Data": guarded writes are atomic on both databases): 50 × book of one
 * quote, and 50 bookings spread over several quotes of one service and stage, give exactly one BOOKED
 * quote, one audit row and clear CONFLICT refusals, never a 500. Runs on SQLite and, with
 * TEST_DB=postgres, on PostgreSQL with a pool wide enough for real parallel transactions.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../../db/index.ts";
import { quoteMessages } from "../../../domain/employee/quotes/quotes.ts";
import { callerFor, insertTestUser } from "../../../test/db.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";
import { expectOneEffect, race } from "../../../test/race.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 50;
const plusDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
async function employeeWithQuotes(db: DB, count: number) {
  const email = `quote-race-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const model = await db.selectFrom("moves as m").innerJoin("users as u", "u.id", "m.employee_user_id").selectAll("m").where("u.email", "=", "employee@acme.test").orderBy("m.id", "desc").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const move = await db
    .insertInto("moves")
    .values({ group_id: model.group_id, employee_user_id: userId, policy_id: model.policy_id, policy_version_id: model.policy_version_id, status: "open", created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  const hr = await callerFor(db, "hr@acme.test");
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const q = await hr.quotes.add({ group: "acme", moveId: move.id, service: "REMOVALS", moveStage: 1, companyName: `Mover ${i}`, scope: "INTERNATIONAL", currency: "USD", amount: String(1000 + i), details: "", validUntil: plusDays(5) });
    ids.push(q.id);
  }
  return { email, moveId: move.id, ids };
}

async function statuses(moveId: number) {
  return t.db.selectFrom("supplier_quotes").select(["id", "status"]).where("move_id", "=", moveId).orderBy("id").execute();
}

describe("quotes.book under parallel calls", () => {
  test(`${N} × book of one quote: one booking, one audit row, ${N - 1} × CONFLICT`, async () => {
    const e = await employeeWithQuotes(t.db, 3);
    const callers = await Promise.all(Array.from({ length: 5 }, () => callerFor(t.db, e.email)));
    const results = await race(N, (i) => callers[i % callers.length]!.quotes.book({ quoteId: e.ids[0]! }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: quoteMessages.notOpen } });
    expect((await statuses(e.moveId)).map((r) => r.status)).toEqual(["BOOKED", "DECLINED", "DECLINED"]);
    const audits = await t.db.selectFrom("audit_log").select("id").where("action", "=", "quotes.book").where("entity_id", "=", String(e.ids[0])).execute();
    expect(audits).toHaveLength(1);
  });

  test(`${N} × book spread over 5 quotes of one service and stage: exactly one BOOKED, the rest CONFLICT`, async () => {
    const e = await employeeWithQuotes(t.db, 5);
    const callers = await Promise.all(Array.from({ length: 5 }, () => callerFor(t.db, e.email)));
    const results = await race(N, (i) => callers[i % callers.length]!.quotes.book({ quoteId: e.ids[i % e.ids.length]! }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: new RegExp(`^(${quoteMessages.notOpen}|${quoteMessages.alreadyBooked})$`) } });
    const rows = await statuses(e.moveId);
    expect(rows.filter((r) => r.status === "BOOKED")).toHaveLength(1);
    expect(rows.filter((r) => r.status === "DECLINED")).toHaveLength(4);
    const audits = await t.db.selectFrom("audit_log").select("id").where("action", "=", "quotes.book").where("entity_id", "in", e.ids.map(String)).execute();
    expect(audits).toHaveLength(1);
  });
});
