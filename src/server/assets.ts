import { join, normalize } from "node:path";
import { decodeComponent } from "../domain/text.ts";

/** Where the built web client comes from: a directory (running from source) or files embedded in the binary. */
export type AssetSource = {
  /** The asset at a URL path such as `/assets/index-abc123.js` (its gzip copy when accepted), or null. */
  file(pathname: string, acceptsGzip?: boolean): Promise<Response | null>;
  /** The SPA shell, or null when the client has not been built. */
  indexHtml(): Promise<string | null>;
};

const IMMUTABLE = "public, max-age=31536000, immutable";

function respond(file: Blob, pathname: string, gzip?: Blob): Response {
  const headers: Record<string, string> = {
    "Content-Type": Bun.file(pathname).type || file.type || "application/octet-stream",
    "Cache-Control": /-[a-z0-9]{6,}\./i.test(pathname) ? IMMUTABLE : "no-cache",
    Vary: "Accept-Encoding",
  };
  if (gzip) headers["Content-Encoding"] = "gzip";
  return new Response(gzip ?? file, { headers });
}

export function directoryAssets(dir: string): AssetSource {
  return {
    async file(pathname, acceptsGzip = false) {
      // Text that is not valid percent-encoding ("/assets/%") names no file.
      const decoded = decodeComponent(pathname);
      if (decoded === null) return null;
      const rel = normalize(decoded).replace(/^(\.\.[/\\])+/, "");
      if (rel.includes("..") || rel === "/" || rel.endsWith("index.html") || rel.endsWith(".gz")) return null;
      // A name longer than file systems allow (255 bytes) is no file either (Bun.file would fail to open it).
      if (rel.split(/[/\\]/).some((segment) => Buffer.byteLength(segment) > 250)) return null;
      const f = Bun.file(join(dir, rel));
      if (!(await f.exists())) return null;
      const gz = Bun.file(join(dir, `${rel}.gz`));
      return respond(f, pathname, acceptsGzip && (await gz.exists()) ? gz : undefined);
    },
    async indexHtml() {
      const f = Bun.file(join(dir, "index.html"));
      return (await f.exists()) ? f.text() : null;
    },
  };
}

/** Files embedded with `import … with { type: "file" }`, keyed by URL path ("/index.html", "/assets/…"). */
export function embeddedAssets(files: Record<string, string>): AssetSource {
  return {
    async file(pathname, acceptsGzip = false) {
      const path = files[pathname];
      if (!path || pathname === "/index.html" || pathname.endsWith(".gz")) return null;
      const gz = files[`${pathname}.gz`];
      return respond(Bun.file(path), pathname, acceptsGzip && gz ? Bun.file(gz) : undefined);
    },
    async indexHtml() {
      const path = files["/index.html"];
      return path ? Bun.file(path).text() : null;
    },
  };
}
