/**
 * Move hub schemas (part 1 §3 "Move hub item", §7 "Move hub" calls). The same schemas serve the tRPC
 * procedures (src/routers/employee/movehub.ts), the documented paths (src/routers/employee/legacy/movehub.ts) and the
 * page's forms.
 */
import { z } from "zod";
import { ZId, zInt } from "../../numbers.ts";
import { moveHubMessages as m } from "./messages.ts";
import { isCalendarDate, MOVE_HUB_FILTERS } from "./rules.ts";

/** true/false, 1/0 and their text ("true", "false", "1", "0", "on", "off"): what a form posts. */
const ZFlag = z.preprocess((v) => {
  if (typeof v === "string") {
    const s = v.trim().toLowerCase();
    if (["true", "1", "on"].includes(s)) return true;
    if (["false", "0", "off"].includes(s)) return false;
  }
  if (v === 1) return true;
  if (v === 0) return false;
  return v;
}, z.boolean());

/** A due date YYYY-MM-DD, or none ("" and null clear it). */
export const ZDueDate = z.preprocess(
  (v) => (v === "" ? null : typeof v === "string" ? v.trim() : v),
  z.string().refine(isCalendarDate, m.badDate).nullable(),
);

/** Which move: an employee's own by default; HR and admins name it. */
export const ZMoveRef = z.object({ moveId: ZId.optional() });

export const ZSection = zInt({ min: 1, max: 3, message: m.badSection });
export const ZOrder = zInt({ min: 0, max: 10_000 });

/** POST /movehub/updateMHStatus: type ORDER (itemId, section, order), DONE (itemId, isDone), DATE (itemId, dueDate). */
export const ZUpdateStatusRequest = z.discriminatedUnion("type", [
  z.object({ type: z.literal("ORDER"), itemId: ZId, section: ZSection, order: ZOrder }),
  z.object({ type: z.literal("DONE"), itemId: ZId, isDone: ZFlag }),
  z.object({ type: z.literal("DATE"), itemId: ZId, dueDate: ZDueDate }),
]);
export type TUpdateStatusRequest = z.infer<typeof ZUpdateStatusRequest>;

const ZTitle = z.preprocess(
  (v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v),
  z.string().min(1, m.titleRequired).max(200, m.titleTooLong),
);
const ZDdText = z.preprocess((v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v), z.string().max(2000, m.textTooLong));

/**
 * POST /addEditCustomItem: dueDate, title, ddText, order, section, mhItemId, isDone. A new task has no
 * mhItemId (the page's unsaved "NEW" row never sends one); `moveId` names the move for HR and admins.
 */
export const ZSaveItemRequest = z.object({
  mhItemId: ZId.optional(),
  moveId: ZId.optional(),
  title: ZTitle,
  ddText: ZDdText.optional(),
  dueDate: ZDueDate.optional(),
  section: ZSection,
  order: ZOrder.optional(),
  isDone: ZFlag.optional(),
});
export type TSaveItemRequest = z.infer<typeof ZSaveItemRequest>;

/** POST /deleteCustomItem: mhItemId (Meridian's path; the spec names the answer, 'OK', not the path). */
export const ZDeleteItemRequest = z.object({ mhItemId: ZId });
export type TDeleteItemRequest = z.infer<typeof ZDeleteItemRequest>;

/** POST /movehub/sendMessage: the message form to the move's consultant. */
export const ZSendMessageRequest = z.object({
  moveId: ZId.optional(),
  message: z.preprocess(
    (v) => (v === undefined || v === null ? "" : typeof v === "string" ? v.trim() : v),
    z.string().min(1, m.messageRequired).max(5000, m.messageTooLong),
  ),
});
export type TSendMessageRequest = z.infer<typeof ZSendMessageRequest>;

export const ZCompleteStatus = z.enum(["OPEN", "DONE", "OVERDUE"]);
export const ZMoveHubFilter = z.enum(MOVE_HUB_FILTERS);

export const ZMoveHubItem = z.object({
  id: z.number(),
  title: z.string(),
  ddText: z.string(),
  dueDate: z.string().nullable(),
  section: z.number(),
  /** §3 sectionOrder (later reads: order). */
  order: z.number(),
  isDone: z.boolean(),
  doneAt: z.string().nullable(),
  completeStatus: ZCompleteStatus,
  /** true for a task the employee or HR added (editable title, deletable). */
  custom: z.boolean(),
  /** true for the stage's move hub service. */
  moveHub: z.boolean(),
  serviceKey: z.string().nullable(),
});
export type TMoveHubItem = z.infer<typeof ZMoveHubItem>;

export const ZMoveHubSection = z.object({
  section: z.number(),
  title: z.string(),
  status: ZCompleteStatus,
  items: z.array(ZMoveHubItem),
});
export type TMoveHubSection = z.infer<typeof ZMoveHubSection>;

export const ZMoveHubView = z.object({
  moveId: z.number(),
  /** false until the generated tasks were materialised (movehub.prepare). */
  prepared: z.boolean(),
  /** The server's date the statuses were computed against. */
  today: z.string(),
  employeeName: z.string(),
  consultantName: z.string().nullable(),
  /** Whether the caller may change tasks (the move is open or on assignment). */
  editable: z.boolean(),
  sections: z.array(ZMoveHubSection),
  counts: z.object({ all: z.number(), open: z.number(), overdue: z.number(), done: z.number() }),
});
export type TMoveHubView = z.infer<typeof ZMoveHubView>;

export const ZUpdateStatusResponse = z.object({ success: z.literal(true), hub: ZMoveHubView });
export const ZSaveItemResponse = z.object({ success: z.literal(true), mhItemId: z.number(), hub: ZMoveHubView });
export const ZDeleteItemResponse = z.literal("OK");
export const ZSendMessageResponse = z.object({ success: z.boolean(), error: z.string() });
export type TSendMessageResponse = z.infer<typeof ZSendMessageResponse>;
