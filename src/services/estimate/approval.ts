/**
 * GET /hr/json/send-cost-estimate-for-approval (part 1 §7; §5 "Approver email: 'Please enter a
 * valid email' and required on send"; §8 approval mail failure): e-mails the approver named on
 * the version the estimate as a PDF, with a copy to the sender when `ccSender`.
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { isValidEmail } from "../../domain/auth/email.ts";
import { estimateMessages } from "../../domain/estimate/messages.ts";
import { AppError } from "../../domain/errors.ts";
import { formatMoney } from "../../domain/money/money.ts";
import type { Mailer } from "../mail.ts";
import type { WizardActor } from "../wizard/types.ts";
import type { EstimateMove } from "./access.ts";
import { versionForMove } from "./estimates.ts";
import { exportFileName, PDF_CONTENT_TYPE, renderEstimatePdf } from "./export.ts";

export type ApprovalMailDeps = { db: DB; config: Pick<Config, "publicUrl" | "port">; mailer: Mailer; baseUrl: string };

export async function sendForApproval(
  deps: ApprovalMailDeps,
  actor: WizardActor,
  move: EstimateMove,
  input: { costEstimateId: number; ccSender: boolean },
): Promise<{ success: boolean; sentTo: string; cc: string | null }> {
  const { view, balanceSheet } = await versionForMove(deps.db, move, input.costEstimateId);
  const info = view.employeeInformation;
  const to = info.approverEmail?.trim() ?? "";
  if (to === "" || !isValidEmail(to)) throw new AppError("VALIDATION", estimateMessages.validEmail, { approverEmail: estimateMessages.validEmail });
  const pdf = await renderEstimatePdf(view, balanceSheet, { isBalanceSheetView: false });
  const cc = input.ccSender ? actor.user.email : null;
  const link = `${deps.baseUrl}/${move.group_name}/cost-estimate-view?employeeId=${move.employee_user_id}&costEstimateId=${view.costEstimateId}`;
  try {
    await deps.mailer.send(deps.db, {
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
      },
      link,
      groupId: move.group_id,
      groupName: move.group_name,
      userId: move.employee_user_id,
      attachments: [{ filename: exportFileName(view, "pdf", false), contentType: PDF_CONTENT_TYPE, content: pdf }],
    });
  } catch (error) {
    console.error("[estimate] approval e-mail failed", error);
    throw new AppError("INTERNAL", estimateMessages.approvalMailFailure);
  }
  return { success: true, sentTo: to, cc };
}
