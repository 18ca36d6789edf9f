/**
 * The report library's reads and writes (issue 26): the reports a group may list, favourites, filter
 * defaults, the catalogue sync and the drawdown check. No rules: src/services/reporting/library.ts decides.
 */
import { sql } from "kysely";
import type { DB } from "../../index.ts";
import { BASE_REPORTS } from "../../../domain/reporting/catalog.ts";
import { containsIgnoreCase } from "../like.ts";

/**
 * Writes a `reports` row for each catalogue entry (insert … on conflict (report_key) do update: idempotent, safe
 * when several instances start at once); existing rows get this release's category, name and description. Run
 * by seedAll when the catalogue's version changed (src/db/reference-versions.ts).
 */
export async function syncReportCatalogue(db: DB, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("reports")
    .values(BASE_REPORTS.map((r) => ({ type: "BASE", report_key: r.key, subject: null, category: r.category, name: r.name, description: r.description, group_id: null, base_report_id: null, definition: null, created_by: null, created_at: at, updated_at: at, deleted_at: null })))
    .onConflict((oc) => oc.column("report_key").doUpdateSet((eb) => ({ category: eb.ref("excluded.category"), name: eb.ref("excluded.name"), description: eb.ref("excluded.description"), updated_at: eb.ref("excluded.updated_at") })))
    .execute();
}

export type ReportRow = {
  id: number;
  type: string;
  report_key: string | null;
  category: string;
  name: string;
  description: string;
  group_id: number | null;
  created_by: number | null;
  definition: string | null;
};

const reportColumns = ["r.id", "r.type", "r.report_key", "r.category", "r.name", "r.description", "r.group_id", "r.created_by", "r.definition"] as const;

/** A live report offered to the group (BASE: every group; CUSTOM/OLD: the group's own), with its permission. */
export async function findGroupReport(db: DB, groupId: number, reportId: number): Promise<(ReportRow & { enabled: number | null; display_name: string | null }) | undefined> {
  return db
    .selectFrom("reports as r")
    .leftJoin("report_permissions as p", (j) => j.onRef("p.item_id", "=", "r.id").on("p.group_id", "=", groupId).on("p.kind", "=", "REPORT"))
    .select([...reportColumns, "p.enabled", "p.display_name"])
    .where("r.id", "=", reportId)
    .where("r.deleted_at", "is", null)
    .where((eb) => eb.or([eb("r.group_id", "is", null), eb("r.group_id", "=", groupId)]))
    .executeTakeFirst();
}

export type ListedReport = ReportRow & { enabled: number | null; display_name: string | null; favourite: number };

/** The reports of a tab offered to the group (BASE, or CUSTOM and OLD), with the user's favourites. */
export async function findGroupReports(
  db: DB,
  q: { groupId: number; userId: number; types: string[]; search: string | null; category: string | null; enabledOnly: boolean },
): Promise<ListedReport[]> {
  let query = db
    .selectFrom("reports as r")
    .leftJoin("report_permissions as p", (j) => j.onRef("p.item_id", "=", "r.id").on("p.group_id", "=", q.groupId).on("p.kind", "=", "REPORT"))
    .leftJoin("report_favourites as f", (j) => j.onRef("f.report_id", "=", "r.id").on("f.user_id", "=", q.userId))
    .select([...reportColumns, "p.enabled", "p.display_name", sql<number>`case when f.user_id is null then 0 else 1 end`.as("favourite")])
    .where("r.type", "in", q.types)
    .where("r.deleted_at", "is", null)
    .where((eb) => eb.or([eb("r.group_id", "is", null), eb("r.group_id", "=", q.groupId)]));
  if (q.enabledOnly) query = query.where((eb) => eb.or([eb("p.enabled", "is", null), eb("p.enabled", "=", 1)]));
  if (q.category) query = query.where("r.category", "=", q.category);
  if (q.search) {
    const s = q.search;
    query = query.where((eb) => eb.or([containsIgnoreCase(eb.ref("r.name"), s), containsIgnoreCase(eb.ref("r.description"), s), containsIgnoreCase(eb.ref("p.display_name"), s)]));
  }
  return query.orderBy("r.name").orderBy("r.id").execute();
}

/** Whether the group has a Client account billed by drawdown (part 2 §6 drawdown categories). */
export async function groupHasDrawdown(db: DB, groupId: number): Promise<boolean> {
  const row = await db.selectFrom("finance_accounts").select("id").where("group_id", "=", groupId).where("type", "=", "Client").where("billing_type", "=", "Drawdown").limit(1).executeTakeFirst();
  return row !== undefined;
}

/** Adds a favourite (a repeated add is a no-op: primary key + on conflict do nothing). */
export async function insertFavourite(db: DB, userId: number, reportId: number, now: Date): Promise<void> {
  await db
    .insertInto("report_favourites")
    .values({ user_id: userId, report_id: reportId, created_at: now.toISOString() })
    .onConflict((oc) => oc.columns(["user_id", "report_id"]).doNothing())
    .execute();
}

export async function deleteFavourite(db: DB, userId: number, reportId: number): Promise<void> {
  await db.deleteFrom("report_favourites").where("user_id", "=", userId).where("report_id", "=", reportId).execute();
}

export async function findFilterDefaults(db: DB, userId: number, reportId: number): Promise<string | undefined> {
  const row = await db.selectFrom("report_filter_defaults").select("values_json").where("user_id", "=", userId).where("report_id", "=", reportId).executeTakeFirst();
  return row?.values_json;
}

/** Saves a user's defaults (one row per user and report: insert … on conflict do update, so parallel saves leave one row). */
export async function upsertFilterDefaults(db: DB, userId: number, reportId: number, valuesJson: string, now: Date): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto("report_filter_defaults")
    .values({ user_id: userId, report_id: reportId, values_json: valuesJson, updated_at: at })
    .onConflict((oc) => oc.columns(["user_id", "report_id"]).doUpdateSet({ values_json: valuesJson, updated_at: at }))
    .execute();
}

/** A manager's reporting switch (part 1 §3 reportingRestriction; no row = the default OFF). */
export async function findReportingRestriction(db: DB, userId: number): Promise<string | null> {
  const row = await db.selectFrom("manager_restrictions").select("reporting_restriction").where("user_id", "=", userId).executeTakeFirst();
  return row?.reporting_restriction ?? null;
}

/** Options of the dynamic filter lists. */
export async function findPolicyOptions(db: DB, groupId: number): Promise<{ value: string; label: string }[]> {
  const rows = await db.selectFrom("policies").select(["id", "name"]).where("group_id", "=", groupId).orderBy("name").orderBy("id").execute();
  return rows.map((r) => ({ value: String(r.id), label: r.name }));
}

export async function findCurrencyOptions(db: DB): Promise<{ value: string; label: string }[]> {
  const rows = await db.selectFrom("currencies").select(["code", "name"]).orderBy("code").execute();
  return rows.map((r) => ({ value: r.code, label: `${r.code} - ${r.name}` }));
}
