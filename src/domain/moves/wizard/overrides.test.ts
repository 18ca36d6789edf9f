import { describe, expect, test } from "bun:test";
import { wizardMessages } from "./messages.ts";
import {
  AVAILABLE_LABEL,
  buildMoveStageSections,
  checkMoney,
  checkStore,
  INCLUDED_LABEL,
  isPolicyEditable,
  isUserAuthorizedForPolicyEdit,
  isSelected,
  isShown,
  overrideMessages,
  overridesMessage,
  type OverrideData,
  type OverrideService,
} from "./overrides.ts";

const svc = (o: Partial<OverrideService> & Pick<OverrideService, "key">): OverrideService => ({
  stage: 1,
  title: o.key.toLowerCase(),
  policyType: 3,
  budgetGroup: 99,
  addable: false,
  provided: true,
  allowNegative: false,
  note: "",
  benefitSet: null,
  policyBenefitOptionId: null,
  amount: null,
  currency: null,
  ...o,
});

function data(over: Partial<OverrideData> = {}): OverrideData {
  return {
    stageNames: ["Pre-Departure", "On Assignment", "Repatriation"],
    services: [
      svc({ key: "REMOVALS", title: "Shipment", benefitSet: { id: 1, name: "Container", options: [{ id: 11, name: "20ft" }, { id: 12, name: "40ft" }] }, policyBenefitOptionId: 12 }),
      svc({ key: "IMMIGRATION", title: "Visas", policyType: 2, amount: 600000, currency: "USD" }),
      svc({ key: "FLATSEARCH", title: "Flat search", policyType: 1, budgetGroup: 1 }),
      svc({ key: "SETTLINGIN", title: "Settling in", policyType: 1, budgetGroup: 1 }),
      svc({ key: "SCHOOLSEARCH", title: "School search", policyType: 1, budgetGroup: 2, addable: true }),
      svc({ key: "CULTURAL", title: "Culture", addable: true, benefitSet: { id: 2, name: "Format", options: [{ id: 21, name: "Workshop" }] }, policyBenefitOptionId: 21 }),
      svc({ key: "TAX", policyType: 5 }),
      svc({ key: "HIDDEN", provided: false }),
      svc({ key: "TRAVEL", stage: 3 }),
    ],
    overrides: [],
    budgets: [
      { id: 1, stage: 1, group: 1, currency: "USD", amount: 400000, min: 200000, max: 500000 },
      { id: 2, stage: 1, group: 1, currency: "EUR", amount: 370000, min: 180000, max: 460000 },
      { id: 3, stage: 1, group: 2, currency: "USD", amount: 100000, min: null, max: null },
    ],
    budgetGroups: [
      { stage: 1, group: 1, authType: "NONE", soft: false, allowOutsideRange: false },
      { stage: 1, group: 2, authType: "HR_APPROVAL", soft: true, allowOutsideRange: true },
    ],
    budgetOverrides: [],
    currencyCodes: ["USD", "EUR"],
    // One USD is 0.9 CHF (the other way 1.1111111111): a budget sent in CHF is held to the USD range converted.
    rateOf: (from, to) => (({ "USD>CHF": "0.9", "CHF>USD": "1.1111111111" }) as Record<string, string>)[`${from}>${to}`] ?? (from === to ? "1" : "0"),
    ...over,
  };
}

describe("which services show and start selected", () => {
  test("type 5 never shows; not provided and not addable does not show", () => {
    const d = data();
    expect(isShown(d.services.find((s) => s.key === "TAX")!)).toBe(false);
    expect(isShown(d.services.find((s) => s.key === "HIDDEN")!)).toBe(false);
    expect(isShown(d.services.find((s) => s.key === "REMOVALS")!)).toBe(true);
  });
  test("mandatory services are always selected; addable ones only when added", () => {
    const d = data();
    const school = d.services.find((s) => s.key === "SCHOOLSEARCH")!;
    expect(isSelected(school, undefined)).toBe(false);
    expect(isSelected(school, { stage: 1, key: "SCHOOLSEARCH", selected: true, benefitOptionId: null, amount: null, currency: null })).toBe(true);
    const removals = d.services.find((s) => s.key === "REMOVALS")!;
    expect(isSelected(removals, { stage: 1, key: "REMOVALS", selected: false, benefitOptionId: null, amount: null, currency: null })).toBe(true);
  });
});

describe("buildMoveStageSections", () => {
  test("included, available, budget groups, fields, repatriation", () => {
    const sections = buildMoveStageSections(data(), true);
    expect(sections.map((s) => s.moveStageName)).toEqual(["Pre-Departure", "On Assignment", "Repatriation"]);
    expect(sections.map((s) => s.isRepatriation)).toEqual([false, false, true]);
    const [first] = sections;
    const [included, available] = first!.sections[0]!.components;
    expect(included!.label).toBe(INCLUDED_LABEL);
    expect(available!.label).toBe(AVAILABLE_LABEL);
    expect(included!.servicesList.map((c) => c.service)).toEqual(["REMOVALS", "IMMIGRATION", "FLATSEARCH", "SETTLINGIN"]);
    expect(available!.servicesList.map((c) => c.service)).toEqual(["SCHOOLSEARCH", "CULTURAL"]);
    const removals = included!.servicesList[0]!;
    expect(removals.isRemovable).toBe(false);
    expect(removals.nonRemovableReason).toBe(overrideMessages.nonRemovable);
    expect(removals.fields[0]).toMatchObject({ type: "list-of-benefits", selectedBenefitId: 12, benefits: [{ id: 11, name: "20ft" }, { id: 12, name: "40ft" }] });
    expect(included!.servicesList[1]!.fields[0]).toMatchObject({ type: "money-amount", amount: "6000.00", currency: "USD", currencyCodes: ["USD", "EUR"] });
    expect(available!.servicesList[0]!.isRemovable).toBe(true);
    // Group 1 has two selected services: shared; group 2 (school search not added) is hidden.
    const groups = first!.sections[0]!.budgetGroupComponents;
    expect(groups.map((g) => [g.id, g.shared, g.budgetAmount, g.currency, g.minimum, g.maximum])).toEqual([[1, true, "4000.00", "USD", "2000.00", "5000.00"]]);
    expect(first!.budgets.map((b) => [b.id, b.amount, b.currency])).toEqual([[1, "4000.00", "USD"], [2, "3700.00", "EUR"]]);
    expect(first!.budgets[0]!.services).toEqual(["Flat search", "Settling in"]);
  });

  test("overrides: an added service, a benefit choice, an amount and a budget; one service drops the shared state", () => {
    const sections = buildMoveStageSections(
      data({
        overrides: [
          { stage: 1, key: "SCHOOLSEARCH", selected: true, benefitOptionId: null, amount: null, currency: null },
          { stage: 1, key: "REMOVALS", selected: true, benefitOptionId: 11, amount: null, currency: null },
          { stage: 1, key: "IMMIGRATION", selected: true, benefitOptionId: null, amount: 700050, currency: "EUR" },
        ],
        budgetOverrides: [{ stage: 1, group: 2, currency: "USD", amount: 150000 }],
      }),
      true,
    );
    const [included, available] = sections[0]!.sections[0]!.components;
    expect(included!.servicesList.map((c) => c.service)).toContain("SCHOOLSEARCH");
    expect(available!.servicesList.map((c) => c.service)).toEqual(["CULTURAL"]);
    expect(included!.servicesList[0]!.fields[0]).toMatchObject({ selectedBenefitId: 11 });
    expect(included!.servicesList[1]!.fields[0]).toMatchObject({ amount: "7000.50", currency: "EUR" });
    const group2 = sections[0]!.sections[0]!.budgetGroupComponents.find((g) => g.id === 2)!;
    expect(group2.shared).toBe(false);
    expect(group2.budgetAmount).toBe("1500.00");
    expect(group2.budgetAuthType).toBe("HR_APPROVAL");
  });

  test("not editable: nothing editable or removable", () => {
    const sections = buildMoveStageSections(data(), false);
    const all = sections.flatMap((s) => s.sections.flatMap((x) => x.components.flatMap((c) => c.servicesList)));
    expect(all.every((c) => !c.isEditable && !c.isRemovable)).toBe(true);
  });
});

describe("overridesMessage", () => {
  test("no services: no benefits; nothing addable: no additional benefits; else null", () => {
    expect(overridesMessage({ services: [], overrides: [] })).toBe(wizardMessages.noBenefits);
    expect(overridesMessage({ services: [svc({ key: "TAX", policyType: 5 })], overrides: [] })).toBe(wizardMessages.noBenefits);
    expect(overridesMessage({ services: [svc({ key: "A" })], overrides: [] })).toBe(wizardMessages.noAddableBenefits);
    expect(overridesMessage({ services: [svc({ key: "A", addable: true })], overrides: [] })).toBeNull();
    expect(
      overridesMessage({ services: [svc({ key: "A", addable: true })], overrides: [{ stage: 1, key: "A", selected: true, benefitOptionId: null, amount: null, currency: null }] }),
    ).toBe(wizardMessages.noAddableBenefits);
  });
});

describe("checkMoney (part 1 §5 money)", () => {
  const label = "Visas";
  test("every message", () => {
    expect(checkMoney(label, "abc", "USD", { allowNegative: false })).toEqual({ ok: false, message: "Please enter a numeric value for Visas" });
    expect(checkMoney(label, "-5", "USD", { allowNegative: false })).toEqual({ ok: false, message: "Amount value can not be negative for Visas" });
    expect(checkMoney(label, "", "USD", { allowNegative: false })).toEqual({ ok: false, message: "Enter an amount for Visas or remove benefit by clicking the X icon" });
    expect(checkMoney(label, "10", "", { allowNegative: false })).toEqual({ ok: false, message: "Please select the currency for Visas" });
    expect(checkMoney(label, "10", "ZZZ", { allowNegative: false })).toEqual({ ok: false, message: "Please select the currency for Visas" });
  });
  test("valid amounts", () => {
    expect(checkMoney(label, "-5", "USD", { allowNegative: true })).toEqual({ ok: true, amount: -500, currency: "USD" });
    expect(checkMoney(label, "1,234.5", "usd", { allowNegative: false })).toEqual({ ok: true, amount: 123450, currency: "USD" });
    expect(checkMoney(label, "", "", { allowNegative: false })).toEqual({ ok: true, amount: null, currency: null });
  });
});

describe("checkStore (part 1 §5 stage 3)", () => {
  const base = (services: Record<string, unknown>[] = [], budgets: Record<string, unknown>[] = []) => [
    {
      moveStageId: 1,
      services: [
        { service: "REMOVALS", selected: true, selectedBenefitId: 12 },
        { service: "IMMIGRATION", selected: true, amount: "6000", currency: "USD" },
        ...services,
      ] as never,
      budgets: budgets as never,
    },
  ];

  test("a valid request builds the rows", () => {
    const r = checkStore(data(), base([{ service: "SCHOOLSEARCH", selected: true }], [{ budgetGroupId: 1, amount: "4,500", currency: "USD" }, { budgetGroupId: 2, amount: "900", currency: "USD" }]));
    expect(r.errors).toEqual({});
    expect(r.message).toBeNull();
    expect(r.serviceRows).toContainEqual({ stage: 1, key: "REMOVALS", selected: true, benefitOptionId: 12, amount: null, currency: null });
    expect(r.serviceRows).toContainEqual({ stage: 1, key: "IMMIGRATION", selected: true, benefitOptionId: null, amount: 600000, currency: "USD" });
    expect(r.serviceRows).toContainEqual({ stage: 1, key: "SCHOOLSEARCH", selected: true, benefitOptionId: null, amount: null, currency: null });
    expect(r.budgetRows).toEqual([{ stage: 1, group: 1, currency: "USD", amount: 450000 }, { stage: 1, group: 2, currency: "USD", amount: 90000 }]);
  });

  test("a service or a stage sent twice counts once (the last one sent), so the rows stay unique", () => {
    const twice = base([{ service: "SCHOOLSEARCH", selected: true }, { service: "SCHOOLSEARCH", selected: false }]);
    const r = checkStore(data(), [...twice, ...twice]);
    expect(r.errors).toEqual({});
    const keys = r.serviceRows.map((x) => `${x.stage}.${x.key}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(r.serviceRows).toContainEqual({ stage: 1, key: "SCHOOLSEARCH", selected: false, benefitOptionId: null, amount: null, currency: null });
  });

  test("required benefit fields", () => {
    const r = checkStore(data(), [{ moveStageId: 1, services: [{ service: "REMOVALS", selected: true }], budgets: [] }]);
    expect(r.message).toBe(wizardMessages.requiredBenefitFields);
    expect(r.errors["stage1.REMOVALS"]).toBe(wizardMessages.requiredBenefitFields);
    const money = checkStore(data(), [{ moveStageId: 1, services: [{ service: "IMMIGRATION", selected: true }], budgets: [] }]);
    expect(money.errors["stage1.IMMIGRATION"]).toBe(wizardMessages.requiredBenefitFields);
  });

  test("money messages use the service title", () => {
    const r = checkStore(data(), [{ moveStageId: 1, services: [{ service: "IMMIGRATION", selected: true, amount: "x", currency: "USD" }], budgets: [] }]);
    expect(r.errors["stage1.IMMIGRATION"]).toBe("Please enter a numeric value for Visas");
    expect(r.message).toBe("Please enter a numeric value for Visas");
  });

  test("an unknown benefit option, an unknown service, removing a mandatory service, a stage the policy lacks", () => {
    const d = data({ stageNames: ["Relocation"] });
    const r = checkStore(d, [
      { moveStageId: 1, services: [{ service: "REMOVALS", selected: true, selectedBenefitId: 99 }, { service: "NOPE", selected: true }, { service: "FLATSEARCH", selected: false }], budgets: [] },
      { moveStageId: 2, services: [], budgets: [] },
    ]);
    expect(r.errors["stage1.REMOVALS"]).toBe("Please choose one of the listed options for Shipment.");
    expect(r.errors["stage1.NOPE"]).toBe("NOPE is not part of this policy.");
    expect(r.errors["stage1.FLATSEARCH"]).toBe(overrideMessages.nonRemovable);
    expect(r.errors.stage2).toBe("Move stage 2 is not part of this policy.");
  });

  test("budgets: greater than zero, amount and currency, numeric, empty when shared, below min, above max", () => {
    const one = (b: Record<string, unknown>) => checkStore(data(), base([], [b])).errors["stage1.budget1"];
    expect(one({ budgetGroupId: 1, amount: "0", currency: "USD" })).toBe("Budget must be greater than zero.");
    expect(one({ budgetGroupId: 1, amount: "-3", currency: "USD" })).toBe("Budget must be greater than zero.");
    expect(one({ budgetGroupId: 1, amount: "10", currency: "" })).toBe(wizardMessages.amountAndCurrency);
    expect(one({ budgetGroupId: 1, amount: "abc", currency: "USD" })).toBe("Please enter a numeric value for budget group 1");
    expect(one({ budgetGroupId: 1, amount: "", currency: "" })).toBe("Please enter a budget for budget group 1.");
    expect(one({ budgetGroupId: 1, amount: "100", currency: "USD" })).toBe("The budget for budget group 1 cannot be below the minimum of USD 2,000.00.");
    expect(one({ budgetGroupId: 1, amount: "9000", currency: "USD" })).toBe("The budget for budget group 1 cannot be above the maximum of USD 5,000.00.");
    const hard = checkStore(data(), base([], [{ budgetGroupId: 1, amount: "9000", currency: "USD" }]));
    expect(hard.message).toBe(wizardMessages.budgetOutsideRangeError);
  });

  test("a budget group with one service may be left empty; a soft budget out of range is a warning", () => {
    const empty = checkStore(data(), base([{ service: "SCHOOLSEARCH", selected: true }], [{ budgetGroupId: 2, amount: "", currency: "" }]));
    expect(empty.errors).toEqual({});
    const d = data({ budgets: [...data().budgets.slice(0, 2), { id: 3, stage: 1, group: 2, currency: "USD", amount: 100000, min: 50000, max: 200000 }] });
    const soft = checkStore(d, base([{ service: "SCHOOLSEARCH", selected: true }], [{ budgetGroupId: 2, amount: "3000", currency: "USD" }]));
    expect(soft.errors).toEqual({});
    expect(soft.warnings["stage1.budget2"]).toBe(wizardMessages.budgetOutsideRangeWarning);
    expect(soft.budgetRows).toContainEqual({ stage: 1, group: 2, currency: "USD", amount: 300000 });
  });

  test("a soft budget without the outside-range option out of range is an error, not a warning", () => {
    const base0 = data();
    const d = data({
      budgets: [...base0.budgets.slice(0, 2), { id: 3, stage: 1, group: 2, currency: "USD", amount: 100000, min: 50000, max: 200000 }],
      budgetGroups: [base0.budgetGroups[0]!, { stage: 1, group: 2, authType: "HR_APPROVAL", soft: true, allowOutsideRange: false }],
    });
    const r = checkStore(d, base([{ service: "SCHOOLSEARCH", selected: true }], [{ budgetGroupId: 2, amount: "3000", currency: "USD" }]));
    expect(r.warnings).toEqual({});
    expect(r.errors["stage1.budget2"]).toBe("The budget for budget group 2 cannot be above the maximum of USD 2,000.00.");
    expect(r.message).toBe(wizardMessages.budgetOutsideRangeError);
  });

  test("a budget in a currency the policy lacks is held to the default budget's range converted at the stored rate", () => {
    // Group 1: USD 2,000–5,000 (and EUR); CHF at 0.9 per USD → CHF 1,800–4,500.
    const one = (amount: string) => checkStore(data(), base([], [{ budgetGroupId: 1, amount, currency: "CHF" }]));
    const huge = one("500000");
    expect(huge.errors["stage1.budget1"]).toBe("The budget for budget group 1 cannot be above the maximum of CHF 4,500.00.");
    expect(huge.message).toBe(wizardMessages.budgetOutsideRangeError);
    expect(one("1799.99").errors["stage1.budget1"]).toBe("The budget for budget group 1 cannot be below the minimum of CHF 1,800.00.");
    const ok = one("4500");
    expect(ok.errors).toEqual({});
    expect(ok.budgetRows).toContainEqual({ stage: 1, group: 1, currency: "CHF", amount: 450000 });
  });

  test("stages left out keep their overrides", () => {
    const kept = { stage: 3, key: "TRAVEL", selected: true, benefitOptionId: null, amount: null, currency: null };
    const r = checkStore(data({ overrides: [kept], budgetOverrides: [{ stage: 2, group: 4, currency: "USD", amount: 5 }] }), base());
    expect(r.serviceRows).toContainEqual(kept);
    expect(r.budgetRows).toEqual([{ stage: 2, group: 4, currency: "USD", amount: 5 }]);
  });
});

describe("who may change a move's policy", () => {
  const hr = { role: "HR", groupId: 1 };
  const otherHr = { role: "HR", groupId: 2 };
  const admin = { role: "ADMIN", groupId: null };
  const employee = { role: "EMPLOYEE", groupId: 1 };
  const move = (status: string, stage: number) => ({ status, group_id: 1, current_move_stage: stage });

  test("isPolicyEditable: a draft always; an open move for its staff up to stage 2; never cancelled or completed", () => {
    expect(isPolicyEditable(employee, move("draft", 1))).toBe(true);
    expect(isPolicyEditable(hr, move("open", 2))).toBe(true);
    expect(isPolicyEditable(admin, move("open", 1))).toBe(true);
    expect(isPolicyEditable(hr, move("open", 3))).toBe(false);
    expect(isPolicyEditable(otherHr, move("open", 1))).toBe(false);
    expect(isPolicyEditable(employee, move("open", 1))).toBe(false);
    expect(isPolicyEditable(admin, move("cancelled", 1))).toBe(false);
    expect(isPolicyEditable(admin, move("completed", 1))).toBe(false);
  });

  test("isUserAuthorizedForPolicyEdit: staff of the move, not VIEW, a draft or stage 2", () => {
    expect(isUserAuthorizedForPolicyEdit(hr, move("draft", 1), "EDIT")).toBe(true);
    expect(isUserAuthorizedForPolicyEdit(admin, move("open", 2), "EDIT")).toBe(true);
    expect(isUserAuthorizedForPolicyEdit(hr, move("open", 1), "EDIT")).toBe(false);
    expect(isUserAuthorizedForPolicyEdit(hr, move("draft", 1), "VIEW")).toBe(false);
    expect(isUserAuthorizedForPolicyEdit(otherHr, move("draft", 1), "EDIT")).toBe(false);
    expect(isUserAuthorizedForPolicyEdit(employee, move("draft", 1), "EDIT")).toBe(false);
    expect(isUserAuthorizedForPolicyEdit(admin, move("completed", 2), "EDIT")).toBe(false);
  });
});
