import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import { AppError, type FieldErrors } from "../../domain/errors.ts";
import { activationMessages } from "../../domain/identity/activation/messages.ts";
import {
  activationJustSent,
  activationLink,
  canInviteRole,
  formatMoveDate,
  isTicked,
  parseMoveDate,
  pathTypeMatchesRole,
  socialLoginFor,
  TERMS_VERSION,
  userTypeFor,
  type ActivationPathType,
} from "../../domain/identity/activation/rules.ts";
import {
  ZActivateRequest,
  type TActivateFields,
  type TActivateResponse,
  type TActivationFormResponse,
  type TInviteResponse,
} from "../../domain/identity/activation/schemas.ts";
import { messages } from "../../domain/messages.ts";
import { homePathFor, type Role } from "../../domain/roles.ts";
import { zodFieldErrors } from "../../trpc.ts";
import { findAccountUser, findUsersWithLiveActivation, type AccountUser } from "../../db/queries/identity/activation.ts";
import { findUserByEmail, insertPendingUser, updateUser } from "../../db/queries/identity/users.ts";
import { insertSession } from "../../db/queries/identity/sessions.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { hashPassword, newSessionToken, sessionIdFor, type SessionSettings } from "./auth.ts";
import { consumeToken, findUsableToken, issueAuditedTokenIn, latestTokenIssuedAt, tokenMessages } from "./tokens.ts";
import { lockRow } from "../../db/locks.ts";
import { isUniqueViolation } from "../policy/common.ts";
import type { Mailer } from "../mail.ts";

/** Who is acting, as services need it. */
export type Actor = { id: number; role: Role; firstName: string; lastName: string; ip: string | null };

type MailDeps = { db: DB; config: Pick<Config, "activationCodeDays">; mailer: Mailer; baseUrl: string };

// ── Invitations ─────────────────────────────────────────────────────────────────────────────

/** E-mails a PENDING user the activation link of `token` (template `activation`). */
async function mailActivation(deps: MailDeps, actor: Actor, user: AccountUser, token: string, now: Date): Promise<void> {
  await deps.mailer.send(
    deps.db,
    {
      to: user.email,
      template: "activation",
      vars: {
        firstName: user.first_name,
        inviterName: `${actor.firstName} ${actor.lastName}`.trim(),
        groupName: user.group_display_name ?? user.group_name ?? "Meridian",
        days: String(deps.config.activationCodeDays),
      },
      link: activationLink(deps.baseUrl, user.role, token),
      groupId: user.group_id,
      groupName: user.group_name,
      userId: user.id,
    },
    now,
  );
}

const activationTokenOf = (deps: MailDeps, user: { id: number; group_id: number | null; email: string }, actor: Actor) => ({
  token: { userId: user.id, groupId: user.group_id, kind: "ACTIVATION" as const, ttlMinutes: deps.config.activationCodeDays * 24 * 60 },
  audit: { actorUserId: actor.id, action: "send-activation", ip: actor.ip, newValues: { email: user.email } },
});

/**
 * Issues a fresh activation code for a PENDING user, guarded: under the user's row lock the state
 * is read again and a code issued less than ACTIVATION_RESEND_SECONDS ago refuses the request
 * (CONFLICT `justSent`), so parallel or double-clicked sends give one code and one mail.
 */
async function issueActivationOnce(deps: MailDeps, actor: Actor, userId: number, refusals: { notPending: string; justSent: string }, now: Date) {
  return deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", userId);
    const user = await findAccountUser(trx, userId);
    if (!user) throw new AppError("NOT_FOUND", activationMessages.userNotFound);
    if (user.activation_state !== "PENDING") throw new AppError("CONFLICT", refusals.notPending);
    if (activationJustSent(await latestTokenIssuedAt(trx, userId, "ACTIVATION"), now)) throw new AppError("CONFLICT", refusals.justSent);
    const issue = activationTokenOf(deps, user, actor);
    return { user, token: await issueAuditedTokenIn(trx, issue.token, issue.audit, now) };
  });
}

/**
 * Invites a person into `group`: creates a PENDING user without a password (or, for a person
 * still PENDING in the same group, sends the invitation again) and e-mails the activation link.
 * The user, its audit row and its first code are one transaction: of parallel invitations of one
 * new address the unique e-mail lets one create it and the others are refused (CONFLICT), as is a
 * repeat within ACTIVATION_RESEND_SECONDS. An address taken anywhere else (this group's active
 * person, another group's, platform staff) gets one answer that does not say where it belongs.
 */
export async function inviteUser(
  deps: MailDeps,
  actor: Actor,
  group: GroupRef,
  input: { email: string; firstName: string; lastName: string; role: Role },
  now = new Date(),
): Promise<TInviteResponse> {
  if (!canInviteRole(actor.role, input.role)) {
    throw new AppError("FORBIDDEN", input.role === "SUPPLIER" ? activationMessages.supplierAdminOnly : messages.forbidden);
  }
  // An address taken anywhere (this group, another group, platform staff) gets the same answer (issue 23 item 12).
  const refusal = () => new AppError("CONFLICT", activationMessages.cannotInvite, { email: activationMessages.cannotInvite });
  const existing = await findUserByEmail(deps.db, input.email);
  if (existing && (existing.activation_state !== "PENDING" || existing.group_id !== group.id)) throw refusal();
  if (existing && !canInviteRole(actor.role, existing.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (existing) {
    const exists = activationMessages.cannotInvite;
    const { user, token } = await issueActivationOnce(deps, actor, existing.id, { notPending: exists, justSent: exists }, now).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "CONFLICT") throw new AppError("CONFLICT", error.message, { email: error.message });
      throw error;
    });
    await mailActivation(deps, actor, user, token, now);
    return { success: true, userId: existing.id, resent: true };
  }

  const at = now.toISOString();
  let created: { userId: number; token: string };
  try {
    created = await deps.db.transaction().execute(async (trx) => {
      const id = await insertPendingUser(trx, {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        role: input.role,
        groupId: group.id,
        at,
      });
      await insertAudit(trx, {
        at,
        actorUserId: actor.id,
        groupId: group.id,
        entity: "user",
        entityId: id,
        action: "invite",
        newValues: { email: input.email, firstName: input.firstName, lastName: input.lastName, role: input.role },
        ip: actor.ip,
      });
      const issue = activationTokenOf(deps, { id, group_id: group.id, email: input.email }, actor);
      return { userId: id, token: await issueAuditedTokenIn(trx, issue.token, issue.audit, now) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // A parallel invitation (here or in another group) created the address first.
    throw refusal();
  }
  const user = await findAccountUser(deps.db, created.userId);
  if (!user) throw new AppError("NOT_FOUND", activationMessages.userNotFound);
  await mailActivation(deps, actor, user, created.token, now);
  return { success: true, userId: created.userId, resent: false };
}

/**
 * Sends the activation link again to a PENDING person of `group` (the people table's Send
 * Activation); at most once a minute per person (parallel clicks send one mail).
 */
export async function resendActivation(deps: MailDeps, actor: Actor, group: GroupRef, userId: number, now = new Date()) {
  const found = await findAccountUser(deps.db, userId);
  if (!found || found.group_id !== group.id) throw new AppError("NOT_FOUND", activationMessages.userNotFound);
  if (found.activation_state !== "PENDING") throw new AppError("CONFLICT", activationMessages.notPending);
  if (!canInviteRole(actor.role, found.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const { user, token } = await issueActivationOnce(deps, actor, userId, { notPending: activationMessages.notPending, justSent: activationMessages.activationJustSent }, now);
  await mailActivation(deps, actor, user, token, now);
  return { success: true, activationSent: true };
}

/** Which of the given PENDING people have an activation link that is still usable. */
export function activationSentFor(db: DB, userIds: number[], now = new Date()): Promise<Set<number>> {
  return findUsersWithLiveActivation(db, userIds, now);
}

// ── Activation form ─────────────────────────────────────────────────────────────────────────

/** The code's token and PENDING user, checked against the path type; AppErrors carry the clear reason. */
async function usableActivation(db: DB, type: ActivationPathType, ac: string, now: Date) {
  const token = await findUsableToken(db, ac, "ACTIVATION", now);
  const user = await findAccountUser(db, token.user_id);
  if (!user) throw new AppError("BAD_REQUEST", activationMessages.signupFailed);
  if (user.activation_state !== "PENDING") throw new AppError("CONFLICT", activationMessages.alreadyActive);
  if (!pathTypeMatchesRole(type, user.role)) throw new AppError("BAD_REQUEST", activationMessages.wrongPathType);
  return { token, user };
}

/** GET side of /{type}/activate?ac=…: the fields the activation form shows. */
export async function getActivationForm(db: DB, type: ActivationPathType, ac: string, now = new Date()): Promise<TActivationFormResponse> {
  const { user } = await usableActivation(db, type, ac, now);
  const userType = userTypeFor(user.role);
  return {
    activationCode: ac,
    group: user.group_name,
    groupDisplayName: user.group_display_name,
    fname: user.first_name,
    lname: user.last_name,
    email: user.email,
    moveDate: formatMoveDate(user.move_date),
    requireTNC: user.terms_accepted_at === null,
    userType,
    ...socialLoginFor(userType),
  };
}

export type ActivateResult = TActivateResponse & { session: { token: string; maxAgeSeconds: number } };

/**
 * POST /{type}/activate: checks the form, then in one transaction uses the code, sets the
 * password, names, move date and terms, activates the account, writes the audit rows and
 * opens a session. Form errors throw VALIDATION with the spec's form text and per-field
 * messages; anything else throws with the spec's signup failure text (the reason under `ac`).
 */
export async function activateAccount(
  deps: { db: DB; settings: SessionSettings; baseUrl: string },
  type: ActivationPathType,
  fields: TActivateFields,
  client: { ip: string | null; userAgent: string | null },
  now = new Date(),
): Promise<ActivateResult> {
  const { db } = deps;
  const parsed = ZActivateRequest.safeParse(fields);
  const errors: FieldErrors = parsed.success ? {} : zodFieldErrors(parsed.error);

  let found: Awaited<ReturnType<typeof usableActivation>>;
  try {
    found = await usableActivation(db, type, String(fields.ac ?? "").trim(), now);
  } catch (error) {
    if (error instanceof AppError) throw new AppError(error.code, activationMessages.signupFailed, { ac: error.message });
    throw error;
  }
  const { token, user } = found;
  const requireTNC = user.terms_accepted_at === null;
  const accepted = isTicked(fields.acceptTerms);
  if (requireTNC && !accepted) errors["acceptTerms"] ??= activationMessages.termsRequired;
  if (fields.email && fields.email.trim().toLowerCase() !== user.email) errors["email"] ??= activationMessages.emailMismatch;
  if (!parsed.success || Object.keys(errors).length > 0) {
    throw new AppError("VALIDATION", activationMessages.formHasErrors, errors);
  }
  const input = parsed.data;
  const passwordHash = await hashPassword(input.password);
  const moveDate = input.moveDate ? parseMoveDate(input.moveDate) : null;
  const at = now.toISOString();
  const sessionToken = newSessionToken();
  const sessionId = sessionIdFor(sessionToken);

  await db.transaction().execute(async (trx) => {
    if (!(await consumeToken(trx, token.id, now))) {
      throw new AppError("CONFLICT", activationMessages.signupFailed, { ac: tokenMessages.used });
    }
    await updateUser(trx, user.id, {
      password_hash: passwordHash,
      first_name: input.firstName,
      last_name: input.lastName,
      ...(moveDate ? { move_date: moveDate } : {}),
      activation_state: "ACTIVE",
      ...(requireTNC ? { terms_accepted_at: at, terms_version: TERMS_VERSION } : {}),
      last_login_at: at,
      updated_at: at,
    });
    await insertAudit(trx, {
      at,
      actorUserId: user.id,
      groupId: user.group_id,
      entity: "user",
      entityId: user.id,
      action: "activate",
      oldValues: { activationState: user.activation_state, firstName: user.first_name, lastName: user.last_name },
      newValues: {
        activationState: "ACTIVE",
        firstName: input.firstName,
        lastName: input.lastName,
        moveDate,
        ...(requireTNC ? { termsVersion: TERMS_VERSION } : {}),
      },
      ip: client.ip,
    });
    await insertSession(trx, {
      id: sessionId,
      user_id: user.id,
      created_at: at,
      last_seen_at: at,
      expires_at: new Date(now.getTime() + deps.settings.maxHours * 3_600_000).toISOString(),
      ip: client.ip,
      user_agent: client.userAgent?.slice(0, 500) ?? null,
      timezone_offset: null,
    });
    await insertAudit(trx, { at, actorUserId: user.id, groupId: user.group_id, entity: "session", entityId: user.id, action: "login", ip: client.ip });
  });

  return {
    success: true,
    baseUrl: deps.baseUrl,
    redirectUrl: homePathFor({ role: user.role, groupName: user.group_name }),
    redirect: true,
    errors: null,
    message: null,
    session: { token: sessionToken, maxAgeSeconds: deps.settings.maxHours * 3600 },
  };
}
