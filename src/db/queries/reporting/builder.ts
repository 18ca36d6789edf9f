/**
 * The custom report builder's reads and writes (issue 26): saved reports (reports rows of type CUSTOM/OLD),
 * the reporting table's permission rows (report_permissions) and the fields-edit page's overrides
 * (report_field_overrides). Queries only; the rules are in src/services/reporting/builder.ts.
 */
import type { DB } from "../../index.ts";

export type SavedReportRow = {
  id: number;
  type: string;
  name: string;
  group_id: number | null;
  subject: string | null;
  definition: string | null;
  created_by: number | null;
  base_report_id: number | null;
  version: number;
};

const REPORT_COLUMNS = ["id", "type", "name", "group_id", "subject", "definition", "created_by", "base_report_id", "version"] as const;

/** A live report by id (any type, any group). */
export function findLiveReport(db: DB, id: number): Promise<SavedReportRow | undefined> {
  return db.selectFrom("reports").select(REPORT_COLUMNS).where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst() as Promise<SavedReportRow | undefined>;
}

export async function insertCustomReport(
  db: DB,
  r: { type: string; name: string; groupId: number; subject: string; definition: string; baseReportId: number | null; createdBy: number; at: string },
): Promise<number> {
  const row = await db
    .insertInto("reports")
    .values({
      type: r.type,
      report_key: null,
      subject: r.subject,
      category: "Custom",
      name: r.name,
      description: "",
      group_id: r.groupId,
      base_report_id: r.baseReportId,
      definition: r.definition,
      created_by: r.createdBy,
      created_at: r.at,
      updated_at: r.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** The conditional update of an edit: applied only when the report is live, in the group and still at `version`. */
export async function updateCustomReport(
  db: DB,
  r: { id: number; groupId: number; version: number; name: string; subject: string; definition: string; at: string },
): Promise<boolean> {
  const res = await db
    .updateTable("reports")
    .set((eb) => ({ name: r.name, subject: r.subject, definition: r.definition, updated_at: r.at, version: eb("version", "+", 1) }))
    .where("id", "=", r.id)
    .where("group_id", "=", r.groupId)
    .where("version", "=", r.version)
    .where("deleted_at", "is", null)
    .where("type", "<>", "BASE")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Marks a live custom report deleted (conditional: one of N parallel deletes applies). */
export async function softDeleteReport(db: DB, id: number, at: string): Promise<boolean> {
  const res = await db
    .updateTable("reports")
    .set((eb) => ({ deleted_at: at, updated_at: at, version: eb("version", "+", 1) }))
    .where("id", "=", id)
    .where("deleted_at", "is", null)
    .where("type", "<>", "BASE")
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** The reports the group's reporting table lists: BASE reports offered to every group or to this one, and the group's live custom reports. */
export function reportsOfGroup(db: DB, groupId: number) {
  return db
    .selectFrom("reports")
    .select(["id", "type", "name"])
    .where("deleted_at", "is", null)
    .where((eb) => eb.or([eb("group_id", "=", groupId), eb.and([eb("type", "=", "BASE"), eb("group_id", "is", null)])]))
    .orderBy("type")
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export function permissionsOfGroup(db: DB, groupId: number) {
  return db.selectFrom("report_permissions").select(["kind", "item_id", "enabled", "display_name"]).where("group_id", "=", groupId).execute();
}

/** Writes one permission row (insert or update on the primary key). */
export async function upsertPermission(db: DB, p: { groupId: number; kind: "REPORT" | "CHART"; itemId: number; enabled: boolean; displayName: string | null; by: number; at: string }) {
  await db
    .insertInto("report_permissions")
    .values({ group_id: p.groupId, kind: p.kind, item_id: p.itemId, enabled: p.enabled ? 1 : 0, display_name: p.displayName, updated_by: p.by, updated_at: p.at })
    .onConflict((oc) => oc.columns(["group_id", "kind", "item_id"]).doUpdateSet({ enabled: p.enabled ? 1 : 0, display_name: p.displayName, updated_by: p.by, updated_at: p.at }))
    .execute();
}

export function fieldOverridesOfGroup(db: DB, groupId: number) {
  return db.selectFrom("report_field_overrides").select(["field_id", "enabled", "editable_name"]).where("group_id", "=", groupId).execute();
}

export async function upsertFieldOverride(db: DB, o: { groupId: number; fieldId: string; enabled: boolean; editableName: string; by: number; at: string }) {
  await db
    .insertInto("report_field_overrides")
    .values({ group_id: o.groupId, field_id: o.fieldId, enabled: o.enabled ? 1 : 0, editable_name: o.editableName, updated_by: o.by, updated_at: o.at })
    .onConflict((oc) => oc.columns(["group_id", "field_id"]).doUpdateSet({ enabled: o.enabled ? 1 : 0, editable_name: o.editableName, updated_by: o.by, updated_at: o.at }))
    .execute();
}
