import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { MAX_NOTES_LENGTH } from "./limits.ts";

/**
 * Employee files: request and response schemas shared by the tRPC `files` router, the legacy
 * files API under /hr/json (DESIGN.md), the web forms and the OpenAPI document.
 * part 1 §3 File: id, category (fileCategoryId, label), hash, fileID, errorMessage.
 */
const blankToUndefined = (v: unknown) => (v === "" || v === null ? undefined : v);
const zOptionalId = z.preprocess(blankToUndefined, ZId.optional());

/** part 2 §6, §9: share targets MG (the provider) and HR. */
export const SHARE_TARGETS = ["MG", "HR"] as const;
export const ZShareTarget = z.enum(SHARE_TARGETS);
export type TShareTarget = z.infer<typeof ZShareTarget>;

/** A list of share targets: an array, or (from a form) one value or comma-separated values; "" is none. */
export const ZShareWith = z.preprocess((v) => {
  if (typeof v === "string") return v.trim() === "" ? [] : v.split(",").map((s) => s.trim());
  return v;
}, z.array(ZShareTarget).max(10)).transform((list) => [...new Set(list)]);

export const ZTempUuid = z.string().trim().uuid("empTempFileUUID must be a UUID");
export const ZHash = z.string().trim().toLowerCase().regex(/^[0-9a-f]{64}$/, "hash must be 64 hexadecimal characters");
const ZNotes = z.string().max(MAX_NOTES_LENGTH, `Notes may have at most ${MAX_NOTES_LENGTH} characters`);

export const ZFileCategory = z.object({ id: z.number().int(), label: z.string() });
export const ZFileCategoriesResponse = z.array(ZFileCategory);
export type TFileCategory = z.infer<typeof ZFileCategory>;

export const ZFile = z.object({
  id: z.number().int(),
  /** The same id (the upload call's `fileID`). */
  fileID: z.number().int(),
  category: z.object({ fileCategoryId: z.number().int(), label: z.string() }).nullable(),
  hash: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  notes: z.string(),
  shareWith: z.array(ZShareTarget),
  employeeId: z.number().int().nullable(),
  moveId: z.number().int().nullable(),
  uploadedAt: z.string(),
  /** EMPLOYEE: the employee's own upload; HR or ADMIN: filed by staff. */
  uploadedByRole: z.string(),
  /** What the caller may do with it. */
  canEdit: z.boolean(),
  canShare: z.boolean(),
  downloadUrl: z.string(),
  errorMessage: z.string().nullable(),
});
export type TFile = z.infer<typeof ZFile>;

// ── reads ──────────────────────────────────────────────────────────────────────────────────
/** GET /hr/json/files?empId (the caller's own files without empId), employeeFileInformationByEmployeeID?employeeId. */
export const ZListFilesRequest = z.object({ employeeId: zOptionalId });
export type TListFilesRequest = z.infer<typeof ZListFilesRequest>;
export const ZFilesResponse = z.object({ success: z.boolean(), files: z.array(ZFile), errorMessage: z.string().nullable() });
export type TFilesResponse = z.infer<typeof ZFilesResponse>;

/** GET /hr/json/employeeFileInformationByFileTempUUID?fileTempUUID */
export const ZTempFilesRequest = z.object({ fileTempUUID: ZTempUuid });

/** GET /hr/json/fileInformationByFileId?fileId, GET /hr/json/employee/fileInfo?id */
export const ZFileIdRequest = z.object({ fileId: ZId });
export const ZFileResponse = z.object({ success: z.boolean(), file: ZFile.nullable(), errorMessage: z.string().nullable() });
export type TFileResponse = z.infer<typeof ZFileResponse>;

/** GET /api/v1/all/getDefaultUploadPermissions */
export const ZDefaultPermissionsResponse = z.object({ success: z.boolean(), shareWith: z.array(ZShareTarget) });

/** GET /download?hash= */
export const ZDownloadRequest = z.object({ hash: ZHash });

// ── writes ─────────────────────────────────────────────────────────────────────────────────
/**
 * POST /hr/json/employee/files/upload (multipart): the `file` part and these fields. An employee
 * uploads for themself; HR and ADMIN name the employee (empId), or upload during initiation with
 * empTempFileUUID (and, for ADMIN, the group) before the employee exists.
 */
export const ZUploadFields = z.object({
  empId: zOptionalId,
  moveId: zOptionalId,
  empTempFileUUID: z.preprocess(blankToUndefined, ZTempUuid.optional()),
  group: z.preprocess(blankToUndefined, z.string().trim().min(1).max(64).optional()),
  categoryId: zOptionalId,
  notes: z.preprocess((v) => (v === null ? undefined : v), ZNotes.optional()),
  shareWith: ZShareWith.optional(),
});
export type TUploadFields = z.infer<typeof ZUploadFields>;
export const ZUploadResponse = z.object({
  success: z.boolean(),
  fileID: z.number().int().nullable(),
  hash: z.string().nullable(),
  errorMessage: z.string().nullable(),
});
export type TUploadResponse = z.infer<typeof ZUploadResponse>;
/**
 * The tRPC form of the upload (`files.upload`): the same fields and the `file` part, sent as
 * FormData (read into an object here) or, from a server-side caller, as an object.
 */
export const ZUploadInput = zWithFormDataFile(ZUploadFields);

/**
 * An upload's tRPC input: the text fields plus one optional `file`, sent as FormData (read into an
 * object; a second file part makes `file` invalid) or, from a server-side caller, as an object.
 * Every FormData upload procedure (employee files, the bill file) parses through this one reading.
 */
export function zWithFormDataFile<T extends z.ZodRawShape>(fields: z.ZodObject<T>) {
  return z.preprocess(
    (v) => {
      if (!(v instanceof FormData)) return v;
      const out: Record<string, unknown> = {};
      for (const [key, value] of v.entries()) {
        if (key === "file" && out["file"] !== undefined) out["file"] = "more than one file";
        else out[key] = value;
      }
      return out;
    },
    fields.extend({ file: z.instanceof(File, { message: "file must be a file" }).optional() }),
  );
}
export type TUploadInput = z.infer<typeof ZUploadInput>;

export const ZChangeCategoryRequest = z.object({ fileId: ZId, categoryId: ZId });
export const ZChangeSharePermissionsRequest = z.object({ fileId: ZId, shareWith: ZShareWith });
export const ZChangeNotesRequest = z.object({ fileId: ZId, notes: ZNotes });
/** POST /hr/json/employee/changeData: the update popup's fields at once (each optional). */
export const ZChangeDataRequest = z.object({
  fileId: ZId,
  categoryId: z.preprocess((v) => (v === "" ? null : v), ZId.nullable().optional()),
  notes: ZNotes.optional(),
  shareWith: ZShareWith.optional(),
});
export type TChangeDataRequest = z.infer<typeof ZChangeDataRequest>;
/** DELETE /hr/json/fileDelete?fileId&empId */
export const ZDeleteFileRequest = z.object({ fileId: ZId, empId: zOptionalId });

export const ZFileResultResponse = z.object({ success: z.boolean(), errorMessage: z.string().nullable() });
export type TFileResultResponse = z.infer<typeof ZFileResultResponse>;
