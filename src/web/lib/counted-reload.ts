import { useCallback } from "react";

/**
 * part 1 §9: "Login or root page reloads after more than 4 counted events."
 *
 * The counted event is a failed sign-in answer on the page: the email step's check or the password
 * step's sign-in coming back with a failure (wrong password, locked account, an unexpected error,
 * no answer). Every sign-in form of a page counts into one counter — the /login page, the sign-in
 * popup on the public pages and the session-ended popup over a signed-in page — and the fifth
 * failure reloads the page, which starts the sign-in afresh (a new counter, the email step, no
 * stale form or cached answers). Format checks the browser makes before asking the server do not
 * count: nothing was sent. A successful sign-in leaves the page, so the counter never needs a reset.
 */
export const COUNTED_EVENTS_BEFORE_RELOAD = 4;

export type EventCounter = {
  /** Counts one event; true when the count is now more than the limit. */
  count(): boolean;
  readonly value: number;
};

export function createEventCounter(limit = COUNTED_EVENTS_BEFORE_RELOAD): EventCounter {
  let value = 0;
  return {
    count() {
      value += 1;
      return value > limit;
    },
    get value() {
      return value;
    },
  };
}

/** Counts one event on `counter` and calls `reload` once the limit is passed; answers whether it reloaded. */
export function countEvent(counter: EventCounter, reload: () => void): boolean {
  if (!counter.count()) return false;
  reload();
  return true;
}

/** The page's counter: module state, so it lives exactly as long as the page load. */
const pageCounter = createEventCounter();

/**
 * A stable callback for a sign-in form: call it for each failed sign-in answer. Past the limit it
 * reloads the page and answers true (the caller then shows nothing more).
 */
export function useCountedReload(options: { counter?: EventCounter; reload?: () => void } = {}): () => boolean {
  const counter = options.counter ?? pageCounter;
  const reload = options.reload;
  return useCallback(() => countEvent(counter, reload ?? (() => window.location.reload())), [counter, reload]);
}
