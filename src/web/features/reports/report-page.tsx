/**
 * One report's page `/$group/reports/$reportId` (issue 26; part 2 §2 "Report preview" and "Report generation form:
 * a report select that reloads filter labels"; §4 "filters show or hide"; §5 "Reporting" filter rules; §7
 * getReportFilters, loadReportFilterLabel, preview data, save-filter-defaults, form posts to /reporting/generate;
 * §8 "Error applying filters...", filter defaults saved).
 *
 * The report select (the group's recommended and custom reports) opens another report's page, whose filters
 * and their labels load anew (`reports.filters`; each label through `reports.filterLabel`). The filters start
 * from the caller's saved defaults (else the spec's: currency USD, due date 45) and are checked in the browser
 * with the same rules the server applies (`applyFilters`, src/domain/reporting/filters.ts) before a preview,
 * a save or a download; the server's own refusal (its text and per-filter messages) shows the same way.
 * The preview (`reports.preview`, the first rows) is a table: every column on a wide screen (the table
 * scrolls in its own box), the first two on a phone with the rest in each row's details.
 */
import { useMutation, useQueries, useQuery } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { createColumnHelper, tableFeatures, useTable } from "@tanstack/react-table";
import { ChevronDown, ChevronLeft, ChevronUp, SlidersHorizontal, TableProperties } from "lucide-react";
import { Fragment, useEffect, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppError } from "../../../domain/errors.ts";
import { applyFilters, datepickerYears } from "../../../domain/reporting/filters.ts";
import type { TReportFiltersResponse, TReportPreviewResponse } from "../../../domain/reporting/library-schemas.ts";
import type { FilterValues } from "../../../domain/reporting/types.ts";
import { NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { formatDate, formatDateTime, formatMoney, formatNumber } from "../../lib/format.ts";
import { useDocumentTitle } from "../../lib/document-title.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { i18n } from "../../lib/i18n.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { DownloadStatus } from "./download-status.tsx";
import { FilterInput } from "./filter-inputs.tsx";
import { useReportDownload } from "./use-download.ts";

type Defs = TReportFiltersResponse["filters"];
type Notice = { kind: "success" | "error"; text: string };

/** Today in UTC ("YYYY-MM-DD"), as the server checks dates. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/** The per-filter messages of a tRPC refusal (AppError fields), if any. */
function fieldsOf(error: unknown): Record<string, string> {
  const data: unknown = error && typeof error === "object" ? (error as { data?: unknown }).data : null;
  const fields = data && typeof data === "object" ? (data as { fields?: unknown }).fields : null;
  if (!fields || typeof fields !== "object") return {};
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => typeof e[1] === "string"));
}

/**
 * The browser's check of the values (the server's own rules): the values to send (a date range aligned) or the
 * rule's text per filter. Hidden filters keep the values they came with.
 */
function check(defs: Defs, values: FilterValues): { ok: true; values: FilterValues } | { ok: false; text: string; fields: Record<string, string> } {
  try {
    const applied = applyFilters(defs, values, todayUtc());
    return { ok: true, values: applied.raw };
  } catch (error) {
    if (error instanceof AppError) return { ok: false, text: error.message, fields: (error.fields ?? {}) as Record<string, string> };
    throw error;
  }
}

/** A positive id from the path, or null. */
function idOf(text: string | undefined): number | null {
  if (!text || !/^\d{1,10}$/.test(text)) return null;
  const n = Number(text);
  return n >= 1 && n <= 2_147_483_647 ? n : null;
}

/** The route's page `/$group/reports/$reportId`. */
export function ReportRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t("reports.previewTitle"));
  const { group, reportId } = useParams({ strict: false });
  if (!group) return <NotFoundPage />;
  return <ReportPage key={`${group}-${reportId}`} group={group} reportId={idOf(reportId)} />;
}

export function ReportPage({ group, reportId }: { group: string; reportId: number | null }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  const filters = useQuery({ ...trpc.reports.filters.queryOptions({ group, reportId: reportId ?? 0 }), enabled: reportId !== null, refetchOnWindowFocus: false });
  const base = useQuery(trpc.reports.list.queryOptions({ group, tab: "BASE" }));
  const custom = useQuery(trpc.reports.list.queryOptions({ group, tab: "CUSTOM" }));
  const report = [...(base.data?.reports ?? []), ...(custom.data?.reports ?? [])].find((r) => r.id === reportId);

  if (reportId === null) return <NotFoundPage />;
  const code = filters.isError ? errorCode(filters.error) : null;

  return (
    <div className="flex flex-col gap-6" data-testid="report-page">
      <div>
        <Link
          to="/$group/reports"
          params={{ group }}
          className="mb-3 inline-flex items-center gap-1 rounded text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
          {t("reports.backToList")}
        </Link>
        <PageHeader className="pb-0" eyebrow={t("reports.eyebrow", { group: groupName })} title={report?.name ?? t("reports.previewTitle")} description={report?.description || undefined} />
      </div>
      <ReportSelect group={group} reportId={reportId} base={base.data?.reports ?? []} custom={custom.data?.reports ?? []} />
      {filters.isPending ? (
        <Card>
          <LoadingRows rows={3} />
        </Card>
      ) : filters.isError ? (
        code === "NOT_FOUND" ? (
          <Alert variant="destructive" role="alert" data-testid="report-not-found">
            {errorText(filters.error, t("reports.notFound"))}
          </Alert>
        ) : (
          <Card>
            <ErrorState message={errorText(filters.error, t("reports.filtersLoadFailed"))} retryLabel={t("app.retry")} onRetry={() => void filters.refetch()} />
          </Card>
        )
      ) : (
        <GenerationForm group={group} reportId={reportId} name={report?.name ?? t("reports.previewTitle")} answer={filters.data} />
      )}
    </div>
  );
}

/** Part 2 §2 "a report select that reloads filter labels": another report opens its own page (its filters and labels load). */
function ReportSelect({ group, reportId, base, custom }: { group: string; reportId: number; base: { id: number; name: string }[]; custom: { id: number; name: string }[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const known = [...base, ...custom].some((r) => r.id === reportId);
  return (
    <div className="flex w-full max-w-xl flex-col gap-1.5">
      <Label htmlFor={id}>{t("reports.reportSelect")}</Label>
      <NativeSelect
        id={id}
        value={known ? String(reportId) : ""}
        data-testid="report-select"
        onChange={(e) => {
          if (e.target.value) void navigate({ to: "/$group/reports/$reportId", params: { group, reportId: e.target.value } });
        }}
      >
        {!known ? <option value="">{t("reports.choose")}</option> : null}
        {base.length > 0 ? (
          <optgroup label={t("reports.tab.BASE")}>
            {base.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {custom.length > 0 ? (
          <optgroup label={t("reports.tab.CUSTOM")}>
            {custom.map((r) => (
              <option key={r.id} value={String(r.id)}>
                {r.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </NativeSelect>
    </div>
  );
}

/** Each visible filter's label from the label service (part 2 §7 loadReportFilterLabel), the definition's title until it answers. */
function useFilterLabels(defs: Defs): Record<string, string> {
  const lang = i18n.language || "en";
  const answers = useQueries({
    queries: defs.map((d) => ({
      ...trpc.reports.filterLabel.queryOptions({ xlateKey: `report.filter.${d.name}`, lang, defaultValue: d.title }),
      staleTime: 10 * 60_000,
      retry: false,
    })),
  });
  return Object.fromEntries(defs.map((d, i) => [d.name, answers[i]?.data?.success && answers[i]!.data!.message ? answers[i]!.data!.message : d.title]));
}

function GenerationForm({ group, reportId, name, answer }: { group: string; reportId: number; name: string; answer: TReportFiltersResponse }) {
  const { t } = useTranslation();
  const defs = answer.filters;
  const visible = defs.filter((d) => !d.hidden);
  const labels = useFilterLabels(visible);
  const today = todayUtc();
  const years = answer.datepicker ?? datepickerYears(today);
  const [values, setValues] = useState<FilterValues>(() => ({ ...answer.defaults }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shown, setShown] = useState(true);
  /** The values of the last preview asked for (null: none yet). */
  const [previewed, setPreviewed] = useState<FilterValues | null>(null);
  const save = useMutation(trpc.reports.saveFilterDefaults.mutationOptions());
  const download = useReportDownload();
  const panelId = useId();

  const titled = (fields: Record<string, string>) => Object.fromEntries(Object.keys(fields).map((k) => [k, labels[k] ?? k]));

  /** Checks the values; on failure shows the rule per filter (and opens the filters), on success answers what to send. */
  const checked = (): FilterValues | null => {
    const result = check(defs, values);
    if (!result.ok) {
      setErrors(result.fields);
      setNotice({ kind: "error", text: result.text });
      setShown(true);
      return null;
    }
    setErrors({});
    setValues((v) => ({ ...v, ...result.values }));
    return result.values;
  };

  const onPreview = () => {
    setNotice(null);
    download.clearOutcome();
    const v = checked();
    if (v) setPreviewed(v);
  };

  const onSave = async () => {
    setNotice(null);
    download.clearOutcome();
    const v = checked();
    if (!v) return;
    try {
      const result = await save.mutateAsync({ group, reportId, filters: v });
      setNotice({ kind: result.success ? "success" : "error", text: result.resultMessage });
    } catch (error) {
      setErrors(fieldsOf(error));
      setNotice({ kind: "error", text: errorText(error, t("reports.saveDefaultsFailed")) });
    }
  };

  const onDownload = async (format: "csv" | "xlsx") => {
    setNotice(null);
    const v = checked();
    if (!v) return;
    const outcome = await download.start({ group, reportId, format, filters: v, path: "/reporting/generate" }, name);
    if (outcome?.kind === "error" && Object.keys(outcome.fields).length > 0) setErrors(outcome.fields);
  };

  const setValue = (filter: string, value: string) => {
    setValues((v) => ({ ...v, [filter]: value }));
    setErrors((e) => {
      if (!(filter in e)) return e;
      const { [filter]: _, ...rest } = e;
      return rest;
    });
  };

  return (
    <>
      <Card className="min-w-0">
        <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-4">
          <CardTitle className="flex items-center gap-2">
            <SlidersHorizontal className="size-4 text-muted-foreground" aria-hidden="true" />
            {t("reports.filters")}
          </CardTitle>
          {visible.length > 0 ? (
            <Button variant="ghost" size="sm" aria-expanded={shown} aria-controls={panelId} onClick={() => setShown((s) => !s)} data-testid="report-filters-toggle">
              {shown ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
              {t(shown ? "reports.hideFilters" : "reports.showFilters")}
            </Button>
          ) : null}
        </CardHeader>
        <CardContent className="flex flex-col gap-5 pt-0">
          <form
            id={panelId}
            hidden={!shown}
            noValidate
            aria-label={t("reports.filters")}
            onSubmit={(e) => {
              e.preventDefault();
              onPreview();
            }}
            className="flex flex-col gap-5"
            data-testid="report-filters"
          >
            {visible.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("reports.noFilters")}</p>
            ) : (
              <div className="grid grid-cols-1 gap-x-6 gap-y-5 tablet:grid-cols-2 desktop:grid-cols-3">
                {visible.map((d) => (
                  <FilterInput key={d.name} def={d} label={labels[d.name] ?? d.title} value={values[d.name] ?? ""} onChange={(v) => setValue(d.name, v)} error={errors[d.name]} today={today} years={years} />
                ))}
              </div>
            )}
            {/* Enter in a field previews. */}
            <button type="submit" hidden tabIndex={-1} />
          </form>
          <div className="flex flex-wrap gap-2">
            <Button onClick={onPreview} data-testid="report-run-preview">
              <TableProperties aria-hidden="true" />
              {t("reports.runPreview")}
            </Button>
            <Button variant="outline" busy={save.isPending} onClick={() => void onSave()} data-testid="report-save-defaults">
              {t("reports.saveDefaults")}
            </Button>
            <Button variant="outline" busy={download.progress?.format === "csv"} disabled={download.progress !== null} aria-label={t("reports.downloadCsvOf", { name })} onClick={() => void onDownload("csv")} data-testid="report-download-csv">
              {t("reports.downloadCsv")}
            </Button>
            <Button variant="outline" busy={download.progress?.format === "xlsx"} disabled={download.progress !== null} aria-label={t("reports.downloadXlsxOf", { name })} onClick={() => void onDownload("xlsx")} data-testid="report-download-xlsx">
              {t("reports.downloadXlsx")}
            </Button>
          </div>
          {notice ? (
            <Alert variant={notice.kind === "success" ? "success" : "destructive"} role={notice.kind === "success" ? "status" : "alert"} data-testid="report-notice">
              <p>{notice.text}</p>
              {notice.kind === "error" && Object.keys(errors).length > 0 ? (
                <ul className="mt-1 list-disc pl-5">
                  {Object.entries(errors).map(([k, text]) => (
                    <li key={k}>{text}</li>
                  ))}
                </ul>
              ) : null}
            </Alert>
          ) : null}
          <DownloadStatus progress={download.progress} outcome={download.outcome} fieldTitles={titled(download.outcome?.kind === "error" ? download.outcome.fields : {})} />
        </CardContent>
      </Card>
      <PreviewCard group={group} reportId={reportId} name={name} filters={previewed} onFieldErrors={setErrors} />
    </>
  );
}

function PreviewCard({ group, reportId, name, filters, onFieldErrors }: { group: string; reportId: number; name: string; filters: FilterValues | null; onFieldErrors: (fields: Record<string, string>) => void }) {
  const { t } = useTranslation();
  const preview = useQuery({ ...trpc.reports.preview.queryOptions({ group, reportId, filters: filters ?? {} }), enabled: filters !== null, retry: false, refetchOnWindowFocus: false });
  const fields = preview.isError ? fieldsOf(preview.error) : {};
  const hasFields = Object.keys(fields).length > 0;
  // The server's per-filter messages mark the filters too.
  useEffect(() => {
    if (preview.isError) {
      const f = fieldsOf(preview.error);
      if (Object.keys(f).length > 0) onFieldErrors(f);
    }
  }, [preview.isError, preview.error, onFieldErrors]);

  let body;
  if (filters === null) body = <p className="px-6 pb-6 text-sm text-muted-foreground">{t("reports.previewHint")}</p>;
  else if (preview.isPending) body = <LoadingRows rows={5} />;
  else if (preview.isError)
    body = (
      <div className="px-6 pb-6">
        <Alert variant="destructive" role="alert" data-testid="report-preview-error">
          <p>{errorText(preview.error, t("reports.previewFailed"))}</p>
          {hasFields ? (
            <ul className="mt-1 list-disc pl-5">
              {Object.entries(fields).map(([k, text]) => (
                <li key={k}>{text}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      </div>
    );
  else if (preview.data.rows.length === 0) body = <EmptyState headingLevel={3} icon={TableProperties} title={t("reports.previewEmpty")} />;
  else body = <PreviewTable name={name} data={preview.data} />;

  return (
    <Card className="min-w-0 overflow-hidden" data-testid="report-preview">
      <CardHeader className="flex-row flex-wrap items-baseline justify-between gap-2 pb-4">
        <CardTitle>{t("reports.previewHeading")}</CardTitle>
        {preview.data && filters !== null ? (
          <p className="text-sm text-muted-foreground" data-testid="report-preview-count">
            {preview.data.truncated ? t("reports.truncated", { count: preview.data.rows.length }) : t("reports.rowCount", { count: preview.data.rows.length })}
          </p>
        ) : null}
      </CardHeader>
      <div aria-busy={preview.isFetching || undefined}>{body}</div>
    </Card>
  );
}

type Row = TReportPreviewResponse["rows"][number];
type Column = TReportPreviewResponse["columns"][number];
const features = tableFeatures({});
const column = createColumnHelper<typeof features, Row>();
/** On a phone the first columns show; the rest are in each row's details. */
const PHONE_COLUMNS = 2;

/** A cell for people: money with its currency, dates in the reader's words, numbers with separators. */
function cellText(row: Row, col: Column, empty: string): string {
  const v = row[col.key];
  if (v === null || v === undefined || v === "") return empty;
  switch (col.kind) {
    case "money": {
      const currency = col.currencyKey ? row[col.currencyKey] : null;
      return typeof v === "number" && typeof currency === "string" ? formatMoney({ amount: v, currency }) : String(v);
    }
    case "date":
      return typeof v === "string" ? formatDate(v) : String(v);
    case "datetime":
      return typeof v === "string" ? formatDateTime(v) : String(v);
    case "integer":
      return typeof v === "number" ? formatNumber(v) : String(v);
    case "percent":
      return typeof v === "number" ? `${formatNumber(v)} %` : String(v);
    case "text":
      return String(v);
  }
}

function PreviewTable({ name, data }: { name: string; data: TReportPreviewResponse }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const empty = t("reports.noValue");
  const columns = useMemo(
    () =>
      column.columns(
        data.columns.map((c) =>
          column.display({
            id: c.key,
            header: () => c.title,
            cell: ({ row }) => <span className={cn(c.kind !== "text" && "tabular-nums", "[overflow-wrap:anywhere] tablet:whitespace-nowrap")}>{cellText(row.original, c, empty)}</span>,
          }),
        ),
      ),
    [data.columns, empty],
  );
  const table = useTable({ features, columns, data: data.rows, getRowId: (_row, index) => String(index) });
  const extra = data.columns.slice(PHONE_COLUMNS);
  const hidden = (index: number) => index >= PHONE_COLUMNS && "max-tablet:hidden";
  const toggle = (id: string) =>
    setOpen((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <Table data-testid="report-preview-table">
      <TableCaption>{t("reports.previewCaption", { name })}</TableCaption>
      <TableHeader>
        {table.getHeaderGroups().map((hg) => (
          <TableRow key={hg.id} className="hover:bg-transparent">
            {hg.headers.map((header, i) => (
              <TableHead key={header.id} className={cn(hidden(i))}>
                <table.FlexRender header={header} />
              </TableHead>
            ))}
            {extra.length > 0 ? (
              <TableHead className="tablet:hidden">
                <span className="sr-only">{t("reports.rowDetails")}</span>
              </TableHead>
            ) : null}
          </TableRow>
        ))}
      </TableHeader>
      <TableBody>
        {table.getRowModel().rows.map((row) => {
          const isOpen = open.has(row.id);
          const detailsId = `report-row-${row.id}-details`;
          return (
            <Fragment key={row.id}>
              <TableRow data-testid="report-preview-row">
                {row.getAllCells().map((cell, i) => (
                  <TableCell key={cell.id} className={cn(hidden(i))}>
                    <table.FlexRender cell={cell} />
                  </TableCell>
                ))}
                {extra.length > 0 ? (
                  <TableCell className="text-right tablet:hidden">
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-expanded={isOpen}
                      aria-controls={isOpen ? detailsId : undefined}
                      aria-label={t("reports.rowDetailsOf", { n: Number(row.id) + 1 })}
                      onClick={() => toggle(row.id)}
                      data-testid="report-row-details-toggle"
                    >
                      {t(isOpen ? "reports.hideRowDetails" : "reports.rowDetails")}
                      {isOpen ? <ChevronUp aria-hidden="true" /> : <ChevronDown aria-hidden="true" />}
                    </Button>
                  </TableCell>
                ) : null}
              </TableRow>
              {isOpen && extra.length > 0 ? (
                <TableRow id={detailsId} className="bg-muted/40 hover:bg-muted/40 tablet:hidden" data-testid="report-row-details">
                  <TableCell colSpan={PHONE_COLUMNS + 1}>
                    <dl className="grid grid-cols-1 gap-2">
                      {extra.map((c) => (
                        <div key={c.key} className="flex flex-col">
                          <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{c.title}</dt>
                          <dd className="[overflow-wrap:anywhere]">{cellText(row.original, c, empty)}</dd>
                        </div>
                      ))}
                    </dl>
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          );
        })}
      </TableBody>
    </Table>
  );
}
