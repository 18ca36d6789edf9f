/**
 * The e-mail that sends a cost estimate to its approver (part 1 §7 send-cost-estimate-for-approval),
 * with the estimate attached as a PDF. Owned by the estimate services.
 */
export const enEstimateMail = {
  "mail.estimateApproval.subject": "Cost estimate for approval: {{employeeName}} ({{policyName}})",
  "mail.estimateApproval.body":
    "Hello {{approverName}},\n\n{{senderName}} asks you to approve the cost estimate (version {{version}}) for {{employeeName}}'s move from {{origin}} to {{destination}} on the {{policyName}} policy.\n\nEstimated total: {{total}} over {{years}} year(s).\n\nThe estimate is attached as a PDF. Reply to {{senderName}} with your decision.",
  "mail.estimateApproval.action": "Open the estimate",
} as const;
