/**
 * Bill Approval's inputs and answers (issue 16; spec part 2 §3 "Approval payload", "Budget search
 * item", §4 "Approval", §7 billapproval/… and billmanagement/check…, §8 blocked actions). Field names
 * exactly as §7; amounts typed in major units (text or number, read by amounts.ts through the money
 * module); ids are positive integers. The item kinds are the four approval items of approval.ts.
 */
import { z } from "zod";
import { APPROVAL_KINDS, type ApprovalKind } from "./approval.ts";
import { HOLD_REASONS } from "./bill-state.ts";
import { INTERNAL_NOTES_MAX, LINE_NOTES_MAX, REFERENCE_MAX, REJECTION_NOTES_MAX, financeDay } from "./amounts.ts";
import { financeMessages as FM, notesMaxMessage } from "./messages.ts";
import { ZMoneyText } from "../money/schemas.ts";
import { zWithFormDataFile } from "../employee/files/schemas.ts";

/** Meridian's own Bill Approval texts (the spec states the rule, not the words). */
export const approvalMessages = {
  itemNotFound: "This approval item does not exist.",
  changed: "This item was changed by someone else; reload it and try again",
  overBudgetConfirm: "This item is over budget: approving it takes the total spend to {total}. Confirm the over-budget override to approve it.",
  rejectionReasonUnknown: "It is mandatory to select a rejection reason",
  changeReasonMax: notesMaxMessage(REJECTION_NOTES_MAX),
  changeOnlyBookingCost: "Only a booking cost can be sent back for a change.",
  noRecurringSchedule: "This recurring cash spend has no payment schedule.",
  invalidDate: "Please enter a valid date (yyyy-mm-dd)",
  invalidType: "Please select a valid item type",
  autoRuleAmount: "Please enter a valid non-negative amount",
  autoRuleChanged: "The auto-approval rule was changed by someone else; reload it and try again",
  noEmployee: "Employee has no accounts",
  holdNothing: "Please name an expense or a booking cost",
  // Issue 23 item 15: the bill-detail panel's accounts and bill file.
  accountNotFound: "This account does not exist.",
  accountCurrency: "Please choose an account in the bill's currency ({currency})",
  billFileNotFound: "This bill file does not exist; please upload it again.",
} as const;

export { APPROVAL_KINDS, type ApprovalKind };

const id = z.coerce.number().int().positive().max(2_147_483_647);
const amountText = ZMoneyText;
// A calendar date in the finance range (financeDay: "2026-02-30" and "9999-12-31" are refused).
const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}$/, approvalMessages.invalidDate).refine((v) => financeDay(v) === v, approvalMessages.invalidDate);
const optionalDate = z.union([isoDate, z.literal("").transform(() => undefined)]).optional().nullable();
const optionalText = (max: number) => z.string().max(max).optional().nullable();
export const idempotencyKey = z.string().max(200).optional();
const bool = z.union([z.boolean(), z.enum(["true", "false"]).transform((v) => v === "true")]);

/** The item type names the calls accept (§7 billType / type / invoiceServiceType) → the approval kind. */
const KIND_ALIASES: Record<string, ApprovalKind> = {
  bookingcost: "bookingCost", booking_cost: "bookingCost", vendorbooking: "bookingCost", approve_booking_cost: "bookingCost",
  expense: "expense", approve_expense: "expense",
  lumpsum: "lumpSum", lump_sum: "lumpSum", cashlumpsumbill: "lumpSum",
  adhoccashspend: "adhocCashSpend", adhoc_cash_spend: "adhocCashSpend", cashallowances: "adhocCashSpend", cashspend: "adhocCashSpend",
};
export const ZApprovalKind = z.preprocess(
  (v) => (typeof v === "string" ? (KIND_ALIASES[v.trim().toLowerCase()] ?? v) : v),
  z.enum(APPROVAL_KINDS, { error: approvalMessages.invalidType }),
);

/** A bill line as the approval screen sends it (billLinesDTOs). */
export const ZBillLineDto = z.object({
  name: z.string().trim().max(200).optional().default(""),
  gross: amountText,
  net: amountText.optional().nullable(),
  tax: amountText.optional().nullable(),
  notes: z.string().max(LINE_NOTES_MAX, FM.lineNotesMax).optional().nullable(),
  spendCategoryId: id.optional().nullable(),
  serviceCategory: z.string().max(100).optional().nullable(),
});
export type TBillLineDto = z.infer<typeof ZBillLineDto>;

/** §3 "Approval payload". maxTotalSpendOverride: the finance user's over-budget confirm (true, or the new total they accepted). */
export const ZApprovalPayload = z.object({
  id,
  costCenter: optionalText(100),
  costCenter2: optionalText(100),
  accountFrom: id.optional().nullable(),
  accountTo: id.optional().nullable(),
  bankAccountId: id.optional().nullable(),
  reference: z.string().max(REFERENCE_MAX, FM.referenceMax).optional().nullable(),
  billLinesDTOs: z.array(ZBillLineDto).max(50).optional().nullable(),
  invoiceDate: optionalDate,
  maxTotalSpendOverride: z.union([z.boolean(), z.number(), z.string().max(40)]).optional().nullable(),
  startDate: optionalDate,
  endDate: optionalDate,
});
export type TApprovalPayload = z.infer<typeof ZApprovalPayload>;
export const ZApproveInput = ZApprovalPayload.extend({ idempotencyKey });

export const ZApproveResponse = z.object({ success: z.literal(true), billIds: z.array(z.number()), status: z.string() });
export type TApproveResponse = z.infer<typeof ZApproveResponse>;

/** §7 check{OutOfBudget,OverBudget}: id, invoiceServiceType, maxTotalSpendOverride. */
export const ZBudgetCheckRequest = z.object({
  id,
  invoiceServiceType: ZApprovalKind.default("expense"),
  maxTotalSpendOverride: z.union([z.boolean(), z.number(), z.string().max(40)]).optional().nullable(),
});
export const ZBudgetCheckResponse = z.object({
  success: z.boolean(),
  outOfBudget: z.boolean(),
  overBudget: z.boolean(),
  newTotalSpend: z.string().nullable(),
  lock: z.boolean(),
  errorMessage: z.string().nullable(),
});
export type TBudgetCheckResponse = z.infer<typeof ZBudgetCheckResponse>;

const rejectionFields = {
  rejectionId: id.optional().nullable(),
  rejectionReason: z.string().max(REJECTION_NOTES_MAX, notesMaxMessage(REJECTION_NOTES_MAX)).optional().nullable(),
};
/** GET rejectBookingCost (id), rejectExpense (expenseId), rejectAdhocCashSpend (cashSpendId), rejectLumpSum (lumpsumId). */
export const ZRejectBookingCost = z.object({ id, ...rejectionFields });
export const ZRejectExpense = z.object({ expenseId: id, ...rejectionFields });
export const ZRejectAdhocCashSpend = z.object({ cashSpendId: id, ...rejectionFields });
export const ZRejectLumpSum = z.object({ lumpsumId: id, ...rejectionFields });
export const ZRejectInput = z.object({ kind: ZApprovalKind, id, ...rejectionFields, idempotencyKey });
export type TRejectInput = z.infer<typeof ZRejectInput>;
export const ZDecisionResponse = z.object({ success: z.literal(true), status: z.string() });

export const ZRequestChange = z.object({
  bookingCostId: id,
  requestForChangeReason: z.string().max(REJECTION_NOTES_MAX, approvalMessages.changeReasonMax).optional().nullable(),
});
export const ZRequestChangeInput = ZRequestChange.extend({ idempotencyKey });

/** POST billapproval/set-hold-status: expenseId or bookingCostId; holdStatus true holds (with a reason), false releases. */
export const ZSetHoldStatus = z.object({
  expenseId: id.optional().nullable(),
  bookingCostId: id.optional().nullable(),
  holdStatus: bool,
  holdReason: z.string().max(100).optional().nullable(),
});
export const ZSetHoldInput = z.object({ kind: ZApprovalKind, id, holdStatus: z.boolean(), holdReason: z.string().max(100).optional().nullable(), idempotencyKey });
export type TSetHoldInput = z.infer<typeof ZSetHoldInput>;
export const ZHoldResponse = z.object({ success: z.literal(true), holdReason: z.string().nullable() });
export { HOLD_REASONS };

/** POST billapproval/expense/note. */
export const ZExpenseNote = z.object({ expenseId: id, internalNote: z.string().max(INTERNAL_NOTES_MAX, FM.internalNotesTooLong).optional().default("") });
export const ZExpenseNoteInput = ZExpenseNote.extend({ idempotencyKey });
export const ZExpenseNoteResponse = z.object({ success: z.literal(true), internalNote: z.string() });

/** POST billapproval/updateMoveStage, updateServiceCategory: billId/billType name the approval item. */
export const ZUpdateMoveStage = z.object({ billId: id, billType: ZApprovalKind, moveStageId: z.coerce.number().int().min(1).max(3) });
export const ZUpdateServiceCategory = z.object({ billId: id, billType: ZApprovalKind, serviceCategory: z.string().trim().max(100) });
export const ZDefaultFromAccountResponse = z.object({ success: z.literal(true), defaultFromAccount: z.object({ id: z.number(), name: z.string() }) });
export type TDefaultFromAccountResponse = z.infer<typeof ZDefaultFromAccountResponse>;

/**
 * POST updateBillableChanges (the bill's amounts, reference, invoice date and — issue 23 item 15 — the
 * rest of §3's approval payload the bill-detail panel edits: cost centres, from/to accounts and the bill
 * file), updateBillLineCache (its lines); DELETE clearBillLinesCache/{id}/{type}. Each save replaces what
 * was saved (send the whole record; null is "the default"); approve applies what was saved where its own
 * payload leaves a field out.
 */
export const ZBillableChanges = z.object({
  id,
  type: ZApprovalKind,
  gross: amountText.optional().nullable(),
  net: amountText.optional().nullable(),
  tax: amountText.optional().nullable(),
  reference: z.string().max(REFERENCE_MAX, FM.referenceMax).optional().nullable(),
  invoiceDate: optionalDate,
  costCenter: optionalText(100),
  costCenter2: optionalText(100),
  accountFrom: id.optional().nullable(),
  accountTo: id.optional().nullable(),
  /** The bill file (uploadBillFile's id). */
  fileId: id.optional().nullable(),
});
export type TBillableChanges = z.infer<typeof ZBillableChanges>;
export const ZBillLineCache = z.object({ id, type: ZApprovalKind, billLinesDTOs: z.array(ZBillLineDto).max(50) });
export const ZClearCache = z.object({ id, type: ZApprovalKind });
export const ZDraftResponse = z.object({ success: z.literal(true) });

/** The bill-detail panel's read (issue 23 item 15): the item, what was saved for its bill, and the accounts it may use. */
export const ZBillDetailRequest = z.object({ id, type: ZApprovalKind });
const ZPanelAccount = z.object({ id: z.number(), name: z.string(), type: z.string(), currency: z.string() });
export const ZBillDetail = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  moveId: z.number().nullable(),
  employeeName: z.string().nullable(),
  vendorName: z.string().nullable(),
  description: z.string(),
  currency: z.string(),
  /** The item's own amounts (major units). */
  gross: z.string(),
  net: z.string(),
  tax: z.string(),
  moveStageId: z.number().nullable(),
  holdReason: z.string().nullable(),
  version: z.number(),
  /** What was saved before approval (null: nothing saved, the bill takes the item's values). */
  draft: z.object({
    gross: z.string().nullable(),
    net: z.string().nullable(),
    tax: z.string().nullable(),
    reference: z.string().nullable(),
    invoiceDate: z.string().nullable(),
    costCenter: z.string().nullable(),
    costCenter2: z.string().nullable(),
    accountFrom: z.number().nullable(),
    accountTo: z.number().nullable(),
    fileId: z.number().nullable(),
    lines: z.array(ZBillLineDto.extend({ gross: z.string(), net: z.string().nullable().optional(), tax: z.string().nullable().optional() })).nullable(),
    serviceCategory: z.string().nullable(),
    version: z.number(),
  }),
  /** The reference and spend category the bill gets when none is saved. */
  defaultReference: z.string(),
  defaultSpendCategoryId: z.number().nullable(),
  file: z.object({ id: z.number(), name: z.string(), size: z.number() }).nullable(),
  /** Accounts in the item's currency: the group's Client accounts (from) and the payee's accounts (to). */
  fromAccounts: z.array(ZPanelAccount),
  toAccounts: z.array(ZPanelAccount),
});
export type TBillDetail = z.infer<typeof ZBillDetail>;

/** The bill file upload (multipart or FormData: id, type and the `file` part); answers like §7's expense form posts. */
export const ZBillFileFields = z.object({ id, type: ZApprovalKind });
/** GET billapproval/billFile?fileId: the bill file's bytes. */
export const ZBillFileRequest = z.object({ fileId: id });
export const ZBillFileInput = zWithFormDataFile(ZBillFileFields);
/** Where an approval item's receipt is served (src/routers/finance/legacy/bill-file.ts). */
export const RECEIPT_PATH = "/accountmanagement/billapproval/receipt";
/** GET billapproval/receipt?type&id[&download]: the receipt of a pending item, inline (preview) or as a download (issue 24 §1). */
export const ZReceiptRequest = z.object({
  type: ZApprovalKind,
  id,
  download: z.preprocess((v) => (v === "" || v === undefined || v === null ? undefined : v === true || v === "true" || v === "1" ? true : v === false || v === "false" || v === "0" ? false : v), z.boolean().optional()),
});
export const ZBillFileResponse = z.object({ success: z.boolean(), id: z.number().nullable(), fileName: z.string().nullable(), fileHash: z.string().nullable(), errors: z.record(z.string(), z.string()).nullable() });
export type TBillFileResponse = z.infer<typeof ZBillFileResponse>;

/** The Bill Approval table (tRPC finance.approval.list). */
export const APPROVAL_SORTS = ["date", "amount", "type", "group", "employee"] as const;
export const ZApprovalListRequest = z.object({
  search: z.string().trim().max(100).default(""),
  type: ZApprovalKind.optional(),
  sort: z.enum(APPROVAL_SORTS).default("date"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});
export type TApprovalListRequest = z.infer<typeof ZApprovalListRequest>;

export const ZBudgetState = z.object({
  /** "ok": a budget was found; "na": out of budget or no group (the column shows N/A); "error": it could not be read. */
  status: z.enum(["ok", "na", "error"]),
  outOfBudget: z.boolean(),
  overBudget: z.boolean(),
  currency: z.string().nullable(),
  remaining: z.string().nullable(),
  newTotalSpend: z.string().nullable(),
  budget: z.string().nullable(),
});
export type TBudgetState = z.infer<typeof ZBudgetState>;

export const ZApprovalRow = z.object({
  kind: z.enum(APPROVAL_KINDS),
  id: z.number(),
  groupId: z.number(),
  groupName: z.string(),
  moveId: z.number().nullable(),
  employeeId: z.number().nullable(),
  employeeName: z.string().nullable(),
  vendorName: z.string().nullable(),
  serviceName: z.string().nullable(),
  moveStageId: z.number().nullable(),
  description: z.string(),
  currency: z.string(),
  gross: z.string(),
  net: z.string(),
  tax: z.string(),
  status: z.string(),
  holdReason: z.string().nullable(),
  hasReceipt: z.boolean(),
  /** The expense's receipt file and where to preview or download it (issue 24 §1); null without one. */
  receipt: z.object({ fileName: z.string(), contentType: z.string(), previewUrl: z.string(), downloadUrl: z.string() }).nullable(),
  /** The expense this one likely duplicates (src/domain/finance/duplicates.ts); null when none. */
  duplicateOf: z.object({ kind: z.literal("expense"), id: z.number(), reason: z.enum(["details", "receipt"]), description: z.string(), expenseDate: z.string(), status: z.string() }).nullable(),
  internalNote: z.string(),
  outOfPolicy: z.boolean(),
  programmeType: z.string().nullable(),
  recurring: z.boolean(),
  version: z.number(),
  createdAt: z.string(),
  budget: ZBudgetState,
});
export type TApprovalRow = z.infer<typeof ZApprovalRow>;
export const ZApprovalListResponse = z.object({
  rows: z.array(ZApprovalRow),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  totals: z.array(z.object({ currency: z.string(), amount: z.string() })),
});
export type TApprovalListResponse = z.infer<typeof ZApprovalListResponse>;

export const ZRejectionReasonsResponse = z.object({ reasons: z.array(z.object({ id: z.number(), label: z.string() })), holdReasons: z.array(z.string()) });

/** Auto-approval rule of a group (off by default). */
export const ZAutoRuleRequest = z.object({ groupId: id });
export const ZAutoRule = z.object({
  groupId: z.number(),
  enabled: z.boolean(),
  maxAmount: z.string(),
  currency: z.string(),
  requiresReceipt: z.boolean(),
  version: z.number(),
});
export type TAutoRule = z.infer<typeof ZAutoRule>;
export const ZAutoRuleSave = z.object({
  groupId: id,
  enabled: z.boolean(),
  maxAmount: amountText,
  currency: z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, FM.currencyRequired),
  requiresReceipt: z.boolean().default(true),
  /** The version read (0 when there was no rule yet). */
  version: z.number().int().min(0).max(2_147_483_647),
  idempotencyKey,
});
export type TAutoRuleSave = z.infer<typeof ZAutoRuleSave>;
