/**
 * Pure rules of the HR employee file's edits (issue 14; part 2 §7). The e-mail rule and texts are the
 * wizard's stage 2 (src/domain/moves/wizard/validation.ts, part 1 §5: "{label} cannot be empty.", "{label} not
 * in proper format."); uniqueness is checked by the service against the users table (the same
 * "already exists" texts as createNewEmployee). Each field gets at most one message.
 */
import { isValidEmail as isAccountEmail, normalizeEmail } from "../../identity/auth/email.ts";
import { wizardMessages, wizardText } from "../wizard/messages.ts";
import { isValidEmail } from "../wizard/validation.ts";
import { employeeFileMessages, employeeFileText } from "./messages.ts";
import type { TProfileEditRequest, TProfileField } from "./schemas.ts";

/** The labels the per-field messages name. */
export const PROFILE_LABELS: Record<TProfileField, string> = {
  firstName: "First name",
  lastName: "Last name",
  email: "Email",
  phone: "Phone",
};

/** The users columns' bounds (names as the wizard keeps them). */
export const NAME_MAX = 100;
export const PHONE_MAX = 30;

/** A phone number: digits with an optional leading +, spaces, dots, dashes and brackets; 5 to 20 digits. */
export function isValidPhone(text: string): boolean {
  if (!/^\+?[0-9 ().-]+$/.test(text)) return false;
  const digits = text.replace(/\D/g, "").length;
  return digits >= 5 && digits <= 20;
}

export type CleanProfile = { firstName: string; lastName: string; email: string; phone: string | null };

/** The profile as stored (trimmed, e-mail lower-cased, blank phone none) and its field errors. */
export function checkProfile(input: Pick<TProfileEditRequest, "firstName" | "lastName" | "email" | "phone">): { profile: CleanProfile; errors: Partial<Record<TProfileField, string>> } {
  const errors: Partial<Record<TProfileField, string>> = {};
  const firstName = input.firstName.trim();
  const lastName = input.lastName.trim();
  const email = normalizeEmail(input.email);
  const phoneText = (input.phone ?? "").trim();
  const name = (field: "firstName" | "lastName", value: string) => {
    const label = PROFILE_LABELS[field];
    if (value === "") errors[field] = wizardText(wizardMessages.cannotBeEmpty, { label });
    else if (value.length > NAME_MAX) errors[field] = employeeFileText(employeeFileMessages.tooLong, { label, max: NAME_MAX });
  };
  name("firstName", firstName);
  name("lastName", lastName);
  // Stage 2: empty, then the §5 format (TLD of 2 to 4 letters), then the account rule the users table keeps.
  if (email === "") errors.email = wizardText(wizardMessages.cannotBeEmpty, { label: PROFILE_LABELS.email });
  else if (!isValidEmail(email) || !isAccountEmail(email)) errors.email = wizardText(wizardMessages.notProperFormat, { label: PROFILE_LABELS.email });
  if (phoneText !== "") {
    if (phoneText.length > PHONE_MAX) errors.phone = employeeFileText(employeeFileMessages.tooLong, { label: PROFILE_LABELS.phone, max: PHONE_MAX });
    else if (!isValidPhone(phoneText)) errors.phone = wizardText(wizardMessages.notProperFormat, { label: PROFILE_LABELS.phone });
  }
  return { profile: { firstName, lastName, email, phone: phoneText === "" ? null : phoneText }, errors };
}

/** The first message of a field-error map, in the form's order (the spec's single `error`). */
export function firstError(errors: Partial<Record<string, string>>, order: readonly string[]): string | null {
  for (const key of order) if (errors[key]) return errors[key]!;
  const rest = Object.values(errors).find((v) => !!v);
  return rest ?? null;
}

/** Whether a client's save time is not older than the stored one (ISO-8601 UTC texts compare as times). */
export function isNotOlder(savedAt: string, storedAt: string | null): boolean {
  if (storedAt === null) return true;
  return Date.parse(savedAt) >= Date.parse(storedAt);
}
