/**
 * The custom report builder's definitions, requests and answers (issue 26 "Custom report builder"; part 2 §3
 * "Custom report: baseReportId, editReportId, groupName, reportName, fields[{id, title, name, order}]",
 * "Permission row: id, enabled, reportType, isDimension. Field override: id, enabled, editableName"; §5 "Saving a
 * report needs a name and at least one column; the group is required for admins", "Field overrides: an enabled
 * field needs a title and at least one field must be enabled"). One place: the `reportBuilder.*` procedures
 * (src/routers/reporting/builder.ts), the documented /reporting/… paths (./legacy/builder.ts) and the pages.
 *
 * `checkDefinition` is the allow-list check every definition passes before any SQL is built (saved, previewed
 * or run): each column, filter, group-by and total names a field of the report's subject (src/domain/reporting/
 * subjects.ts), enabled for the group, and each filter's operator and value fit the field.
 */
import { z } from "zod";
import { fieldsOf, isGroup, ruleValueProblem, ZRuleTree, type RuleGroup } from "./rule-tree.ts";
import { fieldId, subjectField, SUBJECTS, type SubjectKey } from "./subjects.ts";
import { builderMessages } from "./builder-messages.ts";

const ZGroupName = z.string().trim().min(1).max(64);
const ZId = z.coerce.number().int().positive().max(2_147_483_647);
const ZOptionalId = z.preprocess((v) => (v === "" || v === null ? undefined : v), ZId.optional());

export const MAX_COLUMNS = 40;
export const MAX_GROUP_BY = 3;

/** Part 2 §3 fields[{id, title, name, order}]: `id` the field id ("bills.grossAmount"), `title` the column's heading, `name` the field's key. */
export const ZReportField = z.object({
  id: z.string().trim().min(1).max(100),
  title: z.string().trim().min(1, builderMessages.columnTitleRequired).max(100),
  name: z.string().trim().max(100).optional(),
  order: z.coerce.number().int().min(0).max(1000),
});
export type TReportField = z.infer<typeof ZReportField>;

export const ZSubject = z.enum(SUBJECTS);

/** What a CUSTOM report is (stored as reports.definition JSON). */
export const ZReportDefinition = z.object({
  subject: ZSubject,
  fields: z.array(ZReportField).min(1, builderMessages.columnRequired).max(MAX_COLUMNS),
  rules: ZRuleTree.default({ combinator: "and", rules: [] }),
  groupBy: z.array(z.string().trim().min(1).max(100)).max(MAX_GROUP_BY).default([]),
  totals: z.array(z.string().trim().min(1).max(100)).max(MAX_COLUMNS).default([]),
});
export type TReportDefinition = z.infer<typeof ZReportDefinition>;

/** A JSON text (form posts) or the value itself. */
const json = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => {
    if (typeof v !== "string") return v;
    try {
      return JSON.parse(v);
    } catch {
      return v;
    }
  }, schema);

/** POST /reporting/save-report. `groupName` is required for admins (the service checks: HR save in their own group). */
export const ZSaveReportRequest = z.object({
  baseReportId: ZOptionalId,
  editReportId: ZOptionalId,
  /** The version the editor read (a conditional update: a save over a newer version is refused). */
  version: ZOptionalId,
  groupName: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZGroupName.optional()),
  reportName: z.string().trim().min(1, builderMessages.nameRequired).max(120),
  subject: ZSubject,
  fields: json(z.array(ZReportField).min(1, builderMessages.columnRequired).max(MAX_COLUMNS)),
  rules: json(ZRuleTree).optional(),
  groupBy: json(z.array(z.string().trim().min(1).max(100)).max(MAX_GROUP_BY)).optional(),
  totals: json(z.array(z.string().trim().min(1).max(100)).max(MAX_COLUMNS)).optional(),
});
export type TSaveReportRequest = z.infer<typeof ZSaveReportRequest>;

export const ZSaveReportResponse = z.object({ success: z.literal(true), reportId: z.number().int(), version: z.number().int() });

/** POST /reporting/reporting-clone. */
export const ZCloneReportRequest = z.object({
  reportId: ZId,
  reportName: z.string().trim().min(1, builderMessages.nameRequired).max(120),
  groupName: z.preprocess((v) => (v === "" || v === null ? undefined : v), ZGroupName.optional()),
});
export type TCloneReportRequest = z.infer<typeof ZCloneReportRequest>;

export const ZDeleteReportRequest = z.object({ reportId: ZId });
export const ZOkResponse = z.object({ success: z.literal(true) });

export const ZGroupRequest = z.object({ group: ZGroupName });

/** Part 2 §3 permission row (+ the names the reporting table shows and edits). `reportType` BASE/CUSTOM/OLD for a report, the chart's type for a chart; `isDimension` marks a chart. */
export const ZPermissionRow = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  reportType: z.string(),
  isDimension: z.boolean(),
  name: z.string(),
  displayName: z.string().nullable(),
});
export type TPermissionRow = z.infer<typeof ZPermissionRow>;
export const ZPermissionDataResponse = z.object({ reports: z.array(ZPermissionRow), charts: z.array(ZPermissionRow) });
export type TPermissionDataResponse = z.infer<typeof ZPermissionDataResponse>;

export const ZSavePermissionsRequest = z.object({
  groupName: ZGroupName.optional(),
  permissions: json(
    z
      .array(
        z.object({
          id: ZId,
          enabled: z.coerce.boolean(),
          isDimension: z.coerce.boolean().default(false),
          reportType: z.string().max(40).optional(),
          displayName: z.string().trim().max(120).nullable().optional(),
        }),
      )
      .min(1)
      .max(500),
  ),
});
export type TSavePermissionsRequest = z.infer<typeof ZSavePermissionsRequest>;

/** Part 2 §3 field override (+ the subject and default title the fields-edit page shows). */
export const ZStandardField = z.object({
  id: z.string(),
  subject: ZSubject,
  kind: z.string(),
  defaultTitle: z.string(),
  enabled: z.boolean(),
  editableName: z.string(),
  operators: z.array(z.string()),
  groupable: z.boolean(),
  summable: z.boolean(),
});
export type TStandardField = z.infer<typeof ZStandardField>;
export const ZStandardFieldsResponse = z.object({
  subjects: z.array(z.object({ key: ZSubject, title: z.string() })),
  fields: z.array(ZStandardField),
});
export type TStandardFieldsResponse = z.infer<typeof ZStandardFieldsResponse>;

export const ZSaveFieldsOverridesRequest = z.object({
  groupName: ZGroupName.optional(),
  fields: json(
    z
      .array(z.object({ id: z.string().trim().min(1).max(100), enabled: z.coerce.boolean(), editableName: z.string().trim().max(100).default("") }))
      .min(1)
      .max(500),
  ),
});
export type TSaveFieldsOverridesRequest = z.infer<typeof ZSaveFieldsOverridesRequest>;

/** The builder's view of a saved report (the edit page). */
export const ZBuilderReport = z.object({
  id: z.number().int(),
  type: z.string(),
  name: z.string(),
  version: z.number().int(),
  baseReportId: z.number().int().nullable(),
  createdBy: z.number().int().nullable(),
  definition: ZReportDefinition,
});
export type TBuilderReport = z.infer<typeof ZBuilderReport>;

export const ZPreviewRequest = z.object({ definition: ZReportDefinition });
export const PREVIEW_ROWS = 50;
export const ZPreviewResponse = z.object({
  columns: z.array(z.object({ key: z.string(), title: z.string(), kind: z.string(), currencyKey: z.string().optional() })),
  rows: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
  truncated: z.boolean(),
});
export type TPreviewResponse = z.infer<typeof ZPreviewResponse>;

/** Problems of a definition against its subject's allow-list and the group's disabled fields (empty: fine). */
export function definitionProblems(def: TReportDefinition, disabled: ReadonlySet<string> = new Set()): string[] {
  const problems: string[] = [];
  const subject: SubjectKey = def.subject;
  const known = (id: string) => {
    const f = subjectField(subject, id);
    if (!f) problems.push(builderMessages.fieldNotAvailable);
    else if (disabled.has(fieldId(subject, f.key))) problems.push(builderMessages.fieldDisabled);
    return f;
  };
  const seen = new Set<string>();
  for (const col of def.fields) {
    const f = known(col.id);
    if (f && col.name !== undefined && col.name !== "" && col.name !== f.key) problems.push(builderMessages.fieldNotAvailable);
    if (f) {
      if (seen.has(f.key)) problems.push(builderMessages.duplicateColumn);
      seen.add(f.key);
    }
  }
  for (const id of def.groupBy) {
    const f = known(id);
    if (f && !f.groupable) problems.push(builderMessages.notGroupable);
  }
  for (const id of def.totals) {
    const f = known(id);
    if (f && !f.summable) problems.push(builderMessages.notSummable);
  }
  const walk = (g: RuleGroup) => {
    for (const n of g.rules) {
      if (isGroup(n)) walk(n);
      else {
        const f = known(n.field);
        if (!f) continue;
        if (f.operators.length === 0) problems.push(builderMessages.notFilterable);
        else {
          const p = ruleValueProblem(f.kind, n.operator, n.value);
          if (p) problems.push(p);
        }
      }
    }
  };
  walk(def.rules);
  void fieldsOf;
  return [...new Set(problems)];
}
