import { useEffect, useMemo, useSyncExternalStore } from "react";
import { createSaveQueue, type SaveQueue, type SaveQueueState } from "./save-queue.ts";

/**
 * Autosave for one record (a budget, a service, a setting…): every autosaving field of the record
 * calls `useAutosave` with the same `key` (or shares the returned handle), so its saves go through
 * one queue (save-queue.ts): in order, one in flight, the latest value always sent last, a failure
 * kept for `retry`. `settled` is false while anything is in flight or waiting: a form shows the
 * server's values again only once settled, so an older save's answer never overwrites newer input.
 * Show the state with `<AutosaveStatus>` (components/autosave-status.tsx).
 */
export type Autosave<T> = SaveQueueState & {
  save: (value: T) => Promise<void>;
  retry: () => void;
  discard: () => void;
};

type Entry = { queue: SaveQueue<never>; users: number };
const queues = new Map<string, Entry>();

export function useAutosave<T>(key: string, send: (value: T) => Promise<unknown>, options?: { merge?: (older: T, newer: T) => T }): Autosave<T> {
  let entry = queues.get(key);
  if (!entry) {
    entry = { queue: createSaveQueue<T>({ send, merge: options?.merge }) as SaveQueue<never>, users: 0 };
    queues.set(key, entry);
  }
  const queue = entry.queue as unknown as SaveQueue<T>;
  // The latest render's send (its closure names the current record).
  queue.setSend(send);

  useEffect(() => {
    const current = queues.get(key);
    if (!current) return;
    current.users += 1;
    return () => {
      current.users -= 1;
      // A settled queue nobody shows is dropped; one still saving finishes first.
      if (current.users === 0 && current.queue.getState().settled && queues.get(key) === current) queues.delete(key);
    };
  }, [key]);

  const state = useSyncExternalStore(queue.subscribe, queue.getState, queue.getState);
  return useMemo(() => ({ ...state, save: (value: T) => queue.save(value), retry: queue.retry, discard: queue.discard }), [queue, state]);
}
