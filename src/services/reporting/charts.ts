/**
 * Charts (issue 26; part 2 §2, §3, §7): the charts a group is offered (reportDetails), a chart's data for a
 * range and dimension, and Meridian's own dashboard of saved charts per user. Both transports call these:
 * src/routers/reporting/charts.ts and the documented paths in src/routers/reporting/legacy/charts.ts.
 * A MANAGER's rows go through their restrictions (restrictionScopeOf + restrictMoves in the queries). Spend
 * counts an expense when its lifecycle (src/domain/employee/expenses/lifecycle.ts, loaded by
 * withLifecycles) places it as approved or paid against its budget (budgetStageOf), the one definition the
 * budget figures use.
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  chartPermissionsOf,
  countChartRows,
  countriesByCode,
  deleteSavedChart,
  findChartRow,
  findChartRows,
  findSpendRows,
  insertSavedChart,
  policiesById,
  savedChartsOf,
  servicesByKey,
  setSavedChartOrder,
} from "../../db/queries/reporting/charts.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { budgetStageOf } from "../../domain/employee/budgets/figures.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import {
  alignRange,
  buildChartData,
  chartMessages,
  currencySymbol,
  dayAfter,
  dimensionOffered,
  rangeError,
  toChartReport,
  type ChartAggregateRow,
  type ChartDimension,
  type ChartKeyInfo,
  type TChartData,
  type TChartReport,
  type TSavedChartsResponse,
} from "../../domain/reporting/charts.ts";
import { canActInGroup, type Role } from "../../domain/roles.ts";
import { withLifecycles } from "../employee/expenses/lifecycle.ts";

export type ChartCaller = { id: number; role: Role; groupId: number | null };
export type ChartGroup = { id: number; name: string };

const CHART_ROLES: readonly Role[] = ["HR", "MANAGER", "ADMIN"];

/** The group named by its URL name, for HR and managers of that group and admins (role first, then group). */
export async function chartGroupFor(db: DB, user: ChartCaller, name: string): Promise<ChartGroup> {
  if (!CHART_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { id: group.id, name: group.name };
}

/** The charts offered to the group (report_permissions kind CHART; no row = enabled), in their order, with the group's names. */
export async function listCharts(db: DB, group: ChartGroup): Promise<{ charts: TChartReport[] }> {
  const [rows, permissions] = await Promise.all([findChartRows(db), chartPermissionsOf(db, group.id)]);
  const byId = new Map(permissions.map((p) => [p.item_id, p]));
  return { charts: rows.filter((r) => byId.get(r.id)?.enabled !== 0).map((r) => toChartReport(r, byId.get(r.id)?.display_name)) };
}

/** One chart the group is offered, or NOT_FOUND (unknown or disabled for the group). */
async function offeredChart(db: DB, group: ChartGroup, chartId: number): Promise<TChartReport> {
  const [row, permissions] = await Promise.all([findChartRow(db, chartId), chartPermissionsOf(db, group.id)]);
  const permission = permissions.find((p) => p.item_id === chartId);
  if (!row || permission?.enabled === 0) throw new AppError("NOT_FOUND", chartMessages.notFound);
  return toChartReport(row, permission?.display_name);
}

/** Names (and coordinates) of the keys the rows hold. */
async function keyInfo(db: DB, groupId: number, dimension: ChartDimension, rows: readonly ChartAggregateRow[]): Promise<Map<string, ChartKeyInfo>> {
  const keys = [...new Set(rows.map((r) => r.key).filter((k): k is string => k !== null && k !== ""))];
  const info = new Map<string, ChartKeyInfo>();
  switch (dimension) {
    case "month":
      break;
    case "destinationCountry":
    case "originCountry":
      for (const c of await countriesByCode(db, keys)) {
        const coordinate = (v: string | null) => (v === null || v.trim() === "" || !Number.isFinite(Number(v)) ? null : Number(v));
        info.set(c.code, { label: c.name, latitude: coordinate(c.latitude), longitude: coordinate(c.longitude) });
      }
      break;
    case "policy":
      for (const p of await policiesById(db, groupId, keys.map(Number).filter(Number.isInteger))) info.set(String(p.id), { label: p.name });
      break;
    case "service":
      for (const s of await servicesByKey(db, keys)) info.set(s.key, { label: s.name });
      break;
  }
  return info;
}

/**
 * A chart's data (GET /{company}/summary/chart/{id}/{start}/{end}/{dimension}): both dates needed (part 2 §5
 * messages); a start after the end moves the end to it (the other date is aligned); the dimension must be
 * one the chart offers.
 */
export async function chartData(
  db: DB,
  user: ChartCaller,
  group: ChartGroup,
  request: { chartId: number; start: string; end: string; dimension: ChartDimension },
): Promise<TChartData> {
  const error = rangeError(request);
  if (error) throw new AppError("BAD_REQUEST", error, { [error === chartMessages.startRequired ? "start" : "end"]: error });
  const chart = await offeredChart(db, group, request.chartId);
  if (!dimensionOffered(chart, request.dimension)) throw new AppError("BAD_REQUEST", chartMessages.dimensionNotOffered, { dimension: chartMessages.dimensionNotOffered });
  const range = alignRange({ start: request.start, end: request.end }, "start");
  const scope = await restrictionScopeOf(db, user);
  const params = { groupId: group.id, scope, from: range.start, until: dayAfter(range.end), dimension: request.dimension };
  let rows: ChartAggregateRow[];
  if (chart.chartContent === "Spend") {
    const found = await withLifecycles(db, await findSpendRows(db, params));
    const sums = new Map<string, ChartAggregateRow>();
    for (const r of found) {
      const stage = budgetStageOf(r.lifecycle.stage);
      if (stage !== "approved" && stage !== "paid") continue;
      const id = `${r.key ?? ""}\u0000${r.service_key}\u0000${r.currency}`;
      const acc = sums.get(id) ?? { key: r.key, series: r.service_key, currency: r.currency, value: 0 };
      acc.value += r.gross_amount;
      sums.set(id, acc);
    }
    rows = [...sums.values()];
  } else {
    rows = await countChartRows(db, { ...params, content: chart.chartContent });
  }
  const keys = await keyInfo(db, group.id, request.dimension, rows);
  const symbols = Object.fromEntries([...new Set(rows.map((r) => r.currency).filter((c): c is string => c !== null))].map((c) => [c, currencySymbol(c)]));
  return buildChartData(chart, { ...range, dimension: request.dimension }, rows, keys, symbols);
}

/** The user's dashboard: their saved charts the group still offers, in their order. */
export async function savedCharts(db: DB, user: ChartCaller, group: ChartGroup): Promise<TSavedChartsResponse> {
  const [saved, offered] = await Promise.all([savedChartsOf(db, user.id, group.id), listCharts(db, group)]);
  const byId = new Map(offered.charts.map((c) => [c.id, c]));
  const charts = saved.flatMap((s) => {
    const chart = byId.get(s.chart_id);
    const dimension = s.dimension_id as ChartDimension;
    return chart && dimensionOffered(chart, dimension) ? [{ chartId: s.chart_id, dimension, order: s.sort_order, chart }] : [];
  });
  return { charts };
}

/** Saves a chart (with the dimension it was read by) to the end of the user's dashboard; saving it again keeps one. */
export async function saveChart(db: DB, user: ChartCaller, group: ChartGroup, input: { chartId: number; dimension: ChartDimension }): Promise<TSavedChartsResponse> {
  const chart = await offeredChart(db, group, input.chartId);
  if (!dimensionOffered(chart, input.dimension)) throw new AppError("BAD_REQUEST", chartMessages.dimensionNotOffered, { dimension: chartMessages.dimensionNotOffered });
  await insertSavedChart(db, { userId: user.id, groupId: group.id, chartId: input.chartId, dimension: input.dimension, now: new Date().toISOString() });
  return savedCharts(db, user, group);
}

export async function removeChart(db: DB, user: ChartCaller, group: ChartGroup, chartId: number): Promise<TSavedChartsResponse> {
  await deleteSavedChart(db, user.id, group.id, chartId);
  return savedCharts(db, user, group);
}

/** Puts the user's saved charts in the given order (charts not named keep their place after them). */
export async function reorderCharts(db: DB, user: ChartCaller, group: ChartGroup, chartIds: number[]): Promise<TSavedChartsResponse> {
  const saved = await savedChartsOf(db, user.id, group.id);
  const wanted = [...new Set(chartIds)].filter((id) => saved.some((s) => s.chart_id === id));
  const order = [...wanted, ...saved.map((s) => s.chart_id).filter((id) => !wanted.includes(id))];
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of order.entries()) await setSavedChartOrder(trx, user.id, group.id, id, i + 1);
  });
  return savedCharts(db, user, group);
}
