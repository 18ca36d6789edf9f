/**
 * Notifications (issue 24 §3 "People are told"; DESIGN.md "A decision that affects someone tells
 * them"): the kinds of decision that tell someone, who is told, the work each links to, and the page
 * shapes of the `notifications` router. Pure: no I/O.
 *
 * Texts come from the translations (src/domain/i18n/en-notifications.ts): the in-app line is
 * `notifications.text.<KIND>`, the kind's name on the settings page `notifications.kind.<KIND>`, the
 * e-mail `mail.notify<Kind>.subject|body|action` (one template per kind), all with the row's variables.
 */
import { z } from "zod";

export const NOTIFICATION_KINDS = [
  "EXPENSE_APPROVED",
  "EXPENSE_REJECTED",
  "EXPENSE_CHANGE_REQUESTED",
  "EXPENSE_PAID",
  "ESTIMATE_APPROVED",
  "ESTIMATE_REJECTED",
  "WELCOME_CALL_REQUESTED",
  "WELCOME_CALL_BOOKED",
  "INCIDENT_RAISED",
  "INCIDENT_ESCALATED",
  "ASSIGNMENT_EXTENDED",
  "ASSIGNMENT_ENDED",
  "BULK_IMPORT_FINISHED",
  "CRM_REMINDER_DUE",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const ZNotificationKind = z.enum(NOTIFICATION_KINDS);

/**
 * The work a notification points at. Each carries what its link needs; `group` is the group's name
 * (the `/{group}/…` pages), never shown on screen.
 */
export type NotificationTarget =
  | { type: "expense"; id: number }
  | { type: "estimate"; id: number; group: string; employeeId: number }
  | { type: "move"; id: number; group: string; employeeId: number }
  | { type: "welcomeCall"; id: number; moveId: number; group: string; employeeId: number }
  | { type: "employeeHome"; id: number }
  | { type: "bulkJob"; id: number; group: string }
  | { type: "crmReminder"; id: number; userId: number; moveId: number };

/** The table entity name a target is stored under (the `entity` column). */
export function entityOf(target: NotificationTarget): string {
  return target.type;
}

const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
const seg = (group: string) => encodeURIComponent(group);

/**
 * The in-app path a notification opens, for the role of the one told. A welcome-call request opens
 * HR's move page for HR and the CRM list of requested calls for CRM staff and admins.
 */
export function linkOf(target: NotificationTarget, recipientRole: string): string {
  switch (target.type) {
    case "expense":
      return `/expenses?${q({ expense: target.id })}`;
    case "estimate":
      return `/${seg(target.group)}/cost-estimate-view?${q({ employeeId: target.employeeId, costEstimateId: target.id })}`;
    case "move":
      return `/${seg(target.group)}/employeefile/summaryView?${q({ employeeId: target.employeeId, moveId: target.id })}`;
    case "welcomeCall":
      if (recipientRole === "HR") return `/${seg(target.group)}/employeefile/summaryView?${q({ employeeId: target.employeeId, moveId: target.moveId })}`;
      if (recipientRole === "EMPLOYEE") return "/";
      return `/crm/welcome-calls?${q({ request: target.id })}`;
    case "employeeHome":
      return "/";
    case "bulkJob":
      return `/${seg(target.group)}/bulk-import`;
    case "crmReminder":
      return `/crm/reminders?${q({ userId: target.userId, moveId: target.moveId })}`;
  }
}

/**
 * A link for an e-mail: the configured public origin (PUBLIC_URL, never a request header) joined with
 * an in-app path. Only a path that starts with one "/" is accepted, so a stored link cannot leave the site.
 */
export function absoluteLink(publicBase: string, path: string): string {
  if (!path.startsWith("/") || path.startsWith("//") || path.includes("\\")) throw new Error(`not an in-app path: ${path}`);
  return `${publicBase.replace(/\/+$/, "")}${path}`;
}

/** `EXPENSE_CHANGE_REQUESTED` → `notifyExpenseChangeRequested`: the e-mail template of a kind. */
export function mailTemplateOf(kind: NotificationKind): string {
  return `notify${kind
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("")}`;
}

/** Text variables are short strings; anything longer is cut so a row stays small and a line readable. */
export const NOTIFICATION_VAR_MAX = 500;

export function cleanVars(vars: Record<string, string | number | null | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(vars)) {
    if (value === null || value === undefined) continue;
    const text = String(value);
    out[key] = text.length > NOTIFICATION_VAR_MAX ? `${text.slice(0, NOTIFICATION_VAR_MAX - 1)}…` : text;
  }
  return out;
}

/** Parses a stored variables column; a damaged value reads as no variables. */
export function parseVars(json: string): Record<string, string> {
  try {
    const value: unknown = JSON.parse(json);
    if (!value || typeof value !== "object" || Array.isArray(value)) return {};
    const out: Record<string, string> = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === "string") out[k] = v;
    return out;
  } catch {
    return {};
  }
}

/** A user's e-mail choices: every kind, on unless they turned it off. */
export function emailChoices(rows: { kind: string; email: number }[]): Record<NotificationKind, boolean> {
  const off = new Set(rows.filter((r) => r.email === 0).map((r) => r.kind));
  return Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.has(k)])) as Record<NotificationKind, boolean>;
}

// ── the router's shapes ──────────────────────────────────────────────────────────────────────────

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const ZNotification = z.object({
  id: z.number().int(),
  kind: ZNotificationKind,
  link: z.string(),
  vars: z.record(z.string(), z.string()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationListRequest = z.object({
  /** Rows older than this id (the previous page's `nextCursor`); none = the newest. */
  cursor: z.number().int().positive().max(2_147_483_647).nullish(),
  limit: z.number().int().min(1).max(50).default(NOTIFICATIONS_PAGE_SIZE),
  unreadOnly: z.boolean().default(false),
});
export type TNotificationListRequest = z.infer<typeof ZNotificationListRequest>;
export const ZNotificationListResponse = z.object({ rows: z.array(ZNotification), hasMore: z.boolean(), nextCursor: z.number().int().nullable(), unread: z.number().int() });
export type TNotificationListResponse = z.infer<typeof ZNotificationListResponse>;

export const ZUnreadCountResponse = z.object({ unread: z.number().int() });

export const ZMarkReadRequest = z.object({ id: z.number().int().positive().max(2_147_483_647) });
export const ZMarkReadResponse = z.object({ id: z.number().int(), read: z.literal(true), unread: z.number().int() });
export const ZMarkAllReadResponse = z.object({ marked: z.number().int(), unread: z.number().int() });

export const ZNotificationPreferences = z.object({
  email: z.array(z.object({ kind: ZNotificationKind, email: z.boolean() })),
});
export type TNotificationPreferences = z.infer<typeof ZNotificationPreferences>;
export const ZSetPreferenceRequest = z.object({ kind: ZNotificationKind, email: z.boolean() });

/**
 * A requested call slot for people to read, in the zone the employee chose, with the zone's short name
 * rather than its IANA code ("7 Dec 2026, 15:00 GMT+1"). An unknown zone falls back to UTC.
 */
export function formatCallSlot(scheduledAt: string, timeZone: string): string {
  const at = new Date(scheduledAt);
  if (Number.isNaN(at.getTime())) return scheduledAt;
  const options: Intl.DateTimeFormatOptions = { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23", timeZoneName: "short" };
  try {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone }).format(at);
  } catch {
    return new Intl.DateTimeFormat("en-GB", { ...options, timeZone: "UTC" }).format(at);
  }
}
