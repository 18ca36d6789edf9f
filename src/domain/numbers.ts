/**
 * Integer inputs, bounded to what the column that stores them holds. Every id and whole number a
 * client sends (tRPC input, legacy path, query or form field) is parsed here, so a value past the
 * column's range is a 400 at the schema, never a database error (PostgreSQL's `integer` is int4:
 * 2^31 answers "out of range"; SQLite would store it and a later PostgreSQL deployment would not).
 *
 * Text is read as decimal digits only: `z.coerce.number()` (and `Number()`) also read "0x10" as 16,
 * "1e3" as 1000, " " as 0 and "0b11" as 3, which no form means.
 */
import { z } from "zod";

/** The range of an `integer` column on both dialects (PostgreSQL int4). */
export const INT_MIN = -2_147_483_648;
export const INT_MAX = 2_147_483_647;

const DECIMAL_INTEGER = /^-?\d+$/;

/**
 * Decimal integer text ("42", " -7 ") as a number; anything else unchanged, for the number schema
 * after it to refuse ("0x10", "1e3", "1.5", "NaN", "", "١٢" stay text).
 */
export function intFromText(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return DECIMAL_INTEGER.test(text) ? Number(text) : value;
}

export type IntOptions = { min?: number; max?: number; message?: string };

/**
 * A whole number within [min, max] (default: what an integer column holds), from a number or its
 * decimal text. `message` replaces zod's texts for every failure (type, fraction, range).
 */
export function zInt({ min = INT_MIN, max = INT_MAX, message }: IntOptions = {}) {
  const number = message ? z.number({ error: message }) : z.number();
  return z.preprocess(intFromText, number.int(message).min(Math.max(min, INT_MIN), message).max(Math.min(max, INT_MAX), message));
}

/** The strict text-or-number integer parser by its other name (numeric text fields). */
export const ZIntText = zInt;

/** A row id: 1 … 2^31 − 1, from a number or its decimal text. */
export const ZId = zInt({ min: 1 });
