import type { DB } from "../../index.ts";
import type { UserUpdate } from "../../schema.ts";

/** The account fields recovery and the admin account tools decide on. */
export function findAccountByEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "group_id", "activation_state", "anonymized_at", "is_sso_user", "password_hash"])
    .where("email", "=", email)
    .executeTakeFirst();
}

export function findAccountById(db: DB, id: number) {
  return db
    .selectFrom("users")
    .select(["id", "email", "role", "group_id", "activation_state", "anonymized_at", "is_sso_user"])
    .where("id", "=", id)
    .executeTakeFirst();
}

/** How many messages of `template` went to the user since `since` (ISO text). */
export async function countRecentMail(db: DB, userId: number, template: string, since: string): Promise<number> {
  const row = await db
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("template", "=", template)
    .where("created_at", ">", since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function updateAccount(db: DB, id: number, patch: UserUpdate): Promise<number> {
  const result = await db.updateTable("users").set(patch).where("id", "=", id).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteUserSessions(db: DB, userId: number): Promise<number> {
  const result = await db.deleteFrom("sessions").where("user_id", "=", userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function setSessionTimezone(db: DB, sessionId: string, offset: number): Promise<number> {
  const result = await db.updateTable("sessions").set({ timezone_offset: offset }).where("id", "=", sessionId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function deleteUserTokens(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("account_tokens").where("user_id", "=", userId).execute();
}

/** Messages to the user (by id or address) keep their metadata; address and texts are replaced. */
export async function scrubOutbox(db: DB, userId: number, oldEmail: string, newEmail: string, removed: string): Promise<void> {
  await db
    .updateTable("outbox")
    .set({ to_address: newEmail, subject: removed, html: removed, text: removed, link: null })
    .where((eb) => eb.or([eb("user_id", "=", userId), eb("to_address", "=", oldEmail)]))
    .execute();
}

export async function clearSsoEmailHints(db: DB, email: string): Promise<void> {
  await db.updateTable("sso_login_states").set({ email_hint: null }).where("email_hint", "=", email).execute();
}
