/**
 * The HR employee file's profile edit, dynamic edit and HR notes (issue 14; part 2 §7 "POST
 * /{group}/employeefile/profile/edit {userId, fields...} (success, error); POST .../profile/edit/dynamic
 * {userId, moveId, id, value}; POST .../saveHRNotes {notesText, userId, moveId} ("OK" or exception
 * "Session timeout")"; part 2 §3 "HR notes (userId, hrNotes)"). One set of schemas for the tRPC
 * procedures (src/routers/moves/employee-file.ts), the legacy paths and the React forms.
 */
import { z } from "zod";
import { ZId } from "../../numbers.ts";
import { ZActivationState } from "../../roles.ts";
import { employeeFileMessages, employeeFileText } from "./messages.ts";

/** part 2 §3 HR notes: the longest text a move's HR notes keep. */
export const HR_NOTES_MAX = 4000;
/** The longest value of one initiation-form field (as the wizard's items). */
export const FORM_VALUE_MAX = 4000;

const ZGroup = z.string().trim().min(1).max(64);
/** A text field the rules check (length, format) so the answer names the field; the bound stops abuse. */
const ZFieldText = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string().max(1000));

const ZMoveRef = { group: ZGroup, userId: ZId, moveId: ZId };

export const ZEmployeeFileRequest = z.object(ZMoveRef);
export type TEmployeeFileRequest = z.infer<typeof ZEmployeeFileRequest>;

// ── profile ──────────────────────────────────────────────────────────────────────────────────

export const ZProfile = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  activationState: ZActivationState,
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZProfileEditRequest = z.object({
  group: ZGroup,
  userId: ZId,
  /** The move page the edit comes from (optional in the spec's call). */
  moveId: ZId.optional(),
  firstName: ZFieldText,
  lastName: ZFieldText,
  email: ZFieldText,
  phone: ZFieldText.optional(),
});
export type TProfileEditRequest = z.infer<typeof ZProfileEditRequest>;

/** The profile fields by name, as the per-field errors name them. */
export const PROFILE_FIELDS = ["firstName", "lastName", "email", "phone"] as const;
export type TProfileField = (typeof PROFILE_FIELDS)[number];

export const ZProfileEditResponse = z.object({
  success: z.boolean(),
  /** The first field error (or the failure), null on success: the spec's `error`. */
  error: z.string().nullable(),
  errors: z.record(z.string(), z.string()),
  profile: ZProfile.nullable(),
});
export type TProfileEditResponse = z.infer<typeof ZProfileEditResponse>;

// ── dynamic (initiation-form values) ─────────────────────────────────────────────────────────

const ZFormValueText = z.preprocess(
  (v) => (v === undefined ? null : typeof v === "number" || typeof v === "boolean" ? String(v) : v),
  z.string().max(FORM_VALUE_MAX, employeeFileText(employeeFileMessages.tooLong, { label: "Value", max: FORM_VALUE_MAX })).nullable(),
);

export const ZDynamicEditRequest = z.object({
  ...ZMoveRef,
  /** The form field's id (form_fields.id) on the group's initiation form. */
  id: ZId,
  value: ZFormValueText,
  /** A money field's currency (ISO 4217); kept when not sent. */
  currency: z.preprocess((v) => (v === "" ? undefined : v), z.string().trim().toUpperCase().length(3).optional()),
});
export type TDynamicEditRequest = z.infer<typeof ZDynamicEditRequest>;

export const ZFormValueView = z.object({
  id: z.number().int(),
  section: z.string(),
  modelName: z.string(),
  label: z.string(),
  formType: z.string(),
  availableValues: z.array(z.string()),
  mandatory: z.boolean(),
  value: z.string().nullable(),
  currency: z.string().nullable(),
  /** False for fields this page does not edit (core fields live in the profile or the wizard). */
  editable: z.boolean(),
});
export type TFormValueView = z.infer<typeof ZFormValueView>;

export const ZFormValuesResponse = z.object({ fields: z.array(ZFormValueView) });
export type TFormValuesResponse = z.infer<typeof ZFormValuesResponse>;

export const ZDynamicEditResponse = z.object({
  success: z.boolean(),
  error: z.string().nullable(),
  field: ZFormValueView.nullable(),
});
export type TDynamicEditResponse = z.infer<typeof ZDynamicEditResponse>;

// ── HR notes ─────────────────────────────────────────────────────────────────────────────────

export const ZSaveHrNotesRequest = z.object({
  ...ZMoveRef,
  notesText: z.preprocess(
    (v) => (v === undefined || v === null ? "" : v),
    z.string().max(HR_NOTES_MAX, employeeFileText(employeeFileMessages.notesTooLong, { max: HR_NOTES_MAX })),
  ),
  /**
   * When the writer's client took the text (ISO-8601): a save that arrives after one taken later is
   * not applied, so a slow request never overwrites newer notes. Without it, the server's time.
   */
  savedAt: z.iso.datetime({ offset: true }).optional(),
});
export type TSaveHrNotesRequest = z.infer<typeof ZSaveHrNotesRequest>;

export const ZHrNotes = z.object({
  notesText: z.string(),
  /** Applied saves so far (0: never saved). */
  version: z.number().int(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type THrNotes = z.infer<typeof ZHrNotes>;

export const ZSaveHrNotesResponse = z.object({
  /** The spec's answer text. */
  result: z.literal("OK"),
  /** Whether this save was applied (false: a later text was already stored, and is kept). */
  applied: z.boolean(),
  notes: ZHrNotes,
});
export type TSaveHrNotesResponse = z.infer<typeof ZSaveHrNotesResponse>;
