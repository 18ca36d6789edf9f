import { PostgresAdapter, sql, type ExpressionBuilder } from "kysely";
import type { DB } from "../index.ts";
import type { Database, JobStatus } from "../schema.ts";

export type NewJob = { id: string; kind: string; groupId: number | null; createdBy: number | null; payload: unknown; totalCount?: number };

export async function insertJob(db: DB, job: NewJob, at: string): Promise<void> {
  await db
    .insertInto("jobs")
    .values({
      id: job.id,
      kind: job.kind,
      group_id: job.groupId,
      created_by: job.createdBy,
      status: "PENDING",
      payload: JSON.stringify(job.payload),
      total_count: job.totalCount ?? 0,
      created_at: at,
      updated_at: at,
      locked_until: null,
      result: null,
      error: null,
      finished_at: null,
    })
    .execute();
}

export function findJob(db: DB, id: string) {
  return db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirst();
}

export function findLatestJobOfKind(db: DB, kind: string) {
  return db.selectFrom("jobs").selectAll().where("kind", "=", kind).orderBy("created_at", "desc").orderBy("id").limit(1).executeTakeFirst();
}

/**
 * Claims the oldest job that is pending, or running with an expired lease (its worker died):
 * one UPDATE … RETURNING, with `FOR UPDATE SKIP LOCKED` on PostgreSQL so several instances share
 * the work. SQLite serialises writers, so the plain sub-select is enough there.
 */
export async function claimNextJob(db: DB, now: string, leaseUntil: string, kinds: readonly string[]) {
  if (kinds.length === 0) return undefined;
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  const claimable = (eb: ExpressionBuilder<Database, "jobs">) =>
    eb.or([eb("status", "=", "PENDING"), eb.and([eb("status", "=", "RUNNING"), eb("locked_until", "<", now)])]);
  const next = db
    .selectFrom("jobs")
    .select("id")
    .where("kind", "in", kinds)
    .where(claimable)
    .orderBy("created_at")
    .orderBy("id")
    .limit(1);
  // The claim condition is checked again on the row itself, so a job another worker claimed
  // between the sub-select and the update is not claimed twice.
  return db
    .updateTable("jobs")
    .set({ status: "RUNNING", locked_until: leaseUntil, updated_at: now, attempts: sql`attempts + 1` })
    .where("id", "=", (pg ? next.forUpdate().skipLocked() : next) as typeof next)
    .where(claimable)
    .returningAll()
    .executeTakeFirst();
}

/**
 * A claim of a job: its id and the attempt number the claim gave it (`attempts` is incremented by
 * every claim, so it is the claim's token). A worker whose lease expired and whose job was claimed
 * again holds an older attempt number: its finish or release changes nothing.
 */
export type JobClaim = { id: string; attempts: number };

/** The job row still held by `claim`: a finish or release by a claim that lost its lease writes nothing. */
function stillClaimed(eb: ExpressionBuilder<Database, "jobs">, claim: JobClaim) {
  return eb.and([eb("id", "=", claim.id), eb("attempts", "=", claim.attempts), eb("status", "=", "RUNNING")]);
}

/** Records the outcome of the claim `claim`; answers false (nothing written) when the job is no longer that claim's. */
export async function finishJob(
  db: DB,
  claim: JobClaim,
  values: { status: Extract<JobStatus, "DONE" | "FAILED">; result?: unknown; error?: string | null; successCount?: number; failureCount?: number },
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable("jobs")
    .set({
      status: values.status,
      result: values.result === undefined ? null : JSON.stringify(values.result),
      error: values.error ?? null,
      ...(values.successCount !== undefined ? { success_count: values.successCount } : {}),
      ...(values.failureCount !== undefined ? { failure_count: values.failureCount } : {}),
      locked_until: null,
      updated_at: at,
      finished_at: at,
    })
    .where((eb) => stillClaimed(eb, claim))
    .returning("id")
    .execute();
  return updated.length > 0;
}

/** A failed attempt that will be tried again: back to PENDING (only while the claim is still the job's; answers whether it was). */
export async function releaseJob(db: DB, claim: JobClaim, error: string, at: string): Promise<boolean> {
  const updated = await db
    .updateTable("jobs")
    .set({ status: "PENDING", error, locked_until: null, updated_at: at })
    .where((eb) => stillClaimed(eb, claim))
    .returning("id")
    .execute();
  return updated.length > 0;
}
