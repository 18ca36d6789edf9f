import { z } from "zod";
import {
  ZBatchFileRequest,
  ZBillWriteResponse,
  ZCalculateMultipleRequest,
  ZCalculateMultipleResponse,
  ZExportRequest,
  ZExportResponse,
  ZHoldBillRequest,
  ZMarkRfpPaidRequest,
  ZSendBackResponse,
  ZSendBillBackRequest,
  ZUnholdBillRequest,
  ZUpdateBillRequest,
  ZUpdateBillStatusRequest,
  ZUpdateBillStatusResponse,
  ZUpdatePaymentRequest,
  ZUpdateToAccountRequest,
} from "../../../domain/finance/schemas-bills.ts";
import type { Operation } from "../../../server/openapi-types.ts";
import { CSV_COLUMNS } from "../../../services/finance/payment-files.ts";

const SPEC = "part 2 §7 Finance (billmanagement), §5, §8";
const WHO = "FINANCE and ADMIN; others 403. Writes take an Idempotency-Key header (a retry answers the first answer and does nothing twice). Failures {success:false, errorMessage}.";

/** OpenAPI descriptions of the legacy paths in ./finance-bills.ts (served in /api/openapi.json). */
export const financeBillsOperations: Operation[] = [
  {
    method: "post",
    path: "/accountmanagement/billmanagement/update-bill-status",
    summary: `Bill status updates (a JSON array or {bills:[…]}): each item {id, status PaymentPending|Paid|PaidPendingAudit|Void|Audited, billableItemAmount, currency, paymentAmount, invoiceCurrency, employeeBudgetCurrency, accountFrom/ToCurrency and name, vendorName, multipleBills, paymentDate, due, reference, ignoreErrors; void: rejectionId, rejectionReason ≤ 250; PaidPendingAudit: differentRecipientCurrency, recipientAmount, recipientCurrency} → per item {id, success, errorMessage, skippableErrors, status}. Each item is one guarded write (a bill paid once; locked periods and held bills refused). ${WHO}`,
    spec: SPEC,
    request: ZUpdateBillStatusRequest,
    response: ZUpdateBillStatusResponse,
    auth: "session",
  },
  { method: "post", path: "/accountmanagement/billmanagement/update-to-account", summary: `The recipient account of an unpaid bill (the payee's account in the bill's currency; the charge moves with it). ${WHO}`, spec: SPEC, request: ZUpdateToAccountRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/update-payment", summary: `The recipient currency or the date (timestamp yyyy-mm-dd) of a bill's latest payment. ${WHO}`, spec: SPEC, request: ZUpdatePaymentRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billapproval/update-payment", summary: `Same handler as billmanagement/update-payment. ${WHO}`, spec: SPEC, request: ZUpdatePaymentRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/update-bill", summary: `A bill's due date (due yyyy-mm-dd, empty for none). ${WHO}`, spec: SPEC, request: ZUpdateBillRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/send-bill-back", summary: `Sends an Open or PaymentPending bill back to Bill Approval: removes the bill and its lines (reversal entry first) and puts its item back to submitted; status is the status the screen showed. ${WHO}`, spec: SPEC, request: ZSendBillBackRequest, requestType: "form", response: ZSendBackResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/calculatemultiple", summary: `Whether the bills (ids; "1,2" or a JSON array in a form) can be paid together (uniform currencies, none held) and the Paid popup's totals per currency; with totalAmountFrom/To and their currencies, equal currencies with differing totals are refused. Read-only. ${WHO}`, spec: SPEC, request: ZCalculateMultipleRequest, requestType: "form", response: ZCalculateMultipleResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/mark-employee-rfp-as-paid", summary: `Records a hand-made payment of an employee bill (PaidPendingAudit; amount defaults to the bill's, date to today). ${WHO}`, spec: SPEC, request: ZMarkRfpPaidRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/hold-bill", summary: `Puts an Open bill on hold with one of the four hold reasons. ${WHO}`, spec: SPEC, request: ZHoldBillRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billmanagement/unhold-bill", summary: `Takes a bill off hold. ${WHO}`, spec: SPEC, request: ZUnholdBillRequest, requestType: "form", response: ZBillWriteResponse, auth: "session" },
  {
    method: "post",
    path: "/accountmanagement/billmanagement/export",
    summary: `Export to the payment provider: form field billIds ("1,2,3" or a JSON array) of PaymentPending bills, not held, never exported → one export batch with two files: CSV (RFC 4180, CRLF, header row; columns ${CSV_COLUMNS.join(", ")}; amount in major units with the currency's decimals) and ISO 20022 pain.001.001.03 XML (one PmtInf per currency, one CdtTrfTxInf per bill, EndToEndId BILL-<id>). ${WHO}`,
    spec: "part 2 §7 (export to a payment provider), §9; issue 16 payment files",
    request: ZExportRequest,
    requestType: "form",
    response: ZExportResponse,
    auth: "session",
  },
  {
    method: "get",
    path: "/accountmanagement/billmanagement/export/{batchId}/{format}",
    summary: "Downloads an export batch's file as made at export time: format csv (text/csv) or xml (pain.001.001.03). Read-only. FINANCE and ADMIN; others 403.",
    spec: "issue 16 payment files",
    request: ZBatchFileRequest,
    requestType: "query",
    response: z.string(),
    auth: "session",
  },
];
