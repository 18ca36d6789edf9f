/**
 * The feedback box's service (spec refs in src/domain/employee/widgets/feedback.ts): called by widgets.feedback*
 * (src/routers/employee/widgets.ts) and POST /feedback/add, DELETE /feedback/remove (src/routers/employee/legacy/widgets.ts).
 * Each add stores the user's feedback (replacing the last one) and records the e-mail to FEEDBACK_EMAIL
 * in the outbox in one transaction, then hands it to SMTP when configured; a failed delivery answers
 * the spec's failure text (the outbox row keeps the error for admins). The same feedback sent again
 * within FEEDBACK_REPEAT_MS (a double click, a resent request, parallel tabs) is one feedback and one
 * mail: the add locks the user's row, and a repeat of the last feedback whose mail did not fail
 * answers as sent without a second mail.
 */
import type { Config } from "../../../config.ts";
import type { DB } from "../../../db/index.ts";
import { lockRow } from "../../../db/locks.ts";
import { AppError } from "../../../domain/errors.ts";
import { feedbackMessages, type TFeedbackAddRequest, type TFeedbackResult, type TFeedbackView } from "../../../domain/employee/widgets/feedback.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { Mailer, RecordedMail } from "../../mail.ts";

/** A repeat of the last feedback within this time is the same feedback (no second mail). */
export const FEEDBACK_REPEAT_MS = 10 * 60_000;

export type FeedbackDeps = { db: DB; config: Pick<Config, "feedbackEmail">; mailer: Mailer };

export async function feedbackView(deps: FeedbackDeps, user: SessionUser): Promise<TFeedbackView> {
  const row = await deps.db.selectFrom("feedback").select(["rating", "message", "created_at"]).where("user_id", "=", user.id).executeTakeFirst();
  return { configured: deps.config.feedbackEmail !== null, last: row ? { rating: row.rating, message: row.message, createdAt: row.created_at } : null };
}

export async function addFeedback(deps: FeedbackDeps, user: SessionUser, input: TFeedbackAddRequest, now = new Date()): Promise<TFeedbackResult> {
  const to = deps.config.feedbackEmail;
  if (to === null) throw new AppError("NOT_FOUND", feedbackMessages.notConfigured);
  const at = now.toISOString();
  const mail: RecordedMail | null = await deps.db.transaction().execute(async (trx) => {
    await lockRow(trx, "users", user.id);
    const last = await trx
      .selectFrom("feedback as f")
      .leftJoin("outbox as o", "o.id", "f.outbox_id")
      .select(["f.rating", "f.message", "f.created_at", "o.error"])
      .where("f.user_id", "=", user.id)
      .executeTakeFirst();
    const repeat =
      last !== undefined && last.rating === input.rating && last.message === input.message && last.error === null &&
      last.created_at >= new Date(now.getTime() - FEEDBACK_REPEAT_MS).toISOString();
    if (repeat) return null;
    const recorded = await deps.mailer.record(
      trx,
      {
        to,
        template: "feedback",
        vars: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email, group: user.groupDisplayName ?? user.groupName ?? "—", rating: String(input.rating), message: input.message },
        groupId: user.groupId,
        groupName: user.groupName,
        userId: user.id,
      },
      now,
    );
    const values = { rating: input.rating, message: input.message, outbox_id: recorded.id, created_at: at };
    await trx
      .insertInto("feedback")
      .values({ user_id: user.id, group_id: user.groupId, ...values })
      .onConflict((oc) => oc.column("user_id").doUpdateSet(values))
      .execute();
    return recorded;
  });
  if (mail === null) return { success: true, message: feedbackMessages.sent };
  try {
    await deps.mailer.deliver(deps.db, mail);
  } catch {
    return { success: false, message: feedbackMessages.failed };
  }
  return { success: true, message: feedbackMessages.sent };
}

/** Removes the user's feedback (idempotent: a second remove answers that there is none). */
export async function removeFeedback(deps: FeedbackDeps, user: SessionUser): Promise<TFeedbackResult> {
  const result = await deps.db.deleteFrom("feedback").where("user_id", "=", user.id).executeTakeFirst();
  const removed = Number(result.numDeletedRows) > 0;
  return { success: removed, message: removed ? feedbackMessages.removed : feedbackMessages.nothingToRemove };
}
