import { sql } from "kysely";
import type { DB } from "../../index.ts";
import type { ThrottleRule, ThrottleState } from "../../../domain/identity/auth/throttle.ts";

/**
 * Counts one sign-in attempt under `key` in ONE statement (insert … on conflict do update …
 * returning), the rule of `countAttempt` (src/domain/identity/auth/throttle.ts) written in SQL: parallel
 * attempts on any number of instances are counted one after the other (PostgreSQL locks the row
 * for the update; SQLite has one writer), and each learns from its own count whether it may go on.
 * Timestamps are ISO-8601 UTC text of one length, so text comparison is time order.
 */
export async function countLoginAttempt(
  db: DB,
  key: string,
  rule: ThrottleRule,
  now: Date,
): Promise<{ state: ThrottleState; allowed: boolean }> {
  const nowIso = now.toISOString();
  const windowStart = new Date(now.getTime() - rule.windowMs).toISOString();
  const until = new Date(now.getTime() + rule.lockMs).toISOString();
  const firstLock = rule.mode === "lock" && rule.max <= 1 ? until : null;
  const t = sql.ref("login_throttle");
  const failures = sql`${t}.failures`;
  const lockedUntil = sql`${t}.locked_until`;
  const windowOver = sql`${t}.window_started_at < ${windowStart}`;
  const notLocked = sql`(${lockedUntil} is null or ${lockedUntil} <= ${nowIso})`;
  const next = sql`${failures} + 1`;

  const fresh = rule.mode === "slow" ? windowOver : sql`(case when ${lockedUntil} is not null then ${lockedUntil} <= ${nowIso} else ${windowOver} end)`;
  const nextLock =
    rule.mode === "lock"
      ? sql`coalesce(${lockedUntil}, case when ${next} >= ${rule.max} then ${until} else null end)`
      : sql`case when ${next} <= ${rule.max} then null when ${notLocked} then ${until} else ${lockedUntil} end`;
  const allowed =
    rule.mode === "lock"
      ? sql`case when ${lockedUntil} is null and ${next} <= ${rule.max} then 1 else 0 end`
      : sql`case when ${next} <= ${rule.max} or ${notLocked} then 1 else 0 end`;

  const row = await sql<{ failures: number; window_started_at: string; locked_until: string | null; last_allowed: number }>`
    insert into login_throttle (key, failures, window_started_at, locked_until, last_allowed)
    values (${key}, 1, ${nowIso}, ${firstLock}, 1)
    on conflict (key) do update set
      failures = case when ${fresh} then 1 else ${next} end,
      window_started_at = case when ${fresh} then ${nowIso} else ${t}.window_started_at end,
      locked_until = case when ${fresh} then ${firstLock} else ${nextLock} end,
      last_allowed = case when ${fresh} then 1 else ${allowed} end
    returning failures, window_started_at, locked_until, last_allowed`
    .execute(db)
    .then((r) => r.rows[0]!);
  return {
    state: { failures: Number(row.failures), windowStartedAt: row.window_started_at, lockedUntil: row.locked_until },
    allowed: Number(row.last_allowed) === 1,
  };
}

/** A successful sign-in gives back the attempt it counted under an address (never below zero). */
export async function releaseAttempt(db: DB, key: string): Promise<void> {
  await db
    .updateTable("login_throttle")
    .set((eb) => ({ failures: eb("failures", "-", 1) }))
    .where("key", "=", key)
    .where("failures", ">", 0)
    .execute();
}

export async function clearThrottle(db: DB, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
