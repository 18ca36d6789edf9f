/** The end popup's policy-edit rules (part 1 §6) and the end action → stage-3 store request mapping. */
import { describe, expect, test } from "bun:test";
import type { OverrideData, OverrideService } from "../wizard/overrides.ts";
import { endActionErrors, isPolicyEdit, policyEditRefusalOf, repatriationStage } from "./policy.ts";
import { assignmentMessages as M } from "./schemas.ts";

const service = (key: string, patch: Partial<OverrideService> = {}): OverrideService => ({
  stage: 3, key, title: key, policyType: 3, budgetGroup: 99, addable: false, provided: true, allowNegative: false, note: "", benefitSet: null, policyBenefitOptionId: null, amount: null, currency: null, ...patch,
});
const data: OverrideData = {
  stageNames: ["Pre-move", "On assignment", "Repatriation"],
  services: [
    service("REPATRIATION"),
    service("COACHING", { addable: true, budgetGroup: 4 }),
    service("STIPEND", { addable: true, amount: 50000, currency: "EUR" }),
    service("OFF", { policyType: 5 }),
    service("COLA", { stage: 2 }),
  ],
  overrides: [{ stage: 3, key: "STIPEND", selected: true, benefitOptionId: null, amount: 70000, currency: "EUR" }],
  budgets: [{ id: 1, stage: 3, group: 4, currency: "EUR", amount: 200000, min: 100000, max: 500000 }],
  budgetGroups: [{ stage: 3, group: 4, authType: "NONE", soft: false, allowOutsideRange: false }, { stage: 3, group: 6, authType: "NONE", soft: false, allowOutsideRange: false }],
  budgetOverrides: [],
  currencyCodes: ["EUR"],
  rateOf: (from, to) => (from === to ? "1" : "0"),
};

describe("policyEditRefusalOf (the popup's flags)", () => {
  test("editable only when authorised, at stage 2 and isPolicyEditable", () => {
    expect(policyEditRefusalOf({ isUserAuthorizedForPolicyEdit: true, isPolicyEditable: true, stage: 2 })).toBeNull();
    expect(policyEditRefusalOf({ isUserAuthorizedForPolicyEdit: false, isPolicyEditable: true, stage: 2 })).toBe(M.policyEditUnauthorised);
    expect(policyEditRefusalOf({ isUserAuthorizedForPolicyEdit: true, isPolicyEditable: true, stage: 3 })).toBe(M.policyEditUnauthorised);
    expect(policyEditRefusalOf({ isUserAuthorizedForPolicyEdit: true, isPolicyEditable: false, stage: 2 })).toBe(M.policyNotEditable);
  });
  test("an action is a policy edit when it carries services or budgets", () => {
    expect(isPolicyEdit({ services: [], budgets: [] })).toBe(false);
    expect(isPolicyEdit({ services: ["X"], budgets: [] })).toBe(true);
    expect(isPolicyEdit({ services: [], budgets: [{}] })).toBe(true);
  });
});

describe("repatriationStage", () => {
  test("addable services: selected when listed (keeping their money), others removed; budgets in major units", () => {
    const r = repatriationStage(data, ["COACHING", "REPATRIATION"], [{ budgetGroupId: 4, amount: 300000, currency: "EUR" }]);
    expect(r.errors).toEqual({});
    expect(r.stage).toEqual({
      moveStageId: 3,
      services: [
        { service: "COACHING", selected: true, selectedBenefitId: undefined, amount: undefined, currency: undefined },
        { service: "STIPEND", selected: false, selectedBenefitId: undefined, amount: "700.00", currency: "EUR" },
      ],
      budgets: [{ budgetGroupId: 4, amount: "3000.00", currency: "EUR" }],
    });
  });
  test("unknown or hidden services, budgets off the stage or of no selected service", () => {
    const r = repatriationStage(data, ["OFF", "COLA"], [{ budgetGroupId: 9, amount: 1, currency: "EUR" }, { budgetGroupId: 4, amount: 1, currency: "EUR" }]);
    expect(r.errors).toEqual({ "services.0": M.serviceUnknown, "services.1": M.serviceUnknown, "budgets.0.budgetGroupId": M.budgetUnknown, "budgets.1.budgetGroupId": M.budgetNotSelected });
  });
  test("checkStore's keys become the action's fields", () => {
    expect(endActionErrors({ "stage3.budget4": "too high", "stage3.COACHING": "bad", "stage3.OTHER": "x" }, ["REPATRIATION", "COACHING"], [{ budgetGroupId: 4, amount: 1, currency: "EUR" }])).toEqual({
      "budgets.0.amount": "too high",
      "services.1": "bad",
      services: "x",
    });
  });
});
