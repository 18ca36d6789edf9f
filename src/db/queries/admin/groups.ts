import type { GroupStatus } from "../../../domain/roles.ts";
import type { DB } from "../../index.ts";

export function findGroupByName(db: DB, name: string) {
  return db.selectFrom("groups").selectAll().where("name", "=", name).executeTakeFirst();
}

export function findGroupById(db: DB, id: number) {
  return db.selectFrom("groups").selectAll().where("id", "=", id).executeTakeFirst();
}

/** Every group with its number of users, for the platform staff pages. */
export function findGroupsWithCounts(db: DB) {
  return db
    .selectFrom("groups")
    .leftJoin("users", "users.group_id", "groups.id")
    .select([
      "groups.id",
      "groups.name",
      "groups.display_name",
      "groups.status",
      "groups.created_at",
      (eb) => eb.fn.count<number>("users.id").as("user_count"),
    ])
    .groupBy(["groups.id", "groups.name", "groups.display_name", "groups.status", "groups.created_at"])
    .orderBy("groups.display_name")
    .execute();
}

export async function insertGroup(db: DB, g: { name: string; displayName: string; status: GroupStatus; now: string }) {
  const row = await db
    .insertInto("groups")
    .values({ name: g.name, display_name: g.displayName, status: g.status, created_at: g.now, updated_at: g.now })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateGroupStatus(db: DB, id: number, status: GroupStatus, now: string) {
  await db.updateTable("groups").set({ status, updated_at: now }).where("id", "=", id).execute();
}
