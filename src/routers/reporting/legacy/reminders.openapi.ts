import { z } from "zod";
import {
  ZHrManagersResponse,
  ZRemindersResponse,
  ZResultResponse,
  ZSaveReminderResponse,
  ZSendResponse,
  ZStatisticsResponse,
  ZUnsubscribeResponse,
  ZUnsubscriptionsResponse,
} from "../../../domain/reporting/reminders-schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";
import {
  ZLegacyGroup,
  ZLegacyGroupReportReminders,
  ZLegacyGroupUserHrEmailReminders,
  ZLegacyGroupUserReportReminders,
  ZLegacyManagerData,
  ZLegacyOptIn,
  ZLegacySaveReminder,
  ZLegacySendGroupReminderNow,
  ZLegacySendReminderNow,
  ZLegacyUnsubscribe,
  ZLegacyUpdateReminderStatus,
  ZReminderLinkRequest,
} from "./reminders.ts";

const who = "HR of the group (group optional: their own) or ADMIN (group required)";
const html = z.string().describe("an HTML page");

/** OpenAPI descriptions of the legacy paths in ./reminders.ts (served in /api/openapi.json). */
export const reportingRemindersOperations: Operation[] = [
  { method: "get", path: "/reporting/getHrManagers", summary: `The group's managers for the reminders' and permissions' manager dropdowns (${who})`, spec: "part 2 §6, §7", request: ZLegacyGroup, requestType: "query", response: ZHrManagersResponse, auth: "session" },
  { method: "get", path: "/reporting/get-group-report-reminder", summary: `The group's own ('ALL') reminders of a report tab (reportType BASE recommended, OLD custom, CUSTOM configured), one row per report offered to the group, filtered by status (${who})`, spec: "part 2 §2, §3, §7", request: ZLegacyGroupReportReminders, requestType: "query", response: ZRemindersResponse, auth: "session" },
  { method: "get", path: "/reporting/get-group-user-report-reminder", summary: `A manager's (or 'ALL') reminders of a report tab, with managerOptedIn, emailSent, previewClicked, reportDownloaded (${who})`, spec: "part 2 §3, §7", request: ZLegacyGroupUserReportReminders, requestType: "query", response: ZRemindersResponse, auth: "session" },
  { method: "get", path: "/reporting/get-group-user-hr-email-reminder", summary: `A manager's (or 'ALL') HR general e-mail reminders (end of assignment, start of assignment) (${who})`, spec: "part 2 §2, §7", request: ZLegacyGroupUserHrEmailReminders, requestType: "query", response: ZRemindersResponse, auth: "session" },
  { method: "post", path: "/reporting/save-reminder", summary: `Saves a reminder (JSON of reminder values) after the §5 checks: subject, body, frequency, alert status; weekday when WEEKLY, month day when MONTHLY (beyond the month's length: its last day); the report-link placeholder in a report reminder, first-name and HR e-mail link in an HR e-mail reminder (${who})`, spec: "part 2 §3, §5, §7", request: ZLegacySaveReminder, requestType: "form", response: ZSaveReminderResponse, auth: "session" },
  { method: "post", path: "/reporting/opt-in", summary: `A manager's opt-in or opt-out of one report (or HR e-mail); an opted-out manager is never mailed (${who})`, spec: "part 2 §4, §7", request: ZLegacyOptIn, requestType: "form", response: ZResultResponse, auth: "session" },
  { method: "post", path: "/reporting/update-reminder-status", summary: `Enables or disables a reminder; an opted-out manager's reminder cannot be toggled (409) (${who})`, spec: "part 2 §4, §7", request: ZLegacyUpdateReminderStatus, requestType: "form", response: ZResultResponse, auth: "session" },
  { method: "post", path: "/reporting/send-reminder-now", summary: `Sends a reminder to the selected manager now, the report read with the manager's permissions at send time (row count and CSV attached; RFC 8058 one-click unsubscribe headers); a repeat of one request (requestKey, else the same minute) answers 409 (${who})`, spec: "part 2 §4, §7, §8", request: ZLegacySendReminderNow, requestType: "form", response: ZSendResponse, auth: "session" },
  { method: "post", path: "/reporting/send-group-reminder-now", summary: `Sends the group's ('ALL') reminder of a report or HR e-mail now to every manager without an own reminder (or managerId only), passing over opted-out and unsubscribed managers (${who})`, spec: "part 2 §4, §7, §8", request: ZLegacySendGroupReminderNow, requestType: "form", response: ZSendResponse, auth: "session" },
  { method: "get", path: "/reporting/load-manager-unsubscriptions-data", summary: `What a manager unsubscribed from through mail links: unsubscribeFromAllReports, reportsUnsubscribedFrom (${who})`, spec: "part 2 §3, §7", request: ZLegacyManagerData, requestType: "query", response: ZUnsubscriptionsResponse, auth: "session" },
  { method: "get", path: "/reporting/load-manager-statistics-data", summary: `reportingReminderStatisticsDTOs: per reminder, mails sent to the manager, previews and downloads (dates YYYY-MM-DD HH:mm) (${who})`, spec: "part 2 §3, §7, §9", request: ZLegacyManagerData, requestType: "query", response: ZStatisticsResponse, auth: "session" },
  { method: "post", path: "/unsubscribe/reporting", summary: "Unsubscribes the token's recipient from the token's report or from all reports (tokenKey, fromAllReports, reportId); also a mail client's RFC 8058 one-click POST to the List-Unsubscribe URL (?token= with the body List-Unsubscribe=One-Click). Public: the signed token is the authority; repeating it is harmless", spec: "part 2 §2, §3, §7, §8", request: ZLegacyUnsubscribe, requestType: "form", response: ZUnsubscribeResponse, auth: "none" },
  { method: "get", path: "/reporting/reminder-report", summary: "The report link of a reminder e-mail (signed token t): a page with preview and download buttons; changes nothing", spec: "issue 26 (reminder statistics)", request: ZReminderLinkRequest, requestType: "query", response: html, auth: "none" },
  { method: "post", path: "/reporting/reminder-report/preview", summary: "Previews the reminder's report (first 200 rows) read with the recipient's permissions now; records the first preview for the statistics", spec: "issue 26 (reminder statistics)", request: ZReminderLinkRequest, requestType: "form", response: html, auth: "none" },
  { method: "post", path: "/reporting/reminder-report/download", summary: "Downloads the reminder's report as CSV read with the recipient's permissions now; records the first download for the statistics", spec: "issue 26 (reminder statistics)", request: ZReminderLinkRequest, requestType: "form", response: z.string().describe("CSV (RFC 4180, UTF-8), streamed as an attachment"), auth: "none" },
];
