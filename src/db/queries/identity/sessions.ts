import type { DB } from "../../index.ts";
import type { SessionRow } from "../../schema.ts";
import { userColumns } from "./users.ts";
import { preparedQuery } from "../../prepared.ts";

export async function insertSession(db: DB, session: SessionRow): Promise<void> {
  await db.insertInto("sessions").values(session).execute();
}

export function findSession(db: DB, id: string) {
  return db.selectFrom("sessions").selectAll().where("id", "=", id).executeTakeFirst();
}

const sessionWithUser = preparedQuery((db: DB, args: { id: string }) =>
  db
    .selectFrom("sessions")
    .innerJoin("users", "users.id", "sessions.user_id")
    .leftJoin("groups", "groups.id", "users.group_id")
    .select([
      "sessions.id as session_id",
      "sessions.last_seen_at",
      "sessions.expires_at",
      "sessions.timezone_offset",
      ...userColumns,
    ])
    .where("sessions.id", "=", args.id),
);

/** A session with its user and the user's group, in one read (every authenticated request makes it). */
export async function findSessionWithUser(db: DB, id: string) {
  return (await sessionWithUser(db, { id }))[0];
}

export async function touchSession(db: DB, id: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("sessions").set({ last_seen_at: lastSeenAt }).where("id", "=", id).execute();
}

export async function deleteSession(db: DB, id: string): Promise<void> {
  await db.deleteFrom("sessions").where("id", "=", id).execute();
}

export async function deleteExpiredSessions(db: DB, idleCutoff: string, now: string): Promise<number> {
  const result = await db
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("last_seen_at", "<", idleCutoff), eb("expires_at", "<", now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
