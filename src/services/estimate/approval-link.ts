/**
 * The approver's signed link (issue 13 item 6). Sending for approval issues a link
 * (`{publicBaseUrl}/estimate-approval?token=…`, only the token's SHA-256 stored, valid for
 * ESTIMATE_APPROVAL_LINK_DAYS); the public page reads it (`estimate.approvalLink`, read-only) and
 * the approver approves or rejects with a comment (`estimate.decideApproval`).
 *
 * The decision is a guarded write, atomic on both databases: in one transaction the link is
 * consumed (`… where used_at is null`) and the decision recorded on the version (`… where status =
 * 'CURRENT' and approval_decision is null`), with its audit row and the sender's
 * notice in the outbox. N parallel submissions give one decision; the others are refused (409) with
 * a clear message, and a link for a version that is no longer current is refused.
 */
import type { DB } from "../../db/index.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { countLoginAttempt } from "../../db/queries/identity/login-throttle.ts";
import type { ThrottleRule } from "../../domain/identity/auth/throttle.ts";
import {
  approvalLinkMessages,
  approvalStateOf,
  isUndecided,
  wholeAmount,
  type TApprovalDecision,
  type TApprovalLinkResponse,
  type TApprovalState,
  type TDecideApprovalRequest,
  type TDecideApprovalResponse,
} from "../../domain/estimate/approval-link.ts";
import { ZCostEstimateView } from "../../domain/estimate/schemas.ts";
import { AppError } from "../../domain/errors.ts";
import { newSessionToken, sessionIdFor } from "../identity/auth.ts";
import type { Mailer, RecordedMail } from "../mail.ts";
import { notifyEstimateDecision } from "../identity/notifications/events.ts";
import { wantsEmail } from "../identity/notifications/notify.ts";

const DAY_MS = 86_400_000;

/** Decisions one address may submit: 30 a minute, then refused for a minute (counted in the database, across instances). */
export const DECIDE_RULE: ThrottleRule = { mode: "lock", max: 30, windowMs: 60_000, lockMs: 60_000 };

export function approvalPageUrl(baseUrl: string, token: string): string {
  return `${baseUrl}/estimate-approval?token=${encodeURIComponent(token)}`;
}

/**
 * Stores a new link for `costEstimateId` and answers its token (call it inside the sending
 * transaction). Earlier links of the version stay valid until they expire: the version takes one
 * decision whichever link brings it.
 */
export async function issueApprovalLink(
  trx: DB,
  a: { groupId: number; moveId: number; costEstimateId: number; approverEmail: string; sentBy: number | null; days: number },
  now: Date,
): Promise<string> {
  const token = newSessionToken();
  await trx
    .insertInto("estimate_approval_links")
    .values({
      group_id: a.groupId,
      move_id: a.moveId,
      cost_estimate_id: a.costEstimateId,
      token_hash: sessionIdFor(token),
      approver_email: a.approverEmail,
      sent_by: a.sentBy,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + a.days * DAY_MS).toISOString(),
      used_at: null,
      decision: null,
    })
    .execute();
  return token;
}

/** The newest approval e-mail of each version (for the states HR reads). */
export async function lastSentByVersion(db: DB, costEstimateIds: number[]): Promise<Map<number, { sentAt: string; sentTo: string }>> {
  const out = new Map<number, { sentAt: string; sentTo: string }>();
  if (costEstimateIds.length === 0) return out;
  const rows = await db
    .selectFrom("estimate_approval_links")
    .select(["cost_estimate_id", "created_at", "approver_email"])
    .where("cost_estimate_id", "in", costEstimateIds)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  for (const r of rows) if (!out.has(r.cost_estimate_id)) out.set(r.cost_estimate_id, { sentAt: r.created_at, sentTo: r.approver_email });
  return out;
}

/** The approval state of one version row (its columns and its newest approval e-mail). */
export async function approvalStateOfVersion(db: DB, row: Parameters<typeof approvalStateOf>[0] & { id: number }): Promise<TApprovalState> {
  return approvalStateOf(row, (await lastSentByVersion(db, [row.id])).get(row.id) ?? null);
}

function findLink(db: DB, token: string) {
  return db
    .selectFrom("estimate_approval_links as l")
    .innerJoin("cost_estimates as e", "e.id", "l.cost_estimate_id")
    .innerJoin("groups as g", "g.id", "l.group_id")
    .leftJoin("users as s", "s.id", "l.sent_by")
    .select([
      "l.id",
      "l.group_id",
      "l.move_id",
      "l.cost_estimate_id",
      "l.approver_email",
      "l.sent_by",
      "l.created_at",
      "l.expires_at",
      "l.used_at",
      "l.decision",
      "e.status",
      "e.version_number",
      "e.result",
      "e.is_approved",
      "e.approver_name",
      "e.approval_date",
      "e.approval_decision",
      "e.approval_comment",
      "e.approval_decided_at",
      "e.approval_decided_by",
      "g.display_name as group_display_name",
      "g.name as group_name",
      "s.first_name as sender_first_name",
      "s.last_name as sender_last_name",
      "s.email as sender_email",
    ])
    .where("l.token_hash", "=", sessionIdFor(token))
    .executeTakeFirst();
}
type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

const groupNameOf = (link: LinkRow) => link.group_display_name || link.group_name;

/** The decision the version (or this link) carries, when there is one. */
function decisionOf(link: LinkRow): { decision: TApprovalDecision; decidedAt: string | null } | null {
  if (link.approval_decision === "APPROVED" || link.approval_decision === "REJECTED") return { decision: link.approval_decision, decidedAt: link.approval_decided_at };
  if (link.decision === "APPROVED" || link.decision === "REJECTED") return { decision: link.decision, decidedAt: link.used_at };
  return null;
}

/** What a link opens, in the order a reader needs it: decided, no longer current, expired, or open. */
function linkState(link: LinkRow, now: Date): "DECIDED" | "SUPERSEDED" | "EXPIRED" | "OPEN" {
  if (link.used_at !== null) return "DECIDED";
  if (link.status !== "CURRENT") return "SUPERSEDED";
  if (!isUndecided(link)) return "DECIDED";
  if (new Date(link.expires_at).getTime() <= now.getTime()) return "EXPIRED";
  return "OPEN";
}

/** `estimate.approvalLink` (public, read-only): what the approver's page shows for a token. */
export async function readApprovalLink(db: DB, token: string, now = new Date()): Promise<TApprovalLinkResponse> {
  const link = await findLink(db, token);
  if (!link) throw new AppError("NOT_FOUND", approvalLinkMessages.invalid);
  const state = linkState(link, now);
  switch (state) {
    case "SUPERSEDED":
      return { status: "SUPERSEDED", message: approvalLinkMessages.superseded };
    case "EXPIRED":
      return { status: "EXPIRED", message: approvalLinkMessages.expired };
    case "DECIDED": {
      const decided = decisionOf(link) ?? { decision: "APPROVED" as const, decidedAt: link.used_at };
      return {
        status: "DECIDED",
        groupName: groupNameOf(link),
        versionNumber: link.version_number,
        decision: decided.decision,
        decidedAt: decided.decidedAt,
        message: approvalLinkMessages.alreadyDecided,
      };
    }
    case "OPEN": {
      const view = ZCostEstimateView.parse(JSON.parse(link.result));
      const info = view.employeeInformation;
      const currency = view.displayCurrency;
      return {
        status: "OPEN",
        estimate: {
          groupName: groupNameOf(link),
          employeeName: info.employeeName,
          policyName: info.policyName,
          origin: info.originName,
          destination: info.destinationName,
          moveStartDate: info.estimatedMoveStartDate,
          moveEndDate: info.estimatedMoveEndDate,
          versionNumber: link.version_number,
          years: view.years,
          displayCurrency: currency,
          sections: view.sections.map((s) => ({
            name: s.name,
            excludedFromTotal: s.excludedFromTotal,
            // An item's `total` is in its own currency; its year columns are in the display currency (summing integers: no rounding).
            items: s.items.map((i) => ({ name: i.name, total: wholeAmount(i.totalPerYear.reduce((a, b) => a + b, 0), currency) })),
            total: wholeAmount(s.total, currency),
          })),
          total: wholeAmount(view.total, currency),
          approverName: info.approverName,
          approverEmail: link.approver_email,
          sentBy: link.sender_first_name === null ? null : `${link.sender_first_name} ${link.sender_last_name ?? ""}`.trim(),
          sentAt: link.created_at,
          expiresAt: link.expires_at,
        },
      };
    }
  }
}

export type DecideDeps = { db: DB; mailer: Mailer; baseUrl: string };

/** Why a link cannot decide (read inside the transaction, after a conditional update found nothing to change). */
function refusalOf(link: Pick<LinkRow, "used_at" | "status">): AppError {
  if (link.used_at !== null) return new AppError("CONFLICT", approvalLinkMessages.linkUsed);
  if (link.status !== "CURRENT") return new AppError("CONFLICT", approvalLinkMessages.superseded);
  return new AppError("CONFLICT", approvalLinkMessages.alreadyDecided);
}

/**
 * `estimate.decideApproval` (public, by the link's token): records the approver's decision on the
 * version. Approving also marks the version approved (is_approved, approval date) as the estimate
 * pages and the summary read it; rejecting clears an approval recorded earlier on it. Counted per
 * address first (DECIDE_RULE).
 */
export async function decideApproval(
  deps: DecideDeps,
  input: TDecideApprovalRequest,
  from: { ip: string | null },
  now = new Date(),
): Promise<TDecideApprovalResponse> {
  const { db } = deps;
  if (!(await countLoginAttempt(db, `estimate-approval:ip:${from.ip ?? "unknown"}`, DECIDE_RULE, now)).allowed) {
    throw new AppError("TOO_MANY_REQUESTS", approvalLinkMessages.tooManyAttempts);
  }
  const at = now.toISOString();
  const comment = input.comment ? input.comment : null;
  const { result, notice } = await db.transaction().execute(async (trx) => {
    const link = await findLink(trx, input.token);
    if (!link) throw new AppError("NOT_FOUND", approvalLinkMessages.invalid);
    const state = linkState(link, now);
    if (state === "EXPIRED") throw new AppError("BAD_REQUEST", approvalLinkMessages.expired);
    if (state !== "OPEN") throw refusalOf(link);

    // The guard: the link decides once, the version takes one decision, and only while it is current.
    const consumed = await trx
      .updateTable("estimate_approval_links")
      .set({ used_at: at, decision: input.decision })
      .where("id", "=", link.id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(consumed.numUpdatedRows) !== 1) throw new AppError("CONFLICT", approvalLinkMessages.linkUsed);
    const approved = input.decision === "APPROVED";
    const recorded = await trx
      .updateTable("cost_estimates")
      .set({
        approval_decision: input.decision,
        approval_comment: comment,
        approval_decided_at: at,
        approval_decided_by: link.approver_email,
        ...(approved ? { is_approved: 1, approval_date: at.slice(0, 10), approver_name: link.approver_name || link.approver_email } : { is_approved: 0, approval_date: null }),
      })
      .where("id", "=", link.cost_estimate_id)
      .where("status", "=", "CURRENT")
      .where("approval_decision", "is", null)
      .executeTakeFirst();
    if (Number(recorded.numUpdatedRows) !== 1) {
      const row = await trx.selectFrom("cost_estimates").select(["status", "approval_decision"]).where("id", "=", link.cost_estimate_id).executeTakeFirst();
      throw refusalOf({ used_at: null, status: row?.status ?? "DELETED" });
    }
    await insertAudit(trx, {
      at,
      actorUserId: null,
      groupId: link.group_id,
      entity: "move",
      entityId: link.move_id,
      action: approved ? "estimate.approval.approved" : "estimate.approval.rejected",
      oldValues: { isApproved: link.is_approved === 1 },
      newValues: { costEstimateId: link.cost_estimate_id, versionNumber: link.version_number, decision: input.decision, comment, approverEmail: link.approver_email },
      ip: from.ip,
    });
    // The sender hears of it (the outbox row is part of the decision; SMTP delivery after commit).
    let notice: RecordedMail | null = null;
    // In the app too (issue 24 §3), and by e-mail only when the sender wants it.
    const kind = approved ? "ESTIMATE_APPROVED" : "ESTIMATE_REJECTED";
    const mails = link.sender_email !== null && (link.sent_by === null || (await wantsEmail(trx, link.sent_by, kind)));
    const decided = ZCostEstimateView.parse(JSON.parse(link.result));
    await notifyEstimateDecision(
      trx,
      { estimateId: link.cost_estimate_id, groupId: link.group_id, employeeUserId: decided.employeeId, sentBy: link.sent_by, approver: link.approver_name || link.approver_email },
      input.decision,
      comment,
      at,
      mails,
    );
    if (link.sender_email && mails) {
      const view = decided;
      notice = await deps.mailer.record(trx, {
        to: link.sender_email,
        template: approved ? "estimateApproved" : "estimateRejected",
        vars: {
          senderName: `${link.sender_first_name ?? ""} ${link.sender_last_name ?? ""}`.trim() || link.sender_email,
          approverEmail: link.approver_email,
          employeeName: view.employeeInformation.employeeName,
          version: String(link.version_number),
          comment: comment ?? "",
        },
        link: `${deps.baseUrl}/${link.group_name}/employeefile/summaryView?employeeId=${view.employeeId}&moveId=${link.move_id}`,
        groupId: link.group_id,
        groupName: link.group_name,
        userId: link.sent_by,
      }, now);
    }
    return { result: { decision: input.decision, decidedAt: at, versionNumber: link.version_number }, notice };
  });
  if (notice) {
    // The decision stands whatever SMTP does; a failed delivery is recorded on the outbox row.
    await deps.mailer.deliver(db, notice).catch((error: unknown) => console.error("[estimate] approval decision notice failed", error));
  }
  return result;
}
