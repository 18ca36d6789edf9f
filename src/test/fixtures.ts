/**
 * The set-up most integration test files repeat, as one call at the top of the file:
 *
 *   const t = useTestDatabase();                    // seeded, private to the file, closed after it
 *   const { admin, hrAcme } = t;                    // callers of the demo accounts
 *   await (await hrAcme()).wizard.moves({ … });    // t.db for direct reads and inserts
 *
 *   const t = useTestApp();                         // the same plus the Hono app and demo cookies
 *   await get(t.app, "/formBuilder/groups", t.as(DEMO.ADMIN));
 *
 * Both register bun:test `beforeAll`/`afterAll` hooks, so call them at the top level of a test file.
 */
import { afterAll, beforeAll } from "bun:test";
import { settleJobs } from "../services/jobs/queue.ts";
import type { DB } from "../db/index.ts";
import { appFor, cookieFor, type TestApp } from "./app.ts";
import { callerFor, createTestDatabase, type TestDatabase, type TestDatabaseOptions } from "./db.ts";

/** The demo accounts the tests sign in as (src/db/seed.ts). */
export const DEMO = {
  ADMIN: "admin@meridian.test",
  HR: "hr@acme.test",
  GLOBEX: "hr@globex.test",
  EMPLOYEE: "employee@acme.test",
  FINANCE: "finance@meridian.test",
} as const;

/** The demo employee's open move (the newest when there are several): its id, its group and the employee's user id. */
export async function demoEmployeeMove(db: DB): Promise<{ moveId: number; employeeId: number; groupId: number }> {
  const me = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "u.id as userId", "m.group_id"])
    .where("u.email", "=", DEMO.EMPLOYEE)
    .where("m.status", "=", "open")
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  return { moveId: me.id, employeeId: me.userId, groupId: me.group_id };
}

function opened<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`The test ${what} opens in beforeAll: use it inside a test or hook.`);
  return value;
}

/** A seeded database for the test file and callers of the demo accounts (each call a fresh session). */
export function useTestDatabase(options?: TestDatabaseOptions) {
  let t: TestDatabase | undefined;
  beforeAll(async () => {
    t = await createTestDatabase(options);
  });
  afterAll(async () => {
    await settleJobs();
    await t?.close();
  });
  const db = (): DB => opened(t, "database").db;
  const caller = (email: string) => () => callerFor(db(), email);
  return {
    get db() {
      return db();
    },
    admin: caller(DEMO.ADMIN),
    hrAcme: caller(DEMO.HR),
    hrGlobex: caller(DEMO.GLOBEX),
    employee: caller(DEMO.EMPLOYEE),
    finance: caller(DEMO.FINANCE),
  };
}

/** `useTestDatabase` plus the Hono app on it and a session cookie for each of `emails` (legacy path tests). */
export function useTestApp(emails: readonly string[] = Object.values(DEMO)) {
  const base = useTestDatabase();
  let app: TestApp | undefined;
  const cookies: Record<string, string> = {};
  beforeAll(async () => {
    app = appFor(base.db);
    for (const email of emails) cookies[email] = await cookieFor(base.db, email);
  });
  /** The `Cookie` header value of a signed-in demo account. */
  const cookie = (email: string) => opened(cookies[email], `cookie of ${email}`);
  return {
    get db() {
      return base.db;
    },
    get app() {
      return opened(app, "app");
    },
    cookie,
    /** The request options of a signed-in demo account: `{ cookie }`. */
    as: (email: string) => ({ cookie: cookie(email) }),
  };
}
