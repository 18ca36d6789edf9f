import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { homePathFor, type Role, ZRole } from "../../domain/roles.ts";
import { TERMS_PATH } from "../../domain/identity/activation/rules.ts";
import { throttleKeys, type ThrottleKey, type ThrottleSettings } from "../../domain/identity/auth/throttle.ts";
import type { DB } from "../../db/index.ts";
import { findUserByEmail, updateUser, type UserWithGroup } from "../../db/queries/identity/users.ts";
import { deleteSession, findSessionWithUser, insertSession, touchSession } from "../../db/queries/identity/sessions.ts";
import { clearThrottle, countLoginAttempt, releaseAttempt } from "../../db/queries/identity/login-throttle.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { findSocialUserByEmail } from "../../db/queries/identity/social-login.ts";
import type { TCheckUserResponse } from "../../domain/identity/auth/schemas.ts";
import type { SocialProvider } from "../../domain/identity/social-login/providers.ts";
import { socialFactsOf, socialLoginAnswer } from "../../domain/identity/social-login/rules.ts";

/** The signed-in user as every layer above the database sees it. */
export type SessionUser = {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  groupId: number | null;
  groupName: string | null;
  groupDisplayName: string | null;
  termsAccepted: boolean;
};

export type Session = { id: string; user: SessionUser; timezoneOffset: number | null };

export type SessionSettings = { idleMinutes: number; maxHours: number };

export function toSessionUser(u: UserWithGroup): SessionUser {
  return {
    id: u.id,
    email: u.email,
    firstName: u.first_name,
    lastName: u.last_name,
    role: u.role,
    groupId: u.group_id,
    groupName: u.group_name,
    groupDisplayName: u.group_display_name,
    termsAccepted: u.terms_accepted_at !== null,
  };
}

/** Session tokens are 32 random bytes; only their SHA-256 is stored, so a database leak yields no live sessions. */
export function newSessionToken(): string {
  return Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString("base64url");
}

export function sessionIdFor(token: string): string {
  return new Bun.CryptoHasher("sha256").update(token).digest("hex");
}

export function hashPassword(password: string): Promise<string> {
  return Bun.password.hash(password, { algorithm: "argon2id" });
}

// Verified against when the account does not exist, so both paths cost the same time.
const decoyHash = hashPassword("decoy-Password#1");

/**
 * part 2 §7 check-user: SSO users go to their provider, everyone else to the password step; with
 * social login (issue 23 item 18, part 2 §3 allowSocialLogin / loginType) the answer also names the
 * providers this person may use (src/domain/identity/social-login/rules.ts `socialLoginAnswer`).
 * The answer is the same for unknown addresses as for an account without SSO or social login, so it
 * does not reveal who has an account.
 */
export async function checkUser(db: DB, email: string, socialProviders: readonly SocialProvider[] = []): Promise<TCheckUserResponse> {
  const user = await findSocialUserByEmail(db, email);
  const facts = user ? socialFactsOf(user) : null;
  // SSO only when the user is marked so AND the group's settings are enabled for the address's domain.
  const isSsoUser = facts?.usesSso ?? false;
  const social = socialLoginAnswer(isSsoUser ? null : facts, socialProviders);
  return { success: true, isSsoUser, ssoUrl: isSsoUser ? `${SSO_START_PATH}?email=${encodeURIComponent(email)}` : null, ...social };
}

/** Where single sign-on starts; the provider hand-off itself is configured per group. */
export const SSO_START_PATH = "/sso/start";

export type LoginInput = { email: string; password: string; ip: string | null; userAgent: string | null };
export type LoginResult = { token: string; session: Session; targetUrl: string; maxAgeSeconds: number };

/**
 * Verifies a password sign-in, applies the per-account and per-address throttle,
 * and creates a session. Failures throw AppError with the text the login form shows.
 */
export async function login(
  db: DB,
  input: LoginInput,
  settings: { session: SessionSettings; throttle: ThrottleSettings },
  now = new Date(),
): Promise<LoginResult> {
  // Counted before the password is checked, each key in one atomic statement; the lock is read
  // from this attempt's own count (src/domain/identity/auth/throttle.ts). A slowed address stops before
  // its attempt counts against the account.
  const counted: ThrottleKey[] = [];
  for (const key of throttleKeys(input.email, input.ip, settings.throttle)) {
    const { allowed } = await countLoginAttempt(db, key.key, key.rule, now);
    counted.push(key);
    if (!allowed) {
      throw new AppError("TOO_MANY_REQUESTS", key.kind === "address" ? messages.tooManyAttemptsFromAddress : messages.tooManyAttempts);
    }
  }

  const user = await findUserByEmail(db, input.email);
  const passwordOk = await Bun.password.verify(input.password, user?.password_hash ?? (await decoyHash));
  const usable = user && user.password_hash && passwordOk && user.activation_state === "ACTIVE";

  if (!usable) {
    // The attempt is already counted; failed sign-ins to a known account are audited too.
    if (user) {
      await insertAudit(db, {
        at: now.toISOString(),
        actorUserId: null,
        groupId: user.group_id,
        entity: "session",
        entityId: user.id,
        action: "login.failed",
        ip: input.ip,
      });
    }
    if (user?.password_hash && passwordOk && user.activation_state !== "ACTIVE") {
      throw new AppError("UNAUTHORIZED", messages.accountNotActive);
    }
    throw new AppError("UNAUTHORIZED", messages.invalidCredentials);
  }
  if (user.group_status === "SUSPENDED") throw new AppError("FORBIDDEN", messages.groupSuspended);

  return createSession(db, user, input, settings.session, now, {
    action: "login",
    beforeCommit: async (trx) => {
      for (const key of counted) {
        if (key.kind === "account") await clearThrottle(trx, key.key);
        else await releaseAttempt(trx, key.key);
      }
    },
  });
}

/**
 * Creates a session for a verified user (password or single sign-on) in one transaction with
 * its audit row and `last_login_at`; returns the cookie token and where the user lands.
 */
export async function createSession(
  db: DB,
  user: UserWithGroup,
  input: { ip: string | null; userAgent: string | null },
  sessionSettings: SessionSettings,
  now: Date,
  audit: { action: string; newValues?: unknown; beforeCommit?: (trx: DB) => Promise<unknown> },
): Promise<LoginResult> {
  const settings = { session: sessionSettings };
  const token = newSessionToken();
  const id = sessionIdFor(token);
  const nowIso = now.toISOString();
  const expires = new Date(now.getTime() + settings.session.maxHours * 3_600_000);
  await db.transaction().execute(async (trx) => {
    await audit.beforeCommit?.(trx);
    await insertSession(trx, {
      id,
      user_id: user.id,
      created_at: nowIso,
      last_seen_at: nowIso,
      expires_at: expires.toISOString(),
      ip: input.ip,
      user_agent: input.userAgent?.slice(0, 500) ?? null,
      timezone_offset: null,
    });
    await updateUser(trx, user.id, { last_login_at: nowIso });
    await insertAudit(trx, {
      at: nowIso,
      actorUserId: user.id,
      groupId: user.group_id,
      entity: "session",
      entityId: user.id,
      action: audit.action,
      newValues: audit.newValues,
      ip: input.ip,
    });
  });
  const sessionUser = toSessionUser(user);
  return {
    token,
    session: { id, user: sessionUser, timezoneOffset: null },
    targetUrl: sessionUser.termsAccepted ? homePathFor(sessionUser) : TERMS_PATH,
    maxAgeSeconds: settings.session.maxHours * 3600,
  };
}

const TOUCH_EVERY_MS = 60_000;

/**
 * Resolves a session cookie to its session, or null when it is unknown, idle for longer
 * than the idle limit, or past its absolute expiry (expired sessions are deleted).
 */
export async function resolveSession(
  db: DB,
  token: string,
  settings: SessionSettings,
  now = new Date(),
  /** false for the client's 60 s session check: checking is not activity, so it must not keep an idle session alive. */
  touch = true,
): Promise<Session | null> {
  if (!token || token.length > 100) return null;
  const id = sessionIdFor(token);
  const row = await findSessionWithUser(db, id);
  if (!row) return null;
  const idleMs = now.getTime() - new Date(row.last_seen_at).getTime();
  const expired = idleMs > settings.idleMinutes * 60_000 || new Date(row.expires_at).getTime() <= now.getTime();
  if (expired || row.activation_state !== "ACTIVE" || row.group_status === "SUSPENDED") {
    await deleteSession(db, id);
    return null;
  }
  if (touch && idleMs > TOUCH_EVERY_MS) await touchSession(db, id, now.toISOString());
  return { id, user: toSessionUser(row), timezoneOffset: row.timezone_offset };
}

export async function logout(db: DB, session: Session | null, now = new Date()): Promise<void> {
  if (!session) return;
  await db.transaction().execute(async (trx) => {
    await deleteSession(trx, session.id);
    await insertAudit(trx, {
      at: now.toISOString(),
      actorUserId: session.user.id,
      groupId: session.user.groupId,
      entity: "session",
      entityId: session.user.id,
      action: "logout",
    });
  });
}
