/**
 * The signed report link in a reminder e-mail (issue 26 statistics: "sent, preview clicked, downloaded").
 * GET /reporting/reminder-report?t= only shows what the link is (no state changes on a GET); its two buttons
 * POST: preview (records the first preview, shows the rows) and download (records the first download, streams
 * the CSV). Both run the report now with the recipient's permissions (their restrictions at that moment).
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { findGroupReport, findSend, markSend, userRowOf } from "../../db/queries/reporting/reminders.ts";
import { AppError } from "../../domain/errors.ts";
import { reminderMessages } from "../../domain/reporting/reminders.ts";
import { verifyTrackingToken } from "../../domain/reporting/reminders-tokens.ts";
import type { ReportColumn, ReportRow } from "../../domain/reporting/types.ts";
import { cellText, csvStream, CSV_TYPE, downloadName } from "./export.ts";
import { runReport } from "./run.ts";
import { linkSecret } from "./unsubscribe.ts";

/** Rows the preview page shows at most. */
export const PREVIEW_ROW_LIMIT = 200;

async function sendOfToken(db: DB, config: Pick<Config, "linkSigningSecret">, token: string) {
  const claim = verifyTrackingToken(await linkSecret(db, config), token);
  if (!claim) throw new AppError("BAD_REQUEST", reminderMessages.invalidLink);
  const send = await findSend(db, claim.sendId);
  if (!send || send.type !== "REPORTING_REMINDER" || send.report_id === null) throw new AppError("NOT_FOUND", reminderMessages.invalidLink);
  const user = await userRowOf(db, send.recipient_id);
  if (!user || user.group_id !== send.group_id || user.role !== "MANAGER" || user.activation_state !== "ACTIVE") throw new AppError("NOT_FOUND", reminderMessages.invalidLink);
  const report = await findGroupReport(db, send.group_id, send.report_id);
  if (!report) throw new AppError("NOT_FOUND", reminderMessages.invalidLink);
  return { send, user, reportName: report.display_name ?? report.name };
}

/** GET: what the link opens (the report's name); changes nothing. */
export async function reminderLinkInfo(db: DB, config: Pick<Config, "linkSigningSecret">, token: string) {
  const { reportName, user } = await sendOfToken(db, config, token);
  return { reportName, firstName: user.first_name };
}

async function run(db: DB, send: { recipient_id: number; group_id: number; report_id: number | null; filter_values: string }, now: Date) {
  return runReport(db, { userId: send.recipient_id, role: "MANAGER", groupId: send.group_id, lang: "en" }, send.report_id!, JSON.parse(send.filter_values) as Record<string, string>, now);
}

/** POST preview: records the first preview, answers the report's columns and first rows (as text) and the count. */
export async function previewReminderReport(db: DB, config: Pick<Config, "linkSigningSecret">, token: string, now = new Date()) {
  const { send, reportName } = await sendOfToken(db, config, token);
  const result = await run(db, send, now);
  const rows: string[][] = [];
  let count = 0;
  for await (const row of result.rows) {
    count++;
    if (rows.length < PREVIEW_ROW_LIMIT) rows.push(result.columns.map((c: ReportColumn) => cellText(c, row as ReportRow)));
  }
  await markSend(db, send.id, "preview_clicked_at", now.toISOString());
  return { reportName, columns: result.columns.map((c) => c.title), rows, count };
}

/** POST download: records the first download, answers the CSV as a streamed attachment. */
export async function downloadReminderReport(db: DB, config: Pick<Config, "linkSigningSecret">, token: string, now = new Date()): Promise<Response> {
  const { send, reportName } = await sendOfToken(db, config, token);
  const result = await run(db, send, now);
  await markSend(db, send.id, "downloaded_at", now.toISOString());
  return new Response(csvStream(result), {
    headers: {
      "Content-Type": CSV_TYPE,
      "Content-Disposition": `attachment; filename="${downloadName(reportName, "csv", now.toISOString().slice(0, 10))}"`,
      "Cache-Control": "no-store",
    },
  });
}
