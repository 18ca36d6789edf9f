import { describe, expect, test } from "bun:test";
import {
  anonymousIdentity,
  isValidTimezoneOffset,
  mayReceiveResetMail,
  parseUserId,
  RESET_MAILS_PER_WINDOW,
  resetLink,
  resetWindowStart,
} from "./rules.ts";
import { ZAnonymizeRequest, ZFindResetLinkRequest, ZRecoveryRequest, ZRegisterClientInfoRequest, ZSetPasswordRequest } from "./schemas.ts";
import { recoveryMessages } from "./messages.ts";

describe("reset e-mail rate limit", () => {
  test("five per hour", () => {
    expect(RESET_MAILS_PER_WINDOW).toBe(5);
    expect(mayReceiveResetMail(0)).toBe(true);
    expect(mayReceiveResetMail(4)).toBe(true);
    expect(mayReceiveResetMail(5)).toBe(false);
    expect(mayReceiveResetMail(2, 2)).toBe(false);
  });
  test("the window starts an hour before now", () => {
    expect(resetWindowStart(new Date("2026-11-22T10:00:00.000Z"))).toBe("2026-11-22T09:00:00.000Z");
  });
});

describe("reset link", () => {
  test("points at the set-new-password page with the token", () => {
    expect(resetLink("https://m.example/", "a-b_c")).toBe("https://m.example/user/set-new-password?token=a-b_c");
  });
});

describe("time zone offset", () => {
  test.each([[0, true], [-840, true], [840, true], [330, true], [841, false], [-841, false], [1.5, false], [Number.NaN, false]])("%p → %p", (v, ok) => {
    expect(isValidTimezoneOffset(v)).toBe(ok);
  });
  test("form text is read as a number; out of range is refused with a clear text", () => {
    expect(ZRegisterClientInfoRequest.parse({ timezoneOffset: "-60" })).toEqual({ timezoneOffset: -60 });
    const bad = ZRegisterClientInfoRequest.safeParse({ timezoneOffset: "900" });
    expect(bad.success).toBe(false);
    expect(bad.error!.issues[0]!.message).toBe(recoveryMessages.timezoneOffset);
    expect(ZRegisterClientInfoRequest.safeParse({ timezoneOffset: "" }).success).toBe(false);
    expect(ZRegisterClientInfoRequest.safeParse({ timezoneOffset: "abc" }).success).toBe(false);
  });
});

describe("user ids", () => {
  test.each([["12", 12], [7, 7], [" 3 ", 3], ["0", null], ["-1", null], ["1.5", null], ["abc", null], ["", null], [null, null]])("%p → %p", (v, id) => {
    expect(parseUserId(v)).toBe(id);
  });
  test("an empty id gives the spec's text", () => {
    const r = ZAnonymizeRequest.safeParse({ userId: "" });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe("Please enter user Id");
    expect(ZAnonymizeRequest.safeParse({}).error!.issues[0]!.message).toBe("Please enter user Id");
  });
});

describe("anonymous identity", () => {
  test("replaces every personal field", () => {
    expect(anonymousIdentity(42)).toEqual({ firstName: "Anonymized", lastName: "User", email: "anonymized-42@anonymized.invalid", phone: null, moveDate: null });
  });
});

describe("address checks", () => {
  test("account recovery: the spec's text without a full stop", () => {
    expect(ZRecoveryRequest.safeParse({ email: "nope" }).error!.issues[0]!.message).toBe("Not a valid email address");
    expect(ZRecoveryRequest.parse({ email: " Employee@Acme.TEST " })).toEqual({ email: "employee@acme.test" });
  });
  test("admin lookup: the spec's text with a full stop", () => {
    expect(ZFindResetLinkRequest.safeParse({ email: "nope" }).error!.issues[0]!.message).toBe("Not a valid email address.");
  });
});

describe("set-new-password form", () => {
  test("each broken rule and a mismatch are field errors", () => {
    const r = ZSetPasswordRequest.safeParse({ token: "t", password: "short", confirmPassword: "other" });
    expect(r.success).toBe(false);
    const paths = r.error!.issues.map((i) => i.path[0]);
    expect(paths.filter((p) => p === "password").length).toBe(4);
    expect(paths).toContain("confirmPassword");
  });
  test("a valid password passes", () => {
    expect(ZSetPasswordRequest.safeParse({ token: "t", password: "New#2026pass", confirmPassword: "New#2026pass" }).success).toBe(true);
  });
});
