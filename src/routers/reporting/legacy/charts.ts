/**
 * Documented chart paths (issue 26; part 2 §7 "GET /{company}/summary/chart/reportDetails and
 * /{company}/summary/chart/{id}/{start}/{end}/{dimension}"). {company} is the group's URL name; HR and
 * managers of that group and admins (the role before anything is read, then the group). Each parses with the
 * `charts.*` procedure's schema and calls the same service (src/services/reporting/charts.ts). Read-only GETs.
 * reportDetails answers the list of chart reports; a chart answers its report with data[]; failures answer
 * `{ success: false, errorMessage }` with the error's status.
 */
import type { Hono } from "hono";
import { chartMessages, ZChartDataRequest, ZChartListRequest } from "../../../domain/reporting/charts.ts";
import { failureText, legacyRoute, parseFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { chartData, chartGroupFor, listCharts } from "../../../services/reporting/charts.ts";

const CHART_ROLES = ["HR", "MANAGER", "ADMIN"] as const;
const failure = (error: unknown) => ({ success: false, errorMessage: failureText(error, chartMessages.loadFailed) });

export function mountLegacyReportingCharts(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, {
    method: "GET",
    path: "/:company/summary/chart/reportDetails",
    roles: CHART_ROLES,
    run: async (c, { user }) => {
      const input = parseFields(ZChartListRequest, { group: c.req.param("company") });
      const group = await chartGroupFor(db, user!, input.group);
      return (await listCharts(db, group)).charts;
    },
    failure,
  });

  legacyRoute(app, {
    method: "GET",
    path: "/:company/summary/chart/:id/:start/:end/:dimension",
    roles: CHART_ROLES,
    run: async (c, { user }) => {
      const input = parseFields(ZChartDataRequest, {
        group: c.req.param("company"),
        chartId: c.req.param("id"),
        start: c.req.param("start"),
        end: c.req.param("end"),
        dimension: c.req.param("dimension"),
      });
      const group = await chartGroupFor(db, user!, input.group);
      return chartData(db, user!, group, input);
    },
    failure,
  });
}
