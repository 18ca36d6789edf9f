import { describe, expect, test } from "bun:test";
import { testConfig } from "../test/db.ts";
import { clearSessionCookie, readCookie, SESSION_COOKIE, sessionCookie } from "./cookies.ts";

describe("session cookie", () => {
  test("HttpOnly, SameSite=Lax, whole site, not Secure over plain HTTP", () => {
    expect(sessionCookie("tok", 3600, testConfig())).toBe("meridian_session=tok; Path=/; HttpOnly; SameSite=Lax; Max-Age=3600");
  });

  test("Secure when COOKIE_SECURE=1", () => {
    expect(sessionCookie("tok", 60, testConfig({ COOKIE_SECURE: "1" }))).toEndWith("; Secure");
  });

  test("Secure automatically behind an https PUBLIC_URL", () => {
    expect(sessionCookie("tok", 60, testConfig({ PUBLIC_URL: "https://meridian.example.com" }))).toEndWith("; Secure");
    expect(sessionCookie("tok", 60, testConfig({ PUBLIC_URL: "http://localhost:3000" }))).not.toContain("Secure");
    expect(sessionCookie("tok", 60, testConfig({ PUBLIC_URL: "https://x.example.com", COOKIE_SECURE: "0" }))).not.toContain("Secure");
  });

  test("clearing expires the cookie at once", () => {
    expect(clearSessionCookie(testConfig())).toBe("meridian_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0");
  });
});

describe("readCookie", () => {
  test("finds the named cookie among others", () => {
    expect(readCookie("a=1; meridian_session=abc; b=2", SESSION_COOKIE)).toBe("abc");
    expect(readCookie("meridian_session=a%2Bb", SESSION_COOKIE)).toBe("a+b");
  });

  test("absent or empty header", () => {
    expect(readCookie(null, SESSION_COOKIE)).toBeNull();
    expect(readCookie("", SESSION_COOKIE)).toBeNull();
    expect(readCookie("other=1; xmeridian_session=2", SESSION_COOKIE)).toBeNull();
  });
});

describe("session cookie behind a TLS proxy (X-Forwarded-Proto)", () => {
  test("a secure request marks it Secure under COOKIE_SECURE=auto, not under COOKIE_SECURE=0", () => {
    expect(sessionCookie("tok", 60, testConfig(), true)).toEndWith("; Secure");
    expect(clearSessionCookie(testConfig(), true)).toEndWith("; Secure");
    expect(sessionCookie("tok", 60, testConfig({ COOKIE_SECURE: "0" }), true)).not.toContain("Secure");
  });
});
