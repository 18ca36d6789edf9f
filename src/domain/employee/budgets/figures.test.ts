import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { LIFECYCLE_STAGES } from "../expenses/lifecycle.ts";
import { amountOver, approvedTotal, budgetFigures, sumFigures, budgetStageOf, remainingAfter, usedAmount, type BudgetStage } from "./figures.ts";

describe("budget figures (issue 24 §2)", () => {
  test("a hand-computed budget: committed = submitted + approved not paid, spent = paid, remaining = budget − committed − spent", () => {
    const f = budgetFigures(4000_00, [
      { stage: budgetStageOf("submitted"), amount: 100_10 },
      { stage: budgetStageOf("submitted"), amount: 50_05 },
      { stage: budgetStageOf("inReview"), amount: 10_00 },
      { stage: budgetStageOf("approved"), amount: 150_00 },
      { stage: budgetStageOf("paymentPending"), amount: 50_00 },
      { stage: budgetStageOf("paid"), amount: 300_00 },
      { stage: budgetStageOf("audited"), amount: 1_01 },
      { stage: budgetStageOf("rejected"), amount: 999_99 },
      { stage: budgetStageOf("changesRequested"), amount: 999_99 },
      { stage: budgetStageOf("cancelled"), amount: 999_99 },
    ]);
    expect(f).toEqual({ budget: 4000_00, submitted: 160_15, approved: 200_00, committed: 360_15, spent: 301_01, remaining: 4000_00 - 360_15 - 301_01 });
    expect(approvedTotal(f)).toBe(501_01);
    expect(usedAmount(f)).toBe(661_16);
  });

  test("the budget stage of every lifecycle stage: committed until every bill is paid; rejected, changes requested and cancelled do not count", () => {
    // Every stage the lifecycle knows must be placed here on purpose (a new one fails until it is).
    const expected: Partial<Record<string, BudgetStage | null>> = {
      submitted: "submitted",
      submittedWithoutReceipt: "submitted",
      inReview: "submitted",
      approved: "approved",
      paymentPending: "approved",
      partiallyPaid: "approved",
      paid: "paid",
      audited: "paid",
      rejected: null,
      changesRequested: null,
      cancelled: null,
    };
    for (const stage of LIFECYCLE_STAGES) {
      expect([stage, stage in expected]).toEqual([stage, true]);
      expect({ stage, budget: budgetStageOf(stage) }).toEqual({ stage, budget: expected[stage] ?? null });
    }
  });

  test("overspent budgets go negative; paying an approved item moves it from committed to spent and leaves remaining unchanged", () => {
    expect(budgetFigures(100, [{ stage: "approved", amount: 150 }]).remaining).toBe(-50);
    const before = budgetFigures(1000, [{ stage: "approved", amount: 400 }]);
    const after = budgetFigures(1000, [{ stage: "paid", amount: 400 }]);
    expect([before.committed, before.spent, before.remaining]).toEqual([400, 0, 600]);
    expect([after.committed, after.spent, after.remaining]).toEqual([0, 400, 600]);
  });

  test("amountOver: what a cost exceeds the remaining by; with nothing left the whole cost is over", () => {
    expect(amountOver(1000, 400)).toBe(0);
    expect(amountOver(1000, 1000)).toBe(0);
    expect(amountOver(1000, 1500)).toBe(500);
    expect(amountOver(0, 300)).toBe(300);
    expect(amountOver(-200, 300)).toBe(300);
    expect(remainingAfter(budgetFigures(1000, []), 300)).toBe(700);
  });

  test("property: the figures add up for any items", () => {
    const stage = fc.constantFrom<BudgetStage | null>("submitted", "approved", "paid", null);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.record({ stage, amount: fc.integer({ min: 0, max: 1e8 }) }), { maxLength: 40 }), (budget, items) => {
        const f = budgetFigures(budget, items);
        const sum = (s: BudgetStage) => items.filter((i) => i.stage === s).reduce((a, i) => a + i.amount, 0);
        expect(f.submitted).toBe(sum("submitted"));
        expect(f.approved).toBe(sum("approved"));
        expect(f.spent).toBe(sum("paid"));
        expect(f.committed).toBe(f.submitted + f.approved);
        expect(f.remaining).toBe(budget - f.committed - f.spent);
        expect(f.budget - f.remaining).toBe(usedAmount(f));
        // The order of the items never matters.
        expect(budgetFigures(budget, [...items].reverse())).toEqual(f);
        // Split in two budgets and added up, the figures are the whole's.
        const half = Math.floor(items.length / 2);
        expect(sumFigures([budgetFigures(budget, items.slice(0, half)), budgetFigures(0, items.slice(half))])).toEqual(f);
        const cost = items[0]?.amount ?? 0;
        const over = amountOver(f.remaining, cost);
        expect(over).toBeGreaterThanOrEqual(0);
        expect(over).toBeLessThanOrEqual(cost);
        if (f.remaining >= cost) expect(over).toBe(0);
        else expect(over).toBe(cost - Math.max(f.remaining, 0));
      }),
      { numRuns: 300 },
    );
  });
});
