import type { Locator } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertMovingEmployee } from "../moving-employee.ts";
import { expenseAndBill, insertQuote } from "./remaining-figure-data.ts";
import { SIZES, fits, signedIn } from "./journey.ts";

/**
 * Issue 24 §2 journey, end to end in one test at 1366×900 and then 390×844: one remaining-budget figure.
 * A fresh acme employee (a copy of Emma's move, nothing claimed yet) has a USD 1,800.00 supplier quote for
 * Settling in (stage 1, budget group 1). At the start and after each step — the employee claims
 * USD 2,500.00 on the expenses page, finance approves it on Bill Approval, finance records its payment on
 * Bill Management — the employee home, the booking dialog on the comparison page and HR's move page
 * (Budget and money tab: the budgets panel and the estimate against actual) show the same figures:
 * Budget, Committed (submitted or approved, not yet paid), Spent (paid) and Remaining = budget − committed
 * − spent, with thousands separators. Bill Approval's budget column shows the same remaining. axe on every
 * page; nothing wider than the viewport.
 */

const CLAIM = 2_500_00;
const QUOTE = 1_800_00;

const usd = (cents: number) => `USD ${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const cents = (text: string) => Math.round(Number(text.replace(/[^0-9.-]/g, "")) * 100);

type Figures = { budget: number; committed: number; spent: number; remaining: number };

/** The four figures of a BudgetFigures block, as shown. */
async function expectFigures(scope: Locator, f: Figures, label: string) {
  for (const key of ["budget", "committed", "spent", "remaining"] as const) {
    await expect(scope.getByTestId(`budget-figure-${key}-value`), `${label}: ${key}`).toHaveText(usd(f[key]));
  }
  for (const name of ["Budget", "Committed", "Spent", "Remaining"]) await expect(scope.getByText(name, { exact: true })).toBeVisible();
}

test("the same remaining figure on the employee home, the booking dialog and HR's move page after claim, approve and pay (1366 and 390 px)", async ({ browser, baseURL }) => {
  test.setTimeout(600_000);
  for (const size of SIZES) {
    const email = `remaining-${size.width}-${Date.now()}@acme.test`;
    const { userId, moveId } = insertMovingEmployee(email, "acme");
    const company = `Journey Settlers ${size.width}-${Date.now()}`;
    insertQuote({ moveId, company, service: "SETTLINGIN", amount: QUOTE });
    const description = `Journey claim ${size.width}-${Date.now()}`;
    const employee = await signedIn(browser, baseURL, email, size);
    const hr = await signedIn(browser, baseURL, demo.acmeHr, size);
    const finance = await signedIn(browser, baseURL, demo.finance, size);
    const e = employee.page;
    const h = hr.page;
    const f = finance.page;

    /** Every screen's figures against `want`. */
    const expectEverywhere = async (want: Figures, step: string) => {
      // The employee home.
      await e.goto("/");
      const home = e.locator('[data-testid="home-budget"][data-stage="1"][data-group="1"]');
      await expect(home, step).toBeVisible({ timeout: 20_000 });
      await expectFigures(home.getByTestId("budget-figures"), want, `home ${step}`);
      await expectAccessible(e);
      await fits(e, size.width);

      // The booking dialog of the quote: what remains before the booking, the same figure; over it, by how much.
      await e.goto("/comparison");
      const quote = e.locator(`li[data-quote="${company}"]`);
      await quote.getByRole("button", { name: `Book ${company}` }).click();
      const dialog = e.getByRole("alertdialog");
      await expect(dialog.getByTestId("booking-remaining-value"), `booking ${step}`).toHaveText(usd(want.remaining));
      if (QUOTE > want.remaining) {
        await expect(dialog.getByRole("heading", { name: "This booking is over your budget" })).toBeVisible();
        await expect(dialog).toContainText(`has ${usd(want.remaining)} left; this booking of ${usd(QUOTE)} is ${usd(QUOTE - Math.max(want.remaining, 0))} over it`);
      } else {
        await expect(dialog).toContainText(usd(QUOTE));
      }
      await expectAccessible(e);
      await fits(e, size.width);
      await dialog.getByRole("button", { name: "Go back" }).click();
      await expect(quote).toContainText("Open");

      // HR's move page, Budget and money tab: the budgets panel and the estimate against actual.
      await h.goto(`/acme/employeefile/summaryView?employeeId=${userId}&moveId=${moveId}&tab=money`);
      const row = h.locator('[data-testid="budget-row"][data-stage="1"][data-group="1"]');
      await expect(row, step).toBeVisible({ timeout: 20_000 });
      await expectFigures(row.getByTestId("budget-figures"), want, `HR panel ${step}`);
      const eva = h.getByTestId("estimate-vs-actual-panel").locator('[data-testid="eva-budget"][data-stage="1"][data-group="1"]');
      await expectFigures(eva.getByTestId("budget-figures"), want, `HR estimate against actual ${step}`);
      await expectAccessible(h);
      await fits(h, size.width);
    };

    // A new employee's first visit opens the welcome call flow (e2e/welcome covers it): skipped once here.
    await e.goto("/common/welcomeCallPopup");
    await e.getByRole("button", { name: "Skip for now" }).click();
    await expect(e).toHaveURL(/\/$/);
    await expect(e.getByRole("button", { name: "Skip for now" })).toBeHidden();

    // Start: nothing claimed; the budget is whatever the policy gives Settling in's group (read once from HR's panel).
    await h.goto(`/acme/employeefile/summaryView?employeeId=${userId}&moveId=${moveId}&tab=money`);
    const budgetText = await h.locator('[data-testid="budget-row"][data-stage="1"][data-group="1"]').getByTestId("budget-figure-budget-value").textContent({ timeout: 20_000 });
    const budget = cents(budgetText ?? "");
    expect(budget).toBeGreaterThan(CLAIM);
    await expectEverywhere({ budget, committed: 0, spent: 0, remaining: budget }, "at the start");

    // 1. The employee claims USD 2,500.00 for Settling in: committed.
    await e.goto("/expenses");
    await e.getByTestId("expense-stage").selectOption("1");
    await e.getByTestId("expense-service").selectOption("SETTLINGIN");
    await expect(e.getByTestId("remaining-budget-value")).toHaveText(usd(budget));
    await e.getByTestId("expense-category").selectOption("TRAVEL");
    await e.getByTestId("expense-currency").selectOption("USD");
    await e.getByTestId("expense-gross").fill("2500.00");
    await e.getByTestId("expense-description").fill(description);
    await e.getByTestId("expense-submit").click();
    await expect(e.getByTestId("expense-done")).toHaveText("Expense submitted.");
    await expect(e.getByTestId("remaining-budget-value")).toHaveText(usd(budget - CLAIM));
    const afterClaim = { budget, committed: CLAIM, spent: 0, remaining: budget - CLAIM };
    await expectEverywhere(afterClaim, "after the claim");

    // 2. Finance approves it on Bill Approval (its budget column shows the same remaining): still committed.
    const { expenseId } = expenseAndBill({ moveId, description });
    await f.goto(`/finance/bill-approval?q=${encodeURIComponent(description)}`);
    // A table row at 1366 px, a card on phones.
    const item = f.getByTestId(size.width < 768 ? `approval-card-expense-${expenseId}` : `approval-expense-${expenseId}`);
    await expect(item).toBeVisible({ timeout: 20_000 });
    await expect(item).toContainText(usd(budget - CLAIM));
    await expectAccessible(f);
    await fits(f, size.width);
    await item.getByRole("button", { name: `Approve Expense ${expenseId}` }).click();
    await expect(f.getByRole("status").filter({ hasText: `Expense ${expenseId} approved` })).toBeVisible();
    await expectEverywhere(afterClaim, "after the approval");

    // 3. Finance records the bill's payment on Bill Management: spent, no longer committed; remaining unchanged.
    const { billId } = expenseAndBill({ moveId, description });
    expect(billId).not.toBeNull();
    await f.goto(`/finance/bill-management?q=${billId}`);
    await f.getByRole("button", { name: `Actions for bill ${billId}` }).click();
    await f.getByRole("menuitem", { name: "Record payment" }).click();
    await f.getByRole("dialog", { name: `Record a payment for bill ${billId}` }).getByRole("button", { name: "Record payment" }).click();
    await expect(f.getByRole("status").filter({ hasText: `Bill ${billId}: Paid` })).toBeVisible();
    await expectEverywhere({ budget, committed: 0, spent: CLAIM, remaining: budget - CLAIM }, "after the payment");

    for (const c of [employee, hr, finance]) await c.context.close();
  }
});
