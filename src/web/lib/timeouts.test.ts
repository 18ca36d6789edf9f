import { describe, expect, test } from "bun:test";
import { createTRPCUntypedClient, httpBatchLink, type TRPCLink } from "@trpc/client";
import { observable } from "@trpc/server/observable";
import type { AnyRouter } from "@trpc/server";
import { appRouter } from "../../routers/_app.ts";
import { errorText, isConnectionFailure, serverMessage } from "./errors.ts";
import {
  CAROUSEL_FADE_MS,
  CAROUSEL_INTERVAL_MS,
  DEFAULT_TIMEOUT_MS,
  FORM_ERROR_HIDE_MS,
  GEO_RULE_DELETE_TIMEOUT_MS,
  isTimeout,
  POLICY_SAVE_TIMEOUT_MS,
  timeoutFor,
  timeoutLink,
  TIMEOUTS_MS,
} from "./timeouts.ts";

describe("the time limit table", () => {
  test("most calls get 30 s", () => {
    expect(DEFAULT_TIMEOUT_MS).toBe(30_000);
    expect(timeoutFor("estimate.saveEstimate")).toBe(30_000);
    expect(timeoutFor("no.such.path")).toBe(30_000);
  });

  test("the spec's exceptions, by procedure path", () => {
    expect(timeoutFor("wizard.prefill")).toBe(60_000);
    expect(timeoutFor("formBuilder.submitForm")).toBe(60_000);
    expect(timeoutFor("policy.services.properties")).toBe(60_000);
    expect(timeoutFor("wizard.createNewEmployee")).toBe(900_000);
    expect(timeoutFor("wizard.splash")).toBe(100_000);
    expect(timeoutFor("estimate.admin.authorisation")).toBe(3_000);
    expect(timeoutFor("estimate.asyncStatus")).toBe(10_000);
    expect(timeoutFor("estimate.calculateTax")).toBe(10_000);
    expect(timeoutFor("policy.policies.updateSetting")).toBe(5_000);
    expect(timeoutFor("policy.services.addBudget")).toBe(5_000);
    expect(timeoutFor("policy.policies.dropdowns")).toBe(3_000);
    expect(timeoutFor("policy.catalogue.currencies")).toBe(90_000);
  });

  test("issue 23 item 21: geo-rule delete 3 s; policy service add/remove/update and every popup save 5 s", () => {
    expect(GEO_RULE_DELETE_TIMEOUT_MS).toBe(3_000);
    expect(POLICY_SAVE_TIMEOUT_MS).toBe(5_000);
    expect(timeoutFor("managers.deleteGeoRestriction")).toBe(GEO_RULE_DELETE_TIMEOUT_MS);
    for (const path of ["policy.services.add", "policy.services.remove", "policy.services.update"]) expect(timeoutFor(path)).toBe(POLICY_SAVE_TIMEOUT_MS);
    // Every popup write (a mutation of policy.popup) is a popup save; the popup read keeps 30 s.
    const popupProcedures = Object.entries((appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: string } }> } })._def.procedures).filter(([path]) => path.startsWith("policy.popup."));
    expect(popupProcedures.length).toBeGreaterThan(0);
    for (const [path, procedure] of popupProcedures) expect([path, timeoutFor(path)]).toEqual([path, procedure._def.type === "mutation" ? POLICY_SAVE_TIMEOUT_MS : DEFAULT_TIMEOUT_MS]);
  });

  test("issue 23 item 21: the screen timings (form error helper 10 s, carousel 5 s and 500 ms)", () => {
    expect(FORM_ERROR_HIDE_MS).toBe(10_000);
    expect(CAROUSEL_INTERVAL_MS).toBe(5_000);
    expect(CAROUSEL_FADE_MS).toBe(500);
  });

  test("the geo-rule delete is failed by the link after 3 s, not 30 s", async () => {
    const aborted: string[] = [];
    const client = createTRPCUntypedClient({ links: [timeoutLink(), fakeServer({}, aborted)] });
    const originalSetTimeout = globalThis.setTimeout;
    const asked: number[] = [];
    // Record the limit the link arms its timer with, and fire it at once.
    globalThis.setTimeout = ((fn: () => void, ms?: number) => {
      asked.push(ms ?? 0);
      return originalSetTimeout(fn, 0);
    }) as typeof setTimeout;
    try {
      const error = await client.mutation("managers.deleteGeoRestriction", { restrictionId: 1 }).catch((e: unknown) => e);
      expect(isTimeout(error)).toBe(true);
    } finally {
      globalThis.setTimeout = originalSetTimeout;
    }
    expect(asked).toContain(GEO_RULE_DELETE_TIMEOUT_MS);
    expect(aborted).toEqual(["managers.deleteGeoRestriction"]);
  });

  test("every listed path is a procedure of the app router", () => {
    const procedures = Object.keys((appRouter as unknown as { _def: { procedures: Record<string, unknown> } })._def.procedures);
    expect(Object.keys(TIMEOUTS_MS).filter((path) => !procedures.includes(path))).toEqual([]);
  });
});

/** A terminating link that answers each path after `delays[path]` ms (never when absent). */
function fakeServer(delays: Record<string, number>, aborted: string[]): TRPCLink<AnyRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        const ms = delays[op.path];
        let timer: ReturnType<typeof setTimeout> | undefined;
        if (ms !== undefined)
          timer = setTimeout(() => {
            observer.next({ result: { type: "data", data: `answer of ${op.path}` } });
            observer.complete();
          }, ms);
        return () => {
          if (timer) clearTimeout(timer);
          aborted.push(op.path);
        };
      });
}

describe("timeoutLink", () => {
  const limits: Record<string, number> = { slow: 20, quick: 200 };
  const limit = (path: string) => limits[path] ?? 50;

  test("a call past its limit fails as a connection failure and stops the request", async () => {
    const aborted: string[] = [];
    const client = createTRPCUntypedClient({ links: [timeoutLink(limit), fakeServer({}, aborted)] });
    const started = Date.now();
    const error = await client.mutation("slow", undefined).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(150);
    expect(isTimeout(error)).toBe(true);
    expect(isConnectionFailure(error)).toBe(true);
    expect(serverMessage(error)).toBeNull();
    expect(errorText(error, "Error removing the service.")).toBe("Error removing the service.");
    expect(aborted).toEqual(["slow"]);
  });

  test("each path gets its own limit; answers within it pass through", async () => {
    const aborted: string[] = [];
    const client = createTRPCUntypedClient({ links: [timeoutLink(limit), fakeServer({ quick: 60, other: 80 }, aborted)] });
    // 60 ms is within quick's 200 ms; 80 ms is past the 50 ms default.
    expect(await client.query("quick", undefined)).toBe("answer of quick");
    const error = await client.query("other", undefined).catch((e: unknown) => e);
    expect(isTimeout(error)).toBe(true);
    expect(aborted).toEqual(["quick", "other"]);
  });

  test("an answer clears the timer (no late failure)", async () => {
    const client = createTRPCUntypedClient({ links: [timeoutLink(() => 40), fakeServer({ fast: 5 }, [])] });
    expect(await client.query("fast", undefined)).toBe("answer of fast");
    await new Promise((resolve) => setTimeout(resolve, 60));
  });

  test("the app client's table is the default", async () => {
    const client = createTRPCUntypedClient({ links: [timeoutLink(), fakeServer({ "estimate.asyncStatus": 5 }, [])] });
    expect(await client.mutation("estimate.asyncStatus", undefined)).toBe("answer of estimate.asyncStatus");
  });
});

describe("504 answers", () => {
  const clientAnswering = (response: () => Response) =>
    createTRPCUntypedClient({
      links: [timeoutLink(), httpBatchLink({ url: "http://test.invalid/trpc", fetch: async () => response() })],
    });

  test("a gateway's 504 page is a connection failure", async () => {
    const client = clientAnswering(() => new Response("<html>504 Gateway Time-out</html>", { status: 504, headers: { "content-type": "text/html" } }));
    const error = await client.mutation("policy.services.remove", {}).catch((e: unknown) => e);
    expect(isConnectionFailure(error)).toBe(true);
    expect(errorText(error, "Error removing the service.")).toBe("Error removing the service.");
  });

  test("a tRPC GATEWAY_TIMEOUT (504) answer is a connection failure, not the server's text", async () => {
    const body = [{ error: { message: "upstream timed out", code: -32603, data: { code: "GATEWAY_TIMEOUT", httpStatus: 504 } } }];
    const client = clientAnswering(() => Response.json(body, { status: 504 }));
    const error = await client.mutation("policy.services.remove", {}).catch((e: unknown) => e);
    expect(isConnectionFailure(error)).toBe(true);
    expect(serverMessage(error)).toBeNull();
  });

  test("a known error the server answered is not a connection failure", async () => {
    const body = [{ error: { message: "Policy is released", code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } }];
    const client = clientAnswering(() => Response.json(body, { status: 400 }));
    const error = await client.mutation("policy.services.remove", {}).catch((e: unknown) => e);
    expect(isConnectionFailure(error)).toBe(false);
    expect(errorText(error, "Error removing the service.")).toBe("Policy is released");
  });
});
