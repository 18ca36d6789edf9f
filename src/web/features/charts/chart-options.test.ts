/** What each chart type draws (chart-options.ts): the seven types, the tags' visible series, one currency for Spend. */
import { describe, expect, test } from "bun:test";
import { buildChartData, CHART_TYPES, toChartReport, type ChartType } from "../../../domain/reporting/charts.ts";
import { chartOption, viewData } from "./chart-options.ts";

const row = (type: ChartType, content = "Moves", dimension = "month") => ({
  id: 1, title: "T", chart_content: content, report_type: type, dimension_id: dimension, sort_order: 1, default_currency: "USD",
  full_screen_width: 0, vertical_stack: 1, show_tags: 1, geo_chart_region: null,
});
const name = (s: string) => `S:${s}`;

function data(type: ChartType) {
  const dimension = type === "MarkerGeoChart" || type === "RegionGeoChart" ? "destinationCountry" : "month";
  return buildChartData(toChartReport(row(type, "Moves", dimension)), { start: "2026-01-01", end: "2026-02-28", dimension }, [
    { key: dimension === "month" ? "2026-01" : "DE", series: "open", currency: null, value: 3 },
    { key: dimension === "month" ? "2026-01" : "DE", series: "completed", currency: null, value: 1 },
    { key: dimension === "month" ? "2026-02" : "US", series: "open", currency: null, value: 2 },
  ], new Map([["DE", { label: "Germany", latitude: 51, longitude: 9 }], ["US", { label: "United States", latitude: 38, longitude: -97 }]]), {});
}

describe("chart options", () => {
  test("every type but Table draws with the ARIA description on", () => {
    for (const type of CHART_TYPES) {
      const option = chartOption(data(type), { visible: null, currency: null }, name);
      if (type === "Table") expect(option).toBeNull();
      else expect(option).toMatchObject({ aria: { enabled: true } });
    }
  });
  test("stacked bars: one series per visible series, stacked; hiding a tag redraws without it", () => {
    const chart = data("Stacked");
    const all = chartOption(chart, { visible: null, currency: null }, name) as { series: { name: string; stack: string; data: number[] }[] };
    expect(all.series.map((s) => [s.name, s.stack, s.data])).toEqual([["S:open", "total", [3, 2]], ["S:completed", "total", [1, 0]]]);
    const some = chartOption(chart, { visible: new Set(["completed"]), currency: null }, name) as { series: { name: string }[] };
    expect(some.series.map((s) => s.name)).toEqual(["S:completed"]);
    expect(viewData(chart, { visible: new Set(["completed"]), currency: null }).map((d) => d.value)).toEqual([1, 0]);
  });
  test("pie, lines, the maps", () => {
    const pie = chartOption(data("Pie"), { visible: null, currency: null }, name) as { series: { data: unknown[] }[] };
    expect(pie.series[0]!.data).toEqual([{ name: "2026-01", value: 4 }, { name: "2026-02", value: 2 }]);
    const stackedLine = chartOption(data("StackedLine"), { visible: null, currency: null }, name) as { series: { type: string; stack?: string }[] };
    expect(stackedLine.series.every((s) => s.type === "line" && s.stack === "total")).toBe(true);
    const line = chartOption(data("Line"), { visible: null, currency: null }, name) as { series: { stack?: string }[] };
    expect(line.series.every((s) => s.stack === undefined)).toBe(true);
    const markers = chartOption(data("MarkerGeoChart"), { visible: null, currency: null }, name) as { series: { data: { name: string; value: number[] }[] }[] };
    expect(markers.series[0]!.data).toEqual([{ name: "Germany", value: [9, 51, 4] }, { name: "United States", value: [-97, 38, 2] }]);
    const regions = chartOption(data("RegionGeoChart"), { visible: null, currency: null }, name) as { series: { data: { name: string }[] }[] };
    expect(regions.series[0]!.data.map((d) => d.name)).toEqual(["Germany", "United States of America"]);
  });
  test("spend: one currency at a time, plotted in major units", () => {
    const spend = buildChartData(toChartReport(row("Pie", "Spend", "policy")), { start: "2026-01-01", end: "2026-01-31", dimension: "policy" }, [
      { key: "1", series: "HOUSING", currency: "EUR", value: 12345 },
      { key: "1", series: "HOUSING", currency: "JPY", value: 1235 },
    ], new Map(), {});
    const eur = chartOption(spend, { visible: null, currency: "EUR" }, name) as { series: { data: { name: string; value: number }[] }[] };
    expect(eur.series[0]!.data).toEqual([{ name: "1", value: 123.45 }]);
    const jpy = chartOption(spend, { visible: null, currency: "JPY" }, name) as { series: { data: { name: string; value: number }[] }[] };
    expect(jpy.series[0]!.data).toEqual([{ name: "1", value: 1235 }]);
  });
});
