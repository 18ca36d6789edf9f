/**
 * The custom report builder (issue 26 "Custom report builder"; part 2 §2 report edit, save-report popup, clone
 * popup, permissions page, fields-edit page; §3 custom report, permission row, field override; §5; §6 "Admins can
 * delete custom reports; HR users can delete their own via a group-prefixed path"). The same functions serve the
 * `reportBuilder.*` procedures and the documented /reporting/… paths.
 *
 * - save: a name and at least one column (zod), the group required for admins (`builderGroup`), every field in
 *   the subject's allow-list and enabled for the group (`definitionProblems`). A new report is CUSTOM; its name is
 *   unique per group among live reports (the partial unique index reports_group_name_uq: N parallel saves of one
 *   name give one report and CONFLICT refusals). An edit is a conditional update on `version` (a save over a
 *   newer version is refused); HR edit their own reports, admins any of the group's.
 * - clone: a live custom report of the group (or a BASE report with a builder definition) copied under a new name.
 * - delete: admins any custom report; HR their own, of their own group. A conditional update (one of N parallel
 *   deletes applies, the others are NOT_FOUND).
 * - permissions (the reporting table) and field overrides (the fields-edit page): HR of the group or ADMIN.
 * Every write records an audit row in the same transaction.
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import {
  findLiveReport,
  insertCustomReport,
  permissionsOfGroup,
  reportsOfGroup,
  softDeleteReport,
  updateCustomReport,
  upsertFieldOverride,
  upsertPermission,
} from "../../db/queries/reporting/builder.ts";
import { findChartRows } from "../../db/queries/reporting/charts.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { builderMessages } from "../../domain/reporting/builder-messages.ts";
import {
  definitionProblems,
  PREVIEW_ROWS,
  type TBuilderReport,
  type TCloneReportRequest,
  type TPermissionDataResponse,
  type TPreviewResponse,
  type TReportDefinition,
  type TSaveFieldsOverridesRequest,
  type TSavePermissionsRequest,
  type TSaveReportRequest,
} from "../../domain/reporting/builder-schemas.ts";
import { allFieldIds, fieldId, subjectField } from "../../domain/reporting/subjects.ts";
import type { Role } from "../../domain/roles.ts";
import { canActInGroup } from "../../domain/roles.ts";
import { isUniqueViolation } from "../policy/common.ts";
import { fieldTitles } from "./builder-fields.ts";
import { parseStoredDefinition, runDefinition } from "./custom-run.ts";

export type BuilderActor = { id: number; role: Role; groupId: number | null; groupName: string | null; ip?: string | null };
export type BuilderGroup = { id: number; name: string };

const now = () => new Date().toISOString();

/** HR, managers and admins act in a group: HR and managers their own (a group name naming another is refused), admins the one they name (required). */
export async function builderGroup(db: DB, actor: BuilderActor, groupName: string | undefined): Promise<BuilderGroup> {
  if (actor.role !== "ADMIN") {
    if (actor.groupId === null || actor.groupName === null) throw new AppError("FORBIDDEN", messages.forbidden);
    if (groupName !== undefined && groupName !== actor.groupName) throw new AppError("FORBIDDEN", messages.otherGroup);
    return { id: actor.groupId, name: actor.groupName };
  }
  if (groupName === undefined) throw new AppError("VALIDATION", builderMessages.groupRequired, { groupName: builderMessages.groupRequired });
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(actor, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { id: group.id, name: group.name };
}

function assertWriter(actor: BuilderActor) {
  if (actor.role !== "HR" && actor.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
}

/** The definition checked against the subject's allow-list and the group's disabled fields (VALIDATION with the first problem). */
async function checkedDefinition(db: DB, groupId: number, def: TReportDefinition): Promise<TReportDefinition> {
  const { disabled } = await fieldTitles(db, groupId);
  const problems = definitionProblems(def, disabled);
  if (problems.length > 0) throw new AppError("VALIDATION", problems[0]!);
  // Stored with field ids in one form ("subject.key") and the column order 0…n-1.
  const fields = [...def.fields]
    .sort((a, b) => a.order - b.order)
    .map((c, i) => {
      const f = subjectField(def.subject, c.id)!;
      return { id: fieldId(def.subject, f.key), title: c.title, name: f.key, order: i };
    });
  const norm = (id: string) => fieldId(def.subject, subjectField(def.subject, id)!.key);
  return { ...def, fields, groupBy: def.groupBy.map(norm), totals: def.totals.map(norm) };
}

async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", builderMessages.nameTaken, { reportName: builderMessages.nameTaken });
    throw error;
  }
}

/** A report of the group the actor may change (live, not BASE; HR their own). */
async function ownedReport(db: DB, actor: BuilderActor, group: BuilderGroup, reportId: number) {
  const report = await findLiveReport(db, reportId);
  if (!report || report.group_id !== group.id) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
  if (report.type === "BASE") throw new AppError("FORBIDDEN", builderMessages.notCustom);
  if (actor.role === "HR" && report.created_by !== actor.id) throw new AppError("FORBIDDEN", builderMessages.notOwnReport);
  return report;
}

export async function saveReport(db: DB, actor: BuilderActor, group: BuilderGroup, input: TSaveReportRequest): Promise<{ success: true; reportId: number; version: number }> {
  assertWriter(actor);
  const def = await checkedDefinition(db, group.id, {
    subject: input.subject,
    fields: input.fields,
    rules: input.rules ?? { combinator: "and", rules: [] },
    groupBy: input.groupBy ?? [],
    totals: input.totals ?? [],
  });
  const definition = JSON.stringify(def);
  const at = now();
  if (input.editReportId !== undefined) {
    const report = await ownedReport(db, actor, group, input.editReportId);
    const version = input.version ?? report.version;
    return uniqueName(() =>
      db.transaction().execute(async (trx) => {
        const applied = await updateCustomReport(trx, { id: report.id, groupId: group.id, version, name: input.reportName, subject: def.subject, definition, at });
        if (!applied) throw new AppError("CONFLICT", builderMessages.staleEdit);
        await insertAudit(trx, { at, actorUserId: actor.id, groupId: group.id, entity: "report", entityId: report.id, action: "report.update", oldValues: { name: report.name, version }, newValues: { name: input.reportName, definition: def }, ip: actor.ip ?? null });
        return { success: true as const, reportId: report.id, version: version + 1 };
      }),
    );
  }
  let baseReportId: number | null = null;
  if (input.baseReportId !== undefined) {
    const base = await findLiveReport(db, input.baseReportId);
    if (!base || (base.group_id !== null && base.group_id !== group.id)) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
    baseReportId = base.id;
  }
  return uniqueName(() =>
    db.transaction().execute(async (trx) => {
      const id = await insertCustomReport(trx, { type: "CUSTOM", name: input.reportName, groupId: group.id, subject: def.subject, definition, baseReportId, createdBy: actor.id, at });
      await insertAudit(trx, { at, actorUserId: actor.id, groupId: group.id, entity: "report", entityId: id, action: "report.create", newValues: { name: input.reportName, definition: def, baseReportId }, ip: actor.ip ?? null });
      return { success: true as const, reportId: id, version: 1 };
    }),
  );
}

export async function cloneReport(db: DB, actor: BuilderActor, group: BuilderGroup, input: TCloneReportRequest): Promise<{ success: true; reportId: number; version: number }> {
  assertWriter(actor);
  const source = await findLiveReport(db, input.reportId);
  if (!source || (source.group_id !== null && source.group_id !== group.id)) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
  if (!source.definition) throw new AppError("VALIDATION", builderMessages.cannotClone);
  const def = await checkedDefinition(db, group.id, parseStoredDefinition(source.definition));
  const at = now();
  return uniqueName(() =>
    db.transaction().execute(async (trx) => {
      const id = await insertCustomReport(trx, { type: "CUSTOM", name: input.reportName, groupId: group.id, subject: def.subject, definition: JSON.stringify(def), baseReportId: source.id, createdBy: actor.id, at });
      await insertAudit(trx, { at, actorUserId: actor.id, groupId: group.id, entity: "report", entityId: id, action: "report.clone", newValues: { name: input.reportName, from: source.id }, ip: actor.ip ?? null });
      return { success: true as const, reportId: id, version: 1 };
    }),
  );
}

/**
 * Deletes a custom report. `group`: the group-prefixed path's (HR, their own reports of their own group); null
 * for /reporting/delete-report (admins, any custom report).
 */
export async function deleteReport(db: DB, actor: BuilderActor, reportId: number, group: BuilderGroup | null): Promise<{ success: true }> {
  const report = await findLiveReport(db, reportId);
  if (group === null) {
    if (actor.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
    if (!report || report.group_id === null) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
    if (report.type === "BASE") throw new AppError("FORBIDDEN", builderMessages.notCustom);
  } else {
    assertWriter(actor);
    await ownedReport(db, actor, group, reportId);
  }
  const at = now();
  return db.transaction().execute(async (trx) => {
    if (!(await softDeleteReport(trx, reportId, at))) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
    await insertAudit(trx, { at, actorUserId: actor.id, groupId: report!.group_id, entity: "report", entityId: reportId, action: "report.delete", oldValues: { name: report!.name }, ip: actor.ip ?? null });
    return { success: true as const };
  });
}

/** The edit page's report (a live custom report of the group). */
export async function builderReport(db: DB, group: BuilderGroup, reportId: number): Promise<TBuilderReport> {
  const report = await findLiveReport(db, reportId);
  if (!report || report.group_id !== group.id || report.type === "BASE") throw new AppError("NOT_FOUND", builderMessages.unknownReport);
  return {
    id: report.id,
    type: report.type,
    name: report.name,
    version: report.version,
    baseReportId: report.base_report_id,
    createdBy: report.created_by,
    definition: parseStoredDefinition(report.definition),
  };
}

/** The live preview of an unsaved definition: the first PREVIEW_ROWS rows as the viewer would read them. */
export async function previewDefinition(db: DB, actor: BuilderActor, group: BuilderGroup, def: TReportDefinition): Promise<TPreviewResponse> {
  const result = await runDefinition(db, { userId: actor.id, role: actor.role, groupId: group.id, lang: "en" }, def);
  const rows: TPreviewResponse["rows"] = [];
  let truncated = false;
  for await (const row of result.rows) {
    if (rows.length === PREVIEW_ROWS) {
      truncated = true;
      break;
    }
    rows.push(row);
  }
  return { columns: result.columns, rows, truncated };
}

/** GET /reporting/getChartPermissionData: the group's reports and charts with their permission rows (no row = enabled). */
export async function permissionData(db: DB, actor: BuilderActor, group: BuilderGroup): Promise<TPermissionDataResponse> {
  assertWriter(actor);
  const [reports, perms, charts] = await Promise.all([reportsOfGroup(db, group.id), permissionsOfGroup(db, group.id), findChartRows(db)]);
  const key = (kind: string, id: number) => `${kind}:${id}`;
  const byKey = new Map(perms.map((p) => [key(p.kind, p.item_id), p]));
  return {
    reports: reports.map((r) => {
      const p = byKey.get(key("REPORT", r.id));
      return { id: r.id, enabled: p ? p.enabled === 1 : true, reportType: r.type, isDimension: false, name: r.name, displayName: p?.display_name ?? null };
    }),
    // Every chart of the catalogue (src/db/queries/reporting/charts.ts), in its order, with the group's row if any.
    charts: charts.map((c) => {
      const p = byKey.get(key("CHART", c.id));
      return { id: c.id, enabled: p ? p.enabled === 1 : true, reportType: "CHART", isDimension: true, name: c.title, displayName: p?.display_name ?? null };
    }),
  };
}

/** POST /reporting/savePermissions: each row a report of the group's list (or a chart); one transaction, one audit row. */
export async function savePermissions(db: DB, actor: BuilderActor, group: BuilderGroup, input: TSavePermissionsRequest): Promise<{ success: true }> {
  assertWriter(actor);
  const offered = new Set((await reportsOfGroup(db, group.id)).map((r) => r.id));
  const chartIds = new Set((await findChartRows(db)).map((c) => c.id));
  for (const p of input.permissions) if (!(p.isDimension ? chartIds : offered).has(p.id)) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
  const at = now();
  return db.transaction().execute(async (trx) => {
    for (const p of input.permissions) {
      await upsertPermission(trx, { groupId: group.id, kind: p.isDimension ? "CHART" : "REPORT", itemId: p.id, enabled: p.enabled, displayName: p.displayName?.trim() ? p.displayName.trim() : null, by: actor.id, at });
    }
    await insertAudit(trx, { at, actorUserId: actor.id, groupId: group.id, entity: "report_permissions", entityId: group.id, action: "report.permissions", newValues: input.permissions, ip: actor.ip ?? null });
    return { success: true as const };
  });
}

/** POST /reporting/saveFieldsOverrides: an enabled field needs a title; at least one field of the list enabled (part 2 §5). */
export async function saveFieldOverrides(db: DB, actor: BuilderActor, group: BuilderGroup, input: TSaveFieldsOverridesRequest): Promise<{ success: true }> {
  assertWriter(actor);
  const known = new Set(allFieldIds());
  for (const f of input.fields) {
    if (!known.has(f.id)) throw new AppError("VALIDATION", builderMessages.unknownField);
    if (f.enabled && f.editableName.trim() === "") throw new AppError("VALIDATION", builderMessages.fieldTitleRequired, { [f.id]: builderMessages.fieldTitleRequired });
  }
  if (!input.fields.some((f) => f.enabled)) throw new AppError("VALIDATION", builderMessages.oneFieldEnabled);
  const at = now();
  return db.transaction().execute(async (trx) => {
    for (const f of input.fields) await upsertFieldOverride(trx, { groupId: group.id, fieldId: f.id, enabled: f.enabled, editableName: f.editableName.trim(), by: actor.id, at });
    await insertAudit(trx, { at, actorUserId: actor.id, groupId: group.id, entity: "report_field_overrides", entityId: group.id, action: "report.fields", newValues: input.fields, ip: actor.ip ?? null });
    return { success: true as const };
  });
}
