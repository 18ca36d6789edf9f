/**
 * The welcome calls employees requested (issue 24 §3; shapes in src/domain/crm/welcome-calls.ts):
 * - `listWelcomeCalls`: the CRM list of requested calls (CRM agents and admins, every group; reads only);
 * - `moveWelcomeCall`: the request of one move on HR's move page (HR of the group, admins; reads only);
 * - `bookWelcomeCall`: a CRM agent books a requested call: one conditional update (REQUESTED → BOOKED),
 *   its audit row and the employee's notification in one transaction, so parallel bookings give one
 *   booking, one audit row and one notification, and the rest a clear refusal.
 */
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import type { GroupRef } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { formatCallSlot } from "../../domain/identity/notifications/kinds.ts";
import { welcomeCallMessages, welcomeCallStatusOf, type TWelcomeCallListResponse, type TWelcomeCallRow, type WelcomeCallStatus } from "../../domain/crm/welcome-calls.ts";
import type { SessionUser } from "../identity/auth.ts";
import { notifyWelcomeCallBooked } from "../identity/notifications/events.ts";

const CRM_ROLES = ["CRM", "ADMIN"];

function base(db: DB) {
  return db
    .selectFrom("welcome_call_requests as w")
    .innerJoin("users as u", "u.id", "w.user_id")
    .innerJoin("groups as g", "g.id", "w.group_id")
    .innerJoin("moves as m", "m.id", "w.move_id")
    .select([
      "m.policy_version_id",
      "w.id",
      "w.move_id",
      "w.user_id",
      "w.group_id",
      "w.phone",
      "w.scheduled_at",
      "w.time_zone",
      "w.interests",
      "w.status",
      "w.created_at",
      "u.first_name",
      "u.last_name",
      "u.email",
      "g.name as group_name",
      "g.display_name as group_display_name",
    ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof base>["execute"]>>[number];

function parseKeys(json: string): string[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
}

/**
 * Interest keys → their titles as the employee chose them in the popup (the policy version's title of
 * the service, else the service's name: src/services/employee/welcome/popup.ts interestsOf), per move's version.
 * A key without a service keeps no code on screen.
 */
async function interestTitles(db: DB, rows: Row[]): Promise<Map<string, string>> {
  const keys = [...new Set(rows.flatMap((r) => parseKeys(r.interests)))];
  if (keys.length === 0) return new Map();
  const versions = [...new Set(rows.map((r) => r.policy_version_id))];
  const found = await db
    .selectFrom("services as s")
    .leftJoin("policy_services as ps", (j) => j.onRef("ps.service_key", "=", "s.key").on("ps.policy_version_id", "in", versions))
    .select(["s.key", "s.name", "ps.title", "ps.policy_version_id"])
    .where("s.key", "in", keys)
    .execute();
  const titles = new Map<string, string>();
  for (const f of found) {
    if (f.policy_version_id !== null) {
      const title = f.title?.trim();
      if (title) titles.set(`${f.policy_version_id}:${f.key}`, title);
    }
    titles.set(f.key, f.name);
  }
  return titles;
}

function toRow(r: Row, titles: Map<string, string>): TWelcomeCallRow {
  return {
    id: r.id,
    moveId: r.move_id,
    employeeId: r.user_id,
    employeeName: `${r.first_name} ${r.last_name}`.trim(),
    employeeEmail: r.email,
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    phone: r.phone,
    slot: formatCallSlot(r.scheduled_at, r.time_zone),
    scheduledAt: r.scheduled_at,
    interests: parseKeys(r.interests).flatMap((k) => {
      const title = titles.get(`${r.policy_version_id}:${k}`) ?? titles.get(k);
      return title ? [title] : [];
    }),
    status: welcomeCallStatusOf(r.status),
    requestedAt: r.created_at,
  };
}

/** The CRM list: requested calls first (soonest slot first), then booked ones. Reads only. */
export async function listWelcomeCalls(db: DB, user: SessionUser, input: { status?: WelcomeCallStatus }): Promise<TWelcomeCallListResponse> {
  if (!CRM_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  let q = base(db);
  if (input.status === "BOOKED") q = q.where("w.status", "=", "BOOKED");
  else if (input.status === "REQUESTED") q = q.where("w.status", "!=", "BOOKED");
  const rows = await q.orderBy("w.scheduled_at").orderBy("w.id").limit(500).execute();
  const titles = await interestTitles(db, rows);
  const list = rows.map((r) => toRow(r, titles));
  list.sort((a, b) => (a.status === b.status ? 0 : a.status === "REQUESTED" ? -1 : 1));
  return { rows: list };
}

/** HR's move page: the move's welcome-call request, or null. The group is checked by the procedure. Reads only. */
export async function moveWelcomeCall(db: DB, group: GroupRef, moveId: number): Promise<{ request: TWelcomeCallRow | null }> {
  const rows = await base(db).where("w.move_id", "=", moveId).where("w.group_id", "=", group.id).execute();
  if (rows.length === 0) return { request: null };
  return { request: toRow(rows[0]!, await interestTitles(db, rows)) };
}

/** A CRM agent books a requested call: the employee is told in the same transaction. */
export async function bookWelcomeCall(db: DB, user: SessionUser, id: number, meta: { ip?: string | null } = {}, now = new Date()): Promise<TWelcomeCallRow> {
  if (!CRM_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("welcome_call_requests").select(["id", "move_id", "group_id", "user_id", "status", "scheduled_at", "time_zone"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw new AppError("NOT_FOUND", welcomeCallMessages.notFound);
    const done = await trx.updateTable("welcome_call_requests").set({ status: "BOOKED", updated_at: at }).where("id", "=", id).where("status", "=", "REQUESTED").executeTakeFirst();
    if (Number(done.numUpdatedRows) !== 1) throw new AppError("CONFLICT", welcomeCallMessages.alreadyBooked);
    await insertAudit(trx, {
      actorUserId: user.id,
      groupId: row.group_id,
      entity: "welcome_call_request",
      entityId: row.id,
      action: "welcome-call-booked",
      oldValues: { status: row.status },
      newValues: { status: "BOOKED", moveId: row.move_id },
      ip: meta.ip ?? null,
      at,
    });
    await notifyWelcomeCallBooked(trx, { requestId: row.id, groupId: row.group_id, employeeUserId: row.user_id, moveId: row.move_id, when: formatCallSlot(row.scheduled_at, row.time_zone) }, at);
  });
  const rows = await base(db).where("w.id", "=", id).execute();
  return toRow(rows[0]!, await interestTitles(db, rows));
}
