/**
 * The crm room: CRM reminders (issue 26; part 2 §2 "Reminders admin table (get-reminders)", §3, §7
 * saveReminder, send-reminder, delete-reminder, get-reminders). CRM agents and administrators only.
 * Procedures over src/services/crm/reminders.ts; the documented paths are in ./legacy/reminders.ts.
 */
import {
  ZCrmReminderActionResponse,
  ZCrmReminderIdRequest,
  ZCrmReminderListRequest,
  ZCrmReminderListResponse,
  ZCrmReminderMoveSearchRequest,
  ZCrmReminderMoveSearchResponse,
  ZCrmReminderOwnersResponse,
  ZSaveCrmReminderRequest,
} from "../../domain/crm/reminders.ts";
import { crmReminderOwners, deleteCrmReminder, listCrmReminders, saveCrmReminder, searchReminderMoves, sendCrmReminder } from "../../services/crm/reminders.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const crm = () => roleProcedure("CRM", "ADMIN");

export const crmRemindersRouter = router({
  /** The reminders table (filters: employee, move, owner, status, due range). Reads only. */
  list: crm()
    .input(sync(ZCrmReminderListRequest))
    .output(sync(ZCrmReminderListResponse))
    .query(({ ctx, input }) => listCrmReminders(ctx.db, ctx.user, input)),

  /** The owners a reminder may have (CRM agents, administrators). Reads only. */
  owners: crm()
    .output(sync(ZCrmReminderOwnersResponse))
    .query(({ ctx }) => crmReminderOwners(ctx.db, ctx.user)),

  /** The form's employee and move search. Reads only. */
  moves: crm()
    .input(sync(ZCrmReminderMoveSearchRequest))
    .output(sync(ZCrmReminderMoveSearchResponse))
    .query(({ ctx, input }) => searchReminderMoves(ctx.db, ctx.user, input.query)),

  /** POST /crm/saveReminder: a new reminder. */
  save: crm()
    .input(sync(ZSaveCrmReminderRequest))
    .output(sync(ZCrmReminderActionResponse))
    .mutation(({ ctx, input }) => saveCrmReminder(ctx.db, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, input)),

  /** POST send-reminder: sends it to its owner now (once; parallel sends: one, the rest CONFLICT). */
  send: crm()
    .input(sync(ZCrmReminderIdRequest))
    .output(sync(ZCrmReminderActionResponse))
    .mutation(({ ctx, input }) => sendCrmReminder(ctx.db, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, input.id)),

  /** POST delete-reminder: takes it off the table (once; parallel deletes: one, the rest CONFLICT). */
  delete: crm()
    .input(sync(ZCrmReminderIdRequest))
    .output(sync(ZCrmReminderActionResponse))
    .mutation(({ ctx, input }) => deleteCrmReminder(ctx.db, { id: ctx.user.id, role: ctx.user.role, ip: ctx.ip }, input.id)),
});
