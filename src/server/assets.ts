import { join, normalize } from "node:path";

/** Where the built web client comes from: a directory (running from source) or files embedded in the binary. */
export type AssetSource = {
  /** The asset at a URL path such as `/assets/index-abc123.js`, or null. */
  file(pathname: string): Promise<Response | null>;
  /** The SPA shell, or null when the client has not been built. */
  indexHtml(): Promise<string | null>;
};

const IMMUTABLE = "public, max-age=31536000, immutable";

function respond(file: Blob, pathname: string): Response {
  return new Response(file, {
    headers: {
      "Content-Type": file.type || "application/octet-stream",
      "Cache-Control": /-[a-z0-9]{6,}\./i.test(pathname) ? IMMUTABLE : "no-cache",
    },
  });
}

export function directoryAssets(dir: string): AssetSource {
  return {
    async file(pathname) {
      const rel = normalize(decodeURIComponent(pathname)).replace(/^(\.\.[/\\])+/, "");
      if (rel.includes("..") || rel === "/" || rel.endsWith("index.html")) return null;
      const f = Bun.file(join(dir, rel));
      return (await f.exists()) ? respond(f, pathname) : null;
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
    async file(pathname) {
      const path = files[pathname];
      if (!path || pathname === "/index.html") return null;
      return respond(Bun.file(path), pathname);
    },
    async indexHtml() {
      const path = files["/index.html"];
      return path ? Bun.file(path).text() : null;
    },
  };
}
