/**
 * Connection errors, one rule for the whole web client (part 2 §8 "A connection error with a
 * finished request reloads the page", "A 504 when removing a service is treated as a connection
 * error"; part 1 §8 "Tax calculation timeout shows a connection message and reloads").
 *
 * A connection error is a call the product did not answer itself: the network failed (offline,
 * refused, an answer that is not the server's), a gateway answered 502, 503 or 504, or the call ran
 * past its time limit (src/web/lib/timeouts.ts). A known error the server answered (400, 403, 409 …)
 * and a 500 are not connection errors: they show the server's text or the area's failure text.
 *
 * A request is finished when it ended by itself (an answer, a network failure or its time limit);
 * a request the page cancelled (navigation, unmount: an AbortError) is not, and never reloads.
 * A finished request with a connection error shows the area's connection text and reloads the page
 * after `CONNECTION_RELOAD_DELAY_MS` (the spec's 2 s for feedback messages, part 2 §9), with a
 * "Reload now" offer meanwhile.
 */
import { TRPCClientError } from "@trpc/client";
import { useCallback, useEffect, useRef, useState } from "react";
import { isTimeout } from "./timeouts.ts";

/** How long the connection message shows before the page reloads (part 2 §9: feedback shows 2 s). */
export const CONNECTION_RELOAD_DELAY_MS = 2_000;

/** The HTTP statuses of a gateway (proxy, load balancer) that could not get the product's answer. */
export const GATEWAY_STATUSES: ReadonlySet<number> = new Set([502, 503, 504]);

/** tRPC codes that mean the same as a gateway status. */
const GATEWAY_CODES: ReadonlySet<string> = new Set(["BAD_GATEWAY", "SERVICE_UNAVAILABLE", "GATEWAY_TIMEOUT"]);

export type ConnectionFailure = { kind: "network" | "gateway" | "timeout"; status: number | null };

type ErrorData = { code?: string; httpStatus?: number };

/**
 * A gateway's answer that is not the product's (an HTML or empty 502/503/504 page): tRPC could only
 * say it is not JSON, so `gatewayAwareFetch` names the status instead.
 */
export class GatewayError extends Error {
  constructor(readonly status: number) {
    super(`The gateway answered ${status}`);
    this.name = "GatewayError";
  }
}

type Fetch = (input: RequestInfo | URL, init?: RequestInit) => Promise<Response>;

/**
 * The web client's fetch for tRPC (src/web/lib/trpc.ts) around `base`: a 502, 503 or 504 whose body
 * is not the server's JSON fails with a `GatewayError` carrying the status.
 */
export function withGatewayErrors(base: Fetch): Fetch {
  return async (input, init) => {
    const response = await base(input, init);
    if (GATEWAY_STATUSES.has(response.status) && !(response.headers.get("content-type") ?? "").includes("json")) {
      void response.body?.cancel().catch(() => {});
      throw new GatewayError(response.status);
    }
    return response;
  };
}

function statusOf(error: unknown): number | null {
  if (error instanceof GatewayError) return error.status;
  if (!(error instanceof TRPCClientError)) return null;
  if (error.cause instanceof GatewayError) return error.cause.status;
  const meta = error.meta as { response?: { status?: unknown } } | undefined;
  const status = meta?.response?.status;
  if (typeof status === "number") return status;
  const data = error.data as ErrorData | undefined | null;
  return typeof data?.httpStatus === "number" ? data.httpStatus : null;
}

function dataCode(error: unknown): string | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === "object" && typeof (data as ErrorData).code === "string" ? (data as ErrorData).code! : null;
}

function isAbort(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof Error && e.name === "AbortError") return true;
  }
  return false;
}

/**
 * What kind of connection error `error` is, or null when the server answered it (a known error,
 * or a 500). Any failure that is not a tRPC answer with a code (a TypeError from fetch, an HTML
 * error page that is not JSON) counts as the network's.
 */
export function connectionFailureOf(error: unknown): ConnectionFailure | null {
  if (isTimeout(error)) return { kind: "timeout", status: null };
  const status = statusOf(error);
  const code = dataCode(error);
  if ((status !== null && GATEWAY_STATUSES.has(status)) || (code !== null && GATEWAY_CODES.has(code))) return { kind: "gateway", status };
  if (code === null) return { kind: "network", status };
  return null;
}

/** True when the request ended by itself; false when the page cancelled it (navigation, unmount). */
export function requestFinished(error: unknown): boolean {
  return isTimeout(error) || !isAbort(error);
}

/** The rule: a connection error on a finished request reloads the page. */
export function reloadsPage(error: unknown): boolean {
  return connectionFailureOf(error) !== null && requestFinished(error);
}

/**
 * Runs `reload` after `delayMs` when `error` reloads the page (`reloadsPage`); returns the way to
 * cancel it, or null when the error does not reload.
 */
export function scheduleReload(error: unknown, reload: () => void, delayMs = CONNECTION_RELOAD_DELAY_MS): (() => void) | null {
  if (!reloadsPage(error)) return null;
  const timer = setTimeout(reload, delayMs);
  return () => clearTimeout(timer);
}

/** Reloads the browser's page (kept apart so tests of the rule can pass their own). */
export function reloadPage(): void {
  window.location.reload();
}

export type ConnectionReload = {
  /** A reload is on its way (show the connection text with `reloadNow`). */
  pending: boolean;
  /** Applies the rule to a failed call: true when the page will reload. */
  handle: (error: unknown) => boolean;
  /** Reloads at once. */
  reloadNow: () => void;
};

/** The rule for a component: `handle(error)` in the call's onError, `pending` for the "Reload now" offer. */
export function useConnectionReload(reload: () => void = reloadPage, delayMs = CONNECTION_RELOAD_DELAY_MS): ConnectionReload {
  const [pending, setPending] = useState(false);
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  const handle = useCallback(
    (error: unknown) => {
      if (cancel.current) return true;
      const scheduled = scheduleReload(error, reload, delayMs);
      if (!scheduled) return false;
      cancel.current = scheduled;
      setPending(true);
      return true;
    },
    [reload, delayMs],
  );
  const reloadNow = useCallback(() => {
    cancel.current?.();
    reload();
  }, [reload]);
  return { pending, handle, reloadNow };
}
