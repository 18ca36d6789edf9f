import { describe, expect, test } from "bun:test";
import {
  alignRange,
  buildChartData,
  chartCsv,
  chartMessages,
  chartTableRows,
  currencySymbol,
  dimensionOffered,
  isChartDate,
  monthsOf,
  presetRange,
  rangeError,
  REPORTING_START,
  tagsApply,
  toChartReport,
  ZChartDataRequest,
} from "./charts.ts";

const row = { id: 1, title: "Moves initiated by month", chart_content: "Moves", report_type: "Stacked", dimension_id: "month", sort_order: 1, default_currency: "USD", full_screen_width: 1, vertical_stack: 1, show_tags: 1, geo_chart_region: null };

describe("chart presets (part 2 §9)", () => {
  test("last 12 months starts at the first of the month a year ago, YTD on 1 January, custom from 2012-01-01", () => {
    expect(presetRange("last12months", "2026-12-07")).toEqual({ start: "2025-12-01", end: "2026-12-07" });
    expect(presetRange("last12months", "2024-02-29")).toEqual({ start: "2023-02-01", end: "2024-02-29" });
    expect(presetRange("ytd", "2026-12-07")).toEqual({ start: "2026-01-01", end: "2026-12-07" });
    expect(presetRange("ytd", "2026-01-01")).toEqual({ start: "2026-01-01", end: "2026-01-01" });
    expect(presetRange("custom", "2026-12-07")).toEqual({ start: REPORTING_START, end: "2026-12-07" });
    expect(presetRange("custom", "2026-12-07", { start: "2020-05-05", end: "2021-01-01" })).toEqual({ start: "2020-05-05", end: "2021-01-01" });
  });
});

describe("chart range (part 2 §5)", () => {
  test("both dates are needed, each with its message", () => {
    expect(rangeError({ start: "", end: "2026-01-01" })).toBe("Please select a value for start date");
    expect(rangeError({ start: "2026-01-01", end: null })).toBe("Please select a value for end date");
    expect(rangeError({ start: "2026-02-30", end: "2026-03-01" })).toBe(chartMessages.startRequired);
    expect(rangeError({ start: "2026-01-01", end: "2026-03-01" })).toBeNull();
  });
  test("start after end: the other date is aligned", () => {
    expect(alignRange({ start: "2026-05-01", end: "2026-03-01" }, "start")).toEqual({ start: "2026-05-01", end: "2026-05-01" });
    expect(alignRange({ start: "2026-05-01", end: "2026-03-01" }, "end")).toEqual({ start: "2026-03-01", end: "2026-03-01" });
    expect(alignRange({ start: "2026-01-01", end: "2026-03-01" }, "end")).toEqual({ start: "2026-01-01", end: "2026-03-01" });
  });
  test("YYYY-MM-DD of real days only", () => {
    expect(isChartDate("2026-12-07")).toBe(true);
    for (const bad of ["2026-13-01", "2026-1-01", "07/12/2026", "2026-12-07T00:00", ""]) expect(isChartDate(bad)).toBe(false);
    expect(ZChartDataRequest.safeParse({ group: "acme", chartId: 1, start: "x", end: "2026-01-01", dimension: "month" }).error?.issues[0]?.message).toBe(chartMessages.startRequired);
  });
  test("months of a range, across a year", () => {
    expect(monthsOf({ start: "2025-11-15", end: "2026-02-01" })).toEqual(["2025-11", "2025-12", "2026-01", "2026-02"]);
  });
});

describe("tags (part 2 §4)", () => {
  test("only with more than one and at most ten series", () => {
    expect([0, 1, 2, 10, 11].map(tagsApply)).toEqual([false, false, true, true, false]);
  });
});

describe("chart data shape (part 2 §3)", () => {
  const chart = toChartReport(row);
  test("the report's fields, geo charts only by country", () => {
    expect(chart).toMatchObject({ id: 1, reportType: "Stacked", chartContent: "Moves", dimensionId: "month", fullScreenWidth: true, verticalStack: true, showTags: true, geoChartRegion: null, defaultCurrency: "USD" });
    const geo = toChartReport({ ...row, report_type: "MarkerGeoChart", dimension_id: "destinationCountry" });
    expect(dimensionOffered(geo, "month")).toBe(false);
    expect(dimensionOffered(geo, "destinationCountry")).toBe(true);
    expect(dimensionOffered(chart, "service")).toBe(false);
    expect(toChartReport(row, "Our moves").title).toBe("Our moves");
  });
  test("rows become data with series, months filled with 0, series ordered by size", () => {
    const data = buildChartData(chart, { start: "2026-01-01", end: "2026-03-31", dimension: "month" }, [
      { key: "2026-01", series: "INITIATED", currency: null, value: 2 },
      { key: "2026-01", series: "CANCELLED", currency: null, value: 1 },
      { key: "2026-03", series: "INITIATED", currency: null, value: 3 },
    ], new Map(), {});
    expect(data.data.map((d) => [d.label, d.value])).toEqual([["2026-01", 3], ["2026-02", 0], ["2026-03", 3]]);
    expect(data.stackData).toEqual(["INITIATED", "CANCELLED"]);
    expect(data.data[0]!.summaryDataList).toEqual([{ label: "INITIATED", value: 2, currency: null }, { label: "CANCELLED", value: 1, currency: null }]);
    expect(chartTableRows(data)).toHaveLength(3);
    expect(data.currencySet).toEqual([]);
  });
  test("no rows: no data (the page says 'No data available for chart.')", () => {
    expect(buildChartData(chart, { start: "2026-01-01", end: "2026-03-31", dimension: "month" }, [], new Map(), {}).data).toEqual([]);
  });
  test("spend: one datum per key and currency, currency set and symbols, keys labelled, largest first", () => {
    const spend = toChartReport({ ...row, chart_content: "Spend", report_type: "Table", dimension_id: "destinationCountry" });
    const data = buildChartData(spend, { start: "2026-01-01", end: "2026-03-31", dimension: "destinationCountry" }, [
      { key: "DE", series: "HOUSING", currency: "EUR", value: 12345 },
      { key: "US", series: "HOUSING", currency: "USD", value: 50000 },
      { key: null, series: null, currency: "USD", value: 1 },
    ], new Map([["DE", { label: "Germany", latitude: 51, longitude: 9 }]]), { EUR: "€", USD: "$" });
    expect(data.data.map((d) => [d.label, d.value, d.currency, d.latitude])).toEqual([["US", 50000, "USD", null], ["Germany", 12345, "EUR", 51], ["Unknown", 1, "USD", null]]);
    expect(data.currencySet).toEqual(["EUR", "USD"]);
    expect(data.currencySymbols).toEqual({ EUR: "€", USD: "$" });
    expect(currencySymbol("EUR")).toBe("€");
    expect(currencySymbol("XYZ")).toBe("XYZ");
  });
});

describe("CSV download", () => {
  const heads = { label: "Label", series: "Series", value: "Value", currency: "Currency" };
  test("the table's rows: stacked with the series, money in major units, cells quoted, formulas defused", () => {
    const chart = toChartReport(row);
    const data = buildChartData(chart, { start: "2026-01-01", end: "2026-01-31", dimension: "month" }, [
      { key: "2026-01", series: "open", currency: null, value: 2 },
      { key: "2026-01", series: "a,b", currency: null, value: 1 },
    ], new Map(), {});
    expect(chartCsv(data, heads)).toBe('Label,Series,Value,Currency\r\n2026-01,open,2,\r\n2026-01,"a,b",1,\r\n');
    const money = buildChartData(chart, { start: "2026-01-01", end: "2026-01-31", dimension: "policy" }, [{ key: "=cmd", series: "x", currency: "JPY", value: 1235 }, { key: "p", series: "x", currency: "EUR", value: 12345 }], new Map(), {});
    expect(chartCsv(money, heads)).toBe(`Label,Value,Currency\r\np,123.45,EUR\r\n"'=cmd",1235,JPY\r\n`);
  });
});
