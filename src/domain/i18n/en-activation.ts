import { messages } from "../messages.ts";

/** English UI and e-mail texts of the activation screens (merged into en.ts). */
export const enActivation = {
  // E-mail: the invitation with its activation link.
  "mail.activation.subject": "Activate your Meridian account for {{groupName}}",
  "mail.activation.body":
    "Hello {{firstName}},\n\n{{inviterName}} has invited you to Meridian, the relocation platform {{groupName}} uses to organise your move.\n\nChoose your password with the button below to activate your account. The link works once and is valid for {{days}} days.\n\nIf you were not expecting this invitation, you can ignore this e-mail.",
  "mail.activation.action": "Activate my account",

  // Activation form.
  "activation.title": "Activate your account",
  "activation.intro": "Welcome to Meridian. Check your details and choose a password to activate your account.",
  "activation.groupLine": "You are joining {{group}}.",
  "activation.email": "Email address",
  "activation.firstName": "First name",
  "activation.lastName": "Last name",
  "activation.moveDate": "Move date",
  "activation.moveDateHint": "dd/MM/yyyy, for example 01/09/2027",
  "activation.password": "Password",
  "activation.confirmPassword": "Confirm password",
  "activation.rulesTitle": "Your password must have:",
  "activation.ruleMet": "met",
  "activation.ruleNotMet": "not met yet",
  "activation.acceptTerms": "I have read and accept the terms and conditions",
  "activation.readTerms": "Read the terms and conditions",
  "activation.submit": "Activate account",
  "activation.submitting": "Activating…",
  "activation.invalidTitle": "This activation link cannot be used",
  "activation.invalidHelp": "Ask your HR contact to send you a new invitation, or sign in if your account is already active.",
  "activation.goToLogin": "Go to sign in",
  "activation.signupFailed": messages.signupFailed,
  "activation.formHasErrors": messages.formHasErrors,

  // Terms and conditions.
  "terms.title": "Terms and conditions",
  "terms.intro": "Please read and accept the terms and conditions before you use Meridian.",
  "terms.version": "Version {{version}}",
  "terms.acceptedOn": "You accepted version {{version}} on {{date}}.",
  "terms.accept": "I have read and accept the terms and conditions",
  "terms.submit": "Accept and continue",
  "terms.submitting": "Saving…",
  "terms.continue": "Continue",
  "terms.s1.title": "1. About Meridian",
  "terms.s1.body":
    "Meridian is a relocation and employee-move management platform. Your employer (the client group that invited you) uses it to plan, approve and pay for your relocation, together with Meridian's relocation partners and suppliers.",
  "terms.s2.title": "2. Your account",
  "terms.s2.body":
    "Your account is personal. Keep your password secret, do not share your account, and tell your HR contact or customer support straight away if you think someone else has used it. You are responsible for what is done through your account.",
  "terms.s3.title": "3. Your information",
  "terms.s3.body":
    "We process the personal information you and your employer give us (such as your name, contact details, move dates, family details, destination and expenses) only to organise and pay for your relocation, to meet legal obligations and to keep the platform secure. Information is shared with your employer's authorised HR staff and with the suppliers who deliver the services you book, and only as far as each of them needs it.",
  "terms.s4.title": "4. Budgets, bookings and expenses",
  "terms.s4.body":
    "Relocation budgets and benefits are set by your employer's policy. Bookings and expense claims you submit may need approval and can be refused or adjusted under that policy. Amounts shown in other currencies are estimates until the payment is made.",
  "terms.s5.title": "5. Acceptable use",
  "terms.s5.body":
    "Use Meridian only for your own relocation and only with accurate information. Do not upload unlawful, harmful or misleading content, try to reach data that is not yours, or interfere with the platform's operation.",
  "terms.s6.title": "6. Availability and changes",
  "terms.s6.body":
    "We work to keep Meridian available and secure but cannot promise it will always be uninterrupted. We may update these terms; when the changes matter, we will ask you to read and accept the new version before you continue.",
  "terms.s7.title": "7. Contact",
  "terms.s7.body":
    "Questions about these terms or about your information go to customer support or your employer's HR contact. Your employer's own policies and your employment contract continue to apply alongside these terms.",

  // Invitations and the people table's activation button (part 1 §4).
  "invite.open": "Invite person",
  "invite.title": "Invite a person",
  "invite.description": "They receive an e-mail with a link to activate their account.",
  "invite.email": "Email address",
  "invite.firstName": "First name",
  "invite.lastName": "Last name",
  "invite.role": "Role",
  "invite.submit": "Send invitation",
  "invite.submitting": "Sending…",
  "invite.sent": "Invitation sent to {{email}}.",
  "invite.resent": "{{email}} was already invited: a new activation link has been sent.",
  "people.activation": "Activation",
  "people.policy": "Policy",
  "people.viewPolicy": "View policy",
  "people.viewPolicyOf": "View the policy of {{name}}",
  "people.sendActivation": "Send Activation",
  "people.sendingActivation": "Sending Activation",
  "people.activationSent": "Activation Sent",
  "people.activationSentTo": "Activation sent to {{email}}.",

  // Outbox page (admins).
  "outbox.title": "Outbox",
  "outbox.description": "Every e-mail Meridian has sent or recorded, newest first.",
  "outbox.search": "Search e-mails",
  "outbox.searchPlaceholder": "Recipient, subject or template",
  "outbox.to": "To",
  "outbox.subject": "Subject",
  "outbox.template": "Template",
  "outbox.transport": "Transport",
  "outbox.created": "Created",
  "outbox.sent": "Sent",
  "outbox.error": "Error",
  "outbox.link": "Link",
  "outbox.cc": "Cc",
  "outbox.attachments": "Attachments",
  "outbox.notSent": "Not sent",
  "outbox.empty": "No e-mails match this search.",
  "outbox.caption": "Recorded e-mails",
  "outbox.htmlBody": "HTML version",
  "outbox.textBody": "Text version",
  "outbox.previous": "Previous",
  "outbox.next": "Next",
  "outbox.page": "Page {{page}}",
  "outbox.pagination": "Outbox pages",
  "outbox.open": "Open e-mail to {{to}}: {{subject}}",
} as const satisfies Record<string, string>;
