import { describe, expect, test } from "bun:test";
import { createErrorReporter, describeError, reportHandledFailure, type ErrorReport } from "./report-error.ts";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function recorder(fail: "none" | "reject" | "throw" = "none") {
  const sent: ErrorReport[] = [];
  const send = (r: ErrorReport) => {
    sent.push(r);
    if (fail === "throw") throw new Error("send threw");
    return fail === "reject" ? Promise.reject(new Error("offline")) : Promise.resolve();
  };
  return { sent, send };
}

describe("report-error", () => {
  test("the same error is sent once per page load; a different one too", async () => {
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 10_000, page: () => "/acme/home" });
    const boom = new Error("boom");
    for (let i = 0; i < 50; i++) reporter.report(boom);
    reporter.report(boom, "\n    at Widget");
    reporter.report("plain text");
    await reporter.flush();
    expect(sent.map((r) => r.message)).toEqual(["Error: boom", "Error: boom", "plain text"]);
    expect(sent[1]!.detail).toContain("Component stack:\n    at Widget");
    reporter.report(boom);
    await reporter.flush();
    expect(sent).toHaveLength(3);
  });

  test("debounced: reports wait and go together after the delay", async () => {
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 30, page: () => "/p" });
    reporter.report(new Error("a"));
    await sleep(15);
    reporter.report(new Error("b"));
    await sleep(20);
    expect(sent).toHaveLength(0);
    await sleep(40);
    expect(sent.map((r) => r.message)).toEqual(["Error: a", "Error: b"]);
  });

  test("at most maxPerLoad different errors", async () => {
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 10_000, maxPerLoad: 3 });
    for (let i = 0; i < 10; i++) reporter.report(new Error(`e${i}`));
    await reporter.flush();
    expect(sent).toHaveLength(3);
  });

  test("never throws and never reports its own failures", async () => {
    for (const mode of ["reject", "throw"] as const) {
      const { sent, send } = recorder(mode);
      const reporter = createErrorReporter({ send, delayMs: 10_000, page: () => { throw new Error("no page"); } });
      expect(() => reporter.report(new Error("x"))).not.toThrow();
      const ok = createErrorReporter({ send, delayMs: 10_000, page: () => "/p" });
      ok.report(new Error("y"));
      ok.report(new Error("z"));
      await ok.flush();
      expect(sent.map((r) => r.message)).toEqual(["Error: y", "Error: z"]);
    }
    const weird = { toJSON() { throw new Error("no json"); } };
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 10_000 });
    expect(() => reporter.report(weird)).not.toThrow();
    reporter.report(undefined);
    await reporter.flush();
    expect(sent.map((r) => r.message)).toEqual(["[object Object]", "Unknown error"]);
  });

  test("only the page's path and bounded fields are sent", async () => {
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 10_000, page: () => "/employee/activate?ac=secret#top" });
    const big = new Error("m".repeat(5000));
    big.stack = "s".repeat(20_000);
    reporter.report(big);
    await reporter.flush();
    expect(sent[0]!.page).toBe("/employee/activate");
    expect(sent[0]!.message).toHaveLength(2000);
    expect(sent[0]!.detail).toHaveLength(8000);
    expect(describeError("a\u0000b").message).toBe("ab");
  });
});

describe("handled failures (part 1 §8: initiation failures are reported too)", () => {
  test("a handled failure reaches the reporter with where it happened, the text shown and its cause", async () => {
    const { sent, send } = recorder();
    const reporter = createErrorReporter({ send, delayMs: 10_000, page: () => "/acme/new-move?stage=2" });
    const cause = Object.assign(new Error("The server could not save the move."), { name: "TRPCClientError" });
    reportHandledFailure("New move stage 2 (createNewEmployee)", "We are experiencing an issue with the initiation process.", cause, reporter);
    reportHandledFailure("New move stage 5 (completeInitiation)", "There has been an error initiating this employee...", undefined, reporter);
    await reporter.flush();
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatchObject({
      page: "/acme/new-move",
      message: "HandledFailure: New move stage 2 (createNewEmployee): We are experiencing an issue with the initiation process.",
    });
    expect(sent[0]!.detail).toContain("Cause: TRPCClientError: The server could not save the move.");
    expect(sent[1]).toEqual({ page: "/acme/new-move", message: "HandledFailure: New move stage 5 (completeInitiation): There has been an error initiating this employee..." });
  });

  test("the same handled failure is sent once per page load, and reporting never throws", async () => {
    const { sent, send } = recorder("throw");
    const reporter = createErrorReporter({ send, delayMs: 10_000, page: () => "/p" });
    for (let i = 0; i < 5; i++) reportHandledFailure("Stage", "Shown", undefined, reporter);
    expect(() => reportHandledFailure("Stage", "Shown", { toJSON: () => { throw new Error("x"); } }, reporter)).not.toThrow();
    await reporter.flush();
    expect(sent.length).toBeLessThanOrEqual(2);
    expect(sent[0]!.message).toBe("HandledFailure: Stage: Shown");
  });
});
