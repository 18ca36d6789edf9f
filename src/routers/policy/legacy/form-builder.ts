/**
 * part 2 §7 form builder calls under /formBuilder/… (ADMIN only): groups, groupForm,
 * validatorsForm, submitForm, newField. Each parses with the tRPC procedure's schema and calls the
 * same service function (src/services/policy/forms/builder.ts). Failures answer
 * `{success: false, resultMessage}` with the error's HTTP status; a save or new field that fails
 * its rules answers 400 with `errors` per field key.
 */
import type { Context, Hono } from "hono";
import { AppError, publicError } from "../../../domain/errors.ts";
import { formBuilderMessages } from "../../../domain/policy/forms/messages.ts";
import { ZGroupFormRequest, ZNewFieldRequest, ZSubmitFormRequest, type TFormResult } from "../../../domain/policy/forms/schemas.ts";
import { messages } from "../../../domain/messages.ts";
import { clientIp, httpStatusOf, legacyUser, logUnexpected, parseFields, readFields } from "../../../server/http.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import type { SessionUser } from "../../../services/identity/auth.ts";
import { formBuilderGroups, groupForm, newField, submitForm, validatorsForm } from "../../../services/policy/forms/builder.ts";

type Run = (c: Context<AppEnv>, user: SessionUser) => Promise<object>;

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

const ruleFailure = (r: TFormResult) => (r.success ? r : { ...r, __status: 400 as const });

export function mountLegacyFormBuilder(app: Hono<AppEnv>, deps: AppDeps) {
  const { db } = deps;
  const serve = (method: "get" | "post", path: string, fallback: string, run: Run) => {
    const handler = async (c: Context<AppEnv>) => {
      try {
        const user = legacyUser(c);
        if (user.role !== "ADMIN") throw new AppError("FORBIDDEN", messages.forbidden);
        const body = (await run(c, user)) as { __status?: 400 };
        const { __status, ...rest } = body;
        return c.json(rest, __status ?? 200);
      } catch (error) {
        logUnexpected(path, error);
        const pub = publicError(error);
        const resultMessage = error instanceof AppError ? pub.message : fallback;
        return c.json({ success: false, resultMessage, ...(pub.fields ? { errors: pub.fields } : {}) }, httpStatusOf(error));
      }
    };
    for (const p of [path, `${path}/`]) app.on(method.toUpperCase(), p, handler);
  };

  serve("get", "/formBuilder/groups", formBuilderMessages.errorLoading, async () => formBuilderGroups(db));
  serve("post", "/formBuilder/groupForm", formBuilderMessages.errorLoading, async (c) =>
    groupForm(db, parseFields(ZGroupFormRequest, await readFields(c)).groupName),
  );
  serve("get", "/formBuilder/validatorsForm", formBuilderMessages.errorLoading, async () => validatorsForm());
  serve("post", "/formBuilder/submitForm", formBuilderMessages.errorSaving, async (c, user) =>
    ruleFailure(await submitForm(db, { user, ip: clientIp(c) }, parseFields(ZSubmitFormRequest, await readFields(c)))),
  );
  serve("post", "/formBuilder/newField", formBuilderMessages.errorNewField, async (c, user) =>
    ruleFailure(await newField(db, { user, ip: clientIp(c) }, parseFields(ZNewFieldRequest, valuesField(await readFields(c))))),
  );
}
