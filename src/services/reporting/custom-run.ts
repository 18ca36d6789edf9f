/**
 * Running a CUSTOM or OLD report (issue 26 "Custom report builder"): its subject's allow-listed columns, its
 * rule tree compiled to Kysely with parameters only, group-by and totals, always within the viewer's group
 * and restrictions. Called by the library's runner (src/services/reporting/run.ts) for every non-BASE report.
 * (Frame: the builder fills this in.)
 */
import type { DB } from "../../db/index.ts";
import type { FilterValues, ReportResult, ReportViewer } from "../../domain/reporting/types.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";

export async function runCustomReport(_db: DB, _viewer: ReportViewer, _reportId: number, _filters: FilterValues): Promise<ReportResult> {
  throw new AppError("NOT_FOUND", messages.notFound);
}
