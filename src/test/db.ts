import type { Role } from "../domain/roles.ts";
/**
 * Test database and caller helpers. Every integration test file copies this pattern:
 *
 *   let t: TestDatabase;
 *   beforeAll(async () => { t = await createTestDatabase(); });
 *   afterAll(() => t.close());
 *   const hr = await callerFor(t.db, "hr@acme.test");
 *
 * SQLite by default (an in-memory database per file). With `TEST_DB=postgres` and
 * `TEST_DATABASE_URL` set, each file gets its own PostgreSQL database (`mtst_<pid>_<random>`, a copy of this
 * run's migrated and seeded template, see `copyOfTemplate`; an unmigrated one is a schema), dropped by
 * `close()`, so runs never see each other's rows.
 *
 * Beside this file: `app.ts` (appFor, signIn, cookieFor, postForm, trpcQuery … for
 * `app.request` tests), `errors.ts` (expectTrpcError, expectInputError, expectNoStackTrace,
 * expectLegacyFailure) and `fixtures.ts` (useTestDatabase / useTestApp: the set-up above, the demo
 * callers and cookies, in one call).
 */
import pg from "pg";
import { readConfig, type Config } from "../config.ts";
import { openDatabase, type DB, type Dialect } from "../db/index.ts";
import { migrateToLatest } from "../db/migrate.ts";
import { seedAll, type ReferenceOptions } from "../db/seed.ts";
import { insertSession } from "../db/queries/identity/sessions.ts";
import { findUserByEmail } from "../db/queries/identity/users.ts";
import { createCaller } from "../routers/_app.ts";
import { newSessionToken, resolveSession, sessionIdFor, type Session } from "../services/identity/auth.ts";
import { createContextInner, type Context } from "../trpc.ts";

export { DEMO_PASSWORD } from "../db/seed.ts";

export type TestDatabase = { db: DB; dialect: Dialect; close: () => Promise<void> };

export type TestDatabaseOptions = {
  /** Migrate and seed (default true); false gives an empty database, for migration tests. */
  migrate?: boolean;
  /** Seed the demo groups and accounts (default true). */
  demo?: boolean;
  /** Reference data to seed (default: countries, states, currencies, and the cities of GB and LU). */
  reference?: ReferenceOptions;
  /**
   * Seed the wizard demo (initiation forms, demo employees and their moves; default false, so the
   * counts of demo accounts stay those of src/db/seed.ts; src/db/seed-wizard.test.ts covers it).
   */
  wizardDemo?: boolean;
  /** Seed the finance demo month (src/db/seed.ts "demo-finance"; needs wizardDemo; default false: each finance test plants its own rows). */
  financeDemo?: boolean;
  /** PostgreSQL pool size (default 4); concurrency tests (src/test/race.ts) want more parallel connections. */
  poolSize?: number;
};

/** The dialect this run tests: PostgreSQL when `TEST_DB=postgres` (which then needs `TEST_DATABASE_URL`), else SQLite. */
export function testDialect(): Dialect {
  if (process.env.TEST_DB !== "postgres") return "sqlite";
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test");
  }
  return "postgres";
}

/** A freshly migrated and seeded database of the dialect under test, private to the caller. */
export async function createTestDatabase(options: TestDatabaseOptions = {}): Promise<TestDatabase> {
  const seed = options.migrate === false
    ? null
    : { demo: options.demo ?? true, reference: options.reference ?? { cities: ["GB", "LU"] }, wizardDemo: options.wizardDemo ?? false, financeDemo: options.financeDemo ?? false };
  if (testDialect() === "postgres") return createPostgresDatabase(process.env.TEST_DATABASE_URL!, seed, options.poolSize);

  const opened = openDatabase(":memory:");
  try {
    await prepare(opened.db, seed);
  } catch (error) {
    await opened.close();
    throw error;
  }
  return opened;
}

type SeedOptions = { demo: boolean; reference: ReferenceOptions; wizardDemo: boolean; financeDemo: boolean };

async function prepare(db: DB, seed: SeedOptions | null, ownSchema?: string) {
  if (!seed) return;
  await migrateWithRetry(db, ownSchema);
  await seedAll(db, seed);
}

/**
 * On PostgreSQL, Kysely's migrator introspects the tables of EVERY schema (its query calls
 * `pg_get_serial_sequence` on each), so another test database's schema dropped at that moment makes it
 * fail with `schema "t_…" does not exist` naming that other schema. Nothing of ours was touched (the
 * migrations run in one transaction), so the migration is simply tried again.
 */
async function migrateWithRetry(db: DB, ownSchema: string | undefined) {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateToLatest(db);
      return;
    } catch (error) {
      // `schema "t_…"` or `relation "t_….table"`: another test database's schema, dropped mid-introspection.
      const other = /(?:schema "(t_[0-9a-f]+)"|relation "(t_[0-9a-f]+)\.[^"]+") does not exist/.exec(error instanceof Error ? error.message : "");
      const otherSchema = other?.[1] ?? other?.[2];
      if (!ownSchema || !otherSchema || otherSchema === ownSchema || attempt >= 5) throw error;
      await Bun.sleep(20 * attempt);
    }
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function createPostgresDatabase(
  url: string,
  seed: SeedOptions | null,
  poolSize = 4,
): Promise<TestDatabase> {
  // A migrated and seeded database is a copy of this run's template for the same seed (CREATE DATABASE …
  // TEMPLATE: ~0.1 s instead of ~1 s of migrations and seeds per file). An empty one (migration tests) is a schema.
  if (seed) return copyOfTemplate(url, seed, poolSize);
  const schema = `t_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  await withAdminClient(url, (c) => c.query(`CREATE SCHEMA "${schema}"`));
  const opened = openDatabase(url, { searchPath: schema, poolSize });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await opened.close();
    await withAdminClient(url, (c) => c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
  };
  try {
    await prepare(opened.db, seed, schema);
  } catch (error) {
    await close();
    throw error;
  }
  return { db: opened.db, dialect: "postgres", close };
}

/** `url` naming database `name` instead. */
function urlOfDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * This process's template databases, one per seed (name `mtpl_<pid>_<n>`): created, migrated and seeded on
 * first use, then only copied. Kept on globalThis so every test file of the process shares them; dropped after
 * the run's last test (src/test/preload.ts), and a template of a process that no longer runs (a killed run) by
 * the next run that creates one.
 */
type Templates = { byKey: Map<string, Promise<string>>; count: number; drop?: () => Promise<void> };
const templates: Templates = ((globalThis as { __meridianPgTemplates?: Templates }).__meridianPgTemplates ??= { byKey: new Map(), count: 0 });

function templateFor(url: string, seed: SeedOptions): Promise<string> {
  const key = JSON.stringify(seed);
  let made = templates.byKey.get(key);
  if (!made) {
    made = createTemplate(url, seed, `mtpl_${process.pid}_${++templates.count}`);
    made.catch(() => templates.byKey.delete(key));
    templates.byKey.set(key, made);
  }
  return made;
}

async function createTemplate(url: string, seed: SeedOptions, name: string): Promise<string> {
  await withAdminClient(url, async (c) => {
    await dropTemplatesOfEndedRuns(c);
    await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await c.query(`CREATE DATABASE "${name}"`);
  });
  // src/test/preload.ts drops them after the run's last test.
  templates.drop ??= () => dropTemplates(url);
  const opened = openDatabase(urlOfDatabase(url, name), { poolSize: 2 });
  try {
    await prepare(opened.db, seed);
  } finally {
    // No connection may stay open on a template while it is copied.
    await opened.close();
  }
  return name;
}

/** Templates whose process has ended (killed runs never dropped theirs). */
async function dropTemplatesOfEndedRuns(c: pg.Client): Promise<void> {
  const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE 'mtpl\\_%' OR datname LIKE 'mtst\\_%'`);
  for (const { datname } of rows) {
    const pid = Number(/^mt(?:pl|st)_(\d+)_/.exec(datname)?.[1]);
    if (!Number.isInteger(pid) || pid === process.pid || processRuns(pid)) continue;
    await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
  }
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: string }).code === "EPERM";
  }
}

/** Drops this process's templates (after the last test of the run). */
async function dropTemplates(url: string): Promise<void> {
  const names = await Promise.all([...templates.byKey.values()].map((p) => p.catch(() => null)));
  templates.byKey.clear();
  await withAdminClient(url, async (c) => {
    for (const name of names) if (name) await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).catch(() => undefined);
  });
}

/**
 * Drops a copy once the last of its connections has gone (a pool's clients disconnect a moment after it
 * ends); a connection still there after 5 s is the test's own leak, and the copy is then left for the sweep
 * of ended runs rather than killing a connection some pending query may still report on.
 */
async function dropCopy(c: pg.Client, name: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const { rows } = await c.query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1`, [name]);
    if (rows[0]!.n === 0) {
      try {
        await c.query(`DROP DATABASE IF EXISTS "${name}"`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006") throw error; // object_in_use: a connection just arrived.
      }
    }
    await Bun.sleep(50);
  }
  console.warn(`[test db] ${name} still has connections after 5 s; left for the next run to drop`);
}

async function copyOfTemplate(url: string, seed: SeedOptions, poolSize: number): Promise<TestDatabase> {
  const template = await templateFor(url, seed);
  const name = `mtst_${process.pid}_${crypto.randomUUID().replaceAll("-", "").slice(0, 12)}`;
  await withAdminClient(url, (c) => c.query(`CREATE DATABASE "${name}" TEMPLATE "${template}"`));
  const opened = openDatabase(urlOfDatabase(url, name), { poolSize });
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await opened.close();
    await withAdminClient(url, (c) => dropCopy(c, name));
  };
  return { db: opened.db, dialect: "postgres", close };
}

/** A Config as `readConfig` builds it from the environment, quiet and with the given variables overridden. */
export function testConfig(overrides: Record<string, string | undefined> = {}): Config {
  // Tests talk to local providers (OIDC, widgets, overview, social) on 127.0.0.1 over http.
  // Public providers (issue 24 §7) are off unless a test points one at its own local server: tests never reach the internet.
  const offline = Object.fromEntries(
    ["WEATHER_API_URL", "OVERPASS_API_URL", "WIKIPEDIA_API_URL", "ROUTING_API_URL", "GEOCODER_API_URL", "SOCIAL_API_URL", "ECB_RATES_URL", "MAP_TILES_URL"].map((k) => [k, "off"]),
  );
  return readConfig({ LOG_REQUESTS: "0", DATABASE_URL: ":memory:", ALLOW_PRIVATE_FETCH: "1", ...offline, ...overrides });
}

/**
 * Signs `email` in without a password check (no argon2 cost): inserts a session row the way
 * `login` does and resolves it through the auth service, exactly as a request's cookie would be.
 */
export async function createSessionFor(
  db: DB,
  email: string,
  config: Config = testConfig(),
): Promise<{ token: string; session: Session }> {
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error(`No test user ${email}`);
  const token = newSessionToken();
  const now = new Date();
  await insertSession(db, {
    id: sessionIdFor(token),
    user_id: user.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + config.session.maxHours * 3_600_000).toISOString(),
    ip: null,
    user_agent: "bun-test",
    timezone_offset: null,
  });
  const session = await resolveSession(db, token, config.session);
  if (!session) throw new Error(`Session for ${email} did not resolve (inactive account or suspended group?)`);
  return { token, session };
}

export type CallerOptions = { config?: Config; ip?: string | null; userAgent?: string | null };

/** The tRPC context of a caller signed in as `email` (or signed out for null). */
export async function contextFor(db: DB, email: string | null, options: CallerOptions = {}): Promise<Context> {
  const config = options.config ?? testConfig();
  const session = email ? (await createSessionFor(db, email, config)).session : null;
  return createContextInner({ db, config, session, ip: options.ip ?? null, userAgent: options.userAgent ?? null });
}

/** `createCaller` of the app router, signed in as `email` (or signed out for null). */
export async function callerFor(db: DB, email: string | null, options: CallerOptions = {}) {
  return createCaller(await contextFor(db, email, options));
}

/** Row count of a table, as a number on both dialects. */
export async function countRows(db: DB, table: "audit_log" | "sessions" | "login_throttle" | "groups" | "users" | "translations") {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export type TestUser = {
  email: string;
  role?: Role;
  /** Group URL name ("acme"), or null for platform staff; default acme. */
  group?: string | null;
  activationState?: "PENDING" | "ACTIVE" | "DISABLED";
  isSsoUser?: boolean;
  /** Give the user the demo password (copied hash, no argon2 cost). Default true. */
  withPassword?: boolean;
  firstName?: string;
  lastName?: string;
};

/** Adds a user beside the demo accounts; returns its id. Password users get the demo password. */
export async function insertTestUser(db: DB, u: TestUser): Promise<number> {
  const demo = await findUserByEmail(db, "employee@acme.test");
  const group = u.group ? await db.selectFrom("groups").select("id").where("name", "=", u.group).executeTakeFirstOrThrow() : null;
  const now = new Date().toISOString();
  const row = await db
    .insertInto("users")
    .values({
      email: u.email,
      first_name: u.firstName ?? "Test",
      last_name: u.lastName ?? "User",
      role: u.role ?? "EMPLOYEE",
      group_id: u.group === undefined ? (demo?.group_id ?? null) : (group?.id ?? null),
      password_hash: u.withPassword === false ? null : (demo?.password_hash ?? null),
      is_sso_user: u.isSsoUser ? 1 : 0,
      terms_accepted_at: now,
      terms_version: "1",
      activation_state: u.activationState ?? "ACTIVE",
      created_at: now,
      updated_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Audit rows of one action, oldest first. */
export function auditRows(db: DB, action: string) {
  return db.selectFrom("audit_log").selectAll().where("action", "=", action).orderBy("id").execute();
}
