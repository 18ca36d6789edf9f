import { TRPCClientError } from "@trpc/client";

/** The per-field messages of a tRPC error (the server's `data.fields`), or an empty map. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof TRPCClientError)) return {};
  const data: unknown = error.data;
  const fields = data && typeof data === "object" ? (data as { fields?: unknown }).fields : null;
  return fields && typeof fields === "object" ? (fields as Record<string, string>) : {};
}
