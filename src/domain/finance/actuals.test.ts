import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { budgetFigures } from "../employee/budgets/figures.ts";
import { computeActuals, convertWith, estimateRates, type ActualsInput } from "./actuals.ts";

/** The ledger's figures of the budget (src/domain/employee/budgets/figures.ts): EUR 500 submitted, 1,000 approved, 2,000 paid. */
const FIGURES = budgetFigures(700_000, [{ stage: "submitted", amount: 50_000 }, { stage: "approved", amount: 100_000 }, { stage: "paid", amount: 200_000 }]);

const rates: Record<string, string> = { "EUR>USD": "1.1", "GBP>USD": "1.25", "USD>EUR": "0.9", "GBP>EUR": "1.15", "JPY>USD": "0.0067" };
const rateOf = (from: string, to: string) => {
  const r = rates[`${from}>${to}`];
  if (!r) throw new Error(`no rate ${from}>${to}`);
  return r;
};

const base: ActualsInput = {
  estimateCurrency: "USD",
  estimateLines: [
    { stage: 1, serviceKey: "REMOVALS", title: "Household goods", amount: 500_000 },
    { stage: 1, serviceKey: "TEMPHOUSING", title: "Temporary housing", amount: 300_000 },
  ],
  budgets: [{ stage: 1, group: 1, currency: "EUR", amount: 700_000, source: "POLICY", figures: FIGURES }],
  serviceGroups: new Map([
    ["1:REMOVALS", 1],
    ["1:TEMPHOUSING", 1],
  ]),
  serviceTitles: new Map([["SETTLINGIN", "Settling in"]]),
  spend: [],
  rateOf,
};

describe("computeActuals", () => {
  test("a hand-computed move: estimate lines, approved and pending spend in three currencies, one shared budget", () => {
    const out = computeActuals({
      ...base,
      spend: [
        // REMOVALS: a USD vendor bill 4,200.00 and an EUR expense 100.00 (= USD 110.00; EUR budget 100.00 stored)
        { stage: 1, serviceKey: "REMOVALS", state: "approved", money: { amount: 420_000, currency: "USD" } },
        { stage: 1, serviceKey: "REMOVALS", state: "approved", money: { amount: 10_000, currency: "EUR" }, inBudget: { amount: 10_000, currency: "EUR" } },
        // TEMPHOUSING: a GBP 1,000.00 pending expense (= USD 1,250.00; EUR 1,150.00)
        { stage: 1, serviceKey: "TEMPHOUSING", state: "pending", money: { amount: 100_000, currency: "GBP" } },
        // A credit note of USD -20.00 on REMOVALS
        { stage: 1, serviceKey: "REMOVALS", state: "approved", money: { amount: -2_000, currency: "USD" } },
        // Spend on a service without an estimate line (and no budget group), stage 2
        { stage: 2, serviceKey: "SETTLINGIN", state: "approved", money: { amount: 5_000, currency: "USD" } },
        // An ad-hoc charge without a service
        { stage: null, serviceKey: null, state: "approved", money: { amount: 1_000, currency: "USD" } },
      ],
    });
    expect(out.currency).toBe("USD");
    expect(out.rows).toEqual([
      { stage: 1, serviceKey: "REMOVALS", title: "Household goods", budgetGroup: 1, currency: "USD", estimate: 500_000, approved: 420_000 + 11_000 - 2_000, pending: 0, difference: 500_000 - 429_000 },
      { stage: 1, serviceKey: "TEMPHOUSING", title: "Temporary housing", budgetGroup: 1, currency: "USD", estimate: 300_000, approved: 0, pending: 125_000, difference: 300_000 },
      { stage: 2, serviceKey: "SETTLINGIN", title: "Settling in", budgetGroup: null, currency: "USD", estimate: null, approved: 5_000, pending: 0, difference: null },
      { stage: null, serviceKey: null, title: "", budgetGroup: null, currency: "USD", estimate: null, approved: 1_000, pending: 0, difference: null },
    ]);
    // Budget EUR 7,000.00: USD 4,200.00 × 0.9 = EUR 3,780.00; the expense's stored EUR 100.00; USD −20.00 = EUR −18.00.
    expect(out.budgets).toEqual([
      { stage: 1, group: 1, currency: "EUR", amount: 700_000, source: "POLICY", approved: 378_000 + 10_000 - 1_800, pending: 115_000, figures: FIGURES, serviceKeys: ["REMOVALS", "TEMPHOUSING"] },
    ]);
    expect(out.totals).toEqual([{ currency: "USD", estimate: 800_000, approved: 435_000, pending: 125_000, difference: 800_000 - 435_000 }]);
    // What remains is the ledger's figure, carried as it is (budget − committed − spent), not recomputed from the bills.
    expect(out.budgetTotals).toEqual([{ currency: "EUR", budget: 700_000, approved: 386_200, pending: 115_000, committed: 150_000, spent: 200_000, remaining: 350_000 }]);
  });

  test("no estimate: the view currency is the first budget's, no difference is shown", () => {
    const out = computeActuals({ ...base, estimateCurrency: null, spend: [{ stage: 1, serviceKey: "REMOVALS", state: "approved", money: { amount: 1_000, currency: "USD" } }], rateOf });
    expect(out.currency).toBe("EUR");
    expect(out.rows).toHaveLength(1);
    expect(out.rows[0]).toMatchObject({ estimate: null, approved: 900, difference: null });
  });

  test("nothing at all: no rows, no totals", () => {
    const out = computeActuals({ ...base, estimateCurrency: null, estimateLines: [], budgets: [], spend: [] });
    expect(out).toEqual({ currency: "USD", rows: [], budgets: [], totals: [], budgetTotals: [] });
  });

  test("JPY rounds to whole yen through the money module", () => {
    expect(convertWith(rateOf, { amount: 12_345, currency: "JPY" }, "USD")).toBe(8_271); // 12,345 × 0.0067 = 82.7115 → 82.71
    expect(convertWith(() => "149.5", { amount: 1_001, currency: "USD" }, "JPY")).toBe(1_496); // 10.01 × 149.5 = 1,496.495 → 1,496
  });

  test("the estimate's stored rates come first, in their direction; otherwise the fallback", () => {
    const fn = estimateRates([{ from: "EUR", to: "USD", rate: "1.2" }], () => "9");
    expect(fn("EUR", "USD")).toBe("1.2");
    expect(fn("USD", "EUR")).toBe("9");
    expect(fn("USD", "USD")).toBe("1");
  });

  test("property: totals are the exact sums of the rows; a budget's approved is the sum of its services' spend", () => {
    const spend = fc.record({
      stage: fc.constantFrom(1, 2),
      serviceKey: fc.constantFrom("REMOVALS", "TEMPHOUSING", "SETTLINGIN"),
      state: fc.constantFrom("approved" as const, "pending" as const),
      money: fc.record({ amount: fc.integer({ min: -1_000_000, max: 10_000_000 }), currency: fc.constantFrom("USD", "EUR", "GBP") }),
    });
    fc.assert(
      fc.property(fc.array(spend, { maxLength: 30 }), (items) => {
        const out = computeActuals({ ...base, spend: items });
        const sum = (f: (r: (typeof out.rows)[number]) => number) => out.rows.reduce((a, r) => a + f(r), 0);
        const total = out.totals[0]!;
        expect(total.approved).toBe(sum((r) => r.approved));
        expect(total.pending).toBe(sum((r) => r.pending));
        expect(total.estimate).toBe(sum((r) => r.estimate ?? 0));
        expect(total.difference).toBe(total.estimate - total.approved);
        const budget = out.budgets[0]!;
        const inGroup = items.filter((i) => i.stage === 1 && i.serviceKey !== "SETTLINGIN");
        expect(budget.approved).toBe(inGroup.filter((i) => i.state === "approved").reduce((a, i) => a + convertWith(rateOf, i.money, "EUR"), 0));
        expect(budget.figures).toBe(FIGURES);
      }),
      { numRuns: 200 },
    );
  });
});
