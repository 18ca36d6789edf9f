import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { clearThrottle } from "../../db/queries/identity/login-throttle.ts";
import { countRecentMail, deleteUserSessions, findAccountByEmail, findAccountById, setSessionTimezone, updateAccount } from "../../db/queries/identity/recovery.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { recoveryMessages } from "../../domain/identity/recovery/messages.ts";
import { mayReceiveResetMail, resetLink, resetWindowStart } from "../../domain/identity/recovery/rules.ts";
import type { TRecoveryResponse, TSetPasswordResponse } from "../../domain/identity/recovery/schemas.ts";
import { hashPassword, type Session } from "./auth.ts";
import { publicBaseUrl, type Mailer } from "../mail.ts";
import { consumeToken, findUsableToken, issueAuditedTokenIn, tokenMessages } from "./tokens.ts";
import { lockRow } from "../../db/locks.ts";

/** What recovery needs from a request's context (tRPC context or the legacy route's deps). */
export type RecoveryDeps = { db: DB; config: Config; mailer: Mailer; ip: string | null };

export const RESET_TEMPLATE = "passwordReset";

/**
 * part 2 §7 POST /user/account-recovery. The answer is the same whether or not the address has an
 * account. An active, non-anonymized password account gets a single-use link valid
 * RESET_LINK_MINUTES, at most RESET_MAILS_PER_WINDOW per hour (the outbox is the counter). The
 * cap is atomic: the count, the token and the outbox row are one transaction under the user's row
 * lock, so parallel requests queue and the sixth sees five; SMTP delivery happens after commit.
 */
export async function requestPasswordReset(deps: RecoveryDeps, email: string, now = new Date()): Promise<TRecoveryResponse> {
  const answer: TRecoveryResponse = { success: true, message: recoveryMessages.resetRequested, error: null };
  const user = await findAccountByEmail(deps.db, email);
  if (!user || user.activation_state !== "ACTIVE" || user.anonymized_at !== null || user.is_sso_user === 1) return answer;

  const recorded = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", user.id);
    const recent = await countRecentMail(trx, user.id, RESET_TEMPLATE, resetWindowStart(now));
    if (!mayReceiveResetMail(recent)) return null;
    const token = await issueAuditedTokenIn(
      trx,
      { userId: user.id, groupId: user.group_id, kind: "PASSWORD_RESET", ttlMinutes: deps.config.resetLinkMinutes },
      { actorUserId: null, action: "passwordResetRequested", ip: deps.ip },
      now,
    );
    return deps.mailer.record(
      trx,
      {
        to: user.email,
        template: RESET_TEMPLATE,
        vars: { minutes: String(deps.config.resetLinkMinutes) },
        link: resetLink(publicBaseUrl(deps.config), token),
        groupId: user.group_id,
        userId: user.id,
      },
      now,
    );
  });
  if (!recorded) return answer;
  try {
    await deps.mailer.deliver(deps.db, recorded);
  } catch (error) {
    // The outbox row records the failure; the answer stays the same so it reveals nothing.
    console.error("[recovery] reset e-mail not delivered", error instanceof Error ? error.message : error);
  }
  return answer;
}

/**
 * part 2 §7 set-new-password. In one transaction: the token is used up, the new argon2id hash is
 * stored, every session of the user ends and the change is audited. Answers redirectUrl "/login".
 */
export async function setNewPassword(
  deps: Pick<RecoveryDeps, "db" | "ip">,
  input: { token: string; password: string },
  now = new Date(),
): Promise<TSetPasswordResponse> {
  const row = await findUsableToken(deps.db, input.token, "PASSWORD_RESET", now);
  const user = await findAccountById(deps.db, row.user_id);
  if (!user || user.anonymized_at !== null || user.activation_state === "DISABLED") {
    throw new AppError("BAD_REQUEST", tokenMessages.invalid);
  }
  const hash = await hashPassword(input.password);
  await deps.db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, row.id, now))) throw new AppError("CONFLICT", tokenMessages.used);
    await updateAccount(trx, user.id, { password_hash: hash, updated_at: now.toISOString() });
    const ended = await deleteUserSessions(trx, user.id);
    await clearThrottle(trx, `account:${user.email}`);
    await insertAudit(trx, {
      at: now.toISOString(),
      actorUserId: user.id,
      groupId: user.group_id,
      entity: "user",
      entityId: user.id,
      action: "passwordReset",
      newValues: { passwordChanged: true, sessionsEnded: ended, tokenId: row.id },
      ip: deps.ip,
    });
  });
  return { success: true, redirectUrl: "/login", error: null };
}

/** POST /registerClientInfo: the browser's offset from UTC (minutes) on the current session. */
export async function registerClientInfo(db: DB, session: Session | null, timezoneOffset: number): Promise<{ success: true; timezoneOffset: number }> {
  if (!session) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  await setSessionTimezone(db, session.id, timezoneOffset);
  return { success: true, timezoneOffset };
}
