/**
 * The reminders' contract (issue 26; part 2 §3 "Reminder", "Manager unsubscriptions", "Statistics",
 * "Unsubscribe request", §7 reporting calls): the zod schemas of the `reportReminders.*` procedures, the
 * documented /reporting/… and /unsubscribe/reporting paths, and the page's forms.
 */
import { z } from "zod";
import { ALERT_STATUSES, ALL_USERS, FREQUENCY_TYPES, REMINDER_TYPES, STATUS_FILTERS, ZManagerChoice, ZReminderFilterValues } from "./reminders.ts";

export { ZSaveReminderRequest, type TSaveReminderRequest } from "./reminders.ts";

const ZGroupName = z.string().trim().min(1).max(64);
const ZId = z.coerce.number().int().min(1).max(2_147_483_647);
const ZOptionalId = z.preprocess((v) => (v === "" || v === null || v === "null" || v === "undefined" ? undefined : v), ZId.optional());
const ZBool = z.preprocess((v) => (v === "true" ? true : v === "false" ? false : v), z.boolean());
const ZReportTypeOfTab = z.enum(["BASE", "OLD", "CUSTOM"]);
/** A request key (e.g. a UUID the page makes per click): parallel repeats of one click send once. */
const ZRequestKey = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/).optional();

export const ZGroupRequest = z.object({ group: ZGroupName });

/** GET get-group-report-reminder: the group's own ('ALL') reminders of a report tab. */
export const ZGroupReportRemindersRequest = z.object({
  group: ZGroupName,
  reportType: ZReportTypeOfTab.default("BASE"),
  status: z.enum(STATUS_FILTERS).default("ALL"),
});
/** GET get-group-user-report-reminder: one manager's (or 'ALL') reminders of a report tab. */
export const ZGroupUserReportRemindersRequest = ZGroupReportRemindersRequest.extend({ userId: ZManagerChoice.default(ALL_USERS) });
/** GET get-group-user-hr-email-reminder: one manager's (or 'ALL') HR e-mail reminders. */
export const ZGroupUserHrEmailRemindersRequest = z.object({
  group: ZGroupName,
  userId: ZManagerChoice.default(ALL_USERS),
  status: z.enum(STATUS_FILTERS).default("ALL"),
});

/** Part 2 §3 Reminder, as a table row: a report or HR e-mail with its reminder (null id: none configured yet). */
export const ZReminderRow = z.object({
  id: z.number().nullable(),
  reportId: z.number().nullable(),
  hrEmailId: z.number().nullable(),
  reportName: z.string(),
  subject: z.string(),
  body: z.string(),
  frequencyType: z.enum(FREQUENCY_TYPES).nullable(),
  enabled: z.boolean(),
  groupId: z.number(),
  userId: z.union([z.literal(ALL_USERS), z.number()]),
  weekDay: z.number().nullable(),
  monthDay: z.number().nullable(),
  alertStatus: z.enum(ALERT_STATUSES).nullable(),
  filterValues: z.record(z.string(), z.string()),
  type: z.enum(REMINDER_TYPES),
  /** The group's reminder for this item is what the manager receives (no own reminder). */
  inherited: z.boolean(),
  nextRunAt: z.string().nullable(),
  managerOptedIn: z.boolean(),
  emailSent: z.boolean(),
  previewClicked: z.boolean(),
  reportDownloaded: z.boolean(),
});
export type TReminderRow = z.infer<typeof ZReminderRow>;
export const ZRemindersResponse = z.object({ success: z.literal(true), reminders: z.array(ZReminderRow) });
export type TRemindersResponse = z.infer<typeof ZRemindersResponse>;

export const ZResultResponse = z.object({ success: z.boolean(), resultMessage: z.string() });
export type TResultResponse = z.infer<typeof ZResultResponse>;

/** POST /reporting/opt-in (reportId, managerId, optIn, reportingReminderType, hrEmailId). */
export const ZOptInRequest = z.object({
  group: ZGroupName,
  reportId: ZOptionalId,
  hrEmailId: ZOptionalId,
  managerId: ZId,
  optIn: ZBool,
  reportingReminderType: z.enum(REMINDER_TYPES).default("REPORTING_REMINDER"),
});

/** POST update-reminder-status (reminderId, enabled). */
export const ZUpdateReminderStatusRequest = z.object({ group: ZGroupName, reminderId: ZId, enabled: ZBool });

/** POST send-reminder-now (reminderId, managerId, reportingReminderType). */
export const ZSendReminderNowRequest = z.object({
  group: ZGroupName,
  reminderId: ZId,
  managerId: ZId,
  reportingReminderType: z.enum(REMINDER_TYPES).default("REPORTING_REMINDER"),
  requestKey: ZRequestKey,
});

/** POST send-group-reminder-now (reportId, hrEmailId, managerId, reportingReminderType): the group's reminder, to every manager ('ALL') or one. */
export const ZSendGroupReminderNowRequest = z.object({
  group: ZGroupName,
  reportId: ZOptionalId,
  hrEmailId: ZOptionalId,
  managerId: z.preprocess((v) => (v === "" || v === null || v === undefined ? ALL_USERS : v), ZManagerChoice),
  reportingReminderType: z.enum(REMINDER_TYPES).default("REPORTING_REMINDER"),
  requestKey: ZRequestKey,
});

export const ZSendResponse = ZResultResponse.extend({ sent: z.number() });
export type TSendResponse = z.infer<typeof ZSendResponse>;

/** GET load-manager-unsubscriptions-data / load-manager-statistics-data (managerId). */
export const ZManagerDataRequest = z.object({ group: ZGroupName, managerId: ZId });

/** Part 2 §3 "Manager unsubscriptions: unsubscribeFromAllReports, reportsUnsubscribedFrom". */
export const ZUnsubscriptionsResponse = z.object({
  success: z.literal(true),
  unsubscribeFromAllReports: z.boolean(),
  reportsUnsubscribedFrom: z.array(z.object({ reportId: z.number(), reportName: z.string(), unsubscribedAt: z.string() })),
});
export type TUnsubscriptionsResponse = z.infer<typeof ZUnsubscriptionsResponse>;

/** Part 2 §3 "Statistics: reportingReminderStatisticsDTOs"; dates YYYY-MM-DD HH:mm (§9). */
export const ZStatisticsDto = z.object({
  reminderId: z.number(),
  type: z.enum(REMINDER_TYPES),
  reportId: z.number().nullable(),
  hrEmailId: z.number().nullable(),
  reportName: z.string(),
  emailsSent: z.number(),
  lastSent: z.string().nullable(),
  previewClicked: z.number(),
  lastPreviewClicked: z.string().nullable(),
  reportDownloaded: z.number(),
  lastDownloaded: z.string().nullable(),
});
export const ZStatisticsResponse = z.object({ success: z.literal(true), reportingReminderStatisticsDTOs: z.array(ZStatisticsDto) });
export type TStatisticsResponse = z.infer<typeof ZStatisticsResponse>;

export const ZSaveReminderResponse = ZResultResponse.extend({ reminder: ZReminderRow.nullable() });

/** Part 2 §3 "Unsubscribe request: reportId, fromAllReports, tokenKey". */
export const ZUnsubscribeRequest = z.object({
  tokenKey: z.string().trim().min(1).max(512),
  fromAllReports: ZBool.default(false),
  reportId: ZOptionalId,
});
/** POST /unsubscribe/reporting answer: success, fromAllReports, resultMessage. */
export const ZUnsubscribeResponse = z.object({ success: z.boolean(), fromAllReports: z.boolean(), resultMessage: z.string() });
export type TUnsubscribeResponse = z.infer<typeof ZUnsubscribeResponse>;

/** What the unsubscribe page shows for a token (nothing personal beyond the report's name). */
export const ZUnsubscribeInfoRequest = z.object({ tokenKey: z.string().trim().min(1).max(512) });
export const ZUnsubscribeInfoResponse = z.object({ valid: z.boolean(), reportId: z.number().nullable(), reportName: z.string().nullable() });

/** GET getHrManagers: the group's managers for the reminders' and permissions' dropdowns. */
export const ZHrManagersResponse = z.object({
  success: z.literal(true),
  managers: z.array(z.object({ id: z.number(), name: z.string(), email: z.string() })),
});
export type THrManagersResponse = z.infer<typeof ZHrManagersResponse>;

export { ZReminderFilterValues };
