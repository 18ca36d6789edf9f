import type { DB } from "../../index.ts";
import type { Insertable } from "kysely";
import type { SsoLoginStateTable } from "../../schema.ts";

/** A group's single sign-on settings, or undefined. */
export function findSsoSettings(db: DB, groupId: number) {
  return db.selectFrom("group_sso_settings").selectAll().where("group_id", "=", groupId).executeTakeFirst();
}

export type SsoSettingsValues = {
  issuer_url: string;
  client_id: string;
  client_secret: string;
  allowed_domains: string;
  enabled: number;
};

/**
 * Creates or replaces a group's settings in one statement (INSERT … ON CONFLICT (group_id) DO
 * UPDATE on both dialects), so parallel first saves cannot both insert.
 */
export async function upsertSsoSettings(db: DB, groupId: number, values: SsoSettingsValues, at: string): Promise<void> {
  await db
    .insertInto("group_sso_settings")
    .values({ group_id: groupId, ...values, created_at: at, updated_at: at })
    .onConflict((oc) => oc.column("group_id").doUpdateSet({ ...values, updated_at: at }))
    .execute();
}

/** The account behind an address with what SSO decisions need, and its group's settings (if any). */
export function findSsoUserByEmail(db: DB, email: string) {
  return db
    .selectFrom("users")
    .leftJoin("groups", "groups.id", "users.group_id")
    .leftJoin("group_sso_settings", "group_sso_settings.group_id", "users.group_id")
    .select([
      "users.id",
      "users.email",
      "users.group_id",
      "users.is_sso_user",
      "users.activation_state",
      "users.anonymized_at",
      "groups.status as group_status",
      "group_sso_settings.enabled as sso_enabled",
      "group_sso_settings.allowed_domains as sso_allowed_domains",
    ])
    .where("users.email", "=", email)
    .executeTakeFirst();
}

export async function insertLoginState(db: DB, row: Insertable<SsoLoginStateTable>): Promise<void> {
  await db.insertInto("sso_login_states").values(row).execute();
}

/** Removes and returns a login state: whoever deletes it first owns it, so a state works once. */
export function takeLoginState(db: DB, state: string) {
  return db.deleteFrom("sso_login_states").where("state", "=", state).returningAll().executeTakeFirst();
}

/** Drops states that expired before `at` (called when new ones are made). */
export async function deleteExpiredLoginStates(db: DB, at: string): Promise<void> {
  await db.deleteFrom("sso_login_states").where("expires_at", "<=", at).execute();
}
