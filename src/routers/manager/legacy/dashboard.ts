/**
 * The manager dashboard's documented paths (issue 15; part 1 §7):
 * - GET /{group}/managerDashboardBody?filters&cache&page&numberOfRows (plus sort, dir) → the HTML fragment
 *   (src/domain/manager/dashboard/html.ts), `Cache-Control: no-store`; a failure answers a small HTML error
 *   fragment with the error's status and the §8 generic text for anything unexpected.
 * - POST /{group}/addEmployeeNote (uid, mid, notes; form or JSON) → { success: true, note }; a failure
 *   answers { success: false, error } with the error's status.
 * Both parse with the `dashboard.*` procedures' schemas and call the same service (src/services/manager/dashboard.ts).
 */
import type { Context, Hono } from "hono";
import { renderDashboardHtml } from "../../../domain/manager/dashboard/html.ts";
import { ZAddNoteRequest, ZDashboardRequest } from "../../../domain/manager/dashboard/schemas.ts";
import { escapeHtml } from "../../../domain/mail/render.ts";
import { decodeComponent } from "../../../domain/text.ts";
import { clientIp, failureText, httpStatusOf, legacyRoute, legacyUser, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { addEmployeeNote, DASHBOARD_ROLES, dashboardGroup, dashboardRows } from "../../../services/manager/dashboard.ts";

/** part 1 §8 "Generic request failure". */
export const GENERIC_FAILURE =
  "There was an issue processing your request. Please contact customer support or your Client Success Manager in order to ensure prompt resolution.";

type C = Context<AppEnv>;
const groupParam = (c: C) => decodeComponent(c.req.param("group") ?? "") ?? "";

export function mountLegacyDashboard(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, "GET", "/:group/managerDashboardBody", async (c) => {
    try {
      const user = legacyUser(c);
      const input = parseFields(ZDashboardRequest, { ...c.req.query(), group: groupParam(c) });
      const group = await dashboardGroup(db, input.group);
      const result = await dashboardRows(db, user, group, input);
      return c.html(renderDashboardHtml(group.name, result), 200, { "Cache-Control": "no-store" });
    } catch (error) {
      logUnexpected("/:group/managerDashboardBody", error);
      const text = escapeHtml(failureText(error, GENERIC_FAILURE));
      return c.html(`<div class="manager-dashboard-error" role="alert">${text}</div>`, httpStatusOf(error) as 400, { "Cache-Control": "no-store" });
    }
  }, (error) => ({ success: false, error: failureText(error, GENERIC_FAILURE) }));

  legacyRoute(app, "POST", "/:group/addEmployeeNote", async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZAddNoteRequest, { ...(await readFields(c)), group: groupParam(c) });
    const group = await dashboardGroup(db, input.group);
    return addEmployeeNote(db, { user, ip: clientIp(c) }, group, input);
  }, (error) => ({ success: false, error: failureText(error, GENERIC_FAILURE) }), DASHBOARD_ROLES);
}
