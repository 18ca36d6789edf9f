/**
 * Scale-out on PostgreSQL (README "Running several instances"): two Meridian processes, started as
 * `bun run src/main.ts` on one fresh PostgreSQL database at the same moment, behave as one service.
 * - they both start (migrations and seed data are applied once, whichever instance gets there first);
 * - a session made on one instance works on the other, and ends on both at sign-out;
 * - the login lock counts attempts made on either instance;
 * - each queued job runs exactly once (claims use FOR UPDATE SKIP LOCKED);
 * - rate caps (password-reset mails per account) hold across instances.
 * Runs in the PostgreSQL pass (TEST_DB=postgres with TEST_DATABASE_URL); skipped on SQLite.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import pg from "pg";
import { DEMO_PASSWORD } from "../db/seed.ts";
import { RESET_TEMPLATE } from "../services/identity/recovery.ts";

const ENABLED = process.env.TEST_DB === "postgres" && !!process.env.TEST_DATABASE_URL;
const ROOT = new URL("../..", import.meta.url).pathname;

type Instance = { url: string; proc: ReturnType<typeof Bun.spawn>; log: () => string };

let dbName = "";
let dbUrl = "";
let instances: Instance[] = [];
let sql: pg.Client;

async function freePort(): Promise<number> {
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
  const port = server.port!;
  server.stop(true);
  return port;
}

async function startInstance(): Promise<Instance> {
  const port = await freePort();
  const proc = Bun.spawn(["bun", "run", "src/main.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: dbUrl, PORT: String(port), HOST: "127.0.0.1", LOG_REQUESTS: "0", SEED_DEMO: "1", PUBLIC_URL: "http://meridian.test" },
    stdout: "pipe",
    stderr: "pipe",
  });
  let output = "";
  for (const stream of [proc.stdout, proc.stderr]) {
    void (async () => {
      const reader = (stream as ReadableStream<Uint8Array>).getReader();
      for (let r = await reader.read(); !r.done; r = await reader.read()) output += new TextDecoder().decode(r.value);
    })();
  }
  return { url: `http://127.0.0.1:${port}`, proc, log: () => output };
}

async function waitHealthy(instance: Instance, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (instance.proc.exitCode !== null) throw new Error(`instance exited ${instance.proc.exitCode}:\n${instance.log()}`);
    try {
      if ((await fetch(`${instance.url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await Bun.sleep(100);
  }
  throw new Error(`instance did not answer in ${timeoutMs} ms:\n${instance.log()}`);
}

const form = (fields: Record<string, string>) => ({
  method: "POST",
  headers: { "Content-Type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

async function signIn(instance: Instance, email: string, password = DEMO_PASSWORD) {
  return fetch(`${instance.url}/login`, form({ email, password }));
}

function cookieOf(res: Response): string {
  const set = res.headers.getSetCookie().find((c) => c.startsWith("meridian_session="));
  if (!set) throw new Error(`no session cookie (${res.status})`);
  return set.split(";")[0]!;
}

async function me(instance: Instance, cookie: string) {
  const res = await fetch(`${instance.url}/trpc/auth.me`, { headers: { cookie } });
  return (await res.json()).result.data as { email: string } | null;
}

async function trpc(instance: Instance, cookie: string, path: string, input: unknown) {
  const res = await fetch(`${instance.url}/trpc/${path}`, { method: "POST", headers: { cookie, "Content-Type": "application/json" }, body: JSON.stringify(input) });
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.result.data;
}

describe.skipIf(!ENABLED)("two instances on one PostgreSQL database", () => {
  beforeAll(async () => {
    const base = process.env.TEST_DATABASE_URL!;
    dbName = `meridian_scale_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${dbName}"`);
    await admin.end();
    const url = new URL(base);
    url.pathname = `/${dbName}`;
    dbUrl = url.toString();
    // Both start at the same moment on the empty database: migrations and seed must apply once.
    instances = await Promise.all([startInstance(), startInstance()]);
    await Promise.all(instances.map((i) => waitHealthy(i)));
    sql = new pg.Client({ connectionString: dbUrl });
    await sql.connect();
  }, 120_000);

  afterAll(async () => {
    for (const i of instances) i.proc.kill();
    await Promise.all(instances.map((i) => i.proc.exited));
    await sql?.end();
    if (dbName) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
      await admin.connect();
      await admin.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
      await admin.end();
    }
  });

  test("both started on the empty database; the demo data is there once", async () => {
    const users = await sql.query("select count(*)::int as n, count(distinct email)::int as d from users");
    expect(users.rows[0].n).toBeGreaterThan(5);
    expect(users.rows[0].d).toBe(users.rows[0].n);
    const migrations = await sql.query("select count(*)::int as n, count(distinct name)::int as d from kysely_migration");
    expect(migrations.rows[0].d).toBe(migrations.rows[0].n);
  });

  test("a session made on one instance works on the other; signing out on the other ends it on both", async () => {
    const [a, b] = instances as [Instance, Instance];
    const cookie = cookieOf(await signIn(a, "hr@acme.test"));
    expect((await me(b, cookie))?.email).toBe("hr@acme.test");
    expect((await fetch(`${b.url}/logout`, { method: "POST", headers: { cookie } })).status).toBe(200);
    expect(await me(a, cookie)).toBeNull();
    expect(await me(b, cookie)).toBeNull();
  });

  test("the login lock counts attempts on both instances: 20 parallel guesses, 10 checked, then locked everywhere", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(instances[i % 2]!, "manager@acme.test", `Wrong#${i}pass`)),
    );
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(401), ...Array(10).fill(429)]);
    for (const instance of instances) expect((await signIn(instance, "manager@acme.test")).status).toBe(429);
  });

  test("each queued job runs exactly once", async () => {
    const [a, b] = instances as [Instance, Instance];
    const cookie = cookieOf(await signIn(a, "hr@acme.test"));
    const moves = (
      await sql.query(
        `select m.id as "moveId", m.employee_user_id as "employeeId" from moves m join groups g on g.id = m.group_id
         join policy_versions v on v.id = m.policy_version_id join policies p on p.id = v.policy_id
         where g.name = 'acme' and m.status in ('open', 'on_assignment') and p.name = 'Global Long-Term Assignment' order by m.id limit 4`,
      )
    ).rows as { moveId: number; employeeId: number }[];
    expect(moves.length).toBeGreaterThan(0);
    const jobs: string[] = [];
    for (const [i, move] of moves.entries()) {
      const view = (await trpc(a, cookie, "estimate.openEstimationView", move)).costEstimate;
      // Several recalculations per move, posted to both instances: every one is claimed by one worker.
      for (let k = 0; k < 3; k++) {
        const instance = (i + k) % 2 ? b : a;
        const posted = await trpc(instance, cookie, "estimate.recalculate", { ...move, costEstimateId: view.costEstimateId, estimationView: "CostEstimate", stageAction: "ON_ALT_CALC", taxRateOverride: 20 + k });
        jobs.push(posted.costEstimateUIDTOs[0].uuid);
      }
    }
    const deadline = Date.now() + 60_000;
    let rows: { id: string; status: string; attempts: number }[] = [];
    while (Date.now() < deadline) {
      rows = (await sql.query("select id, status, attempts from jobs where id = any($1)", [jobs])).rows;
      if (rows.length === jobs.length && rows.every((r) => r.status === "DONE" || r.status === "FAILED")) break;
      await Bun.sleep(200);
    }
    expect(rows).toHaveLength(jobs.length);
    for (const row of rows) expect({ status: row.status, attempts: row.attempts }).toEqual({ status: "DONE", attempts: 1 });
    for (const move of moves) {
      const current = await sql.query("select count(*)::int as n from cost_estimates where move_id = $1 and status = 'CURRENT'", [move.moveId]);
      expect(current.rows[0].n).toBe(1);
    }
  }, 90_000);

  test("the password-reset cap holds across instances", async () => {
    const email = "employee@globex.test";
    // Only the reset e-mails: the same person's notification e-mails (issue 24 §3) go through the outbox too.
    const resets = "select count(*)::int as n, min(link) as link from outbox where to_address = $1 and template = $2";
    const before = (await sql.query(resets, [email, RESET_TEMPLATE])).rows[0].n as number;
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) => fetch(`${instances[i % 2]!.url}/user/account-recovery`, form({ email }))),
    );
    for (const res of responses) expect(res.status).toBeLessThan(500);
    const after = (await sql.query(resets, [email, RESET_TEMPLATE])).rows[0];
    expect(after.n - before).toBeGreaterThan(0);
    expect(after.n - before).toBeLessThanOrEqual(5);
    // Links come from PUBLIC_URL on every instance.
    expect(after.link).toStartWith("http://meridian.test/user/set-new-password?token=");
  });
});
