import { describe, expect, test } from "bun:test";
import { dashboardMessages as M, dashboardsPageGroup, dashboardUrlProblem, frameSrcDirective, normaliseOrigin, withFrameSrc } from "./dashboards.ts";

describe("allowed sites", () => {
  test("an https origin, normalised; no path, credentials or plain http", () => {
    expect(normaliseOrigin("https://Dashboards.Example.com/")).toEqual({ origin: "https://dashboards.example.com" });
    expect(normaliseOrigin("https://bi.example.org:8443")).toEqual({ origin: "https://bi.example.org:8443" });
    expect(normaliseOrigin("http://bi.example.org")).toEqual({ error: M.httpsOnly });
    expect(normaliseOrigin("https://bi.example.org/x")).toEqual({ error: M.invalidOrigin });
    expect(normaliseOrigin("https://u:p@bi.example.org")).toEqual({ error: M.invalidOrigin });
    expect(normaliseOrigin("not a url")).toEqual({ error: M.invalidOrigin });
  });

  test("loopback, private and link-local literals and localhost are refused outside tests", () => {
    for (const o of ["https://127.0.0.1", "https://10.1.2.3", "https://192.168.0.1", "https://169.254.169.254", "https://[::1]", "https://[fd00::1]", "https://localhost", "https://x.localhost"]) {
      expect(normaliseOrigin(o)).toEqual({ error: M.notPublic });
    }
    expect(normaliseOrigin("https://127.0.0.1", true)).toEqual({ origin: "https://127.0.0.1" });
    expect(normaliseOrigin("https://93.184.215.14")).toEqual({ origin: "https://93.184.215.14" });
  });
});

describe("dashboard addresses", () => {
  const allowed = ["https://bi.example.org"];
  test("https and an allowed site", () => {
    expect(dashboardUrlProblem("https://bi.example.org/d/1?x=1", allowed)).toBeNull();
    expect(dashboardUrlProblem("http://bi.example.org/d/1", allowed)).toBe(M.httpsOnly);
    expect(dashboardUrlProblem("https://bi.example.org:444/d/1", allowed)).toBe(M.originNotAllowed);
    expect(dashboardUrlProblem("https://bi.example.org.evil.test/d", allowed)).toBe(M.originNotAllowed);
    expect(dashboardUrlProblem("https://u@bi.example.org/d", allowed)).toBe(M.invalidUrl);
    expect(dashboardUrlProblem("javascript:alert(1)", allowed)).toBe(M.httpsOnly);
    expect(dashboardUrlProblem("nope", allowed)).toBe(M.invalidUrl);
  });
});

describe("the page's frame-src", () => {
  test("only well-formed allowed origins; none at all is 'none'", () => {
    expect(frameSrcDirective(["https://a.example", "https://b.example:8443"])).toBe("frame-src https://a.example https://b.example:8443");
    expect(frameSrcDirective([])).toBe("frame-src 'none'");
    expect(frameSrcDirective(["https://a.example; script-src *", "http://plain.example", "https://a.example/path"])).toBe("frame-src 'none'");
  });

  test("replaces any frame-src or child-src of the app's policy, keeps the rest", () => {
    const policy = "default-src 'self'; frame-src 'self'; child-src *; frame-ancestors 'none'";
    expect(withFrameSrc(policy, ["https://a.example"])).toBe("default-src 'self'; frame-ancestors 'none'; frame-src https://a.example");
  });

  test("the page's path names its group", () => {
    expect(dashboardsPageGroup("/acme/dashboards")).toBe("acme");
    expect(dashboardsPageGroup("/acme/dashboards/")).toBe("acme");
    expect(dashboardsPageGroup("/acme/dashboards/1")).toBeNull();
    expect(dashboardsPageGroup("/reporting/dashboards")).toBe("reporting");
  });
});
