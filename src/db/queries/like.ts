import { sql, type Expression, type RawBuilder, type SqlBool } from "kysely";

/** `lower(column) LIKE pattern ESCAPE '\'` with the user's text escaped, so % and _ match themselves on both dialects. */
export function containsIgnoreCase(column: Expression<string | null>, text: string, mode: "contains" | "prefix" = "contains"): RawBuilder<SqlBool> {
  const escaped = text.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`);
  const pattern = mode === "prefix" ? `${escaped}%` : `%${escaped}%`;
  return sql<SqlBool>`lower(${column}) like ${pattern} escape '\\'`;
}
