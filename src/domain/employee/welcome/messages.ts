/**
 * The welcome popup's texts (issue 14; part 2 §2 "A welcome-call popup for new users has 3 stages").
 * The spec's own texts, word for word: part 2 §8 "There is an issue saving welcome data." and "Welcome
 * call and user-property failures: 'We are experiencing an issue during the process. Please contact
 * customer support and our technical team will investigate.'" The rest are Meridian's (the spec names
 * none for the popup's fields).
 */
export const welcomeMessages = {
  /** part 2 §8: a welcome answer could not be saved. */
  saveFailed: "There is an issue saving welcome data.",
  /** part 2 §8: the welcome call failed to load. */
  loadFailed: "We are experiencing an issue during the process. Please contact customer support and our technical team will investigate.",
  // Meridian's own texts.
  noMove: "You have no open move, so there is no welcome call to book.",
  noWelcomeCall: "Your move's policy has no welcome call.",
  alreadyArranged: "Your welcome call is already being arranged. Please contact your consultant to change it.",
  action: "Choose what to record: STAGE, DISMISS or BOOK.",
  stage: "The stage must be 1 or 2 (stage 3 is reached by booking).",
  dismissStage: "The stage must be 1, 2 or 3.",
  dateRequired: "Choose a date for your welcome call.",
  dateInvalid: "Enter the date as YYYY-MM-DD.",
  timeRequired: "Choose a time for your welcome call.",
  timeInvalid: "Enter the time as HH:MM (24-hour clock).",
  timeZone: "Choose your time zone.",
  inPast: "Choose a date and time in the future.",
  tooFar: "Choose a date within the next 60 days.",
  noSuchTime: "That time does not exist in your time zone (the clocks change that day). Please choose another time.",
  phoneRequired: "Enter a phone number we can call you on.",
  phoneInvalid: "Enter a valid phone number: 7 to 15 digits, optionally starting with + and the country code.",
  interests: "Choose your interests from the list.",
} as const;
