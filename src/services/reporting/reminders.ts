/**
 * Configuring reminders (issue 26; part 2 §2 "Reporting reminders page", §4 "Reminders", §5 "Reminder
 * popup", §7 reporting calls): the table rows of a tab, the popup's save, opt-in, enable/disable, the
 * managers' unsubscriptions and statistics. The group's HR and platform admins call these (the procedures
 * check role, then group). Sending is in ./scheduler.ts.
 */
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import {
  findGroupManager,
  findGroupManagers,
  findGroupReport,
  findGroupReports,
  findOptIns,
  findReminder,
  findReminderFor,
  findReminders,
  findUnsubscriptions,
  insertReminder,
  sendFlagsOf,
  sendStatisticsOf,
  setReminderEnabled,
  updateReminder,
  upsertOptIn,
  type ReminderRow,
} from "../../db/queries/reporting/reminders.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  ALL_USERS,
  HR_EMAILS,
  hrEmailById,
  nextRunAt,
  PLACEHOLDERS,
  reminderMessages,
  scheduleFields,
  statisticsDate,
  validateReminder,
  type AlertStatus,
  type FrequencyType,
  type ReminderType,
  type StatusFilter,
} from "../../domain/reporting/reminders.ts";
import type {
  THrManagersResponse,
  TReminderRow,
  TRemindersResponse,
  TResultResponse,
  TSaveReminderRequest,
  TStatisticsResponse,
  TUnsubscriptionsResponse,
} from "../../domain/reporting/reminders-schemas.ts";

export type Actor = { id: number };
type ManagerChoice = typeof ALL_USERS | number;

/** The opt-in kind of a reminder type (report reminders per report, HR e-mails per HR e-mail). */
export const optInKindOf = (type: ReminderType) => (type === "REPORTING_REMINDER" ? "REPORT" : "HR_EMAIL");
/** The item a reminder is about: its report or its HR e-mail. */
export const itemOf = (r: Pick<ReminderRow, "type" | "report_id" | "hr_email_id">) => (r.type === "REPORTING_REMINDER" ? r.report_id : r.hr_email_id) ?? 0;

/** GET getHrManagers: the group's managers, for the reminders' and the permissions' manager dropdowns. */
export async function hrManagers(db: DB, group: GroupRef): Promise<THrManagersResponse> {
  const managers = await findGroupManagers(db, group.id);
  return { success: true, managers: managers.map((m) => ({ id: m.id, name: `${m.first_name} ${m.last_name}`.trim(), email: m.email })) };
}

async function managerOf(db: DB, group: GroupRef, userId: number) {
  const manager = await findGroupManager(db, group.id, userId);
  if (!manager) throw new AppError("NOT_FOUND", reminderMessages.notManager);
  return manager;
}

/** Whether a manager opted in to an item (no row: opted in). */
export async function optedIn(db: DB, managerId: number, type: ReminderType, itemId: number): Promise<boolean> {
  const rows = await findOptIns(db, [managerId], optInKindOf(type));
  const row = rows.find((r) => r.item_id === itemId);
  return row ? row.opted_in === 1 : true;
}

function defaultTexts(type: ReminderType, name: string) {
  return type === "REPORTING_REMINDER"
    ? { subject: `${name}`, body: `Dear ${PLACEHOLDERS.firstName},\n\nYour report "${name}" is ready: ${PLACEHOLDERS.reportLink}` }
    : { subject: `${name}`, body: `Dear ${PLACEHOLDERS.firstName},\n\nThese assignments need your attention: ${PLACEHOLDERS.hrEmailLink}` };
}

function rowOf(
  group: GroupRef,
  type: ReminderType,
  item: { reportId: number | null; hrEmailId: number | null; name: string },
  userId: ManagerChoice,
  reminder: ReminderRow | undefined,
  inherited: boolean,
  flags: { optedIn: boolean; sent: boolean; previewed: boolean; downloaded: boolean },
): TReminderRow {
  const defaults = defaultTexts(type, item.name);
  return {
    id: reminder?.id ?? null,
    reportId: item.reportId,
    hrEmailId: item.hrEmailId,
    reportName: item.name,
    subject: reminder?.subject ?? defaults.subject,
    body: reminder?.body ?? defaults.body,
    frequencyType: (reminder?.frequency_type as FrequencyType | undefined) ?? null,
    enabled: reminder ? reminder.enabled === 1 : false,
    groupId: group.id,
    userId,
    weekDay: reminder?.week_day ?? null,
    monthDay: reminder?.month_day ?? null,
    alertStatus: (reminder?.alert_status as AlertStatus | undefined) ?? null,
    filterValues: reminder ? (JSON.parse(reminder.filter_values) as Record<string, string>) : {},
    type,
    inherited,
    nextRunAt: reminder && reminder.enabled === 1 ? reminder.next_run_at : null,
    managerOptedIn: flags.optedIn,
    emailSent: flags.sent,
    previewClicked: flags.previewed,
    reportDownloaded: flags.downloaded,
  };
}

function matchesStatus(row: TReminderRow, status: StatusFilter): boolean {
  switch (status) {
    case "ALL":
      return true;
    case "ENABLED":
      return row.id !== null && row.enabled;
    case "DISABLED":
      return row.id !== null && !row.enabled;
    case "NOT_CONFIGURED":
      return row.id === null;
  }
}

async function rowsFor(
  db: DB,
  group: GroupRef,
  type: ReminderType,
  items: { reportId: number | null; hrEmailId: number | null; name: string }[],
  userId: ManagerChoice,
  status: StatusFilter,
): Promise<TRemindersResponse> {
  const manager = userId === ALL_USERS ? null : await managerOf(db, group, userId);
  const keyOf = (r: { report_id: number | null; hr_email_id: number | null }) => (type === "REPORTING_REMINDER" ? r.report_id : r.hr_email_id);
  const own = new Map((await findReminders(db, group.id, type, manager?.id ?? null)).map((r) => [keyOf(r), r]));
  const shared = manager ? new Map((await findReminders(db, group.id, type, null)).map((r) => [keyOf(r), r])) : new Map<number | null, ReminderRow>();
  const optIns = manager ? await findOptIns(db, [manager.id], optInKindOf(type)) : [];
  const flags = manager ? await sendFlagsOf(db, manager.id, group.id, type) : [];
  const rows = items.map((item) => {
    const key = type === "REPORTING_REMINDER" ? item.reportId : item.hrEmailId;
    const mine = own.get(key);
    const reminder = mine ?? shared.get(key);
    const optIn = optIns.find((o) => o.item_id === key);
    const flag = flags.find((f) => (type === "REPORTING_REMINDER" ? f.report_id : f.hr_email_id) === key);
    return rowOf(group, type, item, userId, reminder, !mine && reminder !== undefined, {
      optedIn: optIn ? optIn.opted_in === 1 : true,
      sent: Number(flag?.sent ?? 0) > 0,
      previewed: Number(flag?.previews ?? 0) > 0,
      downloaded: Number(flag?.downloads ?? 0) > 0,
    });
  });
  return { success: true, reminders: rows.filter((r) => matchesStatus(r, status)) };
}

/** GET get-group-report-reminder / get-group-user-report-reminder: a report tab's rows for 'ALL' or one manager. */
export async function reportReminders(db: DB, group: GroupRef, input: { reportType: "BASE" | "OLD" | "CUSTOM"; userId: ManagerChoice; status: StatusFilter }) {
  const reports = await findGroupReports(db, group.id, input.reportType);
  const items = reports.map((r) => ({ reportId: r.id, hrEmailId: null, name: r.display_name ?? r.name }));
  return rowsFor(db, group, "REPORTING_REMINDER", items, input.userId, input.status);
}

/** GET get-group-user-hr-email-reminder: the HR general e-mails' rows for 'ALL' or one manager. */
export async function hrEmailReminders(db: DB, group: GroupRef, input: { userId: ManagerChoice; status: StatusFilter }) {
  const items = HR_EMAILS.map((e) => ({ reportId: null, hrEmailId: e.id, name: e.name }));
  return rowsFor(db, group, "HR_EMAIL_REMINDER", items, input.userId, input.status);
}

/**
 * POST save-reminder: the popup's values (§5 checks), for the group's 'ALL' or one manager. A first save
 * inserts (a parallel first save of the same item and user finds the row and updates it); a save of an
 * existing reminder is a conditional update on its version (a lost race answers CONFLICT).
 */
export async function saveReminder(db: DB, actor: Actor, group: GroupRef, input: TSaveReminderRequest, now = new Date()) {
  const reportId = input.type === "REPORTING_REMINDER" ? (input.reportId ?? null) : null;
  const hrEmailId = input.type === "HR_EMAIL_REMINDER" ? (input.hrEmailId ?? null) : null;
  const errors = validateReminder({ ...input, reportId, hrEmailId });
  const first = Object.values(errors)[0];
  if (first) throw new AppError("VALIDATION", first, errors);
  const report = reportId === null ? null : await findGroupReport(db, group.id, reportId);
  if (reportId !== null && !report) throw new AppError("NOT_FOUND", messages.notFound);
  const userId = input.userId === ALL_USERS ? null : (await managerOf(db, group, input.userId)).id;
  const frequency = input.frequencyType!;
  const schedule = scheduleFields(frequency, input.weekDay, input.monthDay);
  const values = {
    group_id: group.id,
    type: input.type,
    report_id: reportId,
    hr_email_id: hrEmailId,
    user_id: userId,
    subject: input.subject.trim(),
    body: input.body,
    frequency_type: frequency,
    week_day: schedule.weekDay,
    month_day: schedule.monthDay,
    alert_status: input.alertStatus!,
    filter_values: JSON.stringify(input.filterValues),
    enabled: input.enabled ? 1 : 0,
    next_run_at: nextRunAt(frequency, schedule.weekDay, schedule.monthDay, now).toISOString(),
    updated_at: now.toISOString(),
  };
  let existing = input.id ? await findReminder(db, input.id) : await findReminderFor(db, { groupId: group.id, type: input.type, reportId, hrEmailId, userId });
  if (input.id && (!existing || existing.group_id !== group.id)) throw new AppError("NOT_FOUND", messages.notFound);
  let saved: ReminderRow | undefined;
  if (!existing) {
    saved = await insertReminder(db, values, actor.id, now.toISOString());
    if (!saved) existing = await findReminderFor(db, { groupId: group.id, type: input.type, reportId, hrEmailId, userId });
  }
  if (!saved && existing) {
    saved = await updateReminder(db, existing.id, existing.version, values);
    if (!saved) throw new AppError("CONFLICT", reminderMessages.changedMeanwhile);
  }
  if (!saved) throw new AppError("CONFLICT", reminderMessages.genericFailure);
  const name = report ? (report.display_name ?? report.name) : (hrEmailById(hrEmailId ?? 0)?.name ?? "");
  const row = rowOf(group, input.type, { reportId, hrEmailId, name }, userId ?? ALL_USERS, saved, false, { optedIn: true, sent: false, previewed: false, downloaded: false });
  return { success: true, resultMessage: reminderMessages.saved, reminder: row };
}

/** POST /reporting/opt-in: the selected manager's choice for one report or HR e-mail (the last request wins; one row). */
export async function setOptIn(
  db: DB,
  actor: Actor,
  group: GroupRef,
  input: { reportId?: number | undefined; hrEmailId?: number | undefined; managerId: number; optIn: boolean; reportingReminderType: ReminderType },
  now = new Date(),
): Promise<TResultResponse> {
  const manager = await managerOf(db, group, input.managerId);
  const type = input.reportingReminderType;
  let itemId: number;
  if (type === "REPORTING_REMINDER") {
    if (!input.reportId) throw new AppError("VALIDATION", reminderMessages.reportRequired, { reportId: reminderMessages.reportRequired });
    if (!(await findGroupReport(db, group.id, input.reportId))) throw new AppError("NOT_FOUND", messages.notFound);
    itemId = input.reportId;
  } else {
    if (!input.hrEmailId || !hrEmailById(input.hrEmailId)) throw new AppError("VALIDATION", reminderMessages.hrEmailRequired, { hrEmailId: reminderMessages.hrEmailRequired });
    itemId = input.hrEmailId;
  }
  await upsertOptIn(db, { manager_id: manager.id, kind: optInKindOf(type), item_id: itemId, opted_in: input.optIn ? 1 : 0, updated_by: actor.id, updated_at: now.toISOString() });
  return { success: true, resultMessage: reminderMessages.optInSaved };
}

/** A reminder of the group, else NOT_FOUND (another group's id reads as missing). */
export async function reminderOfGroup(db: DB, group: GroupRef, reminderId: number): Promise<ReminderRow> {
  const reminder = await findReminder(db, reminderId);
  if (!reminder || reminder.group_id !== group.id) throw new AppError("NOT_FOUND", messages.notFound);
  return reminder;
}

/**
 * POST update-reminder-status: enables or disables a reminder (§4: a manager's reminder whose manager opted
 * out cannot be toggled). Enabling schedules the next run from now. Repeating it changes nothing.
 */
export async function updateReminderStatus(db: DB, group: GroupRef, input: { reminderId: number; enabled: boolean }, now = new Date()): Promise<TResultResponse> {
  const reminder = await reminderOfGroup(db, group, input.reminderId);
  if (reminder.user_id !== null && !(await optedIn(db, reminder.user_id, reminder.type as ReminderType, itemOf(reminder)))) {
    throw new AppError("CONFLICT", reminderMessages.managerOptedOut);
  }
  const next = nextRunAt(reminder.frequency_type as FrequencyType, reminder.week_day, reminder.month_day, now).toISOString();
  await setReminderEnabled(db, reminder.id, input.enabled, now.toISOString(), next);
  return { success: true, resultMessage: reminderMessages.statusSaved };
}

/** GET load-manager-unsubscriptions-data: what the manager unsubscribed from through mail links. */
export async function managerUnsubscriptions(db: DB, group: GroupRef, managerId: number): Promise<TUnsubscriptionsResponse> {
  const manager = await managerOf(db, group, managerId);
  const rows = await findUnsubscriptions(db, [manager.id]);
  const reports = [];
  for (const row of rows) {
    if (row.report_id === null) continue;
    const report = await findGroupReport(db, group.id, row.report_id);
    reports.push({ reportId: row.report_id, reportName: report ? (report.display_name ?? report.name) : "", unsubscribedAt: statisticsDate(row.created_at)! });
  }
  return { success: true, unsubscribeFromAllReports: rows.some((r) => r.scope === "all"), reportsUnsubscribedFrom: reports };
}

/** GET load-manager-statistics-data: per reminder, mails sent to the manager, previews and downloads (YYYY-MM-DD HH:mm). */
export async function managerStatistics(db: DB, group: GroupRef, managerId: number): Promise<TStatisticsResponse> {
  const manager = await managerOf(db, group, managerId);
  const rows = await sendStatisticsOf(db, manager.id, group.id);
  return {
    success: true,
    reportingReminderStatisticsDTOs: rows.map((r) => ({
      reminderId: r.reminderId,
      type: r.type as ReminderType,
      reportId: r.report_id,
      hrEmailId: r.hr_email_id,
      reportName: r.reportName ?? hrEmailById(r.hr_email_id ?? 0)?.name ?? "",
      emailsSent: Number(r.sent),
      lastSent: statisticsDate(r.lastSent as string | null),
      previewClicked: Number(r.previews),
      lastPreviewClicked: statisticsDate(r.lastPreview as string | null),
      reportDownloaded: Number(r.downloads),
      lastDownloaded: statisticsDate(r.lastDownload as string | null),
    })),
  };
}
