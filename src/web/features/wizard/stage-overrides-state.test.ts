import { describe, expect, test } from "bun:test";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TPolicyOverridesResponse, TPolicyViewComponent } from "../../../domain/moves/wizard/override-schemas.ts";
import { checkOverrides, initialState, setSelected, stageView, toStoreRequest, updateBudget, updateService } from "./stage-overrides-state.ts";

const component = (service: string, over: Partial<TPolicyViewComponent> = {}): TPolicyViewComponent => ({
  type: "Cash flex",
  service,
  title: service.toLowerCase(),
  icon: service.toLowerCase(),
  selected: true,
  isEditable: false,
  isRemovable: false,
  nonRemovableReason: "part of the policy",
  externalNote: "",
  budgetGroupId: 99,
  fields: [],
  ...over,
});

const flat = component("FLATSEARCH", { title: "Flat search", budgetGroupId: 1 });
const settling = component("SETTLINGIN", { title: "Settling in", budgetGroupId: 1 });
const school = component("SCHOOLSEARCH", { title: "School search", budgetGroupId: 1, selected: false, isRemovable: true, nonRemovableReason: null });
const culture = component("CULTURALTRAINING", {
  title: "Cultural training",
  type: "Benefits",
  selected: false,
  isRemovable: true,
  isEditable: true,
  nonRemovableReason: null,
  fields: [{ type: "list-of-benefits", label: "Training format", mandatory: true, benefits: [{ id: 7, name: "Workshop" }], selectedBenefitId: null }],
});
const visa = component("IMMIGRATION", {
  title: "Visa",
  type: "Budget",
  isEditable: true,
  fields: [{ type: "money-amount", label: "Visa", mandatory: true, amount: "6000.00", currency: "USD", currencyCodes: ["USD", "EUR"], allowNegative: false }],
});

const response: TPolicyOverridesResponse = {
  success: true,
  policyName: "Global",
  isPolicyEditable: true,
  currencyCodes: ["USD", "EUR"],
  message: null,
  moveStageSections: [
    {
      moveStageId: 1,
      moveStageName: "Pre-assignment",
      isRepatriation: false,
      budgets: [
        { id: 1, amount: "4000.00", minAmount: "2000.00", maxAmount: "5000.00", currency: "USD", services: ["Flat search", "Settling in"], budgetAuthType: "NONE" },
        { id: 2, amount: "3700.00", minAmount: "1800.00", maxAmount: "4600.00", currency: "EUR", services: ["Flat search", "Settling in"], budgetAuthType: "NONE" },
      ],
      sections: [
        {
          sectionTitle: "Pre-assignment",
          components: [
            { label: "Included", mandatory: true, servicesList: [visa, flat, settling] },
            { label: "Available to add", mandatory: false, servicesList: [culture, school] },
          ],
          budgetGroupComponents: [
            { id: 1, budgetAmount: "4000.00", currency: "USD", minimum: "2000.00", maximum: "5000.00", budgetAuthType: "NONE", shared: true, components: [flat, settling] },
          ],
        },
      ],
    },
  ],
};

describe("stage 3 state", () => {
  test("starts from the response: included, groups, available", () => {
    const state = initialState(response);
    const view = stageView(state, 1);
    expect(view.ungrouped.map((s) => s.component.service)).toEqual(["IMMIGRATION"]);
    expect(view.groups).toHaveLength(1);
    expect(view.groups[0]!.shared).toBe(true);
    expect(view.groups[0]!.ranges.map((r) => r.currency)).toEqual(["USD", "EUR"]);
    expect(view.available.map((s) => s.component.service)).toEqual(["CULTURALTRAINING", "SCHOOLSEARCH"]);
  });

  test("adding and removing moves a service; a group is shared with 2+, not with 1, hidden with 0", () => {
    let state = initialState(response);
    state = setSelected(state, "stage1.SCHOOLSEARCH", true);
    expect(stageView(state, 1).groups[0]!.members).toHaveLength(3);
    // Mandatory services cannot be removed.
    state = setSelected(state, "stage1.FLATSEARCH", false);
    expect(stageView(state, 1).groups[0]!.members).toHaveLength(3);
    state = setSelected(state, "stage1.SCHOOLSEARCH", false);
    expect(stageView(state, 1).available.map((s) => s.component.service)).toEqual(["CULTURALTRAINING", "SCHOOLSEARCH"]);
  });

  test("group sharing follows the selected members", () => {
    const only = initialState({
      ...response,
      moveStageSections: [
        {
          ...response.moveStageSections[0]!,
          sections: [
            {
              sectionTitle: "x",
              components: [{ label: "Available to add", mandatory: false, servicesList: [school, { ...settling, selected: false, isRemovable: true }] }],
              budgetGroupComponents: [],
            },
          ],
        },
      ],
    });
    expect(stageView(only, 1).groups).toHaveLength(0);
    let state = setSelected(only, "stage1.SCHOOLSEARCH", true);
    expect(stageView(state, 1).groups[0]!.shared).toBe(false);
    state = setSelected(state, "stage1.SETTLINGIN", true);
    expect(stageView(state, 1).groups[0]!.shared).toBe(true);
  });

  test("the pre-checks mirror the server", () => {
    let state = setSelected(initialState(response), "stage1.CULTURALTRAINING", true);
    let check = checkOverrides(state);
    expect(check.errors["stage1.CULTURALTRAINING"]).toBe(wizardMessages.requiredBenefitFields);
    expect(check.message).toBe(wizardMessages.requiredBenefitFields);

    state = updateService(state, "stage1.CULTURALTRAINING", { benefitId: 7 });
    state = updateBudget(state, "stage1.budget1", { amount: "0" });
    check = checkOverrides(state);
    expect(check.errors).toEqual({ "stage1.budget1": wizardMessages.budgetGreaterThanZero });

    state = updateBudget(state, "stage1.budget1", { amount: "9000" });
    check = checkOverrides(state);
    expect(check.errors["stage1.budget1"]).toBe("The budget for budget group 1 cannot be above the maximum of USD 5,000.00.");
    expect(check.message).toBe(wizardMessages.budgetOutsideRangeError);

    // The EUR range applies to a EUR budget.
    state = updateBudget(state, "stage1.budget1", { amount: "1000", currency: "EUR" });
    expect(checkOverrides(state).errors["stage1.budget1"]).toBe("The budget for budget group 1 cannot be below the minimum of EUR 1,800.00.");

    state = updateBudget(state, "stage1.budget1", { amount: "", currency: "" });
    expect(checkOverrides(state).errors["stage1.budget1"]).toBe("Please enter a budget for budget group 1.");

    state = updateBudget(state, "stage1.budget1", { amount: "4000", currency: "USD" });
    state = updateService(state, "stage1.IMMIGRATION", { amount: "-5" });
    expect(checkOverrides(state).errors["stage1.IMMIGRATION"]).toBe("Amount value can not be negative for Visa");
    state = updateService(state, "stage1.IMMIGRATION", { amount: "", currency: "USD" });
    expect(checkOverrides(state).errors["stage1.IMMIGRATION"]).toBe("Enter an amount for Visa or remove benefit by clicking the X icon");
    state = updateService(state, "stage1.IMMIGRATION", { amount: "5500", currency: "USD" });
    expect(checkOverrides(state)).toEqual({ errors: {}, message: null });
  });

  test("the store request carries every service and the shown budgets", () => {
    let state = setSelected(initialState(response), "stage1.CULTURALTRAINING", true);
    state = updateService(state, "stage1.CULTURALTRAINING", { benefitId: 7 });
    const req = toStoreRequest(state, 5, 9);
    expect(req.employeeId).toBe(5);
    expect(req.moveId).toBe(9);
    const st = req.moveStageSections[0]!;
    expect(st.services).toContainEqual({ service: "CULTURALTRAINING", selected: true, selectedBenefitId: 7 });
    expect(st.services).toContainEqual({ service: "SCHOOLSEARCH", selected: false });
    expect(st.services).toContainEqual({ service: "IMMIGRATION", selected: true, amount: "6000.00", currency: "USD" });
    expect(st.budgets).toEqual([{ budgetGroupId: 1, amount: "4000.00", currency: "USD" }]);
  });

  test("soft budgets: a warning only with the outside-range option; without it the spec's error (part 1 §5)", () => {
    const withGroup = (extra: { budgetType: "H" | "S"; allowOutsideRange?: boolean }): TPolicyOverridesResponse => {
      const st = response.moveStageSections[0]!;
      const sec = st.sections[0]!;
      return {
        ...response,
        moveStageSections: [{ ...st, sections: [{ ...sec, budgetGroupComponents: [{ ...sec.budgetGroupComponents[0]!, ...extra }] }] }],
      };
    };
    const over = (r: TPolicyOverridesResponse) => checkOverrides(updateBudget(initialState(r), "stage1.budget1", { amount: "9000" }));
    const softOn = over(withGroup({ budgetType: "S", allowOutsideRange: true }));
    expect(softOn.errors).toEqual({});
    expect(softOn.warnings?.["stage1.budget1"]).toBe(wizardMessages.budgetOutsideRangeWarning);
    for (const r of [withGroup({ budgetType: "S", allowOutsideRange: false }), withGroup({ budgetType: "S" }), withGroup({ budgetType: "H", allowOutsideRange: true })]) {
      const c = over(r);
      expect(c.warnings).toBeUndefined();
      expect(c.message).toBe(wizardMessages.budgetOutsideRangeError);
    }
  });
});
