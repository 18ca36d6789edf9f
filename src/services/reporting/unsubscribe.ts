/**
 * Unsubscribing from reminder e-mails and the signed links in them (issue 26; part 2 §2 "Report unsubscribe
 * page", §3 "Unsubscribe request", §7 POST /unsubscribe/reporting, §8 texts). Tokens are signed with
 * LINK_SIGNING_SECRET (or the database's generated secret); unsubscribing happens only on POST (the page's
 * form, or a mail client's RFC 8058 one-click POST).
 */
import { randomBytes } from "node:crypto";
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { findGroupReport, insertUnsubscription, storedSecret, userRowOf } from "../../db/queries/reporting/reminders.ts";
import { AppError } from "../../domain/errors.ts";
import { reminderMessages } from "../../domain/reporting/reminders.ts";
import { verifyUnsubscribeToken } from "../../domain/reporting/reminders-tokens.ts";
import type { TUnsubscribeResponse } from "../../domain/reporting/reminders-schemas.ts";

const secrets = new WeakMap<object, Promise<string>>();

/** The link-signing secret: LINK_SIGNING_SECRET, else one generated once and kept in the database (shared by every instance). */
export function linkSecret(db: DB, config: Pick<Config, "linkSigningSecret">): Promise<string> {
  if (config.linkSigningSecret) return Promise.resolve(config.linkSigningSecret);
  let secret = secrets.get(db);
  if (!secret) {
    secret = storedSecret(db, "link-signing", randomBytes(32).toString("base64url"), new Date().toISOString());
    secret.catch(() => secrets.delete(db));
    secrets.set(db, secret);
  }
  return secret;
}

/** What the unsubscribe page shows for a token: whether it is genuine and the report it names. */
export async function unsubscribeInfo(db: DB, config: Pick<Config, "linkSigningSecret">, token: string) {
  const scope = verifyUnsubscribeToken(await linkSecret(db, config), token);
  if (!scope) return { valid: false, reportId: null, reportName: null };
  const user = await userRowOf(db, scope.userId);
  if (!user || user.group_id === null) return { valid: false, reportId: null, reportName: null };
  const report = scope.reportId === null ? null : await findGroupReport(db, user.group_id, scope.reportId);
  return { valid: true, reportId: report ? report.id : null, reportName: report ? (report.display_name ?? report.name) : null };
}

/**
 * POST /unsubscribe/reporting: the token names the recipient (and the report the mail was about). `fromAllReports`
 * unsubscribes from every reminder e-mail; otherwise from the token's report (a token for all reports, or one
 * asked for another report, is refused). Repeating it changes nothing and answers the same.
 */
export async function unsubscribeFromReporting(
  db: DB,
  config: Pick<Config, "linkSigningSecret">,
  input: { tokenKey: string; fromAllReports: boolean; reportId?: number | undefined },
  now = new Date(),
): Promise<TUnsubscribeResponse> {
  const scope = verifyUnsubscribeToken(await linkSecret(db, config), input.tokenKey);
  if (!scope) throw new AppError("BAD_REQUEST", reminderMessages.unsubscribeFailed);
  const user = await userRowOf(db, scope.userId);
  if (!user) throw new AppError("BAD_REQUEST", reminderMessages.unsubscribeFailed);
  const all = input.fromAllReports || scope.reportId === null;
  if (!all) {
    if (input.reportId !== undefined && input.reportId !== scope.reportId) throw new AppError("BAD_REQUEST", reminderMessages.unsubscribeFailed);
    await insertUnsubscription(db, { user_id: user.id, scope: String(scope.reportId), report_id: scope.reportId, created_at: now.toISOString() });
    return { success: true, fromAllReports: false, resultMessage: reminderMessages.unsubscribedOne };
  }
  await insertUnsubscription(db, { user_id: user.id, scope: "all", report_id: null, created_at: now.toISOString() });
  return { success: true, fromAllReports: true, resultMessage: reminderMessages.unsubscribedAll };
}
