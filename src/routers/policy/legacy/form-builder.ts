/**
 * part 2 §7 form builder calls under /formBuilder/… (ADMIN only): groups, groupForm,
 * validatorsForm, submitForm, newField. Each parses with the tRPC procedure's schema and calls the
 * same service function (src/services/policy/forms/builder.ts). Failures answer
 * `{success: false, resultMessage}` with the error's HTTP status; a save or new field that fails
 * its rules answers 400 with `errors` per field key.
 */
import type { Context, Hono } from "hono";
import { publicError } from "../../../domain/errors.ts";
import { formBuilderMessages } from "../../../domain/policy/forms/messages.ts";
import { ZGroupFormRequest, ZNewFieldRequest, ZSubmitFormRequest, type TFormResult } from "../../../domain/policy/forms/schemas.ts";
import type { Role } from "../../../domain/roles.ts";
import { clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { formBuilderGroups, groupForm, newField, submitForm, validatorsForm } from "../../../services/policy/forms/builder.ts";

/** availableValues of a form post: one value per line (or a JSON array). */
function valuesField(fields: Record<string, unknown>) {
  const v = fields.availableValues;
  if (typeof v !== "string") return fields;
  const text = v.trim();
  if (text.startsWith("[")) {
    try {
      return { ...fields, availableValues: JSON.parse(text) as unknown };
    } catch {
      return fields;
    }
  }
  return { ...fields, availableValues: text === "" ? [] : text.split(/\r?\n/) };
}

/** The form builder is ADMIN's alone. */
const ADMIN_ONLY: readonly Role[] = ["ADMIN"];

/** The signed-in caller and address of a save. */
function actorOf(c: Context<AppEnv>) {
  return { user: legacyUser(c), ip: clientIp(c) };
}

/** A save that fails its rules answers 400 with its result (`errors` per field key). */
function ruleAnswer(c: Context<AppEnv>, result: TFormResult) {
  return result.success ? result : c.json(result, 400);
}

/** `{success: false, resultMessage}` (+ `errors` per field); `fallback` for unexpected errors. */
function resultMessageFailure(fallback: string) {
  return (error: unknown) => {
    const { fields } = publicError(error);
    return { success: false, resultMessage: failureText(error, fallback), ...(fields ? { errors: fields } : {}) };
  };
}

export function mountLegacyFormBuilder(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;

  legacyRoute(app, {
    method: "GET",
    path: "/formBuilder/groups",
    roles: ADMIN_ONLY,
    run: async () => formBuilderGroups(db),
    failure: resultMessageFailure(formBuilderMessages.errorLoading),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/formBuilder/groupForm",
    roles: ADMIN_ONLY,
    input: ZGroupFormRequest,
    run: async (_c, { input }) => groupForm(db, input.groupName),
    failure: resultMessageFailure(formBuilderMessages.errorLoading),
  });
  legacyRoute(app, {
    method: "GET",
    path: "/formBuilder/validatorsForm",
    roles: ADMIN_ONLY,
    run: async () => validatorsForm(),
    failure: resultMessageFailure(formBuilderMessages.errorLoading),
  });
  legacyRoute(app, {
    method: "POST",
    path: "/formBuilder/submitForm",
    roles: ADMIN_ONLY,
    input: ZSubmitFormRequest,
    run: async (c, { input }) => ruleAnswer(c, await submitForm(db, actorOf(c), input)),
    failure: resultMessageFailure(formBuilderMessages.errorSaving),
  });
  // availableValues comes one per line (or as a JSON array): read before the schema parses it.
  legacyRoute(app, {
    method: "POST",
    path: "/formBuilder/newField",
    roles: ADMIN_ONLY,
    run: async (c) => ruleAnswer(c, await newField(db, actorOf(c), parseFields(ZNewFieldRequest, valuesField(await readFields(c))))),
    failure: resultMessageFailure(formBuilderMessages.errorNewField),
  });
}
