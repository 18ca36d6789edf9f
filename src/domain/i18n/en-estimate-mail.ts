/**
 * The e-mail that sends a cost estimate to its approver (part 1 §7 send-cost-estimate-for-approval),
 * with the estimate attached as a PDF and the link to the approval page, and the sender's notice of the
 * approver's decision. Owned by the estimate services.
 */
export const enEstimateMail = {
  "mail.estimateApproval.subject": "Cost estimate for approval: {{employeeName}} ({{policyName}})",
  "mail.estimateApproval.body":
    "Hello {{approverName}},\n\n{{senderName}} asks you to approve the cost estimate (version {{version}}) for {{employeeName}}'s move from {{origin}} to {{destination}} on the {{policyName}} policy.\n\nEstimated total: {{total}} over {{years}} year(s).\n\nThe estimate is attached as a PDF. Open the link below to approve or reject it; the link is valid until {{expires}}.",
  "mail.estimateApproval.action": "Approve or reject the estimate",
  // The sender's notice of the approver's decision (issue 13 item 6).
  "mail.estimateApproved.subject": "Cost estimate approved: {{employeeName}} (version {{version}})",
  "mail.estimateApproved.body": "Hello {{senderName}},\n\n{{approverEmail}} approved version {{version}} of the cost estimate for {{employeeName}}.\n\n{{comment}}",
  "mail.estimateApproved.action": "Open the move",
  "mail.estimateRejected.subject": "Cost estimate rejected: {{employeeName}} (version {{version}})",
  "mail.estimateRejected.body": "Hello {{senderName}},\n\n{{approverEmail}} rejected version {{version}} of the cost estimate for {{employeeName}} with this comment:\n\n{{comment}}",
  "mail.estimateRejected.action": "Open the move",
} as const;
