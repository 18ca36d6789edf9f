/**
 * The welcome popup's contract (issue 14; part 1 §7 "POST /mercer/popup", shape not given; part 2 §2
 * the 3-stage welcome-call popup; part 2 §3 "Welcome submission: … scheduledDate, contactNumber" and
 * the /welcomeCall/admin screen's "interests", which the CRM area reads later). Our reading of the
 * unspecified shape: one call records one answer of the popup —
 *   { moveId, action: "STAGE", stage: 1 | 2 }           the stage the employee reached;
 *   { moveId, action: "DISMISS" }                        Skip for now, Escape or close;
 *   { moveId, action: "BOOK", date, time, timeZone, phone, interests }   the welcome-call request
 * — and answers the popup's state. `welcome.state` (query) and `welcome.answer` (mutation) use the same
 * schemas; POST /mercer/popup takes them as JSON or a form (interests comma-separated).
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { welcomeMessages as m } from "./messages.ts";
import { POPUP_STATUSES } from "./rules.ts";

const text = (required: string, max: number) =>
  z.string({ error: required }).max(max * 4, required).trim().min(1, required).max(max, required);

/** 1 or 2 (the number or its text, as a form sends it). */
const stageOf = (allowed: readonly number[], message: string) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d\s*$/.test(v) ? Number(v) : v),
    z.number({ error: message }).int(message).refine((n) => allowed.includes(n), message),
  );

/** A list of service keys: an array, or one comma-separated text (a form). */
const ZInterests = z.preprocess(
  (v) => (v === undefined || v === null ? [] : typeof v === "string" ? v.split(",").map((s) => s.trim()).filter((s) => s !== "") : v),
  z.array(z.string({ error: m.interests }).trim().min(1, m.interests).max(60, m.interests), { error: m.interests }).max(50, m.interests),
);

export const ZWelcomeStateRequest = z.object({ moveId: ZId.optional() });
export type TWelcomeStateRequest = z.infer<typeof ZWelcomeStateRequest>;

const ZStageAnswer = z.object({ moveId: ZId, action: z.literal("STAGE"), stage: stageOf([1, 2], m.stage).transform((n) => n as 1 | 2) });
const ZDismissAnswer = z.object({ moveId: ZId, action: z.literal("DISMISS") });
export const ZBookAnswer = z.object({
  moveId: ZId,
  action: z.literal("BOOK"),
  /** The preferred day of the call in the employee's time zone, YYYY-MM-DD. */
  date: text(m.dateRequired, 10).pipe(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, m.dateInvalid)),
  /** The preferred time of day, HH:MM (24-hour clock). */
  time: text(m.timeRequired, 5).pipe(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, m.timeInvalid)),
  /** The employee's IANA time zone ("Europe/London"). */
  timeZone: text(m.timeZone, 64),
  phone: text(m.phoneRequired, 40),
  /** Service keys from the move's policy (`interestsOffered`). */
  interests: ZInterests,
});
export type TBookAnswer = z.infer<typeof ZBookAnswer>;

export const ZWelcomeAnswerRequest = z.discriminatedUnion("action", [ZStageAnswer, ZDismissAnswer, ZBookAnswer], { error: m.action });
export type TWelcomeAnswerRequest = z.infer<typeof ZWelcomeAnswerRequest>;

export const ZWelcomeCallRequest = z.object({
  date: z.string(),
  time: z.string(),
  timeZone: z.string(),
  /** The same moment in UTC (ISO-8601). */
  scheduledAt: z.string(),
  phone: z.string(),
  interests: z.array(z.string()),
  /** REQUESTED until the CRM area takes it over. */
  status: z.string(),
  /** The employee may still change it (status REQUESTED). */
  changeable: z.boolean(),
});
export type TWelcomeCallRequest = z.infer<typeof ZWelcomeCallRequest>;

export const ZWelcomeState = z.object({
  /** The open move the popup is about; null when the employee has none. */
  move: z
    .object({
      id: z.number().int(),
      /** Who initiated the move (else the group's first HR user), as the move hub's message form finds them. */
      consultant: z.object({ name: z.string(), email: z.string() }).nullable(),
      /** The policy's welcome call duration in minutes, when set. */
      callMinutes: z.number().int().nullable(),
      /** False when the move's policy has no welcome call. */
      welcomeCall: z.boolean(),
    })
    .nullable(),
  /** Whether the home opens the popup now. */
  show: z.boolean(),
  stage: z.number().int().min(1).max(3),
  /** NEW until the first answer. */
  status: z.enum(["NEW", ...POPUP_STATUSES]),
  /** The interests to choose from: the services of the move's policy. */
  interestsOffered: z.array(z.object({ key: z.string(), title: z.string() })),
  request: ZWelcomeCallRequest.nullable(),
  /** How far ahead a call may be booked. */
  maxDays: z.number().int(),
});
export type TWelcomeState = z.infer<typeof ZWelcomeState>;

/** POST /mercer/popup's answer. */
export const ZWelcomeAnswerResponse = z.object({ success: z.literal(true), state: ZWelcomeState });
export type TWelcomeAnswerResponse = z.infer<typeof ZWelcomeAnswerResponse>;
