/**
 * Job claims and lease expiry (DESIGN.md "Background work"): a job whose lease expired while its
 * first worker still ran is claimed again; the two workers both finish it, and only the later
 * claim's outcome is recorded (finishing and releasing are conditional on the claim's attempt
 * number). Runs on SQLite and, with TEST_DB=postgres, on PostgreSQL.
 */
import { describe, expect, spyOn, test } from "bun:test";
import { claimNextJob, finishJob, findJob, insertJob, releaseJob } from "../../db/queries/jobs.ts";
import { testConfig } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { race } from "../../test/race.ts";
import { createMailer } from "../mail.ts";
import { JOB_LEASE_MS, registerJobHandler, runPendingJobs } from "./queue.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 30;
const KIND = "test.lease";
const jobDeps = () => ({ db: t.db, config: testConfig(), mailer: createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" }) });

const iso = (ms: number) => new Date(ms).toISOString();

async function newJob(kind = KIND): Promise<string> {
  const id = crypto.randomUUID();
  await insertJob(t.db, { id, kind, groupId: null, createdBy: null, payload: {} }, new Date().toISOString());
  return id;
}

/** Claims the job `id` at `now` (the only one of its kind waiting). */
async function claimAt(now: number, kind = KIND) {
  const job = await claimNextJob(t.db, iso(now), iso(now + JOB_LEASE_MS), [kind]);
  expect(job).toBeDefined();
  return job!;
}

describe("a job claimed again after its lease expired", () => {
  const kind = `${KIND}.queries`;

  test("the first claim finishing after the second: its result is discarded", async () => {
    const id = await newJob(kind);
    const t0 = Date.now();
    const first = await claimAt(t0, kind);
    expect(await claimNextJob(t.db, iso(t0 + 1000), iso(t0 + 1000 + JOB_LEASE_MS), [kind])).toBeUndefined(); // lease still held
    const second = await claimAt(t0 + JOB_LEASE_MS + 1000, kind); // lease expired: claimed again
    expect(second.id).toBe(id);
    expect(second.attempts).toBe(first.attempts + 1);

    expect(await finishJob(t.db, second, { status: "DONE", result: { by: "second" } }, iso(t0 + JOB_LEASE_MS + 2000))).toBe(true);
    expect(await finishJob(t.db, first, { status: "DONE", result: { by: "first" } }, iso(t0 + JOB_LEASE_MS + 3000))).toBe(false);
    const row = (await findJob(t.db, id))!;
    expect(row.status).toBe("DONE");
    expect(JSON.parse(row.result!)).toEqual({ by: "second" });
    expect(row.finished_at).toBe(iso(t0 + JOB_LEASE_MS + 2000));
  });

  test("the first claim finishing before the second: only the second's outcome stands", async () => {
    const id = await newJob(kind);
    const t0 = Date.now();
    const first = await claimAt(t0, kind);
    const second = await claimAt(t0 + JOB_LEASE_MS + 1000, kind);
    expect(await finishJob(t.db, first, { status: "FAILED", error: "late" }, iso(t0 + JOB_LEASE_MS + 2000))).toBe(false);
    expect((await findJob(t.db, id))!.status).toBe("RUNNING");
    expect(await finishJob(t.db, second, { status: "DONE", result: { by: "second" } }, iso(t0 + JOB_LEASE_MS + 3000))).toBe(true);
    const row = (await findJob(t.db, id))!;
    expect([row.status, row.error, JSON.parse(row.result!)]).toEqual(["DONE", null, { by: "second" }]);
  });

  test("a late release does not put a job another worker runs back to PENDING", async () => {
    const id = await newJob(kind);
    const t0 = Date.now();
    const first = await claimAt(t0, kind);
    const second = await claimAt(t0 + JOB_LEASE_MS + 1000, kind);
    expect(await releaseJob(t.db, first, "first attempt failed", iso(t0 + JOB_LEASE_MS + 2000))).toBe(false);
    expect((await findJob(t.db, id))!.status).toBe("RUNNING");
    expect(await releaseJob(t.db, second, "second attempt failed", iso(t0 + JOB_LEASE_MS + 3000))).toBe(true);
    expect((await findJob(t.db, id))!.status).toBe("PENDING");
  });

  test(`${N} parallel claims of one expired lease: one claim; ${N} parallel finishes of it: one recorded`, async () => {
    const kind = `${KIND}.race`;
    const id = await newJob(kind);
    const t0 = Date.now();
    await claimAt(t0, kind);
    const later = t0 + JOB_LEASE_MS + 1000;
    const claims = await race(N, () => claimNextJob(t.db, iso(later), iso(later + JOB_LEASE_MS), [kind]));
    const won = claims.flatMap((c) => (c.status === "fulfilled" && c.value ? [c.value] : []));
    expect(claims.filter((c) => c.status === "rejected")).toEqual([]);
    expect(won).toHaveLength(1);
    const finishes = await race(N, (i) => finishJob(t.db, won[0]!, { status: "DONE", result: { i } }, iso(later + 1000)));
    expect(finishes.filter((f) => f.status === "fulfilled" && f.value === true)).toHaveLength(1);
    expect(finishes.filter((f) => f.status === "rejected")).toEqual([]);
    expect((await findJob(t.db, id))!.status).toBe("DONE");
  });
});

describe("the worker", () => {
  test("a worker whose lease expired mid-run: the later worker's result is recorded, the late one logged and discarded", async () => {
    const gate = Promise.withResolvers<void>();
    const started = Promise.withResolvers<void>();
    let calls = 0;
    registerJobHandler(KIND, async (job) => {
      calls += 1;
      const by = calls;
      if (by === 1) {
        started.resolve();
        await gate.promise; // still working when its lease runs out
      }
      return { result: { by, attempt: job.attempts } };
    });
    const id = await newJob();
    const warn = spyOn(console, "warn").mockImplementation(() => {});
    try {
      const firstWorker = runPendingJobs(jobDeps(), [KIND]);
      await started.promise;
      // The lease runs out while the first worker still runs.
      await t.db.updateTable("jobs").set({ locked_until: iso(Date.now() - 1000) }).where("id", "=", id).execute();
      expect(await runPendingJobs(jobDeps(), [KIND])).toBe(1);
      const afterSecond = (await findJob(t.db, id))!;
      expect(afterSecond.status).toBe("DONE");
      gate.resolve();
      expect(await firstWorker).toBe(1);
      const row = (await findJob(t.db, id))!;
      expect(JSON.parse(row.result!)).toEqual({ by: 2, attempt: 2 });
      expect(row.finished_at).toBe(afterSecond.finished_at);
      expect(warn.mock.calls.some((c) => String(c[0]).includes(id) && String(c[0]).includes("discarded"))).toBe(true);
    } finally {
      warn.mockRestore();
    }
    expect(calls).toBe(2);
  });
});
