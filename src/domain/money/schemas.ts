/**
 * The shared money schema: every input that carries an amount of money (major units, as people type
 * it: "1,234.50", or a JSON number) is declared with `ZMoneyText`, in every area, for the tRPC
 * procedures and the documented paths alike.
 *
 * - It carries `MONEY_SCHEMA_META` (`"x-money": true` in the JSON schema and the OpenAPI document; an input
 *   already in minor units, `zMinorUnits`, also `"x-money-unit": "minor"`), so
 *   the generated tests know every money field by the schema itself (src/test/fuzz.ts feeds each one
 *   amounts around 2^31 and 2^63 minor units in 0-, 2- and 3-decimal currencies).
 * - It refuses, with `MONEY_TOO_LARGE`, text whose digits read as minor units already pass the one
 *   bound `MONEY_MAX_MINOR`: the currency has at least as many places as the text has decimals (or the
 *   parse refuses it), so such an amount is past the bound in every currency. The exact check, in the
 *   currency's own minor units (ISO 4217), is the money module's `toMinor`, which every parse ends in.
 * - It leaves the message for text that is not a number to each area (the spec words them per form).
 */
import { z } from "zod";
import { intFromText } from "../numbers.ts";
import { MONEY_MAX_MINOR, MONEY_TOO_LARGE } from "./money.ts";

/** What marks a money field in the JSON schema of an input. */
export const MONEY_SCHEMA_META = { "x-money": true, description: "An amount of money in major units of its currency (at most 9,999,999,999,999 minor units)." } as const;

/** The longest money text read (longer text is refused before any parsing). */
export const MONEY_TEXT_MAX = 40;

/** True when a decimal text (commas allowed as thousands separators) has more digits than the bound allows in any currency. */
export function digitsPastMoneyBound(text: string): boolean {
  const m = /^[-+]?0*([\d,]*)(?:\.(\d*))?$/.exec(text.trim());
  if (!m) return false;
  const digits = `${m[1]!.replaceAll(",", "")}${m[2] ?? ""}`.replace(/^0+/, "");
  const max = String(MONEY_MAX_MINOR);
  return digits.length > max.length || (digits.length === max.length && digits > max);
}

/**
 * An amount of money as text in major units (a JSON number is read as its text), bounded by
 * `MONEY_MAX_MINOR`. `invalid`: the area's text for a value that is not text or a number and, with
 * `required`, for blank text.
 */
export function zMoneyText(o: { invalid?: string; required?: boolean } = {}) {
  const text = z
    .string()
    .max(MONEY_TEXT_MAX, MONEY_TOO_LARGE)
    .refine((t) => !digitsPastMoneyBound(t), MONEY_TOO_LARGE);
  return z
    .union([z.string(), z.number()], o.invalid ? { error: o.invalid } : undefined)
    .transform((v) => String(v).trim())
    .pipe(o.required ? text.refine((t) => t !== "", o.invalid ?? "An amount is required.") : text)
    .meta(MONEY_SCHEMA_META);
}

/** The shared money schema (see `zMoneyText`). */
export const ZMoneyText = zMoneyText();

/**
 * An amount already in integer minor units (a number or its decimal text), within ±`MONEY_MAX_MINOR`
 * (past it: `MONEY_TOO_LARGE`). `min` defaults to the negative bound; `message` is the area's text
 * for anything that is not a whole number (or below `min`). Marked as money for the generated tests.
 */
export function zMinorUnits(o: { min?: number; message?: string } = {}) {
  const number = o.message ? z.number({ error: o.message }) : z.number();
  return z
    .preprocess(intFromText, number.int(o.message).min(Math.max(o.min ?? -MONEY_MAX_MINOR, -MONEY_MAX_MINOR), o.message).max(MONEY_MAX_MINOR, MONEY_TOO_LARGE))
    .meta({ ...MONEY_SCHEMA_META, "x-money-unit": "minor" });
}
