import { describe, expect, test } from "bun:test";
import { isValidEmail, normalizeEmail, ZEmail } from "./email.ts";
import { messages } from "../../messages.ts";

describe("email rule: accepted", () => {
  test.each([
    "hr@acme.test",
    "first.last@example.co",
    "o'brien+tag@mail.example.com",
    "UPPER_case-1%x@Example.ORG",
    "a@b-c.de",
  ])("%s", (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  test("a top-level domain of 10 letters passes the wide rule only", () => {
    expect(isValidEmail("x@company.abcdefghij")).toBe(true);
    expect(isValidEmail("x@company.abcdefghij", 4)).toBe(false);
  });

  test("the narrow rule allows 2 to 4 letters", () => {
    expect(isValidEmail("x@company.info", 4)).toBe(true);
    expect(isValidEmail("x@company.co", 4)).toBe(true);
    expect(isValidEmail("x@company.museum", 4)).toBe(false);
  });
});

describe("email rule: refused", () => {
  test.each([
    ["no @", "hr.acme.test"],
    ["two @", "hr@@acme.test"],
    ["no domain", "hr@"],
    ["no local part", "@acme.test"],
    ["one-letter TLD", "hr@acme.t"],
    ["11-letter TLD", "hr@acme.abcdefghijk"],
    ["digits in the TLD", "hr@acme.c0m"],
    ["no dot in the domain", "hr@localhost"],
    ["a space", "h r@acme.test"],
    ["a label starting with a hyphen", "hr@-acme.test"],
    ["a label ending with a hyphen", "hr@acme-.test"],
    ["empty", ""],
  ])("%s", (_label, email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  test("longer than 254 characters", () => {
    const email = `${"a".repeat(64)}@${"b".repeat(61)}.${"c".repeat(60)}.${"d".repeat(63)}.com`;
    expect(email.length).toBe(255);
    expect(isValidEmail(email)).toBe(false);
  });
});

describe("ZEmail", () => {
  test("trims and lower-cases", () => {
    expect(normalizeEmail("  HR@Acme.Test ")).toBe("hr@acme.test");
    expect(ZEmail.parse("  HR@Acme.Test ")).toBe("hr@acme.test");
  });

  test("refuses an invalid address with the spec's text", () => {
    const result = ZEmail.safeParse("not-an-email");
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(messages.invalidEmailAddress);
  });

  test("refuses a non-string", () => {
    expect(ZEmail.safeParse(42).success).toBe(false);
  });
});
