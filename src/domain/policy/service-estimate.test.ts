import { describe, expect, test } from "bun:test";
import { optionFormulas, serviceEstimateSettings, type EstimateServiceRow, type OptionFormulaRow, type ServiceEstimateInput } from "./service-estimate.ts";

const row = (o: Partial<EstimateServiceRow> & Pick<EstimateServiceRow, "service_key">): EstimateServiceRow => ({
  id: 1,
  move_stage: 1,
  title: null,
  service_name: o.service_key,
  service_policy_type: 2,
  budget_group: 99,
  addable: 0,
  amount: null,
  currency: null,
  rate_frequency: null,
  ...o,
});

const input = (service: EstimateServiceRow, o: Partial<ServiceEstimateInput> = {}): ServiceEstimateInput => ({
  estimateType: "LTA",
  service,
  services: [service],
  budgets: [],
  option: null,
  rates: [],
  ...o,
});

describe("inclusion", () => {
  test("types 1–3: non-addable always, addable only when chosen at stage 3; type 4 view only; type 5 off", () => {
    expect(serviceEstimateSettings(input(row({ service_key: "COLA", service_policy_type: 1 }))).inclusion).toBe("INCLUDED");
    expect(serviceEstimateSettings(input(row({ service_key: "COLA", service_policy_type: 3, addable: 1 }))).inclusion).toBe("IF_CHOSEN");
    expect(serviceEstimateSettings(input(row({ service_key: "MOVEHUB", service_policy_type: 4 }))).inclusion).toBe("VIEW_ONLY");
    expect(serviceEstimateSettings(input(row({ service_key: "COLA", service_policy_type: 5 }))).inclusion).toBe("OFF");
  });
});

describe("amount", () => {
  test("the service's own amount when it has no budget group", () => {
    const s = serviceEstimateSettings(input(row({ service_key: "IMMIGRATION", amount: 600000, currency: "USD" })));
    expect(s.budget).toEqual({ source: "SERVICE", amount: { amount: 600000, currency: "USD" }, budgetGroup: 99, sharedWith: [], countedUnder: null });
    expect(s.amountSource).toBe("BUDGET");
  });

  test("a budget group's first budget, counted once under the first service the estimate takes", () => {
    const a = row({ id: 1, service_key: "FLATSEARCH", budget_group: 1, service_policy_type: 1 });
    const b = row({ id: 2, service_key: "SETTLINGIN", budget_group: 1, service_policy_type: 1, title: "Settling in" });
    const budgets = [
      { move_stage: 1, group_number: 1, amount: 400000, currency: "USD" },
      { move_stage: 1, group_number: 1, amount: 999, currency: "EUR" },
      { move_stage: 2, group_number: 1, amount: 5, currency: "USD" },
    ];
    const first = serviceEstimateSettings(input(a, { services: [a, b], budgets }));
    expect(first.budget).toEqual({ source: "BUDGET_GROUP", amount: { amount: 400000, currency: "USD" }, budgetGroup: 1, sharedWith: ["Settling in"], countedUnder: null });
    const second = serviceEstimateSettings(input(b, { services: [a, b], budgets }));
    expect(second.budget.countedUnder).toBe("FLATSEARCH");
    expect(second.budget.sharedWith).toEqual(["FLATSEARCH"]);
  });

  test("an addable first member does not take the count from an included one", () => {
    const a = row({ id: 1, service_key: "A", budget_group: 3, addable: 1 });
    const b = row({ id: 2, service_key: "B", budget_group: 3 });
    const budgets = [{ move_stage: 1, group_number: 3, amount: 100, currency: "USD" }];
    expect(serviceEstimateSettings(input(a, { services: [a, b], budgets })).budget.countedUnder).toBe("B");
    expect(serviceEstimateSettings(input(b, { services: [a, b], budgets })).budget.countedUnder).toBeNull();
  });

  test("formulas come first, then the budget, then a destination rate of the service's budget group, else nothing", () => {
    const s = row({ service_key: "HOUSINGALLOWANCE", budget_group: 2, move_stage: 2 });
    const rates = [
      { move_stage: 2, group_number: 2, country_code: "GB", city: "London", description: "2 bedrooms", currency: "GBP", amount: 350000, frequency: "MONTHLY" },
      { move_stage: 1, group_number: 2, country_code: "US", city: "Austin", description: "other stage", currency: "USD", amount: 1, frequency: "MONTHLY" },
    ];
    const withRate = serviceEstimateSettings(input(s, { rates }));
    expect(withRate.amountSource).toBe("RATE");
    expect(withRate.rates).toEqual([{ countryCode: "GB", city: "London", description: "2 bedrooms", amount: { amount: 350000, currency: "GBP" }, frequency: "MONTHLY" }]);
    const budgets = [{ move_stage: 2, group_number: 2, amount: 4800000, currency: "USD" }];
    expect(serviceEstimateSettings(input(s, { rates, budgets })).amountSource).toBe("BUDGET");
    const option = { name: "Standard", formulas: [{ label: "Cost", formula: "1000", adjustmentFormula: null }] };
    expect(serviceEstimateSettings(input(s, { rates, budgets, option })).amountSource).toBe("FORMULAS");
    expect(serviceEstimateSettings(input(s)).amountSource).toBe("NONE");
  });
});

describe("placement and taxability", () => {
  test("stage 1 one-off in year 1, stage 2 every year, stage 3 the last year", () => {
    expect(serviceEstimateSettings(input(row({ service_key: "X", move_stage: 1 }))).placement).toBe("ONE_OFF_FIRST_YEAR");
    expect(serviceEstimateSettings(input(row({ service_key: "X", move_stage: 2 }))).placement).toBe("EVERY_YEAR");
    expect(serviceEstimateSettings(input(row({ service_key: "X", move_stage: 3 }))).placement).toBe("LAST_YEAR");
  });

  test("the service's default taxability; MAYBE for an unknown service is taxed", () => {
    expect(serviceEstimateSettings(input(row({ service_key: "IMMIGRATION" })))).toMatchObject({ taxability: "NON_TAXABLE", taxed: false });
    expect(serviceEstimateSettings(input(row({ service_key: "REMOVALS" })))).toMatchObject({ taxability: "TAXABLE", taxed: true });
    expect(serviceEstimateSettings(input(row({ service_key: "NEWSERVICE" })))).toMatchObject({ taxability: "MAYBE", taxed: true });
  });
});

describe("optionFormulas", () => {
  const line = (o: Partial<OptionFormulaRow>): OptionFormulaRow => ({
    option_id: 7,
    option_name: "40ft container",
    metadata_info_id: 1,
    group_id: null,
    policy_id: null,
    formula: "1",
    adjustment_formula: null,
    info_name: "Cost",
    info_sort_order: 1,
    ...o,
  });

  test("per line the policy's over the group's over the global formula, in line order", () => {
    const rows = [
      line({ metadata_info_id: 2, info_name: "Cost", info_sort_order: 2, formula: "global cost" }),
      line({ metadata_info_id: 2, info_name: "Cost", info_sort_order: 2, formula: "policy cost", policy_id: 3, group_id: 1 }),
      line({ metadata_info_id: 2, info_name: "Cost", info_sort_order: 2, formula: "group cost", group_id: 1 }),
      line({ metadata_info_id: 1, info_name: "Volume", info_sort_order: 1, formula: "67", adjustment_formula: "1.1" }),
      line({ option_id: 8, option_name: "other", formula: "other" }),
    ];
    expect(optionFormulas(rows, 7)).toEqual({
      name: "40ft container",
      formulas: [
        { label: "Volume", formula: "67", adjustmentFormula: "1.1" },
        { label: "Cost", formula: "policy cost", adjustmentFormula: null },
      ],
    });
  });

  test("an option without lines has its name and no formulas; an unknown option is null", () => {
    expect(optionFormulas([line({ metadata_info_id: null, formula: null, info_name: null })], 7)).toEqual({ name: "40ft container", formulas: [] });
    expect(optionFormulas([], 7)).toBeNull();
  });
});
