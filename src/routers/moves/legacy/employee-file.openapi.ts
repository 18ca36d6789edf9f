import { z } from "zod";
import { ZDynamicEditRequest, ZDynamicEditResponse, ZProfileEditRequest, ZProfileEditResponse, ZSaveHrNotesRequest } from "../../../domain/moves/employee-file/schemas.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 2 §7 employee file calls";

/** OpenAPI descriptions of the legacy paths in ./employee-file.ts (served in /api/openapi.json). */
export const employeeFileOperations: Operation[] = [
  { method: "post", path: "/{group}/employeefile/profile/edit", summary: "HR of the group (or ADMIN) edits an employee's person fields (userId; firstName, lastName, email, phone; moveId optional): success, error (the first field error), errors per field (the wizard's stage-2 texts; e-mail unique), profile; a bad field writes nothing; each change leaves an audit row (entity user)", spec, request: ZProfileEditRequest, requestType: "form", response: ZProfileEditResponse, auth: "session" },
  { method: "post", path: "/{group}/employeefile/profile/edit/dynamic", summary: "HR of the group (or ADMIN) sets one initiation-form value of the move (userId, moveId, id = the form field's id on the group's form, value; currency for money fields), checked by the stage-2 rule of its type and stored in the move's form values; core, hidden, read-only and place fields are refused (403), another form's field is 404", spec, request: ZDynamicEditRequest, requestType: "form", response: ZDynamicEditResponse, auth: "session" },
  { method: "post", path: "/{group}/employeefile/saveHRNotes", summary: "HR of the group (or ADMIN) saves the move's HR notes (notesText up to 4000 characters, userId, moveId; savedAt: when the client took the text, so a late save never overwrites a later one): the text OK; failures { exception } with the error's status, \"Session timeout\" (401) when signed out", spec, request: ZSaveHrNotesRequest, requestType: "form", response: z.literal("OK"), auth: "session" },
];
