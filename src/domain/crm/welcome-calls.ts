/**
 * The welcome calls employees requested (issue 24 §3): the CRM list of requested calls (until the CRM
 * welcome-call workspace of part 2 §2 replaces it), the request on HR's move page, and the CRM's
 * booking of a requested call. Shapes of the `welcomeCalls` router; the status names are shown through
 * the translations (`welcomeCalls.status.<STATUS>`), never as codes.
 */
import { z } from "zod";

export const WELCOME_CALL_STATUSES = ["REQUESTED", "BOOKED"] as const;
export type WelcomeCallStatus = (typeof WELCOME_CALL_STATUSES)[number];
export const ZWelcomeCallStatus = z.enum(WELCOME_CALL_STATUSES);

/** A stored status this page does not know reads as requested (the safe, actionable state). */
export function welcomeCallStatusOf(status: string): WelcomeCallStatus {
  return status === "BOOKED" ? "BOOKED" : "REQUESTED";
}

/** Only a requested call can be booked; a booked one is not booked twice. */
export function canBook(status: string): boolean {
  return welcomeCallStatusOf(status) === "REQUESTED";
}

const id = z.number().int().positive().max(2_147_483_647);

export const ZWelcomeCallRow = z.object({
  id: z.number().int(),
  moveId: z.number().int(),
  employeeId: z.number().int(),
  employeeName: z.string(),
  employeeEmail: z.string(),
  groupName: z.string(),
  groupDisplayName: z.string(),
  phone: z.string(),
  /** The slot in the employee's zone for people to read ("9 Dec 2026, 15:00 CET"). */
  slot: z.string(),
  scheduledAt: z.string(),
  interests: z.array(z.string()),
  status: ZWelcomeCallStatus,
  requestedAt: z.string(),
});
export type TWelcomeCallRow = z.infer<typeof ZWelcomeCallRow>;

export const ZWelcomeCallListRequest = z.object({ status: ZWelcomeCallStatus.optional() });
export const ZWelcomeCallListResponse = z.object({ rows: z.array(ZWelcomeCallRow) });
export type TWelcomeCallListResponse = z.infer<typeof ZWelcomeCallListResponse>;

export const ZBookWelcomeCallRequest = z.object({ id });
export const ZForMoveRequest = z.object({ group: z.string().trim().min(1).max(64), moveId: id });
export const ZForMoveResponse = z.object({ request: ZWelcomeCallRow.nullable() });

/** The texts of the CRM list and the move page panel. */
export const welcomeCallMessages = {
  alreadyBooked: "This welcome call is already booked.",
  notFound: "This welcome call request no longer exists.",
} as const;
