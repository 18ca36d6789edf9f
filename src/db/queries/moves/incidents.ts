/**
 * Incident queries (issue 15; migrations/20261126041000_incidents.ts). No rules here: the service
 * (src/services/moves/incidents/incidents.ts) decides who may read and write.
 */
import { sql } from "kysely";
import type { DB } from "../../index.ts";

const INCIDENT_COLUMNS = [
  "i.id",
  "i.group_id",
  "i.move_id",
  "i.employee_user_id",
  "i.kind",
  "i.title",
  "i.description",
  "i.status",
  "i.escalated",
  "i.escalated_at",
  "i.closed_at",
  "i.raised_by_user_id",
  "i.created_at",
  "i.updated_at",
  "i.version",
] as const;

function incidentsWithRaiser(db: DB) {
  return db
    .selectFrom("incidents as i")
    .leftJoin("users as r", "r.id", "i.raised_by_user_id")
    .select([...INCIDENT_COLUMNS, "r.first_name as raiser_first_name", "r.last_name as raiser_last_name"]);
}

export type IncidentRow = NonNullable<Awaited<ReturnType<typeof findIncident>>>;

export function findIncident(db: DB, id: number) {
  return incidentsWithRaiser(db).where("i.id", "=", id).executeTakeFirst();
}

/** A move's incidents, newest first (at most `limit`). */
export function findMoveIncidents(db: DB, a: { groupId: number; moveId: number; limit: number }) {
  return incidentsWithRaiser(db).where("i.group_id", "=", a.groupId).where("i.move_id", "=", a.moveId).orderBy("i.id", "desc").limit(a.limit).execute();
}

/** Open incidents and open escalated incidents, of one group or (groupId null) of every group; served by incidents_count_idx. */
export async function countOpenIncidents(db: DB, groupId: number | null): Promise<{ open: number; escalated: number }> {
  let q = db
    .selectFrom("incidents")
    .select([sql<number>`count(*)`.as("open"), sql<number>`coalesce(sum(escalated), 0)`.as("escalated")])
    .where("status", "=", "OPEN");
  if (groupId !== null) q = q.where("group_id", "=", groupId);
  const row = await q.executeTakeFirst();
  return { open: Number(row?.open ?? 0), escalated: Number(row?.escalated ?? 0) };
}
