/**
 * The save queue of one record (pure: no React, no network). Autosaving fields hand it the values
 * to save; it sends them one at a time, in order, and never loses the latest one:
 * - at most one save is in flight per record; a value given while one is in flight waits for it;
 * - values waiting together are coalesced with `merge` (by default the newer one replaces the
 *   older; a patch-shaped record merges the fields), so the last value is always sent last;
 * - a failed save stops the queue with its value kept (merged under any newer value): `retry()`
 *   sends it again, and so does the next `save()`; `discard()` drops it.
 * `useAutosave` (use-autosave.ts) keeps one queue per record key and renders its state.
 */
export type SaveStatus = "idle" | "saving" | "saved" | "error";

export type SaveQueueState = {
  status: SaveStatus;
  /** The failure of the last save while `status` is "error". */
  error: unknown;
  /** True while nothing is in flight or waiting (the record's server state can be shown again). */
  settled: boolean;
};

export type SaveQueue<T> = {
  /** Queues `value`; resolves once it (or a newer value merged over it) is saved, rejects if that save fails. */
  save(value: T): Promise<void>;
  /** Sends the failed value again (with anything queued since). */
  retry(): void;
  /** Forgets a failed value (and anything queued behind it). */
  discard(): void;
  getState(): SaveQueueState;
  subscribe(listener: () => void): () => void;
  /** Replaces the function that sends a value (the latest render's). */
  setSend(send: (value: T) => Promise<unknown>): void;
};

type Waiter = { resolve: () => void; reject: (error: unknown) => void };
type Batch<T> = { value: T; waiters: Waiter[] };

const replace = <T>(_older: T, newer: T): T => newer;

export function createSaveQueue<T>(options: { send: (value: T) => Promise<unknown>; merge?: (older: T, newer: T) => T }): SaveQueue<T> {
  let send = options.send;
  const merge = options.merge ?? replace;
  let waiting: Batch<T> | null = null;
  let inFlight = false;
  let failed = false;
  let state: SaveQueueState = { status: "idle", error: null, settled: true };
  const listeners = new Set<() => void>();

  const publish = (status: SaveStatus, error: unknown = null) => {
    state = { status, error, settled: !inFlight && waiting === null };
    for (const listener of listeners) listener();
  };

  const combine = (older: Batch<T> | null, newer: Batch<T>): Batch<T> =>
    older ? { value: merge(older.value, newer.value), waiters: [...older.waiters, ...newer.waiters] } : newer;

  const pump = () => {
    if (inFlight || failed || !waiting) return;
    const batch = waiting;
    waiting = null;
    inFlight = true;
    publish("saving");
    let result: Promise<unknown>;
    try {
      result = Promise.resolve(send(batch.value));
    } catch (error) {
      result = Promise.reject(error);
    }
    result.then(
      () => {
        inFlight = false;
        for (const w of batch.waiters) w.resolve();
        if (waiting) pump();
        else publish("saved");
      },
      (error: unknown) => {
        inFlight = false;
        failed = true;
        // Keep the value for a retry; anything typed meanwhile stays newer than it.
        const kept: Batch<T> = { value: batch.value, waiters: [] };
        waiting = waiting ? combine(kept, waiting) : kept;
        for (const w of batch.waiters) w.reject(error);
        publish("error", error);
      },
    );
  };

  return {
    save(value) {
      return new Promise<void>((resolve, reject) => {
        waiting = combine(waiting, { value, waiters: [{ resolve, reject }] });
        if (failed) failed = false;
        if (inFlight) publish("saving");
        else pump();
      });
    },
    retry() {
      if (!failed) return;
      failed = false;
      pump();
    },
    discard() {
      if (!failed) return;
      failed = false;
      const dropped = waiting;
      waiting = null;
      for (const w of dropped?.waiters ?? []) w.reject(state.error);
      publish(inFlight ? "saving" : "idle");
    },
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSend(next) {
      send = next;
    },
  };
}
