/**
 * Tooltip texts served by GET /json/get/tooltip?key=<key> (translation key `tooltip.<key>`),
 * overridable per language and client group in the translations table.
 */
export const enTooltips = {
  "tooltip.policy.estimateType":
    "Which cost estimate HR gets when initiating a move: none, a basic estimate without a tax provider, a long-term or short-term assignment estimate, or the advanced estimate with tax years.",
  "tooltip.policy.estimatePackage": "The cost-estimate template. The permanent transfer package should not be used with 3 stage moves.",
  "tooltip.policy.balanceSheet": "Adds a home-based balance sheet (spendable income, cost-of-living and housing allowances, tax equalization) to advanced estimates.",
  "tooltip.policy.moveStages": "One stage for a one-way move; three stages (pre-departure, on assignment, repatriation) for assignments.",
  "tooltip.policy.programmeType": "ManagedBudget asks for a confirmation when an expense is out of budget.",
  "tooltip.policy.cityGuideOnly": "The employee gets the destination city guide only: the wizard skips benefits and the cost estimate.",
  "tooltip.policy.noWelcomeEmail": "No welcome e-mail with the activation link is sent when the move is initiated.",
  "tooltip.policy.servicePolicyType":
    "1 Cash flex and 2 Budget use a budget; 3 Benefits needs at least one benefit; 4 View only (third party) and 5 Off hide the service form.",
  "tooltip.policy.budgetGroup": "Services in the same budget group (1 to 20) share its budgets; 99 means no budget group.",
  "tooltip.policy.moveHub": "The service shown as the employee's move hub. Only one service per move stage may be the move hub.",
  "tooltip.policy.addable": "HR may add this service to an employee's policy at initiation. Not possible for a service that is not provided.",
  "tooltip.benefit.formula": "A formula over the move's inputs, such as hostDailyRate * nights. It is checked when saved.",
  "tooltip.benefit.adjustmentFormula": "An optional factor the formula's result is multiplied by, such as familySize > 2 ? 1.25 : 1.",
} as const;
