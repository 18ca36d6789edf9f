/**
 * The move hub's texts from the spec, word for word (part 1 §5 validation, §8 error catalogue).
 */
export const moveHubMessages = {
  /** part 1 §5 "Task title required". */
  titleRequired: "Please enter task title.",
  /** part 1 §5 "Editing a second task" (the page shows it; the server never sees a second edit). */
  editingSecondTask: "You trying to edit more than one task. Please save other task before continuing.",
  /** part 1 §8: the message form's mail failed; the page shows it followed by the error. */
  mailFailed: "While mail sending an error occurred.",
  /** part 1 §8: the message form could not be sent (no one to send it to, or the call failed). */
  contactSupport: "Error!. Please contact our customer support.",
  /** part 1 §8: any other move hub call failed. */
  generic: "An error occured. Please contact customer support",
  // Meridian's own texts (the spec names none for these).
  messageRequired: "Please enter a message.",
  messageTooLong: "The message can be at most 5000 characters.",
  titleTooLong: "The task title can be at most 200 characters.",
  textTooLong: "The description can be at most 2000 characters.",
  badDate: "Please enter a valid date (YYYY-MM-DD).",
  badSection: "This section does not exist in your move hub.",
  noMove: "There is no move hub for this move.",
  notCustom: "Only tasks you added can be deleted.",
  itemNotFound: "This task does not exist.",
  messageSent: "Your message was sent to your consultant.",
} as const;
