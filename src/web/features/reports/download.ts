/**
 * Report downloads (part 2 §7 "form posts to /reporting/download and /reporting/generate"): the same form
 * fields a plain HTML form would post (group, reportId, filters as JSON, format), sent by fetch from this
 * origin (the browser adds this site's Origin, which the server's CSRF check wants; the session cookie goes
 * with it), read as a stream so the page can say how much has arrived while the server generates it, then
 * saved under the server's file name. A refusal answers JSON (`{success: false, errorMessage, fields?}`):
 * its text and per-filter messages come back to the page.
 */
import type { FilterValues } from "../../../domain/reporting/types.ts";

export type DownloadFormat = "csv" | "xlsx";
/** /reporting/download from the list; /reporting/generate from a report's generation form. */
export type DownloadPath = "/reporting/download" | "/reporting/generate";

export type DownloadRequest = { group: string; reportId: number; format: DownloadFormat; filters: FilterValues; path: DownloadPath };

export class DownloadError extends Error {
  constructor(
    message: string | null,
    readonly fields: Record<string, string> = {},
  ) {
    super(message ?? "");
  }
}

/** Time to the first byte of the answer (part 2 §9 "service, upload and report calls 30 s"); a long stream may take longer. */
const FIRST_BYTE_MS = 30_000;

/** The file name of a Content-Disposition header (RFC 6266: filename* first), or the fallback. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const star = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (star) {
    try {
      return decodeURIComponent(star[1]!.trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1]!.trim() : fallback;
}

/** Posts the form, streams the answer (calling `onProgress` with the bytes so far) and saves it. Answers the file name. */
export async function downloadReport(request: DownloadRequest, onProgress: (bytes: number) => void): Promise<string> {
  const body = new URLSearchParams({
    group: request.group,
    reportId: String(request.reportId),
    format: request.format,
    filters: JSON.stringify(request.filters),
  });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), FIRST_BYTE_MS);
  let response: Response;
  try {
    response = await fetch(request.path, { method: "POST", body, credentials: "same-origin", signal: abort.signal });
  } catch {
    throw new DownloadError(null);
  } finally {
    clearTimeout(timer);
  }
  if (!response.ok || (response.headers.get("content-type") ?? "").includes("application/json")) {
    const answer: unknown = await response.json().catch(() => null);
    const a = answer && typeof answer === "object" ? (answer as { errorMessage?: unknown; resultMessage?: unknown; message?: unknown; fields?: unknown }) : {};
    const text = [a.errorMessage, a.resultMessage, a.message].find((m): m is string => typeof m === "string" && m !== "") ?? null;
    const fields = a.fields && typeof a.fields === "object" ? (a.fields as Record<string, string>) : {};
    // A 5xx has no text for people: the page's generic one.
    throw new DownloadError(response.status >= 500 ? null : text, fields);
  }
  const chunks: BlobPart[] = [];
  let received = 0;
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw new DownloadError(null);
      });
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress(received);
    }
  } else {
    chunks.push(await response.arrayBuffer());
  }
  const type = response.headers.get("content-type") ?? "application/octet-stream";
  const name = fileNameOf(response.headers.get("content-disposition"), `report-${request.reportId}.${request.format}`);
  const url = URL.createObjectURL(new Blob(chunks, { type }));
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** "12.3 kB" for the progress line. */
export function sizeText(bytes: number, locale: string): string {
  const format = (n: number, unit: string) => `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(n)} ${unit}`;
  if (bytes < 1000) return format(bytes, "B");
  if (bytes < 1_000_000) return format(bytes / 1000, "kB");
  return format(bytes / 1_000_000, "MB");
}
