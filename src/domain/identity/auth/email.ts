import { z } from "zod";

/**
 * part 1 §5: email format check with a top-level domain of 2 to 4 letters in one
 * check and 2 to 10 in another. Login and accounts use the wider rule.
 */
export function isValidEmail(email: string, maxTldLength: 4 | 10 = 10): boolean {
  const pattern = new RegExp(
    `^[A-Za-z0-9._%+'-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\\.)+[A-Za-z]{2,${maxTldLength}}$`,
  );
  return email.length <= 254 && pattern.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** A trimmed, lower-cased email address, validated with the 2–10 letter TLD rule. */
export const ZEmail = z
  .string()
  .trim()
  .max(254)
  .refine((v) => isValidEmail(v), { message: "Not a valid email address" })
  .transform(normalizeEmail);
