import type { DB } from "../../db/index.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { OUTBOX_PAGE_SIZE, type TOutboxMessage, type TOutboxResponse, type TOutboxRow } from "../../domain/identity/activation/schemas.ts";
import { findOutboxMessage, findOutboxPage } from "../../db/queries/identity/activation.ts";

type OutboxListRow = Awaited<ReturnType<typeof findOutboxPage>>[number];

function toOutboxRow(r: OutboxListRow): TOutboxRow {
  return {
    id: r.id,
    to: r.to_address,
    subject: r.subject,
    template: r.template,
    transport: r.transport,
    createdAt: r.created_at,
    sentAt: r.sent_at,
    error: r.error,
    link: r.link,
    cc: r.cc_address,
    attachments: parseAttachments(r.attachments),
  };
}

function parseAttachments(text: string): TOutboxRow["attachments"] {
  try {
    const list: unknown = JSON.parse(text);
    return Array.isArray(list) ? (list as TOutboxRow["attachments"]) : [];
  } catch {
    return [];
  }
}

/** The admin Outbox page: every recorded e-mail, newest first, 25 a page. */
export async function listOutbox(db: DB, p: { page: number; search?: string }): Promise<TOutboxResponse> {
  const rows = await findOutboxPage(db, {
    search: p.search || undefined,
    limit: OUTBOX_PAGE_SIZE + 1,
    offset: p.page * OUTBOX_PAGE_SIZE,
  });
  return {
    rows: rows.slice(0, OUTBOX_PAGE_SIZE).map(toOutboxRow),
    page: p.page,
    pageSize: OUTBOX_PAGE_SIZE,
    hasMore: rows.length > OUTBOX_PAGE_SIZE,
  };
}

/** One recorded e-mail with its HTML and text bodies. */
export async function getOutboxMessage(db: DB, id: number): Promise<TOutboxMessage> {
  const r = await findOutboxMessage(db, id);
  if (!r) throw new AppError("NOT_FOUND", messages.notFound);
  return { ...toOutboxRow(r), html: r.html, text: r.text };
}
