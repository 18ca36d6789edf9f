import { useQuery, useQueryClient } from "@tanstack/react-query";
import { FileSpreadsheet } from "lucide-react";
import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { isPolling, type TBulkStatus } from "../../../domain/moves/bulk/schemas.ts";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Input } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorCode } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/** part 1 §4, §7: the status is polled every 5 s while REGISTERED or UNDER_PROCESSING. */
const POLL_MS = 5000;

const stateKey = (s: TBulkStatus) => `bulk.state.${s.importState ?? s.status}` as const;
const badgeOf = (s: TBulkStatus) =>
  s.importState === "COMPLETED" ? "success" : s.importState === "COMPLETED_WITH_ERRORS" ? "warning" : s.importState ? "destructive" : "info";

/** `/{group}/bulk-import` (issue 15): template, upload, progress, the state texts, the error report and each row's messages. */
export function BulkImportPage({ group }: { group: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const fileId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [jobId, setJobId] = useState<string | null>(null);

  const jobs = useQuery(trpc.bulk.jobs.queryOptions({ group }));
  const current = jobId ?? jobs.data?.[0]?.registrationId ?? null;
  const status = useQuery({
    ...trpc.bulk.getStatus.queryOptions({ statusId: current ?? "" }),
    enabled: current !== null,
    refetchInterval: (q) => (q.state.data && !isPolling(q.state.data.status) ? false : POLL_MS),
  });
  const finished = status.data !== undefined && !isPolling(status.data.status);
  const rows = useQuery({ ...trpc.bulk.rows.queryOptions({ jobId: current ?? "" }), enabled: current !== null && finished });
  // Inputs stay disabled until the import reaches a terminal state.
  const locked = busy || (current !== null && (status.isPending || (status.data !== undefined && !finished)));

  if (jobs.isPending) return <LoadingRows rows={4} />;
  if (jobs.isError) {
    const code = errorCode(jobs.error);
    if (code === "FORBIDDEN") return <ForbiddenPage />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <Card>
        <ErrorState message={t("bulk.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void jobs.refetch()} />
      </Card>
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!file || file.size === 0) return setError(t("bulk.chooseFile"));
    if (file.size > MAX_FILE_BYTES) return setError(t("bulk.uploadFailed"));
    const body = new FormData();
    body.append("group", group);
    body.append("file", file, file.name);
    setBusy(true);
    setError(null);
    try {
      const res = await fetch("/bulk/upload", { method: "POST", body, credentials: "same-origin" });
      const answer = (await res.json().catch(() => null)) as { success?: boolean; jobId?: string; errorMessage?: string } | null;
      if (!res.ok || !answer?.success || !answer.jobId) return setError(answer?.errorMessage || t("bulk.uploadFailed"));
      setJobId(answer.jobId);
      setFile(null);
      if (fileRef.current) fileRef.current.value = "";
      await queryClient.invalidateQueries({ queryKey: trpc.bulk.jobs.queryKey({ group }) });
    } catch {
      setError(t("bulk.uploadFailed"));
    } finally {
      setBusy(false);
    }
  }

  const s = status.data;
  const done = s ? s.successCount + s.failureCount : 0;
  const percent = s && s.totalCount > 0 ? Math.round((done / s.totalCount) * 100) : s && finished ? 100 : 0;

  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("bulk.title")} eyebrow={t("bulk.eyebrow", { group })} description={t("bulk.intro")} />
      <Card>
        <CardContent className="flex flex-col gap-4 pt-6">
          <div>
            <Button asChild variant="outline">
              <a href={`/bulk/template?group=${encodeURIComponent(group)}`} download>
                <FileSpreadsheet aria-hidden="true" />
                {t("bulk.template")}
              </a>
            </Button>
          </div>
          <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-3 sm:flex-row sm:items-end" noValidate>
            <div className="flex min-w-0 flex-1 flex-col gap-1.5">
              <Label htmlFor={fileId}>{t("bulk.file")}</Label>
              <Input
                id={fileId}
                ref={fileRef}
                type="file"
                accept=".xlsx,.csv"
                disabled={locked}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${fileId}-error` : undefined}
                onChange={(e) => {
                  setFile(e.target.files?.[0] ?? null);
                  setError(null);
                }}
              />
            </div>
            <Button type="submit" disabled={locked}>
              {busy ? t("bulk.uploading") : t("bulk.upload")}
            </Button>
          </form>
          {error ? (
            <p id={`${fileId}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
        </CardContent>
      </Card>

      {current === null ? (
        <Card>
          <EmptyState title={t("bulk.noImports")} description={t("bulk.noImportsHint")} />
        </Card>
      ) : status.isError ? (
        <Card>
          <ErrorState message={t("bulk.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void status.refetch()} />
        </Card>
      ) : !s ? (
        <LoadingRows rows={2} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>{t("bulk.progress")}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={badgeOf(s)} data-testid="bulk-state">
                {t(stateKey(s))}
              </Badge>
              <span className="min-w-0 break-all text-sm text-muted-foreground">{s.fileName}</span>
            </div>
            <div
              role="progressbar"
              aria-label={t("bulk.progress")}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${percent}%` }} />
            </div>
            <p className="text-sm" aria-live="polite">
              {t("bulk.counts", { done, total: s.totalCount, success: s.successCount, failure: s.failureCount })}
            </p>
            {s.failureReason ? <Alert variant="destructive">{s.failureReason}</Alert> : null}
            {finished && s.status === "PROCESSED" ? (
              <div className="flex flex-wrap gap-2">
                {s.failureCount > 0 ? (
                  <Button asChild variant="outline">
                    <a href={`/bulk/download-error-file?jobId=${encodeURIComponent(s.registrationId)}`} download>
                      {t("bulk.errorFile")}
                    </a>
                  </Button>
                ) : null}
                <Button asChild variant="ghost">
                  <a href={`/bulk/download-input-file?jobId=${encodeURIComponent(s.registrationId)}`} download>
                    {t("bulk.inputFile")}
                  </a>
                </Button>
              </div>
            ) : null}
            {finished && s.status === "PROCESSED" ? <RowsList rows={rows.data?.rows} truncated={rows.data?.truncated ?? false} loading={rows.isPending} /> : null}
          </CardContent>
        </Card>
      )}
    </div>
  );
}

type Row = { rowNumber: number; status: "SUCCESS" | "FAILED"; summary: string; errors: string[]; warnings: string[] };

/** The rows with problems: each a card with its errors and warnings (hover title, and opened with the keyboard). */
function RowsList({ rows, truncated, loading }: { rows: Row[] | undefined; truncated: boolean; loading: boolean }) {
  const { t } = useTranslation();
  if (loading || !rows) return <LoadingRows rows={2} />;
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t("bulk.noProblems")}</p>;
  return (
    <section aria-label={t("bulk.rows")} className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">{t("bulk.rows")}</h3>
      {truncated ? <p className="text-sm text-muted-foreground">{t("bulk.truncated")}</p> : null}
      <ul className="flex max-h-96 flex-col gap-2 overflow-auto">
        {rows.map((r) => (
          <li key={r.rowNumber} className="rounded-md border border-border p-3 text-sm" data-testid="bulk-row">
            <div className="flex flex-wrap items-center gap-2">
              <span className="font-medium">
                {t("bulk.colRow")} {r.rowNumber}
              </span>
              <span className="min-w-0 break-all text-muted-foreground">{r.summary}</span>
              <Badge variant={r.status === "FAILED" ? "destructive" : "warning"}>{r.status === "FAILED" ? t("bulk.rowFailed") : t("bulk.rowWarning")}</Badge>
            </div>
            {r.errors.length > 0 ? (
              <details className="mt-1">
                <summary className="cursor-pointer text-destructive" title={r.errors.join("\n")}>
                  {t("bulk.errorsOf", { row: r.rowNumber })}
                </summary>
                <ul className="ml-4 list-disc">
                  {r.errors.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              </details>
            ) : null}
            {r.warnings.length > 0 ? (
              <details className="mt-1">
                <summary className="cursor-pointer" title={r.warnings.join("\n")}>
                  {t("bulk.warningsOf", { row: r.rowNumber })}
                </summary>
                <ul className="ml-4 list-disc">
                  {r.warnings.map((m, i) => (
                    <li key={i}>{m}</li>
                  ))}
                </ul>
              </details>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
