/**
 * API benchmark: what the authenticated, group-scoped tRPC stack costs over a plain Hono route
 * doing the same database work.
 *
 *   (a) GET /bench/plain            a plain Hono route behind the app's middleware: the 25-row
 *                                   users select of the people table (Kysely builder), c.json
 *   (b) GET /trpc/group.people?...  the real app: session cookie → session + user lookup, group
 *                                   resolution and membership check, the people query, zod output
 *
 * The server runs in this process on a fresh SQLite database in a temporary directory (demo seed
 * plus 200 extra acme users); the load comes from a separate Bun process on 127.0.0.1.
 * Rounds alternate a/b; each figure is the median over rounds. Prints one summary line:
 *
 *   api: plain N req/s, trpc group.people M req/s, ratio b/a = R (target >= 0.5)
 *
 * Knobs: BENCH_WARMUP (s, default 5), BENCH_DURATION (s, default 10), BENCH_CONNECTIONS (16), BENCH_ROUNDS (2).
 * BENCH_BREAKDOWN=1 adds short runs of intermediate routes (health with and without the session
 * cookie, auth.me) and prints the server time per request of each, to show where the difference goes.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readConfig } from "../src/config.ts";
import { openDatabase } from "../src/db/index.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { DEMO_PASSWORD, seedAll } from "../src/db/seed.ts";
import { createApp } from "../src/server/app.ts";
import { signIn } from "../src/sdk/index.ts";
import { benchSettings, describe, loadFromSubprocess, median, type LoadResult } from "./lib/harness.ts";

const TARGET_RATIO = 0.5;
const EXTRA_USERS = 200;
const PAGE_SIZE = 25;

const settings = benchSettings();
const dir = mkdtempSync(join(tmpdir(), "meridian-bench-"));
const config = readConfig({
  DATABASE_URL: join(dir, "bench.sqlite"),
  LOG_REQUESTS: "0",
  HOST: "127.0.0.1",
  PORT: "0",
  SEED_DEMO: "1",
});
const { db, close } = openDatabase(config.databaseUrl);

let server: ReturnType<typeof Bun.serve> | undefined;
try {
  // --- database: fresh, migrated, demo seed (no cities: not needed here), 200 extra acme users
  await migrateToLatest(db);
  await seedAll(db, { demo: true, reference: { cities: "none" } });
  const acme = await db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
  const now = new Date().toISOString();
  const roles = ["EMPLOYEE", "EMPLOYEE", "EMPLOYEE", "MANAGER"] as const;
  const extra = Array.from({ length: EXTRA_USERS }, (_, i) => ({
    email: `bench.user${String(i).padStart(3, "0")}@acme.test`,
    first_name: `Bench${i}`,
    last_name: `Person${String((i * 37) % EXTRA_USERS).padStart(3, "0")}`,
    role: roles[i % roles.length]!,
    group_id: acme.id,
    password_hash: null,
    is_sso_user: 0,
    terms_accepted_at: now,
    terms_version: "1",
    activation_state: "ACTIVE" as const,
    last_login_at: i % 3 === 0 ? now : null,
    created_at: now,
    updated_at: now,
  }));
  for (let i = 0; i < extra.length; i += 100) await db.insertInto("users").values(extra.slice(i, i + 100)).execute();

  // --- server: the Meridian app, with the baseline routes added to it. Added after createApp they run
  // behind the same middleware (request log, security headers, body limit, same-origin, session
  // cookie) as every Meridian route: no web assets are given, so the page fallback passes them on.
  // The difference between (a) and (b) is then exactly tRPC + auth + group scope + output schema.
  const outer = createApp({ db, config });
  outer.get("/bench/noop", (c) => c.json({ ok: true }));
  outer.get("/bench/plain", async (c) => {
    const rows = await db
      .selectFrom("users")
      .select(["id", "email", "first_name", "last_name", "role", "activation_state", "last_login_at"])
      .where("group_id", "=", acme.id)
      .orderBy("last_name")
      .orderBy("first_name")
      .orderBy("id")
      .limit(PAGE_SIZE)
      .offset(0)
      .execute();
    return c.json(rows);
  });
  server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: (req, srv) => outer.fetch(req, { ip: srv.requestIP(req)?.address }),
  });
  const base = `http://127.0.0.1:${server.port}`;

  // --- sign in through POST /login, check both routes answer 25 rows
  const cookie = await signIn(base, "hr@acme.test", DEMO_PASSWORD);
  const input = encodeURIComponent(JSON.stringify({ group: "acme", page: 0, pageSize: PAGE_SIZE }));
  const plainUrl = `${base}/bench/plain`;
  const trpcUrl = `${base}/trpc/group.people?input=${input}`;
  const headers = { cookie };

  const plainRows = (await (await fetch(plainUrl)).json()) as unknown[];
  const trpcRes = await fetch(trpcUrl, { headers });
  const trpcBody = (await trpcRes.json()) as { result?: { data?: { rows?: unknown[]; hasMore?: boolean } } };
  const trpcRows = trpcBody.result?.data?.rows;
  if (trpcRes.status !== 200 || !Array.isArray(trpcRows) || trpcRows.length !== PAGE_SIZE) {
    throw new Error(`group.people did not answer ${PAGE_SIZE} rows (HTTP ${trpcRes.status}): ${JSON.stringify(trpcBody).slice(0, 300)}`);
  }
  if (plainRows.length !== PAGE_SIZE) throw new Error(`/bench/plain answered ${plainRows.length} rows, not ${PAGE_SIZE}`);

  console.log(
    `api bench: Bun ${Bun.version}, SQLite, ${EXTRA_USERS + 3} acme users, ${settings.connections} connections, ` +
      `${settings.warmupMs / 1000}s warm-up + ${settings.durationMs / 1000}s measured per run, ${settings.rounds} rounds (a, b alternating)`,
  );

  const run = (url: string, h?: Record<string, string>) => loadFromSubprocess({ url, headers: h, ...settings });

  // A short look at the load generator's own ceiling, so a loader-bound figure is noticed.
  const ceiling = await loadFromSubprocess({ url: `${base}/bench/noop`, connections: settings.connections, warmupMs: 1000, durationMs: 3000 });
  console.log(describe("noop (loader ceiling)", ceiling));

  const plain: LoadResult[] = [];
  const trpc: LoadResult[] = [];
  for (let round = 1; round <= settings.rounds; round++) {
    const a = await run(plainUrl);
    console.log(describe(`round ${round} a plain`, a));
    plain.push(a);
    const b = await run(trpcUrl, headers);
    console.log(describe(`round ${round} b trpc`, b));
    trpc.push(b);
  }

  const failed = [...plain, ...trpc].filter((r) => r.errors > 0);
  const a = median(plain.map((r) => r.reqPerSec));
  const b = median(trpc.map((r) => r.reqPerSec));
  const ratio = a > 0 ? b / a : 0;
  console.log(
    `api: plain ${Math.round(a)} req/s, trpc group.people ${Math.round(b)} req/s, ratio b/a = ${ratio.toFixed(2)} (target >= ${TARGET_RATIO})`,
  );
  if (ratio < TARGET_RATIO) {
    console.log(`WARN api: ratio b/a ${ratio.toFixed(2)} is below the target ${TARGET_RATIO}: the tRPC path costs more than twice the plain route`);
  }
  if (a > ceiling.reqPerSec * 0.7) {
    console.log(`WARN api: the plain route reached ${Math.round((a / ceiling.reqPerSec) * 100)}% of the load generator's own ceiling: the plain figure may be client-bound, which overstates the ratio b/a`);
  }
  if (failed.length > 0) {
    console.log(`WARN api: ${failed.length} run(s) had non-200 responses; the figures count only 200s`);
  }

  if (process.env.BENCH_BREAKDOWN === "1") {
    // The server is one thread, so 1e6 / (req/s) is roughly its CPU time per request.
    console.log("api breakdown (3 s each; µs per request ≈ 1e6 / req/s):");
    const steps: [string, string, Record<string, string> | undefined][] = [
      ["noop", `${base}/bench/noop`, undefined],
      ["plain", plainUrl, undefined],
      ["health, no cookie", `${base}/api/health`, undefined],
      ["health, cookie", `${base}/api/health`, headers],
      ["trpc auth.me, no cookie", `${base}/trpc/auth.me`, undefined],
      ["trpc auth.me, cookie", `${base}/trpc/auth.me`, headers],
      ["trpc group.people", trpcUrl, headers],
    ];
    for (const [label, url, h] of steps) {
      const r = await loadFromSubprocess({ url, headers: h, connections: settings.connections, warmupMs: 1000, durationMs: 3000 });
      console.log(`${describe(label, r)}  ≈ ${r.reqPerSec > 0 ? Math.round(1e6 / r.reqPerSec) : "∞"} µs/request`);
    }
  }
} finally {
  server?.stop(true);
  await close();
  rmSync(dir, { recursive: true, force: true });
}
