import type { DB } from "../db/index.ts";
import { findClientErrorsPage, storeClientError } from "../db/queries/client-errors.ts";
import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PAGE_SIZE,
  pageOf,
  type TClientErrorsResponse,
  type TReportClientErrorResponse,
} from "../domain/client-errors/schemas.ts";
import { countReport, REPORT_RULE, type ReportRule, type ReportWindow } from "../domain/client-errors/rate-limit.ts";
import type { Session } from "./auth.ts";

/** At most this many distinct errors are kept; past it only repeats of known ones are counted. */
export const CLIENT_ERRORS_MAX_ROWS = 10_000;
/** Windows kept per process before the oldest are dropped (memory stays bounded under many addresses). */
const MAX_WINDOWS = 10_000;

/** The report windows of one database (so test files, each with its own database, never share them). */
const windowsByDb = new WeakMap<DB, Map<string, ReportWindow>>();

function windowsOf(db: DB): Map<string, ReportWindow> {
  let windows = windowsByDb.get(db);
  if (!windows) windowsByDb.set(db, (windows = new Map()));
  return windows;
}

/** Counts one report of `key` (its session, or its address) and says whether to store it. */
export function allowReport(db: DB, key: string, now: number, rule: ReportRule = REPORT_RULE): boolean {
  const windows = windowsOf(db);
  const counted = countReport(windows.get(key), now, rule);
  windows.delete(key); // re-inserted last: the map's order is oldest use first
  windows.set(key, counted.window);
  if (windows.size > MAX_WINDOWS) {
    for (const [k, w] of windows) {
      if (windows.size <= MAX_WINDOWS && now - w.startedAt < rule.windowMs) break;
      windows.delete(k);
    }
  }
  return counted.allowed;
}

export function fingerprintOf(message: string, detail: string | null): string {
  return new Bun.CryptoHasher("sha256").update(`${message}\n${detail ?? ""}`).digest("hex");
}

export type ReportContext = { session: Session | null; ip: string | null; userAgent: string | null };

/**
 * Stores what the browser reported (`errors.report`), with the reporter's user and group from its
 * session; nothing else about the request (no cookie, no body, no query string). Rate-limited
 * reports are dropped with the same answer.
 */
export async function reportClientError(
  db: DB,
  ctx: ReportContext,
  input: { page: string; message: string; detail?: string | undefined },
  now: Date = new Date(),
): Promise<TReportClientErrorResponse> {
  const key = ctx.session ? `session:${ctx.session.id}` : `ip:${ctx.ip ?? "unknown"}`;
  if (!allowReport(db, key, now.getTime())) return { ok: true };
  const detail = input.detail?.trim() ? input.detail : null;
  await storeClientError(
    db,
    {
      at: now.toISOString(),
      userId: ctx.session?.user.id ?? null,
      groupId: ctx.session?.user.groupId ?? null,
      page: pageOf(input.page),
      message: input.message,
      detail,
      userAgent: ctx.userAgent ? ctx.userAgent.slice(0, CLIENT_ERROR_LIMITS.userAgent) : null,
      fingerprint: fingerprintOf(input.message, detail),
    },
    CLIENT_ERRORS_MAX_ROWS,
  );
  return { ok: true };
}

/** The admin page /admin/client-errors: newest first, 25 a page. */
export async function listClientErrors(db: DB, p: { page: number; search?: string | undefined }): Promise<TClientErrorsResponse> {
  const rows = await findClientErrorsPage(db, {
    search: p.search || undefined,
    limit: CLIENT_ERRORS_PAGE_SIZE + 1,
    offset: p.page * CLIENT_ERRORS_PAGE_SIZE,
  });
  return {
    rows: rows.slice(0, CLIENT_ERRORS_PAGE_SIZE).map((r) => ({
      id: Number(r.id),
      at: r.at,
      firstAt: r.first_at,
      page: r.page,
      message: r.message,
      detail: r.detail,
      userAgent: r.user_agent,
      count: Number(r.count),
      userEmail: r.user_email,
      groupName: r.group_name,
    })),
    page: p.page,
    pageSize: CLIENT_ERRORS_PAGE_SIZE,
    hasMore: rows.length > CLIENT_ERRORS_PAGE_SIZE,
  };
}
