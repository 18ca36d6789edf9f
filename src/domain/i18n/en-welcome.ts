/**
 * English texts of the welcome popup (issue 14; part 2 §2 "A welcome-call popup for new users has 3
 * stages; on mobile it redirects to /common/welcomeCallPopup"), merged into en.ts. The field messages
 * come from src/domain/welcome/messages.ts (the server's own texts).
 */
export const enWelcome = {
  "welcome.title": "Your welcome call",
  "welcome.step": "Step {{step}} of 3",
  "welcome.next": "Next",
  "welcome.back": "Back",
  "welcome.skip": "Skip for now",
  "welcome.close": "Close",
  "welcome.done": "Done",
  "welcome.loading": "Loading your welcome call…",
  "welcome.saving": "Saving…",

  "welcome.stage1.heading": "Welcome to your move, {{name}}",
  "welcome.stage1.intro": "Your consultant will call you to welcome you and help you start your move.",
  "welcome.stage1.consultant": "Your consultant",
  "welcome.stage1.noConsultant": "Your consultant will be assigned shortly.",
  "welcome.stage1.covers": "The welcome call covers:",
  "welcome.stage1.covers1": "your relocation policy and what it includes",
  "welcome.stage1.covers2": "the services you can use and how to book them",
  "welcome.stage1.covers3": "your timeline and the next steps",
  "welcome.stage1.covers4": "any questions you have",
  "welcome.stage1.duration": "The call takes about {{minutes}} minutes.",

  "welcome.stage2.heading": "Schedule your welcome call",
  "welcome.stage2.intro": "Choose when you would like to be called, within the next {{days}} days. Your consultant confirms the time.",
  "welcome.stage2.date": "Preferred date",
  "welcome.stage2.time": "Preferred time",
  "welcome.stage2.timeZone": "Your time zone",
  "welcome.stage2.phone": "Phone number",
  "welcome.stage2.phoneHint": "With the country code, e.g. +44 20 7946 0958.",
  "welcome.stage2.interests": "What would you like to talk about?",
  "welcome.stage2.noInterests": "Your policy lists no services to choose from.",
  "welcome.stage2.submit": "Request the call",

  "welcome.stage3.heading": "Your welcome call is requested",
  "welcome.stage3.intro": "Your consultant will confirm the call. You can change the request until then.",
  "welcome.stage3.when": "When",
  "welcome.stage3.phone": "Phone",
  "welcome.stage3.interests": "Interests",
  "welcome.stage3.noInterests": "None chosen",
  "welcome.stage3.change": "Change the request",
  "welcome.stage3.locked": "Your welcome call is already being arranged. Please contact your consultant to change it.",

  "welcome.page.noMove": "You have no open move, so there is no welcome call to book.",
  "welcome.page.noWelcomeCall": "Your move's policy has no welcome call.",
  "welcome.page.home": "Back to your home page",
  "welcome.card.title": "Welcome call",
  "welcome.card.book": "Book your welcome call",
  "welcome.card.bookBody": "Choose a time for your consultant to call you.",
  "welcome.card.requested": "Requested for {{when}}.",
  "welcome.card.change": "See or change your welcome call",
} as const;
