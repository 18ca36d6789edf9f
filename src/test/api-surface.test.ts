/**
 * The API's surface cannot shrink or rename by accident (issue 25: moving code between rooms keeps
 * every procedure, every documented path and every OpenAPI operation). The snapshot in
 * `fixtures/api-surface.json` is the list before a move; a change to the surface updates it in the
 * same commit, on purpose: `UPDATE_API_SURFACE=1 bun test src/test/api-surface.test.ts`.
 */
import { describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { appRouter } from "../routers/_app.ts";
import { buildOpenApi } from "../server/openapi.ts";
import { appFor } from "./app.ts";
import { createTestDatabase } from "./db.ts";

const SNAPSHOT = join(import.meta.dir, "fixtures", "api-surface.json");

type Surface = { procedures: string[]; routes: string[]; operations: string[] };

async function currentSurface(): Promise<Surface> {
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)
    .map(([name, p]) => `${p._def.type} ${name}`)
    .sort();
  const spec = buildOpenApi() as { paths: Record<string, Record<string, unknown>> };
  const operations = Object.entries(spec.paths)
    .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
    .sort();
  const t = await createTestDatabase({ migrate: false });
  const app = appFor(t.db);
  const routes = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))].sort();
  await t.close();
  return { procedures, routes, operations };
}

describe("the API surface", () => {
  test("every procedure, documented path and OpenAPI operation of the snapshot is still served, under the same name", async () => {
    const now = await currentSurface();
    if (process.env.UPDATE_API_SURFACE === "1") writeFileSync(SNAPSHOT, `${JSON.stringify(now, null, 1)}\n`);
    const before = JSON.parse(readFileSync(SNAPSHOT, "utf8")) as Surface;
    for (const key of ["procedures", "routes", "operations"] as const) {
      expect({ key, missing: before[key].filter((x) => !now[key].includes(x)) }).toEqual({ key, missing: [] });
      expect({ key, added: now[key].filter((x) => !before[key].includes(x)) }).toEqual({ key, added: [] });
    }
    expect(now.procedures.length).toBeGreaterThan(300);
    expect(now.operations.length).toBeGreaterThan(200);
  });
});
