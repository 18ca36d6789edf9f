import { sql } from "kysely";
import type { DB } from "../../index.ts";
import { likeIgnoreCase, likePattern } from "../like.ts";

/** A user with the fields activation and terms need, and the group's names. */
export function findAccountUser(db: DB, id: number) {
  return db
    .selectFrom("users")
    .leftJoin("groups", "groups.id", "users.group_id")
    .select([
      "users.id",
      "users.email",
      "users.first_name",
      "users.last_name",
      "users.role",
      "users.group_id",
      "users.activation_state",
      "users.terms_accepted_at",
      "users.terms_version",
      "users.move_date",
      "users.is_sso_user",
      "groups.name as group_name",
      "groups.display_name as group_display_name",
      "groups.status as group_status",
    ])
    .where("users.id", "=", id)
    .executeTakeFirst();
}

export type AccountUser = NonNullable<Awaited<ReturnType<typeof findAccountUser>>>;

/** Of `userIds`, those with an unused, unexpired activation code (their activation was sent). */
export async function findUsersWithLiveActivation(db: DB, userIds: number[], now: Date): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectFrom("account_tokens")
    .select("user_id")
    .where("user_id", "in", userIds)
    .where("kind", "=", "ACTIVATION")
    .where("used_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .execute();
  return new Set(rows.map((r) => r.user_id));
}

/** One page of the outbox, newest first; `search` matches recipient, subject or template. */
export function findOutboxPage(db: DB, p: { search?: string; limit: number; offset: number }) {
  let q = db
    .selectFrom("outbox")
    .select(["id", "to_address", "subject", "template", "transport", "created_at", "sent_at", "error", "link", "cc_address", "attachments"]);
  if (p.search) {
    const pattern = likePattern(p.search);
    q = q.where((eb) =>
      eb.or([
        likeIgnoreCase(sql.ref("to_address"), pattern),
        likeIgnoreCase(sql.ref("subject"), pattern),
        likeIgnoreCase(sql.ref("template"), pattern),
      ]),
    );
  }
  return q.orderBy("created_at", "desc").orderBy("id", "desc").limit(p.limit).offset(p.offset).execute();
}

export function findOutboxMessage(db: DB, id: number) {
  return db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
}
