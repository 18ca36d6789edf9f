/**
 * The third-party dashboards' queries (issue 26; rules in src/domain/reporting/dashboards.ts, flow in
 * src/services/reporting/dashboards.ts). Every read and write names the group.
 */
import type { Transaction } from "kysely";
import type { DB } from "../../index.ts";
import type { Database } from "../../schema.ts";

type Q = DB | Transaction<Database>;

const COLUMNS = ["id", "group_id", "title", "url", "description", "is_initial", "sort_order"] as const;

/** The group's dashboards in their order (sort_order, then title, then id). */
export function findDashboards(db: Q, groupId: number) {
  return db.selectFrom("third_party_dashboards").select(COLUMNS).where("group_id", "=", groupId).orderBy("sort_order").orderBy("title").orderBy("id").execute();
}

export type DashboardRow = Awaited<ReturnType<typeof findDashboards>>[number];

export function findDashboard(db: Q, groupId: number, id: number): Promise<DashboardRow | undefined> {
  return db.selectFrom("third_party_dashboards").select(COLUMNS).where("group_id", "=", groupId).where("id", "=", id).executeTakeFirst();
}

export function findDashboardByUrl(db: Q, groupId: number, url: string): Promise<DashboardRow | undefined> {
  return db.selectFrom("third_party_dashboards").select(COLUMNS).where("group_id", "=", groupId).where("url", "=", url).executeTakeFirst();
}

export type DashboardValues = { title: string; url: string; description: string; isInitial: boolean; sortOrder: number };

/** Inserts a dashboard; on a url the group already has, nothing (answers undefined). */
export async function insertDashboard(db: Q, groupId: number, v: DashboardValues, createdBy: number, at: string): Promise<number | undefined> {
  const row = await db
    .insertInto("third_party_dashboards")
    .values({ group_id: groupId, title: v.title, url: v.url, description: v.description, is_initial: v.isInitial ? 1 : 0, sort_order: v.sortOrder, created_by: createdBy, created_at: at, updated_at: at })
    .onConflict((oc) => oc.columns(["group_id", "url"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row?.id;
}

export async function updateDashboard(db: Q, groupId: number, id: number, v: DashboardValues, at: string): Promise<boolean> {
  const res = await db
    .updateTable("third_party_dashboards")
    .set({ title: v.title, url: v.url, description: v.description, is_initial: v.isInitial ? 1 : 0, sort_order: v.sortOrder, updated_at: at })
    .where("group_id", "=", groupId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Clears the group's initial dashboard, except `keepId`. */
export async function clearInitialDashboard(db: Q, groupId: number, keepId: number | null, at: string): Promise<void> {
  let q = db.updateTable("third_party_dashboards").set({ is_initial: 0, updated_at: at }).where("group_id", "=", groupId).where("is_initial", "=", 1);
  if (keepId !== null) q = q.where("id", "!=", keepId);
  await q.execute();
}

export async function deleteDashboard(db: Q, groupId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom("third_party_dashboards").where("group_id", "=", groupId).where("id", "=", id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}

/** The group's allow-listed dashboard origins, sorted. */
export async function findDashboardOrigins(db: Q, groupId: number): Promise<string[]> {
  const rows = await db.selectFrom("dashboard_origins").select("origin").where("group_id", "=", groupId).orderBy("origin").execute();
  return rows.map((r) => r.origin);
}

/** Adds an origin; false when the group has it already (parallel adds: one row). */
export async function insertDashboardOrigin(db: Q, groupId: number, origin: string, createdBy: number, at: string): Promise<boolean> {
  const row = await db
    .insertInto("dashboard_origins")
    .values({ group_id: groupId, origin, created_by: createdBy, created_at: at })
    .onConflict((oc) => oc.columns(["group_id", "origin"]).doNothing())
    .returning("origin")
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteDashboardOrigin(db: Q, groupId: number, origin: string): Promise<boolean> {
  const res = await db.deleteFrom("dashboard_origins").where("group_id", "=", groupId).where("origin", "=", origin).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
