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
 * `TEST_DATABASE_URL` set, each file gets its own PostgreSQL schema (`t_<random>`),
 * dropped with CASCADE by `close()`, so runs never see each other's rows.
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
