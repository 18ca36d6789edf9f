import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { FILE_ROLES } from "../../../domain/employee/files/access.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import {
  ZChangeCategoryRequest,
  ZChangeDataRequest,
  ZChangeNotesRequest,
  ZChangeSharePermissionsRequest,
  ZDeleteFileRequest,
  ZDownloadRequest,
  ZFileIdRequest,
  ZListFilesRequest,
  ZTempFilesRequest,
} from "../../../domain/employee/files/schemas.ts";
import {
  changeFileData,
  defaultUploadPermissions,
  deleteFile,
  fileCategories,
  fileInfo,
  listEmployeeFiles,
  listTempFiles,
  openDownload,
} from "../../../services/employee/files/files.ts";
import { fileStoreFor } from "../../../services/employee/files/store.ts";
import { receiveMultipartUpload } from "../../../services/employee/files/upload.ts";
import { failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

type C = Context<AppEnv>;

/**
 * The files API (part 1 §7 files calls, part 2 §7 employee file calls) under /hr/json (DESIGN.md:
 * {filesApi} → /hr/json), getDefaultUploadPermissions and the download link. Each handler parses
 * with the `files` router's schema and calls the same service function; failures answer
 * `{ success: false, errorMessage }` (the upload also `fileID: null`) with the error table's status.
 */
export function mountLegacyFiles(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;
  const store = () => fileStoreFor(config);

  const serve = (method: "GET" | "POST" | "DELETE", path: string, fallback: string, run: (c: C) => Promise<unknown>, extra: object = {}) =>
    legacyRoute(app, method, path, run, (error) => {
      const fields = publicError(error).fields;
      return { success: false, ...extra, errorMessage: failureText(error, fallback), ...(fields ? { fields } : {}) };
    });
  const user = (c: C) => {
    const u = legacyUser(c);
    if (!(FILE_ROLES as readonly string[]).includes(u.role)) throw new AppError("FORBIDDEN", messages.forbidden);
    return u;
  };
  /** Query fields under the body's (DELETE and some POSTs name the file in the query). */
  const queryAndBody = async (c: C) => {
    const query = Object.fromEntries(Object.entries(c.req.query()).filter(([, v]) => v !== ""));
    if (c.req.method === "GET") return readFields(c);
    return { ...query, ...(await readFields(c)) };
  };
  const generic = fileMessages.genericFailure;

  serve("GET", "/hr/json/fileCategories", generic, async (c) => fileCategories(db, user(c)));

  serve("GET", "/api/v1/all/getDefaultUploadPermissions", generic, async (c) => defaultUploadPermissions(user(c)));

  serve("GET", "/hr/json/files", generic, async (c) => {
    const u = user(c);
    const fields = await readFields(c);
    return listEmployeeFiles(db, u, parseFields(ZListFilesRequest, { employeeId: fields["empId"] ?? fields["employeeId"] }).employeeId);
  }, { files: [] });

  serve("GET", "/hr/json/employeeFileInformationByEmployeeID", generic, async (c) => {
    const u = user(c);
    const fields = await readFields(c);
    const { employeeId } = parseFields(ZListFilesRequest, { employeeId: fields["employeeId"] ?? fields["employeeID"] ?? fields["empId"] });
    return listEmployeeFiles(db, u, employeeId);
  }, { files: [] });

  serve("GET", "/hr/json/employeeFileInformationByFileTempUUID", generic, async (c) => {
    const u = user(c);
    const fields = await readFields(c);
    const { fileTempUUID } = parseFields(ZTempFilesRequest, { fileTempUUID: fields["fileTempUUID"] ?? fields["empTempFileUUID"] });
    return listTempFiles(db, u, fileTempUUID);
  }, { files: [] });

  serve("GET", "/hr/json/fileInformationByFileId", generic, async (c) => {
    const u = user(c);
    const fields = await readFields(c);
    return fileInfo(db, u, parseFields(ZFileIdRequest, { fileId: fields["fileId"] ?? fields["fileID"] ?? fields["id"] }).fileId);
  }, { file: null });

  serve("GET", "/hr/json/employee/fileInfo", generic, async (c) => {
    const u = user(c);
    const fields = await readFields(c);
    return fileInfo(db, u, parseFields(ZFileIdRequest, { fileId: fields["id"] ?? fields["fileId"] }).fileId);
  }, { file: null });

  serve("POST", "/hr/json/employee/files/upload", fileMessages.uploadFailed, async (c) => {
    const u = user(c);
    return receiveMultipartUpload(db, store(), u, {
      contentType: c.req.header("content-type"),
      contentLength: c.req.header("content-length"),
      body: c.req.raw.body,
    });
  }, { fileID: null, hash: null });

  serve("POST", "/hr/json/employee/changeData", generic, async (c) => {
    const u = user(c);
    return changeFileData(db, u, parseFields(ZChangeDataRequest, await queryAndBody(c)));
  }, { file: null });

  serve("POST", "/hr/json/changeCategory", generic, async (c) => {
    const u = user(c);
    return changeFileData(db, u, parseFields(ZChangeCategoryRequest, await queryAndBody(c)));
  }, { file: null });

  serve("POST", "/hr/json/changeSharePermissions", generic, async (c) => {
    const u = user(c);
    const fields = await queryAndBody(c);
    // A form sends the list as repeated `shareWith[]` / `shareWith` fields.
    const shareWith = fields["shareWith"] ?? fields["shareWith[]"] ?? c.req.queries("shareWith[]") ?? [];
    return changeFileData(db, u, parseFields(ZChangeSharePermissionsRequest, { ...fields, shareWith }));
  }, { file: null });

  serve("POST", "/hr/json/changeNotes", generic, async (c) => {
    const u = user(c);
    return changeFileData(db, u, parseFields(ZChangeNotesRequest, await queryAndBody(c)));
  }, { file: null });

  serve("DELETE", "/hr/json/fileDelete", generic, async (c) => {
    const u = user(c);
    const { fileId, empId } = parseFields(ZDeleteFileRequest, await queryAndBody(c));
    return deleteFile(db, store(), u, fileId, empId);
  });

  serve("GET", "/download", generic, async (c) => {
    const u = user(c);
    const { hash } = parseFields(ZDownloadRequest, await readFields(c));
    const file = await openDownload(db, store(), u, hash);
    const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
    return new Response(file.body, {
      headers: {
        "Content-Type": file.contentType,
        "Content-Length": String(file.size),
        "Content-Disposition": `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
        "Cache-Control": "private, no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  });
}
