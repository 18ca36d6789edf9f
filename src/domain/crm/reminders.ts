/**
 * CRM reminders (issue 26; part 2 §2 "Reminders admin table (get-reminders)", §3 "CRM reminder: userId,
 * moveId, owner, datePicker, reminder text", §7 "POST /crm/saveReminder {userId, moveId, owner,
 * datePicker, reminder}", "GET get-reminders?userId&moveId", "POST send-reminder and delete-reminder (CRM)
 * with {id}; response success", §8 "CRM: reminder send and delete errors", reminder save failures with a
 * separate text when the server is unreachable, §9 schedule date picker not earlier than today, with time,
 * time picker step 15 minutes). Pure: the rules, the shapes of the `crmReminders` procedures and of the
 * documented paths, and the texts.
 *
 * A reminder is about one employee's move (userId = the employee, moveId = their move) and is for its
 * owner (a CRM agent or an administrator). It is OPEN until it is sent (SENT: by send-reminder, or by the
 * due check when its time comes) or deleted (DELETED). Only an OPEN reminder is sent; a SENT one may still
 * be deleted (taken off the table); a DELETED one is gone.
 */
import { z } from "zod";
import { ZId } from "../numbers.ts";

export const CRM_REMINDER_STATUSES = ["OPEN", "SENT", "DELETED"] as const;
export type CrmReminderStatus = (typeof CRM_REMINDER_STATUSES)[number];
export const ZCrmReminderStatus = z.enum(CRM_REMINDER_STATUSES);

/** Who works with CRM reminders (the calls and the page): CRM agents and administrators. */
export const CRM_REMINDER_ROLES = ["CRM", "ADMIN"] as const;
/** Who may own a reminder: the same roles. */
export const CRM_REMINDER_OWNER_ROLES = CRM_REMINDER_ROLES;

/** part 2 §9: the time picker's step. */
export const REMINDER_STEP_MINUTES = 15;
const STEP_MS = REMINDER_STEP_MINUTES * 60_000;
export const REMINDER_TEXT_MAX = 2000;
/** The reminders table shows at most this many rows per page. */
export const REMINDERS_PAGE_SIZE = 50;

/** The texts of the calls and the page (part 2 §8 names the failures; "Error loading reminders" is its text). */
export const crmReminderMessages = {
  loadFailed: "Error loading reminders",
  saveFailed: "Error saving reminder.",
  saveUnreachable: "The reminder could not be saved because the server could not be reached. Check your connection and try again.",
  sendFailed: "Error sending reminder.",
  deleteFailed: "Error deleting reminder.",
  saved: "Reminder saved.",
  sent: "Reminder sent.",
  deleted: "Reminder deleted.",
  notFound: "This reminder no longer exists.",
  alreadySent: "This reminder has already been sent.",
  alreadyDeleted: "This reminder has already been deleted.",
  moveNotFound: "This move does not exist.",
  moveMismatch: "This move does not belong to this employee.",
  ownerInvalid: "The owner must be a CRM agent or an administrator.",
  dueRequired: "Choose the reminder's date and time.",
  dueInvalid: "Enter a valid date and time.",
  dueStep: "Choose a time on the quarter hour (:00, :15, :30 or :45).",
  duePast: "The reminder's date and time cannot be in the past.",
  textRequired: "Enter the reminder text.",
  textTooLong: `The reminder text can be at most ${REMINDER_TEXT_MAX} characters.`,
} as const;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * The date picker's value as an instant: ISO-8601 with a zone (`2026-12-08T09:15:00.000Z`,
 * `2026-12-08T10:15+01:00`), or without one (`2026-12-08T09:15`, `2026-12-08 09:15`), read as UTC.
 * Anything else (or an impossible date such as 31 February) is null.
 */
export function parseDatePicker(text: string): Date | null {
  const m = DATE_TIME.exec(text.trim());
  if (!m) return null;
  const [, y, mo, d, h, mi, s] = m;
  const zone = m[8] ?? "Z";
  const normalised = `${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}${m[7] ? `.${m[7].padEnd(3, "0")}` : ""}${zone === "Z" ? "Z" : zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}`;
  const at = new Date(normalised);
  if (Number.isNaN(at.getTime())) return null;
  // Date() rolls 31 February over to March: the day and hour written must be the ones read back (in the zone).
  const offsetMin = zone === "Z" ? 0 : (zone.startsWith("-") ? -1 : 1) * (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(-2)));
  const local = new Date(at.getTime() + offsetMin * 60_000);
  if (local.getUTCFullYear() !== Number(y) || local.getUTCMonth() + 1 !== Number(mo) || local.getUTCDate() !== Number(d) || local.getUTCHours() !== Number(h)) return null;
  return at;
}

/** The instant is on a 15-minute step (whole minutes, no seconds). */
export function onReminderStep(at: Date): boolean {
  return at.getTime() % STEP_MS === 0;
}

/** The start of the 15-minute step `now` is in: a reminder may be due from there on (the current step is not "past"). */
export function currentStepStart(now: Date): Date {
  return new Date(Math.floor(now.getTime() / STEP_MS) * STEP_MS);
}

/** The next step after `now` (the form's first choice). */
export function nextStepAfter(now: Date): Date {
  return new Date(currentStepStart(now).getTime() + STEP_MS);
}

/** What is wrong with a due date-time at `now`, or null: unreadable, off the 15-minute step, or in the past. */
export function dueProblem(datePicker: string, now: Date): string | null {
  if (datePicker.trim() === "") return crmReminderMessages.dueRequired;
  const at = parseDatePicker(datePicker);
  if (!at) return crmReminderMessages.dueInvalid;
  if (!onReminderStep(at)) return crmReminderMessages.dueStep;
  if (at.getTime() < currentStepStart(now).getTime()) return crmReminderMessages.duePast;
  return null;
}

/** Only an OPEN reminder is sent (by hand or when due). */
export function sendRefusal(status: string): string | null {
  if (status === "OPEN") return null;
  return status === "SENT" ? crmReminderMessages.alreadySent : crmReminderMessages.alreadyDeleted;
}

/** An OPEN or SENT reminder may be deleted; a DELETED one is gone. */
export function deleteRefusal(status: string): string | null {
  return status === "DELETED" ? crmReminderMessages.alreadyDeleted : null;
}

/** A stored status this code does not know reads as OPEN (never shown as a code). */
export function reminderStatusOf(status: string): CrmReminderStatus {
  return status === "SENT" || status === "DELETED" ? status : "OPEN";
}

// ── shapes ───────────────────────────────────────────────────────────────────────────────────────

const ZReminderText = z
  .string({ error: crmReminderMessages.textRequired })
  .trim()
  .min(1, crmReminderMessages.textRequired)
  .max(REMINDER_TEXT_MAX, crmReminderMessages.textTooLong);

/** The date picker's text: readable and on a 15-minute step (not in the past is checked against the clock by the service). */
export const ZDatePicker = z
  .string({ error: crmReminderMessages.dueRequired })
  .trim()
  .min(1, crmReminderMessages.dueRequired)
  .max(40, crmReminderMessages.dueInvalid)
  .superRefine((text, ctx) => {
    const at = parseDatePicker(text);
    if (!at) ctx.addIssue({ code: "custom", message: crmReminderMessages.dueInvalid });
    else if (!onReminderStep(at)) ctx.addIssue({ code: "custom", message: crmReminderMessages.dueStep });
  });

/** POST /crm/saveReminder {userId, moveId, owner, datePicker, reminder} and `crmReminders.save`. */
export const ZSaveCrmReminderRequest = z.object({
  userId: ZId,
  moveId: ZId,
  /** The owner's user id (a CRM agent or an administrator). */
  owner: ZId,
  datePicker: ZDatePicker,
  reminder: ZReminderText,
});
export type TSaveCrmReminderRequest = z.infer<typeof ZSaveCrmReminderRequest>;

/** send-reminder and delete-reminder: {id}. */
export const ZCrmReminderIdRequest = z.object({ id: ZId });

const ZOptionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional());
const ZOptionalStatus = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZCrmReminderStatus.optional());
const ZOptionalDay = z.preprocess((v) => (v === "" || v === null ? undefined : v), z.iso.date().optional());

/**
 * GET get-reminders?userId&moveId and the admin table's filters: the employee and move (both optional),
 * the owner, the status (deleted ones only when asked for) and the due range (dates, UTC, inclusive).
 */
export const ZCrmReminderListRequest = z.object({
  userId: ZOptionalId,
  moveId: ZOptionalId,
  owner: ZOptionalId,
  status: ZOptionalStatus,
  dueFrom: ZOptionalDay,
  dueTo: ZOptionalDay,
  page: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional()),
});
export type TCrmReminderListRequest = z.infer<typeof ZCrmReminderListRequest>;

export const ZCrmReminder = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  moveId: z.number().int(),
  employeeName: z.string(),
  groupName: z.string(),
  groupDisplayName: z.string(),
  owner: z.number().int(),
  ownerName: z.string(),
  /** The due instant (ISO-8601 UTC), as the date picker gave it. */
  datePicker: z.string(),
  reminder: z.string(),
  status: ZCrmReminderStatus,
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});
export type TCrmReminder = z.infer<typeof ZCrmReminder>;

export const ZCrmReminderListResponse = z.object({
  success: z.literal(true),
  reminders: z.array(ZCrmReminder),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type TCrmReminderListResponse = z.infer<typeof ZCrmReminderListResponse>;

/** save, send and delete answer `success` (part 2 §7) with the reminder as it now is. */
export const ZCrmReminderActionResponse = z.object({ success: z.literal(true), reminder: ZCrmReminder });
export type TCrmReminderActionResponse = z.infer<typeof ZCrmReminderActionResponse>;

/** The people a reminder may be for (the form's owner select). */
export const ZCrmReminderOwnersResponse = z.object({ owners: z.array(z.object({ id: z.number().int(), name: z.string(), role: z.string() })) });

/** The form's employee and move search (by name, e-mail or move number). */
export const ZCrmReminderMoveSearchRequest = z.object({ query: z.string().trim().max(100).default("") });
export const ZCrmReminderMoveSearchResponse = z.object({
  moves: z.array(z.object({ userId: z.number().int(), moveId: z.number().int(), employeeName: z.string(), employeeEmail: z.string(), groupDisplayName: z.string(), status: z.string() })),
});
