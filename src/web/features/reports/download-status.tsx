/**
 * The progress line while a report is generated (part 2 §2; ARCHITECTURE "Long work shows progress") and the
 * outcome after: the file saved, or the server's refusal ("Error applying filters..." and the rule per filter)
 * or the page's generic text.
 */
import { useTranslation } from "react-i18next";
import { Alert } from "../../components/ui/alert.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { readerLocale } from "../../lib/format.ts";
import { sizeText } from "./download.ts";
import type { DownloadOutcome, DownloadProgress } from "./use-download.ts";

export function DownloadStatus({ progress, outcome, fieldTitles }: { progress: DownloadProgress | null; outcome: DownloadOutcome | null; fieldTitles?: Record<string, string> }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" aria-live="polite" className="empty:hidden" data-testid="report-download-progress">
        {progress ? (
          <span className="inline-flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" />
            {progress.bytes > 0
              ? t("reports.generatingBytes", { name: progress.name, size: sizeText(progress.bytes, readerLocale()) })
              : t("reports.generating", { name: progress.name })}
          </span>
        ) : null}
      </div>
      {outcome?.kind === "success" ? (
        <Alert variant="success" role="status" data-testid="report-download-done">
          {t("reports.downloaded", { file: outcome.file })}
        </Alert>
      ) : outcome?.kind === "error" ? (
        <Alert variant="destructive" role="alert" data-testid="report-download-error">
          <p>{outcome.text ?? t("reports.downloadFailed")}</p>
          {Object.keys(outcome.fields).length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {Object.entries(outcome.fields).map(([name, text]) => (
                <li key={name}>{fieldTitles?.[name] && !text.includes(fieldTitles[name]!) ? `${fieldTitles[name]}: ${text}` : text}</li>
              ))}
            </ul>
          ) : null}
        </Alert>
      ) : null}
    </>
  );
}
