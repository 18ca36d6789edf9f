/**
 * The error-reporting service (part 1 §8 "Failures are also reported to an error-reporting
 * service", part 2 §8 "Errors are also sent to an error-reporting service"): what the web client
 * sends (`errors.report`) and what admins read (`errors.list`, /admin/client-errors).
 * Only these fields are stored: never the session cookie, a request body or a query string.
 */
import { z } from "zod";

export const CLIENT_ERROR_LIMITS = { page: 500, message: 2000, detail: 8000, userAgent: 500 } as const;

/** What the browser may tell: where it failed, the error's text and its stack or component stack. */
export const ZReportClientErrorRequest = z.object({
  /** The page's path; a query string or fragment is cut off before storing (it may carry a token). */
  page: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.page),
  message: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.message),
  detail: z.string().max(CLIENT_ERROR_LIMITS.detail).optional(),
});
export type TReportClientErrorRequest = z.input<typeof ZReportClientErrorRequest>;

/** Always the same answer, stored or not (a rate-limited browser learns nothing and retries nothing). */
export const ZReportClientErrorResponse = z.object({ ok: z.literal(true) });
export type TReportClientErrorResponse = z.infer<typeof ZReportClientErrorResponse>;

export const CLIENT_ERRORS_PAGE_SIZE = 25;

export const ZClientErrorsRequest = z.object({
  page: z.number().int().min(0).max(100_000).default(0),
  search: z.string().trim().max(100).optional(),
});
export type TClientErrorsRequest = z.input<typeof ZClientErrorsRequest>;

export const ZClientErrorRow = z.object({
  id: z.number().int(),
  /** Last reported. */
  at: z.string(),
  firstAt: z.string(),
  page: z.string(),
  message: z.string(),
  detail: z.string().nullable(),
  userAgent: z.string().nullable(),
  count: z.number().int(),
  /** The reporter's e-mail and group, when signed in (the latest report's). */
  userEmail: z.string().nullable(),
  groupName: z.string().nullable(),
});
export type TClientErrorRow = z.infer<typeof ZClientErrorRow>;

export const ZClientErrorsResponse = z.object({
  rows: z.array(ZClientErrorRow),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type TClientErrorsResponse = z.infer<typeof ZClientErrorsResponse>;

/** The page as stored: the path only (no query string or fragment, which may carry a token). */
export function pageOf(page: string): string {
  return page.split(/[?#]/)[0]!.slice(0, CLIENT_ERROR_LIMITS.page) || "/";
}
