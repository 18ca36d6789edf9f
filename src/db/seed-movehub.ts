/**
 * Move hub demo (issue 14 "Demo data"): employee@acme.test and employee@globex.test each get a hub
 * with done, open and overdue tasks. Their generated tasks are materialised as the page would
 * (src/services/employee/movehub/hub.ts), then, relative to the day of seeding: the first task of the first
 * stage is done, the second overdue (due five days ago), the others due in two to eight weeks, plus
 * one custom task. Runs once per move: a move whose hub already has a custom task is left alone.
 */
import type { DB } from "./index.ts";
import { hubMoveById } from "../services/employee/movehub/access.ts";
import { materialiseTasks } from "../services/employee/movehub/hub.ts";

const DEMO_EMPLOYEES = ["employee@acme.test", "employee@globex.test"];

const dayOffset = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);

export async function seedMoveHubDemo(db: DB, now = new Date()): Promise<boolean> {
  const moves = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "u.id as userId"])
    .where("u.email", "in", DEMO_EMPLOYEES)
    .orderBy("m.id")
    .execute();
  let seeded = false;
  for (const { id, userId } of moves) {
    const move = await hubMoveById(db, id);
    if (!move) continue;
    const custom = await db.selectFrom("move_hub_items").select("id").where("move_id", "=", id).where("kind", "=", "CUSTOM").limit(1).executeTakeFirst();
    if (custom) continue;
    await materialiseTasks(db, move, now);
    const items = await db.selectFrom("move_hub_items").select(["id"]).where("move_id", "=", id).orderBy("section").orderBy("sort_order").execute();
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      for (const [index, item] of items.entries()) {
        const values =
          index === 0
            ? { is_done: 1, done_at: at, due_date: dayOffset(now, -10) }
            : index === 1
              ? { is_done: 0, done_at: null, due_date: dayOffset(now, -5) }
              : { is_done: 0, done_at: null, due_date: dayOffset(now, 14 + 7 * Math.min(index, 6)) };
        await trx.updateTable("move_hub_items").set({ ...values, updated_at: at }).where("id", "=", item.id).execute();
      }
      const inFirst = await trx.selectFrom("move_hub_items").select("id").where("move_id", "=", id).where("section", "=", 1).execute();
      await trx
        .insertInto("move_hub_items")
        .values({
          group_id: move.groupId,
          move_id: id,
          source_key: null,
          kind: "CUSTOM",
          service_key: null,
          move_hub: 0,
          title: "Renew passports for the family",
          dd_text: "Check every passport is valid for at least six months after the move date.",
          section: 1,
          sort_order: inFirst.length,
          due_date: dayOffset(now, 21),
          is_done: 0,
          done_at: null,
          created_by: userId,
          created_at: at,
          updated_at: at,
        })
        .execute();
    });
    seeded = true;
  }
  return seeded;
}
