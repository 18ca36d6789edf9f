/**
 * The guarded fetch of configured URLs (issue 23 item 11), against real local servers: with
 * ALLOW_PRIVATE_FETCH off nothing on loopback, private or link-local addresses is reached, directly, by
 * a name that resolves there, or by a redirect; every provider (weather, social, overview) goes through
 * it; and no `fetch(` is left in src/services or src/server outside the guard.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { nominatimProvider, osrmProvider, overpassProvider, rentcastProvider, wikipediaProvider } from "./employee/overview/providers.ts";
import { assertFetchableUrl, safeFetch, UnsafeUrlError, type FetchPolicy } from "./safe-fetch.ts";
import { mastodonProvider } from "./employee/social/social-provider.ts";
import { openMeteoProvider } from "./employee/widgets/weather-provider.ts";

const STRICT: FetchPolicy = { allowPrivate: false };
const TESTS: FetchPolicy = { allowPrivate: true };

let server: ReturnType<typeof Bun.serve>;
const hits: string[] = [];
let local = "";

beforeAll(() => {
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = new URL(req.url);
      hits.push(url.pathname);
      if (url.pathname === "/to-loopback") return new Response(null, { status: 302, headers: { location: `http://127.0.0.1:${server.port}/secret` } });
      if (url.pathname === "/to-metadata") return new Response(null, { status: 302, headers: { location: "https://169.254.169.254/latest/meta-data/" } });
      if (url.pathname === "/to-localhost") return new Response(null, { status: 307, headers: { location: `https://localhost:${server.port}/secret` } });
      if (url.pathname === "/to-public") return new Response(null, { status: 302, headers: { location: "https://provider.example/final" } });
      if (url.pathname === "/loop") return new Response(null, { status: 302, headers: { location: "/loop" } });
      return Response.json({ path: url.pathname, auth: req.headers.get("authorization") });
    },
  });
  local = `http://127.0.0.1:${server.port}`;
});
afterAll(() => server.stop(true));

/**
 * "provider.example" stands for a public server: the resolver says it is 93.184.216.34 (public) and the
 * transport carries its requests to the local server, so what it answers (redirects) is real HTTP.
 */
const publicHost = {
  resolve: async (host: string) => (host === "provider.example" ? ["93.184.216.34"] : host === "rebind.example" ? ["93.184.216.34", "10.0.0.7"] : (await import("node:dns/promises")).lookup(host, { all: true }).then((a) => a.map((x) => x.address))),
  transport: (url: URL, init: RequestInit) => {
    const target = url.hostname === "provider.example" ? new URL(`${url.pathname}${url.search}`, local) : url;
    return fetch(target, init);
  },
};

async function refused(url: string, policy = STRICT): Promise<string> {
  const before = hits.length;
  const error = await safeFetch(url, {}, policy, publicHost).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(UnsafeUrlError);
  expect(hits.slice(before).filter((p) => p === "/secret")).toEqual([]);
  return (error as Error).message;
}

describe("safeFetch with ALLOW_PRIVATE_FETCH off", () => {
  test("refuses loopback, private and link-local literals, names that resolve to loopback, and plain http", async () => {
    const before = hits.length;
    for (const url of [
      `https://127.0.0.1:${server.port}/secret`,
      "https://10.0.0.1/secret",
      "https://169.254.169.254/latest/meta-data/",
      `https://[::1]:${server.port}/secret`,
      `https://[::ffff:127.0.0.1]:${server.port}/secret`,
      `https://localhost:${server.port}/secret`,
      `https://0x7f000001:${server.port}/secret`,
      "https://rebind.example/secret",
      `${local}/secret`,
      "http://provider.example/secret",
      "ftp://provider.example/secret",
      "file:///etc/passwd",
    ]) {
      await refused(url);
    }
    expect(hits.length).toBe(before);
  });

  test("a public host is fetched; a redirect to loopback, link-local or localhost is refused at that hop", async () => {
    const ok = await safeFetch("https://provider.example/hello", {}, STRICT, publicHost);
    expect(await ok.json()).toEqual({ path: "/hello", auth: null });
    expect(await refused("https://provider.example/to-loopback")).toContain("https only");
    await refused("https://provider.example/to-metadata");
    await refused("https://provider.example/to-localhost");
    // Followed hops are checked and counted; redirect: "error" refuses any.
    expect(await refused("https://provider.example/loop")).toBe("too many redirects");
    await expect(safeFetch("https://provider.example/to-public", { redirect: "error" }, STRICT, publicHost)).rejects.toBeInstanceOf(UnsafeUrlError);
    const followed = await safeFetch("https://provider.example/to-public", { headers: { authorization: "Bearer x" } }, STRICT, publicHost);
    expect(await followed.json()).toEqual({ path: "/final", auth: "Bearer x" });
  });

  test("the save-time check says the same", async () => {
    for (const url of ["http://127.0.0.1:9400/oidc", "https://127.0.0.1/", "https://10.0.0.1/", "https://[::1]/", "https://localhost/", "https://169.254.169.254/"]) {
      await expect(assertFetchableUrl(url, STRICT)).rejects.toBeInstanceOf(UnsafeUrlError);
    }
    expect((await assertFetchableUrl("https://provider.example/x", STRICT, publicHost.resolve)).href).toBe("https://provider.example/x");
  });
});

describe("safeFetch with ALLOW_PRIVATE_FETCH=1 (tests, local demos)", () => {
  test("reaches the local server over http and follows its redirects, still https/http only", async () => {
    const res = await safeFetch(`${local}/to-loopback`, {}, TESTS);
    expect(await res.json()).toEqual({ path: "/secret", auth: null });
    await expect(safeFetch("file:///etc/passwd", {}, TESTS)).rejects.toBeInstanceOf(UnsafeUrlError);
  });
});

describe("every provider of a configured URL goes through the guard", () => {
  const at = { latitude: 52.5, longitude: 13.4 };
  const calls: [string, () => Promise<unknown>][] = [
    ["weather", () => openMeteoProvider(`${local}/v1/forecast`, STRICT).forecast({ latitude: 52.5, longitude: 13.4, start: "2026-01-01", end: "2026-01-02", units: "metric" })],
    ["social", () => mastodonProvider(local, STRICT).following("someone")],
    ["overpass", () => overpassProvider(`${local}/api/interpreter`, STRICT).neighbourhoods(at, 1000)],
    ["wikipedia", () => wikipediaProvider(`${local}/api/rest_v1`, STRICT).summary("Berlin")],
    ["osrm", () => osrmProvider(local, STRICT).route(at, at)],
    ["nominatim", () => nominatimProvider(local, STRICT).search("Berlin")],
    ["rentcast", () => rentcastProvider(`${local}/v1`, "key", STRICT).get("abc")],
  ];
  for (const [name, call] of calls) {
    test(`${name}: a provider on 127.0.0.1 is never contacted`, async () => {
      const before = hits.length;
      await expect(call()).rejects.toThrow();
      expect(hits.length).toBe(before);
    });
  }
});

describe("no raw fetch", () => {
  test("no fetch( call in src/services, src/server, src/routers or src/db outside safe-fetch.ts (tests aside)", () => {
    const root = join(import.meta.dir, "..");
    const found: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.endsWith(join("services", "safe-fetch.ts"))) {
          const text = readFileSync(path, "utf8");
          text.split("\n").forEach((line, i) => {
            if (/(^|[^\w.])fetch\s*\(/.test(line.replace(/\/\/.*$/, ""))) found.push(`${path}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    for (const dir of ["services", "server", "routers", "db"]) walk(join(root, dir));
    expect(found).toEqual([]);
  });
});
