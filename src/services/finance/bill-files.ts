/**
 * The bill file of an approval item (issue 23 item 15; part 2 §2 Bill Approval's bill detail, §5
 * "Replacing an uploaded file asks for confirmation"): the multipart path
 * POST /accountmanagement/billapproval/uploadBillFile and the tRPC `finance.approval.uploadBillFile`
 * (FormData) both end in `fileFinanceDocument` (src/services/employee/files/files.ts): the same staging (refused
 * past 20 971 520 bytes while the bytes arrive), content sniffing, store and audit as every upload.
 * The finance role is checked before a byte is read, the item (pending, not on hold) before anything is
 * stored. The answer has §7's expense form-post shape (success, errors, id, fileName, fileHash); the
 * panel then saves the id with updateBillableChanges, which approve carries to the bill.
 */
import type { DB } from "../../db/index.ts";
import { AppError } from "../../domain/errors.ts";
import { messages } from "../../domain/messages.ts";
import { fileMessages } from "../../domain/employee/files/messages.ts";
import { ZBillFileFields, type TBillFileResponse } from "../../domain/finance/schemas-approval.ts";
import type { ApprovalKind } from "../../domain/finance/approval.ts";
import { zodFieldErrors } from "../../trpc.ts";
import { FINANCE_DOCUMENT_CATEGORY, fileFinanceDocument } from "../employee/files/files.ts";
import { receiveBlobFile, receiveMultipartFile } from "../employee/files/upload.ts";
import type { FileStore, StagedFile } from "../employee/files/store.ts";
import { checkBillFileItem } from "./approval-drafts.ts";
import { requireFinance, type FinanceActor } from "./core.ts";

/**
 * GET /accountmanagement/billapproval/billFile?fileId: a finance document's bytes for FINANCE and ADMIN
 * (read only). Only a file uploadBillFile filed (no employee, no temporary upload, receipts-and-invoices
 * category, filed by FINANCE or ADMIN); any other id answers as one that does not exist.
 */
export async function openBillFile(db: DB, store: FileStore, actor: FinanceActor, fileId: number) {
  requireFinance(actor.user);
  const row = await db
    .selectFrom("employee_files")
    .select(["hash", "original_name", "content_type"])
    .where("id", "=", fileId)
    .where("employee_user_id", "is", null)
    .where("temp_uuid", "is", null)
    .where("category_id", "=", FINANCE_DOCUMENT_CATEGORY)
    .where("uploaded_by_role", "in", ["FINANCE", "ADMIN"])
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  const blob = await store.open(row.hash);
  if (!blob) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  return { ...blob, name: row.original_name, contentType: row.content_type };
}

/**
 * GET /accountmanagement/billapproval/receipt?type&id (issue 24 §1): the receipt of an approval item for
 * FINANCE and ADMIN (read only; the role is checked first). Only expenses carry receipts; the file must
 * be the expense's own (its group and its employee), so an id can never reach another group's file.
 * No receipt answers 404 as a file that does not exist.
 */
export async function openItemReceipt(db: DB, store: FileStore, actor: FinanceActor, input: { type: ApprovalKind; id: number }) {
  requireFinance(actor.user);
  if (input.type !== "expense") throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  const row = await db
    .selectFrom("expenses as e")
    .innerJoin("employee_files as f", (join) => join.onRef("f.id", "=", "e.receipt_file_id").onRef("f.group_id", "=", "e.group_id").onRef("f.employee_user_id", "=", "e.employee_user_id"))
    .select(["f.hash", "f.original_name", "f.content_type"])
    .where("e.id", "=", input.id)
    .executeTakeFirst();
  if (!row) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  const blob = await store.open(row.hash);
  if (!blob) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  return { ...blob, name: row.original_name, contentType: row.content_type };
}

function parseFields(fields: Record<string, unknown>): { id: number; type: ApprovalKind } {
  const parsed = ZBillFileFields.safeParse(fields);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? messages.badRequest, zodFieldErrors(parsed.error));
  return parsed.data;
}

async function complete(db: DB, store: FileStore, actor: FinanceActor, fields: { id: number; type: ApprovalKind }, file: { name: string; staged: StagedFile } | null): Promise<TBillFileResponse> {
  const item = await checkBillFileItem(db, actor, fields);
  const filed = await fileFinanceDocument(db, store, actor.user, { groupId: item.groupId, moveId: item.moveId }, file);
  return { success: true, id: filed.id, fileName: filed.name, fileHash: filed.hash, errors: null };
}

/** POST /accountmanagement/billapproval/uploadBillFile (multipart: id, type, file), read as it arrives. */
export async function receiveBillFileMultipart(
  db: DB,
  store: FileStore,
  actor: FinanceActor,
  request: { contentType: string | undefined; contentLength: string | undefined; body: ReadableStream<Uint8Array> | null },
): Promise<TBillFileResponse> {
  requireFinance(actor.user);
  return receiveMultipartFile(store, request, {
    // The item is checked before the bytes are kept.
    beforeFile: (fields) => checkBillFileItem(db, actor, parseFields(fields)),
    complete: (fields, file) => complete(db, store, actor, parseFields(fields), file),
  });
}

/** `finance.approval.uploadBillFile`: the same fields and `file` as FormData, completed by the same function. */
export async function receiveBillFileFormData(db: DB, store: FileStore, actor: FinanceActor, input: { id: number; type: ApprovalKind; file?: File | undefined }): Promise<TBillFileResponse> {
  requireFinance(actor.user);
  const fields = { id: input.id, type: input.type };
  await checkBillFileItem(db, actor, fields);
  return receiveBlobFile(store, input.file, (staged) => complete(db, store, actor, fields, staged));
}
