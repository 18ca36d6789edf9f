/**
 * Call helpers of the estimate pages: the §9 time limits (30 s most calls, 10 s status and tax
 * calculation) and reading a failure (no answer at all is the connection case of §8; a
 * BAD_REQUEST may carry per-field texts in `data.fields`).
 */
import { TRPCClientError } from "@trpc/client";
import { errorCode } from "../../lib/errors.ts";

/** part 1 §9 timeouts. */
export const TIMEOUT_MS = { default: 30_000, status: 10_000, tax: 10_000 } as const;

/** Runs a call with an abort signal that fires after `ms`. */
export async function withTimeout<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), ms);
  try {
    return await run(controller.signal);
  } finally {
    clearTimeout(timer);
  }
}

/** No answer from the server (offline, timed out, aborted): §8's connection message applies. */
export function isConnectionFailure(error: unknown): boolean {
  return errorCode(error) === null;
}

/** The per-field texts of a BAD_REQUEST (`data.fields`), or null. */
export function fieldErrorsOf(error: unknown): Record<string, string> | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  if (!data || typeof data !== "object") return null;
  const fields = (data as { fields?: unknown }).fields;
  if (!fields || typeof fields !== "object") return null;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(fields)) if (typeof value === "string") out[key] = value;
  return Object.keys(out).length > 0 ? out : null;
}
