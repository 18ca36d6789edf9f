import { z } from "zod";
import { ZChartData, ZChartReport } from "../../../domain/reporting/charts.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const failure = "failures answer {success: false, errorMessage} with the error's status (401 signed out, 403 another role or another group, 404 unknown group or a chart the group is not offered, 400 bad dates or dimension)";

/** OpenAPI descriptions of the legacy paths in ./charts.ts (served in /api/openapi.json). */
export const reportingChartsOperations: Operation[] = [
  {
    method: "get",
    path: "/{company}/summary/chart/reportDetails",
    summary: `The charts the group (its URL name) is offered, in their order (HR and MANAGER of the group, ADMIN): id, title, dimensionId, order, defaultCurrency, reportType, chartContent, fullScreenWidth, verticalStack, showTags, geoChartRegion and the dimensions it can be read by; a chart disabled for the group (its permission row) is left out; ${failure}`,
    spec: "part 2 §2, §3, §7",
    response: z.array(ZChartReport),
    auth: "session",
  },
  {
    method: "get",
    path: "/{company}/summary/chart/{id}/{start}/{end}/{dimension}",
    summary: `One chart's data for start and end (YYYY-MM-DD; missing or not a day: "Please select a value for start date" / "Please select a value for end date"; a start after the end moves the end to it) by a dimension (month, destinationCountry, originCountry, policy, service — geo charts by a country only): the chart report with data[] (key, label, value — a count, or for Spend the approved and paid sum in minor units of currency — currency, summaryDataList[] per series, latitude and longitude of a country), stackData, currencySet, currencySymbols; a MANAGER's rows are limited by their restrictions; no data is an empty data[]; ${failure}`,
    spec: "part 2 §3, §5, §7, §9",
    response: ZChartData,
    auth: "session",
  },
];
