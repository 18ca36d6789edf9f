/**
 * The asynchronous recalculation's polling (part 1 §4 "Recalculation is posted, then status is
 * polled (every 2 s, at most 60 polls; Done or Forced loads the estimate; Failed or the 60th poll
 * stops with an error)", §9). Pure: the calls and the clock are injected, so the unit test drives
 * it with a fake scheduler; `use-recalculation.ts` wires it to tRPC and setTimeout.
 */
import { ASYNC_POLL_INTERVAL_MS, ASYNC_POLL_MAX, type TAsyncStatus } from "../../../domain/estimate/schemas.ts";

export type PollDeps<R> = {
  /** GET get-async-cost-estimate-request-status/{uuid}/{pollNumber}. */
  status: (uuid: string, pollNumber: number) => Promise<{ status: TAsyncStatus; message: string | null }>;
  /** GET get-async-cost-estimate/{uuid}: the recalculated estimate. */
  result: (uuid: string) => Promise<R>;
  /** Resolves after `ms` (setTimeout in the page, a fake clock in tests). */
  wait: (ms: number) => Promise<void>;
  /** Called after each answered poll with its number (1…max), for the progress bar. */
  onPoll?: (pollNumber: number, status: TAsyncStatus) => void;
  /** Stops the polling (the page was left, or another calculation started). */
  signal?: AbortSignal;
  intervalMs?: number;
  max?: number;
};

export type PollOutcome<R> =
  | { kind: "done"; result: R; polls: number; status: "Done" | "Forced" }
  /** Failed status, a failed call, or the last poll without an answer. */
  | { kind: "failed"; reason: "status" | "error" | "limit"; polls: number; message: string | null }
  | { kind: "cancelled"; polls: number };

/** Waits, polls, and loads the result on Done or Forced; never throws. */
export async function pollRecalculation<R>(uuid: string, deps: PollDeps<R>): Promise<PollOutcome<R>> {
  const interval = deps.intervalMs ?? ASYNC_POLL_INTERVAL_MS;
  const max = deps.max ?? ASYNC_POLL_MAX;
  const cancelled = () => deps.signal?.aborted === true;
  let polls = 0;
  for (let n = 1; n <= max; n++) {
    await deps.wait(interval);
    if (cancelled()) return { kind: "cancelled", polls };
    let answer: { status: TAsyncStatus; message: string | null };
    try {
      answer = await deps.status(uuid, n);
    } catch {
      if (cancelled()) return { kind: "cancelled", polls };
      return { kind: "failed", reason: "error", polls, message: null };
    }
    if (cancelled()) return { kind: "cancelled", polls };
    polls = n;
    deps.onPoll?.(n, answer.status);
    if (answer.status === "Done" || answer.status === "Forced") {
      try {
        const result = await deps.result(uuid);
        if (cancelled()) return { kind: "cancelled", polls };
        return { kind: "done", result, polls, status: answer.status };
      } catch {
        if (cancelled()) return { kind: "cancelled", polls };
        return { kind: "failed", reason: "error", polls, message: null };
      }
    }
    if (answer.status === "Failed") return { kind: "failed", reason: "status", polls, message: answer.message };
  }
  return { kind: "failed", reason: "limit", polls, message: null };
}

/** A `wait` on the real clock that ends early (resolves) when the signal aborts. */
export function timerWait(signal?: AbortSignal): (ms: number) => Promise<void> {
  return (ms) =>
    new Promise((resolve) => {
      if (signal?.aborted) {
        resolve();
        return;
      }
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        signal?.removeEventListener("abort", done);
        resolve();
      }
      signal?.addEventListener("abort", done, { once: true });
    });
}
