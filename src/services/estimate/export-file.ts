/**
 * GET /{group|crm}/generateCostEstimateExport (part 1 §7, §6 "Cost estimate export route sits
 * under the group prefix, or a CRM prefix when no group"): the move's current version (or a kept
 * version of the same move) as a spreadsheet or a PDF, the balance sheet first when asked.
 */
import type { DB } from "../../db/index.ts";
import type { TExportRequest } from "../../domain/estimate/schemas.ts";
import type { EstimateMove } from "./access.ts";
import { versionForMove } from "./estimates.ts";
import { exportContentType, exportFileName, renderEstimatePdf, renderEstimateWorkbook } from "./export.ts";

export type ExportedFile = { fileName: string; contentType: string; bytes: Uint8Array };

export async function exportEstimate(
  db: DB,
  move: EstimateMove,
  input: Pick<TExportRequest, "isBalanceSheetView" | "format" | "costEstimateId">,
): Promise<ExportedFile> {
  const { view, balanceSheet } = await versionForMove(db, move, input.costEstimateId);
  const options = { isBalanceSheetView: input.isBalanceSheetView && balanceSheet !== null };
  const bytes = input.format === "pdf" ? await renderEstimatePdf(view, balanceSheet, options) : await renderEstimateWorkbook(view, balanceSheet, options);
  return { fileName: exportFileName(view, input.format, options.isBalanceSheetView), contentType: exportContentType(input.format), bytes };
}
