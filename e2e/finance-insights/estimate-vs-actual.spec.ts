import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertSpendMove } from "./insert-move.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * Estimate against actual (issue 16 "Beyond the spec"): HR sees the card on the move page, finance the
 * move's spend page and the account view (the employee account's moves, linking to the spend page), with each service's estimate, budget, approved and pending spend and the difference,
 * totals per currency and the budget group's remaining amount; a table at 1366 px, cards at 390 px; axe.
 * Each test plants its own group and move (insert-move.ts), so no other spec's data shows.
 */

async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** The figures of a service (a table row on desktop, a card on phones), in column order. */
async function expectService(scope: Locator, phone: boolean, name: string, figures: string[]) {
  const item = phone ? scope.getByTestId("eva-card").filter({ hasText: name }) : scope.getByTestId("eva-row").filter({ hasText: name });
  await expect(item).toBeVisible();
  for (const f of figures) await expect(item).toContainText(f);
}

async function expectComparison(scope: Locator, phone: boolean) {
  await expect(scope.getByText("Cost estimate version 1, amounts in EUR.")).toBeVisible();
  await expectService(scope, phone, "Flat search", ["EUR 1,500.00", "USD 4,000.00", "EUR 900.00", "EUR 0.00", "EUR 600.00"]);
  await expectService(scope, phone, "Settling in", ["EUR 2,000.00", "EUR 0.00", "EUR 120.00"]);
  const total = phone ? scope.getByTestId("eva-card-total") : scope.getByTestId("eva-total");
  await expect(total).toContainText("Total (EUR)");
  for (const f of ["EUR 3,500.00", "EUR 900.00", "EUR 120.00", "EUR 2,600.00"]) await expect(total).toContainText(f);
  const budget = scope.getByTestId("eva-budget").first();
  await expect(budget).toHaveAttribute("data-group", "1");
  // The budget's figures (issue 24 §2, the ledger's): Budget, Committed (the submitted USD 125.00 expense), Spent, Remaining;
  // the bill made here without an expense or finance item counts in the table above, not against the budget.
  for (const [key, f] of [["budget", "USD 4,000.00"], ["committed", "USD 125.00"], ["spent", "USD 0.00"], ["remaining", "USD 3,875.00"]] as const) {
    await expect(budget.getByTestId(`budget-figure-${key}-value`)).toHaveText(f);
  }
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = size.width < 768;
  test.describe(`estimate against actual at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR sees the estimate against actual card on the move page", async ({ page, loginAs }) => {
      const m = insertSpendMove("spend");
      await loginAs(m.hrEmail);
      await page.goto(`/${m.name}/employeefile/summaryView?employeeId=${m.employeeId}&moveId=${m.moveId}`);
      await expect(page.getByRole("heading", { level: 1, name: m.employeeName })).toBeVisible();
      await openMoveTab(page, "Budget and money");
      const card = page.getByTestId("estimate-vs-actual-panel");
      await expect(card.getByRole("heading", { level: 2, name: "Estimate against actual" })).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectComparison(card, phone);
      await expect(card.getByTestId(phone ? "eva-table" : "eva-cards")).toBeHidden();
      await expectAccessible(page);
      await expectFits(page);
    });

    test("finance sees the move's spend page; an unknown move shows the refusal", async ({ page, loginAs }) => {
      const m = insertSpendMove("spendfin");
      await loginAs(demo.finance);
      await page.goto(`/finance/moves/${m.moveId}/spend`);
      await expect(page.getByRole("heading", { level: 1, name: "Spend against estimate" })).toBeVisible();
      const body = page.getByTestId("finance-spend-page");
      await expectComparison(body, phone);
      await expectAccessible(page);
      await expectFits(page);

      await page.goto(`/finance/moves/2000000000/spend`);
      await expect(page.getByRole("alert").filter({ hasText: "This move does not exist or you cannot see it." }).first()).toBeVisible();
      await expectAccessible(page);
    });

    test("finance's account view lists the employee's move and links to its spend page", async ({ page, loginAs }) => {
      const m = insertSpendMove("spendacc");
      await loginAs(demo.finance);
      // From the account's own page (src/web/features/finance-accounts/account-page.tsx) to its spend view.
      await page.goto(`/finance/accounts/${m.accountId}`);
      await page.getByRole("link", { name: "Spend against estimate" }).click();
      await expect(page).toHaveURL(new RegExp(`/finance/accounts/${m.accountId}/spend$`));
      await expect(page.getByRole("heading", { level: 1, name: "Account spend against estimate" })).toBeVisible();
      const section = page.getByTestId("account-move");
      await expect(section).toHaveCount(1);
      await expect(section.getByRole("heading", { level: 2, name: /^Evan Actual/ })).toBeVisible();
      await expectComparison(section, phone);
      await expectAccessible(page);
      await expectFits(page);
      await section.getByRole("link", { name: /^Open the spend page of Evan Actual/ }).click();
      await expect(page).toHaveURL(new RegExp(`/finance/moves/${m.moveId}/spend$`));
      await expect(page.getByRole("heading", { level: 1, name: "Spend against estimate" })).toBeVisible();
    });
  });
}
