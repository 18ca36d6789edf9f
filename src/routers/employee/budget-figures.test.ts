/**
 * One remaining-budget figure (issue 24 §2), property test through the real procedures on the dialect under
 * test: random sequences of claims (the employee), approvals, rejections, "payment pending" and payments
 * (finance) on a fresh moving employee's budget, and after every step each screen's procedure shows the
 * figures src/domain/employee/budgets/figures.ts gives for the model of the sequence (budget − committed − spent):
 * - the employee home (employee.home) and the expenses page's budgets (budgets.forMove as the employee);
 * - HR's move page: its budgets panel (budgets.forMove with moveId) and the estimate against actual
 *   (finance.insights.estimateVsActual);
 * - the expenses page's remaining budget (budgets.remaining, its remainingBudgetDto) and its overdraft
 *   check (budgets.checkHardLimit), and the same remaining read over POST /budget/spend/remaining;
 * - the booking dialog (budgets.bookingEstimate: originalRemaining, overBudgetAmount, figures);
 * - Bill Approval's budget column (finance.approval.list, each pending item's remaining) and its
 *   remaining read (finance.approval.remaining).
 * SQLite runs more sequences; PostgreSQL a smaller run (FIGURES_RUNS overrides both).
 */
import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { amountOver, approvedTotal, budgetFigures, type BudgetFigures, type BudgetStage } from "../../domain/employee/budgets/figures.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { todayUtc } from "../../services/finance/core.ts";
import { appFor, cookieFor, postJson } from "../../test/app.ts";
import { callerFor, insertTestUser, testDialect } from "../../test/db.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
const RUNS = Number(process.env.FIGURES_RUNS ?? (testDialect() === "postgres" ? 5 : 25));
const SERVICE = "SETTLINGIN";
const STAGE = 1;
const GROUP = 1;

type Item = { id: number; amount: number; stage: BudgetStage | null; pending: boolean };
type Step = { op: "claim"; cents: number } | { op: "approve" | "reject" | "pending" | "pay"; pick: number };

let serial = 0;

/** A moving employee of their own (a copy of the demo employee's move, as the e2e fixture makes one), so every sequence starts from nothing. */
async function freshMovingEmployee(): Promise<{ email: string; lastName: string; userId: number; moveId: number }> {
  const tag = `${Date.now().toString(36)}${++serial}`;
  const email = `figures-${tag}@acme.test`;
  const lastName = `Figures${tag}`;
  const userId = await insertTestUser(t.db, { email, role: "EMPLOYEE", group: "acme", firstName: "Bea", lastName });
  const demo = await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
  const move = (await t.db.selectFrom("moves").selectAll().where("employee_user_id", "=", demo.id).orderBy("id").executeTakeFirstOrThrow()) as Record<string, unknown>;
  delete move.id;
  const now = new Date().toISOString();
  Object.assign(move, { employee_user_id: userId, status: "open", created_at: now, updated_at: now });
  const inserted = await t.db.insertInto("moves").values(move as never).returning("id").executeTakeFirstOrThrow();
  return { email, lastName, userId, moveId: inserted.id };
}

const usd = (cents: number) => toMajorString({ amount: cents, currency: "USD" });

/** Every screen's figure against the model's (src/domain/employee/budgets/figures.ts on the items' stages). */
async function expectEveryScreen(who: { email: string; lastName: string; moveId: number }, model: BudgetFigures, items: Item[], context: string) {
  const [employee, hr, finance] = await Promise.all([callerFor(t.db, who.email), callerFor(t.db, DEMO.HR), callerFor(t.db, DEMO.FINANCE)]);
  const figures = { currency: "USD", ...model };
  const pick = <B extends { moveStageId: number; budgetGroupId: number }>(list: B[]) => list.find((b) => b.moveStageId === STAGE && b.budgetGroupId === GROUP)!;

  // The employee home and the expenses page's budgets.
  const home = pick((await employee.employee.home()).budgets);
  expect([context, home.figures]).toEqual([context, figures]);
  expect([home.remainingAmount, home.committedAmount, home.spentAmount]).toEqual([usd(model.remaining), usd(model.committed), usd(model.spent)]);
  expect(pick((await employee.budgets.forMove({})).budgets).figures).toEqual(figures);

  // HR's move page: the budgets panel and the estimate against actual.
  const panel = pick((await hr.budgets.forMove({ moveId: who.moveId })).budgets);
  expect([context, panel.figures, panel.remainingAmount]).toEqual([context, figures, usd(model.remaining)]);
  const eva = await hr.finance.insights.estimateVsActual({ group: "acme", moveId: who.moveId });
  expect(eva.budgets.find((b) => b.stage === STAGE && b.group === GROUP)!.figures).toEqual(figures);

  // The expenses page's remaining budget and its overdraft check; the legacy path answers the same.
  const search = { id: "s", serviceName: SERVICE, moveStageId: STAGE, moveId: who.moveId };
  const [remaining] = (await employee.budgets.remaining({ searches: [search] })).results;
  expect(remaining!.amount).toEqual({ currencyUnit: { code: "USD" }, amount: usd(model.remaining) });
  expect(remaining!.remainingBudgetDto).toEqual({ submitted: usd(model.submitted), approvedByAdvocate: usd(approvedTotal(model)), approvedByFinance: usd(approvedTotal(model)), budget: usd(model.budget) });
  const legacy = await postJson(appFor(t.db), "/budget/spend/remaining", { searches: [search] }, { cookie: await cookieFor(t.db, who.email) });
  expect(((await legacy.json()) as { results: { amount: { amount: string } }[] }).results[0]!.amount.amount).toBe(usd(model.remaining));
  const cost = 1_800_00;
  const hard = await employee.budgets.checkHardLimit({ productId: SERVICE, moveStageId: STAGE, amount: usd(cost), currency: "USD" });
  expect([hard.data!.remainingBudget, hard.data!.amountOver]).toEqual([usd(model.remaining), usd(amountOver(model.remaining, cost))]);

  // The booking dialog.
  const estimate = await employee.budgets.bookingEstimate({ service: SERVICE, serviceParam: STAGE, currency: "USD", amount: usd(cost) });
  expect([estimate.originalRemaining, estimate.overBudgetAmount, estimate.remainingBudget, estimate.figures]).toEqual([usd(model.remaining), usd(amountOver(model.remaining, cost)), usd(model.remaining - cost), figures]);

  // Bill Approval: every pending item of the employee shows the budget's remaining; finance's remaining read.
  const pendingIds = items.filter((i) => i.stage === "submitted").map((i) => i.id).sort((a, b) => a - b);
  const list = await finance.finance.approval.list({ search: who.lastName, type: "expense", pageSize: 100 });
  expect(list.rows.map((r) => r.id).sort((a, b) => a - b)).toEqual(pendingIds);
  for (const row of list.rows) expect([context, row.budget.remaining]).toEqual([context, usd(model.remaining)]);
  const [byFinance] = (await finance.finance.approval.remaining({ searches: [search] })).results;
  expect(byFinance!.amount!.amount).toBe(usd(model.remaining));
}

async function billOf(expenseId: number): Promise<number> {
  const bill = await t.db.selectFrom("bills").select("id").where("source_kind", "=", "expense").where("source_id", "=", expenseId).executeTakeFirstOrThrow();
  return bill.id;
}

async function runSequence(steps: Step[]) {
  const who = await freshMovingEmployee();
  const [employee, finance, hr] = await Promise.all([callerFor(t.db, who.email), callerFor(t.db, DEMO.FINANCE), callerFor(t.db, DEMO.HR)]);
  const budget = pickBudget((await hr.budgets.forMove({ moveId: who.moveId })).budgets);
  const items: Item[] = [];
  const model = () => budgetFigures(budget, items.map((i) => ({ stage: i.stage, amount: i.amount })));
  await expectEveryScreen(who, model(), items, "start");
  const today = todayUtc();
  for (const [n, step] of steps.entries()) {
    const among = (stage: BudgetStage, pending?: boolean) => items.filter((i) => i.stage === stage && (pending === undefined || i.pending === pending));
    const chosen = (list: Item[], pick: number) => (list.length === 0 ? null : list[pick % list.length]!);
    let done: string;
    if (step.op === "claim") {
      const { id } = await employee.expenses.submit({ serviceName: SERVICE, moveStageId: STAGE, category: "TRAVEL", expenseDate: today, currency: "USD", gross: usd(step.cents), description: `figures ${n}` });
      items.push({ id, amount: step.cents, stage: "submitted", pending: false });
      done = `claim ${usd(step.cents)}`;
    } else if (step.op === "approve" || step.op === "reject") {
      const item = chosen(among("submitted"), step.pick);
      if (!item) continue;
      if (step.op === "approve") {
        await finance.finance.approval.approve({ kind: "expense", id: item.id, maxTotalSpendOverride: true });
        item.stage = "approved";
      } else {
        await finance.finance.approval.reject({ kind: "expense", id: item.id, rejectionId: 1 });
        item.stage = null;
      }
      done = `${step.op} #${item.id}`;
    } else if (step.op === "pending") {
      const item = chosen(among("approved", false), step.pick);
      if (!item) continue;
      const [r] = await finance.finance.bills.updateStatus({ bills: [{ id: await billOf(item.id), status: "PaymentPending" }] });
      expect(r).toMatchObject({ success: true, status: "PaymentPending" });
      item.pending = true;
      done = `payment pending #${item.id}`;
    } else {
      const item = chosen(among("approved"), step.pick);
      if (!item) continue;
      // An open bill is paid through payment pending (part 2 §4), as Bill Management does it.
      if (!item.pending) await finance.finance.bills.updateStatus({ bills: [{ id: await billOf(item.id), status: "PaymentPending" }] });
      const [r] = await finance.finance.bills.updateStatus({ bills: [{ id: await billOf(item.id), status: "Paid", paymentDate: today, reference: `FIG-${item.id}` }] });
      expect(r).toMatchObject({ success: true, status: "Paid" });
      item.stage = "paid";
      done = `pay #${item.id}`;
    }
    await expectEveryScreen(who, model(), items, `after step ${n} (${done})`);
  }
  return model();
}

function pickBudget(list: { moveStageId: number; budgetGroupId: number; figures: { budget: number } }[]): number {
  return list.find((b) => b.moveStageId === STAGE && b.budgetGroupId === GROUP)!.figures.budget;
}

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: 2_500_00 }).map((cents): Step => ({ op: "claim", cents })) },
  { weight: 3, arbitrary: fc.nat(50).map((pick): Step => ({ op: "approve", pick })) },
  { weight: 1, arbitrary: fc.nat(50).map((pick): Step => ({ op: "reject", pick })) },
  { weight: 1, arbitrary: fc.nat(50).map((pick): Step => ({ op: "pending", pick })) },
  { weight: 2, arbitrary: fc.nat(50).map((pick): Step => ({ op: "pay", pick })) },
);

describe("one remaining-budget figure (issue 24 §2)", () => {
  test("a hand-made sequence: claim, approve, pay move the amount from committed to spent; a rejection frees it", async () => {
    const who = await freshMovingEmployee();
    const hr = await callerFor(t.db, DEMO.HR);
    const budget = pickBudget((await hr.budgets.forMove({ moveId: who.moveId })).budgets);
    const end = await runSequence([
      { op: "claim", cents: 1_000_00 },
      { op: "claim", cents: 250_50 },
      { op: "approve", pick: 0 },
      { op: "reject", pick: 0 },
      { op: "pending", pick: 0 },
      { op: "pay", pick: 0 },
      { op: "claim", cents: 2_000_00 },
    ]);
    expect(end).toEqual({ budget, submitted: 2_000_00, approved: 0, committed: 2_000_00, spent: 1_000_00, remaining: budget - 3_000_00 });
  }, 300_000);

  test(`property: after every step of ${RUNS} random sequences, every screen shows the domain's figures`, async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        await runSequence(steps);
      }),
      { numRuns: RUNS, endOnFailure: true },
    );
  }, 900_000);
});
