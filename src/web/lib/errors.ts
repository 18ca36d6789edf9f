import { TRPCClientError } from "@trpc/client";
import { connectionFailureOf } from "./connection-error.ts";

export type ErrorCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR"
  | (string & {});

type ErrorData = { code?: string; httpStatus?: number; appCode?: string; fields?: Record<string, string> | null };

function dataOf(error: unknown): ErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === "object" ? (data as ErrorData) : null;
}

/** The tRPC code of an error the server answered with, or null for network and unknown failures. */
export function errorCode(error: unknown): ErrorCode | null {
  return dataOf(error)?.code ?? null;
}

/**
 * No usable answer from the server (offline, aborted, past its time limit in src/web/lib/timeouts.ts,
 * or a gateway's 502/503/504): the spec's connection case (part 1 §8, part 2 §8). The rule lives in
 * src/web/lib/connection-error.ts (`connectionFailureOf`, and `reloadsPage` for the reload).
 */
export function isConnectionFailure(error: unknown): boolean {
  return connectionFailureOf(error) !== null;
}

/**
 * The server's own message when it answered with a known error (its texts come from
 * src/domain/messages.ts), or null when the failure is a connection failure (`isConnectionFailure`) or a 500.
 */
export function serverMessage(error: unknown): string | null {
  const code = errorCode(error);
  if (!code || code === "INTERNAL_SERVER_ERROR" || isConnectionFailure(error)) return null;
  return error instanceof Error && error.message ? error.message : null;
}

/** What an error state shows: the server's text for a known error, else the spec's generic failure text. */
export function errorText(error: unknown, genericText: string): string {
  return serverMessage(error) ?? genericText;
}
