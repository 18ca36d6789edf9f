import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { ZActivationState, ZGroupStatus, ZRole, type GroupStatus } from "../../domain/roles.ts";
import type { TGroupHomeResponse, TPeopleRequest, TPeopleResponse } from "../../domain/admin/groups/schemas.ts";
import type { DB } from "../../db/index.ts";
import type { GroupRef } from "../../db/schema.ts";
import { findGroupById, findGroupsWithCounts, updateGroupStatus } from "../../db/queries/admin/groups.ts";
import { countGroupPeopleByRole, findGroupPeople } from "../../db/queries/identity/users.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import type { Role } from "../../domain/roles.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { lockRow } from "../../db/locks.ts";

export function toGroupSummary(g: GroupRef) {
  return { id: g.id, name: g.name, displayName: g.display_name, status: g.status };
}

/** The group home page: who is in the group, by role. */
export async function getGroupHome(db: DB, group: GroupRef, caller: { id: number; role: Role }): Promise<TGroupHomeResponse> {
  const [scope, access] = await Promise.all([restrictionScopeOf(db, caller), homeAccessOf(db, caller)]);
  const counts = (await countGroupPeopleByRole(db, group.id, scope)).map((c) => ({ role: c.role, count: c.count }));
  return { group: toGroupSummary(group), counts, totalPeople: counts.reduce((n, c) => n + c.count, 0), access };
}

/**
 * The home's links (issue 15): HR and ADMIN open the dashboard and act on assignments; a MANAGER by their
 * restrictions (dashboard ON, creation CREATE; no row is the defaults OFF and VIEW), the same rules
 * src/services/manager/dashboard.ts and src/services/moves/assignments/assignments.ts enforce. One primary-key read.
 */
async function homeAccessOf(db: DB, caller: { id: number; role: Role }): Promise<TGroupHomeResponse["access"]> {
  if (caller.role === "HR" || caller.role === "ADMIN") return { dashboard: true, assignmentActions: true };
  if (caller.role !== "MANAGER") return { dashboard: false, assignmentActions: false };
  const row = await db.selectFrom("manager_restrictions").select(["dashboard_restriction", "creation_restriction"]).where("user_id", "=", caller.id).executeTakeFirst();
  return { dashboard: row?.dashboard_restriction === "ON", assignmentActions: row?.creation_restriction === "CREATE" };
}

/** One page of a group's people; `hasMore` comes from reading one row past the page. */
export async function listGroupPeople(db: DB, groupId: number, p: TPeopleRequest, caller: { id: number; role: Role }): Promise<TPeopleResponse> {
  const scope = await restrictionScopeOf(db, caller);
  const rows = await findGroupPeople(db, {
    groupId,
    role: p.role,
    search: p.search || undefined,
    limit: p.pageSize + 1,
    offset: p.page * p.pageSize,
  }, new Date(), scope);
  return {
    rows: rows.slice(0, p.pageSize).map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.first_name,
      lastName: r.last_name,
      role: r.role,
      activationState: r.activation_state,
      lastLoginAt: r.last_login_at,
      activationSent: Number(r.activation_sent) === 1,
    })),
    page: p.page,
    pageSize: p.pageSize,
    hasMore: rows.length > p.pageSize,
  };
}

export async function listGroupsForStaff(db: DB) {
  const rows = await findGroupsWithCounts(db);
  return rows.map((g) => ({
    id: g.id,
    name: g.name,
    displayName: g.display_name,
    status: g.status,
    userCount: Number(g.user_count),
    createdAt: g.created_at,
  }));
}

/** Suspends or reactivates a group (admin), recording the change in the audit log in the same transaction. */
export async function setGroupStatus(
  db: DB,
  actor: { id: number; ip: string | null },
  groupId: number,
  status: GroupStatus,
  now = new Date(),
): Promise<{ success: true; newStatus: GroupStatus; error: null }> {
  return db.transaction().execute(async (trx) => {
    // Locked before it is read: of parallel identical changes one writes, the others see it done.
    await lockRow(trx, "groups", groupId);
    const group = await findGroupById(trx, groupId);
    if (!group) throw new AppError("NOT_FOUND", messages.notFound);
    if (group.status !== status) {
      await updateGroupStatus(trx, groupId, status, now.toISOString());
      await insertAudit(trx, {
        at: now.toISOString(),
        actorUserId: actor.id,
        groupId,
        entity: "group",
        entityId: groupId,
        action: "set-status",
        oldValues: { status: group.status },
        newValues: { status },
        ip: actor.ip,
      });
    }
    return { success: true as const, newStatus: status, error: null };
  });
}
