import {
  ZApprovalPayload,
  ZApproveResponse,
  ZBillableChanges,
  ZBillLineCache,
  ZBudgetCheckRequest,
  ZBudgetCheckResponse,
  ZDecisionResponse,
  ZDefaultFromAccountResponse,
  ZDraftResponse,
  ZExpenseNote,
  ZExpenseNoteResponse,
  ZHoldResponse,
  ZRejectAdhocCashSpend,
  ZRejectBookingCost,
  ZRejectExpense,
  ZRejectLumpSum,
  ZRequestChange,
  ZSetHoldStatus,
  ZUpdateMoveStage,
  ZUpdateServiceCategory,
} from "../../../domain/finance/schemas-approval.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const SPEC = "part 2 §7 Finance (billapproval), §4 Approval, §5, §8";
const WHO = "FINANCE and ADMIN; others 403. Writes take an Idempotency-Key header (a retry answers the first answer and does nothing twice). Failures {success:false, errorMessage}.";
const CROSS_SITE = "changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With";
const KINDS = "type/billType: expense, bookingCost, lumpSum or adhocCashSpend (also EXPENSE, BOOKING_COST, LUMP_SUM, ADHOC_CASH_SPEND, APPROVE_EXPENSE, APPROVE_BOOKING_COST)";
const A = "/accountmanagement/billapproval";
const M = "/accountmanagement/billmanagement";
/** The seven calls part 2 §7 lists without billapproval/ are also served at the /accountmanagement/ root (issue 23 item 22). */
const ROOT = "/accountmanagement";
const aliasNote = (base: string) => (base === ROOT ? " The same call as billapproval/ (the spec lists it without that prefix, so both are served)." : "");

const checks: Operation[] = [A, M].flatMap((base) => [
  { method: "post" as const, path: `${base}/checkOutOfBudget`, summary: `Whether the approval item (id, invoiceServiceType APPROVE_BOOKING_COST | APPROVE_EXPENSE, or a kind) is out of budget (no budget for its move stage and budget group) → success, outOfBudget, overBudget, newTotalSpend (approved plus this item, the budget's currency), lock (today is inside a lock period), errorMessage. Read-only. ${WHO}`, spec: SPEC, request: ZBudgetCheckRequest, response: ZBudgetCheckResponse, auth: "session" as const },
  { method: "post" as const, path: `${base}/checkOverBudget`, summary: `Whether approving the item takes the approved spend past its budget (same answer as checkOutOfBudget). Read-only. ${WHO}`, spec: SPEC, request: ZBudgetCheckRequest, response: ZBudgetCheckResponse, auth: "session" as const },
  { method: "post" as const, path: `${base}/updateBillableChanges`, summary: `The bill's amounts (gross, net, tax), reference and invoiceDate edited before approval, kept as the item's draft (id, ${KINDS}); checked as bill amounts. ${WHO}`, spec: SPEC, request: ZBillableChanges, response: ZDraftResponse, auth: "session" as const },
  { method: "post" as const, path: `${base}/updateBillLineCache`, summary: `The bill lines edited before approval (billLinesDTOs: name, gross, net, tax, notes ≤ 250, spendCategoryId required), kept as the item's draft; approve applies them. ${WHO}`, spec: SPEC, request: ZBillLineCache, response: ZDraftResponse, auth: "session" as const },
  { method: "delete" as const, path: `${base}/clearBillLinesCache/{id}/{type}`, summary: `Forgets the item's draft lines and amounts. ${WHO}`, spec: SPEC, response: ZDraftResponse, auth: "session" as const },
]);

const approve = (path: string, what: string, payee: string): Operation => ({
  method: "post",
  path: `${A}/${path}`,
  summary: `Approves a pending ${what} (Approval payload: id, costCenter, costCenter2, accountFrom, accountTo, bankAccountId, reference, billLinesDTOs[], invoiceDate, maxTotalSpendOverride, startDate, endDate) and makes its bill (to-account: the ${payee} account, from-account: the group's Client account; both made when missing). Order: out-of-policy and ManagedBudget out-of-budget confirms happen on the screen; an over-budget item needs maxTotalSpendOverride; a held item is refused ("… because it is on hold"); one guarded write: parallel approvals make one bill. Answers {success, billIds, status}. ${WHO}`,
  spec: SPEC,
  request: ZApprovalPayload,
  response: ZApproveResponse,
  auth: "session",
});

const reject = (path: string, what: string, request: Operation["request"], idName: string, base: string = A): Operation => ({
  method: "get",
  path: `${base}/${path}`,
  summary: `Rejects a pending ${what} (${idName}, rejectionId of a REJECT reason — "It is mandatory to select a rejection reason" —, rejectionReason notes ≤ 250). Held items refused. ${WHO} — ${CROSS_SITE}`,
  spec: SPEC,
  request,
  requestType: "query",
  response: ZDecisionResponse,
  auth: "session",
  changesState: true,
});

/** OpenAPI descriptions of the legacy paths in ./finance-approval.ts (served in /api/openapi.json). */
export const financeApprovalOperations: Operation[] = [
  ...checks,
  approve("approveBookingCost", "vendor booking cost", "Vendor"),
  approve("approveExpense", "employee expense", "Employee"),
  approve("approveLumpSum", "lump sum", "Employee"),
  approve("approveAdhocCashSpend", "ad-hoc cash spend (a recurring one makes one bill per instalment, dated its due date)", "Employee"),
  ...[A, ROOT].flatMap((base): Operation[] => [
    { method: "post", path: `${base}/requestChangeOfBookingCost`, summary: `Sends a pending booking cost back for a change (bookingCostId, requestForChangeReason required, ≤ 250). Held items refused. ${WHO}${aliasNote(base)}`, spec: SPEC, request: ZRequestChange, response: ZDecisionResponse, auth: "session" },
    reject("rejectBookingCost", "booking cost", ZRejectBookingCost, "id", base),
    reject("rejectExpense", "expense", ZRejectExpense, "expenseId", base),
    reject("rejectAdhocCashSpend", "ad-hoc cash spend", ZRejectAdhocCashSpend, "cashSpendId", base),
    reject("rejectLumpSum", "lump sum", ZRejectLumpSum, "lumpsumId", base),
    { method: "post", path: `${base}/updateMoveStage`, summary: `The move stage (moveStageId 1–3) of a pending approval item (billId, ${KINDS}) → defaultFromAccount {id, name} (the group's Client account in the item's currency). ${WHO}${aliasNote(base)}`, spec: SPEC, request: ZUpdateMoveStage, response: ZDefaultFromAccountResponse, auth: "session" },
    { method: "post", path: `${base}/updateServiceCategory`, summary: `The service category the item's bill will carry (billId, ${KINDS}, serviceCategory) → defaultFromAccount {id, name}. ${WHO}${aliasNote(base)}`, spec: SPEC, request: ZUpdateServiceCategory, response: ZDefaultFromAccountResponse, auth: "session" },
  ]),
  { method: "post", path: `${A}/set-hold-status`, summary: `Holds (holdStatus true, holdReason one of Exception Requested, Info Requested - E'ee, Info Requested - HR, Info Requested - Vendor) or releases (false) a pending expense (expenseId) or booking cost (bookingCostId). ${WHO}`, spec: SPEC, request: ZSetHoldStatus, response: ZHoldResponse, auth: "session" },
  { method: "post", path: `${A}/expense/note`, summary: `An expense's internal note (internalNote ≤ 255: "You have exceeded the maximum notes length..."). ${WHO}`, spec: SPEC, request: ZExpenseNote, response: ZExpenseNoteResponse, auth: "session" },
];
