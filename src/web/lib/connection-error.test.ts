import { describe, expect, test } from "bun:test";
import { createTRPCUntypedClient, httpBatchLink, TRPCClientError, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AnyRouter } from "@trpc/server";
import { CONNECTION_RELOAD_DELAY_MS, connectionFailureOf, reloadsPage, requestFinished, scheduleReload, withGatewayErrors } from "./connection-error.ts";
import { isConnectionFailure } from "./errors.ts";
import { timeoutLink } from "./timeouts.ts";

/** A client whose every call gets `response` (or the error `fetch` throws). */
const clientAnswering = (response: () => Response | Promise<Response>) =>
  createTRPCUntypedClient({ links: [timeoutLink(), httpBatchLink({ url: "http://test.invalid/trpc", fetch: withGatewayErrors(async () => response()) })] });

const failureOf = (response: () => Response | Promise<Response>) => clientAnswering(response).mutation("policy.services.remove", {}).catch((e: unknown) => e);

const trpcError = (status: number, code: string, message = "refused") =>
  Response.json([{ error: { message, code: -32600, data: { code, httpStatus: status } } }], { status });

describe("connection errors", () => {
  test("a 504 gateway page on removing a service is a connection error that reloads", async () => {
    const error = await failureOf(() => new Response("<html>504 Gateway Time-out</html>", { status: 504, headers: { "content-type": "text/html" } }));
    expect(connectionFailureOf(error)).toEqual({ kind: "gateway", status: 504 });
    expect(isConnectionFailure(error)).toBe(true);
    expect(reloadsPage(error)).toBe(true);
  });

  test("502 and 503 from a gateway are connection errors too", async () => {
    for (const status of [502, 503]) {
      const error = await failureOf(() => new Response("Bad gateway", { status }));
      expect(connectionFailureOf(error)).toEqual({ kind: "gateway", status });
      expect(isConnectionFailure(error)).toBe(true);
      expect(reloadsPage(error)).toBe(true);
    }
  });

  test("a tRPC GATEWAY_TIMEOUT answer is a connection error, not the server's text", async () => {
    const error = await failureOf(() => trpcError(504, "GATEWAY_TIMEOUT", "upstream timed out"));
    expect(connectionFailureOf(error)?.kind).toBe("gateway");
  });

  test("a network failure (fetch throws) is a connection error", async () => {
    const error = await failureOf(() => Promise.reject(new TypeError("Failed to fetch")));
    expect(connectionFailureOf(error)).toEqual({ kind: "network", status: null });
    expect(reloadsPage(error)).toBe(true);
  });

  test("a call past its time limit is a connection error on a finished request", async () => {
    const silent: TRPCLink<AnyRouter> = () => () => observable(() => () => {});
    const client = createTRPCUntypedClient({ links: [timeoutLink(() => 10), silent] });
    const error = await client.mutation("estimate.calculateTax", {}).catch((e: unknown) => e);
    expect(connectionFailureOf(error)).toEqual({ kind: "timeout", status: null });
    expect(requestFinished(error)).toBe(true);
    expect(reloadsPage(error)).toBe(true);
  });

  test("known errors and 500s the server answered are not connection errors", async () => {
    for (const [status, code] of [
      [400, "BAD_REQUEST"],
      [403, "FORBIDDEN"],
      [404, "NOT_FOUND"],
      [409, "CONFLICT"],
      [500, "INTERNAL_SERVER_ERROR"],
    ] as const) {
      const error = await failureOf(() => trpcError(status, code));
      expect(connectionFailureOf(error)).toBeNull();
      expect(reloadsPage(error)).toBe(false);
    }
  });

  test("a request the page cancelled is not finished and does not reload", () => {
    const abort = new DOMException("The operation was aborted.", "AbortError");
    const error = TRPCClientError.from(abort);
    expect(requestFinished(error)).toBe(false);
    expect(reloadsPage(error)).toBe(false);
  });
});

describe("scheduleReload", () => {
  test("reloads after the delay for a connection error, and can be cancelled", async () => {
    const error = await failureOf(() => new Response("", { status: 504 }));
    let reloads = 0;
    const cancel = scheduleReload(error, () => reloads++, 20);
    expect(cancel).not.toBeNull();
    expect(reloads).toBe(0);
    await Bun.sleep(40);
    expect(reloads).toBe(1);

    const cancelled = scheduleReload(error, () => reloads++, 20);
    cancelled?.();
    await Bun.sleep(40);
    expect(reloads).toBe(1);
  });

  test("does nothing for an error the server answered", async () => {
    const error = await failureOf(() => trpcError(400, "BAD_REQUEST"));
    let reloads = 0;
    expect(scheduleReload(error, () => reloads++, 1)).toBeNull();
    await Bun.sleep(10);
    expect(reloads).toBe(0);
  });

  test("the delay is the spec's 2 s feedback time", () => {
    expect(CONNECTION_RELOAD_DELAY_MS).toBe(2_000);
  });
});
