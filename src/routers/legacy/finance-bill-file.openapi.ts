import { z } from "zod";
import { ZBillFileFields, ZBillFileResponse, ZBillFileRequest } from "../../domain/finance/schemas-approval.ts";
import type { Operation } from "../../server/openapi.ts";

/** POST /accountmanagement/billapproval/uploadBillFile (issue 23 item 15; src/routers/legacy/finance-bill-file.ts). */
export const BILL_FILE_PATH = "/accountmanagement/billapproval/uploadBillFile";
export const BILL_FILE_DOWNLOAD_PATH = "/accountmanagement/billapproval/billFile";

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
];
