import { ZodRealError, type ZodError } from "zod";

/** PostgreSQL cannot store the NUL character in text (it answers "invalid byte sequence"). */
export const NUL_MESSAGE = "Text cannot contain a NUL character.";

/**
 * The paths of every string in `value` (objects and arrays, any depth up to 20) that holds a
 * NUL character. Both transports refuse such input at the boundary, before any schema or query.
 */
export function nulPaths(value: unknown, path: PropertyKey[] = [], out: PropertyKey[][] = [], depth = 0): PropertyKey[][] {
  if (typeof value === "string") {
    if (value.includes("\u0000")) out.push(path);
  } else if (depth < 20 && value !== null && typeof value === "object") {
    const entries = Array.isArray(value) ? value.map((v, i) => [i, v] as const) : Object.entries(value);
    for (const [key, v] of entries) nulPaths(v, [...path, key], out, depth + 1);
  }
  return out;
}

/** A ZodError (the throwable kind schemas throw) naming each NUL path, so it answers like any other bad input; null when there is none. */
export function nulError(value: unknown): ZodError | null {
  const paths = nulPaths(value);
  if (paths.length === 0) return null;
  return new ZodRealError(paths.map((path) => ({ code: "custom" as const, path, message: NUL_MESSAGE, input: undefined })));
}

/**
 * `decodeURIComponent` that answers null for text that is not valid percent-encoding ("%", "%zz",
 * a cut UTF-8 sequence) instead of throwing a URIError: paths, cookies and queries come from anyone.
 */
export function decodeComponent(text: string): string | null {
  try {
    return decodeURIComponent(text);
  } catch {
    return null;
  }
}

/**
 * Characters XML 1.0 forbids (outside its `Char` production: C0 controls other than tab, line feed and
 * carriage return; unpaired surrogates; U+FFFE and U+FFFF). One of them makes a whole file not
 * well-formed (a pain.001 payment file the bank then rejects, an .xlsx that will not open), so every
 * XML and spreadsheet export passes its text through `xmlSafeText` (issue 23 item 9).
 */
export const XML_FORBIDDEN = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** `text` with every character XML 1.0 forbids replaced (by U+FFFD unless told otherwise). */
export function xmlSafeText(text: string, replacement = "\uFFFD"): string {
  return text.replace(XML_FORBIDDEN, replacement);
}
