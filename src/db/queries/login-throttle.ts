import type { DB } from "../index.ts";
import type { ThrottleState } from "../../domain/auth/throttle.ts";

export async function findThrottleStates(db: DB, keys: string[]): Promise<Map<string, ThrottleState>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom("login_throttle").selectAll().where("key", "in", keys).execute();
  return new Map(
    rows.map((r) => [r.key, { failures: r.failures, windowStartedAt: r.window_started_at, lockedUntil: r.locked_until }]),
  );
}

export async function saveThrottleState(db: DB, key: string, s: ThrottleState): Promise<void> {
  await db
    .insertInto("login_throttle")
    .values({ key, failures: s.failures, window_started_at: s.windowStartedAt, locked_until: s.lockedUntil })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({ failures: s.failures, window_started_at: s.windowStartedAt, locked_until: s.lockedUntil }),
    )
    .execute();
}

export async function clearThrottle(db: DB, key: string): Promise<void> {
  await db.deleteFrom("login_throttle").where("key", "=", key).execute();
}
