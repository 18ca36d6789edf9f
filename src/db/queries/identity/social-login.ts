import type { Insertable } from "kysely";
import type { DB } from "../../index.ts";
import type { SocialIdentityTable, SocialLoginStateTable } from "../../schema.ts";

/** The account behind an address with what social sign-in decides on (group, state, SSO settings). */
export function findSocialUserByEmail(db: DB, email: string) {
  return socialUserQuery(db).where("users.email", "=", email).executeTakeFirst();
}

export function findSocialUserById(db: DB, id: number) {
  return socialUserQuery(db).where("users.id", "=", id).executeTakeFirst();
}

function socialUserQuery(db: DB) {
  return db
    .selectFrom("users")
    .leftJoin("groups", "groups.id", "users.group_id")
    .leftJoin("group_sso_settings", "group_sso_settings.group_id", "users.group_id")
    .select([
      "users.id",
      "users.email",
      "users.role",
      "users.group_id",
      "users.is_sso_user",
      "users.activation_state",
      "users.anonymized_at",
      "users.password_hash",
      "groups.name as group_name",
      "groups.status as group_status",
      "group_sso_settings.enabled as sso_enabled",
      "group_sso_settings.allowed_domains as sso_allowed_domains",
    ]);
}

export async function insertSocialLoginState(db: DB, row: Insertable<SocialLoginStateTable>): Promise<void> {
  await db.insertInto("social_login_states").values(row).execute();
}

/** Removes and returns a login state: whoever deletes it first owns it, so a state works once. */
export function takeSocialLoginState(db: DB, state: string) {
  return db.deleteFrom("social_login_states").where("state", "=", state).returningAll().executeTakeFirst();
}

export async function deleteExpiredSocialLoginStates(db: DB, at: string): Promise<void> {
  await db.deleteFrom("social_login_states").where("expires_at", "<=", at).execute();
}

export function findSocialIdentity(db: DB, provider: string, subject: string) {
  return db.selectFrom("social_identities").selectAll().where("provider", "=", provider).where("subject", "=", subject).executeTakeFirst();
}

/**
 * Links a provider account to a user unless either side is linked already (unique (provider, subject)
 * and (user_id, provider)); true when this call made the link.
 */
export async function insertSocialIdentity(db: DB, row: Insertable<SocialIdentityTable>): Promise<boolean> {
  const inserted = await db.insertInto("social_identities").values(row).onConflict((oc) => oc.doNothing()).returning("id").executeTakeFirst();
  return inserted !== undefined;
}

export async function touchSocialIdentity(db: DB, id: number, at: string): Promise<void> {
  await db.updateTable("social_identities").set({ last_login_at: at }).where("id", "=", id).execute();
}

export function findSocialIdentitiesOfUser(db: DB, userId: number) {
  return db.selectFrom("social_identities").selectAll().where("user_id", "=", userId).orderBy("provider").execute();
}

/** Anonymization: the user's linked provider accounts and attempts go (the provider's `sub` and address are personal data). */
export async function deleteSocialLoginDataOfUser(db: DB, userId: number): Promise<void> {
  await db.deleteFrom("social_identities").where("user_id", "=", userId).execute();
  await db.deleteFrom("social_login_states").where("user_id", "=", userId).execute();
}

/** Removes a user's linked account of a provider; the removed row, or undefined when there was none. */
export function deleteSocialIdentity(db: DB, userId: number, provider: string) {
  return db.deleteFrom("social_identities").where("user_id", "=", userId).where("provider", "=", provider).returningAll().executeTakeFirst();
}
