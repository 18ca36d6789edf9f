/**
 * Welcome popup demo (issue 14): the demo employees' open moves (employee@acme.test, employee@globex.test
 * and the wizard demo's employees) predate the popup, so it is recorded as finished for each of them —
 * their home opens without it, as every demo walk-through and browser test expects. A new employee
 * (an HR initiation after seeding) sees it. Runs with the demo; moves that already have a row are left alone.
 */
import type { DB } from "./index.ts";

export async function seedWelcomeDemo(db: DB, now = new Date()): Promise<number> {
  const moves = await db
    .selectFrom("moves")
    .select(["id", "group_id", "employee_user_id"])
    .where("status", "=", "open")
    .where((eb) => eb.not(eb.exists(eb.selectFrom("welcome_popups as w").select("w.move_id").whereRef("w.move_id", "=", "moves.id"))))
    .execute();
  if (moves.length === 0) return 0;
  const at = now.toISOString();
  await db
    .insertInto("welcome_popups")
    .values(moves.map((m) => ({ move_id: m.id, group_id: m.group_id, user_id: m.employee_user_id, stage: 3, status: "FINISHED", updated_at: at })))
    .onConflict((oc) => oc.column("move_id").doNothing())
    .execute();
  return moves.length;
}
