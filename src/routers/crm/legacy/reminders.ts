/**
 * Documented crm paths: CRM reminders (issue 26; part 2 §7). Same services as src/routers/crm/reminders.ts,
 * through legacyRoute, CRM agents and administrators only (checked before the request is read):
 * - POST /crm/saveReminder {userId, moveId, owner, datePicker, reminder} → {success, reminder};
 * - GET /reporting/get-reminders?userId&moveId (and the admin table's filters) → {success, reminders, …};
 * - POST /reporting/send-reminder {id}, POST /reporting/delete-reminder {id} → {success, reminder}.
 * Failures answer {success: false, errorMessage} with the error's status (part 2 §8's texts when unexpected).
 */
import type { Hono } from "hono";
import { crmReminderMessages as M, ZCrmReminderIdRequest, ZCrmReminderListRequest, ZSaveCrmReminderRequest } from "../../../domain/crm/reminders.ts";
import { clientIp, errorMessageFailure, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { deleteCrmReminder, listCrmReminders, saveCrmReminder, sendCrmReminder } from "../../../services/crm/reminders.ts";

const CRM_ROLES = ["CRM", "ADMIN"] as const;

export function mountLegacyCrmReminders(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, {
    method: "POST",
    path: "/crm/saveReminder",
    roles: CRM_ROLES,
    input: ZSaveCrmReminderRequest,
    run: (c, { input, user }) => saveCrmReminder(db, { id: user!.id, role: user!.role, ip: clientIp(c) }, input),
    failure: errorMessageFailure(M.saveFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: "/reporting/get-reminders",
    roles: CRM_ROLES,
    input: ZCrmReminderListRequest,
    run: (_c, { input, user }) => listCrmReminders(db, user!, input),
    failure: errorMessageFailure(M.loadFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/send-reminder",
    roles: CRM_ROLES,
    input: ZCrmReminderIdRequest,
    run: (c, { input, user }) => sendCrmReminder(db, { id: user!.id, role: user!.role, ip: clientIp(c) }, input.id),
    failure: errorMessageFailure(M.sendFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: "/reporting/delete-reminder",
    roles: CRM_ROLES,
    input: ZCrmReminderIdRequest,
    run: (c, { input, user }) => deleteCrmReminder(db, { id: user!.id, role: user!.role, ip: clientIp(c) }, input.id),
    failure: errorMessageFailure(M.deleteFailed),
  });
}
