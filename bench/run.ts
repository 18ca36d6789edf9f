/**
 * npm run bench: runs every benchmark file in bench/ (bench/*.ts except this one), one after
 * another, each in its own Bun process so they never share a server or a heap.
 * A benchmark below its target still exits 0 (it prints a WARN line); a benchmark that crashes
 * makes this runner exit 1. Arguments filter by file name: `npm run bench -- api`.
 */
import { readdirSync } from "node:fs";
import { basename, join } from "node:path";

const dir = import.meta.dir;
const filters = process.argv.slice(2);
const files = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".d.ts"))
  .filter((f) => filters.length === 0 || filters.some((needle) => f.includes(needle)))
  .sort();

if (files.length === 0) {
  console.error(`No benchmark files in ${dir}${filters.length ? ` matching ${filters.join(", ")}` : ""}.`);
  process.exit(1);
}

const failures: string[] = [];
const started = performance.now();
for (const file of files) {
  const name = basename(file, ".ts");
  console.log(`\n=== bench/${file}`);
  const t0 = performance.now();
  const child = Bun.spawn([process.execPath, join(dir, file)], { stdin: "ignore", stdout: "inherit", stderr: "inherit" });
  const code = await child.exited;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (code === 0) {
    console.log(`=== ${name}: done in ${seconds}s`);
  } else {
    console.log(`=== ${name}: FAILED (exit ${code}) after ${seconds}s`);
    failures.push(name);
  }
}

const total = ((performance.now() - started) / 1000).toFixed(1);
if (failures.length > 0) {
  console.log(`\nbench: ${failures.length} of ${files.length} benchmark(s) failed (${failures.join(", ")}) in ${total}s`);
  process.exit(1);
}
console.log(`\nbench: ${files.length} benchmark(s) finished in ${total}s`);
