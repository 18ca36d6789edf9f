/**
 * The HR employee file's edits (issue 14; part 2 §7): the profile, one initiation-form value
 * ("dynamic") and the move's HR notes, with the reads the move page's panels start from. HR of the
 * group and ADMIN (`groupProcedure`); each procedure calls the same service function as its documented
 * path (src/routers/moves/legacy/employee-file.ts).
 */
import {
  ZDynamicEditRequest,
  ZDynamicEditResponse,
  ZEmployeeFileRequest,
  ZFormValuesResponse,
  ZHrNotes,
  ZProfile,
  ZProfileEditRequest,
  ZProfileEditResponse,
  ZSaveHrNotesRequest,
  ZSaveHrNotesResponse,
} from "../../domain/moves/employee-file/schemas.ts";
import { readHrNotes, saveHrNotes } from "../../services/moves/employee-file/notes.ts";
import { editFormValue, editProfile, readFormValues, readProfile } from "../../services/moves/employee-file/profile.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const hr = groupProcedure("HR", "ADMIN");

export const employeeFileRouter = router({
  /** The employee's person fields (the Edit profile dialog). */
  profile: hr
    .input(sync(ZEmployeeFileRequest))
    .output(sync(ZProfile))
    .query(({ ctx, input }) => readProfile(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/employeefile/profile/edit. */
  editProfile: hr
    .input(sync(ZProfileEditRequest))
    .output(sync(ZProfileEditResponse))
    .mutation(({ ctx, input }) => editProfile(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
  /** The move's initiation-form values the page lists and edits inline. */
  formValues: hr
    .input(sync(ZEmployeeFileRequest))
    .output(sync(ZFormValuesResponse))
    .query(({ ctx, input }) => readFormValues(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/employeefile/profile/edit/dynamic. */
  editFormValue: hr
    .input(sync(ZDynamicEditRequest))
    .output(sync(ZDynamicEditResponse))
    .mutation(({ ctx, input }) => editFormValue(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
  /** The move's HR notes. */
  hrNotes: hr
    .input(sync(ZEmployeeFileRequest))
    .output(sync(ZHrNotes))
    .query(({ ctx, input }) => readHrNotes(ctx.db, ctx.user, ctx.group, input)),
  /** POST /{group}/employeefile/saveHRNotes. */
  saveHrNotes: hr
    .input(sync(ZSaveHrNotesRequest))
    .output(sync(ZSaveHrNotesResponse))
    .mutation(({ ctx, input }) => saveHrNotes(ctx.db, { user: ctx.user, ip: ctx.ip }, ctx.group, input)),
});
