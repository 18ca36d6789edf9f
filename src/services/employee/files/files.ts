import { sql } from "kysely";
import type { DB } from "../../../db/index.ts";
import type { EmployeeFileTable } from "../../../db/schema.ts";
import type { Selectable } from "kysely";
import { isPostgres, lockRow } from "../../../db/locks.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import { insertAudit } from "../../../db/queries/audit.ts";
import { AppError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup } from "../../../domain/roles.ts";
import { canEditFile, canSeeFile, canShareFile, FILE_ROLES, type FileViewer } from "../../../domain/employee/files/access.ts";
import { cleanFileName, MAX_FILE_BYTES } from "../../../domain/employee/files/limits.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { sniffContentType } from "../../../domain/employee/files/sniff.ts";
import {
  SHARE_TARGETS,
  type TChangeDataRequest,
  type TFile,
  type TFileCategory,
  type TFileResponse,
  type TFileResultResponse,
  type TFilesResponse,
  type TShareTarget,
  type TUploadFields,
  type TUploadResponse,
} from "../../../domain/employee/files/schemas.ts";
import type { SessionUser } from "../../identity/auth.ts";
import type { FileStore, StagedFile } from "./store.ts";

/**
 * Employee files (issue 14): the one set of functions the tRPC `files` router and the legacy files
 * API both call. Access is decided by src/domain/employee/files/access.ts on the loaded row; a file the
 * caller may not see answers exactly as one that does not exist (NOT_FOUND), so ids and hashes
 * cannot be probed. Every upload, change and delete writes its audit row (entity "employee_file": the
 * actor, the old and new values, the employee and move) in the write's transaction.
 */
type FileRow = Selectable<EmployeeFileTable>;
type Categorised = FileRow & { category_label: string | null };

/** part 2 §6: the share targets a new upload starts with (both: the provider and HR). */
export const DEFAULT_SHARE_WITH: readonly TShareTarget[] = SHARE_TARGETS;

const viewerOf = (user: SessionUser): FileViewer => ({ id: user.id, role: user.role, groupId: user.groupId });

function requireFileRole(user: SessionUser): void {
  if (!(FILE_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

function toFile(user: SessionUser, row: Categorised): TFile {
  const viewer = viewerOf(user);
  return {
    id: row.id,
    fileID: row.id,
    category: row.category_id === null ? null : { fileCategoryId: row.category_id, label: row.category_label ?? "" },
    hash: row.hash,
    name: row.original_name,
    size: row.size_bytes,
    contentType: row.content_type,
    notes: row.notes,
    shareWith: [...(row.share_mg ? (["MG"] as const) : []), ...(row.share_hr ? (["HR"] as const) : [])],
    employeeId: row.employee_user_id,
    moveId: row.move_id,
    uploadedAt: row.created_at,
    uploadedByRole: row.uploaded_by_role,
    canEdit: canEditFile(viewer, row),
    canShare: canShareFile(viewer, row),
    downloadUrl: `/download?hash=${row.hash}`,
    errorMessage: null,
  };
}

function fileRows(db: DB) {
  return db
    .selectFrom("employee_files as f")
    .leftJoin("file_categories as c", "c.id", "f.category_id")
    .selectAll("f")
    .select("c.label as category_label");
}

/** The file if the caller may see it, else NOT_FOUND (the same answer as no such file). */
async function visibleFile(db: DB, user: SessionUser, fileId: number): Promise<Categorised> {
  requireFileRole(user);
  const row = await fileRows(db).where("f.id", "=", fileId).executeTakeFirst();
  if (!row || !canSeeFile(viewerOf(user), row)) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  return row;
}

const shareOf = (r: { share_mg: number; share_hr: number }): TShareTarget[] => [...(r.share_mg ? (["MG"] as const) : []), ...(r.share_hr ? (["HR"] as const) : [])];

/** What an audit row keeps of a file. */
type AuditedFile = Pick<FileRow, "original_name" | "hash" | "size_bytes" | "content_type" | "category_id" | "notes" | "share_mg" | "share_hr" | "employee_user_id" | "move_id">;
const fileValues = (r: AuditedFile) => ({
  name: r.original_name,
  hash: r.hash,
  size: r.size_bytes,
  contentType: r.content_type,
  categoryId: r.category_id,
  notes: r.notes,
  shareWith: shareOf(r),
  employeeId: r.employee_user_id,
  moveId: r.move_id,
});

function auditFile(
  trx: DB,
  user: SessionUser,
  e: { at: string; fileId: number; groupId: number; action: string; oldValues?: unknown; newValues?: unknown },
): Promise<void> {
  return insertAudit(trx, {
    at: e.at,
    actorUserId: user.id,
    groupId: e.groupId,
    entity: "employee_file",
    entityId: e.fileId,
    action: e.action,
    oldValues: e.oldValues,
    newValues: e.newValues,
  });
}

/** Serialises writes of one hash (upload, delete) on PostgreSQL; SQLite transactions already run one at a time. */
async function lockHash(trx: DB, hash: string): Promise<void> {
  if (isPostgres(trx)) await sql`select pg_advisory_xact_lock(hashtextextended(${`employee_files:${hash}`}, 0))`.execute(trx);
}

/** Removes the blob of `hash` when no row names it (under the hash's lock, so a parallel upload of the same bytes keeps it). */
async function removeUnreferencedBlob(db: DB, store: FileStore, hash: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await lockHash(trx, hash);
    const left = await trx.selectFrom("employee_files").select("id").where("hash", "=", hash).limit(1).executeTakeFirst();
    if (!left) await store.remove(hash);
  });
}

// ── reads ──────────────────────────────────────────────────────────────────────────────────

/** GET /hr/json/fileCategories */
export async function fileCategories(db: DB, user: SessionUser): Promise<TFileCategory[]> {
  requireFileRole(user);
  return db.selectFrom("file_categories").select(["id", "label"]).orderBy("sort_order").orderBy("id").execute();
}

/** GET /api/v1/all/getDefaultUploadPermissions */
export function defaultUploadPermissions(user: SessionUser) {
  requireFileRole(user);
  return { success: true, shareWith: [...DEFAULT_SHARE_WITH] };
}

/**
 * The employee an HR or ADMIN caller names (an EMPLOYEE of a group the caller may act in), or the
 * employee themself. Anyone else: NOT_FOUND, whether or not they exist.
 */
async function employeeFor(db: DB, user: SessionUser, employeeId: number | undefined): Promise<{ id: number; groupId: number }> {
  requireFileRole(user);
  if (user.role === "EMPLOYEE") {
    if (employeeId !== undefined && employeeId !== user.id) throw new AppError("NOT_FOUND", fileMessages.employeeNotFound);
    if (user.groupId === null) throw new AppError("NOT_FOUND", fileMessages.employeeNotFound);
    return { id: user.id, groupId: user.groupId };
  }
  if (employeeId === undefined) throw new AppError("VALIDATION", fileMessages.employeeNotFound, { empId: fileMessages.employeeNotFound });
  const employee = await db.selectFrom("users").select(["id", "group_id", "role"]).where("id", "=", employeeId).executeTakeFirst();
  if (!employee || employee.role !== "EMPLOYEE" || employee.group_id === null || !canActInGroup(user, employee.group_id)) {
    throw new AppError("NOT_FOUND", fileMessages.employeeNotFound);
  }
  return { id: employee.id, groupId: employee.group_id };
}

/** GET /hr/json/files, employeeFileInformationByEmployeeID: the employee's files the caller may see, newest first. */
export async function listEmployeeFiles(db: DB, user: SessionUser, employeeId: number | undefined): Promise<TFilesResponse> {
  const employee = await employeeFor(db, user, employeeId);
  const rows = await fileRows(db).where("f.employee_user_id", "=", employee.id).orderBy("f.id", "desc").limit(1000).execute();
  const viewer = viewerOf(user);
  return { success: true, files: rows.filter((r) => canSeeFile(viewer, r)).map((r) => toFile(user, r)), errorMessage: null };
}

/** GET /hr/json/employeeFileInformationByFileTempUUID: files uploaded during an initiation not yet saved. */
export async function listTempFiles(db: DB, user: SessionUser, tempUuid: string): Promise<TFilesResponse> {
  requireFileRole(user);
  const rows = await fileRows(db)
    .where("f.temp_uuid", "=", tempUuid)
    .where("f.employee_user_id", "is", null)
    .orderBy("f.id", "desc")
    .limit(1000)
    .execute();
  const viewer = viewerOf(user);
  return { success: true, files: rows.filter((r) => canSeeFile(viewer, r)).map((r) => toFile(user, r)), errorMessage: null };
}

/** GET /hr/json/fileInformationByFileId, GET /hr/json/employee/fileInfo */
export async function fileInfo(db: DB, user: SessionUser, fileId: number): Promise<TFileResponse> {
  return { success: true, file: toFile(user, await visibleFile(db, user, fileId)), errorMessage: null };
}

/**
 * GET /download?hash=: the upload the caller may see among those with this hash (the same bytes
 * uploaded by two employees are two rows: each sees their own), else NOT_FOUND.
 */
export async function downloadableFile(db: DB, user: SessionUser, hash: string): Promise<TFile> {
  requireFileRole(user);
  const rows = await fileRows(db).where("f.hash", "=", hash).orderBy("f.id").limit(500).execute();
  const row = rows.find((r) => canSeeFile(viewerOf(user), r));
  if (!row) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  return toFile(user, row);
}

/** The bytes behind `downloadableFile` (after its access check). */
export async function openDownload(db: DB, store: FileStore, user: SessionUser, hash: string) {
  const file = await downloadableFile(db, user, hash);
  const blob = await store.open(hash);
  if (!blob) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  return { ...blob, name: file.name, contentType: file.contentType };
}

// ── upload ─────────────────────────────────────────────────────────────────────────────────

type UploadTarget = { groupId: number; employeeId: number | null; moveId: number | null; tempUuid: string | null };

async function uploadTarget(db: DB, user: SessionUser, fields: TUploadFields): Promise<UploadTarget> {
  requireFileRole(user);
  if (fields.empTempFileUUID !== undefined && fields.empId === undefined) {
    // During initiation: staff only, in a group they may act in.
    if (user.role === "EMPLOYEE") throw new AppError("FORBIDDEN", messages.forbidden);
    let groupId = user.groupId;
    if (fields.group !== undefined) {
      const group = await findGroupByName(db, fields.group);
      if (!group) throw new AppError("NOT_FOUND", messages.notFound);
      groupId = group.id;
    }
    if (groupId === null) throw new AppError("VALIDATION", messages.badRequest, { group: messages.badRequest });
    if (!canActInGroup(user, groupId)) throw new AppError("FORBIDDEN", messages.otherGroup);
    return { groupId, employeeId: null, moveId: null, tempUuid: fields.empTempFileUUID };
  }
  const employee = await employeeFor(db, user, fields.empId);
  let moveId: number | null = null;
  if (fields.moveId !== undefined) {
    const move = await db.selectFrom("moves").select("id").where("id", "=", fields.moveId).where("employee_user_id", "=", employee.id).executeTakeFirst();
    if (!move) throw new AppError("NOT_FOUND", fileMessages.moveNotFound);
    moveId = move.id;
  } else {
    const latest = await db
      .selectFrom("moves")
      .select("id")
      .where("employee_user_id", "=", employee.id)
      .where("status", "!=", "cancelled")
      .orderBy("id", "desc")
      .executeTakeFirst();
    moveId = latest?.id ?? null;
  }
  return { groupId: employee.groupId, employeeId: employee.id, moveId, tempUuid: null };
}

async function checkCategory(db: DB, categoryId: number | null | undefined): Promise<void> {
  if (categoryId === undefined || categoryId === null) return;
  const found = await db.selectFrom("file_categories").select("id").where("id", "=", categoryId).executeTakeFirst();
  if (!found) throw new AppError("VALIDATION", fileMessages.categoryNotFound, { categoryId: fileMessages.categoryNotFound });
}

/**
 * Completes an upload whose bytes `store.stage` has taken (both transports stage first, so the
 * 20 MB limit is enforced while the bytes arrive): checks the fields, the caller and the content
 * type sniffed from the bytes, then in one transaction inserts the row and places the blob under
 * its hash. Any refusal or failure discards the staged bytes: nothing is left behind.
 */
export async function completeUpload(
  db: DB,
  store: FileStore,
  user: SessionUser,
  fields: TUploadFields,
  file: { name: string; staged: StagedFile } | null,
  now = new Date(),
): Promise<TUploadResponse> {
  const stored = await storeStagedFile(db, store, user, file, now, async () => {
    const target = await uploadTarget(db, user, fields);
    await checkCategory(db, fields.categoryId);
    const share = fields.shareWith ?? DEFAULT_SHARE_WITH;
    return {
      row: {
        group_id: target.groupId,
        employee_user_id: target.employeeId,
        move_id: target.moveId,
        temp_uuid: target.tempUuid,
        category_id: fields.categoryId ?? null,
        notes: fields.notes ?? "",
        share_mg: share.includes("MG") ? 1 : 0,
        share_hr: share.includes("HR") ? 1 : 0,
      },
      auditExtra: { tempUuid: target.tempUuid },
    };
  });
  return { success: true, fileID: stored.id, hash: stored.hash, errorMessage: null };
}

/**
 * A finance document (issue 23 item 15: the bill file of an approval item), filed through the same
 * store, content sniffing, limits and audit as an upload: a row of the item's group and move with no
 * employee (so it is in no employee's file list and no employee sees it), category "Receipts and
 * invoices", shared with nobody; HR of the group and ADMIN see it as a staff filing. The caller
 * (src/services/finance/approval-drafts.ts) has checked the finance role and the item. Answers the file id.
 */
export const FINANCE_DOCUMENT_CATEGORY = 6;
export async function fileFinanceDocument(
  db: DB,
  store: FileStore,
  user: SessionUser,
  target: { groupId: number; moveId: number | null },
  file: { name: string; staged: StagedFile } | null,
  now = new Date(),
): Promise<{ id: number; name: string; hash: string; size: number }> {
  return storeStagedFile(db, store, user, file, now, async () => ({
    row: {
      group_id: target.groupId,
      employee_user_id: null,
      move_id: target.moveId,
      temp_uuid: null,
      category_id: FINANCE_DOCUMENT_CATEGORY,
      notes: "",
      share_mg: 0,
      share_hr: 0,
    },
    auditExtra: { financeDocument: true },
  }));
}

type FileRowPlacement = {
  group_id: number;
  employee_user_id: number | null;
  move_id: number | null;
  temp_uuid: string | null;
  category_id: number | null;
  notes: string;
  share_mg: 0 | 1;
  share_hr: 0 | 1;
};

/**
 * The one way a staged upload becomes a file: the mandatory, size and content-type checks, then
 * `place` (the caller's own checks and where the row goes), then in one transaction the row, its
 * "file-upload" audit row and the blob under its hash. A failure after the blob was placed removes it
 * again (unless another row names the same bytes by now); the staged bytes are always discarded.
 */
async function storeStagedFile(
  db: DB,
  store: FileStore,
  user: SessionUser,
  file: { name: string; staged: StagedFile } | null,
  now: Date,
  place: () => Promise<{ row: FileRowPlacement; auditExtra: Record<string, unknown> }>,
): Promise<{ id: number; name: string; hash: string; size: number }> {
  try {
    if (!file || file.staged.size === 0) throw new AppError("VALIDATION", fileMessages.fileMandatory, { file: fileMessages.fileMandatory });
    if (file.staged.size > MAX_FILE_BYTES) throw new AppError("PAYLOAD_TOO_LARGE", fileMessages.fileTooLarge);
    const name = cleanFileName(file.name);
    const contentType = sniffContentType(file.staged.head, name);
    if (!contentType) throw new AppError("VALIDATION", fileMessages.typeNotAllowed, { file: fileMessages.typeNotAllowed });
    const { row: placement, auditExtra } = await place();
    const at = now.toISOString();
    const staged = file.staged;
    let placed = false;
    const id = await db.transaction().execute(async (trx) => {
      await lockHash(trx, staged.hash);
      const row = await trx
        .insertInto("employee_files")
        .values({
          ...placement,
          hash: staged.hash,
          original_name: name,
          size_bytes: staged.size,
          content_type: contentType,
          uploaded_by: user.id,
          uploaded_by_role: user.role,
          created_at: at,
          updated_at: at,
        })
        .returning(["id", "original_name", "hash", "size_bytes", "content_type", "category_id", "notes", "share_mg", "share_hr", "employee_user_id", "move_id"])
        .executeTakeFirstOrThrow();
      await auditFile(trx, user, { at, fileId: row.id, groupId: placement.group_id, action: "file-upload", newValues: { ...fileValues(row), ...auditExtra } });
      placed = !(await store.exists(staged.hash));
      await store.commit(staged);
      return row.id;
    }).catch(async (error: unknown) => {
      // The transaction failed after this upload placed its blob (its COMMIT, or the store failing
      // after the bytes landed): the blob goes too, unless another row names the same bytes by now.
      if (placed) await removeUnreferencedBlob(db, store, staged.hash).catch(() => undefined);
      throw error;
    });
    return { id, name, hash: staged.hash, size: staged.size };
  } finally {
    // After a commit the temporary file is gone already; after any refusal this removes it.
    if (file) await store.discard(file.staged);
  }
}

/**
 * Attaches the files uploaded during initiation (empTempFileUUID) to the employee and move that
 * createNewEmployee has just saved, inside its transaction. Only the group's own temporary files.
 */
export async function attachTempFiles(
  trx: DB,
  input: { tempUuid: string; groupId: number; employeeId: number; moveId: number; at: string },
): Promise<number> {
  const result = await trx
    .updateTable("employee_files")
    .set({ employee_user_id: input.employeeId, move_id: input.moveId, temp_uuid: null, updated_at: input.at })
    .where("temp_uuid", "=", input.tempUuid)
    .where("group_id", "=", input.groupId)
    .where("employee_user_id", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

// ── changes ────────────────────────────────────────────────────────────────────────────────

/**
 * POST /hr/json/employee/changeData (and changeCategory, changeSharePermissions, changeNotes):
 * category and notes by whoever may edit the file, share permissions by the side that filed it.
 */
export async function changeFileData(db: DB, user: SessionUser, input: TChangeDataRequest, now = new Date()): Promise<TFileResponse> {
  const row = await visibleFile(db, user, input.fileId);
  const viewer = viewerOf(user);
  if (!canEditFile(viewer, row)) throw new AppError("FORBIDDEN", messages.forbidden);
  if (input.shareWith !== undefined && !canShareFile(viewer, row)) throw new AppError("FORBIDDEN", fileMessages.shareNotYours);
  await checkCategory(db, input.categoryId);
  const set: { category_id?: number | null; notes?: string; share_mg?: number; share_hr?: number } = {};
  if (input.categoryId !== undefined) set.category_id = input.categoryId;
  if (input.notes !== undefined) set.notes = input.notes;
  if (input.shareWith !== undefined) {
    set.share_mg = input.shareWith.includes("MG") ? 1 : 0;
    set.share_hr = input.shareWith.includes("HR") ? 1 : 0;
  }
  if (Object.keys(set).length > 0) {
    const at = now.toISOString();
    await db.transaction().execute(async (trx) => {
      // The row as it is now, locked (a parallel change may have landed since the access check and
      // waits here until this one ends), then the change and its audit row.
      await lockRow(trx, "employee_files", row.id);
      const before = await trx.selectFrom("employee_files").selectAll().where("id", "=", row.id).executeTakeFirst();
      if (!before) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
      const updated = await trx
        .updateTable("employee_files")
        .set({ ...set, updated_at: at })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirst();
      if (!updated) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
      const was = fileValues(before);
      const after = fileValues(updated);
      const oldValues: Record<string, unknown> = {};
      const newValues: Record<string, unknown> = {};
      for (const key of ["categoryId", "notes", "shareWith"] as const) {
        if (JSON.stringify(was[key]) !== JSON.stringify(after[key])) {
          oldValues[key] = was[key];
          newValues[key] = after[key];
        }
      }
      if (Object.keys(newValues).length > 0) {
        await auditFile(trx, user, {
          at,
          fileId: row.id,
          groupId: row.group_id,
          action: "file-change",
          oldValues: { ...oldValues, employeeId: before.employee_user_id, moveId: before.move_id },
          newValues: { ...newValues, employeeId: updated.employee_user_id, moveId: updated.move_id },
        });
      }
    });
  }
  return fileInfo(db, user, row.id);
}

/**
 * DELETE /hr/json/fileDelete?fileId&empId: removes the row; the blob goes with the last row that
 * names its hash (under the hash's lock, so a parallel upload of the same bytes keeps its blob).
 */
export async function deleteFile(db: DB, store: FileStore, user: SessionUser, fileId: number, employeeId?: number): Promise<TFileResultResponse> {
  const row = await visibleFile(db, user, fileId);
  if (employeeId !== undefined && row.employee_user_id !== employeeId) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
  if (!canEditFile(viewerOf(user), row)) throw new AppError("FORBIDDEN", messages.forbidden);
  await db.transaction().execute(async (trx) => {
    await lockHash(trx, row.hash);
    const deleted = await trx.deleteFrom("employee_files").where("id", "=", row.id).returningAll().executeTakeFirst();
    if (!deleted) throw new AppError("NOT_FOUND", fileMessages.fileNotFound);
    await auditFile(trx, user, { at: new Date().toISOString(), fileId: row.id, groupId: row.group_id, action: "file-delete", oldValues: fileValues(deleted) });
    const left = await trx.selectFrom("employee_files").select("id").where("hash", "=", row.hash).limit(1).executeTakeFirst();
    if (!left) await store.remove(row.hash);
  });
  return { success: true, errorMessage: null };
}
