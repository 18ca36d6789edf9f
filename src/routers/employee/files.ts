import { z } from "zod";
import {
  ZChangeCategoryRequest,
  ZChangeDataRequest,
  ZChangeNotesRequest,
  ZChangeSharePermissionsRequest,
  ZDefaultPermissionsResponse,
  ZDeleteFileRequest,
  ZDownloadRequest,
  ZFile,
  ZFileCategoriesResponse,
  ZFileIdRequest,
  ZFileResponse,
  ZFileResultResponse,
  ZFilesResponse,
  ZListFilesRequest,
  ZTempFilesRequest,
  ZUploadInput,
  ZUploadResponse,
} from "../../domain/employee/files/schemas.ts";
import {
  changeFileData,
  defaultUploadPermissions,
  deleteFile,
  downloadableFile,
  fileCategories,
  fileInfo,
  listEmployeeFiles,
  listTempFiles,
} from "../../services/employee/files/files.ts";
import { fileStoreFor } from "../../services/employee/files/store.ts";
import { receiveFormDataUpload } from "../../services/employee/files/upload.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";
import { FILE_ROLES } from "../../domain/employee/files/access.ts";

/** Files are for employees, HR and ADMIN (FILE_ROLES), checked before any input is parsed (issue 23 item 13). */
const fileProcedure = roleProcedure(...FILE_ROLES);

/**
 * Employee files (issue 14): the same service functions as the files API under /hr/json
 * (src/routers/employee/legacy/files.ts). Roles are decided per file by src/domain/employee/files/access.ts
 * (EMPLOYEE, HR and ADMIN use files; the others are refused). Large uploads belong on the
 * streamed documented path POST /hr/json/employee/files/upload; `files.upload` takes the same
 * fields as FormData. `files.download` checks access and answers the file with its download link.
 */
export const filesRouter = router({
  categories: fileProcedure.output(sync(ZFileCategoriesResponse)).query(({ ctx }) => fileCategories(ctx.db, ctx.user)),
  defaultPermissions: fileProcedure.output(sync(ZDefaultPermissionsResponse)).query(({ ctx }) => defaultUploadPermissions(ctx.user)),
  list: fileProcedure
    .input(sync(ZListFilesRequest))
    .output(sync(ZFilesResponse))
    .query(({ ctx, input }) => listEmployeeFiles(ctx.db, ctx.user, input.employeeId)),
  tempFiles: fileProcedure
    .input(sync(ZTempFilesRequest))
    .output(sync(ZFilesResponse))
    .query(({ ctx, input }) => listTempFiles(ctx.db, ctx.user, input.fileTempUUID)),
  info: fileProcedure
    .input(sync(ZFileIdRequest))
    .output(sync(ZFileResponse))
    .query(({ ctx, input }) => fileInfo(ctx.db, ctx.user, input.fileId)),
  download: fileProcedure
    .input(sync(ZDownloadRequest))
    .output(sync(z.object({ file: ZFile })))
    .query(async ({ ctx, input }) => ({ file: await downloadableFile(ctx.db, ctx.user, input.hash) })),
  upload: fileProcedure
    .input(sync(ZUploadInput))
    .output(sync(ZUploadResponse))
    .mutation(({ ctx, input }) => receiveFormDataUpload(ctx.db, fileStoreFor(ctx.config), ctx.user, input)),
  changeData: fileProcedure
    .input(sync(ZChangeDataRequest))
    .output(sync(ZFileResponse))
    .mutation(({ ctx, input }) => changeFileData(ctx.db, ctx.user, input)),
  changeCategory: fileProcedure
    .input(sync(ZChangeCategoryRequest))
    .output(sync(ZFileResponse))
    .mutation(({ ctx, input }) => changeFileData(ctx.db, ctx.user, input)),
  changeSharePermissions: fileProcedure
    .input(sync(ZChangeSharePermissionsRequest))
    .output(sync(ZFileResponse))
    .mutation(({ ctx, input }) => changeFileData(ctx.db, ctx.user, input)),
  changeNotes: fileProcedure
    .input(sync(ZChangeNotesRequest))
    .output(sync(ZFileResponse))
    .mutation(({ ctx, input }) => changeFileData(ctx.db, ctx.user, input)),
  delete: fileProcedure
    .input(sync(ZDeleteFileRequest))
    .output(sync(ZFileResultResponse))
    .mutation(({ ctx, input }) => deleteFile(ctx.db, fileStoreFor(ctx.config), ctx.user, input.fileId, input.empId)),
});
