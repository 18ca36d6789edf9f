import { describe, expect, test } from "bun:test";
import { ASYNC_POLL_INTERVAL_MS, ASYNC_POLL_MAX, type TAsyncStatus } from "../../../domain/estimate/schemas.ts";
import { pollRecalculation, timerWait, type PollDeps } from "./recalc-poll.ts";

/** A fake clock: `wait` records the delay and resolves at once; statuses come from a script. */
function harness(statuses: Array<TAsyncStatus | Error>, options: { resultFails?: boolean } = {}) {
  const waits: number[] = [];
  const polled: number[] = [];
  const progress: number[] = [];
  let results = 0;
  const deps: PollDeps<{ view: string }> = {
    wait: async (ms) => {
      waits.push(ms);
    },
    status: async (_uuid, n) => {
      polled.push(n);
      const next = statuses[Math.min(n - 1, statuses.length - 1)]!;
      if (next instanceof Error) throw next;
      return { status: next, message: next === "Failed" ? "calculation failed" : null };
    },
    result: async () => {
      results++;
      if (options.resultFails) throw new Error("boom");
      return { view: "v2" };
    },
    onPoll: (n) => progress.push(n),
  };
  return { deps, waits, polled, progress, results: () => results };
}

describe("pollRecalculation (part 1 §4, §9)", () => {
  test("waits 2 s before each poll and loads the estimate on Done", async () => {
    const h = harness(["Pending", "Processing", "Done"]);
    const outcome = await pollRecalculation("u-1", h.deps);
    expect(outcome).toEqual({ kind: "done", result: { view: "v2" }, polls: 3, status: "Done" });
    expect(h.waits).toEqual([ASYNC_POLL_INTERVAL_MS, ASYNC_POLL_INTERVAL_MS, ASYNC_POLL_INTERVAL_MS]);
    expect(h.polled).toEqual([1, 2, 3]);
    expect(h.progress).toEqual([1, 2, 3]);
    expect(h.results()).toBe(1);
  });

  test("Forced also loads the estimate", async () => {
    const h = harness(["Forced"]);
    const outcome = await pollRecalculation("u-1", h.deps);
    expect(outcome.kind).toBe("done");
    expect(outcome.kind === "done" && outcome.status).toBe("Forced");
  });

  test("Failed stops at once with the server's message, without loading", async () => {
    const h = harness(["Pending", "Failed", "Done"]);
    const outcome = await pollRecalculation("u-1", h.deps);
    expect(outcome).toEqual({ kind: "failed", reason: "status", polls: 2, message: "calculation failed" });
    expect(h.polled).toEqual([1, 2]);
    expect(h.results()).toBe(0);
  });

  test("stops after the 60th poll", async () => {
    const h = harness(["Processing"]);
    const outcome = await pollRecalculation("u-1", h.deps);
    expect(outcome).toEqual({ kind: "failed", reason: "limit", polls: ASYNC_POLL_MAX, message: null });
    expect(h.polled.length).toBe(60);
    expect(h.polled.at(-1)).toBe(60);
    expect(h.waits.length).toBe(60);
  });

  test("the 60th poll answering Done still loads", async () => {
    const script: TAsyncStatus[] = [...Array.from({ length: 59 }, () => "Pending" as const), "Done"];
    const h = harness(script);
    const outcome = await pollRecalculation("u-1", h.deps);
    expect(outcome.kind).toBe("done");
    expect(outcome.polls).toBe(60);
  });

  test("a failed status call or result call is a failure, not an exception", async () => {
    expect(await pollRecalculation("u-1", harness([new Error("offline")]).deps)).toEqual({ kind: "failed", reason: "error", polls: 0, message: null });
    expect(await pollRecalculation("u-1", harness(["Done"], { resultFails: true }).deps)).toEqual({ kind: "failed", reason: "error", polls: 1, message: null });
  });

  test("an aborted signal cancels before the next poll", async () => {
    const controller = new AbortController();
    const h = harness(["Pending", "Pending", "Done"]);
    h.deps.onPoll = (n) => {
      if (n === 2) controller.abort();
    };
    const outcome = await pollRecalculation("u-1", { ...h.deps, signal: controller.signal });
    expect(outcome).toEqual({ kind: "cancelled", polls: 2 });
    expect(h.polled).toEqual([1, 2]);
  });

  test("a custom interval and limit are honoured", async () => {
    const h = harness(["Pending"]);
    const outcome = await pollRecalculation("u-1", { ...h.deps, intervalMs: 5, max: 3 });
    expect(outcome.kind).toBe("failed");
    expect(h.waits).toEqual([5, 5, 5]);
  });
});

describe("timerWait", () => {
  test("resolves after the delay, or at once when aborted", async () => {
    const started = Date.now();
    await timerWait()(20);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);

    const controller = new AbortController();
    const waiting = timerWait(controller.signal)(60_000);
    controller.abort();
    await waiting;
    const aborted = new AbortController();
    aborted.abort();
    await timerWait(aborted.signal)(60_000);
  });
});
