/**
 * The HR employee file's documented paths (issue 14; part 2 §7):
 * - POST /{group}/employeefile/profile/edit {userId, firstName, lastName, email, phone; moveId} → success,
 *   error (the first field error), errors (per field), profile
 * - POST /{group}/employeefile/profile/edit/dynamic {userId, moveId, id, value; currency} → success, error, field
 * - POST /{group}/employeefile/saveHRNotes {notesText, userId, moveId; savedAt} → the text "OK"; a failure
 *   answers `{ exception }` with the error's status: "Session timeout" (401) when signed out.
 * Each handler parses with the tRPC procedure's schema and calls the same service function
 * (src/services/moves/employee-file/); the group in the path is checked as `groupProcedure` does.
 */
import type { Context, Hono } from "hono";
import { employeeFileMessages } from "../../../domain/moves/employee-file/messages.ts";
import { ZDynamicEditRequest, ZProfileEditRequest, ZSaveHrNotesRequest } from "../../../domain/moves/employee-file/schemas.ts";
import { AppError, publicError } from "../../../domain/errors.ts";
import { messages } from "../../../domain/messages.ts";
import { canActInGroup, type Role } from "../../../domain/roles.ts";
import { decodeComponent } from "../../../domain/text.ts";
import { findGroupByName } from "../../../db/queries/admin/groups.ts";
import type { DB } from "../../../db/index.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import { saveHrNotes } from "../../../services/moves/employee-file/notes.ts";
import { editFormValue, editProfile } from "../../../services/moves/employee-file/profile.ts";

type C = Context<AppEnv>;

const groupParam = (c: C) => decodeComponent(c.req.param("group") ?? "") ?? "";

/** The HR employee file is HR's and ADMIN's (checked before the request is read, issue 23 item 13). */
const HR_FILE_ROLES: readonly Role[] = ["HR", "ADMIN"];

/** The path's group as `groupProcedure("HR", "ADMIN")` resolves it. */
async function hrGroup(db: DB, user: SessionUser, name: string) {
  if (!HR_FILE_ROLES.includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", messages.notFound);
  if (!canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return group;
}

/** part 2 §7/§8: a call made without a session answers "Session timeout" (the client goes to "/"). */
function failureOf(error: unknown, fallback: string): string {
  return publicError(error).code === "UNAUTHORIZED" ? messages.sessionTimeout : failureText(error, fallback);
}

export function mountLegacyEmployeeFile(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const base = "/:group/employeefile";
  const editFailure = (error: unknown) => {
    const e = publicError(error);
    return { success: false, error: failureOf(error, employeeFileMessages.saveFailure), errors: e.fields ?? {} };
  };

  legacyRoute(app, "POST", `${base}/profile/edit`, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZProfileEditRequest, { ...(await readFields(c)), group: groupParam(c) });
    const group = await hrGroup(db, user, input.group);
    return editProfile(db, { user, ip: clientIp(c) }, group, input);
  }, editFailure, HR_FILE_ROLES);

  legacyRoute(app, "POST", `${base}/profile/edit/dynamic`, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZDynamicEditRequest, { ...(await readFields(c)), group: groupParam(c) });
    const group = await hrGroup(db, user, input.group);
    return editFormValue(db, { user, ip: clientIp(c) }, group, input);
  }, editFailure, HR_FILE_ROLES);

  legacyRoute(app, "POST", `${base}/saveHRNotes`, async (c) => {
    const user = legacyUser(c);
    const input = parseFields(ZSaveHrNotesRequest, { ...(await readFields(c)), group: groupParam(c) });
    const group = await hrGroup(db, user, input.group);
    await saveHrNotes(db, { user, ip: clientIp(c) }, group, input);
    return c.text("OK");
  }, (error) => ({ exception: failureOf(error, employeeFileMessages.notesFailure) }), HR_FILE_ROLES);
}
