/**
 * What the browser downloads: the web build's JavaScript chunks as a graph (from Bun.build's
 * metafile), measured gzip-compressed the way the server sends them (level 9, like the .gz copies
 * scripts/build-web.ts writes).
 *
 * - the initial JavaScript: the entry chunk index.html loads and every chunk it imports statically;
 * - a route's total: the initial JavaScript plus the chunks its page pulls in with `import()` (and
 *   their static imports), and what its route loads with it (ROUTE_CHUNKS: the signed-in frame, texts).
 *
 * scripts/build-web.ts fails the build when the initial JavaScript or the first page a user sees
 * (sign-in, the HR home) exceeds BUDGET_BYTES; bench/bundle.ts prints the figures.
 */
import { join } from "node:path";

/** 250 KB (kB, 1000 bytes) of gzip-compressed JavaScript. */
export const BUDGET_BYTES = 250_000;

const FRAME = "src/web/components/app-shell.tsx";
const ALL_TEXTS = "src/domain/i18n/en.ts";

/**
 * What a page's route loads with `import()` besides the page: the signed-in frame (the layout route
 * in src/web/route-base.tsx) and the texts its `withPages(…)` lists (src/web/router.tsx,
 * src/web/features/<area>/routes.tsx). A page not listed is a signed-in feature page: the frame and
 * every area's texts.
 */
export const ROUTE_CHUNKS: Record<string, readonly string[]> = {
  "src/web/features/auth/login-page.tsx": [],
  "src/web/features/activation/activation-page.tsx": [ALL_TEXTS],
  "src/web/features/recovery/recovery-request-page.tsx": [ALL_TEXTS],
  "src/web/features/recovery/set-new-password-page.tsx": [ALL_TEXTS],
  "src/web/features/group/group-home-page.tsx": [FRAME, "src/domain/i18n/en-activation.ts", "src/domain/i18n/en-wizard-overrides.ts"],
  "src/web/features/employee/employee-home-page.tsx": [FRAME],
  "src/web/features/admin/admin-home-page.tsx": [FRAME],
  "src/web/features/staff/staff-home-page.tsx": [FRAME, "src/domain/i18n/en-staff.ts"],
  "src/web/features/supplier/supplier-home-page.tsx": [FRAME],
};
const DEFAULT_ROUTE_CHUNKS = [FRAME, ALL_TEXTS];

/** The pages every budget check looks at: the first page anyone sees, and the HR home. */
export const FIRST_PAGES = {
  login: "src/web/features/auth/login-page.tsx",
  hrHome: "src/web/features/group/group-home-page.tsx",
} as const;

type MetaOutput = {
  bytes: number;
  entryPoint?: string;
  imports?: { path: string; kind: string }[];
};
export type BuildMetafile = { outputs: Record<string, MetaOutput> };

export type Chunk = {
  /** URL path, e.g. "/assets/index-abc123.js". */
  url: string;
  bytes: number;
  gzip: number;
  /** The source module this chunk is the entry of (index.html's script, or an `import()` target). */
  entryPoint?: string;
  imports: string[];
  dynamicImports: string[];
};

export type WebBundle = {
  chunks: Map<string, Chunk>;
  /** URL of the chunk index.html loads. */
  entry: string;
  /** URLs of the entry chunk and its static imports. */
  initial: Set<string>;
};

export type RouteSize = { page: string; chunks: number; gzip: number; ownGzip: number };

const toUrl = (path: string) => `/${path.replace(/^\.\//, "")}`;

/** The JavaScript chunk graph of a web build in `outdir`, from the build's metafile. */
export async function readWebBundle(outdir: string, metafile: BuildMetafile): Promise<WebBundle> {
  const chunks = new Map<string, Chunk>();
  for (const [path, out] of Object.entries(metafile.outputs)) {
    if (!path.endsWith(".js")) continue;
    const url = toUrl(path);
    const bytes = new Uint8Array(await Bun.file(join(outdir, url)).arrayBuffer());
    const imports = (out.imports ?? []).filter((i) => i.path.endsWith(".js"));
    chunks.set(url, {
      url,
      bytes: bytes.length,
      gzip: Bun.gzipSync(bytes, { level: 9 }).length,
      entryPoint: out.entryPoint?.replace(/^\.\//, ""),
      imports: imports.filter((i) => i.kind === "import-statement").map((i) => toUrl(i.path)),
      dynamicImports: imports.filter((i) => i.kind === "dynamic-import").map((i) => toUrl(i.path)),
    });
  }
  const html = await Bun.file(join(outdir, "index.html")).text();
  const entry = html.match(/<script\b[^>]*\bsrc="([^"]+\.js)"/)?.[1];
  if (!entry || !chunks.has(entry)) throw new Error(`index.html loads no chunk of this build (${entry ?? "no script"})`);
  return { chunks, entry, initial: closure(chunks, [entry]) };
}

/** `roots` and every chunk they import statically, transitively. */
export function closure(chunks: Map<string, Chunk>, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const url = stack.pop()!;
    if (seen.has(url)) continue;
    const chunk = chunks.get(url);
    if (!chunk) throw new Error(`unknown chunk ${url}`);
    seen.add(url);
    stack.push(...chunk.imports);
  }
  return seen;
}

export function gzipOf(bundle: WebBundle, urls: Iterable<string>): number {
  let total = 0;
  for (const url of urls) total += bundle.chunks.get(url)?.gzip ?? 0;
  return total;
}

/** The chunk whose entry is the module `source` (an `import()` target), or undefined. */
export function chunkOf(bundle: WebBundle, source: string): string | undefined {
  for (const chunk of bundle.chunks.values()) if (chunk.entryPoint === source) return chunk.url;
  return undefined;
}

/** What the browser loads to show `page` (a module loaded with `import()`): see the header. */
export function routeSize(bundle: WebBundle, page: string): RouteSize {
  const extra = ROUTE_CHUNKS[page] ?? DEFAULT_ROUTE_CHUNKS;
  const roots = [page, ...extra].map((source) => {
    const url = chunkOf(bundle, source);
    if (!url) throw new Error(`no chunk has ${source} as its entry: is it still loaded with import()?`);
    return url;
  });
  const own = closure(bundle.chunks, roots);
  const all = new Set([...bundle.initial, ...own]);
  const ownOnly = [...own].filter((url) => !bundle.initial.has(url));
  return { page, chunks: all.size, gzip: gzipOf(bundle, all), ownGzip: gzipOf(bundle, ownOnly) };
}

/** Every page chunk (an `import()` of a src/web/features/<area>/…-page.tsx module), measured as a route. */
export function pageSizes(bundle: WebBundle): RouteSize[] {
  const pages = [...bundle.chunks.values()]
    .map((c) => c.entryPoint)
    .filter((source): source is string => !!source && /^src\/web\/features\/.+-page\.tsx$/.test(source));
  return pages.map((page) => routeSize(bundle, page)).sort((a, b) => b.gzip - a.gzip);
}

/** Budget failures (empty when within): the initial JavaScript and the first pages against BUDGET_BYTES. */
export function budgetFailures(bundle: WebBundle, budget = BUDGET_BYTES): string[] {
  const failures: string[] = [];
  const initial = gzipOf(bundle, bundle.initial);
  if (initial > budget) failures.push(`initial JavaScript ${kb(initial)} gzip exceeds the budget of ${kb(budget)}`);
  for (const [name, page] of Object.entries(FIRST_PAGES)) {
    const size = routeSize(bundle, page);
    if (size.gzip > budget) failures.push(`${name} (${page}) loads ${kb(size.gzip)} gzip, over the budget of ${kb(budget)}`);
  }
  return failures;
}

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
