import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { DB } from "../db/index.ts";
import { renderMail } from "../domain/mail/render.ts";
import { AppError } from "../domain/errors.ts";
import { messages } from "../domain/messages.ts";
import { en } from "../domain/i18n/en.ts";
import { loadMessages } from "./admin/i18n.ts";

/**
 * The one way Meridian sends e-mail. Every message is recorded in the `outbox` table; with
 * SMTP_URL set it is also sent through nodemailer (and `sent_at` or `error` recorded), without
 * it the outbox is the delivery and admins read it on the Outbox page.
 */
export type MailRequest = {
  to: string;
  /** Template name: texts come from `mail.<template>.subject|body|action` in the translations table. */
  template: string;
  vars: Record<string, string>;
  link?: string | null;
  groupId?: number | null;
  groupName?: string | null;
  userId?: number | null;
  lang?: string;
  /** A copy to this address (e.g. the sender of a cost estimate for approval). */
  cc?: string | null;
  /** Files sent with the message; the outbox records their names, types and sizes. */
  attachments?: MailAttachment[];
  /** Extra message headers (e.g. RFC 8058 `List-Unsubscribe` and `List-Unsubscribe-Post` of reminder e-mails). */
  headers?: Record<string, string>;
  /** Texts written by a user instead of the template's translations (a reminder's subject and body, already rendered); `template` still names the kind in the outbox. */
  content?: { subject: string; text: string; html: string };
};

export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

/** A message recorded in the outbox and not yet handed to SMTP (`Mailer.record`). */
export type RecordedMail = { id: number; request: MailRequest; subject: string; text: string; html: string };

export type Mailer = {
  readonly transport: "outbox" | "smtp";
  /** Records the message and delivers it (SMTP when configured). */
  send(db: DB, request: MailRequest, now?: Date): Promise<{ id: number }>;
  /**
   * Records the message in the outbox only: call it inside the write's transaction when the outbox
   * row is part of a guard (e.g. a rate cap counted from the outbox), then `deliver` after commit.
   */
  record(db: DB, request: MailRequest, now?: Date): Promise<RecordedMail>;
  /** Hands a recorded message to SMTP (nothing to do with the outbox transport). */
  deliver(db: DB, mail: RecordedMail): Promise<{ id: number }>;
};

function textOf(all: Record<string, string>, key: string): string | undefined {
  return all[key] ?? (en as Record<string, string>)[key];
}

/** A template's texts from the translations table (English fallback), rendered with the request's variables and link. */
async function renderTemplate(db: DB, request: MailRequest) {
  const { messages: texts } = await loadMessages(db, request.lang ?? "en", request.groupName ?? undefined);
  const subject = textOf(texts, `mail.${request.template}.subject`);
  const body = textOf(texts, `mail.${request.template}.body`);
  if (!subject || !body) throw new AppError("INTERNAL", messages.genericFailure);
  return renderMail({ subject, body, action: textOf(texts, `mail.${request.template}.action`) }, request.vars, request.link ?? null);
}

export function createMailer(config: Pick<Config, "smtpUrl" | "mailFrom">): Mailer {
  // nodemailer is loaded with the first message sent over SMTP, not when the server starts.
  const smtpUrl = config.smtpUrl;
  let transport: Promise<Transporter> | undefined;
  const smtp = smtpUrl ? () => (transport ??= import("nodemailer").then((m) => m.default.createTransport(smtpUrl))) : null;
  const mailer: Mailer = {
    transport: smtp ? "smtp" : "outbox",
    async send(db, request, now = new Date()) {
      return mailer.deliver(db, await mailer.record(db, request, now));
    },
    async record(db, request, now = new Date()) {
      const mail = request.content ?? (await renderTemplate(db, request));
      const row = await db
        .insertInto("outbox")
        .values({
          to_address: request.to,
          subject: mail.subject,
          html: mail.html,
          text: mail.text,
          link: request.link ?? null,
          template: request.template,
          group_id: request.groupId ?? null,
          user_id: request.userId ?? null,
          transport: smtp ? "smtp" : "outbox",
          created_at: now.toISOString(),
          sent_at: smtp ? null : now.toISOString(),
          error: null,
          cc_address: request.cc ?? null,
          attachments: JSON.stringify(
            (request.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, size: a.content.byteLength })),
          ),
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return { id: row.id, request, subject: mail.subject, text: mail.text, html: mail.html };
    },
    async deliver(db, mail) {
      const request = mail.request;
      const row = { id: mail.id };
      if (smtp) {
        try {
          await (await smtp()).sendMail({
            from: config.mailFrom,
            to: request.to,
            ...(request.cc ? { cc: request.cc } : {}),
            subject: mail.subject,
            text: mail.text,
            html: mail.html,
            ...(request.headers ? { headers: request.headers } : {}),
            attachments: (request.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
          });
          await db.updateTable("outbox").set({ sent_at: new Date().toISOString() }).where("id", "=", row.id).execute();
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          await db.updateTable("outbox").set({ error: reason.slice(0, 500) }).where("id", "=", row.id).execute();
          console.error("[mail] SMTP delivery failed", reason);
          throw new AppError("INTERNAL", messages.genericFailure);
        }
      }
      return { id: row.id };
    },
  };
  return mailer;
}

/**
 * The origin links in e-mails and redirects point at, from configuration only, never from a request
 * header (Host, X-Forwarded-Host): PUBLIC_URL, else this server's configured host and port
 * (main.ts warns at start-up when PUBLIC_URL is unset).
 */
export function publicBaseUrl(config: Pick<Config, "publicUrl" | "host" | "port">): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, "");
  const anyAddress = ["", "0.0.0.0", "::", "[::]"].includes(config.host);
  const host = anyAddress ? "localhost" : config.host.includes(":") && !config.host.startsWith("[") ? `[${config.host}]` : config.host;
  return `http://${host}:${config.port}`;
}
