import "./zod-config.ts";
import { messages } from "./messages.ts";

/**
 * The one error type domain and service code throws. Transports map `code`
 * through `errorTable` to a tRPC code and an HTTP status; nothing else decides.
 */
export type AppErrorCode =
  | "BAD_REQUEST"
  | "VALIDATION"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL";

export type TrpcCode =
  | "BAD_REQUEST"
  | "UNAUTHORIZED"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "CONFLICT"
  | "PAYLOAD_TOO_LARGE"
  | "TOO_MANY_REQUESTS"
  | "INTERNAL_SERVER_ERROR";

/** Per-field messages, keyed by the documented field name. */
export type FieldErrors = Record<string, string>;

export const errorTable: Record<AppErrorCode, { trpc: TrpcCode; http: 400 | 401 | 403 | 404 | 409 | 413 | 429 | 500 }> = {
  BAD_REQUEST: { trpc: "BAD_REQUEST", http: 400 },
  VALIDATION: { trpc: "BAD_REQUEST", http: 400 },
  UNAUTHORIZED: { trpc: "UNAUTHORIZED", http: 401 },
  FORBIDDEN: { trpc: "FORBIDDEN", http: 403 },
  NOT_FOUND: { trpc: "NOT_FOUND", http: 404 },
  CONFLICT: { trpc: "CONFLICT", http: 409 },
  PAYLOAD_TOO_LARGE: { trpc: "PAYLOAD_TOO_LARGE", http: 413 },
  TOO_MANY_REQUESTS: { trpc: "TOO_MANY_REQUESTS", http: 429 },
  INTERNAL: { trpc: "INTERNAL_SERVER_ERROR", http: 500 },
};

export class AppError extends Error {
  override readonly name = "AppError";
  constructor(
    readonly code: AppErrorCode,
    message: string,
    readonly fields?: FieldErrors,
  ) {
    super(message);
  }
}

/** Reverse lookup used when a tRPC error (e.g. from zod input parsing) reaches the HTTP layer. */
export function appCodeForTrpc(code: string): AppErrorCode {
  const hit = (Object.keys(errorTable) as AppErrorCode[]).find(
    (k) => k !== "VALIDATION" && errorTable[k].trpc === code,
  );
  return hit ?? (code === "INTERNAL_SERVER_ERROR" ? "INTERNAL" : "BAD_REQUEST");
}

/** What any transport may show for an error: AppErrors keep their text, anything else becomes the generic spec text. */
export function publicError(error: unknown): { code: AppErrorCode; message: string; fields?: FieldErrors } {
  if (error instanceof AppError) return { code: error.code, message: error.message, fields: error.fields };
  return { code: "INTERNAL", message: messages.genericFailure };
}
