/**
 * Import circles in src/ (issue 25): every `import`/`export … from` and `import("…")` between the
 * project's own files, type-only imports included, resolved the way Bun and tsc resolve them; the
 * strongly connected components of that graph (Tarjan) are the circles. Prints each circle and exits 1
 * when there is one. Run by `npm test` (scripts/test.sh) and `bun run scripts/import-cycles.ts`.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

const ROOT = resolve(import.meta.dir, "..");
const SRC = join(ROOT, "src");

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const full = join(dir, name);
    if (statSync(full).isDirectory()) walk(full, out);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[\w*${}\s,]+?\s+from\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function resolveSpecifier(from: string, spec: string): string | null {
  if (!spec.startsWith(".")) return null;
  const base = resolve(dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The graph: file → the project files it imports. Comments are stripped first so examples in them do not count. */
export function importGraph(files: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`])\/\/.*$/gm, "$1");
    const deps = new Set<string>();
    for (const m of text.matchAll(IMPORT)) {
      const target = resolveSpecifier(file, m[1] ?? m[2] ?? "");
      if (target && target !== file) deps.add(target);
    }
    graph.set(file, [...deps]);
  }
  return graph;
}

/** Tarjan's strongly connected components with more than one file: each is a circle. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indices.set(v, index);
    low.set(v, index);
    index++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indices.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indices.get(w)!));
    }
    if (low.get(v) === indices.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!indices.has(v)) visit(v);
  return found;
}

if (import.meta.main) {
  const graph = importGraph(walk(SRC));
  const found = circles(graph);
  const edges = [...graph.values()].reduce((n, d) => n + d.length, 0);
  if (found.length === 0) {
    console.log(`import circles: none (${graph.size} files, ${edges} imports under src/)`);
  } else {
    console.error(`import circles: ${found.length} (${graph.size} files, ${edges} imports under src/)`);
    for (const c of found) console.error(`  - ${c.length} files: ${c.map((f) => relative(ROOT, f)).join(", ")}`);
    process.exit(1);
  }
}
