/**
 * Test set-up of the welcome popup's tests: a new employee of a group with an open move, copied from
 * that group's demo employee's move (same policy version), so each test starts from a popup never seen.
 */
import type { DB } from "../../db/index.ts";
import { insertTestUser } from "../../test/db.ts";

let seq = 0;

export async function newEmployeeWithMove(db: DB, group: "acme" | "globex" = "acme", status = "open"): Promise<{ email: string; userId: number; moveId: number }> {
  const email = `welcome-${Date.now()}-${++seq}@${group}.test`;
  const userId = await insertTestUser(db, { email, group, firstName: "Wendy", lastName: "Welcome" });
  const demo = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .selectAll("m")
    .where("u.email", "=", `employee@${group}.test`)
    .orderBy("m.id")
    .executeTakeFirstOrThrow();
  const { id: _id, ...row } = demo;
  const now = new Date().toISOString();
  const inserted = await db
    .insertInto("moves")
    .values({ ...row, employee_user_id: userId, status: status as typeof row.status, created_at: now, updated_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { email, userId, moveId: inserted.id };
}

/** A day `days` from now, YYYY-MM-DD (UTC). */
export const dayFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
