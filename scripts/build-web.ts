/**
 * Builds the React client: src/web/index.html → dist/web/index.html plus hashed files under
 * dist/web/assets/, referenced by absolute /assets/… URLs (pages live at nested paths such as
 * /acme/home, so relative URLs would break). Prints a summary; exits non-zero when the build fails.
 *
 * `npm start` and `npm run build` run it; `buildWeb()` is reused by scripts/build.ts.
 */
import { mkdir, readdir, rm, stat } from "node:fs/promises";
import { join, relative } from "node:path";
import tailwind from "bun-plugin-tailwind";
import { budgetFailures, type BuildMetafile, type WebBundle, readWebBundle } from "./web-bundle.ts";

export const WEB_ENTRY = "src/web/index.html";
export const WEB_OUT_DIR = "dist/web";

export type WebBuildFile = { path: string; bytes: number };
export type WebBuild = { files: WebBuildFile[]; bundle: WebBundle };

/**
 * Bun inlines every asset below 128 KB that CSS references with url() as a data: URI, whatever
 * the loader says (oven-sh/bun#37975). Fonts inlined that way make the stylesheet large and
 * block rendering, so they are moved back out into hashed files under /assets/.
 */
async function extractInlinedFonts(outdir: string): Promise<number> {
  const assetsDir = join(outdir, "assets");
  let extracted = 0;
  for (const name of await readdir(assetsDir)) {
    if (!name.endsWith(".css")) continue;
    const path = join(assetsDir, name);
    const css = await Bun.file(path).text();
    const pattern = /url\(\s*(["']?)data:font\/(woff2|woff);base64,([A-Za-z0-9+/=]+)\1\s*\)/g;
    const replacements = new Map<string, string>();
    for (const match of css.matchAll(pattern)) {
      const [whole, , ext, base64] = match;
      if (!base64 || !ext || replacements.has(whole)) continue;
      const bytes = Buffer.from(base64, "base64");
      const hash = new Bun.CryptoHasher("sha256").update(bytes).digest("hex").slice(0, 10);
      const fileName = `font-${hash}.${ext}`;
      await Bun.write(join(assetsDir, fileName), bytes);
      replacements.set(whole, `url(/assets/${fileName})`);
      extracted++;
    }
    if (replacements.size === 0) continue;
    let out = css;
    for (const [from, to] of replacements) out = out.replaceAll(from, to);
    await Bun.write(path, out);
  }
  return extracted;
}

/** Writes a gzip copy beside each text asset; the server sends it to browsers that accept gzip. */
async function precompress(outdir: string): Promise<void> {
  const assetsDir = join(outdir, "assets");
  for (const name of await readdir(assetsDir)) {
    if (!/\.(js|css|svg|json)$/.test(name)) continue;
    const path = join(assetsDir, name);
    const bytes = new Uint8Array(await Bun.file(path).arrayBuffer());
    await Bun.write(`${path}.gz`, Bun.gzipSync(bytes, { level: 9 }));
  }
}

async function listFiles(dir: string, base = dir): Promise<WebBuildFile[]> {
  const files: WebBuildFile[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...(await listFiles(full, base)));
    else files.push({ path: relative(base, full), bytes: (await stat(full)).size });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * index.html loads the entry chunk with a <script type="module">; the chunks that entry imports
 * statically (if the bundler splits shared code out of it) would only be found after it arrived,
 * so they get a modulepreload link. Page chunks are not listed: each route loads its own.
 */
async function preloadInitialChunks(outdir: string, bundle: WebBundle): Promise<void> {
  const extra = [...bundle.initial].filter((url) => url !== bundle.entry).sort();
  if (extra.length === 0) return;
  const path = join(outdir, "index.html");
  const html = await Bun.file(path).text();
  const links = extra.map((url) => `<link rel="modulepreload" crossorigin href="${url}">`).join("");
  if (!html.includes("</head>")) throw new Error("index.html has no </head> for the modulepreload links");
  await Bun.write(path, html.replace("</head>", `${links}</head>`));
}

/**
 * Builds the client and returns its files and chunk graph. Throws when the build fails or, unless
 * `budget: false`, when the initial JavaScript or a first page is over the gzip budget
 * (scripts/web-bundle.ts), so a regression cannot ship silently.
 */
export async function buildWebBundle(options: { outdir?: string; quiet?: boolean; budget?: boolean } = {}): Promise<WebBuild> {
  const outdir = options.outdir ?? WEB_OUT_DIR;
  const started = performance.now();
  await rm(outdir, { recursive: true, force: true });
  await mkdir(outdir, { recursive: true });
  const result = await Bun.build({
    entrypoints: [WEB_ENTRY],
    outdir,
    plugins: [tailwind],
    target: "browser",
    format: "esm",
    // Every import() (one per page, see src/web/route-base.tsx) becomes its own chunk; code that
    // several chunks share is split out once. index.html loads the entry chunk only.
    splitting: true,
    minify: true,
    sourcemap: "none",
    publicPath: "/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    metafile: true,
    throw: false,
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Web build failed");
  }
  if (!result.metafile) throw new Error("Web build produced no metafile");
  const bundle = await readWebBundle(outdir, result.metafile as BuildMetafile);
  await preloadInitialChunks(outdir, bundle);
  await extractInlinedFonts(outdir);
  await precompress(outdir);
  const files = await listFiles(outdir);
  if (!options.quiet) {
    const ms = (performance.now() - started).toFixed(0);
    const js = files.filter((f) => f.path.endsWith(".js"));
    const other = files.filter((f) => !f.path.endsWith(".js") && !f.path.endsWith(".gz"));
    console.log(`Web client built in ${ms} ms → ${outdir}/ (${js.length} JavaScript chunks)`);
    for (const f of other) console.log(`  ${f.path.padEnd(40)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KiB`);
    const initial = [...bundle.initial].reduce((sum, url) => sum + (bundle.chunks.get(url)?.gzip ?? 0), 0);
    console.log(`  initial JavaScript: ${bundle.initial.size} chunk(s), ${(initial / 1000).toFixed(1)} kB gzip (bench/bundle.ts has every route)`);
  }
  if (options.budget !== false) {
    const failures = budgetFailures(bundle);
    if (failures.length > 0) throw new Error(`Web bundle over budget:\n  ${failures.join("\n  ")}`);
  }
  return { files, bundle };
}

export async function buildWeb(options: { outdir?: string; quiet?: boolean } = {}): Promise<WebBuildFile[]> {
  return (await buildWebBundle(options)).files;
}

if (import.meta.main) {
  try {
    await buildWeb();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
