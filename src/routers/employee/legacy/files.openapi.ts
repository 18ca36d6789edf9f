import { z } from "zod";
import {
  ZChangeCategoryRequest,
  ZChangeDataRequest,
  ZChangeNotesRequest,
  ZChangeSharePermissionsRequest,
  ZDefaultPermissionsResponse,
  ZDeleteFileRequest,
  ZDownloadRequest,
  ZFileCategoriesResponse,
  ZFileIdRequest,
  ZFileResponse,
  ZFileResultResponse,
  ZFilesResponse,
  ZTempFilesRequest,
  ZUploadFields,
  ZUploadResponse,
} from "../../../domain/employee/files/schemas.ts";
import { ZId } from "../../../domain/numbers.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const p1 = "part 1 §7 Files";
const p2 = "part 2 §7 Employee file calls";
const access = "EMPLOYEE (their own), HR of the group (staff's files and those shared with HR), ADMIN (staff's and those shared with MG)";

/** OpenAPI descriptions of the legacy paths in ./files.ts (served in /api/openapi.json). */
export const fileOperations: Operation[] = [
  { method: "get", path: "/hr/json/fileCategories", summary: "File categories (id, label)", spec: `${p1}; ${p2}`, response: ZFileCategoriesResponse, auth: "session" },
  { method: "get", path: "/api/v1/all/getDefaultUploadPermissions", summary: "The share targets a new upload starts with (MG, HR)", spec: p2, response: ZDefaultPermissionsResponse, auth: "session" },
  { method: "get", path: "/hr/json/files", summary: `An employee's files, newest first: empId (HR, ADMIN); an employee's own without it. ${access}`, spec: p1, request: z.object({ empId: ZId.optional() }), requestType: "query", response: ZFilesResponse, auth: "session" },
  { method: "get", path: "/hr/json/employeeFileInformationByEmployeeID", summary: `An employee's files (employeeId). ${access}`, spec: p1, request: z.object({ employeeId: ZId }), requestType: "query", response: ZFilesResponse, auth: "session" },
  { method: "get", path: "/hr/json/employeeFileInformationByFileTempUUID", summary: "Files uploaded during an initiation not yet saved (fileTempUUID = the wizard's empTempFileUUID; HR, ADMIN)", spec: p1, request: ZTempFilesRequest, requestType: "query", response: ZFilesResponse, auth: "session" },
  { method: "get", path: "/hr/json/fileInformationByFileId", summary: `One file (fileId). ${access}`, spec: p1, request: ZFileIdRequest, requestType: "query", response: ZFileResponse, auth: "session" },
  { method: "get", path: "/hr/json/employee/fileInfo", summary: `One file (id). ${access}`, spec: p2, request: z.object({ id: ZId }), requestType: "query", response: ZFileResponse, auth: "session" },
  { method: "post", path: "/hr/json/employee/files/upload", summary: "Upload a file: multipart/form-data, part `file` (at most 20971520 bytes, refused while it arrives; content checked from the bytes: PDF, PNG, JPEG, GIF, WebP, HEIC, DOC/DOCX, XLS/XLSX, text) and the fields below; an employee uploads their own, HR/ADMIN name empId, or upload during initiation with empTempFileUUID (and group, for ADMIN). Answers success and fileID", spec: p1, request: ZUploadFields, requestType: "form", response: ZUploadResponse, auth: "session" },
  { method: "post", path: "/hr/json/employee/changeData", summary: "Update a file: categoryId, notes and shareWith (each optional; share only by the side that filed it)", spec: p1, request: ZChangeDataRequest, requestType: "form", response: ZFileResponse, auth: "session" },
  { method: "post", path: "/hr/json/changeCategory", summary: "Change a file's category", spec: p2, request: ZChangeCategoryRequest, requestType: "form", response: ZFileResponse, auth: "session" },
  { method: "post", path: "/hr/json/changeSharePermissions", summary: "Change who a file is shared with (shareWith: MG, HR; the side that filed it)", spec: p2, request: ZChangeSharePermissionsRequest, requestType: "form", response: ZFileResponse, auth: "session" },
  { method: "post", path: "/hr/json/changeNotes", summary: "Change a file's notes (at most 2000 characters)", spec: p2, request: ZChangeNotesRequest, requestType: "form", response: ZFileResponse, auth: "session" },
  { method: "delete", path: "/hr/json/fileDelete", summary: "Delete a file (fileId, optional empId that must be its employee); the stored bytes go with the last upload naming them", spec: `${p1}; ${p2}`, request: ZDeleteFileRequest, requestType: "query", response: ZFileResultResponse, auth: "session" },
  { method: "get", path: "/download", summary: `Download a file by its SHA-256 (hash) after an access check: the caller must see an upload with that hash (${access}); else 404`, spec: `${p1}; part 2 §7`, request: ZDownloadRequest, requestType: "query", response: z.string().describe("the file's bytes (Content-Disposition: attachment)"), auth: "session" },
];
