import { z } from "zod";
import { RECEIPT_PATH, ZBillFileFields, ZBillFileResponse, ZBillFileRequest, ZReceiptRequest } from "../../../domain/finance/schemas-approval.ts";
import type { Operation } from "../../../server/openapi-types.ts";

/** POST /accountmanagement/billapproval/uploadBillFile (issue 23 item 15; src/routers/finance/legacy/bill-file.ts). */
export const BILL_FILE_PATH = "/accountmanagement/billapproval/uploadBillFile";
export const BILL_FILE_DOWNLOAD_PATH = "/accountmanagement/billapproval/billFile";
/** GET /accountmanagement/billapproval/receipt (issue 24 §1): an approval item's receipt, previewed or downloaded. */
export { RECEIPT_PATH };

export const financeBillFileOperations: Operation[] = [
  {
    method: "post",
    path: BILL_FILE_PATH,
    summary:
      "The bill file of a pending approval item: multipart/form-data with id and type (expense, bookingCost, lumpSum, adhocCashSpend) first, then the part `file` (at most 20971520 bytes, refused while it arrives; content checked from the bytes as every upload). Filed through the files service for the item's group (no employee's file list shows it). Answers success, id, fileName, fileHash; save the id with updateBillableChanges (fileId) and approve links it to the bill. FINANCE and ADMIN; others 403.",
    spec: "part 2 §2 Bill Approval, §3 approval payload, §5 (replacing an uploaded file asks for confirmation)",
    request: ZBillFileFields,
    requestType: "form",
    response: ZBillFileResponse,
    auth: "session",
  },
  {
    method: "get",
    path: BILL_FILE_DOWNLOAD_PATH,
    summary: "A bill file's bytes (fileId: an id uploadBillFile answered; any other file answers 404 as one that does not exist). Read only. FINANCE and ADMIN; others 403.",
    spec: "part 2 §2 Bill Approval (issue 23 item 15)",
    request: ZBillFileRequest,
    requestType: "query",
    response: z.string().describe("the file's bytes (Content-Disposition: attachment)"),
    auth: "session",
  },
  {
    method: "get",
    path: RECEIPT_PATH,
    summary:
      "The receipt of an approval item (type, id; only expenses carry receipts): inline for an image or PDF (Bill Approval's preview; framed only by Meridian's own pages), as an attachment with download=true or for any other file type. Only the expense's own file (its group and employee); no receipt answers 404. Read only. FINANCE and ADMIN; others 403.",
    spec: "part 2 §2 Bill Approval, §3 Expense receipt file (issue 24 §1)",
    request: ZReceiptRequest,
    requestType: "query",
    response: z.string().describe("the receipt's bytes"),
    auth: "session",
  },
];
