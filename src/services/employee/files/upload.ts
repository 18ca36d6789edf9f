import type { DB } from "../../../db/index.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { nulError } from "../../../domain/text.ts";
import { MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { ZUploadFields, type TUploadInput, type TUploadResponse } from "../../../domain/employee/files/schemas.ts";
import { zodFieldErrors } from "../../../trpc.ts";
import type { SessionUser } from "../../identity/auth.ts";
import { completeUpload } from "./files.ts";
import { multipartBoundary, readMultipart, readTextPart } from "./multipart.ts";
import type { FileStore, StagedFile } from "./store.ts";

/** Room for the multipart framing and the text fields around a file of the maximum size. */
const FRAMING_BYTES = 1024 * 1024;
/** The file part's field name. */
export const FILE_FIELD = "file";

function parseUploadFields(fields: Record<string, string>) {
  const nul = nulError(fields);
  if (nul) throw new AppError("VALIDATION", nul.issues[0]!.message, zodFieldErrors(nul));
  const parsed = ZUploadFields.safeParse(fields);
  if (!parsed.success) throw new AppError("VALIDATION", parsed.error.issues[0]?.message ?? messages.badRequest, zodFieldErrors(parsed.error));
  return parsed.data;
}

type StagedUpload = { name: string; staged: StagedFile };
type MultipartRequest = { contentType: string | undefined; contentLength: string | undefined; body: ReadableStream<Uint8Array> | null };

/**
 * The one multipart reading of an upload (the employee files path and the bill file path): a body
 * announced larger than the file limit plus framing is refused before a byte is read; the text fields
 * are read as they arrive; `beforeFile` (the caller's own check of those fields) runs before the one
 * `file` part is streamed into the store's staging area (refused past 20 971 520 bytes while it
 * arrives); a second file part is a bad request, other file parts are skipped unread. `complete`
 * stores what it keeps; the staged bytes are discarded afterwards whatever happened.
 */
export async function receiveMultipartFile<T>(
  store: FileStore,
  request: MultipartRequest,
  steps: {
    beforeFile?: (fields: Record<string, string>) => Promise<unknown>;
    complete: (fields: Record<string, string>, file: StagedUpload | null) => Promise<T>;
  },
): Promise<T> {
  const length = Number(request.contentLength ?? "");
  if (Number.isFinite(length) && length > MAX_FILE_BYTES + FRAMING_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileMessages.fileTooLarge);
  const boundary = multipartBoundary(request.contentType);
  if (!boundary || !request.body) throw new AppError("VALIDATION", fileMessages.fileMandatory, { file: fileMessages.fileMandatory });
  const fields: Record<string, string> = {};
  let file: StagedUpload | null = null;
  try {
    const tooLarge = () => new AppError("PAYLOAD_TOO_LARGE", fileMessages.fileTooLarge);
    for await (const part of readMultipart(request.body, boundary, { maxBytes: MAX_FILE_BYTES + FRAMING_BYTES, tooLarge })) {
      if (part.name === FILE_FIELD && part.filename !== null) {
        if (file) throw new AppError("BAD_REQUEST", messages.badRequest);
        await steps.beforeFile?.(fields);
        file = { name: part.filename, staged: await store.stage(part.body, MAX_FILE_BYTES) };
      } else if (part.filename === null) {
        fields[part.name] = await readTextPart(part.body);
      }
      // Any other file part is skipped unread.
    }
    return await steps.complete(fields, file);
  } finally {
    if (file) await store.discard(file.staged);
  }
}

/** The FormData form of an upload (tRPC): the blob staged like a multipart file part, discarded afterwards. */
export async function receiveBlobFile<T>(store: FileStore, blob: File | undefined, complete: (file: StagedUpload | null) => Promise<T>): Promise<T> {
  if (blob && blob.size > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileMessages.fileTooLarge);
  const staged = blob ? { name: blob.name, staged: await store.stage(blob.stream(), MAX_FILE_BYTES) } : null;
  try {
    return await complete(staged);
  } finally {
    if (staged) await store.discard(staged.staged);
  }
}

/**
 * POST /hr/json/employee/files/upload: reads the multipart body as it arrives (never whole),
 * streams the `file` part into the store's staging area (refused past 20 971 520 bytes while it
 * arrives, before anything is stored) and completes the upload (receiveMultipartFile).
 */
export async function receiveMultipartUpload(db: DB, store: FileStore, user: SessionUser, request: MultipartRequest): Promise<TUploadResponse> {
  return receiveMultipartFile(store, request, {
    complete: (fields, file) => completeUpload(db, store, user, parseUploadFields(fields), file),
  });
}

/** The tRPC form (`files.upload`): the same fields and `file`, completed by the same function. */
export async function receiveFormDataUpload(db: DB, store: FileStore, user: SessionUser, input: TUploadInput): Promise<TUploadResponse> {
  const { file: blob, ...parsed } = input;
  const nul = nulError(parsed);
  if (nul) throw new AppError("VALIDATION", nul.issues[0]!.message, zodFieldErrors(nul));
  return receiveBlobFile(store, blob, (staged) => completeUpload(db, store, user, parsed, staged));
}
