/**
 * The reporting room: report and HR e-mail reminders, opt-in, statistics, unsubscribe (issue 26; part 2 §7
 * "Reporting"). Procedures over src/services/reporting/ (reminders.ts configures, scheduler.ts sends,
 * unsubscribe.ts unsubscribes); the documented paths are in ./legacy/reminders.ts. The group's HR and platform
 * admins configure (role, then group); unsubscribing is public (the signed token is the authority).
 */
import {
  ZGroupReportRemindersRequest,
  ZGroupRequest,
  ZGroupUserHrEmailRemindersRequest,
  ZGroupUserReportRemindersRequest,
  ZHrManagersResponse,
  ZManagerDataRequest,
  ZOptInRequest,
  ZRemindersResponse,
  ZResultResponse,
  ZSaveReminderRequest,
  ZSaveReminderResponse,
  ZSendGroupReminderNowRequest,
  ZSendReminderNowRequest,
  ZSendResponse,
  ZStatisticsResponse,
  ZUnsubscribeInfoRequest,
  ZUnsubscribeInfoResponse,
  ZUnsubscribeRequest,
  ZUnsubscribeResponse,
  ZUnsubscriptionsResponse,
  ZUpdateReminderStatusRequest,
} from "../../domain/reporting/reminders-schemas.ts";
import {
  hrEmailReminders,
  hrManagers,
  managerStatistics,
  managerUnsubscriptions,
  reportReminders,
  saveReminder,
  setOptIn,
  updateReminderStatus,
} from "../../services/reporting/reminders.ts";
import { sendGroupReminderNow, sendReminderNow } from "../../services/reporting/scheduler.ts";
import { unsubscribeFromReporting, unsubscribeInfo } from "../../services/reporting/unsubscribe.ts";
import { groupProcedure, publicProcedure, router, sync } from "../../trpc.ts";

const configure = groupProcedure("HR", "ADMIN");

export const reportRemindersRouter = router({
  /** GET /reporting/getHrManagers: the group's managers (reminders' and permissions' dropdowns). */
  getHrManagers: configure.input(sync(ZGroupRequest)).output(sync(ZHrManagersResponse)).query(({ ctx }) => hrManagers(ctx.db, ctx.group)),
  /** GET /reporting/get-group-report-reminder: the group's ('ALL') reminders of a report tab. */
  groupReportReminders: configure
    .input(sync(ZGroupReportRemindersRequest))
    .output(sync(ZRemindersResponse))
    .query(({ ctx, input }) => reportReminders(ctx.db, ctx.group, { ...input, userId: "ALL" })),
  /** GET /reporting/get-group-user-report-reminder: a manager's (or 'ALL') reminders of a report tab. */
  groupUserReportReminders: configure
    .input(sync(ZGroupUserReportRemindersRequest))
    .output(sync(ZRemindersResponse))
    .query(({ ctx, input }) => reportReminders(ctx.db, ctx.group, input)),
  /** GET /reporting/get-group-user-hr-email-reminder: a manager's (or 'ALL') HR general e-mail reminders. */
  groupUserHrEmailReminders: configure
    .input(sync(ZGroupUserHrEmailRemindersRequest))
    .output(sync(ZRemindersResponse))
    .query(({ ctx, input }) => hrEmailReminders(ctx.db, ctx.group, input)),
  /** POST /reporting/save-reminder. */
  saveReminder: configure
    .input(sync(ZSaveReminderRequest))
    .output(sync(ZSaveReminderResponse))
    .mutation(({ ctx, input }) => saveReminder(ctx.db, ctx.user, ctx.group, input)),
  /** POST /reporting/opt-in. */
  optIn: configure.input(sync(ZOptInRequest)).output(sync(ZResultResponse)).mutation(({ ctx, input }) => setOptIn(ctx.db, ctx.user, ctx.group, input)),
  /** POST /reporting/update-reminder-status. */
  updateReminderStatus: configure
    .input(sync(ZUpdateReminderStatusRequest))
    .output(sync(ZResultResponse))
    .mutation(({ ctx, input }) => updateReminderStatus(ctx.db, ctx.group, input)),
  /** POST /reporting/send-reminder-now. */
  sendReminderNow: configure
    .input(sync(ZSendReminderNowRequest))
    .output(sync(ZSendResponse))
    .mutation(({ ctx, input }) => sendReminderNow({ db: ctx.db, config: ctx.config, mailer: ctx.mailer }, ctx.group, input)),
  /** POST /reporting/send-group-reminder-now. */
  sendGroupReminderNow: configure
    .input(sync(ZSendGroupReminderNowRequest))
    .output(sync(ZSendResponse))
    .mutation(({ ctx, input }) => sendGroupReminderNow({ db: ctx.db, config: ctx.config, mailer: ctx.mailer }, ctx.group, input)),
  /** GET /reporting/load-manager-unsubscriptions-data. */
  managerUnsubscriptions: configure
    .input(sync(ZManagerDataRequest))
    .output(sync(ZUnsubscriptionsResponse))
    .query(({ ctx, input }) => managerUnsubscriptions(ctx.db, ctx.group, input.managerId)),
  /** GET /reporting/load-manager-statistics-data. */
  managerStatistics: configure
    .input(sync(ZManagerDataRequest))
    .output(sync(ZStatisticsResponse))
    .query(({ ctx, input }) => managerStatistics(ctx.db, ctx.group, input.managerId)),
  /** The unsubscribe page: whether its token is genuine and the report it names. */
  unsubscribeInfo: publicProcedure
    .input(sync(ZUnsubscribeInfoRequest))
    .output(sync(ZUnsubscribeInfoResponse))
    .query(({ ctx, input }) => unsubscribeInfo(ctx.db, ctx.config, input.tokenKey)),
  /** POST /unsubscribe/reporting. */
  unsubscribe: publicProcedure
    .input(sync(ZUnsubscribeRequest))
    .output(sync(ZUnsubscribeResponse))
    .mutation(({ ctx, input }) => unsubscribeFromReporting(ctx.db, ctx.config, input)),
});
