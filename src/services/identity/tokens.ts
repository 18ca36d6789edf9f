import type { DB } from "../../db/index.ts";
import type { AccountTokenKind } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { newSessionToken, sessionIdFor } from "./auth.ts";
import { insertAudit } from "../../db/queries/audit.ts";

/**
 * Single-use account tokens: activation codes and password-reset links. Only the SHA-256 of a
 * token is stored; issuing a new token of a kind replaces the user's unused ones of that kind.
 */
export const tokenMessages = {
  invalid: "This link is not valid. Please ask for a new one.",
  used: "This link has already been used. Please ask for a new one.",
  expired: "This link has expired. Please ask for a new one.",
} as const;

export async function issueAccountToken(
  db: DB,
  t: { userId: number; kind: AccountTokenKind; ttlMinutes: number; createdBy?: number | null },
  now = new Date(),
): Promise<string> {
  const token = newSessionToken();
  await db.deleteFrom("account_tokens").where("user_id", "=", t.userId).where("kind", "=", t.kind).where("used_at", "is", null).execute();
  await db
    .insertInto("account_tokens")
    .values({
      token_hash: sessionIdFor(token),
      user_id: t.userId,
      kind: t.kind,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + t.ttlMinutes * 60_000).toISOString(),
      used_at: null,
      created_by: t.createdBy ?? null,
    })
    .execute();
  return token;
}

/**
 * Issues a token and records who issued it in the audit log, in one transaction: every way a
 * link is handed out (invitation, reset request, admin lookup) goes through here.
 */
export async function issueAuditedToken(
  db: DB,
  t: { userId: number; groupId: number | null; kind: AccountTokenKind; ttlMinutes: number },
  audit: { actorUserId: number | null; action: string; ip: string | null; newValues?: unknown },
  now = new Date(),
): Promise<string> {
  return db.transaction().execute((trx) => issueAuditedTokenIn(trx, t, audit, now));
}

/** `issueAuditedToken` inside a transaction the caller already holds (a guarded write that issues a token). */
export async function issueAuditedTokenIn(
  trx: DB,
  t: { userId: number; groupId: number | null; kind: AccountTokenKind; ttlMinutes: number },
  audit: { actorUserId: number | null; action: string; ip: string | null; newValues?: unknown },
  now = new Date(),
): Promise<string> {
  const token = await issueAccountToken(trx, { userId: t.userId, kind: t.kind, ttlMinutes: t.ttlMinutes, createdBy: audit.actorUserId }, now);
  await insertAudit(trx, {
    at: now.toISOString(),
    actorUserId: audit.actorUserId,
    groupId: t.groupId,
    entity: "user",
    entityId: t.userId,
    action: audit.action,
    newValues: audit.newValues,
    ip: audit.ip,
  });
  return token;
}

/** When the user's newest token of `kind` was issued (ISO text), or null. */
export async function latestTokenIssuedAt(db: DB, userId: number, kind: AccountTokenKind): Promise<string | null> {
  const row = await db
    .selectFrom("account_tokens")
    .select("created_at")
    .where("user_id", "=", userId)
    .where("kind", "=", kind)
    .orderBy("created_at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.created_at ?? null;
}

/** The token's row when it exists, is of `kind`, unused and unexpired; otherwise AppError with a clear message. */
export async function findUsableToken(db: DB, token: string, kind: AccountTokenKind, now = new Date()) {
  if (!token || token.length > 100) throw new AppError("BAD_REQUEST", tokenMessages.invalid);
  const row = await db
    .selectFrom("account_tokens")
    .selectAll()
    .where("token_hash", "=", sessionIdFor(token))
    .where("kind", "=", kind)
    .executeTakeFirst();
  if (!row) throw new AppError("BAD_REQUEST", tokenMessages.invalid);
  if (row.used_at) throw new AppError("CONFLICT", tokenMessages.used);
  if (new Date(row.expires_at).getTime() <= now.getTime()) throw new AppError("BAD_REQUEST", tokenMessages.expired);
  return row;
}

/** Marks a token used; false when another request used it first (call inside the write's transaction). */
export async function consumeToken(db: DB, id: number, now = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("account_tokens")
    .set({ used_at: now.toISOString() })
    .where("id", "=", id)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
