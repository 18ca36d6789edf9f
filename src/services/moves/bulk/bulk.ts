/**
 * Bulk employee import (issue 15; part 1 §1, §3, §4, §7; part 2 §3, §4, §5, §7). One service for the
 * tRPC procedures (src/routers/moves/bulk.ts) and the documented paths (src/routers/moves/legacy/bulk.ts),
 * in four modules:
 *
 * - the template (this module): an .xlsx with a Policy column and one column per field of the group's initiation
 *   form (the wizard's stage 2; a place is Country, State and City columns, money an amount and a
 *   Currency column), and a Policies sheet listing the policies a row may name; the access check and the
 *   reading of an uploaded sheet against those columns;
 * - the upload (bulk-upload.ts): streamed into the FileStore like any file (size-limited), then a persisted job
 *   (`jobs`, kind bulk.employeeImport) is registered: REGISTERED → UNDER_PROCESSING → PROCESSED or
 *   ABORTED;
 * - the job (bulk-job.ts): the file parsed once (xlsx-reader.ts, in slices that yield), then the rows in batches of at
 *   most `bulkImportSettings.batchRows` (on SQLite sized to keep each transaction near `batchBudgetMs`),
 *   with a turn of the event loop between batches so other requests are served meanwhile, each
 *   batch one transaction: every row through the wizard's own stage-2 save, many at once
 *   (`saveNewEmployees`, batch-save.ts: the wizard's checks and messages from employee-save.ts, and
 *   the same user, draft move, family and audit rows the wizard writes, the version, form, e-mail
 *   owners and cities read once per batch, multi-row inserts), with the batch's per-row results
 *   (`bulk_import_rows`, unique job id + row number) and its progress counts; a job resumed after a
 *   restart skips the rows that have a result, so none is imported twice;
 * - status, error file and input file downloads (bulk-status.ts), for HR of the job's group and ADMIN (another
 *   group's job is NOT_FOUND).
 */
import type ExcelJS from "exceljs";
import type { DB } from "../../../db/index.ts";
import { findFormFields, findFormSections } from "../../../db/queries/policy/forms.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { findReleasedPolicies } from "../../../db/queries/moves/wizard.ts";
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { bulkMessages, bulkText, type TBulkFile } from "../../../domain/moves/bulk/schemas.ts";
import type { TInitiationComponent } from "../../../domain/moves/wizard/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { PermanentJobError } from "../../jobs/queue.ts";
import { readSheetRows } from "../../spreadsheet.ts";
import { WIZARD_ROLES } from "../wizard/access.ts";
import { ensureGroupForm } from "../wizard/form-load.ts";
import { toComponent } from "../wizard/initiation-rules.ts";
import { xlsxBytes } from "../../xlsx.ts";

export const POLICY_COLUMN = "Policy";
export const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

/** What an upload stores in its job (bulk-upload.ts) and the job, status and downloads read. */
export type BulkJobPayload = { groupId: number; fileName: string; hash: string; size: number; actor: SessionUser };
type Part = "value" | "country" | "state" | "city" | "currency";
export type BulkColumn = { header: string; modelName: string; label: string; part: Part };

// ── the form's columns ────────────────────────────────────────────────────────────────────────

const SKIPPED_TYPES = new Set(["hidden", "read-only-money"]);

/** Every field of the group's form (all policies), as the wizard shows them, in section order. */
export async function templateComponents(db: DB, groupId: number): Promise<TInitiationComponent[]> {
  await ensureGroupForm(db, groupId);
  const [sections, fields] = await Promise.all([findFormSections(db, groupId), findFormFields(db, groupId)]);
  const seen = new Set<string>();
  const out: TInitiationComponent[] = [];
  for (const section of sections.filter((s) => s.added === 1)) {
    for (const field of fields.filter((f) => f.section_id === section.id && f.shown && !f.excluded)) {
      const c = toComponent(field);
      if (SKIPPED_TYPES.has(c.formType) || c.readOnly || seen.has(c.modelName)) continue;
      seen.add(c.modelName);
      out.push(c);
    }
  }
  return out;
}

/** The template's columns after Policy: one per field, three for a place, two for money; headers unique. */
export function columnsOf(components: TInitiationComponent[]): BulkColumn[] {
  const used = new Set<string>([POLICY_COLUMN.toLowerCase()]);
  const columns: BulkColumn[] = [];
  const add = (c: TInitiationComponent, part: Part, suffix: string) => {
    const label = c.label.trim() || c.modelName;
    let header = `${label}${suffix}`;
    if (used.has(header.toLowerCase())) header = `${label} [${c.modelName}]${suffix}`;
    used.add(header.toLowerCase());
    columns.push({ header, modelName: c.modelName, label, part });
  };
  for (const c of components) {
    if (c.formType === "countryStateCity") {
      add(c, "country", " - Country");
      add(c, "state", " - State");
      add(c, "city", " - City");
    } else if (c.formType === "money") {
      add(c, "value", "");
      add(c, "currency", " - Currency");
    } else add(c, "value", "");
  }
  return columns;
}

// ── access ────────────────────────────────────────────────────────────────────────────────────

/** HR of the group or ADMIN; an unknown group is NOT_FOUND, another group FORBIDDEN. */
export async function bulkGroupFor(db: DB, user: SessionUser, groupName: string): Promise<GroupRef> {
  if (!WIZARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const group = await findGroupByName(db, groupName);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}

// ── template ──────────────────────────────────────────────────────────────────────────────────

/** Through the shared writer: every text made safe for XML (issue 23 item 9). */
export async function workbookBytes(workbook: ExcelJS.Workbook): Promise<Uint8Array> {
  return xlsxBytes(workbook);
}

/** GET /bulk/template?group: the group's import template (.xlsx). */
export async function bulkTemplate(db: DB, user: SessionUser, groupName: string): Promise<TBulkFile & { bytes: Uint8Array }> {
  const group = await bulkGroupFor(db, user, groupName);
  const components = await templateComponents(db, group.id);
  const columns = columnsOf(components);
  const policies = await findReleasedPolicies(db, group.id);
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  const sheet = workbook.addWorksheet("Employees");
  const header = sheet.addRow([POLICY_COLUMN, ...columns.map((c) => c.header)]);
  header.font = { bold: true };
  // Each header's note says whether the wizard requires it and what it takes.
  const byModel = new Map(components.map((c) => [c.modelName, c]));
  header.getCell(1).note = "Required (policy name, see the Policies sheet)";
  columns.forEach((col, i) => {
    const c = byModel.get(col.modelName)!;
    const kind = col.part === "country" ? "country code or name" : col.part === "state" ? "state code" : col.part === "city" ? "city name" : col.part === "currency" ? "currency code" : c.formType;
    header.getCell(i + 2).note = `${c.mandatory && col.part !== "state" && col.part !== "currency" ? "Required" : "Optional"} (${kind})`;
  });
  sheet.columns.forEach((col) => (col.width = 24));
  const list = workbook.addWorksheet("Policies");
  list.addRow(["Policy names (copy one into the Policy column)"]).font = { bold: true };
  for (const p of policies) list.addRow([p.name]);
  const bytes = await workbookBytes(workbook);
  const fileName = `${group.name}-employee-import-template.xlsx`;
  return { fileName, contentType: XLSX_TYPE, base64: Buffer.from(bytes).toString("base64"), bytes };
}

// ── reading the file ──────────────────────────────────────────────────────────────────────────

/** The bare parse: the first sheet's rows as trimmed text cells (header first); PermanentJobError for a file that is no spreadsheet. */
export function readBulkSheet(fileName: string, bytes: Uint8Array): Promise<string[][]> {
  return readSheetRows(fileName, bytes, bulkMessages);
}

/** The header's column positions; PermanentJobError naming the first missing or unknown column. */
export function headerIndex(header: string[], columns: BulkColumn[]): Map<string, number> {
  const known = new Map<string, string>([[POLICY_COLUMN.toLowerCase(), POLICY_COLUMN], ...columns.map((c) => [c.header.toLowerCase(), c.header] as const)]);
  const index = new Map<string, number>();
  header.forEach((h, i) => {
    if (h.trim() === "") return;
    const name = known.get(h.trim().toLowerCase());
    if (!name) throw new PermanentJobError(bulkText(bulkMessages.columns, { problem: bulkText(bulkMessages.unknownColumn, { column: h.trim() }) }));
    index.set(name, i);
  });
  for (const name of [POLICY_COLUMN, ...columns.map((c) => c.header)]) {
    if (!index.has(name)) throw new PermanentJobError(bulkText(bulkMessages.columns, { problem: bulkText(bulkMessages.missingColumn, { column: name }) }));
  }
  return index;
}
