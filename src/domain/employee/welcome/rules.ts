/**
 * The welcome popup's rules (issue 14; part 2 §2 "A welcome-call popup for new users has 3 stages; on
 * mobile it redirects to /common/welcomeCallPopup"; part 2 §2 /welcomeCall/admin "a schedule date-time").
 * Pure: the server runs them before it writes, the browser before it sends, so both show the same texts.
 *
 * - Stages: 1 welcome (the consultant and what the call covers), 2 schedule the call, 3 confirmation.
 *   The popup shows on the employee home while the move is open, its policy has a welcome call, and the
 *   employee has neither finished (booked) nor dismissed it. Reaching a stage never reopens a popup that
 *   was dismissed or finished (the full page may still be opened from the home to book or change).
 * - Schedule: a date and time in the employee's IANA time zone, strictly in the future and at most
 *   WELCOME_CALL_MAX_DAYS ahead; a local time the clocks skip that day is refused.
 * - Phone: 7–15 digits, optionally a leading +, with spaces, dots, dashes and brackets allowed between.
 */
import { welcomeMessages } from "./messages.ts";

export const WELCOME_STAGES = [1, 2, 3] as const;
export type WelcomeStage = (typeof WELCOME_STAGES)[number];
export const POPUP_STATUSES = ["OPEN", "DISMISSED", "FINISHED"] as const;
export type PopupStatus = (typeof POPUP_STATUSES)[number];
export type PopupState = { stage: WelcomeStage; status: PopupStatus };

/** How far ahead a welcome call may be booked. */
export const WELCOME_CALL_MAX_DAYS = 60;
const DAY_MS = 86_400_000;

export type PopupAction = { action: "STAGE"; stage: 1 | 2 } | { action: "DISMISS" } | { action: "BOOK" };

/** The popup's place after an answer (null: the employee has not answered yet). */
export function nextPopupState(current: PopupState | null, answer: PopupAction): PopupState {
  switch (answer.action) {
    case "STAGE":
      return { stage: answer.stage, status: current?.status ?? "OPEN" };
    case "DISMISS":
      if (current?.status === "FINISHED") return current;
      return { stage: current?.stage ?? 1, status: "DISMISSED" };
    case "BOOK":
      return { stage: 3, status: "FINISHED" };
    default: {
      const never: never = answer;
      return never;
    }
  }
}

/** Whether the home shows the popup: an open move whose policy has a welcome call, not yet finished or dismissed. */
export function showsPopup(move: { status: string; noWelcomeCall: boolean }, popup: PopupState | null): boolean {
  return move.status === "open" && !move.noWelcomeCall && (popup === null || popup.status === "OPEN");
}

// ── Date, time and time zone ────────────────────────────────────────────────────────────────────

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ZONE = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+){0,2}$/;

/** A real calendar date in YYYY-MM-DD (no 2027-02-30). */
export function isCalendarDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const at = new Date(Date.UTC(y, mo - 1, d));
  return at.getUTCFullYear() === y && at.getUTCMonth() === mo - 1 && at.getUTCDate() === d;
}

export function isClockTime(value: string): boolean {
  return TIME.test(value);
}

/** An IANA time zone this runtime knows ("Europe/London", "UTC"). */
export function isTimeZone(value: string): boolean {
  if (value.length > 64 || !ZONE.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of `instant` in `timeZone`, as if it were UTC (ms). */
function wallClock(instant: number, timeZone: string): number {
  const parts = formatterFor(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
}

/**
 * The UTC instant of a local date and time in a time zone, or null when the clocks skip that local
 * time (a daylight-saving gap). An ambiguous time (clocks going back) takes the earlier instant.
 */
export function localToUtc(date: string, time: string, timeZone: string): Date | null {
  if (!isCalendarDate(date) || !isClockTime(time) || !isTimeZone(timeZone)) return null;
  const [y, mo, d] = date.split("-").map(Number) as [number, number, number];
  const [h, mi] = time.split(":").map(Number) as [number, number];
  const local = Date.UTC(y, mo - 1, d, h, mi);
  const candidates = new Set<number>();
  for (const probe of [local - DAY_MS / 2, local, local + DAY_MS / 2]) candidates.add(local - (wallClock(probe, timeZone) - probe));
  const matches = [...candidates].filter((instant) => wallClock(instant, timeZone) === local).sort((a, b) => a - b);
  return matches.length > 0 ? new Date(matches[0]!) : null;
}

export type ScheduleInput = { date: string; time: string; timeZone: string };
export type ScheduleCheck = { ok: true; scheduledAt: Date } | { ok: false; field: "date" | "time" | "timeZone"; message: string };

/** The welcome call's date and time: a real time in the employee's zone, in the future, within WELCOME_CALL_MAX_DAYS. */
export function checkSchedule(input: ScheduleInput, now: Date): ScheduleCheck {
  if (!isTimeZone(input.timeZone)) return { ok: false, field: "timeZone", message: welcomeMessages.timeZone };
  if (!isCalendarDate(input.date)) return { ok: false, field: "date", message: welcomeMessages.dateInvalid };
  if (!isClockTime(input.time)) return { ok: false, field: "time", message: welcomeMessages.timeInvalid };
  const at = localToUtc(input.date, input.time, input.timeZone);
  if (!at) return { ok: false, field: "time", message: welcomeMessages.noSuchTime };
  if (at.getTime() <= now.getTime()) return { ok: false, field: at.toISOString().slice(0, 10) < now.toISOString().slice(0, 10) ? "date" : "time", message: welcomeMessages.inPast };
  if (at.getTime() > now.getTime() + WELCOME_CALL_MAX_DAYS * DAY_MS) return { ok: false, field: "date", message: welcomeMessages.tooFar };
  return { ok: true, scheduledAt: at };
}

/** Today and the last bookable day in a time zone (YYYY-MM-DD), for the date field's min and max. */
export function bookableDays(now: Date, timeZone: string): { min: string; max: string } {
  const zone = isTimeZone(timeZone) ? timeZone : "UTC";
  const day = (instant: number) => new Date(wallClock(instant, zone)).toISOString().slice(0, 10);
  return { min: day(now.getTime()), max: day(now.getTime() + WELCOME_CALL_MAX_DAYS * DAY_MS) };
}

// ── Phone ─────────────────────────────────────────────────────────────────────────────────────

const PHONE_CHARS = /^\+?[0-9(][0-9 ().-]*$/;

/** The phone number as stored (+ and digits only), or null when it is not a plausible number. */
export function normalisePhone(value: string): string | null {
  const text = value.trim();
  if (!PHONE_CHARS.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  return `${text.startsWith("+") ? "+" : ""}${digits}`;
}
