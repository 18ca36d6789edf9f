/**
 * Web bundle benchmark: how much JavaScript (gzip) the browser downloads before a page can show,
 * against the 250 kB budget (scripts/web-bundle.ts), and what the route split saves.
 *
 *   initial JavaScript   the entry chunk index.html loads plus every chunk it imports statically
 *   sign-in page         initial + the login page's chunks (what an anonymous visitor loads)
 *   HR home              initial + the signed-in frame, the areas' texts and the group home page
 *   largest route        the page whose route loads the most
 *   every route          one line per page chunk
 *
 * Baseline in the same run: the same client built as one bundle (no splitting: everything is
 * initial), so the ratio shows what a first visit saves. Builds into temporary directories; the
 * over-budget check is not applied here (scripts/build-web.ts applies it), so a regression prints
 * a WARN line with the figures instead of stopping.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import tailwind from "bun-plugin-tailwind";
import { buildWebBundle, WEB_ENTRY } from "../scripts/build-web.ts";
import { BUDGET_BYTES, FIRST_PAGES, gzipOf, kb, pageSizes, routeSize } from "../scripts/web-bundle.ts";

const root = await mkdtemp(join(tmpdir(), "meridian-bundle-"));
const pct = (bytes: number) => `${((bytes / BUDGET_BYTES) * 100).toFixed(0)}% of budget`;
try {
  // Baseline: one bundle, the way the client was built before the route split.
  const single = await Bun.build({
    entrypoints: [WEB_ENTRY],
    outdir: join(root, "single"),
    plugins: [tailwind],
    target: "browser",
    format: "esm",
    minify: true,
    publicPath: "/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    throw: true,
  });
  let singleGzip = 0;
  for (const out of single.outputs) {
    if (out.path.endsWith(".js")) singleGzip += Bun.gzipSync(new Uint8Array(await out.arrayBuffer()), { level: 9 }).length;
  }

  const t0 = performance.now();
  const { bundle } = await buildWebBundle({ outdir: join(root, "split"), quiet: true, budget: false });
  const buildMs = performance.now() - t0;
  const initial = gzipOf(bundle, bundle.initial);
  const login = routeSize(bundle, FIRST_PAGES.login);
  const hrHome = routeSize(bundle, FIRST_PAGES.hrHome);
  const pages = pageSizes(bundle);
  const largest = pages[0]!;
  const short = (page: string) => page.replace(/^src\/web\/features\//, "").replace(/\.tsx?$/, "");

  console.log(`  split build: ${bundle.chunks.size} chunks in ${buildMs.toFixed(0)} ms`);
  console.log(`  baseline (one bundle)   ${kb(singleGzip).padStart(9)}  ${pct(singleGzip)}`);
  console.log(`  initial JavaScript      ${kb(initial).padStart(9)}  ${pct(initial)}  (${bundle.initial.size} chunk(s))`);
  console.log(`  sign-in page            ${kb(login.gzip).padStart(9)}  ${pct(login.gzip)}  (+${kb(login.ownGzip)} in ${login.chunks - bundle.initial.size} chunks)`);
  console.log(`  HR home                 ${kb(hrHome.gzip).padStart(9)}  ${pct(hrHome.gzip)}  (+${kb(hrHome.ownGzip)} in ${hrHome.chunks - bundle.initial.size} chunks)`);
  console.log(`  largest route           ${kb(largest.gzip).padStart(9)}  ${pct(largest.gzip)}  (${short(largest.page)})`);
  console.log("  every route (total, of which its own chunks):");
  for (const p of pages) console.log(`    ${short(p.page).padEnd(42)} ${kb(p.gzip).padStart(9)}  +${kb(p.ownGzip)}`);
  console.log(
    `bundle: initial ${kb(initial)} gzip (${(initial / BUDGET_BYTES).toFixed(2)}× the ${kb(BUDGET_BYTES)} budget), ` +
      `sign-in ${kb(login.gzip)}, HR home ${kb(hrHome.gzip)}, largest route ${kb(largest.gzip)}; ` +
      `one bundle ${kb(singleGzip)}, ratio initial/one bundle = ${(initial / singleGzip).toFixed(2)}`,
  );
  for (const [name, size] of [["initial JavaScript", initial], ["sign-in page", login.gzip], ["HR home", hrHome.gzip]] as const) {
    if (size > BUDGET_BYTES) console.log(`WARN bundle: ${name} ${kb(size)} is over the ${kb(BUDGET_BYTES)} budget`);
  }
} finally {
  await rm(root, { recursive: true, force: true });
}
