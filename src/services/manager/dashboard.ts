/**
 * The manager dashboard (issue 15; part 1 §2, §3, §7): `dashboardRows` serves both `dashboard.rows` and
 * GET /{group}/managerDashboardBody (rendered by src/domain/manager/dashboard/html.ts); `addEmployeeNote` serves both
 * `dashboard.addNote` and POST /{group}/addEmployeeNote.
 *
 * Who: HR of the group, ADMIN, and a MANAGER of the group whose dashboard restriction is ON (part 1 §3
 * "dashboardRestriction (ON or OFF)": ON gives the dashboard; a manager without a restrictions row has the
 * default OFF). Another group: 403. A manager's rows are limited IN SQL by `restrictMoves`; a manager may
 * only note a move they can see (anything else is the same 404 as an unknown move).
 *
 * Speed (issue 15): one statement for the manager's access and rules and the group's data version, then the page
 * and the count in parallel; the count comes from a cache validated by the group's data version
 * (src/db/queries/manager/dashboard.ts), so a request after any committed change of the group's moves counts again. The `cache` parameter stays the client's
 * cache-buster: nothing the client sends decides whether the count is reused.
 *
 * Notes (issue 24 §4): a MANAGER's note is their own (move_manager_notes, one per move and manager, through
 * `writeManagerNote`, src/services/manager/manager-move.ts), stored apart from HR's private notes, which a manager's save
 * never touches; the manager's rows show their own note. For HR and ADMIN the note is the move's HR note
 * (move_hr_notes, shared with the employee file) through `writeHrNotes`. Both writes lock the move row and
 * write one audit row per applied change, so 50 parallel identical notes leave one note and one audit row, and
 * every request answers success.
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { countDashboardRowsCached, dashboardAccessRead, findDashboardRows, findVisibleMove } from "../../db/queries/manager/dashboard.ts";
import { managerReadSettingsOf, scopeOfManager, type ManagerReadSettings, type RestrictionScope } from "../../db/queries/restrictions.ts";
import { dashboardMessages, type TAddNoteRequest, type TAddNoteResponse, type TDashboardRequest, type TDashboardResponse } from "../../domain/manager/dashboard/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import type { SessionUser } from "../identity/auth.ts";
import { writeHrNotes } from "../moves/employee-file/notes.ts";
import { writeManagerNote } from "./manager-move.ts";
import type { EmployeeFileActor, GroupLike } from "../moves/employee-file/access.ts";

/** The URL's group for a legacy handler (the tRPC procedures get it from groupProcedure). */
export async function dashboardGroup(db: DB, name: string): Promise<GroupLike> {
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  return { id: group.id, name: group.name };
}

/** Who may use a group's dashboard (the legacy paths check it before the request is read). */
export const DASHBOARD_ROLES: Role[] = ["HR", "ADMIN", "MANAGER"];

/** Checks the caller's role and group for the group's dashboard (before any read). */
function checkDashboardCaller(user: SessionUser, group: GroupLike): void {
  if (!DASHBOARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
}

/** A manager's scope from their settings, or the refusal when their dashboard is OFF. */
function managerDashboardScope(user: SessionUser, settings: ManagerReadSettings): RestrictionScope {
  if (settings.dashboard !== "ON") throw new AppError("FORBIDDEN", dashboardMessages.notAllowed);
  return scopeOfManager(user.id, settings);
}

/** Checks the caller may use the group's dashboard; answers their restriction scope (null for HR and ADMIN). */
export async function dashboardScope(db: DB, user: SessionUser, group: GroupLike): Promise<RestrictionScope> {
  checkDashboardCaller(user, group);
  if (user.role !== "MANAGER") return null;
  // One read: the dashboard switch, the view mode and the geographic rules (the scope carries the rules).
  return managerDashboardScope(user, await managerReadSettingsOf(db, user.id));
}

export async function dashboardRows(db: DB, user: SessionUser, group: GroupLike, input: TDashboardRequest): Promise<TDashboardResponse> {
  checkDashboardCaller(user, group);
  // One statement: a manager's settings (switch, view mode, rules) and the group's data version (harmless if the
  // caller is then refused): the count is served from the count cache only when it was counted at this version
  // (src/db/queries/manager/dashboard.ts).
  const { settings, version } = await dashboardAccessRead(db, group.id, user.role === "MANAGER" ? user.id : null);
  const scope = settings === null ? null : managerDashboardScope(user, settings);
  const query = {
    groupId: group.id,
    scope,
    filters: input.filters,
    sort: input.sort,
    dir: input.dir,
    limit: input.numberOfRows,
    offset: input.page * input.numberOfRows,
  };
  const [rows, { total }] = await Promise.all([findDashboardRows(db, query), countDashboardRowsCached(db, query, version)]);
  return {
    rows: rows.map((r) => ({
      id: r.employee_user_id,
      moveId: r.move_id,
      firstName: r.first_name,
      lastName: r.last_name,
      moveStatus: r.status,
      numberOfMoveStages: Number(r.move_stages_count),
      currentMoveStageId: Number(r.current_move_stage),
      assignmentEndDate: r.assignment_end_date,
      note: r.notes_text ?? null,
      // The move's latest extension or end of assignment (assignment_actions).
      newEndDate: r.new_end_date ?? null,
      extensionReason: r.action_kind === "EXTEND" ? (r.action_reason ?? null) : null,
      endAssignmentReason: r.action_kind === "END" ? (r.action_reason ?? null) : null,
    })),
    total,
    page: input.page,
    numberOfRows: input.numberOfRows,
    pages: Math.ceil(total / input.numberOfRows),
    sort: input.sort,
    dir: input.dir,
    filters: input.filters,
  };
}

export async function addEmployeeNote(db: DB, actor: EmployeeFileActor, group: GroupLike, input: TAddNoteRequest, now = new Date()): Promise<TAddNoteResponse> {
  const scope = await dashboardScope(db, actor.user, group);
  const move = await findVisibleMove(db, group.id, scope, { userId: input.uid, moveId: input.mid });
  if (!move) throw new AppError("NOT_FOUND", wizardMessages.moveNotFound);
  if (actor.user.role === "MANAGER") {
    const saved = await writeManagerNote(db, actor, move, input.notes, now);
    return { success: true, note: saved.notesText };
  }
  const saved = await writeHrNotes(db, actor, move, { notesText: input.notes }, now);
  return { success: true, note: saved.notes.notesText };
}
