import { describe, expect, test } from "bun:test";
import { canSkipMandatoryAttributes, validateVersion, type PolicyValidationError, type SnapshotService, type VersionSnapshot } from "./validation.ts";

function svc(over: Partial<SnapshotService> = {}): SnapshotService {
  return {
    moveStage: 1, serviceKey: "REMOVALS", serviceName: "Household Goods Removal", servicePolicyType: 2, budgetGroup: 99,
    budgetType: "CCY", currency: "USD", amount: 500000, provided: true, addable: false, moveHub: false, benefitCount: 0,
    attributes: {}, requiredAttributes: [], ...over,
  };
}

function snap(services: SnapshotService[], budgetGroups: VersionSnapshot["budgetGroups"] = [], versionNumber = 3): VersionSnapshot {
  return { versionNumber, moveStagesCount: 3, estimatePackage: null, services, budgetGroups };
}

const err = (over: Partial<PolicyValidationError> & Pick<PolicyValidationError, "field" | "message" | "errorType">): PolicyValidationError => ({
  moveStageId: 1, service: "REMOVALS", ...over,
});

describe("validateVersion", () => {
  test("a complete version has no errors", () => {
    expect(validateVersion(snap([svc()]))).toEqual([]);
    expect(validateVersion(snap([]))).toEqual([]);
  });

  test("type 1 needs a budget type", () => {
    expect(validateVersion(snap([svc({ servicePolicyType: 1, budgetType: null, currency: null, amount: null })]))).toEqual([
      err({ field: "budgetType", message: "Please select a value of the budget type for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
  });

  test("a budget group outside 1–20/99 is required (types 1 and 3; type 2 hides the group)", () => {
    expect(validateVersion(snap([svc({ servicePolicyType: 3, budgetType: null, currency: null, amount: null, budgetGroup: 0 })]))).toEqual([
      err({ field: "budgetGroup", message: "Please select a value of the budget group for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
    expect(validateVersion(snap([svc({ servicePolicyType: 1, budgetGroup: 21 })]))).toEqual([
      err({ field: "budgetGroup", message: "Please select a value of the budget group for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
    expect(validateVersion(snap([svc({ servicePolicyType: 2, budgetGroup: 0 })]))).toEqual([]);
    expect(validateVersion(snap([svc({ servicePolicyType: 1, budgetGroup: 99 })]))).toEqual([]);
  });

  test("CCY outside a budget group needs the service's own currency and amount", () => {
    expect(validateVersion(snap([svc({ currency: null })]))).toEqual([
      err({ field: "currency", message: "Please set budget currency for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
    expect(validateVersion(snap([svc({ amount: null })]))).toEqual([
      err({ field: "amount", message: "Please set budget amount for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
    expect(validateVersion(snap([svc({ amount: 0 })]))).toEqual([
      err({ field: "amount", message: "Please set budget amount for Household Goods Removal", errorType: "REQUIRED" }),
    ]);
  });

  test("CCY in budget group 1–20 takes currency and amount from the group's budgets", () => {
    const inGroup = svc({ budgetGroup: 4, currency: null, amount: null });
    expect(validateVersion(snap([inGroup], [{ moveStage: 1, groupNumber: 4, budgets: [{ id: 1, currency: "EUR", amount: 100, minAmount: null, maxAmount: null }] }]))).toEqual([]);
    const missing = [
      err({ field: "currency", message: "Please set budget currency for Household Goods Removal", errorType: "REQUIRED" }),
      err({ field: "amount", message: "Please set budget amount for Household Goods Removal", errorType: "REQUIRED" }),
    ];
    expect(validateVersion(snap([inGroup]))).toEqual(missing);
    // The group of another move stage does not count.
    expect(validateVersion(snap([inGroup], [{ moveStage: 2, groupNumber: 4, budgets: [{ id: 1, currency: "EUR", amount: 100, minAmount: null, maxAmount: null }] }]))).toEqual(missing);
    expect(validateVersion(snap([inGroup], [{ moveStage: 1, groupNumber: 4, budgets: [] }]))).toEqual(missing);
  });

  test("type 3 BEN needs at least one benefit", () => {
    const ben = svc({ servicePolicyType: 3, budgetType: "BEN", currency: null, amount: null });
    expect(validateVersion(snap([ben]))).toEqual([
      err({ field: "benefits", message: "Please select at least a benefit for Household Goods Removal", errorType: "BENEFIT" }),
    ]);
    expect(validateVersion(snap([{ ...ben, benefitCount: 2 }]))).toEqual([]);
    expect(validateVersion(snap([{ ...ben, servicePolicyType: 2 }]))).toEqual([]);
  });

  test("amount or currency without a budget type", () => {
    const msg = err({ field: "budgetType", message: "Please select budget type for Household Goods Removal", errorType: "REQUIRED" });
    expect(validateVersion(snap([svc({ budgetType: null, currency: "USD", amount: null })]))).toEqual([msg]);
    expect(validateVersion(snap([svc({ servicePolicyType: 3, budgetType: null, currency: null, amount: 100 })]))).toEqual([msg]);
    expect(validateVersion(snap([svc({ budgetType: null, currency: null, amount: null })]))).toEqual([]);
  });

  test("addable but not provided, for every type", () => {
    for (const type of [1, 2, 3, 4, 5]) {
      const errors = validateVersion(snap([svc({ servicePolicyType: type, addable: true, provided: false })]));
      expect(errors).toContainEqual(err({ field: "addable", message: "Cannot set Household Goods Removal as addable by HR with the service set as not provided", errorType: "ADDABLE" }));
    }
  });

  test("types 4 and 5 are skipped apart from the addable rule", () => {
    const broken = { budgetType: null, currency: "USD", amount: -5, budgetGroup: 0, requiredAttributes: [{ key: "x", label: "X", dataFillLevel: 1 }] };
    expect(validateVersion(snap([svc({ servicePolicyType: 4, ...broken }), svc({ serviceKey: "STORAGE", servicePolicyType: 5, ...broken })]))).toEqual([]);
  });

  test("one move hub per move stage", () => {
    const errors = validateVersion(
      snap([
        svc({ moveHub: true }),
        svc({ serviceKey: "TRAVEL", serviceName: "Relocation Travel", moveHub: true }),
        svc({ serviceKey: "MOVEHUB", serviceName: "Move Hub", servicePolicyType: 4, moveHub: true }),
        svc({ moveStage: 2, moveHub: true }),
      ]),
    );
    const msg = "Household Goods Removal is already the move hub service for this move stage. Only one service per move stage may be the move hub.";
    expect(errors).toEqual([
      err({ service: "TRAVEL", field: "moveHub", message: msg, errorType: "MOVE_HUB" }),
      err({ service: "MOVEHUB", field: "moveHub", message: msg, errorType: "MOVE_HUB" }),
    ]);
  });

  test("budgets breaking the min/amount/max rules", () => {
    const errors = validateVersion(
      snap([], [
        { moveStage: 2, groupNumber: 3, budgets: [
          { id: 7, currency: "USD", amount: 100, minAmount: 200, maxAmount: 50 },
          { id: 8, currency: "EUR", amount: 100, minAmount: 50, maxAmount: 150 },
        ] },
      ]),
    );
    expect(errors).toEqual([
      { moveStageId: 2, service: null, field: "budgetGroup.3.budget.7.maxAmount", message: "The Budget max must be greater than or equal to the Budget min.", errorType: "BUDGET" },
      { moveStageId: 2, service: null, field: "budgetGroup.3.budget.7.minAmount", message: "The Budget min must be less than or equal to the Amount.", errorType: "BUDGET" },
    ]);
  });

  test("a negative own amount is a budget error", () => {
    expect(validateVersion(snap([svc({ amount: -100 })]))).toEqual([
      err({ field: "amount", message: "The amount cannot be a negative number.", errorType: "BUDGET" }),
    ]);
  });

  test("required attributes (data-fill levels 1–3) need a value", () => {
    const s = svc({
      attributes: { shipmentMode: "Sea", blank: "  " },
      requiredAttributes: [
        { key: "shipmentMode", label: "Shipment mode", dataFillLevel: 1 },
        { key: "volume", label: "Volume allowance", dataFillLevel: 2 },
        { key: "blank", label: "Blank", dataFillLevel: 3 },
        { key: "optional", label: "Optional", dataFillLevel: 0 },
      ],
    });
    expect(validateVersion(snap([s]))).toEqual([
      err({ field: "attributes.volume", message: "Please select a value of the Volume allowance for Household Goods Removal", errorType: "MANDATORY_ATTRIBUTE" }),
      err({ field: "attributes.blank", message: "Please select a value of the Blank for Household Goods Removal", errorType: "MANDATORY_ATTRIBUTE" }),
    ]);
  });

  test("errors come by move stage, then in service order", () => {
    const errors = validateVersion(
      snap([
        svc({ moveStage: 3, serviceKey: "A", serviceName: "A", currency: null }),
        svc({ moveStage: 1, serviceKey: "B", serviceName: "B", amount: null }),
      ]),
    );
    expect(errors.map((e) => [e.moveStageId, e.service])).toEqual([[1, "B"], [3, "A"]]);
  });

  test("never throws on odd shapes", () => {
    const odd = { ...svc(), attributes: undefined, requiredAttributes: undefined } as unknown as SnapshotService;
    expect(() => validateVersion(snap([odd]))).not.toThrow();
    expect(() => validateVersion({ versionNumber: 1, moveStagesCount: 1, estimatePackage: null, services: undefined, budgetGroups: undefined } as unknown as VersionSnapshot)).not.toThrow();
    expect(() => validateVersion(snap([svc({ servicePolicyType: 9, serviceName: "" })]))).not.toThrow();
  });
});

describe("canSkipMandatoryAttributes", () => {
  const mandatory = err({ field: "attributes.x", message: "m", errorType: "MANDATORY_ATTRIBUTE" });
  const required = err({ field: "amount", message: "m", errorType: "REQUIRED" });

  test("only old versions whose only errors are mandatory attributes", () => {
    expect(canSkipMandatoryAttributes(1, [mandatory])).toBe(true);
    expect(canSkipMandatoryAttributes(2, [mandatory, mandatory])).toBe(true);
    expect(canSkipMandatoryAttributes(3, [mandatory])).toBe(false);
    expect(canSkipMandatoryAttributes(1, [mandatory, required])).toBe(false);
    expect(canSkipMandatoryAttributes(1, [])).toBe(false);
  });
});
