/**
 * Giving the event loop a turn during long work (DESIGN.md "Background work": long work never holds the
 * request thread, or SQLite's writer, for more than ~100 ms at a time; issue 23 item 10).
 *
 * On SQLite every query of bun:sqlite runs synchronously, so a job's `await`s settle as microtasks and a
 * loop of batches never lets an incoming request in until the whole job is done; `setImmediate` ends the
 * current macrotask, so the server's pending I/O (other requests) runs before the job goes on.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise<void>((resolve) => setImmediate(resolve));
}

/** A pause to call often in a long loop: it yields once the current slice has run `sliceMs`, else returns at once. */
export function sliceYielder(sliceMs: number): () => Promise<void> {
  let started = performance.now();
  return async () => {
    if (performance.now() - started < sliceMs) return;
    await yieldToEventLoop();
    started = performance.now();
  };
}
