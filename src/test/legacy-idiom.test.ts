/**
 * One idiom for every documented path (issue 25): each route the Hono app serves, other than the
 * platform's own (health, OpenAPI, tRPC, assets and page loads, mounted in src/server/app.ts), was
 * mounted through `legacyRoute` (src/server/http.ts), which checks the role first, resolves the user,
 * guards state-changing GETs, parses with the shared zod schema and maps errors once. And no room's
 * legacy file mounts a handler any other way.
 */
import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { legacyRoutesOf } from "../server/http.ts";
import { appFor } from "./app.ts";
import { createTestDatabase } from "./db.ts";

/** Mounted by src/server/app.ts itself, not documented paths of a room. */
const PLATFORM = new Set(["GET /api/health", "GET /api/openapi.json", "GET *", "GET /*"]);
const ROUTERS = join(import.meta.dir, "..", "routers");

describe("documented paths go through legacyRoute", () => {
  test("every served route outside the platform's own was mounted by legacyRoute", async () => {
    const t = await createTestDatabase({ migrate: false });
    try {
      const app = appFor(t.db);
      const idiom = legacyRoutesOf(app);
      const routes = [...new Set(app.routes.filter((r) => r.method !== "ALL").map((r) => `${r.method} ${r.path}`))];
      const outside = routes.filter((r) => !PLATFORM.has(r) && !r.startsWith("GET /trpc") && !r.startsWith("POST /trpc") && !idiom.has(r));
      expect(outside).toEqual([]);
      expect(idiom.size).toBeGreaterThan(200);
    } finally {
      await t.close();
    }
  });

  test("no room's legacy file calls app.get/post/put/delete/on/all/use itself", () => {
    const offenders: string[] = [];
    for (const room of readdirSync(ROUTERS, { withFileTypes: true })) {
      if (!room.isDirectory()) continue;
      const dir = join(ROUTERS, room.name, "legacy");
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith(".openapi.ts"));
      } catch {
        continue;
      }
      for (const f of files) {
        const text = readFileSync(join(dir, f), "utf8");
        for (const [i, line] of text.split("\n").entries()) {
          if (/\bapp\.(get|post|put|delete|patch|on|all|use|route)\(/.test(line)) offenders.push(`${room.name}/legacy/${f}:${i + 1}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
