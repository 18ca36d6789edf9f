import { describe, expect, test } from "bun:test";
import { budgetOverrideChanged, overrideChange, type ServiceOverrideVsPolicy } from "./move-file.ts";

const policy = { benefitOptionId: 7, amount: 500000, currency: "USD" };
const row = (o: Partial<ServiceOverrideVsPolicy>): ServiceOverrideVsPolicy => ({
  selected: true,
  addable: false,
  benefitOptionId: 7,
  amount: 500000,
  currency: "USD",
  policy,
  ...o,
});

describe("overrideChange: only a real difference from the policy version is a change", () => {
  test("a service stored as the policy has it is no change (stage 3 left untouched)", () => {
    expect(overrideChange(row({}))).toBeNull();
    expect(overrideChange(row({ benefitOptionId: null, amount: null, currency: null }))).toBeNull();
    expect(overrideChange(row({ policy: { benefitOptionId: null, amount: null, currency: null }, benefitOptionId: null, amount: null, currency: null }))).toBeNull();
  });
  test("another benefit option, amount or currency is a change", () => {
    expect(overrideChange(row({ benefitOptionId: 8 }))).toBe("changed");
    expect(overrideChange(row({ amount: 600000 }))).toBe("changed");
    expect(overrideChange(row({ currency: "EUR" }))).toBe("changed");
    expect(overrideChange(row({ policy: { benefitOptionId: 7, amount: null, currency: null } }))).toBe("changed");
  });
  test("added and removed services", () => {
    expect(overrideChange(row({ addable: true }))).toBe("added");
    expect(overrideChange(row({ selected: false }))).toBe("removed");
    expect(overrideChange(row({ addable: true, selected: false }))).toBeNull();
  });
});

describe("budgetOverrideChanged", () => {
  test("the policy's own budget is no change; another amount or currency, or no policy budget, is", () => {
    expect(budgetOverrideChanged({ amount: 100, currency: "USD" }, { amount: 100, currency: "USD" })).toBe(false);
    expect(budgetOverrideChanged({ amount: 101, currency: "USD" }, { amount: 100, currency: "USD" })).toBe(true);
    expect(budgetOverrideChanged({ amount: 100, currency: "EUR" }, { amount: 100, currency: "USD" })).toBe(true);
    expect(budgetOverrideChanged({ amount: 100, currency: "USD" }, null)).toBe(true);
  });
});
