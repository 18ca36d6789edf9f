import { describe, expect, test } from "bun:test";
import { applyServicePolicyType, checkAddable, checkMoveHub, defaultBudgetType, parseBenefitValue, sharedBudgetGroups } from "./service-rules.ts";

describe("defaultBudgetType", () => {
  test("third-party services default to CCY, others to none", () => {
    for (const key of ["ACCOUNTANTS", "FLATSEARCH", "IMMIGRATION", "REMOVALS", "SERVICEDAPARTMENT"]) expect(defaultBudgetType(key)).toBe("CCY");
    for (const key of ["TEMPACCOMMODATION", "CASHFLEX", "UNKNOWN", ""]) expect(defaultBudgetType(key)).toBeNull();
  });
});

describe("applyServicePolicyType", () => {
  const current = { budgetGroup: 3, budgetType: "BEN" as const };

  test("1 (cash flex) forces a currency budget", () => {
    expect(applyServicePolicyType(1, current)).toEqual({ budgetGroup: 3, budgetType: "CCY", formVisible: true, budgetGroupVisible: true, benefitsVisible: false });
  });

  test("2 (budget) hides the budget group but keeps its value", () => {
    expect(applyServicePolicyType(2, current)).toEqual({ budgetGroup: 3, budgetType: "BEN", formVisible: true, budgetGroupVisible: false, benefitsVisible: false });
  });

  test("3 (benefits) shows the benefits", () => {
    expect(applyServicePolicyType(3, { budgetGroup: 99, budgetType: null })).toEqual({ budgetGroup: 99, budgetType: null, formVisible: true, budgetGroupVisible: true, benefitsVisible: true });
  });

  test("4 and 5 hide the form and set the budget group to 99", () => {
    for (const type of [4, 5] as const) {
      expect(applyServicePolicyType(type, current)).toEqual({ budgetGroup: 99, budgetType: "BEN", formVisible: false, budgetGroupVisible: false, benefitsVisible: false });
    }
  });
});

describe("checkMoveHub", () => {
  const stage = [
    { serviceKey: "REMOVALS", serviceName: "Household Goods Removal", moveHub: true },
    { serviceKey: "IMMIGRATION", serviceName: "Immigration & Visas", moveHub: false },
  ];

  test("a stage without a hub accepts one", () => {
    expect(checkMoveHub([{ ...stage[0]!, moveHub: false }, stage[1]!], "IMMIGRATION", false)).toEqual({ ok: true, unset: [] });
  });

  test("the current hub may be set again", () => {
    expect(checkMoveHub(stage, "REMOVALS", false)).toEqual({ ok: true, unset: [] });
  });

  test("a second hub is refused, naming the current one", () => {
    expect(checkMoveHub(stage, "IMMIGRATION", false)).toEqual({
      ok: false,
      current: "REMOVALS",
      message: "Household Goods Removal is already the move hub service for this move stage. Only one service per move stage may be the move hub.",
    });
  });

  test("forcing unsets the others", () => {
    expect(checkMoveHub([...stage, { serviceKey: "TRAVEL", serviceName: "Relocation Travel", moveHub: true }], "IMMIGRATION", true)).toEqual({
      ok: true,
      unset: ["REMOVALS", "TRAVEL"],
    });
  });
});

describe("checkAddable", () => {
  test("addable needs provided", () => {
    expect(checkAddable("Storage", false, true)).toBe("Cannot set Storage as addable by HR with the service set as not provided");
    expect(checkAddable("Storage", true, true)).toBeNull();
    expect(checkAddable("Storage", false, false)).toBeNull();
    expect(checkAddable("Storage", true, false)).toBeNull();
  });
});

describe("sharedBudgetGroups", () => {
  test("groups 1–20 used by two or more services", () => {
    const shared = sharedBudgetGroups([
      { serviceKey: "A", budgetGroup: 1 },
      { serviceKey: "B", budgetGroup: 1 },
      { serviceKey: "C", budgetGroup: 2 },
      { serviceKey: "D", budgetGroup: 99 },
      { serviceKey: "E", budgetGroup: 99 },
      { serviceKey: "F", budgetGroup: 20 },
      { serviceKey: "G", budgetGroup: 20 },
      { serviceKey: "H", budgetGroup: 20 },
    ]);
    expect([...shared.entries()]).toEqual([
      [1, ["A", "B"]],
      [20, ["F", "G", "H"]],
    ]);
    expect(sharedBudgetGroups([])).toEqual(new Map());
  });
});

describe("parseBenefitValue", () => {
  const invalid = { ok: false as const, message: "This is not a valid number." };

  test("empty text clears the value", () => {
    for (const text of ["", "   ", null, undefined]) expect(parseBenefitValue(text)).toEqual({ ok: true, value: null });
  });

  test("numbers are normalised, commas stripped", () => {
    expect(parseBenefitValue("1,500")).toEqual({ ok: true, value: "1500" });
    expect(parseBenefitValue(" 12 ")).toEqual({ ok: true, value: "12" });
    expect(parseBenefitValue("1,500.50")).toEqual({ ok: true, value: "1500.5" });
    expect(parseBenefitValue("2.25")).toEqual({ ok: true, value: "2.25" });
    expect(parseBenefitValue("007")).toEqual({ ok: true, value: "7" });
    expect(parseBenefitValue(".5")).toEqual({ ok: true, value: "0.5" });
    expect(parseBenefitValue("3.")).toEqual({ ok: true, value: "3" });
    expect(parseBenefitValue("0")).toEqual({ ok: true, value: "0" });
    expect(parseBenefitValue("0.00")).toEqual({ ok: true, value: "0" });
    expect(parseBenefitValue("999,999,999,999.99")).toEqual({ ok: true, value: "999999999999.99" });
  });

  test("anything else is not a valid number", () => {
    for (const text of ["abc", "12abc", "1 500", "-1", "-0.5", "+3", "1.234", "1e3", ".", "1.2.3", "Infinity", "NaN", "0x10", "1,000,000,000,000"]) {
      expect(parseBenefitValue(text)).toEqual(invalid);
    }
  });
});
