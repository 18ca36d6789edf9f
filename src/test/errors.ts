import { expect } from "bun:test";
import { TRPCError } from "@trpc/server";
import { ZodError } from "zod";
import type { TrpcCode } from "../domain/errors.ts";

/**
 * Awaits a createCaller call that must fail and checks the tRPC code and, when given, the exact
 * message (the texts of src/domain/messages.ts). Returns the error for further checks.
 */
export async function expectTrpcError(call: Promise<unknown>, code: TrpcCode, message?: string): Promise<TRPCError> {
  let caught: unknown;
  try {
    await call;
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(TRPCError);
  const error = caught as TRPCError;
  expect(error.code).toBe(code);
  if (message !== undefined) expect(error.message).toBe(message);
  return error;
}

/** A zod input failure: BAD_REQUEST whose cause lists an issue at `path`. */
export async function expectInputError(call: Promise<unknown>, path: string): Promise<TRPCError> {
  const error = await expectTrpcError(call, "BAD_REQUEST");
  expect(error.cause).toBeInstanceOf(ZodError);
  const paths = (error.cause as ZodError).issues.map((i) => i.path.map(String).join("."));
  expect(paths).toContain(path);
  return error;
}

/** What in `text` looks like a stack trace or an internal error name, or null (the non-throwing form of expectNoStackTrace). */
export function stackTraceIn(text: string): string | null {
  for (const pattern of [/\n\s+at\s/, /\bat .*\.(ts|js):\d+/, /TypeError/, /SyntaxError/]) {
    const found = pattern.exec(text);
    if (found) return found[0];
  }
  return null;
}

/** A response body must never carry a stack trace or an internal error name. */
export function expectNoStackTrace(text: string) {
  expect(text).not.toMatch(/\n\s+at\s/);
  expect(text).not.toMatch(/\bat .*\.(ts|js):\d+/);
  expect(text).not.toContain("TypeError");
  expect(text).not.toContain("SyntaxError");
}

/**
 * A refused legacy answer: the status, no stack trace, `success: false` and a text under
 * `messageKey` (equal to `message` when given). Returns the parsed body.
 */
export async function expectLegacyFailure(
  res: Response,
  status: number,
  o: { messageKey?: "errorMessage" | "resultMessage"; message?: string } = {},
): Promise<any> {
  const text = await res.text();
  expectNoStackTrace(text);
  expect(res.status).toBe(status);
  const body = JSON.parse(text);
  expect(body.success).toBe(false);
  const key = o.messageKey ?? "errorMessage";
  expect(typeof body[key]).toBe("string");
  if (o.message !== undefined) expect(body[key]).toBe(o.message);
  return body;
}
