import { describe, expect, test } from "bun:test";
import { isEligible, namesSummary, popupButton, validateEnd, validateExtension } from "./rules.ts";
import { assignmentMessages as M, ZEndRequest, ZExtendRequest } from "./schemas.ts";

const base = { stagesCount: 3, stage: 2, status: "open", assignmentEndDate: "2030-01-01" };

describe("isEligible (§4)", () => {
  test("three-stage policy, stage 2, open or on assignment, with an end date", () => {
    expect(isEligible(base)).toBe(true);
    expect(isEligible({ ...base, status: "on_assignment" })).toBe(true);
  });
  test("each condition on its own makes an employee ineligible", () => {
    expect(isEligible({ ...base, stagesCount: 1 })).toBe(false);
    expect(isEligible({ ...base, stagesCount: 2 })).toBe(false);
    expect(isEligible({ ...base, stage: 1 })).toBe(false);
    expect(isEligible({ ...base, stage: 3 })).toBe(false);
    for (const status of ["draft", "completed", "cancelled"]) expect(isEligible({ ...base, status })).toBe(false);
    expect(isEligible({ ...base, assignmentEndDate: null })).toBe(false);
    expect(isEligible({ ...base, assignmentEndDate: "" })).toBe(false);
  });
});

describe("validateExtension (§5)", () => {
  const ok = { currentEndDate: "2030-01-01", newEndDate: "2030-06-01", today: "2026-11-26", reasonsEnabled: true, groupOptionId: 7, reasonIds: [7, 8] };
  test("a different future date with a known reason passes", () => expect(validateExtension(ok)).toEqual({}));
  test("the same date is refused", () => expect(validateExtension({ ...ok, newEndDate: "2030-01-01" }).newEndDate).toBe(M.sameEndDate));
  test("a past date is refused; today is allowed", () => {
    expect(validateExtension({ ...ok, newEndDate: "2026-11-25" }).newEndDate).toBe(M.pastDate);
    expect(validateExtension({ ...ok, newEndDate: "2026-11-26" })).toEqual({});
  });
  test("a reason is needed only when reasons are enabled, and must be the group's", () => {
    expect(validateExtension({ ...ok, groupOptionId: null }).groupOptionId).toBe(M.reasonRequired);
    expect(validateExtension({ ...ok, reasonsEnabled: false, groupOptionId: null })).toEqual({});
    expect(validateExtension({ ...ok, groupOptionId: 99 }).groupOptionId).toBe(M.reasonUnknown);
  });
});

describe("validateEnd (§5)", () => {
  const ok = { newEndDate: "2026-12-01", today: "2026-11-26", reasonsEnabled: true, reason: "Project finished" };
  test("a date from today on with a reason passes", () => {
    expect(validateEnd(ok)).toEqual({});
    expect(validateEnd({ ...ok, newEndDate: "2026-11-26" })).toEqual({});
  });
  test("a past date is refused", () => expect(validateEnd({ ...ok, newEndDate: "2026-11-01" }).newEndDate).toBe(M.pastDate));
  test("a reason when applicable", () => {
    expect(validateEnd({ ...ok, reason: null }).reason).toBe(M.endReasonRequired);
    expect(validateEnd({ ...ok, reasonsEnabled: false, reason: null })).toEqual({});
  });
});

describe("the popup (§4)", () => {
  test("up to 3 names, then + N Others", () => {
    expect(namesSummary(["Ann"])).toBe("Ann");
    expect(namesSummary(["Ann", "Bo", "Cy"])).toBe("Ann, Bo, Cy");
    expect(namesSummary(["Ann", "Bo", "Cy", "Di", "Ed"])).toBe("Ann, Bo, Cy + 2 Others");
  });
  test("the last employee or apply to all makes the button read confirm", () => {
    expect(popupButton(0, 3, false)).toBe("next");
    expect(popupButton(1, 3, false)).toBe("next");
    expect(popupButton(2, 3, false)).toBe("confirm");
    expect(popupButton(0, 3, true)).toBe("confirm");
    expect(popupButton(0, 1, false)).toBe("confirm");
  });
});

describe("request schemas", () => {
  test("no actions: No employees were selected!", () => {
    const r = ZExtendRequest.safeParse({ actions: [] });
    expect(r.success).toBe(false);
    expect(r.error!.issues[0]!.message).toBe(M.noneSelected);
    expect(ZEndRequest.safeParse({}).error!.issues[0]!.message).toBe(M.noneSelected);
  });
  test("dates are real YYYY-MM-DD calendar dates", () => {
    const bad = (d: string) => ZExtendRequest.safeParse({ actions: [{ employeeId: 1, newEndDate: d }] }).error?.issues[0]?.message;
    expect(bad("2030-02-30")).toBe(M.dateInvalid);
    expect(bad("30.01.2030")).toBe(M.dateInvalid);
    expect(bad("")).toBe(M.dateRequired);
    expect(ZExtendRequest.parse({ actions: [{ employeeId: "4", newEndDate: "2030-02-28", groupOptionId: "" }] }).actions[0]).toEqual({ employeeId: 4, message: "", newEndDate: "2030-02-28", groupOptionId: null });
  });
  test("end budgets: currency and whole minor units", () => {
    const r = ZEndRequest.safeParse({ actions: [{ employeeId: 1, newEndDate: "2030-01-01", budgets: [{ budgetGroupId: 1, amount: 1.5, currency: "EUR" }] }] });
    expect(r.success).toBe(false);
    const c = ZEndRequest.safeParse({ actions: [{ employeeId: 1, newEndDate: "2030-01-01", budgets: [{ budgetGroupId: 1, amount: 100, currency: "XXQ" }] }] });
    expect(c.error!.issues[0]!.message).toBe(M.currencyInvalid);
  });
});
