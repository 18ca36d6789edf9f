/**
 * One chart (issue 26; part 2 §3, §4, §8): its dimension select, the chart drawn with ECharts (ARIA
 * description on) or, for the Table type and on "View as table", an accessible table of the same data; the
 * tags chips when the chart shows tags and has 2–10 series (adding or removing one redraws the chart); a
 * currency select for Spend (kept in a cookie, part 2 §9 "widget currencies are kept in a cookie"); "Download
 * CSV" built in the browser from the same data; "No data available for chart." when there is none.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Download, LayoutDashboard, Table2 } from "lucide-react";
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { chartCsv, tagsApply, type ChartDimension, type TChartData, type TChartReport } from "../../../domain/reporting/charts.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { chartOption, valueText, viewData, type ChartView } from "./chart-options.ts";
import { echarts, ensureWorldMap } from "./echarts-setup.ts";

const CURRENCY_COOKIE = "meridian_chart_currency";

function readCurrencyCookie(): string | null {
  const raw = document.cookie.split("; ").find((c) => c.startsWith(`${CURRENCY_COOKIE}=`));
  const value = raw ? decodeURIComponent(raw.slice(CURRENCY_COOKIE.length + 1)) : "";
  return /^[A-Z]{3}$/.test(value) ? value : null;
}

function writeCurrencyCookie(code: string) {
  document.cookie = `${CURRENCY_COOKIE}=${code}; path=/; max-age=31536000; samesite=lax`;
}

function useSeriesName() {
  const { t } = useTranslation();
  return (s: string) => t(`charts.series.${s}`, s);
}

/** The ECharts drawing; redrawn when the option changes, resized with its box. */
function ChartCanvas({ option, label, tall }: { option: Record<string, unknown>; label: string; tall: boolean }) {
  const ref = useRef<HTMLDivElement>(null);
  const instance = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    ensureWorldMap();
    const chart = echarts.init(el, undefined, { renderer: "canvas" });
    instance.current = chart;
    const observer = new ResizeObserver(() => chart.resize());
    observer.observe(el);
    return () => {
      observer.disconnect();
      chart.dispose();
      instance.current = null;
    };
  }, []);
  useEffect(() => {
    instance.current?.setOption(option, { notMerge: true });
    // ECharts writes its ARIA description into aria-label; the box is an image for assistive technology.
    ref.current?.setAttribute("role", "img");
    if (!ref.current?.getAttribute("aria-label")) ref.current?.setAttribute("aria-label", label);
  }, [option, label]);
  return <div ref={ref} role="img" aria-label={label} data-testid="chart-canvas" className={cn("w-full", tall ? "h-96" : "h-72")} />;
}

export function ChartTable({ chart, data, title }: { chart: TChartData; data: TChartData["data"]; title: string }) {
  const { t } = useTranslation();
  const seriesName = useSeriesName();
  const stacked = chart.stackData.length > 1;
  const rows = data.flatMap((d) =>
    stacked && d.summaryDataList.length > 0 ? d.summaryDataList.map((s) => ({ key: `${d.key}-${d.currency}-${s.label}`, label: d.label, series: seriesName(s.label), value: s.value, currency: d.currency })) : [{ key: `${d.key}-${d.currency}`, label: d.label, series: stacked ? "" : null, value: d.value, currency: d.currency }],
  );
  const total = data.reduce((a, d) => a + d.value, 0);
  const currency = data.find((d) => d.currency)?.currency ?? null;
  return (
    // Scrolls in its own box, so it takes the focus (keyboard users can scroll it) and is named.
    <div className="max-h-96 overflow-auto rounded-md border focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring" data-testid="chart-table" tabIndex={0} role="region" aria-label={title}>
      <Table>
        <TableCaption className="sr-only">{t("charts.tableCaption", { title, start: formatDate(chart.start), end: formatDate(chart.end) })}</TableCaption>
        <TableHeader>
          <TableRow>
            <TableHead scope="col">{t(`charts.dimension.${chart.dimension}`)}</TableHead>
            {stacked ? <TableHead scope="col">{t("charts.column.series")}</TableHead> : null}
            <TableHead scope="col" className="text-right">{currency ? t("charts.column.amount") : t("charts.column.count")}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.key}>
              <TableCell>{r.label}</TableCell>
              {stacked ? <TableCell>{r.series}</TableCell> : null}
              <TableCell className="text-right tabular-nums">{valueText(r.value, r.currency)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell className="font-semibold">{t("charts.total")}</TableCell>
            {stacked ? <TableCell /> : null}
            <TableCell className="text-right font-semibold tabular-nums">{valueText(total, currency)}</TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </div>
  );
}

function downloadCsv(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ChartCard({
  group,
  chart,
  range,
  initialDimension,
  canSave = true,
  actions,
}: {
  group: string;
  chart: TChartReport;
  range: { start: string; end: string };
  initialDimension?: ChartDimension;
  canSave?: boolean;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const seriesName = useSeriesName();
  const id = useId();
  const queryClient = useQueryClient();
  const [dimension, setDimension] = useState<ChartDimension>(initialDimension ?? chart.dimensionId);
  const [asTable, setAsTable] = useState(chart.reportType === "Table");
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [currency, setCurrency] = useState<string | null>(() => readCurrencyCookie() ?? chart.defaultCurrency);
  const [savedNote, setSavedNote] = useState(false);
  const query = useQuery({ ...trpc.charts.data.queryOptions({ group, chartId: chart.id, start: range.start, end: range.end, dimension }), retry: false, refetchOnWindowFocus: false });
  const save = useMutation(
    trpc.charts.save.mutationOptions({
      onSuccess: (saved) => {
        queryClient.setQueryData(trpc.charts.saved.queryKey({ group }), saved);
        setSavedNote(true);
      },
    }),
  );
  const data = query.data;
  const tags = data && chart.showTags && tagsApply(data.stackData.length) ? data.stackData : [];
  const effectiveCurrency = data && data.currencySet.length > 0 ? (currency && data.currencySet.includes(currency) ? currency : data.currencySet[0]!) : null;
  const view: ChartView = useMemo(
    () => ({ visible: tags.length > 0 ? new Set(tags.filter((s) => !hidden.has(s))) : null, currency: effectiveCurrency }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [tags.join("\u0000"), hidden, effectiveCurrency],
  );
  const shown = data ? viewData(data, view) : [];
  const option = useMemo(() => (data ? chartOption(data, view, seriesName) : null), [data, view, seriesName]);
  const empty = data !== undefined && data.data.length === 0;
  const title = chart.title;
  const headingId = `${id}-title`;
  const csvName = `${title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase() || "chart"}-${range.start}-${range.end}.csv`;

  return (
    <Card className={cn("min-w-0", chart.fullScreenWidth && "lg:col-span-2")} data-testid="chart-card" data-chart-id={chart.id} aria-labelledby={headingId} role="region">
      <CardHeader className="flex flex-col gap-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <CardTitle as="h2" id={headingId} className="text-base">{title}</CardTitle>
            <p className="text-xs text-muted-foreground">{t(`charts.type.${chart.reportType}`)} · {t(`charts.content.${chart.chartContent}`)}</p>
          </div>
          {actions}
        </div>
        <div className="flex flex-wrap items-end gap-3">
          {chart.dimensions.length > 1 ? (
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${id}-dimension`}>{t("charts.dimension")}</Label>
              <NativeSelect id={`${id}-dimension`} value={dimension} onChange={(e) => setDimension(e.target.value as ChartDimension)} className="h-9 w-auto">
                {chart.dimensions.map((d) => (
                  <option key={d} value={d}>{t(`charts.dimension.${d}`)}</option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          {data && data.currencySet.length > 1 ? (
            <div className="flex min-w-0 flex-col gap-1">
              <Label htmlFor={`${id}-currency`}>{t("charts.currency")}</Label>
              <NativeSelect
                id={`${id}-currency`}
                value={effectiveCurrency ?? ""}
                onChange={(e) => {
                  setCurrency(e.target.value);
                  writeCurrencyCookie(e.target.value);
                }}
                className="h-9 w-auto"
              >
                {data.currencySet.map((c) => (
                  <option key={c} value={c}>{c} ({data.currencySymbols[c] ?? c})</option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <div className="flex flex-wrap gap-2">
            {chart.reportType !== "Table" ? (
              <Button type="button" variant="outline" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} disabled={!data || empty}>
                <Table2 aria-hidden="true" />
                {t("charts.viewAsTable")}
              </Button>
            ) : null}
            <Button type="button" variant="outline" size="sm" disabled={!data || empty} onClick={() => data && downloadCsv(chartCsv({ data: shown, stackData: view.visible ? data.stackData.filter((s) => view.visible!.has(s)) : data.stackData }, { label: t(`charts.dimension.${dimension}`), series: t("charts.column.series"), value: t("charts.column.value"), currency: t("charts.column.currency") }), csvName)}>
              <Download aria-hidden="true" />
              {t("charts.downloadCsv")}
            </Button>
            {canSave ? (
              <Button type="button" variant="outline" size="sm" busy={save.isPending} onClick={() => save.mutate({ group, chartId: chart.id, dimension })}>
                <LayoutDashboard aria-hidden="true" />
                {savedNote ? t("charts.savedToDashboard") : t("charts.saveToDashboard")}
              </Button>
            ) : null}
          </div>
        </div>
        <p role="status" className="text-sm text-muted-foreground empty:hidden">{savedNote ? t("charts.saved") : save.isError ? errorText(save.error, t("error.generic")) : ""}</p>
        {tags.length > 0 && !empty ? (
          <div role="group" aria-label={t("charts.tags")} className="flex flex-wrap gap-2" data-testid="chart-tags">
            {tags.map((s) => {
              const on = !hidden.has(s);
              return (
                <button
                  key={s}
                  type="button"
                  aria-pressed={on}
                  onClick={() => setHidden((h) => { const next = new Set(h); if (on) next.add(s); else next.delete(s); return next; })}
                  className={cn("rounded-full border px-3 py-1 text-xs font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", on ? "border-primary bg-primary-soft text-primary" : "border-border text-muted-foreground line-through")}
                >
                  {seriesName(s)}
                </button>
              );
            })}
          </div>
        ) : null}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <LoadingRows rows={4} />
        ) : query.isError || !data ? (
          <ErrorState message={errorText(query.error, t("charts.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : empty ? (
          <EmptyState title={t("charts.noData")} headingLevel={3} className="py-8" />
        ) : asTable || option === null ? (
          <ChartTable chart={data} data={shown} title={title} />
        ) : (
          <ChartCanvas option={option} label={title} tall={chart.fullScreenWidth} />
        )}
      </CardContent>
    </Card>
  );
}
