/**
 * Run with Bun (the domain modules are the server's, some reach Bun-only modules): prints, as JSON,
 * every code found in the arrays exported by src/domain's modules (see ./internal-codes.ts), with
 * where it was found.
 */
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const DOMAIN = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "src", "domain");

/** Codes that read as codes: upper case with an underscore or four characters and more, or PascalCase of two words and more. */
const CODE = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[A-Z][A-Z0-9]{3,}|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]+)+)$/;

const codes: Record<string, string> = {};
const files = (readdirSync(DOMAIN, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.startsWith("i18n"))
  .sort();
for (const file of files) {
  const mod = (await import(pathToFileURL(join(DOMAIN, file)).href)) as Record<string, unknown>;
  for (const [name, value] of Object.entries(mod)) {
    if (!Array.isArray(value)) continue;
    for (const item of value as unknown[]) {
      const code = typeof item === "string" ? item : item && typeof item === "object" && typeof (item as { key?: unknown }).key === "string" ? (item as { key: string }).key : null;
      if (code && CODE.test(code)) codes[code] ??= `${file} ${name}`;
    }
  }
}
process.stdout.write(JSON.stringify(codes));
