/**
 * Running a CUSTOM or OLD report (issue 26 "Custom report builder"): its subject's allow-listed columns, its
 * rule tree compiled to Kysely with parameters only, group-by and totals, always within the viewer's group and,
 * for a MANAGER, through `restrictMoves` (read at the time of the run: a reminder e-mail reads with the
 * recipient's restrictions at send time). Called by the library's runner (src/services/reporting/run.ts) for every
 * non-BASE report, and by the builder's preview (an unsaved definition) through `runDefinition`.
 *
 * The definition is re-checked against the allow-list and the group's disabled fields on every run (a stored
 * definition naming a column outside its subject is refused, never compiled). Rows are streamed page by page
 * (PAGE rows per query), so a large report never sits in memory. A custom report has no filter definitions of its
 * own (its filters are its rule tree), so `filters` is not read.
 */
import type { DB } from "../../db/index.ts";
import { findLiveReport } from "../../db/queries/reporting/builder.ts";
import { customSelect } from "../../db/queries/reporting/rule-compiler.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { builderMessages } from "../../domain/reporting/builder-messages.ts";
import { definitionProblems, ZReportDefinition, type TReportDefinition } from "../../domain/reporting/builder-schemas.ts";
import type { FilterValues, ReportResult, ReportRow, ReportViewer } from "../../domain/reporting/types.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { fieldTitles } from "./builder-fields.ts";

const PAGE = 1000;

/** A stored definition, parsed (a broken one is refused as not found: it can never run). */
export function parseStoredDefinition(text: string | null): TReportDefinition {
  if (!text) throw new AppError("NOT_FOUND", messages.notFound);
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new AppError("NOT_FOUND", messages.notFound);
  }
  const parsed = ZReportDefinition.safeParse(raw);
  if (!parsed.success) throw new AppError("NOT_FOUND", messages.notFound);
  return parsed.data;
}

/** Runs a definition for the viewer's group (and a MANAGER's restrictions): the allow-list check first, then the SQL. */
export async function runDefinition(db: DB, viewer: ReportViewer, def: TReportDefinition): Promise<ReportResult> {
  const titles = await fieldTitles(db, viewer.groupId);
  const problems = definitionProblems(def, titles.disabled);
  if (problems.length > 0) throw new AppError("VALIDATION", problems[0]!);
  const scope = await restrictionScopeOf(db, { id: viewer.userId, role: viewer.role });
  const query = customSelect(db, def, viewer.groupId, scope, (f) => titles.titleOf(def.subject, f));
  async function* rows(): AsyncGenerator<ReportRow> {
    for (let offset = 0; ; offset += PAGE) {
      const page = await query.page(PAGE, offset);
      yield* page;
      if (page.length < PAGE) break;
    }
    if (query.totals) yield* await query.totals();
  }
  return { columns: query.columns, rows: rows() };
}

export async function runCustomReport(db: DB, viewer: ReportViewer, reportId: number, _filters: FilterValues): Promise<ReportResult> {
  const report = await findLiveReport(db, reportId);
  if (!report || report.type === "BASE" || report.group_id !== viewer.groupId) throw new AppError("NOT_FOUND", builderMessages.unknownReport);
  return runDefinition(db, viewer, parseStoredDefinition(report.definition));
}
