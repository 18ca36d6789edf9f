import { describe, expect, test } from "bun:test";
import { createErrorReporter, describeError, type ErrorReport } from "./report-error.ts";

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
