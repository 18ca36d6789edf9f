import type { DB } from "../../db/index.ts";
import { lockRow } from "../../db/locks.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import { findTermsFormFields, findTermsUser, replaceTermsFormFields, type TermsFormFieldRow } from "../../db/queries/identity/terms.ts";
import { AppError } from "../../domain/errors.ts";
import { activationMessages } from "../../domain/identity/activation/messages.ts";
import { formatMoveDate, TERMS_VERSION, userTypeFor } from "../../domain/identity/activation/rules.ts";
import {
  checkTermsFormConfig,
  checkTermsSubmission,
  normaliseTermsFields,
  termsFormMessages,
  ZTermsFieldType,
  type TAcceptTermsInput,
  type TAcceptTermsResponse,
  type TSaveTermsFormConfigResponse,
  type TTermsFormConfigResponse,
  type TTermsFormField,
  type TTermsResponse,
} from "../../domain/identity/activation/terms-form.ts";
import { messages } from "../../domain/messages.ts";
import { homePathFor } from "../../domain/roles.ts";
import type { SessionUser } from "./auth.ts";

function parseJson<T>(text: string | null, fallback: T, check: (v: unknown) => v is T): T {
  if (!text) return fallback;
  try {
    const value: unknown = JSON.parse(text);
    return check(value) ? value : fallback;
  } catch {
    return fallback;
  }
}
const isStringArray = (v: unknown): v is string[] => Array.isArray(v) && v.every((x) => typeof x === "string");
const isStringRecord = (v: unknown): v is Record<string, string> =>
  typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => typeof x === "string");

function toField(row: TermsFormFieldRow): TTermsFormField {
  const type = ZTermsFieldType.catch("text").parse(row.field_type);
  return {
    modelName: row.model_name,
    label: row.label,
    type,
    mandatory: row.mandatory === 1,
    values: type === "select" ? parseJson(row.available_values, [], isStringArray) : [],
  };
}

/** The configurable fields of a group's terms form (none for users without a group). */
export async function termsFormFields(db: DB, groupId: number | null): Promise<TTermsFormField[]> {
  if (groupId === null) return [];
  return (await findTermsFormFields(db, groupId)).map(toField);
}

/** The terms page: the current version, whether (and when) the user accepted it, and the form. */
export async function getTermsStatus(db: DB, user: SessionUser): Promise<TTermsResponse> {
  const [row, fields] = await Promise.all([findTermsUser(db, user.id), termsFormFields(db, user.groupId)]);
  if (!row) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  return {
    version: TERMS_VERSION,
    accepted: row.terms_accepted_at != null,
    acceptedAt: row.terms_accepted_at ?? null,
    acceptedVersion: row.terms_version ?? null,
    userType: userTypeFor(row.role),
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    moveDate: formatMoveDate(row.move_date) ?? "",
    fields,
    values: parseJson(row.terms_form_values, {}, isStringRecord),
  };
}

/**
 * POST /user/terms-and-conditions and account.acceptTerms: checks the terms form (its own fields
 * and the group's configurable ones; each problem by field name, with the spec's signup failure
 * text), then records the acceptance time and version, the names and move date, and the
 * configurable values with an audit row. Once: accepting terms already accepted answers the same
 * and writes nothing, so parallel acceptances write one audit row.
 */
export async function acceptTerms(db: DB, user: SessionUser, input: TAcceptTermsInput, ip: string | null, now = new Date()): Promise<TAcceptTermsResponse> {
  const [row, fields] = await Promise.all([findTermsUser(db, user.id), termsFormFields(db, user.groupId)]);
  if (!row) throw new AppError("UNAUTHORIZED", messages.signInRequired);
  const checked = checkTermsSubmission(
    input,
    { userType: userTypeFor(row.role), email: row.email, firstName: row.first_name, lastName: row.last_name, moveDate: row.move_date },
    fields,
  );
  if (checked.errors !== null) throw new AppError("VALIDATION", activationMessages.signupFailed, checked.errors);
  const { submission } = checked;
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    // Conditional: only an acceptance that is missing (or of an older version) is recorded, so a
    // repeated or parallel acceptance changes nothing and writes no second audit row.
    const changed = await trx
      .updateTable("users")
      .set({
        terms_accepted_at: at,
        terms_version: TERMS_VERSION,
        first_name: submission.firstName,
        last_name: submission.lastName,
        move_date: submission.moveDate,
        terms_form_values: JSON.stringify(submission.values),
        updated_at: at,
      })
      .where("id", "=", user.id)
      .where((eb) => eb.or([eb("terms_accepted_at", "is", null), eb("terms_version", "is", null), eb("terms_version", "<>", TERMS_VERSION)]))
      .returning("id")
      .execute();
    if (changed.length === 0) return;
    const updated = [
      ...(submission.firstName !== row.first_name ? ["firstName"] : []),
      ...(submission.lastName !== row.last_name ? ["lastName"] : []),
      ...(submission.moveDate !== row.move_date ? ["moveDate"] : []),
    ];
    await insertAudit(trx, {
      at,
      actorUserId: user.id,
      groupId: user.groupId,
      entity: "user",
      entityId: user.id,
      action: "accept-terms",
      // Which parts changed, not their values (personal data stays in the users row).
      newValues: { termsVersion: TERMS_VERSION, updated, formFields: Object.keys(submission.values) },
      ip,
    });
  });
  return { success: true, redirectUrl: homePathFor(user), errors: null, message: null };
}

type GroupRef = { id: number; name: string; display_name: string };

/** The terms form's configurable fields of a group (HR of the group, or an admin). */
export async function getTermsFormConfig(db: DB, group: GroupRef): Promise<TTermsFormConfigResponse> {
  return { group: group.name, groupDisplayName: group.display_name, fields: await termsFormFields(db, group.id) };
}

/**
 * Saves the group's configurable terms fields (the whole list, in order) with an audit row.
 * Under the group's row lock, so parallel saves apply one after the other (the last one wins)
 * instead of colliding on the unique field names.
 */
export async function saveTermsFormConfig(
  db: DB,
  actor: { user: SessionUser; ip: string | null },
  group: GroupRef,
  input: TTermsFormField[],
  now = new Date(),
): Promise<TSaveTermsFormConfigResponse> {
  const fields = normaliseTermsFields(input);
  const errors = checkTermsFormConfig(fields);
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", termsFormMessages.configInvalid, errors);
  const at = now.toISOString();
  await db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, "groups", group.id))) throw new AppError("NOT_FOUND", messages.notFound);
    const before = (await findTermsFormFields(trx, group.id)).map(toField);
    await replaceTermsFormFields(trx, group.id, fields, at);
    await insertAudit(trx, {
      at,
      actorUserId: actor.user.id,
      groupId: group.id,
      entity: "terms_form",
      entityId: group.id,
      action: "save-terms-form",
      oldValues: { fields: before },
      newValues: { fields },
      ip: actor.ip,
    });
  });
  return { success: true, message: termsFormMessages.configSaved, errors: {}, fields };
}
