/**
 * The bulk import upload (issue 15; part 1 §3; part 2 §3, §7; see bulk.ts): the file streamed into
 * the FileStore like any file (size-limited), then a persisted job (`jobs`, kind bulk.employeeImport,
 * bulk-job.ts) is registered: REGISTERED → UNDER_PROCESSING → PROCESSED or ABORTED.
 */
import type { GroupRef } from "../../../db/schema.ts";
import { AppError } from "../../../domain/errors.ts";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { messages } from "../../../domain/messages.ts";
import { bulkMessages, type TBulkUploadResponse } from "../../../domain/moves/bulk/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { multipartBoundary, readMultipart, readTextPart } from "../../employee/files/multipart.ts";
import type { FileStore, StagedFile } from "../../employee/files/store.ts";
import { enqueueJob, type JobDeps } from "../../jobs/queue.ts";
import { WIZARD_ROLES } from "../wizard/access.ts";
import { bulkGroupFor, type BulkJobPayload } from "./bulk.ts";
import { BULK_IMPORT_JOB } from "./bulk-job.ts";

const FRAMING_BYTES = 1024 * 1024;

const isSpreadsheetName = (name: string) => /\.(xlsx|csv)$/i.test(name.trim());

/** Stores the staged file and registers the job (REGISTERED). */
async function registerUpload(deps: JobDeps, store: FileStore, user: SessionUser, group: GroupRef, file: { name: string; staged: StagedFile } | null) {
  if (!file || file.staged.size === 0) throw new AppError("VALIDATION", bulkMessages.chooseFile, { file: bulkMessages.chooseFile });
  const fileName = file.name.trim().replace(/[\\/]/g, "_").slice(0, 255);
  if (!isSpreadsheetName(fileName)) throw new AppError("VALIDATION", bulkMessages.fileType, { file: bulkMessages.fileType });
  await store.commit(file.staged);
  const payload: BulkJobPayload = { groupId: group.id, fileName, hash: file.staged.hash, size: file.staged.size, actor: user };
  const jobId = await enqueueJob(deps, { kind: BULK_IMPORT_JOB, groupId: group.id, createdBy: user.id, payload });
  return { success: true, jobId, statusId: jobId } satisfies TBulkUploadResponse;
}

/**
 * POST /bulk/upload (multipart: group, file): reads the body as it arrives, streams the file into
 * the store's staging area (refused past 20 971 520 bytes) and registers the job.
 */
export async function receiveBulkUpload(
  deps: JobDeps,
  store: FileStore,
  user: SessionUser,
  request: { contentType: string | undefined; contentLength: string | undefined; body: ReadableStream<Uint8Array> | null; group?: string },
): Promise<TBulkUploadResponse> {
  if (!WIZARD_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const length = Number(request.contentLength ?? "");
  if (Number.isFinite(length) && length > MAX_FILE_BYTES + FRAMING_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", bulkMessages.fileTooLarge);
  const boundary = multipartBoundary(request.contentType);
  if (!boundary || !request.body) throw new AppError("VALIDATION", bulkMessages.chooseFile, { file: bulkMessages.chooseFile });
  const fields: Record<string, string> = {};
  let file: { name: string; staged: StagedFile } | null = null;
  try {
    const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", bulkMessages.fileTooLarge);
    for await (const part of readMultipart(request.body, boundary, { maxBytes: MAX_FILE_BYTES + FRAMING_BYTES, tooLarge })) {
      if (part.name === "file" && part.filename !== null) {
        if (file) throw new AppError("BAD_REQUEST", messages.badRequest);
        file = { name: part.filename, staged: await store.stage(part.body, MAX_FILE_BYTES) };
      } else if (part.filename === null) {
        fields[part.name] = await readTextPart(part.body);
      }
    }
    const groupName = (fields["group"] ?? request.group ?? "").trim();
    if (groupName === "" || groupName.length > 100) throw new AppError("VALIDATION", messages.badRequest, { group: messages.badRequest });
    const group = await bulkGroupFor(deps.db, user, groupName);
    return await registerUpload(deps, store, user, group, file);
  } finally {
    if (file) await store.discard(file.staged);
  }
}

/** The tRPC form (`bulk.upload`, FormData with group and file): the same checks and job. */
export async function receiveBulkFormUpload(deps: JobDeps, store: FileStore, user: SessionUser, input: { group: string; file?: File }): Promise<TBulkUploadResponse> {
  const group = await bulkGroupFor(deps.db, user, input.group);
  if (input.file && input.file.size > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", bulkMessages.fileTooLarge);
  const staged = input.file ? { name: input.file.name, staged: await store.stage(input.file.stream(), MAX_FILE_BYTES) } : null;
  try {
    return await registerUpload(deps, store, user, group, staged);
  } finally {
    if (staged) await store.discard(staged.staged);
  }
}
