/**
 * The feedback box (issue 14; part 1 §2 "feedback boxes", §8 "Feedback: 'Thank you! Your feedback was
 * successfully sent.' or 'While mail sending an error occurred! Please check message field.'", §9
 * "Feedback messages show 2 s"; part 2 §3 "Feedback: rating, message", §7 "POST /feedback/add {rating,
 * message}; DELETE /feedback/remove", §8, §9). Response shapes are not in the spec; these are Meridian's.
 */
import { z } from "zod";

export const feedbackMessages = {
  /** part 1 §8, part 2 §8: word for word. */
  sent: "Thank you! Your feedback was successfully sent.",
  failed: "While mail sending an error occurred! Please check message field.",
  rating: "Choose a rating from 1 to 5.",
  message: "Please enter your feedback.",
  messageLength: "Feedback is at most 2000 characters.",
  notConfigured: "Feedback is not configured on this server.",
  removed: "Your feedback was removed.",
  nothingToRemove: "You have no feedback to remove.",
} as const;

/** part 1 §9 / part 2 §9: how long the answer stays before the box closes it. */
export const FEEDBACK_MESSAGE_MS = 2000;
export const FEEDBACK_MAX_LENGTH = 2000;

export const ZFeedbackAddRequest = z.object({
  rating: z.preprocess(
    (v) => (typeof v === "string" && /^\s*[1-5]\s*$/.test(v) ? Number(v) : v),
    z.number({ error: feedbackMessages.rating }).int(feedbackMessages.rating).min(1, feedbackMessages.rating).max(5, feedbackMessages.rating),
  ),
  message: z
    .string({ error: feedbackMessages.message })
    .max(FEEDBACK_MAX_LENGTH * 2, feedbackMessages.messageLength)
    .trim()
    .min(1, feedbackMessages.message)
    .max(FEEDBACK_MAX_LENGTH, feedbackMessages.messageLength),
});
export type TFeedbackAddRequest = z.infer<typeof ZFeedbackAddRequest>;

export const ZFeedbackResult = z.object({ success: z.boolean(), message: z.string() });
export type TFeedbackResult = z.infer<typeof ZFeedbackResult>;

export const ZFeedbackView = z.object({
  /** FEEDBACK_EMAIL is set: the box can send. */
  configured: z.boolean(),
  /** The user's last feedback, if not removed. */
  last: z.object({ rating: z.number().int(), message: z.string(), createdAt: z.string() }).nullable(),
});
export type TFeedbackView = z.infer<typeof ZFeedbackView>;
