/**
 * The documents say what is true (issue 23 item 23): every repository file that README.md,
 * ARCHITECTURE.md, docs/spec-coverage.md and bench/README.md cite exists; every documented path the
 * coverage tables name in full is served (it is in /api/openapi.json with that method, or is one of the
 * few platform paths OpenAPI does not describe); and a call the coverage calls unserved is not served.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Glob } from "bun";
import { appFor } from "./app.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";

const ROOT = join(import.meta.dir, "..", "..");
const DOCS = ["README.md", "ARCHITECTURE.md", "docs/spec-coverage.md", "bench/README.md"] as const;
const read = (file: string) => readFileSync(join(ROOT, file), "utf8");

/** Served outside the OpenAPI description (platform and browser-redirect paths), as the coverage says. */
const NOT_IN_OPENAPI = new Set(["GET /api/health", "GET /api/openapi.json", "GET /api/docs", "GET /assets/*", "GET /sso/start", "GET /sso/callback", "GET /social-login/callback"]);

let t: TestDatabase;
let served: { method: string; segments: string[] }[];

beforeAll(async () => {
  t = await createTestDatabase();
  const res = await appFor(t.db).request("http://localhost/api/openapi.json");
  const body = (await res.json()) as { paths: Record<string, Record<string, unknown>> };
  served = Object.entries(body.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((method) => ({ method: method.toUpperCase(), segments: segmentsOf(path) })),
  );
});
afterAll(() => t.close());

function segmentsOf(path: string): string[] {
  return path.split("?")[0]!.replace(/\/+$/, "").split("/").slice(1);
}

/** An OpenAPI path parameter (`{id}`) matches any one segment, so `/{group}/x` serves `/crm/x`. */
function isServed(method: string, path: string): boolean {
  if (NOT_IN_OPENAPI.has(`${method} ${path.split("?")[0]}`)) return true;
  const wanted = segmentsOf(path);
  return served.some(
    (s) =>
      s.method === method &&
      s.segments.length === wanted.length &&
      s.segments.every((seg, i) => seg === wanted[i] || (seg.startsWith("{") && seg.endsWith("}")) || wanted[i]!.startsWith("{")),
  );
}

/** `{a\|b}` (or `{a|b}`) in a documented path stands for both literal alternatives. */
function expandAlternatives(path: string): string[] {
  const m = /\{([A-Za-z0-9_-]+(?:\\?\|[A-Za-z0-9_-]+)+)\}/.exec(path);
  if (!m) return [path];
  return m[1]!.split(/\\?\|/).flatMap((alt) => expandAlternatives(path.slice(0, m.index) + alt + path.slice(m.index + m[0].length)));
}

describe("files the documents cite", () => {
  test("every repository path named in the documents exists", () => {
    const missing: string[] = [];
    for (const doc of DOCS) {
      for (const [cited] of read(doc).matchAll(/(?<![\w./-])(?:src|e2e|bench|scripts|migrations|docs|examples)\/[A-Za-z0-9_./*{},$<>-]+\.(?:tsx?|md|json|sh)\b/g)) {
        if (cited.includes("<")) continue; // a pattern such as src/routers/<area>.ts
        const pattern = cited.replace(/\{([^}]+)\}/g, (_, alts: string) => `{${alts}}`);
        const found = [...new Glob(pattern).scanSync({ cwd: ROOT, onlyFiles: true })];
        if (found.length === 0) missing.push(`${doc}: ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });
});

describe("paths the coverage names", () => {
  test("every fully written documented path is served with its method", () => {
    const whole = read("docs/spec-coverage.md");
    const start = whole.indexOf("## Not yet served");
    const doc = whole.slice(0, start) + whole.slice(whole.indexOf("\n## ", start + 5));
    const unserved: string[] = [];
    for (const m of doc.matchAll(/`((?:GET|POST|PUT|PATCH|DELETE)(?:\\?\|(?:GET|POST|PUT|PATCH|DELETE))*) (\/[^`\s]*)/g)) {
      const [methods, path] = [m[1]!, m[2]!];
      if (path.includes("…") || path.includes("...")) continue; // an abbreviation of the row's other paths
      for (const method of methods.split(/\\?\|/))
        for (const p of expandAlternatives(path)) if (!isServed(method, p)) unserved.push(`${method} ${p}`);
    }
    expect(unserved).toEqual([]);
  });

  test("the calls listed as not yet served are not served, and no other row calls a call unserved", () => {
    const doc = read("docs/spec-coverage.md");
    const start = doc.indexOf("## Not yet served");
    expect(start).toBeGreaterThan(0);
    const end = doc.indexOf("\n## ", start + 5);
    const section = doc.slice(start, end);
    // `/a/b/…` stands for every path under /a/b; `GET /a/b` for that method only.
    const listed = [...section.matchAll(/`(?:(GET|POST|PUT|PATCH|DELETE) )?(\/[^`\s]+)`/g)]
      .map((m) => ({ method: m[1], prefix: m[2]!.replace(/[…{].*$/, "").replace(/\/+$/, "") }))
      .filter((l) => l.prefix.length > 1);
    expect(listed.length).toBeGreaterThan(5);
    const wronglyListed = listed
      .filter(({ method, prefix }) =>
        served.some((s) => {
          const path = `/${s.segments.join("/")}`;
          return (method === undefined || s.method === method) && (path === prefix || path.startsWith(`${prefix}/`));
        }),
      )
      .map((l) => `${l.method ?? "*"} ${l.prefix}`);
    expect(wronglyListed).toEqual([]);
    const outside = doc.slice(0, start) + doc.slice(end);
    expect(outside.match(/not (yet )?served|not served yet/gi) ?? []).toEqual([]);
  });
});
