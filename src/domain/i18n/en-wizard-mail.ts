/**
 * The welcome e-mail sent when HR completes a move's initiation (unless the policy says no
 * welcome e-mail): it carries the employee's activation link. Owned by the wizard services.
 */
export const enWizardMail = {
  "mail.welcome.subject": "Welcome to your move with {{groupName}}",
  "mail.welcome.body":
    "Hello {{firstName}},\n\n{{groupName}} has started your relocation to {{destination}} on the {{policyName}} policy. Activate your Meridian account to see your move hub, your benefits and your budgets. The link works for {{days}} days.",
  "mail.welcome.action": "Activate my account",
} as const;
