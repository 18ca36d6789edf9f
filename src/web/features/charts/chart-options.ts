/**
 * The ECharts option of a chart (issue 26; part 2 §3 report types): what each of the seven types draws from
 * the §3 data shape, with the series the tags leave visible (part 2 §4) and, for Spend, one currency. Pure:
 * no DOM. Money is plotted in major units of its currency (toMajorString, the one rounding place) and shown
 * through src/web/lib/format.ts.
 */
import { toMajorString } from "../../../domain/money/money.ts";
import type { TChartData } from "../../../domain/reporting/charts.ts";
import { formatMoney, formatNumber } from "../../lib/format.ts";
import { mapNameOf, WORLD_MAP } from "./echarts-setup.ts";

export type ChartView = { visible: ReadonlySet<string> | null; currency: string | null };

/** The data a view shows: the chosen currency's rows (Spend), each datum's value the sum of its visible series. */
export function viewData(chart: TChartData, view: ChartView): TChartData["data"] {
  const rows = chart.currencySet.length > 0 ? chart.data.filter((d) => d.currency === (view.currency ?? chart.currencySet[0])) : chart.data;
  if (!view.visible) return rows;
  return rows.map((d) => {
    const summaryDataList = d.summaryDataList.filter((s) => view.visible!.has(s.label));
    return { ...d, summaryDataList, value: summaryDataList.reduce((a, s) => a + s.value, 0) };
  });
}

export function valueText(value: number, currency: string | null): string {
  return currency ? formatMoney({ amount: value, currency }) : formatNumber(value);
}

const plotted = (value: number, currency: string | null) => (currency ? Number(toMajorString({ amount: value, currency })) : value);

/** The ECharts option, or null for a Table (drawn as an HTML table). */
export function chartOption(chart: TChartData, view: ChartView, seriesName: (s: string) => string): Record<string, unknown> | null {
  const data = viewData(chart, view);
  const currency = data.find((d) => d.currency)?.currency ?? null;
  const series = chart.stackData.filter((s) => !view.visible || view.visible.has(s));
  const labels = data.map((d) => d.label);
  const formatter = (v: number) => (currency ? `${currency} ${formatNumber(v)}` : formatNumber(v));
  const base = {
    aria: { enabled: true, decal: { show: false } },
    animation: false,
    tooltip: { trigger: chart.reportType === "Pie" || chart.reportType === "MarkerGeoChart" || chart.reportType === "RegionGeoChart" ? "item" : "axis", valueFormatter: formatter },
  };
  const valueOf = (d: (typeof data)[number], s: string) => plotted(d.summaryDataList.find((x) => x.label === s)?.value ?? 0, d.currency);
  switch (chart.reportType) {
    case "Table":
      return null;
    case "Stacked": {
      const category = { type: "category", data: labels, axisLabel: { hideOverlap: true } };
      const value = { type: "value", axisLabel: { formatter: (v: number) => formatNumber(v) } };
      return {
        ...base,
        legend: { type: "scroll", bottom: 0 },
        grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
        xAxis: chart.verticalStack ? category : value,
        yAxis: chart.verticalStack ? value : category,
        series: series.map((s) => ({ type: "bar", name: seriesName(s), stack: "total", data: data.map((d) => valueOf(d, s)) })),
      };
    }
    case "Line":
    case "StackedLine": {
      const stacked = chart.reportType === "StackedLine";
      const lines = series.length > 1 ? series.map((s) => ({ name: seriesName(s), data: data.map((d) => valueOf(d, s)) })) : [{ name: chart.title, data: data.map((d) => plotted(d.value, d.currency)) }];
      return {
        ...base,
        legend: { type: "scroll", bottom: 0 },
        grid: { left: 8, right: 16, top: 16, bottom: 40, containLabel: true },
        xAxis: { type: "category", data: labels, boundaryGap: false },
        yAxis: { type: "value", axisLabel: { formatter: (v: number) => formatNumber(v) } },
        series: lines.map((l) => ({ type: "line", name: l.name, data: l.data, ...(stacked ? { stack: "total", areaStyle: {} } : {}) })),
      };
    }
    case "Pie":
      return {
        ...base,
        legend: { type: "scroll", bottom: 0 },
        series: [{ type: "pie", name: chart.title, radius: ["35%", "65%"], center: ["50%", "45%"], data: data.filter((d) => d.value > 0).map((d) => ({ name: d.label, value: plotted(d.value, d.currency) })) }],
      };
    case "MarkerGeoChart": {
      const max = Math.max(1, ...data.map((d) => d.value));
      return {
        ...base,
        geo: { map: WORLD_MAP, roam: true, silent: true, itemStyle: { areaColor: "#e8edf3", borderColor: "#9aa7b4" } },
        series: [{
          type: "scatter",
          coordinateSystem: "geo",
          name: chart.title,
          data: data.filter((d) => d.latitude !== null && d.longitude !== null).map((d) => ({ name: d.label, value: [d.longitude, d.latitude, plotted(d.value, d.currency)] })),
          symbolSize: (v: number[]) => 8 + 22 * Math.sqrt((v[2] ?? 0) / plotted(max, currency)),
          tooltip: { valueFormatter: (v: number[] | number) => formatter(Array.isArray(v) ? (v[2] ?? 0) : v) },
        }],
      };
    }
    case "RegionGeoChart": {
      const values = data.map((d) => plotted(d.value, d.currency));
      return {
        ...base,
        visualMap: { min: 0, max: Math.max(1, ...values), left: 8, bottom: 8, calculable: false, inRange: { color: ["#dbe7f5", "#1d4f91"] }, formatter: (v: number) => formatNumber(Math.round(v)) },
        series: [{ type: "map", map: WORLD_MAP, name: chart.title, roam: true, data: data.map((d) => ({ name: mapNameOf(d.label), value: plotted(d.value, d.currency) })) }],
      };
    }
  }
}
