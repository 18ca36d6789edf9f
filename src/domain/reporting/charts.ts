/**
 * Charts (issue 26; part 2 §2 "HR charts and reports page", §3 "Chart report", §4 "Chart tags", §5 chart
 * range, §8 "No data available for chart.", §9 presets). Pure: no I/O. What a chart is, its contents and
 * types, the period presets (each takes "today"), the range rules and their messages, the tags-filter rule,
 * the dimensions, the zod schemas of the procedures and documented paths, and `buildChartData`, the one place
 * the aggregate rows become the spec's data shape (the page, the table view, the CSV and the dashboard all
 * read it).
 */
import { z } from "zod";
import { toMajorString } from "../money/money.ts";
import { ZId } from "../numbers.ts";

/** Part 2 §3 reportType. */
export const CHART_TYPES = ["Stacked", "Pie", "Table", "Line", "MarkerGeoChart", "RegionGeoChart", "StackedLine"] as const;
export type ChartType = (typeof CHART_TYPES)[number];

/** Part 2 §3 chartContent. */
export const CHART_CONTENTS = ["Moves", "Escalation", "Exception", "Spend", "Booking", "Enquiries"] as const;
export type ChartContent = (typeof CHART_CONTENTS)[number];

/**
 * What a chart's labels are (the `{dimension}` of the documented path): the month of the event, the move's
 * destination or origin country, its policy, or the service (spend and bookings).
 */
export const CHART_DIMENSIONS = ["month", "destinationCountry", "originCountry", "policy", "service"] as const;
export type ChartDimension = (typeof CHART_DIMENSIONS)[number];

export const DIMENSION_LABELS: Record<ChartDimension, string> = {
  month: "By month",
  destinationCountry: "By destination country",
  originCountry: "By origin country",
  policy: "By policy",
  service: "By service",
};

/** The dimensions a content can be read by (service only where the rows carry one). */
export function dimensionsOf(content: ChartContent): ChartDimension[] {
  switch (content) {
    case "Spend":
    case "Booking":
      return ["month", "destinationCountry", "originCountry", "policy", "service"];
    case "Moves":
    case "Escalation":
    case "Exception":
    case "Enquiries":
      return ["month", "destinationCountry", "originCountry", "policy"];
  }
}

/** Geo charts are read by a country (their labels are countries on the world map). */
export const isGeoChart = (type: ChartType) => type === "MarkerGeoChart" || type === "RegionGeoChart";

/** Part 2 §2 time-period select. */
export const CHART_PERIODS = ["last12months", "ytd", "custom"] as const;
export type ChartPeriod = (typeof CHART_PERIODS)[number];

/** Part 2 §9 "reporting start default 2012-01-01". */
export const REPORTING_START = "2012-01-01";
/** Part 2 §9 "Default currency filter in reports USD". */
export const DEFAULT_CHART_CURRENCY = "USD";

/** Part 2 §5 and §8 texts, verbatim. */
export const chartMessages = {
  startRequired: "Please select a value for start date",
  endRequired: "Please select a value for end date",
  noData: "No data available for chart.",
  notFound: "The chart could not be found.",
  dimensionNotOffered: "This chart cannot be shown by that dimension.",
  saveFailed: "There has been an error saving the chart.",
  loadFailed: "There has been an error loading the chart.",
} as const;

export type ChartRange = { start: string; end: string };

const pad = (n: number) => String(n).padStart(2, "0");
const ymd = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;
const partsOf = (day: string) => day.split("-").map(Number) as [number, number, number];

/** "YYYY-MM-DD" of a real calendar day (part 2 §9 "chart range in YYYY-MM-DD"). */
export function isChartDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = partsOf(value);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Part 2 §9 presets, from `today` (YYYY-MM-DD): last 12 months starts at the first of the month a year ago;
 * year to date starts 1 January; both end today. Custom keeps the given dates (default from 2012-01-01).
 */
export function presetRange(period: ChartPeriod, today: string, custom?: Partial<ChartRange>): ChartRange {
  const [y, m] = partsOf(today);
  switch (period) {
    case "last12months":
      return { start: ymd(y - 1, m, 1), end: today };
    case "ytd":
      return { start: ymd(y, 1, 1), end: today };
    case "custom":
      return { start: custom?.start ?? REPORTING_START, end: custom?.end ?? today };
  }
}

/** Part 2 §5 "Custom chart dates need both": the message of the first missing (or not a real day) date, or null. */
export function rangeError(range: { start?: string | null; end?: string | null }): string | null {
  if (!range.start || !isChartDate(range.start)) return chartMessages.startRequired;
  if (!range.end || !isChartDate(range.end)) return chartMessages.endRequired;
  return null;
}

/**
 * Part 2 §5 "Chart range: if start is after end, the other date is aligned": the date just changed stays,
 * the other one moves to it.
 */
export function alignRange(range: ChartRange, changed: "start" | "end"): ChartRange {
  if (range.start <= range.end) return range;
  return changed === "start" ? { start: range.start, end: range.start } : { start: range.end, end: range.end };
}

/** Part 2 §4 "Tag filter applies only with 10 or fewer series and more than one." */
export const MAX_TAG_SERIES = 10;
export function tagsApply(seriesCount: number): boolean {
  return seriesCount > 1 && seriesCount <= MAX_TAG_SERIES;
}

/** The months ("YYYY-MM") a range covers, first to last, so a month without rows shows as 0. */
export function monthsOf(range: ChartRange): string[] {
  const [sy, sm] = partsOf(range.start);
  const [ey, em] = partsOf(range.end);
  const out: string[] = [];
  for (let y = sy, m = sm; y < ey || (y === ey && m <= em); m === 12 ? ((y += 1), (m = 1)) : (m += 1)) out.push(`${y}-${pad(m)}`);
  return out;
}

/** One aggregate row: the dimension's key, the series (status, service…), the currency (Spend only) and the count or minor-unit sum. */
export type ChartAggregateRow = { key: string | null; series: string | null; currency: string | null; value: number };

/** Labels for keys (countries' and policies' names, coordinates for markers). */
export type ChartKeyInfo = { label: string; latitude?: number | null; longitude?: number | null };

export const UNKNOWN_LABEL = "Unknown";

/** A chart report without its data (reportDetails). */
export const ZChartReport = z.object({
  id: z.number().int(),
  title: z.string(),
  dimensionId: z.enum(CHART_DIMENSIONS),
  order: z.number().int(),
  defaultCurrency: z.string(),
  reportType: z.enum(CHART_TYPES),
  chartContent: z.enum(CHART_CONTENTS),
  fullScreenWidth: z.boolean(),
  verticalStack: z.boolean(),
  showTags: z.boolean(),
  geoChartRegion: z.string().nullable(),
  dimensions: z.array(z.enum(CHART_DIMENSIONS)),
});
export type TChartReport = z.infer<typeof ZChartReport>;

export const ZChartSummary = z.object({ label: z.string(), value: z.number(), currency: z.string().nullable() });
export const ZChartDatum = z.object({
  /** The dimension's key (month "YYYY-MM", country code, policy id, service key). */
  key: z.string(),
  label: z.string(),
  /** A count, or for Spend the sum in integer minor units of `currency`. */
  value: z.number(),
  currency: z.string().nullable(),
  /** The value split by series (status, service…), for stacked charts and the tags. */
  summaryDataList: z.array(ZChartSummary),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export type TChartDatum = z.infer<typeof ZChartDatum>;

/** Part 2 §3 "Chart report" with its data for one range and dimension. */
export const ZChartData = ZChartReport.extend({
  start: z.string(),
  end: z.string(),
  dimension: z.enum(CHART_DIMENSIONS),
  data: z.array(ZChartDatum),
  /** The series, in order (stacked charts' stacks and the tags' chips). */
  stackData: z.array(z.string()),
  currencySet: z.array(z.string()),
  currencySymbols: z.record(z.string(), z.string()),
});
export type TChartData = z.infer<typeof ZChartData>;

export const ZChartListRequest = z.object({ group: z.string().min(1).max(100) });
export const ZChartListResponse = z.object({ charts: z.array(ZChartReport) });

const ZChartDateText = (message: string) => z.string({ error: message }).refine(isChartDate, { message });
export const ZChartDataRequest = z.object({
  group: z.string().min(1).max(100),
  chartId: ZId,
  start: ZChartDateText(chartMessages.startRequired),
  end: ZChartDateText(chartMessages.endRequired),
  dimension: z.enum(CHART_DIMENSIONS, { error: chartMessages.dimensionNotOffered }),
});
export type TChartDataRequest = z.infer<typeof ZChartDataRequest>;

export const ZSavedChart = z.object({ chartId: z.number().int(), dimension: z.enum(CHART_DIMENSIONS), order: z.number().int(), chart: ZChartReport });
export const ZSavedChartsResponse = z.object({ charts: z.array(ZSavedChart) });
export type TSavedChartsResponse = z.infer<typeof ZSavedChartsResponse>;
export const ZSaveChartRequest = z.object({ group: z.string().min(1).max(100), chartId: ZId, dimension: z.enum(CHART_DIMENSIONS, { error: chartMessages.dimensionNotOffered }) });
export const ZRemoveChartRequest = z.object({ group: z.string().min(1).max(100), chartId: ZId });
export const ZReorderChartsRequest = z.object({ group: z.string().min(1).max(100), chartIds: z.array(ZId).max(100) });

/** The stored chart row as the queries give it. */
export type ChartRow = {
  id: number; title: string; chart_content: string; report_type: string; dimension_id: string; sort_order: number; default_currency: string;
  full_screen_width: number; vertical_stack: number; show_tags: number; geo_chart_region: string | null;
};

export function toChartReport(row: ChartRow, displayName?: string | null): TChartReport {
  const content = row.chart_content as ChartContent;
  const type = row.report_type as ChartType;
  return {
    id: row.id,
    title: displayName?.trim() || row.title,
    dimensionId: row.dimension_id as ChartDimension,
    order: row.sort_order,
    defaultCurrency: row.default_currency,
    reportType: type,
    chartContent: content,
    fullScreenWidth: row.full_screen_width === 1,
    verticalStack: row.vertical_stack === 1,
    showTags: row.show_tags === 1,
    geoChartRegion: row.geo_chart_region,
    dimensions: isGeoChart(type) ? ["destinationCountry", "originCountry"] : dimensionsOf(content),
  };
}

/** Whether the chart can be read by `dimension` (geo charts only by a country). */
export function dimensionOffered(chart: TChartReport, dimension: ChartDimension): boolean {
  return chart.dimensions.includes(dimension);
}

/**
 * The spec's data shape from the aggregate rows: one datum per key (and currency, for Spend), each with its
 * series split; months of the range without rows as 0 when read by month; keys in the dimension's order
 * (months ascending, otherwise the largest first).
 */
export function buildChartData(
  chart: TChartReport,
  request: { start: string; end: string; dimension: ChartDimension },
  rows: readonly ChartAggregateRow[],
  keys: ReadonlyMap<string, ChartKeyInfo>,
  symbols: Readonly<Record<string, string>>,
): TChartData {
  type Acc = { key: string; currency: string | null; value: number; series: Map<string, number> };
  const byKey = new Map<string, Acc>();
  const seriesTotals = new Map<string, number>();
  const currencies = new Set<string>();
  const id = (key: string, currency: string | null) => `${key}\u0000${currency ?? ""}`;
  for (const r of rows) {
    const key = r.key ?? "";
    const acc = byKey.get(id(key, r.currency)) ?? { key, currency: r.currency, value: 0, series: new Map<string, number>() };
    acc.value += r.value;
    const series = r.series ?? UNKNOWN_LABEL;
    acc.series.set(series, (acc.series.get(series) ?? 0) + r.value);
    seriesTotals.set(series, (seriesTotals.get(series) ?? 0) + r.value);
    if (r.currency) currencies.add(r.currency);
    byKey.set(id(key, r.currency), acc);
  }
  const stackData = [...seriesTotals.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([s]) => s);
  let list = [...byKey.values()];
  if (request.dimension === "month") {
    const seen = new Set(list.map((a) => a.key));
    const currencyList = currencies.size > 0 ? [...currencies] : [null];
    if (list.length > 0) for (const month of monthsOf(request)) if (!seen.has(month)) for (const c of currencyList) list.push({ key: month, currency: c, value: 0, series: new Map() });
    list.sort((a, b) => a.key.localeCompare(b.key) || (a.currency ?? "").localeCompare(b.currency ?? ""));
  } else {
    list.sort((a, b) => b.value - a.value || a.key.localeCompare(b.key));
  }
  const data = list.map((a) => {
    const info = keys.get(a.key);
    return {
      key: a.key,
      label: a.key === "" ? UNKNOWN_LABEL : (info?.label ?? a.key),
      value: a.value,
      currency: a.currency,
      summaryDataList: stackData.filter((s) => a.series.has(s)).map((s) => ({ label: s, value: a.series.get(s)!, currency: a.currency })),
      latitude: info?.latitude ?? null,
      longitude: info?.longitude ?? null,
    };
  });
  const currencySet = [...currencies].sort();
  return {
    ...chart,
    start: request.start,
    end: request.end,
    dimension: request.dimension,
    data,
    stackData,
    currencySet,
    currencySymbols: Object.fromEntries(currencySet.map((c) => [c, symbols[c] ?? c])),
  };
}

/** The rows of "View as table" and the CSV: one line per datum and series (or the datum alone). */
export function chartTableRows(chart: Pick<TChartData, "data" | "stackData">): { label: string; series: string | null; value: number; currency: string | null }[] {
  const out: { label: string; series: string | null; value: number; currency: string | null }[] = [];
  for (const d of chart.data) {
    if (chart.stackData.length > 1) for (const s of d.summaryDataList) out.push({ label: d.label, series: s.label, value: s.value, currency: d.currency });
    else out.push({ label: d.label, series: null, value: d.value, currency: d.currency });
  }
  return out;
}

/** A currency's symbol (the chart's currencySymbols), from the ISO code; the code itself when none is known. */
export function currencySymbol(code: string): string {
  try {
    return new Intl.NumberFormat("en", { style: "currency", currency: code }).formatToParts(0).find((p) => p.type === "currency")?.value ?? code;
  } catch {
    return code;
  }
}

/** The day after `day` (YYYY-MM-DD): a range's exclusive end for timestamps of its last day. */
export function dayAfter(day: string): string {
  const [y, m, d] = partsOf(day);
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** A value as the table and the CSV write it: a count, or money in major units of its currency ("123.45"). */
export function chartValueText(value: number, currency: string | null): string {
  return currency ? toMajorString({ amount: value, currency }) : String(value);
}

const csvCell = (text: string) => (/[",\r\n]/.test(text) || /^[=+\-@\t]/.test(text) ? `"${(/^[=+\-@\t]/.test(text) ? `'${text}` : text).replace(/"/g, '""')}"` : text);

/** "Download CSV": the same rows as "View as table" (label, series when stacked, value, currency), CRLF lines; cells that a spreadsheet would run as formulas are quoted with a leading apostrophe. */
export function chartCsv(chart: Pick<TChartData, "data" | "stackData">, headings: { label: string; series: string; value: string; currency: string }): string {
  const rows = chartTableRows(chart);
  const stacked = chart.stackData.length > 1;
  const head = stacked ? [headings.label, headings.series, headings.value, headings.currency] : [headings.label, headings.value, headings.currency];
  const lines = [head.map(csvCell).join(",")];
  for (const r of rows) {
    const cells = stacked ? [r.label, r.series ?? "", chartValueText(r.value, r.currency), r.currency ?? ""] : [r.label, chartValueText(r.value, r.currency), r.currency ?? ""];
    lines.push(cells.map(csvCell).join(","));
  }
  return lines.join("\r\n") + "\r\n";
}
