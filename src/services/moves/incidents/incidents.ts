/**
 * Incidents (issue 15; part 1 §6 "Administrators: … incident counts", §7 "GET
 * /api/admin/incidents/open-incidents-count (openIncidents, openEscalatedIncidents)"). Both transports call
 * these (src/routers/moves/incidents.ts, src/routers/moves/legacy/incidents.ts).
 *
 * Who:
 * - raise, escalate, close: HR of the group, ADMIN, and a MANAGER of the group whose creation restriction is
 *   CREATE (as extend/end assignments); the move must be one the caller sees (a manager through the shared
 *   SQL helper src/db/queries/restrictions.ts). An invisible move or incident answers like a missing one.
 * - listForMove: HR, ADMIN and managers of the group who see the move (VIEW managers read, do not write).
 * - count: ADMIN for every group or `groupName`; HR for their own group only; everyone else 403.
 *
 * Writes: one transaction each with its audit row (entity `incident`: actor, old, new). Escalate and close
 * are conditional updates (`… where status = 'OPEN' and escalated = 0`, `… where status = 'OPEN'`) checked
 * by the affected row count, so N parallel identical requests give one effect; the others are refused
 * with a CONFLICT saying why (already escalated, already closed), never a 500.
 */
import type { DB } from "../../../db/index.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { countOpenIncidents, findIncident, findMoveIncidents, type IncidentRow } from "../../../db/queries/moves/incidents.ts";
import { restrictionScopeOf, restrictMoves } from "../../../db/queries/restrictions.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import {
  incidentMessages as M,
  escalateRefusal,
  type TCountRequest,
  type TCountResponse,
  type TIncident,
  type TIncidentListResponse,
  type TRaiseRequest,
} from "../../../domain/moves/incidents/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { notifyIncident } from "../../identity/notifications/events.ts";

export type Actor = { user: SessionUser; ip: string | null };
type Group = Pick<GroupRef, "id">;

/** The most incidents a move's list shows. */
export const MOVE_INCIDENTS_LIMIT = 200;

const READ_ROLES = ["HR", "ADMIN", "MANAGER"] as const;

function requireReader(user: SessionUser, group: Group) {
  if (!(READ_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
}

/** May the caller raise, escalate and close incidents in the group (role and, for a manager, creation CREATE)? */
async function mayWrite(db: DB, user: SessionUser, group: Group): Promise<boolean> {
  if (!canActInGroup(user, group.id)) return false;
  if (user.role === "HR" || user.role === "ADMIN") return true;
  if (user.role !== "MANAGER") return false;
  const row = await db.selectFrom("manager_restrictions").select("creation_restriction").where("user_id", "=", user.id).executeTakeFirst();
  return row?.creation_restriction === "CREATE";
}

async function requireWriter(db: DB, user: SessionUser, group: Group) {
  requireReader(user, group);
  if (!(await mayWrite(db, user, group))) throw new AppError("FORBIDDEN", messages.forbidden);
}

/** The group's move the caller sees (a manager within their restrictions), or NOT_FOUND. */
async function visibleMove(db: DB, user: SessionUser, group: Group, moveId: number) {
  const scope = await restrictionScopeOf(db, user);
  const move = await restrictMoves(
    db.selectFrom("moves as m").select(["m.id", "m.employee_user_id", "m.group_id"]).where("m.id", "=", moveId).where("m.group_id", "=", group.id),
    scope,
    "m",
  ).executeTakeFirst();
  if (!move) throw new AppError("NOT_FOUND", M.moveNotFound, { moveId: M.moveNotFound });
  return move;
}

/** The group's incident the caller sees (on a move they see), or NOT_FOUND. */
async function visibleIncident(db: DB, user: SessionUser, group: Group, incidentId: number): Promise<IncidentRow> {
  const incident = await findIncident(db, incidentId);
  if (!incident || incident.group_id !== group.id) throw new AppError("NOT_FOUND", M.notFound, { incidentId: M.notFound });
  if (incident.move_id !== null) {
    try {
      await visibleMove(db, user, group, incident.move_id);
    } catch {
      throw new AppError("NOT_FOUND", M.notFound, { incidentId: M.notFound });
    }
  }
  return incident;
}

function toIncident(r: IncidentRow): TIncident {
  const raisedBy = r.raiser_first_name == null ? null : `${r.raiser_first_name} ${r.raiser_last_name ?? ""}`.trim();
  return {
    id: r.id,
    moveId: r.move_id,
    employeeId: r.employee_user_id,
    kind: r.kind,
    title: r.title,
    description: r.description,
    status: r.status,
    escalated: r.escalated === 1,
    escalatedAt: r.escalated_at,
    closedAt: r.closed_at,
    raisedBy,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version,
  };
}

function audit(trx: DB, actor: Actor, groupId: number, incidentId: number, action: string, oldValues: unknown, newValues: unknown, at: string) {
  return insertAudit(trx, { actorUserId: actor.user.id, groupId, entity: "incident", entityId: incidentId, action, oldValues, newValues, ip: actor.ip, at });
}

/** incidents.listForMove: a move's incidents, newest first, and whether the caller may raise, escalate and close. */
export async function listMoveIncidents(db: DB, user: SessionUser, group: Group, moveId: number): Promise<TIncidentListResponse> {
  requireReader(user, group);
  const move = await visibleMove(db, user, group, moveId);
  const [rows, canWrite] = await Promise.all([findMoveIncidents(db, { groupId: group.id, moveId: move.id, limit: MOVE_INCIDENTS_LIMIT }), mayWrite(db, user, group)]);
  return { incidents: rows.map(toIncident), canWrite };
}

/** incidents.raise: a new OPEN incident on a move of the group. */
export async function raiseIncident(db: DB, actor: Actor, group: Group, input: TRaiseRequest, now = new Date()): Promise<TIncident> {
  await requireWriter(db, actor.user, group);
  const move = await visibleMove(db, actor.user, group, input.moveId);
  const at = now.toISOString();
  const id = await db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("incidents")
      .values({
        group_id: group.id,
        move_id: move.id,
        employee_user_id: move.employee_user_id,
        kind: input.kind,
        title: input.title,
        description: input.description,
        status: "OPEN",
        escalated: 0,
        escalated_at: null,
        closed_at: null,
        raised_by_user_id: actor.user.id,
        created_at: at,
        updated_at: at,
        version: 1,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await audit(trx, actor, group.id, row.id, "incident.raise", undefined, {
      moveId: move.id,
      employeeId: move.employee_user_id,
      kind: input.kind,
      title: input.title,
      description: input.description,
      status: "OPEN",
      escalated: false,
      version: 1,
    }, at);
    // The group's HR are told in this transaction (issue 24 §3).
    await notifyIncident(trx, { incidentId: row.id, groupId: group.id, moveId: move.id, employeeUserId: move.employee_user_id, title: input.title, actorUserId: actor.user.id }, "RAISED", at);
    return row.id;
  });
  return toIncident((await findIncident(db, id))!);
}

/** incidents.escalate: OPEN and not yet escalated → escalated (once; parallel requests: one effect). */
export async function escalateIncident(db: DB, actor: Actor, group: Group, incidentId: number, now = new Date()): Promise<TIncident> {
  await requireWriter(db, actor.user, group);
  const found = await visibleIncident(db, actor.user, group, incidentId);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("incidents")
      .set((eb) => ({ escalated: 1, escalated_at: at, updated_at: at, version: eb("version", "+", 1) }))
      .where("id", "=", found.id)
      .where("status", "=", "OPEN")
      .where("escalated", "=", 0)
      .returning(["version"])
      .executeTakeFirst();
    if (!updated) {
      const now = await findIncident(trx, found.id);
      const why = now ? escalateRefusal({ status: now.status, escalated: now.escalated === 1 }) : M.notFound;
      throw new AppError("CONFLICT", why ?? M.alreadyEscalated);
    }
    await audit(trx, actor, group.id, found.id, "incident.escalate", { status: "OPEN", escalated: false, version: updated.version - 1 }, { status: "OPEN", escalated: true, escalatedAt: at, version: updated.version }, at);
    await notifyIncident(trx, { incidentId: found.id, groupId: group.id, moveId: found.move_id, employeeUserId: found.employee_user_id, title: found.title, actorUserId: actor.user.id }, "ESCALATED", at);
  });
  return toIncident((await findIncident(db, found.id))!);
}

/** incidents.close: OPEN → CLOSED (once; parallel requests: one effect). */
export async function closeIncident(db: DB, actor: Actor, group: Group, incidentId: number, now = new Date()): Promise<TIncident> {
  await requireWriter(db, actor.user, group);
  const found = await visibleIncident(db, actor.user, group, incidentId);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable("incidents")
      .set((eb) => ({ status: "CLOSED", closed_at: at, updated_at: at, version: eb("version", "+", 1) }))
      .where("id", "=", found.id)
      .where("status", "=", "OPEN")
      .returning(["version", "escalated"])
      .executeTakeFirst();
    if (!updated) throw new AppError("CONFLICT", M.alreadyClosed);
    const escalated = updated.escalated === 1;
    await audit(trx, actor, group.id, found.id, "incident.close", { status: "OPEN", escalated, version: updated.version - 1 }, { status: "CLOSED", escalated, closedAt: at, version: updated.version }, at);
  });
  return toIncident((await findIncident(db, found.id))!);
}

/**
 * GET /api/admin/incidents/open-incidents-count and incidents.count: OPEN incidents and OPEN escalated ones.
 * ADMIN: every group, or the group named; HR: their own group (naming another is refused).
 */
export async function openIncidentsCount(db: DB, user: SessionUser, input: TCountRequest): Promise<TCountResponse> {
  let groupId: number | null;
  if (user.role === "ADMIN") {
    if (input.groupName === undefined) groupId = null;
    else {
      const group = await findGroupByName(db, input.groupName);
      if (!group) throw new AppError("NOT_FOUND", M.groupNotFound, { groupName: M.groupNotFound });
      groupId = group.id;
    }
  } else if (user.role === "HR") {
    if (user.groupId === null) throw new AppError("FORBIDDEN", messages.forbidden);
    if (input.groupName !== undefined && input.groupName !== user.groupName) throw new AppError("FORBIDDEN", messages.otherGroup);
    groupId = user.groupId;
  } else {
    throw new AppError("FORBIDDEN", messages.forbidden);
  }
  const { open, escalated } = await countOpenIncidents(db, groupId);
  return { openIncidents: open, openEscalatedIncidents: escalated };
}
