/**
 * Estimate accuracy (issue 26 "Estimate accuracy, published"): per move and service the current estimate line,
 * the budget and the actual approved spend, the difference and the percentage error. The BASE report
 * "estimate accuracy" (src/services/reporting/run.ts) reads its rows here. (Frame: the HR overview's
 * accuracy work fills this in.)
 */
import type { DB } from "../../db/index.ts";
import type { FilterValues, ReportResult, ReportViewer } from "../../domain/reporting/types.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";

export async function estimateAccuracyReport(_db: DB, _viewer: ReportViewer, _filters: FilterValues): Promise<ReportResult> {
  throw new AppError("NOT_FOUND", messages.notFound);
}
