/**
 * GET /hr/json/send-cost-estimate-for-approval (part 1 §7; §5 "Approver email: 'Please enter a
 * valid email' and required on send"; §8 approval mail failure): e-mails the approver named on
 * the version the estimate as a PDF, with a copy to the sender when `ccSender`, and a signed link
 * to the approval page where the approver approves or rejects (issue 13 item 6, approval-link.ts).
 * The link, its audit row and the outbox row are stored in one transaction; SMTP delivery follows
 * the commit. Only the current version is sent, and not once the approver has decided on it.
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { isValidEmail } from "../../domain/identity/auth/email.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { AppError } from "../../domain/errors.ts";
import { formatMoney } from "../../domain/money/money.ts";
import { approvalLinkMessages } from "../../domain/estimate/approval-link.ts";
import type { Mailer, RecordedMail } from "../mail.ts";
import { auditMove } from "../moves/wizard/audit.ts";
import { approvalPageUrl, issueApprovalLink } from "./approval-link.ts";
import type { WizardActor } from "../moves/wizard/types.ts";
import type { EstimateMove } from "./access.ts";
import { versionForMove } from "./estimates.ts";
import { exportFileName, PDF_CONTENT_TYPE, renderEstimatePdf } from "./export.ts";

export type ApprovalMailDeps = { db: DB; config: Pick<Config, "publicUrl" | "port" | "estimateApprovalLinkDays">; mailer: Mailer; baseUrl: string };

export async function sendForApproval(
  deps: ApprovalMailDeps,
  actor: WizardActor,
  move: EstimateMove,
  input: { costEstimateId: number; ccSender: boolean },
  now = new Date(),
): Promise<{ success: boolean; sentTo: string; cc: string | null }> {
  const { view, balanceSheet, row } = await versionForMove(deps.db, move, input.costEstimateId);
  const info = view.employeeInformation;
  const to = (row.approver_email ?? info.approverEmail ?? "").trim();
  if (to === "" || !isValidEmail(to)) throw new AppError("VALIDATION", estimateMessages.validEmail, { approverEmail: estimateMessages.validEmail });
  if (row.status !== "CURRENT") throw new AppError("CONFLICT", approvalLinkMessages.superseded);
  if (row.approval_decision !== null) throw new AppError("CONFLICT", approvalLinkMessages.decidedVersionNotSent);
  const pdf = await renderEstimatePdf(view, balanceSheet, { isBalanceSheetView: false });
  const cc = input.ccSender ? actor.user.email : null;
  const days = deps.config.estimateApprovalLinkDays;
  const expires = new Date(now.getTime() + days * 86_400_000);
  let recorded: RecordedMail;
  try {
    recorded = await deps.db.transaction().execute(async (trx) => {
      const token = await issueApprovalLink(
        trx,
        { groupId: move.group_id, moveId: move.id, costEstimateId: row.id, approverEmail: to, sentBy: actor.user.id, days },
        now,
      );
      await auditMove(trx, actor, { id: move.id, groupId: move.group_id }, {
        at: now.toISOString(),
        action: "estimate.approval.sent",
        newValues: { costEstimateId: row.id, versionNumber: row.version_number, approverEmail: to, expiresAt: expires.toISOString() },
      });
      return deps.mailer.record(
        trx,
        {
          to,
          cc,
          template: "estimateApproval",
          vars: {
            approverName: info.approverName || to,
            senderName: `${actor.user.firstName} ${actor.user.lastName}`.trim(),
            employeeName: info.employeeName,
            policyName: info.policyName,
            origin: info.originName,
            destination: info.destinationName,
            version: String(view.versionNumber),
            total: formatMoney({ amount: view.total, currency: view.displayCurrency }),
            years: String(view.years),
            expires: expires.toISOString().slice(0, 10),
          },
          link: approvalPageUrl(deps.baseUrl, token),
          groupId: move.group_id,
          groupName: move.group_name,
          userId: move.employee_user_id,
          attachments: [{ filename: exportFileName(view, "pdf", false), contentType: PDF_CONTENT_TYPE, content: pdf }],
        },
        now,
      );
    });
    await deps.mailer.deliver(deps.db, recorded);
  } catch (error) {
    if (error instanceof AppError && error.code !== "INTERNAL") throw error;
    console.error("[estimate] approval e-mail failed", error);
    throw new AppError("INTERNAL", estimateMessages.approvalMailFailure);
  }
  return { success: true, sentTo: to, cc };
}
