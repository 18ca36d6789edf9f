import { useQuery } from "@tanstack/react-query";
import { Download, MapPinned, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CITY_INDEX_COLUMNS, IMPORT_STATES } from "../../../domain/estimate/schemas.ts";
import type { MessageId } from "../../../domain/i18n/en.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge, type BadgeProps } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";

type ImportState = (typeof IMPORT_STATES)[number];

/** part 1 §9 "import state 5 s": the page asks again every 5 s while an import runs. */
export const IMPORT_POLL_MS = 5000;
const MAX_FILE_BYTES = 20_971_520;
const IMPORT_PATH = "/admin/mercer/import";
const TEMPLATE_PATH = "/admin/mercer/template";

const STATE_BADGE: Record<ImportState, NonNullable<BadgeProps["variant"]>> = {
  IDLE: "neutral",
  RUNNING: "info",
  COMPLETED: "success",
  COMPLETED_WITH_ERRORS: "warning",
  FAILED: "destructive",
};

const COLUMN_TEXT: readonly MessageId[] = [
  "cityIndices.column.countryCode",
  "cityIndices.column.city",
  "cityIndices.column.currency",
  "cityIndices.column.colIndex",
  "cityIndices.column.housingIndex",
  "cityIndices.column.monthlyRent",
  "cityIndices.column.asOf",
];

const stateQuery = () => ({
  ...trpc.estimate.admin.indicesState.queryOptions(),
  refetchInterval: (query: { state: { data?: { importState: ImportState } } }) => (query.state.data?.importState === "RUNNING" ? IMPORT_POLL_MS : false),
});

/**
 * /admin/mercer "Cost-of-living indices" (part 1 §7 GET /admin/mercer/state, POST
 * /admin/mercer/import, §9): the latest import's state (polled every 5 s while it runs), how many
 * cities come from an import and how many are still demo rows, the result message, the upload
 * (enabled once no import runs), the template and the file format.
 */
export function CityIndicesPage() {
  const { t } = useTranslation();
  const state = useQuery(stateQuery());
  const when = (at: string) => formatDateTime(at);

  return (
    <>
      <PageHeader
        title={t("cityIndices.title")}
        description={t("cityIndices.description")}
        actions={
          <Button variant="outline" asChild>
            <a href={TEMPLATE_PATH} download>
              <Download aria-hidden="true" />
              {t("cityIndices.downloadTemplate")}
            </a>
          </Button>
        }
      />
      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("cityIndices.stateTitle")}</CardTitle>
          </CardHeader>
          <QueryView query={state}>
            {(data) => (
              <CardContent className="flex flex-col gap-4">
                <div className="flex flex-wrap items-center gap-3" aria-live="polite">
                  <Badge variant={STATE_BADGE[data.importState]} dot data-testid="import-state">
                    {t(`cityIndices.state.${data.importState}`)}
                  </Badge>
                  {data.importState === "RUNNING" ? <span className="text-sm text-muted-foreground">{t("cityIndices.polling")}</span> : null}
                </div>
                {data.importResultMessage ? (
                  <Alert
                    variant={data.importState === "COMPLETED" ? "success" : data.importState === "RUNNING" ? "info" : "destructive"}
                    role={data.importState === "COMPLETED" ? "status" : "alert"}
                    data-testid="import-message"
                  >
                    {data.importResultMessage}
                  </Alert>
                ) : null}
                {data.rows + data.demoRows === 0 ? (
                  <EmptyState icon={MapPinned} headingLevel={3} title={t("cityIndices.emptyTitle")} description={t("cityIndices.emptyDescription")} className="py-8" />
                ) : (
                  <dl className="grid gap-4 tablet:grid-cols-3">
                    <Figure label={t("cityIndices.importedRows")} value={String(data.rows)} testId="imported-rows" />
                    <Figure label={t("cityIndices.demoRows")} value={String(data.demoRows)} testId="demo-rows" />
                    <Figure label={t("cityIndices.importedAt")} value={data.importedAt ? when(data.importedAt) : t("cityIndices.never")} />
                  </dl>
                )}
                {data.demoRows > 0 ? <p className="text-sm text-muted-foreground">{t("cityIndices.demoNotice")}</p> : null}
              </CardContent>
            )}
          </QueryView>
        </Card>

        <ImportForm running={state.data?.importState === "RUNNING"} ready={state.isSuccess} />

        <Card>
          <CardHeader>
            <CardTitle>{t("cityIndices.formatTitle")}</CardTitle>
            <CardDescription>{t("cityIndices.formatIntro")}</CardDescription>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <Table>
              <TableCaption>{t("cityIndices.formatCaption")}</TableCaption>
              <TableHeader>
                <TableRow>
                  <TableHead>{t("cityIndices.columnName")}</TableHead>
                  <TableHead>{t("cityIndices.columnMeaning")}</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {CITY_INDEX_COLUMNS.map((column, i) => (
                  <TableRow key={column}>
                    <TableCell className="whitespace-nowrap font-medium">{column}</TableCell>
                    <TableCell>{t(COLUMN_TEXT[i]!)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
            <p className="text-sm text-muted-foreground">{t("cityIndices.formatRules")}</p>
          </CardContent>
        </Card>
      </div>
    </>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="flex flex-col gap-1 rounded-lg border border-border bg-muted/40 px-4 py-3">
      <dt className="text-xs font-semibold uppercase tracking-wide text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums text-foreground" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

type Outcome = { ok: boolean; text: string } | null;

/** The upload: multipart to POST /admin/mercer/import (files up to 20 MB do not fit a base64 tRPC body). */
function ImportForm({ running, ready }: { running: boolean; ready: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const blocked = running || !ready;

  async function submit() {
    if (!file || blocked) return;
    if (file.size > MAX_FILE_BYTES) {
      setOutcome({ ok: false, text: t("cityIndices.fileTooLarge") });
      return;
    }
    setBusy(true);
    setOutcome(null);
    try {
      const body = new FormData();
      body.set("file", file);
      const response = await fetch(IMPORT_PATH, { method: "POST", body, credentials: "same-origin" });
      const json = (await response.json().catch(() => null)) as { success?: boolean; errorMessage?: string } | null;
      if (json?.success) {
        setOutcome({ ok: true, text: t("cityIndices.started") });
        setFile(null);
        if (input.current) input.current.value = "";
      } else {
        setOutcome({ ok: false, text: json?.errorMessage || t("estimateAdmin.updateFailed") });
      }
    } catch {
      setOutcome({ ok: false, text: t("estimateAdmin.networkError") });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries(trpc.estimate.admin.indicesState.queryFilter());
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("cityIndices.importTitle")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-file`}>{t("cityIndices.file")}</Label>
            <input
              ref={input}
              id={`${id}-file`}
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              aria-describedby={running ? `${id}-wait` : undefined}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-surface file:px-3 file:py-1.5 file:text-sm file:font-medium"
              onChange={(e) => {
                setOutcome(null);
                setFile(e.target.files?.[0] ?? null);
              }}
            />
          </div>
          <Button type="submit" disabled={!file || blocked} busy={busy}>
            <Upload aria-hidden="true" />
            {t("cityIndices.import")}
          </Button>
        </form>
        {running ? (
          <p id={`${id}-wait`} className="text-[13px] font-medium text-muted-foreground">
            {t("cityIndices.waitForImport")}
          </p>
        ) : null}
        <div aria-live="polite" className="empty:hidden">
          {outcome ? (
            <Alert variant={outcome.ok ? "success" : "destructive"} role={outcome.ok ? "status" : "alert"} data-testid="import-outcome">
              {outcome.text}
            </Alert>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
