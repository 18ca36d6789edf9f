import { describe, expect, test } from "bun:test";
import { effectiveBudget, progressPercentage } from "./effective.ts";
import { budgetMessages } from "./messages.ts";
import { budgetRangeIn, budgetSaveEnabled, checkBudgetRange, nextBudgetRowMode } from "./range.ts";

describe("checkBudgetRange (part 1 §5 Budget edit)", () => {
  const range = { min: 2000_00, max: 5000_00 };
  const hard = { budgetType: "H" as const, allowOutsideRange: false };
  const softWithOption = { budgetType: "S" as const, allowOutsideRange: true };
  const softWithout = { budgetType: "S" as const, allowOutsideRange: false };
  test("zero or negative: Budget must be greater than zero.", () => {
    for (const amount of [0, -1]) {
      expect(checkBudgetRange({ amount, ...range, ...softWithOption, confirmed: true })).toEqual({ kind: "error", message: budgetMessages.greaterThanZero });
    }
  });
  test("inside the range (bounds included) passes on every type", () => {
    for (const amount of [2000_00, 3000_00, 5000_00]) {
      for (const rule of [hard, softWithOption, softWithout]) {
        expect(checkBudgetRange({ amount, ...range, ...rule, confirmed: false })).toEqual({ kind: "ok", outsideRange: false });
      }
    }
  });
  test("hard budget outside the range is refused, confirmed or not, whatever the option says", () => {
    for (const amount of [1999_99, 5000_01]) {
      for (const confirmed of [false, true]) {
        for (const allowOutsideRange of [false, true]) {
          expect(checkBudgetRange({ amount, ...range, budgetType: "H", allowOutsideRange, confirmed })).toEqual({ kind: "error", message: "Error: Budget is outside the range provided." });
        }
      }
    }
  });
  test("soft budget with the outside-range option: outside the range asks for confirmation, then passes", () => {
    expect(checkBudgetRange({ amount: 6000_00, ...range, ...softWithOption, confirmed: false })).toEqual({ kind: "confirm", message: "Warning: Budget is going to be outside the range provided." });
    expect(checkBudgetRange({ amount: 6000_00, ...range, ...softWithOption, confirmed: true })).toEqual({ kind: "ok", outsideRange: true });
    expect(checkBudgetRange({ amount: 100, ...range, ...softWithOption, confirmed: true })).toEqual({ kind: "ok", outsideRange: true });
  });
  test("soft budget without the option: outside the range is refused like a hard one (spec: 'otherwise Error: ...')", () => {
    for (const amount of [1999_99, 5000_01]) {
      for (const confirmed of [false, true]) {
        expect(checkBudgetRange({ amount, ...range, ...softWithout, confirmed })).toEqual({ kind: "error", message: "Error: Budget is outside the range provided." });
      }
    }
  });
  test("a missing bound does not limit", () => {
    expect(checkBudgetRange({ amount: 10 ** 9, min: null, max: null, ...hard, confirmed: false }).kind).toBe("ok");
  });
});

describe("budgetRangeIn: the range in the currency of the budget (issue 23 item 8)", () => {
  // One USD is 0.9 CHF (so one CHF is 1.1111111111 USD): the direction matters.
  const rates: Record<string, string> = { "USD>CHF": "0.9", "CHF>USD": "1.1111111111", "USD>JPY": "150", "USD>KWD": "0.3075" };
  const rateOf = (from: string, to: string) => {
    const r = rates[`${from}>${to}`];
    if (!r) throw new Error(`no rate ${from}>${to}`);
    return r;
  };
  const policy = [
    { currency: "USD", min: 2000_00, max: 5000_00 },
    { currency: "EUR", min: 1800_00, max: 4600_00 },
  ];
  test("the policy's budget in that currency when it has one (no conversion)", () => {
    expect(budgetRangeIn(policy, "EUR", rateOf)).toEqual({ min: 1800_00, max: 4600_00, currency: "EUR", convertedFrom: null });
    expect(budgetRangeIn(policy, "USD", rateOf)).toEqual({ min: 2000_00, max: 5000_00, currency: "USD", convertedFrom: null });
  });
  test("another currency: the default budget's range converted at the stored rate, from policy currency into the budget's", () => {
    // USD 2,000–5,000 at 0.9 → CHF 1,800–4,500 (converting the other way would give CHF 2,222.22–5,555.56).
    expect(budgetRangeIn(policy, "CHF", rateOf)).toEqual({ min: 1800_00, max: 4500_00, currency: "CHF", convertedFrom: "USD" });
    // Minor-unit digits from the one ISO 4217 table: JPY 0, KWD 3.
    expect(budgetRangeIn(policy, "JPY", rateOf)).toMatchObject({ min: 300_000, max: 750_000 });
    expect(budgetRangeIn(policy, "KWD", rateOf)).toMatchObject({ min: 615_000, max: 1_537_500 });
  });
  test("CHF 500,000 against a hard USD 2,000–5,000 budget is refused; CHF 4,000 passes", () => {
    const r = budgetRangeIn(policy, "CHF", rateOf);
    const rule = { ...r, budgetType: "H" as const, allowOutsideRange: false, confirmed: false };
    expect(checkBudgetRange({ amount: 500_000_00, ...rule })).toEqual({ kind: "error", message: budgetMessages.outsideRangeError });
    expect(checkBudgetRange({ amount: 4_500_01, ...rule })).toEqual({ kind: "error", message: budgetMessages.outsideRangeError });
    expect(checkBudgetRange({ amount: 4_000_00, ...rule })).toEqual({ kind: "ok", outsideRange: false });
  });
  test("no policy budget, or one without bounds: no range", () => {
    expect(budgetRangeIn([], "CHF", rateOf)).toEqual({ min: null, max: null, currency: "CHF", convertedFrom: null });
    expect(budgetRangeIn([{ currency: "USD", min: null, max: null }], "CHF", rateOf)).toEqual({ min: null, max: null, currency: "CHF", convertedFrom: null });
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
  const rates: Record<string, string> = { "USD>GBP": "0.8" };
  const rateOf = (from: string, to: string) => rates[`${from}>${to}`] ?? "unknown";
  const rules = { allowOutsideRange: false, rateOf };
  test("the policy's first budget by default, seen by the employee", () => {
    expect(effectiveBudget({ policy, budgetType: "H", ...rules, override: null, edit: null })).toEqual({ currency: "USD", amount: 4000_00, min: 2000_00, max: 5000_00, budgetType: "H", allowOutsideRange: false, source: "POLICY", seenByEmployee: true });
  });
  test("the override wins over the policy, with the policy's range in its currency", () => {
    expect(effectiveBudget({ policy, budgetType: "S", ...rules, allowOutsideRange: true, override: { currency: "EUR", amount: 4000_00 }, edit: null })).toMatchObject({ currency: "EUR", amount: 4000_00, min: 1800_00, max: 4600_00, source: "OVERRIDE", budgetType: "S", allowOutsideRange: true });
  });
  test("HR's edit wins over both; a currency the policy lacks keeps the default budget's range, converted", () => {
    expect(
      effectiveBudget({ policy, budgetType: "H", ...rules, override: { currency: "EUR", amount: 1 }, edit: { currency: "GBP", amount: 3000_00, seenByEmployee: false } }),
    ).toEqual({ currency: "GBP", amount: 3000_00, min: 1600_00, max: 4000_00, budgetType: "H", allowOutsideRange: false, source: "HR", seenByEmployee: false });
  });
  test("no budget anywhere: none", () => {
    expect(effectiveBudget({ policy: [], budgetType: "H", ...rules, override: null, edit: null })).toBeNull();
  });
  test("progressPercentage: whole percent, half up, may pass 100", () => {
    expect(progressPercentage(0, 100)).toBe(0);
    expect(progressPercentage(1, 200)).toBe(1); // 0.5 → 1
    expect(progressPercentage(333, 1000)).toBe(33);
    expect(progressPercentage(1500, 1000)).toBe(150);
    expect(progressPercentage(10, 0)).toBe(0);
  });
});
