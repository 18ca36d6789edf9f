import { sql } from "kysely";
import type { DB, Dialect } from "./index.ts";

/** Any constant: the advisory lock key every Meridian instance of one database takes at start-up. */
const STARTUP_LOCK_KEY = 727_274_001;

/**
 * Runs start-up work (migrations, reference and demo seed) under a PostgreSQL session advisory lock,
 * so several instances started at the same moment on one database apply it once, one after the
 * other: the second waits, then finds everything done. SQLite is one machine's file and its writes
 * already serialize, so there it simply runs.
 */
export async function withStartupLock<T>(db: DB, dialect: Dialect, work: () => Promise<T>): Promise<T> {
  if (dialect !== "postgres") return work();
  // The lock belongs to one connection: held there while the work runs on the pool.
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY})`.execute(conn);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY})`.execute(conn);
    }
  });
}
