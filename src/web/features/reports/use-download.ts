/**
 * One report download at a time for a page: what is being generated (name, format, bytes so far) for the
 * progress line, and the outcome (the file saved, or the server's refusal with its per-filter texts).
 */
import { useCallback, useRef, useState } from "react";
import { serverMessage } from "../../lib/errors.ts";
import { DownloadError, downloadReport, type DownloadRequest } from "./download.ts";

export type DownloadProgress = { reportId: number; name: string; format: DownloadRequest["format"]; bytes: number };
export type DownloadOutcome = { kind: "success"; file: string } | { kind: "error"; text: string | null; fields: Record<string, string> };

export function useReportDownload() {
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const [outcome, setOutcome] = useState<DownloadOutcome | null>(null);
  const busy = useRef(false);

  const start = useCallback(async (request: DownloadRequest, name: string, prepare?: () => Promise<DownloadRequest["filters"]>): Promise<DownloadOutcome | null> => {
    if (busy.current) return null;
    busy.current = true;
    setOutcome(null);
    setProgress({ reportId: request.reportId, name, format: request.format, bytes: 0 });
    let result: DownloadOutcome;
    try {
      const filters = prepare ? await prepare() : request.filters;
      const file = await downloadReport({ ...request, filters }, (bytes) => setProgress((p) => (p ? { ...p, bytes } : p)));
      result = { kind: "success", file };
    } catch (error) {
      // The form post's refusal, or (reading the saved defaults first) the procedure's.
      result = error instanceof DownloadError ? { kind: "error", text: error.message || null, fields: error.fields } : { kind: "error", text: serverMessage(error), fields: {} };
    } finally {
      busy.current = false;
      setProgress(null);
    }
    setOutcome(result);
    return result;
  }, []);

  return { progress, outcome, start, clearOutcome: () => setOutcome(null) };
}
