import type { DB } from "../../db/index.ts";
import { findClientErrorsPage, storeClientError } from "../../db/queries/admin/client-errors.ts";
import {
  CLIENT_ERROR_LIMITS,
  CLIENT_ERRORS_PAGE_SIZE,
  pageOf,
  type TClientErrorsResponse,
  type TReportClientErrorResponse,
} from "../../domain/admin/client-errors/schemas.ts";
import { REPORT_RULE } from "../../domain/admin/client-errors/rate-limit.ts";
import { countLoginAttempt } from "../../db/queries/identity/login-throttle.ts";
import type { Session } from "../identity/auth.ts";

/** At most this many distinct errors are kept; past it only repeats of known ones are counted. */
export const CLIENT_ERRORS_MAX_ROWS = 10_000;
/** Counts one report of `key` (its session, or its address) and says whether to store it: atomic, shared by every instance. */
export async function allowReport(db: DB, key: string, now: Date): Promise<boolean> {
  return (await countLoginAttempt(db, `client-errors:${key}`, REPORT_RULE, now)).allowed;
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
  if (!(await allowReport(db, key, now))) return { ok: true };
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
