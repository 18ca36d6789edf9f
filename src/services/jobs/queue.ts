/**
 * Persisted background jobs (DESIGN.md "Background work"): a `jobs` row with status, counts and
 * errors, claimed by an in-process worker, resumed after a restart (an expired lease is claimed
 * again), polled by the client as the spec describes. Async estimate recalculation is the first
 * kind; bulk imports and report generation register their own handlers the same way.
 *
 *   registerJobHandler("estimate.recalculate", async (job, deps) => ({ costEstimateId }));
 *   const id = await enqueueJob(deps, { kind, groupId, createdBy, payload });   // runs at once
 *   startJobWorker(deps);                                                      // main.ts: resumes leftovers
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import { claimNextJob, finishJob, insertJob, releaseJob, type NewJob } from "../../db/queries/jobs.ts";
import type { Selectable } from "kysely";
import type { JobTable } from "../../db/schema.ts";
import type { Mailer } from "../mail.ts";
import { AppError } from "../../domain/errors.ts";

export type Job = Selectable<JobTable>;
/** What a handler may use: the database and the app's configuration and mailer. */
export type JobDeps = { db: DB; config: Config; mailer: Mailer };
export type JobOutcome = { result?: unknown; successCount?: number; failureCount?: number };
export type JobHandler = (job: Job, deps: JobDeps) => Promise<JobOutcome | void>;

/** Thrown by a handler for a failure that retrying cannot mend (bad input): the job fails at once. */
export class PermanentJobError extends Error {
  override readonly name = "PermanentJobError";
}

const handlers = new Map<string, JobHandler>();
export const JOB_LEASE_MS = 60_000;
export const JOB_MAX_ATTEMPTS = 3;
const IDLE_POLL_MS = 1000;

/** What a finished job records (DONE with its outcome, FAILED with the reason). */
export type JobFinish = { status: "DONE" | "FAILED"; result?: unknown; error?: string | null; successCount?: number; failureCount?: number };
/**
 * Runs in the transaction that records a job's end, only when this claim records it (e.g. the bulk
 * import's "finished" notification, issue 24 §3): the end and what it writes commit together.
 */
export type JobFinishHook = (trx: DB, job: Job, finish: JobFinish, at: string) => Promise<void>;
const finishHooks = new Map<string, JobFinishHook>();

export function registerJobHandler(kind: string, handler: JobHandler, onFinish?: JobFinishHook): void {
  handlers.set(kind, handler);
  if (onFinish) finishHooks.set(kind, onFinish);
  else finishHooks.delete(kind);
}

/** Records a job's end (conditional on the claim) with the kind's finish hook in the same transaction. */
async function finishWithHook(db: DB, job: Job, finish: JobFinish, at: string): Promise<boolean> {
  const hook = finishHooks.get(job.kind);
  if (!hook) return finishJob(db, job, finish, at);
  try {
    return await db.transaction().execute(async (trx) => {
      const recorded = await finishJob(trx, job, finish, at);
      if (recorded) await hook(trx, job, finish, at);
      return recorded;
    });
  } catch (error) {
    // The job's end matters more than its hook: recorded without it, and the failure logged.
    console.error(`[jobs] ${job.kind} ${job.id}: finish hook failed`, error);
    return finishJob(db, job, finish, at);
  }
}

/** Inserts a PENDING job and wakes the worker of this database so it starts without waiting for a poll. */
export async function enqueueJob(deps: JobDeps, job: Omit<NewJob, "id"> & { id?: string }, now = new Date()): Promise<string> {
  const id = job.id ?? crypto.randomUUID();
  await insertJob(deps.db, { ...job, id }, now.toISOString());
  wake(deps);
  return id;
}

/** Runs jobs until none is claimable; answers how many ran. Tests call it to drain the queue. */
export async function runPendingJobs(deps: JobDeps, kinds: readonly string[] = [...handlers.keys()]): Promise<number> {
  let ran = 0;
  for (;;) {
    const now = new Date();
    const job = await claimNextJob(deps.db, now.toISOString(), new Date(now.getTime() + JOB_LEASE_MS).toISOString(), kinds);
    if (!job) return ran;
    ran += 1;
    await runJob(job, deps);
  }
}

/** A worker whose lease expired and whose job another worker claimed again: its outcome is not recorded. */
function discardLate(job: Job, what: string): void {
  console.warn(`[jobs] ${job.kind} ${job.id} attempt ${job.attempts}: lease lost to a later claim, ${what} discarded`);
}

async function runJob(job: Job, deps: JobDeps): Promise<void> {
  const handler = handlers.get(job.kind);
  let outcome: JobOutcome;
  try {
    if (!handler) throw new PermanentJobError(`No handler for job kind ${job.kind}`);
    outcome = (await handler(job, deps)) ?? {};
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.error(`[jobs] ${job.kind} ${job.id} attempt ${job.attempts} failed`, reason);
    // An AppError is a refusal of the job's input (a rule, a range): the same every attempt.
    const permanent = error instanceof PermanentJobError || error instanceof AppError || job.attempts >= JOB_MAX_ATTEMPTS;
    const at = new Date().toISOString();
    const recorded = permanent
      ? await finishWithHook(deps.db, job, { status: "FAILED", error: reason.slice(0, 1000) }, at)
      : await releaseJob(deps.db, job, reason.slice(0, 1000), at);
    if (!recorded) discardLate(job, "failure");
    return;
  }
  // Conditional on this claim (attempt number, RUNNING): of two workers that both ran the job after
  // a lease expired, only the later claim's outcome is recorded.
  if (!(await finishWithHook(deps.db, job, { status: "DONE", ...outcome }, new Date().toISOString()))) discardLate(job, "result");
}

/** One drain at a time per database; a wake during a drain runs another drain after it. */
const draining = new WeakMap<DB, { again: boolean }>();
const inFlight = new Set<Promise<void>>();

/** Resolves when every drain started so far has finished (call before closing a database). */
export async function settleJobs(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}

function wake(deps: JobDeps): void {
  const state = draining.get(deps.db);
  if (state) {
    state.again = true;
    return;
  }
  const run = { again: false };
  draining.set(deps.db, run);
  const drain = new Promise<void>((resolve) => {
    setTimeout(async () => {
      try {
        do {
          run.again = false;
          await runPendingJobs(deps);
        } while (run.again);
      } catch (error) {
        console.error("[jobs] drain failed", error);
      } finally {
        draining.delete(deps.db);
        resolve();
      }
    }, 0);
  });
  inFlight.add(drain);
  void drain.then(() => inFlight.delete(drain));
}

/** main.ts: drains the queue now (jobs left by a restart) and then every second; returns a stop function. */
export function startJobWorker(deps: JobDeps): () => void {
  wake(deps);
  const timer = setInterval(() => wake(deps), IDLE_POLL_MS);
  return () => clearInterval(timer);
}
