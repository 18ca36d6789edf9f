/**
 * Mutation check of the tax tables' constants (issue 23 item 24: "every tax rule with a cap or
 * threshold has a vector on each side of it"). For every whole-number constant in
 * src/domain/tax/tables/*.ts (code numbers and all-digit strings; comments and other strings skipped;
 * 0 and 1 skipped as structural), each mutation (counts up to 20 ±1, larger figures ×0.9 and ×1.1) is
 * written into a private copy of src/ and the tax tests run (the table's vectors first, then
 * src/domain/tax). A mutation no test notices is a survivor: a cap or threshold with no vector on that
 * side of it. Rates (decimals) are checked with --rates.
 *
 *   bun run scripts/tax-mutation-check.ts [--rates] [de.ts ...]
 *
 * Prints one line per table and every survivor (file:line, from → to, the line). Exit code 1 when any
 * mutation survives. It never touches the working tree: the copy lives in a temporary directory.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Decimal from "decimal.js";

const ROOT = join(import.meta.dir, "..");
const args = process.argv.slice(2);
const withRates = args.includes("--rates");
const only = args.filter((a) => !a.startsWith("--"));

type Literal = { start: number; end: number; text: string };

/** Numbers in code and all-digit string literals, outside comments. */
export function literalsOf(src: string): Literal[] {
  const out: Literal[] = [];
  const num = /\d[\d_]*(\.\d+)?/y;
  let i = 0;
  while (i < src.length) {
    if (src.startsWith("//", i)) {
      const j = src.indexOf("\n", i);
      i = j < 0 ? src.length : j;
      continue;
    }
    if (src.startsWith("/*", i)) {
      const j = src.indexOf("*/", i);
      i = j < 0 ? src.length : j + 2;
      continue;
    }
    const c = src[i]!;
    if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < src.length && src[j] !== c) j += src[j] === "\\" ? 2 : 1;
      const body = src.slice(i + 1, j);
      if (/^-?\d+(\.\d+)?$/.test(body)) out.push({ start: i + 1, end: j, text: body });
      i = j + 1;
      continue;
    }
    const prev = i > 0 ? src[i - 1]! : "";
    num.lastIndex = i;
    const m = /[\w$.]/.test(prev) ? null : num.exec(src);
    if (m) {
      out.push({ start: i, end: i + m[0].length, text: m[0] });
      i += m[0].length;
      continue;
    }
    i += 1;
  }
  return out;
}

export function mutationsOf(text: string, rates: boolean): string[] {
  const v = new Decimal(text.replaceAll("_", ""));
  if (v.eq(0) || v.eq(1)) return [];
  const whole = v.isInteger();
  if (!whole && !rates) return [];
  if (whole && v.abs().lte(20)) return [v.minus(1).toString(), v.plus(1).toString()];
  const places = whole ? 0 : v.decimalPlaces();
  const step = new Decimal(1).dividedBy(new Decimal(10).pow(places));
  let down = v.times("0.9").toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  let up = v.times("1.1").toDecimalPlaces(places, Decimal.ROUND_HALF_UP);
  if (down.eq(v)) down = v.minus(step);
  if (up.eq(v)) up = v.plus(step);
  return [down.toFixed(places), up.toFixed(places)];
}

if (import.meta.main) {
  const work = mkdtempSync(join(tmpdir(), "tax-mutation-"));
  for (const f of ["src", "bunfig.toml", "package.json", "tsconfig.json"]) cpSync(join(ROOT, f), join(work, f), { recursive: true });
  symlinkSync(join(ROOT, "node_modules"), join(work, "node_modules"));
  const bun = process.execPath;
  const passes = (files: string[]) => Bun.spawnSync([bun, "test", ...files, "--bail"], { cwd: work, stdout: "ignore", stderr: "ignore" }).exitCode === 0;
  const tablesDir = join(work, "src/domain/tax/tables");
  const tables = readdirSync(tablesDir).filter((f) => f.endsWith(".ts") && f !== "index.ts" && (only.length === 0 || only.includes(f))).sort();
  const survivors: string[] = [];
  try {
    for (const file of tables) {
      const path = join(tablesDir, file);
      const src = readFileSync(path, "utf8");
      const vectors = `src/domain/tax/vectors/${file.replace(/\.ts$/, "").split("-")[0]}.test.ts`;
      let count = 0;
      let survived = 0;
      try {
        for (const lit of literalsOf(src)) {
          for (const to of mutationsOf(lit.text, withRates)) {
            count += 1;
            writeFileSync(path, src.slice(0, lit.start) + to + src.slice(lit.end));
            if (existsSync(join(work, vectors)) && !passes([vectors])) continue;
            if (!passes(["src/domain/tax"])) continue;
            survived += 1;
            const line = src.slice(0, lit.start).split("\n").length;
            survivors.push(`${file}:${line} ${lit.text} → ${to}  ${src.split("\n")[line - 1]!.trim().slice(0, 120)}`);
          }
        }
      } finally {
        writeFileSync(path, src);
      }
      console.log(`${file}: ${count} mutations, ${survived} survivors`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  for (const s of survivors) console.log(`  survivor ${s}`);
  process.exit(survivors.length > 0 ? 1 : 0);
}
