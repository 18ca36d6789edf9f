/**
 * Call helpers of the estimate pages: reading a failure (a BAD_REQUEST may carry per-field texts
 * in `data.fields`; no answer at all is the connection case of §8, `isConnectionFailure` in
 * src/web/lib/errors.ts). The §9 time limits are applied to every call by src/web/lib/timeouts.ts.
 */
import { TRPCClientError } from "@trpc/client";

export { isConnectionFailure } from "../../lib/errors.ts";

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
