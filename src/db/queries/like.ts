import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";

/** A LIKE pattern for user text, with % _ and \ escaped so they match themselves. */
export function likePattern(text: string, mode: "contains" | "prefix" = "contains"): string {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return mode === "prefix" ? `${escaped}%` : `%${escaped}%`;
}

/** `lower(column) LIKE pattern ESCAPE '\'` for a pattern from `likePattern` (case-insensitive on both dialects). */
export function likeIgnoreCase(column: Expression<string | null>, pattern: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}

export function containsIgnoreCase(column: Expression<string | null>, text: string, mode: "contains" | "prefix" = "contains"): RawBuilder<SqlBool> {
  return likeIgnoreCase(column, likePattern(text, mode));
}
