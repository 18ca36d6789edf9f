/**
 * The terms form (part 2 §3 "Terms form: userType, email, firstName, lastName, moveDate, plus
 * configurable fields"; §7 "POST /user/terms-and-conditions (form fields; returns success,
 * redirectUrl, errors)"; §5 "Server field errors appear next to the named fields on … terms
 * forms"; §8 "Activation and terms failure: 'Your signup was not successful, Please contact
 * customer support.' plus listed field errors"). Pure: schemas, the configuration rules and the
 * submission rules, shared by the service, both transports and the pages.
 */
import { z } from "zod";
import { isTicked, parseMoveDate, type ActivationUserType } from "./rules.ts";

export const TERMS_FIELD_TYPES = ["text", "date", "select", "checkbox"] as const;
export type TermsFieldType = (typeof TERMS_FIELD_TYPES)[number];
export const ZTermsFieldType = z.enum(TERMS_FIELD_TYPES);

/** The form's own fields (and the accept box): no configurable field may use these names. */
export const TERMS_CORE_FIELDS = ["userType", "email", "firstName", "lastName", "moveDate", "accept"] as const;

export const TERMS_MAX_FIELDS = 30;
export const TERMS_MAX_VALUES = 50;
export const TERMS_VALUE_MAX = 500;
export const TERMS_NAME_MAX = 100;

/** Meridian's texts where the spec is silent ({label} is the field's label). */
export const termsFormMessages = {
  firstNameRequired: "First name cannot be empty.",
  lastNameRequired: "Last name cannot be empty.",
  nameTooLong: "Please use at most 100 characters.",
  emailMismatch: "The email address does not match your account.",
  userTypeMismatch: "The user type does not match your account.",
  moveDateFormat: "Please enter the move date as dd/MM/yyyy.",
  termsRequired: "Please accept the terms and conditions to continue.",
  fieldRequired: "{label} is required.",
  fieldTicked: "Please tick {label}.",
  fieldDate: "{label}: please enter a date as dd/MM/yyyy.",
  fieldChoice: "{label}: please choose one of the listed values.",
  fieldTooLong: "{label}: please use at most 500 characters.",
  // Configuration (the admin page).
  modelNameRequired: "Please enter a field name.",
  modelNameFormat: "A field name may contain letters and digits only.",
  modelNameTaken: "Another field of this form already uses this name.",
  modelNameReserved: "This name belongs to the form's own fields.",
  labelRequired: "Please enter a label.",
  valuesRequired: "A select needs at least one value.",
  valueEmpty: "Values cannot be empty.",
  valueDuplicate: "The value {value} is listed twice.",
  tooManyFields: "A terms form holds at most 30 configurable fields.",
  configSaved: "The terms form was saved.",
  configInvalid: "The terms form was not saved: please correct the marked fields.",
} as const;

const fill = (text: string, vars: Record<string, string>) => text.replace(/\{(\w+)\}/g, (w, k: string) => vars[k] ?? w);

// ── Configuration ──────────────────────────────────────────────────────────────────────────

export const ZTermsFormField = z.object({
  modelName: z.string().trim().max(60),
  label: z.string().trim().max(200),
  type: ZTermsFieldType,
  mandatory: z.boolean(),
  /** The choices of a select (ignored for other types). */
  values: z.array(z.string().trim().max(200)).max(TERMS_MAX_VALUES),
});
export type TTermsFormField = z.infer<typeof ZTermsFormField>;

const groupName = z.string().trim().min(1).max(64);

export const ZTermsFormConfigRequest = z.object({ group: groupName });
export const ZTermsFormConfigResponse = z.object({ group: z.string(), groupDisplayName: z.string(), fields: z.array(ZTermsFormField) });
export type TTermsFormConfigResponse = z.infer<typeof ZTermsFormConfigResponse>;

export const ZSaveTermsFormConfigRequest = z.object({
  group: groupName,
  fields: z.array(ZTermsFormField).max(TERMS_MAX_FIELDS + 20),
});
export type TSaveTermsFormConfigRequest = z.infer<typeof ZSaveTermsFormConfigRequest>;

/** errors: by `fields.{index}.{modelName|label|values}` (or `fields` for the whole list). */
export const ZSaveTermsFormConfigResponse = z.object({
  success: z.boolean(),
  message: z.string(),
  errors: z.record(z.string(), z.string()),
  fields: z.array(ZTermsFormField),
});
export type TSaveTermsFormConfigResponse = z.infer<typeof ZSaveTermsFormConfigResponse>;

/** The list as it is stored: selects keep their values, other types none. */
export function normaliseTermsFields(fields: TTermsFormField[]): TTermsFormField[] {
  return fields.map((f) => ({ ...f, values: f.type === "select" ? f.values.map((v) => v.trim()) : [] }));
}

/** The rules of a saved configuration; an empty map means it may be stored. */
export function checkTermsFormConfig(fields: TTermsFormField[]): Record<string, string> {
  const m = termsFormMessages;
  const errors: Record<string, string> = {};
  if (fields.length > TERMS_MAX_FIELDS) errors["fields"] = m.tooManyFields;
  const seen = new Set<string>();
  const reserved = new Set(TERMS_CORE_FIELDS.map((n) => n.toLowerCase()));
  fields.forEach((f, i) => {
    const name = f.modelName.trim();
    const key = `fields.${i}`;
    if (name === "") errors[`${key}.modelName`] = m.modelNameRequired;
    else if (!/^[A-Za-z][A-Za-z0-9]*$/.test(name)) errors[`${key}.modelName`] = m.modelNameFormat;
    else if (reserved.has(name.toLowerCase())) errors[`${key}.modelName`] = m.modelNameReserved;
    else if (seen.has(name.toLowerCase())) errors[`${key}.modelName`] = m.modelNameTaken;
    seen.add(name.toLowerCase());
    if (f.label.trim() === "") errors[`${key}.label`] = m.labelRequired;
    if (f.type === "select") {
      const values = f.values.map((v) => v.trim());
      const distinct = new Set<string>();
      for (const v of values) {
        if (v === "") {
          errors[`${key}.values`] = m.valueEmpty;
          break;
        }
        if (distinct.has(v)) {
          errors[`${key}.values`] = fill(m.valueDuplicate, { value: v });
          break;
        }
        distinct.add(v);
      }
      if (values.length === 0) errors[`${key}.values`] = m.valuesRequired;
    }
  });
  return errors;
}

// ── The form a user fills in ───────────────────────────────────────────────────────────────

const ZUserType = z.enum(["employee", "manager", "admin", "supplier"]);
const text = (max: number) => z.string().max(max).optional();

/**
 * POST /user/terms-and-conditions and account.acceptTerms. The form's own fields as posted
 * (absent ones keep what the account holds), `fields` the configurable ones by model name (the
 * legacy path collects every other posted field into it).
 */
export const ZAcceptTermsRequest = z.object({
  accept: z.union([z.string().max(10), z.boolean()]).optional().transform((v) => isTicked(v)),
  userType: text(20),
  email: text(254),
  firstName: text(200),
  lastName: text(200),
  /** dd/MM/yyyy, or empty. */
  moveDate: text(20),
  fields: z
    .record(z.string().max(60), z.union([z.string().max(2000), z.boolean()]))
    .refine((r) => Object.keys(r).length <= TERMS_MAX_FIELDS + 20, "Too many fields.")
    .optional(),
});
export type TAcceptTermsRequest = z.input<typeof ZAcceptTermsRequest>;
export type TAcceptTermsInput = z.output<typeof ZAcceptTermsRequest>;

export const ZAcceptTermsResponse = z.object({
  success: z.boolean(),
  redirectUrl: z.string().nullable(),
  errors: z.record(z.string(), z.string()).nullable(),
  message: z.string().nullable(),
});
export type TAcceptTermsResponse = z.infer<typeof ZAcceptTermsResponse>;

/** The terms page: the terms version, the acceptance, and the form to fill in. */
export const ZTermsResponse = z.object({
  version: z.string(),
  accepted: z.boolean(),
  acceptedAt: z.string().nullable(),
  acceptedVersion: z.string().nullable(),
  userType: ZUserType,
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** dd/MM/yyyy or empty. */
  moveDate: z.string(),
  fields: z.array(ZTermsFormField),
  /** The values last given for the configurable fields. */
  values: z.record(z.string(), z.string()),
});
export type TTermsResponse = z.infer<typeof ZTermsResponse>;

/** What the account holds, for the checks and the values kept when a field is absent. */
export type TermsAccount = { userType: ActivationUserType; email: string; firstName: string; lastName: string; moveDate: string | null };

export type TermsSubmission = {
  firstName: string;
  lastName: string;
  /** YYYY-MM-DD or null. */
  moveDate: string | null;
  /** The configurable fields' values by model name (checkboxes "true" / "false"). */
  values: Record<string, string>;
};

const valueText = (v: string | boolean | undefined): string => (typeof v === "boolean" ? (v ? "true" : "false") : (v ?? "").trim());

/**
 * The rules of a submitted terms form: each problem keyed by the posted field's name (the
 * configurable ones by their model name). Returns the errors, or the values to store.
 */
export function checkTermsSubmission(
  input: TAcceptTermsInput,
  account: TermsAccount,
  fields: TTermsFormField[],
): { errors: Record<string, string> } | { errors: null; submission: TermsSubmission } {
  const m = termsFormMessages;
  const errors: Record<string, string> = {};
  if (input.userType !== undefined && input.userType.trim() !== "" && input.userType.trim() !== account.userType) errors["userType"] = m.userTypeMismatch;
  if (input.email !== undefined && input.email.trim() !== "" && input.email.trim().toLowerCase() !== account.email.toLowerCase()) errors["email"] = m.emailMismatch;

  const name = (value: string | undefined, kept: string, required: string, key: string) => {
    if (value === undefined) return kept;
    const v = value.trim();
    if (v === "") errors[key] = required;
    else if (v.length > TERMS_NAME_MAX) errors[key] = m.nameTooLong;
    return v;
  };
  const firstName = name(input.firstName, account.firstName, m.firstNameRequired, "firstName");
  const lastName = name(input.lastName, account.lastName, m.lastNameRequired, "lastName");

  let moveDate = account.moveDate;
  if (input.moveDate !== undefined) {
    const v = input.moveDate.trim();
    if (v === "") moveDate = null;
    else {
      moveDate = parseMoveDate(v);
      if (moveDate === null) errors["moveDate"] = m.moveDateFormat;
    }
  }

  const posted = input.fields ?? {};
  const values: Record<string, string> = {};
  for (const f of fields) {
    const raw = posted[f.modelName];
    const label = f.label;
    if (f.type === "checkbox") {
      const ticked = isTicked(raw);
      if (f.mandatory && !ticked) errors[f.modelName] = fill(m.fieldTicked, { label });
      values[f.modelName] = ticked ? "true" : "false";
      continue;
    }
    const v = valueText(raw);
    if (v === "") {
      if (f.mandatory) errors[f.modelName] = fill(m.fieldRequired, { label });
      values[f.modelName] = "";
      continue;
    }
    if (v.length > TERMS_VALUE_MAX) errors[f.modelName] = fill(m.fieldTooLong, { label });
    else if (f.type === "date" && parseMoveDate(v) === null) errors[f.modelName] = fill(m.fieldDate, { label });
    else if (f.type === "select" && !f.values.includes(v)) errors[f.modelName] = fill(m.fieldChoice, { label });
    values[f.modelName] = v;
  }

  if (!input.accept) errors["accept"] = m.termsRequired;
  if (Object.keys(errors).length > 0) return { errors };
  return { errors: null, submission: { firstName, lastName, moveDate, values } };
}
