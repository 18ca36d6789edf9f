/**
 * Report reminders and HR e-mail reminders (issue 26; part 2 §2 "Reporting reminders page", §3 "Reminder",
 * §4 "Reminders", §5 "Reminder popup", §8 reporting texts, §9 frequencies and default user 'ALL').
 * Pure rules: the schemas both transports and the popup share, when a reminder next runs, how its body is
 * rendered and checked (no I/O). The signed tokens of unsubscribe and tracking links are in ./reminders-tokens.ts
 * (server only: node:crypto stays out of the web bundle).
 */
import { z } from "zod";
import type { FieldErrors } from "../errors.ts";

/** Part 2 §9 "Frequencies DAILY, WEEKLY, MONTHLY". */
export const FREQUENCY_TYPES = ["DAILY", "WEEKLY", "MONTHLY"] as const;
export type FrequencyType = (typeof FREQUENCY_TYPES)[number];

/** Part 2 §3 "type (HR_EMAIL_REMINDER or REPORTING_REMINDER)". */
export const REMINDER_TYPES = ["REPORTING_REMINDER", "HR_EMAIL_REMINDER"] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];

/**
 * Part 2 §3 "alert status": whether a reminder mails every time it runs (ALWAYS) or only when its report has
 * rows (WITH_DATA; an HR e-mail with no moves to name is then skipped too).
 */
export const ALERT_STATUSES = ["ALWAYS", "WITH_DATA"] as const;
export type AlertStatus = (typeof ALERT_STATUSES)[number];

/** The reminders page's status filter (§2); switching tab resets it to ALL (§4). */
export const STATUS_FILTERS = ["ALL", "ENABLED", "DISABLED", "NOT_CONFIGURED"] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

/** The page's report tabs (§2): Recommended (BASE), Custom (OLD), Configured (CUSTOM), plus HR general e-mails. */
export const REMINDER_TABS = ["RECOMMENDED", "CUSTOM", "CONFIGURED", "HR_EMAILS"] as const;
export type ReminderTab = (typeof REMINDER_TABS)[number];
export const REPORT_TYPE_OF_TAB = { RECOMMENDED: "BASE", CUSTOM: "OLD", CONFIGURED: "CUSTOM" } as const;

/** Part 2 §9 "default user option in reminders 'ALL'": the group's reminder, sent to every manager of the group. */
export const ALL_USERS = "ALL";

/** ISO weekdays: 1 = Monday … 7 = Sunday. */
export const WEEK_DAYS = [1, 2, 3, 4, 5, 6, 7] as const;
export const WEEK_DAY_NAMES: Record<number, string> = { 1: "Monday", 2: "Tuesday", 3: "Wednesday", 4: "Thursday", 5: "Friday", 6: "Saturday", 7: "Sunday" };

/** The hour (UTC) a scheduled reminder goes out on its day. */
export const SEND_HOUR_UTC = 8;

/**
 * HR general e-mails (§2 "HR general emails tab (default type: end of assignment)"): what each names and
 * where its link leads (a path under the group).
 */
export const HR_EMAILS = [
  { id: 1, key: "END_OF_ASSIGNMENT", name: "End of assignment", days: 90, linkPath: "dashboard" },
  { id: 2, key: "START_OF_ASSIGNMENT", name: "Start of assignment", days: 30, linkPath: "dashboard" },
] as const;
export type HrEmail = (typeof HR_EMAILS)[number];
export const DEFAULT_HR_EMAIL_ID = 1;
export function hrEmailById(id: number): HrEmail | null {
  return HR_EMAILS.find((e) => e.id === id) ?? null;
}

/** Part 2 §5 "Placeholders: first name, last name, report link, HR email link". */
export const PLACEHOLDERS = {
  firstName: "{firstName}",
  lastName: "{lastName}",
  reportLink: "{reportLink}",
  hrEmailLink: "{hrEmailLink}",
} as const;
export type PlaceholderValues = { firstName: string; lastName: string; reportLink: string; hrEmailLink: string };

/** Part 2 §8 reporting texts (verbatim where the spec quotes them) and §5 reminder popup checks. */
export const reminderMessages = {
  loadFailed: "Error loading reminders",
  reminderSent: "The reminder has been sent.",
  groupReminderSent: "The group reminder has been sent.",
  managerOptedOut: "This manager has opted out of this report, so no reminder is sent to them.",
  selectGroupFirst: "Please select a group first.",
  selectManagerFirst: "Please select a manager first.",
  unableToDisplay: "unable to display data",
  unsubscribedAll: "You have now unsubscribed from all reports",
  unsubscribedOne: "You have now unsubscribed from the report",
  unsubscribeFailed: "Unable to unsubsubscribe.",
  genericFailure: "Something went wrong. Please try again, and contact support if it keeps happening.",
  saved: "The reminder has been saved.",
  optInSaved: "The manager's choice has been saved.",
  statusSaved: "The reminder's status has been saved.",
  changedMeanwhile: "This reminder was changed by someone else meanwhile. Please reload and try again.",
  managerUnsubscribed: "This manager has unsubscribed from this report's e-mails, so no reminder is sent to them.",
  noReminder: "There is no reminder for this report yet. Please set one up first.",
  alreadySent: "This reminder has just been sent; it was not sent again.",
  nothingToSend: "No manager of this group receives this reminder.",
  reminderDisabled: "This reminder is disabled; enable it before sending.",
  notManager: "This user is not a manager of the group.",
  invalidToken: "This unsubscribe link is not valid.",
  invalidLink: "This link is not valid.",
  subjectRequired: "Please enter a subject.",
  bodyRequired: "Please enter a body.",
  frequencyRequired: "Please select a frequency.",
  alertStatusRequired: "Please select an alert status.",
  weekDayRequired: "Please select a day of the week.",
  monthDayRequired: "Please select a day of the month.",
  reportLinkRequired: `The body must contain the report link placeholder ${PLACEHOLDERS.reportLink}.`,
  hrEmailPlaceholdersRequired: `The body must contain the first name placeholder ${PLACEHOLDERS.firstName} and the link placeholder ${PLACEHOLDERS.hrEmailLink}.`,
  reportRequired: "Please choose a report.",
  hrEmailRequired: "Please choose an HR e-mail.",
} as const;

const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZOptionalId = z.preprocess((v) => (v === "" || v === null || v === "null" ? undefined : v), ZId.optional());
const ZBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
/** "ALL" (the group's reminder) or a manager's user id. */
export const ZManagerChoice = z.union([z.literal(ALL_USERS), ZId]);

/** Filter values as saved with a reminder: name → text. */
export const ZReminderFilterValues = z.record(z.string().max(100), z.string().max(2000));

/** Part 2 §7 POST save-reminder: "JSON of reminder values" (part 2 §3 Reminder). */
export const ZSaveReminderRequest = z.object({
  group: z.string().trim().min(1).max(64),
  id: ZOptionalId,
  type: z.enum(REMINDER_TYPES),
  reportId: ZOptionalId,
  hrEmailId: ZOptionalId,
  userId: ZManagerChoice.default(ALL_USERS),
  subject: z.string().max(300).default(""),
  body: z.string().max(20_000).default(""),
  frequencyType: z.enum(FREQUENCY_TYPES).nullable().optional(),
  weekDay: z.preprocess((v) => (v === "" ? null : v), z.coerce.number().int().min(1).max(7).nullable().optional()),
  monthDay: z.preprocess((v) => (v === "" ? null : v), z.coerce.number().int().min(1).max(31).nullable().optional()),
  alertStatus: z.enum(ALERT_STATUSES).nullable().optional(),
  enabled: ZBool.default(true),
  filterValues: ZReminderFilterValues.default({}),
});
export type TSaveReminderRequest = z.infer<typeof ZSaveReminderRequest>;

export type ReminderDraft = {
  type: ReminderType;
  reportId?: number | null;
  hrEmailId?: number | null;
  subject: string;
  body: string;
  frequencyType?: FrequencyType | null;
  weekDay?: number | null;
  monthDay?: number | null;
  alertStatus?: AlertStatus | null;
};

/**
 * Part 2 §5 "Reminder popup": subject, body, frequency and alert status required; weekday when weekly; month
 * day when monthly; a report reminder's body holds the report-link placeholder; an HR e-mail reminder's body
 * holds the first-name and HR e-mail link placeholders. Empty: valid.
 */
export function validateReminder(r: ReminderDraft): FieldErrors {
  const errors: FieldErrors = {};
  if (r.type === "REPORTING_REMINDER" && !r.reportId) errors.reportId = reminderMessages.reportRequired;
  if (r.type === "HR_EMAIL_REMINDER" && (!r.hrEmailId || !hrEmailById(r.hrEmailId))) errors.hrEmailId = reminderMessages.hrEmailRequired;
  if (!r.subject.trim()) errors.subject = reminderMessages.subjectRequired;
  if (!r.body.trim()) errors.body = reminderMessages.bodyRequired;
  else if (r.type === "REPORTING_REMINDER" && !r.body.includes(PLACEHOLDERS.reportLink)) errors.body = reminderMessages.reportLinkRequired;
  else if (r.type === "HR_EMAIL_REMINDER" && !(r.body.includes(PLACEHOLDERS.firstName) && r.body.includes(PLACEHOLDERS.hrEmailLink))) {
    errors.body = reminderMessages.hrEmailPlaceholdersRequired;
  }
  if (!r.frequencyType) errors.frequencyType = reminderMessages.frequencyRequired;
  if (r.frequencyType === "WEEKLY" && !r.weekDay) errors.weekDay = reminderMessages.weekDayRequired;
  if (r.frequencyType === "MONTHLY" && !r.monthDay) errors.monthDay = reminderMessages.monthDayRequired;
  if (!r.alertStatus) errors.alertStatus = reminderMessages.alertStatusRequired;
  return errors;
}

/**
 * §4 "Frequency change … selections are cleared on change": the weekday and month day a frequency keeps
 * (DAILY neither, WEEKLY the weekday only, MONTHLY the month day only).
 */
export function scheduleFields(frequency: FrequencyType, weekDay: number | null | undefined, monthDay: number | null | undefined) {
  return {
    weekDay: frequency === "WEEKLY" ? (weekDay ?? null) : null,
    monthDay: frequency === "MONTHLY" ? (monthDay ?? null) : null,
  };
}

function daysInMonth(year: number, month0: number): number {
  return new Date(Date.UTC(year, month0 + 1, 0)).getUTCDate();
}

/**
 * When a reminder next runs, strictly after `after`: at SEND_HOUR_UTC on the next day (DAILY), the next
 * `weekDay` (WEEKLY, ISO 1 = Monday), or the next `monthDay` (MONTHLY; a month day beyond the month's length
 * runs on its last day: 31 → 30 April, 28 or 29 February).
 */
export function nextRunAt(frequency: FrequencyType, weekDay: number | null | undefined, monthDay: number | null | undefined, after: Date, hourUtc = SEND_HOUR_UTC): Date {
  const at = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d, hourUtc, 0, 0, 0));
  const y = after.getUTCFullYear();
  const m = after.getUTCMonth();
  const d = after.getUTCDate();
  switch (frequency) {
    case "DAILY": {
      const today = at(y, m, d);
      return today > after ? today : at(y, m, d + 1);
    }
    case "WEEKLY": {
      const target = weekDay ?? 1;
      const isoToday = ((after.getUTCDay() + 6) % 7) + 1;
      let ahead = (target - isoToday + 7) % 7;
      if (ahead === 0 && at(y, m, d) <= after) ahead = 7;
      return at(y, m, d + ahead);
    }
    case "MONTHLY": {
      const target = monthDay ?? 1;
      for (let i = 0; i < 3; i++) {
        const year = y + Math.floor((m + i) / 12);
        const month = (m + i) % 12;
        const candidate = at(year, month, Math.min(target, daysInMonth(year, month)));
        if (candidate > after) return candidate;
      }
      throw new Error("unreachable: a month day always falls within three months");
    }
  }
}

/** Replaces the four placeholders (§5) in a subject or body; other text is left as it is. */
export function renderPlaceholders(text: string, values: PlaceholderValues): string {
  return text
    .replaceAll(PLACEHOLDERS.firstName, values.firstName)
    .replaceAll(PLACEHOLDERS.lastName, values.lastName)
    .replaceAll(PLACEHOLDERS.reportLink, values.reportLink)
    .replaceAll(PLACEHOLDERS.hrEmailLink, values.hrEmailLink);
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/**
 * The reminder's body as plain text and as HTML (the popup's preview/HTML toggle shows the same two): the
 * body is plain text with blank lines between paragraphs; in HTML the link placeholders become links and
 * every other character is escaped (a body never injects markup).
 */
export function renderReminderBody(body: string, values: PlaceholderValues): { text: string; html: string } {
  const text = renderPlaceholders(body, values);
  const linkOf = (href: string, label: string) => (href ? `<a href="${escapeHtml(href)}">${escapeHtml(label)}</a>` : "");
  const tokens = /(\{firstName\}|\{lastName\}|\{reportLink\}|\{hrEmailLink\})/;
  const paragraphs = body.split(/\n{2,}/).map((p) => {
    const inner = p
      .split(tokens)
      .map((part) => {
        if (part === PLACEHOLDERS.firstName) return escapeHtml(values.firstName);
        if (part === PLACEHOLDERS.lastName) return escapeHtml(values.lastName);
        if (part === PLACEHOLDERS.reportLink) return linkOf(values.reportLink, "Open the report");
        if (part === PLACEHOLDERS.hrEmailLink) return linkOf(values.hrEmailLink, "Open the list");
        return escapeHtml(part).replaceAll("\n", "<br>");
      })
      .join("");
    return `<p style="margin:0 0 16px;line-height:1.5">${inner}</p>`;
  });
  return { text, html: paragraphs.join("") };
}

/** Sample values for the popup's preview. */
export const SAMPLE_PLACEHOLDERS: PlaceholderValues = {
  firstName: "Alex",
  lastName: "Morgan",
  reportLink: "https://meridian.example/reporting/reminder-report?t=…",
  hrEmailLink: "https://meridian.example/acme/dashboard",
};

/** Part 2 §9 "statistics format YYYY-MM-DD HH:mm" (UTC) of an ISO timestamp. */
export function statisticsDate(iso: string | null): string | null {
  if (!iso) return null;
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
}
