/**
 * English labels of the budget figures (issue 24 §2; src/domain/employee/budgets/figures.ts), the same on every
 * screen that shows a budget: the employee home, the expenses page, HR's move page, the estimate
 * against actual, Bill Approval's budget column and the booking estimate (merged into en.ts).
 */
export const enBudgetFigures = {
  "budgetFigures.title": "Budget figures",
  "budgetFigures.budget": "Budget",
  "budgetFigures.committed": "Committed",
  "budgetFigures.spent": "Spent",
  "budgetFigures.remaining": "Remaining",
  "budgetFigures.committedHint": "Submitted or approved, not yet paid",
  "budgetFigures.spentHint": "Paid",
  "budgetFigures.remainingHint": "Budget minus committed and spent",
  "budgetFigures.overBudget": "Over budget",
  "budgetFigures.used": "{{percent}}% of the budget used",
} as const;
