/**
 * Texts of the HR employee file's profile edit, dynamic edit and HR notes (issue 14; part 2 §7). The
 * field rules reuse the wizard's stage-2 texts (src/domain/moves/wizard/messages.ts); "Session timeout" is the
 * spec's (src/domain/messages.ts). The rest are Meridian's where the spec is silent.
 */
export const employeeFileMessages = {
  employeeNotFound: "This employee was not found.",
  fieldNotOnForm: "This field is not on the move's initiation form.",
  fieldNotEditable: "This field cannot be edited here.",
  tooLong: "{label} is too long (at most {max} characters).",
  notesTooLong: "HR notes are too long (at most {max} characters).",
  /** The failure of a profile or form-value save that is not a field error. */
  saveFailure: "The employee's details could not be saved. Please try again.",
  notesFailure: "The HR notes could not be saved. Please try again.",
} as const;

export function employeeFileText(template: string, vars: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => (key in vars ? String(vars[key]) : all));
}
