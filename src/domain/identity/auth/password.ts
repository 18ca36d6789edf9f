import { z } from "zod";

/** part 2 §5 and §9: 8 to 20 characters from letters, digits and & $ # @ + ^ =, with one of each class. */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 20;
export const PASSWORD_SPECIALS = "&$#@+^=";

export type PasswordRuleId = "length" | "uppercase" | "lowercase" | "digit" | "special" | "allowed";

export const passwordRules: ReadonlyArray<{ id: PasswordRuleId; label: string; test: (pw: string) => boolean }> = [
  { id: "length", label: `Between ${PASSWORD_MIN} and ${PASSWORD_MAX} characters`, test: (pw) => pw.length >= PASSWORD_MIN && pw.length <= PASSWORD_MAX },
  { id: "uppercase", label: "At least one uppercase letter", test: (pw) => /[A-Z]/.test(pw) },
  { id: "lowercase", label: "At least one lowercase letter", test: (pw) => /[a-z]/.test(pw) },
  { id: "digit", label: "At least one digit", test: (pw) => /[0-9]/.test(pw) },
  { id: "special", label: "At least one of & $ # @ + ^ =", test: (pw) => /[&$#@+^=]/.test(pw) },
  { id: "allowed", label: "Only letters, digits and & $ # @ + ^ =", test: (pw) => /^[A-Za-z0-9&$#@+^=]*$/.test(pw) },
];

/** The live checklist: each rule with whether `password` meets it. */
export function checkPassword(password: string): Array<{ id: PasswordRuleId; label: string; ok: boolean }> {
  return passwordRules.map((r) => ({ id: r.id, label: r.label, ok: r.test(password) }));
}

export function isValidPassword(password: string): boolean {
  return passwordRules.every((r) => r.test(password));
}

export const passwordMismatch = "The passwords do not match.";

/** A new password and its confirmation, as the activation and set-password forms send them. */
export const ZNewPassword = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine((value, ctx) => {
    for (const rule of passwordRules) {
      if (!rule.test(value.password)) ctx.addIssue({ code: "custom", path: ["password"], message: rule.label });
    }
    if (value.password !== value.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: passwordMismatch });
    }
  });
