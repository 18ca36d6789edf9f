import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { directoryAssets, embeddedAssets } from "./assets.ts";

const JS = "console.log('meridian');".repeat(50);
let dir: string;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "meridian-assets-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), "<!doctype html><title>shell</title>");
  writeFileSync(join(dir, "assets", "index-abc12345.js"), JS);
  writeFileSync(join(dir, "assets", "index-abc12345.js.gz"), Bun.gzipSync(new TextEncoder().encode(JS)));
  writeFileSync(join(dir, "assets", "plain.css"), "body{}");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("directoryAssets", () => {
  test("serves a hashed file as immutable with its type", async () => {
    const res = await directoryAssets(dir).file("/assets/index-abc12345.js");
    expect(res?.status).toBe(200);
    expect(res?.headers.get("content-type")).toStartWith("text/javascript");
    expect(res?.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res?.headers.get("content-encoding")).toBeNull();
    expect(await res?.text()).toBe(JS);
  });

  test("sends the gzip copy to a client that accepts gzip", async () => {
    const res = await directoryAssets(dir).file("/assets/index-abc12345.js", true);
    expect(res?.headers.get("content-encoding")).toBe("gzip");
    expect(res?.headers.get("vary")).toBe("Accept-Encoding");
    const body = new Uint8Array(await res!.arrayBuffer());
    expect(new TextDecoder().decode(Bun.gunzipSync(body))).toBe(JS);
  });

  test("a file without a gzip copy is sent as it is; unhashed files are not cached", async () => {
    const res = await directoryAssets(dir).file("/assets/plain.css", true);
    expect(res?.headers.get("content-encoding")).toBeNull();
    expect(res?.headers.get("cache-control")).toBe("no-cache");
    expect(await res?.text()).toBe("body{}");
  });

  test("refuses paths outside the directory, the shell and the .gz copies themselves", async () => {
    const assets = directoryAssets(dir);
    expect(await assets.file("/../../etc/passwd")).toBeNull();
    expect(await assets.file("/assets/%2e%2e/%2e%2e/etc/passwd")).toBeNull();
    expect(await assets.file("/index.html")).toBeNull();
    expect(await assets.file("/assets/index-abc12345.js.gz")).toBeNull();
    expect(await assets.file("/assets/missing.js")).toBeNull();
  });

  test("a path that is not valid percent-encoding, or a name longer than a file system allows, is no file (it threw: 500)", async () => {
    const assets = directoryAssets(dir);
    for (const path of ["/assets/%", "/assets/%zz", "/assets/%E0%A4%A", `/assets/${"a".repeat(5000)}.js`]) {
      expect(await assets.file(path)).toBeNull();
      expect(await assets.file(path, true)).toBeNull();
    }
  });

  test("reads the shell, or null when the client is not built", async () => {
    expect(await directoryAssets(dir).indexHtml()).toBe("<!doctype html><title>shell</title>");
    expect(await directoryAssets(join(dir, "nowhere")).indexHtml()).toBeNull();
  });
});

describe("embeddedAssets", () => {
  const files = () => ({
    "/index.html": join(dir, "index.html"),
    "/assets/index-abc12345.js": join(dir, "assets", "index-abc12345.js"),
    "/assets/index-abc12345.js.gz": join(dir, "assets", "index-abc12345.js.gz"),
  });

  test("serves embedded files by URL path, gzip when accepted", async () => {
    const assets = embeddedAssets(files());
    expect(await (await assets.file("/assets/index-abc12345.js"))?.text()).toBe(JS);
    expect((await assets.file("/assets/index-abc12345.js", true))?.headers.get("content-encoding")).toBe("gzip");
    expect(await assets.file("/assets/other.js")).toBeNull();
    expect(await assets.file("/index.html")).toBeNull();
    expect(await assets.indexHtml()).toBe("<!doctype html><title>shell</title>");
  });
});
