/**
 * The reporting room: the report library (issue 26; part 2 §3 "Reporting", §4, §5, §6 "Reports", §7 "Reporting"):
 * BASE/CUSTOM/OLD reports, filters, preview, results, favourites, filter defaults and filter labels.
 * Procedures over src/services/reporting/library.ts; the documented paths (./legacy/library.ts) call the same
 * services, and add the streamed downloads (/reporting/download, /reporting/generate).
 * HR and managers act in their own group; an admin passes any group (part 2 §6 "admin … must pick a group").
 */
import {
  ZFavouriteRequest,
  ZFavouriteResponse,
  ZFilterDefaultsRequest,
  ZFilterDefaultsResponse,
  ZFilterLabelRequest,
  ZFilterLabelResponse,
  ZReportFiltersRequest,
  ZReportFiltersResponse,
  ZReportPreviewRequest,
  ZReportPreviewResponse,
  ZReportResultsRequest,
  ZReportResultsResponse,
  ZReportsListRequest,
  ZReportsListResponse,
  ZResultMessageResponse,
  ZSaveFilterDefaultsRequest,
} from "../../domain/reporting/library-schemas.ts";
import {
  addFavourite,
  filterDefaults,
  filterLabel,
  listReports,
  previewReport,
  removeFavourite,
  reportFilters,
  reportResults,
  saveFilterDefaults,
} from "../../services/reporting/library.ts";
import { groupProcedure, roleProcedure, router, sync } from "../../trpc.ts";

const library = groupProcedure("HR", "MANAGER", "ADMIN");
/** Part 2 §6: "Manager or HR view can favourite custom reports; admins cannot." */
const favourites = groupProcedure("HR", "MANAGER");

export const reportsRouter = router({
  /** GET /reporting/getReports: the tab's reports (search, category), the categories the group may see. */
  list: library.input(sync(ZReportsListRequest)).output(sync(ZReportsListResponse)).query(({ ctx, input }) => listReports(ctx.db, ctx.user, ctx.group, input)),
  /** POST /reporting/getReportFilters (reportId, group): the report's filters and the caller's defaults. */
  filters: library.input(sync(ZReportFiltersRequest)).output(sync(ZReportFiltersResponse)).query(({ ctx, input }) => reportFilters(ctx.db, ctx.user, ctx.group, input.reportId)),
  /** GET /reporting/preview-data: the first 100 rows. */
  preview: library.input(sync(ZReportPreviewRequest)).output(sync(ZReportPreviewResponse)).query(({ ctx, input }) => previewReport(ctx.db, ctx.user, ctx.group, input)),
  /** GET /reporting/finance/getReportResults: one page of rows. */
  results: library.input(sync(ZReportResultsRequest)).output(sync(ZReportResultsResponse)).query(({ ctx, input }) => reportResults(ctx.db, ctx.user, ctx.group, input)),
  /** GET /reporting/get-filter-defaults */
  filterDefaults: library.input(sync(ZFilterDefaultsRequest)).output(sync(ZFilterDefaultsResponse)).query(({ ctx, input }) => filterDefaults(ctx.db, ctx.user, ctx.group, input.reportId)),
  /** POST /reporting/save-filter-defaults */
  saveFilterDefaults: library.input(sync(ZSaveFilterDefaultsRequest)).output(sync(ZResultMessageResponse)).mutation(({ ctx, input }) => saveFilterDefaults(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/report/add-user-favourite-report */
  addFavourite: favourites.input(sync(ZFavouriteRequest)).output(sync(ZFavouriteResponse)).mutation(({ ctx, input }) => addFavourite(ctx.db, ctx.user, ctx.group, input.reportId)),
  /** POST /{group}/report/remove-user-favourite-report */
  removeFavourite: favourites.input(sync(ZFavouriteRequest)).output(sync(ZFavouriteResponse)).mutation(({ ctx, input }) => removeFavourite(ctx.db, ctx.user, ctx.group, input.reportId)),
  /** POST /reporting/loadReportFilterLabel (xlateKey, lang, defaultValue → success, message). */
  filterLabel: roleProcedure("HR", "MANAGER", "ADMIN").input(sync(ZFilterLabelRequest)).output(sync(ZFilterLabelResponse)).query(({ ctx, input }) => filterLabel(ctx.db, input, ctx.user)),
});
