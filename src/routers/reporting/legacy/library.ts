/**
 * Documented reporting paths: the report library (issue 26; part 2 §7 "Reporting": POST
 * /reporting/getReportFilters (reportId, group); GET /reporting/finance/getReportResults; POST
 * /{group}/report/add-user-favourite-report and remove-user-favourite-report; GET preview data; GET getReports;
 * GET get-filter-defaults; POST save-filter-defaults; form posts to /reporting/download and /reporting/generate;
 * POST loadReportFilterLabel). Relative calls are under /reporting/ (DESIGN.md). Same services as
 * src/routers/reporting/library.ts, through legacyRoute: role first, then the group (a form's or query's `group`,
 * the path's for favourites; HR and managers may leave it out for their own), then the fields.
 * Failures answer `{ success: false, errorMessage }` (+ per-field messages) with the §8 generic text for the
 * unexpected. Downloads stream the file (Content-Disposition: attachment).
 */
import type { Hono } from "hono";
import { z } from "zod";
import {
  ZFilterLabelRequest,
  ZReportDownloadRequest,
  ZReportFiltersRequest,
  ZReportPreviewRequest,
  ZReportResultsRequest,
  ZReportsListRequest,
  ZSaveFilterDefaultsRequest,
} from "../../../domain/reporting/library-schemas.ts";
import { libraryMessages } from "../../../domain/reporting/library-messages.ts";
import { errorMessageFailure, legacyRoute } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { CSV_TYPE, csvStream, downloadName, XLSX_TYPE, xlsxStream } from "../../../services/reporting/export.ts";
import {
  addFavourite,
  FAVOURITE_ROLES,
  filterDefaults,
  filterLabel,
  LIBRARY_ROLES,
  libraryGroup,
  listReports,
  previewReport,
  removeFavourite,
  reportFilters,
  reportNameFor,
  reportResults,
  saveFilterDefaults,
  viewerOf,
} from "../../../services/reporting/library.ts";
import { runReport, todayOf } from "../../../services/reporting/run.ts";

const BASE = "/reporting";
const ZOptionalGroup = z.object({ group: z.string().trim().min(1).max(64).optional() });

/** The shared schemas with `group` optional (HR and managers default to their own group). */
export const ZLegacyReportsList = ZReportsListRequest.extend(ZOptionalGroup.shape);
export const ZLegacyReportFilters = ZReportFiltersRequest.extend(ZOptionalGroup.shape);
export const ZLegacyReportPreview = ZReportPreviewRequest.extend(ZOptionalGroup.shape);
export const ZLegacyReportResults = ZReportResultsRequest.extend(ZOptionalGroup.shape);
export const ZLegacySaveFilterDefaults = ZSaveFilterDefaultsRequest.extend(ZOptionalGroup.shape);
export const ZLegacyFilterDefaults = ZReportFiltersRequest.extend(ZOptionalGroup.shape);
export const ZLegacyDownload = ZReportDownloadRequest.extend(ZOptionalGroup.shape);
/** The favourite paths carry the group in the path. */
export const ZLegacyFavourite = z.object({ reportId: z.coerce.number().int().positive().max(2_147_483_647) });

export function mountLegacyReportingLibrary(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const roles = LIBRARY_ROLES;

  legacyRoute(app, {
    method: "GET",
    path: `${BASE}/getReports`,
    roles,
    input: ZLegacyReportsList,
    run: async (_c, { input, user }) => listReports(db, user!, await libraryGroup(db, user!, input.group), input),
    failure: errorMessageFailure(libraryMessages.reportLoadFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: `${BASE}/getReportFilters`,
    roles,
    input: ZLegacyReportFilters,
    run: async (_c, { input, user }) => reportFilters(db, user!, await libraryGroup(db, user!, input.group), input.reportId),
    failure: errorMessageFailure(libraryMessages.filterLoadFailed),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${BASE}/preview-data`,
    roles,
    input: ZLegacyReportPreview,
    run: async (_c, { input, user }) => previewReport(db, user!, await libraryGroup(db, user!, input.group), input),
    failure: errorMessageFailure(libraryMessages.errorApplyingFilters),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${BASE}/finance/getReportResults`,
    roles,
    input: ZLegacyReportResults,
    run: async (_c, { input, user }) => reportResults(db, user!, await libraryGroup(db, user!, input.group), input),
    failure: errorMessageFailure(libraryMessages.errorApplyingFilters),
  });

  legacyRoute(app, {
    method: "GET",
    path: `${BASE}/get-filter-defaults`,
    roles,
    input: ZLegacyFilterDefaults,
    run: async (_c, { input, user }) => filterDefaults(db, user!, await libraryGroup(db, user!, input.group), input.reportId),
    failure: errorMessageFailure(libraryMessages.filterLoadFailed),
  });

  legacyRoute(app, {
    method: "POST",
    path: `${BASE}/save-filter-defaults`,
    roles,
    input: ZLegacySaveFilterDefaults,
    run: async (_c, { input, user }) => saveFilterDefaults(db, user!, await libraryGroup(db, user!, input.group), input),
    failure: errorMessageFailure(libraryMessages.filterSaveFailed),
  });

  for (const [action, run] of [
    ["add", addFavourite],
    ["remove", removeFavourite],
  ] as const) {
    legacyRoute(app, {
      method: "POST",
      path: `/:group/report/${action}-user-favourite-report`,
      roles: FAVOURITE_ROLES,
      input: ZLegacyFavourite,
      run: async (c, { input, user }) => run(db, user!, await libraryGroup(db, user!, c.req.param("group"), FAVOURITE_ROLES), input.reportId),
      failure: errorMessageFailure(libraryMessages.favouriteFailed),
    });
  }

  legacyRoute(app, {
    method: "POST",
    path: `${BASE}/loadReportFilterLabel`,
    roles,
    input: ZFilterLabelRequest,
    run: async (_c, { input, user }) => filterLabel(db, input, user!),
    failure: errorMessageFailure(libraryMessages.labelLoadFailed),
  });

  // Form posts answering the file, streamed (part 2 §7 "form posts to /reporting/download and /reporting/generate").
  for (const path of [`${BASE}/download`, `${BASE}/generate`]) {
    legacyRoute(app, {
      method: "POST",
      path,
      roles,
      input: ZLegacyDownload,
      run: async (_c, { input, user }) => {
        const group = await libraryGroup(db, user!, input.group);
        const viewer = viewerOf(user!, group);
        const now = new Date();
        const result = await runReport(db, viewer, input.reportId, input.filters, now);
        const name = downloadName(await reportNameFor(db, viewer, input.reportId), input.format, todayOf(now));
        const body = input.format === "xlsx" ? xlsxStream(result) : csvStream(result);
        return new Response(body, {
          headers: {
            "Content-Type": input.format === "xlsx" ? XLSX_TYPE : CSV_TYPE,
            "Content-Disposition": `attachment; filename="${name}"`,
            "Cache-Control": "no-store",
            "X-Content-Type-Options": "nosniff",
          },
        });
      },
      failure: errorMessageFailure(libraryMessages.downloadFailed),
    });
  }
}

