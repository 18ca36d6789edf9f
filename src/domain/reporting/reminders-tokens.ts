/**
 * Signed tokens of reminder e-mails (issue 26: "an opaque signed token"): unsubscribe links (the recipient and
 * the report, or all) and tracking links (a send's preview or download). An opaque base64url payload and its
 * HMAC-SHA256 over the server secret (LINK_SIGNING_SECRET or the database's), compared in constant time. A
 * token names its purpose, so an unsubscribe token is never a download link and back. Pure (no I/O); server
 * only (node:crypto), so the web bundle never imports it.
 */
import { createHmac, timingSafeEqual } from "node:crypto";

export type UnsubscribeScope = { userId: number; reportId: number | null };
export type TrackingClaim = { kind: "preview" | "download"; sendId: number };

const b64 = (s: string | Buffer) => Buffer.from(s).toString("base64url");
function mac(secret: string, purpose: string, payload: string): Buffer {
  return createHmac("sha256", secret).update(`${purpose}\n${payload}`).digest();
}

function sign(secret: string, purpose: string, payload: string): string {
  return `${b64(payload)}.${mac(secret, purpose, payload).toString("base64url")}`;
}

function verify(secret: string, purpose: string, token: string): string | null {
  if (typeof token !== "string" || token.length > 512) return null;
  const [encoded, signature, extra] = token.split(".");
  if (!encoded || !signature || extra !== undefined) return null;
  if (!/^[A-Za-z0-9_-]+$/.test(encoded) || !/^[A-Za-z0-9_-]+$/.test(signature)) return null;
  const payload = Buffer.from(encoded, "base64url").toString("utf8");
  const expected = mac(secret, purpose, payload);
  const given = Buffer.from(signature, "base64url");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return payload;
}

/** The token of a mail's unsubscribe link: the recipient and the report (null: all reports). */
export function signUnsubscribeToken(secret: string, scope: UnsubscribeScope): string {
  return sign(secret, "unsubscribe", `${scope.userId}:${scope.reportId ?? "all"}`);
}

/** The recipient and report of a genuine unsubscribe token, else null (tampered, truncated, another purpose). */
export function verifyUnsubscribeToken(secret: string, token: string): UnsubscribeScope | null {
  const payload = verify(secret, "unsubscribe", token);
  const match = payload ? /^(\d{1,10}):(all|\d{1,10})$/.exec(payload) : null;
  if (!match) return null;
  return { userId: Number(match[1]), reportId: match[2] === "all" ? null : Number(match[2]) };
}

/** The token of a mail's report link (preview) or CSV link (download): the send it belongs to. */
export function signTrackingToken(secret: string, claim: TrackingClaim): string {
  return sign(secret, "tracking", `${claim.kind}:${claim.sendId}`);
}

export function verifyTrackingToken(secret: string, token: string): TrackingClaim | null {
  const payload = verify(secret, "tracking", token);
  const match = payload ? /^(preview|download):(\d{1,12})$/.exec(payload) : null;
  if (!match) return null;
  return { kind: match[1] as TrackingClaim["kind"], sendId: Number(match[2]) };
}
