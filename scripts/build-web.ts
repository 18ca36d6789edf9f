/**
 * Builds the React client: src/web/index.html → dist/web/index.html plus hashed files under
 * dist/web/assets/, referenced by absolute /assets/… URLs (pages live at nested paths such as /acme/home).
 * Exits non-zero when the build fails.
 */
import { rm } from "node:fs/promises";
import { relative } from "node:path";
import tailwind from "bun-plugin-tailwind";

export const WEB_ENTRY = "src/web/index.html";
export const WEB_OUT_DIR = "dist/web";

export type WebBuildFile = { path: string; bytes: number };

export async function buildWeb(options: { outdir?: string; quiet?: boolean } = {}): Promise<WebBuildFile[]> {
  const outdir = options.outdir ?? WEB_OUT_DIR;
  const started = performance.now();
  await rm(outdir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: [WEB_ENTRY],
    outdir,
    plugins: [tailwind],
    target: "browser",
    minify: true,
    sourcemap: "none",
    publicPath: "/",
    naming: { entry: "[name].[ext]", chunk: "assets/[name]-[hash].[ext]", asset: "assets/[name]-[hash].[ext]" },
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
  });
  if (!result.success) {
    for (const log of result.logs) console.error(log);
    throw new Error("Web build failed");
  }
  const files = await Promise.all(
    result.outputs.map(async (o) => ({ path: relative(outdir, o.path), bytes: (await Bun.file(o.path).arrayBuffer()).byteLength })),
  );
  if (!options.quiet) {
    const ms = (performance.now() - started).toFixed(0);
    console.log(`Web client built in ${ms} ms → ${outdir}/`);
    for (const f of files.sort((a, b) => a.path.localeCompare(b.path))) {
      console.log(`  ${f.path.padEnd(44)} ${(f.bytes / 1024).toFixed(1).padStart(8)} KiB`);
    }
  }
  return files;
}

if (import.meta.main) {
  try {
    await buildWeb();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
