/**
 * Concurrency tests of guarded writes (DESIGN.md "Data": a guarded write is atomic on both
 * databases, so parallel identical requests give one effect and clear refusals, never a 500).
 *
 *   const results = await race(40, () => hr.users.invite({ group: "acme", email, … }));
 *   await expectOneEffect(results, { refusal: { code: "CONFLICT", message: activationMessages.cannotInvite } });
 *
 *   const responses = await race(40, () => postForm(t.app, "/user/terms-and-conditions", { accept: "true" }, t.as(DEMO.HR)));
 *   await expectAllSucceed(responses);
 *
 * `race` starts the n calls together (each waits on one gate, released once all are queued) and
 * settles them all. The expectations accept tRPC callers (a value or a TRPCError), services (a
 * value or an AppError) and `app.request` Responses (2xx or a 4xx status with a JSON body).
 * On PostgreSQL the calls really run in parallel (one pool connection each, up to the pool size:
 * `useTestDatabase({ poolSize })`); on SQLite they interleave at every await.
 */
import { expect } from "bun:test";
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import { AppError, errorTable } from "../domain/errors.ts";

/** Fires `n` calls of `fn` (given the call's index) released together; answers every settled result. */
export async function race<T>(n: number, fn: (i: number) => T | PromiseLike<T>): Promise<PromiseSettledResult<Awaited<T>>[]> {
  const gate = Promise.withResolvers<void>();
  const calls = Array.from({ length: n }, (_, i) => gate.promise.then(() => fn(i) as Awaited<T> | PromiseLike<Awaited<T>>));
  gate.resolve();
  return Promise.allSettled(calls);
}

/** One call's outcome in transport-neutral terms. */
export type Outcome = {
  ok: boolean;
  /** HTTP status (tRPC and AppError codes mapped through the error table); 200 for a plain value. */
  status: number;
  /** tRPC code (or AppError code) of a failure, else null. */
  code: string | null;
  /** The failure's message (a Response's `message`, `errorMessage`, `resultMessage` or `error`), else null. */
  message: string | null;
  /** The resolved value, or a Response's parsed JSON (text when it is not JSON). */
  value: unknown;
  error: unknown;
};

export type OutcomeOptions = {
  /** A resolved value that is nevertheless a refusal (e.g. `{ success: false, … }` answers): its message, else null. */
  refusedWhen?: (value: any) => string | null;
};

function messageOfBody(body: unknown): string | null {
  if (!body || typeof body !== "object") return typeof body === "string" ? body : null;
  const b = body as Record<string, unknown>;
  for (const key of ["message", "errorMessage", "resultMessage", "error"]) {
    if (typeof b[key] === "string") return b[key] as string;
  }
  const nested = (b as { error?: { message?: unknown } }).error;
  if (nested && typeof nested.message === "string") return nested.message;
  return null;
}

/** Turns settled results into outcomes (reads Response bodies). */
export async function outcomesOf(results: PromiseSettledResult<unknown>[], options: OutcomeOptions = {}): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const r of results) {
    if (r.status === "rejected") {
      const error = r.reason;
      if (error instanceof TRPCError) {
        out.push({ ok: false, status: getHTTPStatusCodeFromError(error), code: error.code, message: error.message, value: undefined, error });
      } else if (error instanceof AppError) {
        out.push({ ok: false, status: errorTable[error.code].http, code: errorTable[error.code].trpc, message: error.message, value: undefined, error });
      } else {
        out.push({ ok: false, status: 500, code: "INTERNAL_SERVER_ERROR", message: error instanceof Error ? error.message : String(error), value: undefined, error });
      }
      continue;
    }
    const value = r.value;
    if (value instanceof Response) {
      const text = await value.text();
      let body: unknown = text;
      try {
        body = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      const refused = value.status < 400 ? (options.refusedWhen?.(body) ?? null) : null;
      const ok = value.status < 400 && refused === null;
      out.push({ ok, status: value.status, code: ok ? null : String(value.status), message: ok ? null : (refused ?? messageOfBody(body)), value: body, error: null });
      continue;
    }
    const refused = options.refusedWhen?.(value) ?? null;
    out.push({ ok: refused === null, status: 200, code: refused === null ? null : "REFUSED", message: refused, value, error: null });
  }
  return out;
}

function describeOutcomes(outcomes: Outcome[]): string {
  const counts = new Map<string, number>();
  for (const o of outcomes) {
    const key = o.ok ? `${o.status} ok` : `${o.status} ${o.code}: ${o.message}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([k, n]) => `${n} × ${k}`).join("; ");
}

/** No call failed with a server error (500 / INTERNAL_SERVER_ERROR); prints what did. */
export function expectNoServerError(outcomes: Outcome[]) {
  const broken = outcomes.filter((o) => o.status >= 500);
  if (broken.length > 0) {
    const first = broken[0]!.error;
    if (first instanceof Error) console.error("[race] first server error:", first.cause ?? first);
  }
  expect(broken.length, `server errors: ${describeOutcomes(outcomes)}`).toBe(0);
}

export type Refusal = {
  /** tRPC code ("CONFLICT"), HTTP status (409) or "REFUSED" for a resolved refusal. */
  code?: string | number;
  /** The exact text, or a pattern. */
  message?: string | RegExp;
};

function matchesRefusal(o: Outcome, refusal: Refusal): boolean {
  if (o.ok || o.status >= 500) return false;
  if (refusal.code !== undefined) {
    if (typeof refusal.code === "number" ? o.status !== refusal.code : o.code !== refusal.code) return false;
  }
  if (refusal.message !== undefined) {
    if (o.message === null) return false;
    if (typeof refusal.message === "string" ? o.message !== refusal.message : !refusal.message.test(o.message)) return false;
  }
  return true;
}

/**
 * Exactly `successes` (default 1) calls succeeded and every other one is a clear refusal (4xx, the
 * expected code and message); none is a server error. Answers the outcomes for further checks.
 */
export async function expectOneEffect(
  results: PromiseSettledResult<unknown>[],
  o: { refusal: Refusal; successes?: number } & OutcomeOptions,
): Promise<Outcome[]> {
  const outcomes = await outcomesOf(results, o);
  expectNoServerError(outcomes);
  const summary = describeOutcomes(outcomes);
  expect(outcomes.filter((x) => x.ok).length, `successes: ${summary}`).toBe(o.successes ?? 1);
  const unclear = outcomes.filter((x) => !x.ok && !matchesRefusal(x, o.refusal));
  expect(unclear.length, `refusals other than ${JSON.stringify({ ...o.refusal, message: String(o.refusal.message) })}: ${summary}`).toBe(0);
  return outcomes;
}

/** Every call succeeded (idempotent writes: the effect is checked in the database by the test). */
export async function expectAllSucceed(results: PromiseSettledResult<unknown>[], o: OutcomeOptions = {}): Promise<Outcome[]> {
  const outcomes = await outcomesOf(results, o);
  expectNoServerError(outcomes);
  expect(outcomes.filter((x) => !x.ok).length, `failures: ${describeOutcomes(outcomes)}`).toBe(0);
  return outcomes;
}

/**
 * Every call either succeeded or was a clear refusal (4xx with the expected code and message), and at
 * least one succeeded: for last-writer-wins writes whose losers may also be refused.
 */
export async function expectSuccessOrRefusal(
  results: PromiseSettledResult<unknown>[],
  o: { refusal: Refusal } & OutcomeOptions,
): Promise<Outcome[]> {
  const outcomes = await outcomesOf(results, o);
  expectNoServerError(outcomes);
  const summary = describeOutcomes(outcomes);
  expect(outcomes.some((x) => x.ok), `no success: ${summary}`).toBe(true);
  expect(outcomes.filter((x) => !x.ok && !matchesRefusal(x, o.refusal)).length, `unclear failures: ${summary}`).toBe(0);
  return outcomes;
}
