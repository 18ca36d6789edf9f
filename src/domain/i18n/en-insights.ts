/**
 * English texts of estimate against actual (issue 16 "Beyond the spec"; merged into en.ts): the shared
 * component src/web/components/estimate-vs-actual.tsx on HR's move page and finance's spend page
 * (src/web/features/finance-insights/). Refusals come from the server.
 */
export const enInsights = {
  "insights.panelTitle": "Estimate against actual",
  "insights.pageTitle": "Spend against estimate",
  "insights.pageEyebrow": "Finance",
  "insights.pageDescription": "Move {{moveId}}: each service's approved spend beside its cost-estimate line and its budget, updated as bills are approved.",
  "insights.backToFinance": "Back to finance",
  "insights.badMove": "This is not a move number.",
  "insights.servicesTitle": "Spend by service",
  "insights.servicesCaption": "Each service's estimate, budget, approved and pending spend, and the difference",
  "insights.service": "Service",
  "insights.estimate": "Estimate",
  "insights.budget": "Budget",
  "insights.approved": "Approved actual",
  "insights.pending": "Pending",
  "insights.difference": "Difference",
  "insights.remaining": "Remaining",
  "insights.total": "Total ({{currency}})",
  "insights.noService": "Other spend (no service)",
  "insights.sharedBudget": "shared by {{count}} services",
  "insights.overEstimate": "over the estimate",
  "insights.budgetsTitle": "Budgets",
  "insights.budgetGroup": "{{stage}} · budget group {{group}}",
  "insights.noEstimate": "No cost estimate yet: amounts in {{currency}}.",
  "insights.estimateVersion": "Cost estimate version {{version}}, amounts in {{currency}}.",
  "insights.emptyTitle": "Nothing to compare yet",
  "insights.emptyText": "This move has no cost estimate, budget or spend yet. Approved bills appear here as finance approves them.",
  "insights.loadFailed": "The estimate against actual could not be loaded.",
} as const;
