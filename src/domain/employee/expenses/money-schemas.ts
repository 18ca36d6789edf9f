/**
 * HR's Money panel on the move page (issue 24 §1, §4): the move's expenses, bookings and other approval
 * items with the state `deriveLifecycle` gives them, and the move's bills with their own state
 * (`billStageOf`). Display names of item kinds and bill types live here (no code reaches a screen).
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { LIFECYCLE_STAGES, ZLifecycle } from "./lifecycle.ts";
import { MONEY_ITEM_KIND_LABELS, MONEY_ITEM_KINDS } from "./lifecycle-labels.ts";

export { MONEY_ITEM_KIND_LABELS, MONEY_ITEM_KINDS };

/** The bill types (part 2 §3) by their display names. */
export const MONEY_BILL_TYPE_LABELS: Record<string, string> = {
  VendorBooking: "Vendor booking",
  Expense: "Expense",
  CashAllowances: "Cash allowance",
  ExpenseBill: "Expense bill",
  CashLumpSumBill: "Lump sum",
};
/** The most items and bills the panel lists (newest first). */
export const MONEY_PANEL_LIMIT = 200;

export const ZMoveMoneyRequest = z.object({ moveId: ZId });

export const ZMoveMoneyItem = z.object({
  kind: z.enum(MONEY_ITEM_KINDS),
  kindLabel: z.string(),
  id: z.number().int(),
  /** What it is: the expense's description or category, the vendor, the charge's description. */
  title: z.string(),
  /** The expense's date, else the day it was submitted (YYYY-MM-DD). */
  date: z.string(),
  currency: z.string(),
  gross: z.string(),
  lifecycle: ZLifecycle,
});
export const ZMoveMoneyBill = z.object({
  id: z.number().int(),
  reference: z.string(),
  typeLabel: z.string(),
  currency: z.string(),
  gross: z.string(),
  dueDate: z.string().nullable(),
  stage: z.enum(LIFECYCLE_STAGES),
  label: z.string(),
  paidDate: z.string().nullable(),
});
export const ZMoveMoneyResponse = z.object({ items: z.array(ZMoveMoneyItem), bills: z.array(ZMoveMoneyBill) });
export type TMoveMoneyResponse = z.infer<typeof ZMoveMoneyResponse>;
