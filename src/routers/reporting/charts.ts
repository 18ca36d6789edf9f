/**
 * The reporting room: charts under /{company}/summary/chart/ and the saved-charts dashboard (issue 26; part 2
 * §2, §3, §7). HR and managers of the group, and admins (groupProcedure: role, then group). Procedures over
 * src/services/reporting/charts.ts; the documented paths are in ./legacy/charts.ts.
 */
import {
  ZChartData,
  ZChartDataRequest,
  ZChartListRequest,
  ZChartListResponse,
  ZRemoveChartRequest,
  ZReorderChartsRequest,
  ZSaveChartRequest,
  ZSavedChartsResponse,
} from "../../domain/reporting/charts.ts";
import { chartData, listCharts, removeChart, reorderCharts, saveChart, savedCharts } from "../../services/reporting/charts.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const chartsProcedure = groupProcedure("HR", "MANAGER", "ADMIN");

export const chartsRouter = router({
  /** GET /{company}/summary/chart/reportDetails: the charts the group is offered. */
  list: chartsProcedure.input(sync(ZChartListRequest)).output(sync(ZChartListResponse)).query(({ ctx }) => listCharts(ctx.db, ctx.group)),
  /** GET /{company}/summary/chart/{id}/{start}/{end}/{dimension}: one chart's data. */
  data: chartsProcedure.input(sync(ZChartDataRequest)).output(sync(ZChartData)).query(({ ctx, input }) => chartData(ctx.db, ctx.user, ctx.group, input)),
  /** The user's own dashboard of saved charts. */
  saved: chartsProcedure.input(sync(ZChartListRequest)).output(sync(ZSavedChartsResponse)).query(({ ctx }) => savedCharts(ctx.db, ctx.user, ctx.group)),
  save: chartsProcedure.input(sync(ZSaveChartRequest)).output(sync(ZSavedChartsResponse)).mutation(({ ctx, input }) => saveChart(ctx.db, ctx.user, ctx.group, input)),
  remove: chartsProcedure.input(sync(ZRemoveChartRequest)).output(sync(ZSavedChartsResponse)).mutation(({ ctx, input }) => removeChart(ctx.db, ctx.user, ctx.group, input.chartId)),
  reorder: chartsProcedure.input(sync(ZReorderChartsRequest)).output(sync(ZSavedChartsResponse)).mutation(({ ctx, input }) => reorderCharts(ctx.db, ctx.user, ctx.group, input.chartIds)),
});
