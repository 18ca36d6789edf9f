import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { clearThrottle } from "../../db/queries/identity/login-throttle.ts";
import {
  clearSsoEmailHints,
  deleteUserSessions,
  deleteUserTokens,
  findAccountByEmail,
  findAccountById,
  scrubOutbox,
} from "../../db/queries/identity/recovery.ts";
import { AppError } from "../../domain/errors.ts";
import { recoveryMessages } from "../../domain/identity/recovery/messages.ts";
import { anonymousIdentity, parseUserId, REMOVED_TEXT, resetLink } from "../../domain/identity/recovery/rules.ts";
import { publicBaseUrl } from "../mail.ts";
import { searchUsers } from "../../db/queries/identity/users.ts";
import type { TFindUsersResponse } from "../../domain/identity/recovery/schemas.ts";
import { issueAuditedToken } from "../identity/tokens.ts";
import { deleteSocialLoginDataOfUser } from "../../db/queries/identity/social-login.ts";

/** The admin acting, for the audit log. */
export type Actor = { id: number; ip: string | null };

/**
 * part 2 §7 GET /admin/resetPassword/find/{email}/: a fresh single-use reset link for the user,
 * for an admin to hand over (it replaces the user's unused reset links).
 */
export async function findResetLink(
  deps: { db: DB; config: Config },
  actor: Actor,
  email: string,
  now = new Date(),
): Promise<{ link: string }> {
  const user = await findAccountByEmail(deps.db, email);
  if (!user || user.anonymized_at !== null) throw new AppError("NOT_FOUND", recoveryMessages.notRegistered);
  const token = await issueAuditedToken(
    deps.db,
    { userId: user.id, groupId: user.group_id, kind: "PASSWORD_RESET", ttlMinutes: deps.config.resetLinkMinutes },
    { actorUserId: actor.id, action: "resetLinkIssued", ip: actor.ip },
    now,
  );
  return { link: resetLink(publicBaseUrl(deps.config), token) };
}

type Anonymized = { userId: number; oldEmail: string; newEmail: string; now: string };

/**
 * Per-table scrubbers run inside the anonymization transaction. Tables added later (moves,
 * files, expenses, …) append theirs here: replace personal text, keep amounts and dates that
 * financial records need.
 */
export const anonymizationScrubbers: Array<{ table: string; scrub: (trx: DB, a: Anonymized) => Promise<void> }> = [
  { table: "sessions", scrub: async (trx, a) => void (await deleteUserSessions(trx, a.userId)) },
  { table: "account_tokens", scrub: (trx, a) => deleteUserTokens(trx, a.userId) },
  { table: "outbox", scrub: (trx, a) => scrubOutbox(trx, a.userId, a.oldEmail, a.newEmail, REMOVED_TEXT) },
  { table: "login_throttle", scrub: (trx, a) => clearThrottle(trx, `account:${a.oldEmail}`) },
  { table: "sso_login_states", scrub: (trx, a) => clearSsoEmailHints(trx, a.oldEmail) },
  { table: "social_identities", scrub: (trx, a) => deleteSocialLoginDataOfUser(trx, a.userId) },
];

/**
 * part 2 §7 POST /admin/anonymizeUser/: replaces the user's personal data with anonymous values,
 * disables the account, ends its sessions and tokens and scrubs its messages, in one transaction.
 */
export async function anonymizeUser(db: DB, actor: Actor, userId: number, now = new Date()): Promise<{ success: true; resultMessage: string }> {
  if (userId === actor.id) throw new AppError("FORBIDDEN", recoveryMessages.anonymizeSelf);
  const user = await findAccountById(db, userId);
  if (!user) throw new AppError("NOT_FOUND", recoveryMessages.userNotFound);
  if (user.anonymized_at !== null) throw new AppError("CONFLICT", recoveryMessages.alreadyAnonymized);
  const anon = anonymousIdentity(user.id);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Conditional on not yet anonymized: of parallel requests one anonymizes, the others are refused.
    const changed = await trx
      .updateTable("users")
      .set({
        first_name: anon.firstName,
        last_name: anon.lastName,
        email: anon.email,
        phone: anon.phone,
        move_date: anon.moveDate,
        terms_form_values: null,
        password_hash: null,
        is_sso_user: 0,
        activation_state: "DISABLED",
        anonymized_at: at,
        updated_at: at,
      })
      .where("id", "=", user.id)
      .where("anonymized_at", "is", null)
      .returning("id")
      .execute();
    if (changed.length === 0) throw new AppError("CONFLICT", recoveryMessages.alreadyAnonymized);
    const a: Anonymized = { userId: user.id, oldEmail: user.email, newEmail: anon.email, now: at };
    for (const s of anonymizationScrubbers) await s.scrub(trx, a);
    await insertAudit(trx, {
      at,
      actorUserId: actor.id,
      groupId: user.group_id,
      entity: "user",
      entityId: user.id,
      action: "anonymize",
      // No personal data in the log: only which parts were replaced.
      newValues: { fields: ["first_name", "last_name", "email", "phone", "move_date", "terms_form_values", "password_hash", "is_sso_user"], tables: anonymizationScrubbers.map((s) => s.table) },
      ip: actor.ip,
    });
  });
  return { success: true, resultMessage: recoveryMessages.anonymized };
}

/** part 2 §7 GET /admin/SSO/disable/{userId}/: true once the user signs in with a password; false for an invalid or unknown id. */
export async function disableSso(db: DB, actor: Actor, rawUserId: unknown, now = new Date()): Promise<boolean> {
  const userId = parseUserId(rawUserId);
  if (userId === null) return false;
  const user = await findAccountById(db, userId);
  if (!user || user.anonymized_at !== null) return false;
  await db.transaction().execute(async (trx) => {
    // Only a change is audited (a repeated or parallel request finds it done).
    const changed = await trx
      .updateTable("users")
      .set({ is_sso_user: 0, updated_at: now.toISOString() })
      .where("id", "=", user.id)
      .where("is_sso_user", "<>", 0)
      .returning("id")
      .execute();
    if (changed.length === 0) return;
    await insertAudit(trx, {
      at: now.toISOString(),
      actorUserId: actor.id,
      groupId: user.group_id,
      entity: "user",
      entityId: user.id,
      action: "disableSso",
      oldValues: { is_sso_user: user.is_sso_user },
      newValues: { is_sso_user: 0 },
      ip: actor.ip,
    });
  });
  return true;
}

const FOUND_USERS_SHOWN = 10;

/** People whose name or e-mail matches, so the admin tools act on the right user id (ADMIN). */
export async function findUsers(db: DB, search: string): Promise<TFindUsersResponse> {
  const rows = await searchUsers(db, search, FOUND_USERS_SHOWN + 1);
  return {
    users: rows.slice(0, FOUND_USERS_SHOWN).map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      email: r.email,
      role: r.role,
      activationState: r.activation_state,
      groupName: r.group_display_name,
    })),
    more: rows.length > FOUND_USERS_SHOWN,
  };
}
