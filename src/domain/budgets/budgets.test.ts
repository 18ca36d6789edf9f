import { describe, expect, test } from "bun:test";
import { effectiveBudget, progressPercentage } from "./effective.ts";
import { budgetMessages } from "./messages.ts";
import { budgetSaveEnabled, checkBudgetRange, nextBudgetRowMode } from "./range.ts";

describe("checkBudgetRange (part 1 §5 Budget edit)", () => {
  const range = { min: 2000_00, max: 5000_00 };
  test("zero or negative: Budget must be greater than zero.", () => {
    for (const amount of [0, -1]) {
      expect(checkBudgetRange({ amount, ...range, budgetType: "S", confirmed: true })).toEqual({ kind: "error", message: budgetMessages.greaterThanZero });
    }
  });
  test("inside the range (bounds included) passes on both types", () => {
    for (const amount of [2000_00, 3000_00, 5000_00]) {
      expect(checkBudgetRange({ amount, ...range, budgetType: "H", confirmed: false })).toEqual({ kind: "ok", outsideRange: false });
    }
  });
  test("hard budget outside the range is refused, confirmed or not", () => {
    for (const amount of [1999_99, 5000_01]) {
      for (const confirmed of [false, true]) {
        expect(checkBudgetRange({ amount, ...range, budgetType: "H", confirmed })).toEqual({ kind: "error", message: "Error: Budget is outside the range provided." });
      }
    }
  });
  test("soft budget outside the range asks for confirmation, then passes", () => {
    expect(checkBudgetRange({ amount: 6000_00, ...range, budgetType: "S", confirmed: false })).toEqual({ kind: "confirm", message: "Warning: Budget is going to be outside the range provided." });
    expect(checkBudgetRange({ amount: 6000_00, ...range, budgetType: "S", confirmed: true })).toEqual({ kind: "ok", outsideRange: true });
    expect(checkBudgetRange({ amount: 100, ...range, budgetType: "S", confirmed: true })).toEqual({ kind: "ok", outsideRange: true });
  });
  test("a missing bound does not limit", () => {
    expect(checkBudgetRange({ amount: 10 ** 9, min: null, max: null, budgetType: "H", confirmed: false }).kind).toBe("ok");
  });
});

describe("budget row (part 1 §4)", () => {
  test("save is enabled only when the currency or the amount changed", () => {
    const saved = { currency: "USD", amount: "4000.00" };
    expect(budgetSaveEnabled(saved, { currency: "USD", amount: "4000.00" })).toBe(false);
    expect(budgetSaveEnabled(saved, { currency: "USD", amount: " 4000.00 " })).toBe(false);
    expect(budgetSaveEnabled(saved, { currency: "EUR", amount: "4000.00" })).toBe(true);
    expect(budgetSaveEnabled(saved, { currency: "USD", amount: "4100" })).toBe(true);
  });
  test("view → edit → confirm → edit (cancel) / view (confirm); edit → view on close or save", () => {
    expect(nextBudgetRowMode("view", "open")).toBe("edit");
    expect(nextBudgetRowMode("edit", "needsConfirm")).toBe("confirm");
    expect(nextBudgetRowMode("confirm", "cancel")).toBe("edit");
    expect(nextBudgetRowMode("confirm", "confirm")).toBe("view");
    expect(nextBudgetRowMode("edit", "close")).toBe("view");
    expect(nextBudgetRowMode("edit", "saved")).toBe("view");
  });
});

describe("effectiveBudget: policy, then the wizard override, then HR's edit", () => {
  const policy = [
    { currency: "USD", amount: 4000_00, min: 2000_00, max: 5000_00 },
    { currency: "EUR", amount: 3700_00, min: 1800_00, max: 4600_00 },
  ];
  test("the policy's first budget by default, seen by the employee", () => {
    expect(effectiveBudget({ policy, budgetType: "H", override: null, edit: null })).toEqual({ currency: "USD", amount: 4000_00, min: 2000_00, max: 5000_00, budgetType: "H", source: "POLICY", seenByEmployee: true });
  });
  test("the override wins over the policy, with the policy's range in its currency", () => {
    expect(effectiveBudget({ policy, budgetType: "S", override: { currency: "EUR", amount: 4000_00 }, edit: null })).toMatchObject({ currency: "EUR", amount: 4000_00, min: 1800_00, max: 4600_00, source: "OVERRIDE", budgetType: "S" });
  });
  test("HR's edit wins over both; a currency the policy lacks has no range", () => {
    expect(
      effectiveBudget({ policy, budgetType: "H", override: { currency: "EUR", amount: 1 }, edit: { currency: "GBP", amount: 3000_00, seenByEmployee: false } }),
    ).toEqual({ currency: "GBP", amount: 3000_00, min: null, max: null, budgetType: "H", source: "HR", seenByEmployee: false });
  });
  test("no budget anywhere: none", () => {
    expect(effectiveBudget({ policy: [], budgetType: "H", override: null, edit: null })).toBeNull();
  });
  test("progressPercentage: whole percent, half up, may pass 100", () => {
    expect(progressPercentage(0, 100)).toBe(0);
    expect(progressPercentage(1, 200)).toBe(1); // 0.5 → 1
    expect(progressPercentage(333, 1000)).toBe(33);
    expect(progressPercentage(1500, 1000)).toBe(150);
    expect(progressPercentage(10, 0)).toBe(0);
  });
});
