/**
 * The approver's signed link (issue 13 item 6): the approval e-mail carries a link to a public page
 * (`/estimate-approval?token=…`) where the approver approves or rejects the version sent, with a
 * comment (required to reject). The spec has no legacy path for it: tRPC only
 * (`estimate.approvalLink`, `estimate.decideApproval`). Texts are Meridian's own (the spec names
 * the rule, not the words). Pure: schemas, messages and the approval state of a version.
 */
import { z } from "zod";
import { displayRound, isCurrencyCode, toMajorString } from "../money/money.ts";

export const APPROVAL_DECISIONS = ["APPROVED", "REJECTED"] as const;
export const ZApprovalDecision = z.enum(APPROVAL_DECISIONS);
export type TApprovalDecision = z.infer<typeof ZApprovalDecision>;

/** The longest comment an approver may write. */
export const APPROVAL_COMMENT_MAX = 2000;

export const approvalLinkMessages = {
  invalid: "This approval link is not valid. Please use the link in the most recent approval e-mail.",
  expired: "This approval link has expired. Please ask the sender to send the estimate for approval again.",
  superseded:
    "This estimate has changed since this link was sent: the version it names is no longer the current one. The sender will send the new version for approval.",
  alreadyDecided: "A decision has already been recorded for this estimate version.",
  linkUsed: "This approval link has already been used.",
  commentRequired: "Please say why you reject the estimate.",
  commentTooLong: `Please keep the comment to ${APPROVAL_COMMENT_MAX} characters or fewer.`,
  tooManyAttempts: "Too many attempts from this address. Please wait a minute and try again.",
  decidedVersionNotSent: "The approver has already decided on this version. Change the estimate to send a new version for approval.",
} as const;

/** A link's token as mailed (base64url of 32 random bytes); anything longer is not one of ours. */
export const ZApprovalToken = z.string().trim().min(1, approvalLinkMessages.invalid).max(100, approvalLinkMessages.invalid);

export const ZApprovalLinkRequest = z.object({ token: ZApprovalToken });
export type TApprovalLinkRequest = z.infer<typeof ZApprovalLinkRequest>;

const ZApprovalItem = z.object({ name: z.string(), total: z.string() });
const ZApprovalSection = z.object({ name: z.string(), excludedFromTotal: z.boolean(), items: z.array(ZApprovalItem), total: z.string() });

/** What the approver reads before deciding: amounts already written in whole units of the display currency (part 1 §9). */
export const ZApprovalEstimate = z.object({
  groupName: z.string(),
  employeeName: z.string(),
  policyName: z.string(),
  origin: z.string(),
  destination: z.string(),
  moveStartDate: z.string().nullable(),
  moveEndDate: z.string().nullable(),
  versionNumber: z.number().int(),
  years: z.number().int(),
  displayCurrency: z.string(),
  sections: z.array(ZApprovalSection),
  total: z.string(),
  approverName: z.string().nullable(),
  approverEmail: z.string(),
  sentBy: z.string().nullable(),
  sentAt: z.string(),
  expiresAt: z.string(),
});
export type TApprovalEstimate = z.infer<typeof ZApprovalEstimate>;

export const ZApprovalLinkResponse = z.discriminatedUnion("status", [
  z.object({ status: z.literal("OPEN"), estimate: ZApprovalEstimate }),
  z.object({
    status: z.literal("DECIDED"),
    groupName: z.string(),
    versionNumber: z.number().int(),
    decision: ZApprovalDecision,
    decidedAt: z.string().nullable(),
    message: z.string(),
  }),
  z.object({ status: z.literal("EXPIRED"), message: z.string() }),
  z.object({ status: z.literal("SUPERSEDED"), message: z.string() }),
]);
export type TApprovalLinkResponse = z.infer<typeof ZApprovalLinkResponse>;

export const ZDecideApprovalRequest = z
  .object({
    token: ZApprovalToken,
    decision: ZApprovalDecision,
    comment: z.string().trim().max(APPROVAL_COMMENT_MAX, approvalLinkMessages.commentTooLong).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.decision === "REJECTED" && !v.comment) ctx.addIssue({ code: "custom", path: ["comment"], message: approvalLinkMessages.commentRequired });
  });
export type TDecideApprovalRequest = z.infer<typeof ZDecideApprovalRequest>;

export const ZDecideApprovalResponse = z.object({
  decision: ZApprovalDecision,
  decidedAt: z.string(),
  versionNumber: z.number().int(),
});
export type TDecideApprovalResponse = z.infer<typeof ZDecideApprovalResponse>;

/**
 * A version's approval as HR reads it: APPROVED (by the approver's link, or recorded by an
 * administrator), REJECTED (with the approver's comment), PENDING (sent for approval, no decision
 * yet) or NONE (never sent).
 */
export const ZApprovalState = z.object({
  state: z.enum(["APPROVED", "REJECTED", "PENDING", "NONE"]),
  comment: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** The approver's e-mail (a link decision) or name (an approval recorded by an administrator). */
  decidedBy: z.string().nullable(),
  /** When the newest approval e-mail for this version was sent. */
  sentAt: z.string().nullable(),
  sentTo: z.string().nullable(),
});
export type TApprovalState = z.infer<typeof ZApprovalState>;

export type ApprovalColumns = {
  is_approved: number;
  approver_name: string | null;
  approval_date: string | null;
  approval_decision: string | null;
  approval_comment: string | null;
  approval_decided_at: string | null;
  approval_decided_by: string | null;
};

/** The approval state of a version from its columns and its newest approval e-mail (null when never sent). */
export function approvalStateOf(row: ApprovalColumns, lastSent: { sentAt: string; sentTo: string } | null): TApprovalState {
  const sent = { sentAt: lastSent?.sentAt ?? null, sentTo: lastSent?.sentTo ?? null };
  if (row.approval_decision === "REJECTED") {
    return { state: "REJECTED", comment: row.approval_comment, decidedAt: row.approval_decided_at, decidedBy: row.approval_decided_by, ...sent };
  }
  if (row.approval_decision === "APPROVED") {
    return { state: "APPROVED", comment: row.approval_comment, decidedAt: row.approval_decided_at, decidedBy: row.approval_decided_by, ...sent };
  }
  if (row.is_approved === 1) {
    return { state: "APPROVED", comment: null, decidedAt: row.approval_date, decidedBy: row.approver_name, ...sent };
  }
  return { state: lastSent ? "PENDING" : "NONE", comment: null, decidedAt: null, decidedBy: null, ...sent };
}

/**
 * Whether a version may still take the approver's decision: it has none yet. An approval recorded
 * by an administrator, or kept from an earlier version, does not close it: a version sent for
 * approval is the approver's to decide, and the decision replaces it.
 */
export function isUndecided(row: Pick<ApprovalColumns, "approval_decision">): boolean {
  return row.approval_decision === null;
}

/** An estimate amount for the approver: whole units with separators ("USD 12,500"; part 1 §9), rounded only by the money module. */
export function wholeAmount(amount: number, currency: string): string {
  if (!isCurrencyCode(currency)) return `${currency} ${amount}`;
  const whole = displayRound.estimateTotal(toMajorString({ amount, currency }));
  const negative = whole.startsWith("-") && whole !== "-0";
  return `${currency} ${negative ? "-" : ""}${whole.replace(/^-/, "").replace(/\B(?=(\d{3})+(?!\d))/g, ",")}`;
}
