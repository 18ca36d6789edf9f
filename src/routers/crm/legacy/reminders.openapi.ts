import { ZCrmReminderActionResponse, ZCrmReminderIdRequest, ZCrmReminderListRequest, ZCrmReminderListResponse, ZSaveCrmReminderRequest } from "../../../domain/crm/reminders.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const SPEC = "part 2 §2 Reminders admin table, §3 CRM reminder, §7 Reporting, Welcome call and CRM, §8 CRM, §9";

/** OpenAPI descriptions of the legacy paths in ./reminders.ts (served in /api/openapi.json). */
export const crmRemindersOperations: Operation[] = [
  {
    method: "post",
    path: "/crm/saveReminder",
    summary:
      "Saves a CRM reminder (CRM, ADMIN): userId (the employee), moveId (their move; 404 when it does not exist, 400 when it is not the employee's), owner (a CRM agent's or administrator's user id), datePicker (ISO-8601 date-time; on a 15-minute step; not in the past), reminder (text, at most 2000 characters); answers {success: true, reminder}; audited",
    spec: SPEC,
    request: ZSaveCrmReminderRequest,
    requestType: "form",
    response: ZCrmReminderActionResponse,
    auth: "session",
  },
  {
    method: "get",
    path: "/reporting/get-reminders",
    summary:
      "The CRM reminders (CRM, ADMIN), soonest due first, 50 a page: ?userId&moveId (the employee and move), owner, status (OPEN | SENT | DELETED; without it every reminder not deleted), dueFrom and dueTo (YYYY-MM-DD, UTC, inclusive), page; reads only",
    spec: SPEC,
    request: ZCrmReminderListRequest,
    requestType: "query",
    response: ZCrmReminderListResponse,
    auth: "session",
  },
  {
    method: "post",
    path: "/reporting/send-reminder",
    summary:
      "Sends a CRM reminder to its owner now (CRM, ADMIN): {id}; in-app notification and e-mail; answers {success: true, reminder} (status SENT). Once: a reminder already sent or deleted answers 409 (parallel sends: one sends, the rest 409); audited",
    spec: SPEC,
    request: ZCrmReminderIdRequest,
    requestType: "form",
    response: ZCrmReminderActionResponse,
    auth: "session",
  },
  {
    method: "post",
    path: "/reporting/delete-reminder",
    summary: "Deletes a CRM reminder (CRM, ADMIN): {id}; answers {success: true, reminder} (status DELETED); a reminder already deleted answers 409 (parallel deletes: one, the rest 409); audited",
    spec: SPEC,
    request: ZCrmReminderIdRequest,
    requestType: "form",
    response: ZCrmReminderActionResponse,
    auth: "session",
  },
];
