/**
 * Pure rules of account recovery, sessions and anonymization (no I/O).
 */
import { INT_MAX } from "../../numbers.ts";

/** At most this many reset e-mails per account in `RESET_MAIL_WINDOW_MINUTES`. */
export const RESET_MAILS_PER_WINDOW = 5;
export const RESET_MAIL_WINDOW_MINUTES = 60;

/** May another reset e-mail go to an account that received `recentCount` within the window? */
export function mayReceiveResetMail(recentCount: number, limit = RESET_MAILS_PER_WINDOW): boolean {
  return recentCount < limit;
}

/** The start of the rate-limit window ending at `now`, as ISO text (compared with outbox.created_at). */
export function resetWindowStart(now: Date, minutes = RESET_MAIL_WINDOW_MINUTES): string {
  return new Date(now.getTime() - minutes * 60_000).toISOString();
}

/** The link a reset e-mail or the admin lookup hands out. */
export function resetLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/user/set-new-password?token=${encodeURIComponent(token)}`;
}

/** Browsers report offsets from UTC between UTC−14 and UTC+14 (in minutes, as `getTimezoneOffset`). */
export const TIMEZONE_OFFSET_MIN = -840;
export const TIMEZONE_OFFSET_MAX = 840;

export function isValidTimezoneOffset(value: number): boolean {
  return Number.isInteger(value) && value >= TIMEZONE_OFFSET_MIN && value <= TIMEZONE_OFFSET_MAX;
}

/** The anonymous values that replace a user's personal data. */
export function anonymousIdentity(userId: number) {
  return {
    firstName: "Anonymized",
    lastName: "User",
    email: `anonymized-${userId}@anonymized.invalid`,
    phone: null,
    moveDate: null,
  } as const;
}

/** What replaces the text of a message sent to an anonymized user. */
export const REMOVED_TEXT = "[removed]";

/** A user id as typed into a form or path: a positive whole number an id column holds, else null. */
export function parseUserId(value: unknown): number | null {
  const text = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^[0-9]{1,15}$/.test(text)) return null;
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 && id <= INT_MAX ? id : null;
}
