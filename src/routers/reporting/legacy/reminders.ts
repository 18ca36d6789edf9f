/**
 * Documented reporting paths: report and HR e-mail reminders, opt-in, statistics, unsubscribe (issue 26; part 2
 * §7 "Reporting": POST /reporting/opt-in, update-reminder-status, send-reminder-now, send-group-reminder-now,
 * save-reminder; GET load-manager-unsubscriptions-data, load-manager-statistics-data,
 * get-group-user-report-reminder, get-group-user-hr-email-reminder, get-group-report-reminder, getHrManagers;
 * POST /unsubscribe/reporting). Relative calls are under /reporting/ (DESIGN.md). Same services and schemas as
 * src/routers/reporting/reminders.ts, through legacyRoute: role first (HR, ADMIN), then the group (the request's
 * `group`; HR may leave it out for their own), then the fields. Failures answer `{ success: false,
 * resultMessage, errorMessage }` (+ per-field messages), with "Error loading reminders" or the §8 generic text
 * for the unexpected.
 *
 * Unsubscribing is public and happens only on POST: the page's form (tokenKey, fromAllReports, reportId) or a
 * mail client's RFC 8058 one-click POST to the List-Unsubscribe URL (`?token=` with the body
 * `List-Unsubscribe=One-Click`). The mail's report link: GET /reporting/reminder-report?t= shows a page and
 * changes nothing; its buttons POST /reporting/reminder-report/preview and /download (recorded for statistics).
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import {
  ZGroupUserHrEmailRemindersRequest,
  ZGroupUserReportRemindersRequest,
  ZManagerDataRequest,
  ZOptInRequest,
  ZSaveReminderRequest,
  ZSendGroupReminderNowRequest,
  ZSendReminderNowRequest,
  ZUnsubscribeRequest,
  ZUpdateReminderStatusRequest,
} from "../../../domain/reporting/reminders-schemas.ts";
import { reminderMessages } from "../../../domain/reporting/reminders.ts";
import { escapeHtml } from "../../../domain/mail/render.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { failureText, legacyRoute, readFields, parseFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import {
  hrEmailReminders,
  hrManagers,
  managerStatistics,
  managerUnsubscriptions,
  reportReminders,
  saveReminder,
  setOptIn,
  updateReminderStatus,
} from "../../../services/reporting/reminders.ts";
import { downloadReminderReport, previewReminderReport, reminderLinkInfo } from "../../../services/reporting/reminders-links.ts";
import { sendGroupReminderNow, sendReminderNow } from "../../../services/reporting/scheduler.ts";
import { unsubscribeFromReporting } from "../../../services/reporting/unsubscribe.ts";
import { mailerFor } from "../../../trpc.ts";
import type { DB } from "../../../db/index.ts";

const BASE = "/reporting";
const CONFIGURE = ["HR", "ADMIN"] as const;
const ZOptionalGroup = z.object({ group: z.string().trim().min(1).max(64).optional() });

/** The shared schemas with `group` optional (HR defaults to their own group). */
export const ZLegacyGroup = ZOptionalGroup;
export const ZLegacyGroupReportReminders = ZGroupUserReportRemindersRequest.omit({ userId: true }).extend(ZOptionalGroup.shape);
export const ZLegacyGroupUserReportReminders = ZGroupUserReportRemindersRequest.extend(ZOptionalGroup.shape);
export const ZLegacyGroupUserHrEmailReminders = ZGroupUserHrEmailRemindersRequest.extend(ZOptionalGroup.shape);
export const ZLegacySaveReminder = ZSaveReminderRequest.extend(ZOptionalGroup.shape);
export const ZLegacyOptIn = ZOptInRequest.extend(ZOptionalGroup.shape);
export const ZLegacyUpdateReminderStatus = ZUpdateReminderStatusRequest.extend(ZOptionalGroup.shape);
export const ZLegacySendReminderNow = ZSendReminderNowRequest.extend(ZOptionalGroup.shape);
export const ZLegacySendGroupReminderNow = ZSendGroupReminderNowRequest.extend(ZOptionalGroup.shape);
export const ZLegacyManagerData = ZManagerDataRequest.extend(ZOptionalGroup.shape);
export const ZLegacyUnsubscribe = ZUnsubscribeRequest;
export const ZReminderLinkRequest = z.object({ t: z.string().trim().min(1).max(512) });

/** The request's group as `groupProcedure("HR", "ADMIN")` resolves it (HR without `group`: their own). */
async function groupOf(db: DB, user: SessionUser, name: string | undefined) {
  const groupName = name ?? (user.role === "HR" ? user.groupName : null);
  if (!groupName) throw new AppError("VALIDATION", reminderMessages.selectGroupFirst, { group: reminderMessages.selectGroupFirst });
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}

/** `{ success: false, resultMessage, errorMessage }` (+ fields): an AppError's own text, else the call's fallback. */
function failure(fallback: string) {
  return (error: unknown) => {
    const { fields } = publicError(error);
    const text = failureText(error, fallback);
    return { success: false, resultMessage: text, errorMessage: text, ...(fields ? { fields } : {}) };
  };
}

const page = (title: string, body: string) =>
  new Response(
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>` +
      `<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`,
    { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } },
  );

export function mountLegacyReportingReminders(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const sendDeps = { db, config, mailer: mailerFor(config) };
  const loadFailure = failure(reminderMessages.loadFailed);
  const writeFailure = failure(reminderMessages.genericFailure);
  const group = (user: SessionUser | null, input: { group?: string | undefined }) => groupOf(db, user!, input.group);

  legacyRoute(app, {
    method: "GET", path: `${BASE}/getHrManagers`, roles: CONFIGURE, input: ZLegacyGroup, failure: loadFailure,
    run: async (_c, { input, user }) => hrManagers(db, await group(user, input)),
  });
  legacyRoute(app, {
    method: "GET", path: `${BASE}/get-group-report-reminder`, roles: CONFIGURE, input: ZLegacyGroupReportReminders, failure: loadFailure,
    run: async (_c, { input, user }) => reportReminders(db, await group(user, input), { ...input, userId: "ALL" }),
  });
  legacyRoute(app, {
    method: "GET", path: `${BASE}/get-group-user-report-reminder`, roles: CONFIGURE, input: ZLegacyGroupUserReportReminders, failure: loadFailure,
    run: async (_c, { input, user }) => reportReminders(db, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "GET", path: `${BASE}/get-group-user-hr-email-reminder`, roles: CONFIGURE, input: ZLegacyGroupUserHrEmailReminders, failure: loadFailure,
    run: async (_c, { input, user }) => hrEmailReminders(db, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/save-reminder`, roles: CONFIGURE, input: ZLegacySaveReminder, failure: writeFailure,
    run: async (_c, { input, user }) => {
      const g = await group(user, input);
      return saveReminder(db, user!, g, { ...input, group: g.name });
    },
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/opt-in`, roles: CONFIGURE, input: ZLegacyOptIn, failure: writeFailure,
    run: async (_c, { input, user }) => setOptIn(db, user!, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/update-reminder-status`, roles: CONFIGURE, input: ZLegacyUpdateReminderStatus, failure: writeFailure,
    run: async (_c, { input, user }) => updateReminderStatus(db, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/send-reminder-now`, roles: CONFIGURE, input: ZLegacySendReminderNow, failure: writeFailure,
    run: async (_c, { input, user }) => sendReminderNow(sendDeps, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/send-group-reminder-now`, roles: CONFIGURE, input: ZLegacySendGroupReminderNow, failure: writeFailure,
    run: async (_c, { input, user }) => sendGroupReminderNow(sendDeps, await group(user, input), input),
  });
  legacyRoute(app, {
    method: "GET", path: `${BASE}/load-manager-unsubscriptions-data`, roles: CONFIGURE, input: ZLegacyManagerData, failure: failure(reminderMessages.unableToDisplay),
    run: async (_c, { input, user }) => managerUnsubscriptions(db, await group(user, input), input.managerId),
  });
  legacyRoute(app, {
    method: "GET", path: `${BASE}/load-manager-statistics-data`, roles: CONFIGURE, input: ZLegacyManagerData, failure: failure(reminderMessages.unableToDisplay),
    run: async (_c, { input, user }) => managerStatistics(db, await group(user, input), input.managerId),
  });

  // POST /unsubscribe/reporting: the page's form or JSON, or a mail client's one-click POST (RFC 8058).
  legacyRoute(app, {
    method: "POST",
    path: "/unsubscribe/reporting",
    failure: (error: unknown) => ({ success: false, fromAllReports: false, resultMessage: failureText(error, reminderMessages.unsubscribeFailed) }),
    run: async (c: Context<AppEnv>) => {
      const fields = await readFields(c);
      const oneClick = fields["List-Unsubscribe"] === "One-Click";
      const input = parseFields(ZLegacyUnsubscribe, {
        ...(oneClick ? {} : fields),
        tokenKey: (oneClick ? undefined : fields["tokenKey"]) ?? c.req.query("token") ?? "",
      });
      return unsubscribeFromReporting(db, config, input);
    },
  });

  // The mail's report link: a page (GET, no state change) whose buttons POST.
  legacyRoute(app, {
    method: "GET", path: `${BASE}/reminder-report`, input: ZReminderLinkRequest,
    failure: (error: unknown) => ({ success: false, errorMessage: failureText(error, reminderMessages.genericFailure) }),
    run: async (_c, { input }) => {
      const info = await reminderLinkInfo(db, config, input.t);
      const token = escapeHtml(input.t);
      return page(
        info.reportName,
        `<p>Hello ${escapeHtml(info.firstName)}, this is your report as of now.</p>` +
          `<form method="post" action="${BASE}/reminder-report/preview"><input type="hidden" name="t" value="${token}"><button type="submit">Preview the report</button></form>` +
          `<form method="post" action="${BASE}/reminder-report/download"><input type="hidden" name="t" value="${token}"><button type="submit">Download CSV</button></form>`,
      );
    },
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/reminder-report/preview`, input: ZReminderLinkRequest,
    failure: (error: unknown) => ({ success: false, errorMessage: failureText(error, reminderMessages.genericFailure) }),
    run: async (_c, { input }) => {
      const preview = await previewReminderReport(db, config, input.t);
      const head = `<tr>${preview.columns.map((c) => `<th scope="col">${escapeHtml(c)}</th>`).join("")}</tr>`;
      const rows = preview.rows.map((r) => `<tr>${r.map((v) => `<td>${escapeHtml(v)}</td>`).join("")}</tr>`).join("");
      return page(
        preview.reportName,
        `<p>${preview.count} ${preview.count === 1 ? "row" : "rows"}${preview.count > preview.rows.length ? ` (the first ${preview.rows.length} shown)` : ""}.</p>` +
          `<table><caption>${escapeHtml(preview.reportName)}</caption><thead>${head}</thead><tbody>${rows}</tbody></table>` +
          `<form method="post" action="${BASE}/reminder-report/download"><input type="hidden" name="t" value="${escapeHtml(input.t)}"><button type="submit">Download CSV</button></form>`,
      );
    },
  });
  legacyRoute(app, {
    method: "POST", path: `${BASE}/reminder-report/download`, input: ZReminderLinkRequest,
    failure: (error: unknown) => ({ success: false, errorMessage: failureText(error, reminderMessages.genericFailure) }),
    run: async (_c, { input }) => downloadReminderReport(db, config, input.t),
  });
}
