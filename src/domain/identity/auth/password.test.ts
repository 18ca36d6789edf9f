import { describe, expect, test } from "bun:test";
import {
  checkPassword,
  isValidPassword,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordMismatch,
  passwordRules,
  ZNewPassword,
  type PasswordRuleId,
} from "./password.ts";

const failing = (pw: string) => checkPassword(pw).filter((r) => !r.ok).map((r) => r.id);

describe("password rules: accepted", () => {
  test.each([
    ["the demo password", "Demo#2026pass"],
    ["exactly 8 characters", "Abcdef1#"],
    ["exactly 20 characters", "Abcdefghijklmnopq1#x"],
    ["every allowed special", "Aa1&$#@+^="],
  ])("%s", (_label, pw) => {
    expect(isValidPassword(pw)).toBe(true);
    expect(failing(pw)).toEqual([]);
  });

  test("limits are 8 and 20", () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(PASSWORD_MAX).toBe(20);
  });
});

describe("password rules: refused", () => {
  test.each([
    ["7 characters", "Abcde1#", ["length"]],
    ["21 characters", "Abcdefghijklmnopq1#xy", ["length"]],
    ["no uppercase letter", "demo#2026pass", ["uppercase"]],
    ["no lowercase letter", "DEMO#2026PASS", ["lowercase"]],
    ["no digit", "Demo#pass", ["digit"]],
    ["no special character", "Demo2026pass", ["special"]],
    ["a character outside the allowed set (!)", "Demo#2026pass!", ["allowed"]],
    ["a space", "Demo#2026 pass", ["allowed"]],
    ["a non-ASCII letter", "Démo#2026pass", ["allowed"]],
    ["empty", "", ["length", "uppercase", "lowercase", "digit", "special"]],
  ])("%s", (_label, pw, ids) => {
    expect(isValidPassword(pw)).toBe(false);
    expect(failing(pw)).toEqual(ids as PasswordRuleId[]);
  });
});

describe("password checklist", () => {
  test("lists every rule in order with its label", () => {
    const list = checkPassword("abc");
    expect(list.map((r) => r.id)).toEqual(["length", "uppercase", "lowercase", "digit", "special", "allowed"]);
    expect(list.map((r) => r.label)).toEqual(passwordRules.map((r) => r.label));
    expect(list.find((r) => r.id === "length")?.label).toBe("Between 8 and 20 characters");
    expect(list.find((r) => r.id === "special")?.label).toBe("At least one of & $ # @ + ^ =");
    expect(list.filter((r) => r.ok).map((r) => r.id)).toEqual(["lowercase", "allowed"]);
  });
});

describe("ZNewPassword", () => {
  test("accepts a valid password and its confirmation", () => {
    expect(ZNewPassword.safeParse({ password: "Demo#2026pass", confirmPassword: "Demo#2026pass" }).success).toBe(true);
  });

  test("reports each broken rule on the password field", () => {
    const result = ZNewPassword.safeParse({ password: "short", confirmPassword: "short" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.filter((i) => i.path[0] === "password").map((i) => i.message);
    expect(messages).toEqual(["Between 8 and 20 characters", "At least one uppercase letter", "At least one digit", "At least one of & $ # @ + ^ ="]);
  });

  test("reports a mismatch on the confirmation field", () => {
    const result = ZNewPassword.safeParse({ password: "Demo#2026pass", confirmPassword: "Demo#2026pasS" });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toHaveLength(1);
    expect(result.error!.issues[0]!.path).toEqual(["confirmPassword"]);
    expect(result.error!.issues[0]!.message).toBe(passwordMismatch);
  });
});
