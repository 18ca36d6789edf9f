import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * HR edits an employee's budgets on the move page (part 1 §3 "Budget edit", §4 "Budget row", §5):
 * a soft budget (type S) saved outside its range asks for confirmation and saves once confirmed;
 * a hard one outside its range is refused with "Error: Budget is outside the range provided.".
 * Demo data: Emma Lindqvist (employee@acme.test), Global Long-Term Assignment: stage 1 group 1 is
 * hard (USD 4,000, 2,000–5,000), stage 2 group 2 soft (USD 48,000, 36,000–60,000; src/db/seed-expenses.ts).
 */
test.describe.configure({ mode: "serial" });

async function openEmmasMovePage(page: import("@playwright/test").Page) {
  await page.goto("/acme/home?moves_q=Lindqvist");
  const row = page.getByTestId("move-row").filter({ hasText: "Emma Lindqvist" }).first();
  await row.getByRole("link", { name: "Emma Lindqvist", exact: true }).click();
  await expect(page).toHaveURL(/\/acme\/employeefile\/summaryView\?employeeId=\d+&moveId=\d+/);
  await openMoveTab(page, "Budget and money");
  await expect(page.getByTestId("budgets-panel")).toBeVisible();
}

for (const size of [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
]) {
  test(`HR confirms a soft budget out of range and a hard one is refused (${size.name})`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await loginAs(demo.acmeHr);
    await openEmmasMovePage(page);
    const panel = page.getByTestId("budgets-panel");

    // Soft: stage 2, group 2.
    const soft = panel.locator('[data-testid=budget-row][data-stage="2"][data-group="2"]');
    await expect(soft.getByTestId("budget-type")).toHaveText("Soft");
    // The range reads as money, like the amount beside it.
    await expect(soft.getByTestId("budget-amount")).toContainText("Range USD 36,000.00 – USD 60,000.00");
    await soft.getByTestId("budget-edit").click();
    const save = soft.getByTestId("budget-save");
    await expect(save).toBeDisabled(); // nothing changed yet
    const amount = size.name === "desktop" ? "70000" : "71000";
    await soft.getByTestId("budget-amount-input").fill(amount);
    await expect(save).toBeEnabled();
    await save.click();
    await expect(soft.getByTestId("budget-warning")).toHaveText("Warning: Budget is going to be outside the range provided.");
    // The budget popup's variant (part 1 §5) heads the confirmation, word for word.
    await expect(soft.getByTestId("budget-confirm-box")).toContainText("Budget will be outside the range provided");
    // Cancel returns to edit; save again and confirm.
    await soft.getByTestId("budget-cancel").click();
    await expect(soft.getByTestId("budget-save")).toBeVisible();
    await soft.getByTestId("budget-save").click();
    await expectAccessible(page);
    await soft.getByTestId("budget-confirm").click();
    await expect(soft.getByTestId("budget-status")).toHaveText("Budget saved.");
    await expect(soft.getByTestId("budget-amount")).toContainText(`USD ${Number(amount).toLocaleString("en-US")}.00`);

    // Hard: stage 1, group 1.
    const hard = panel.locator('[data-testid=budget-row][data-stage="1"][data-group="1"]');
    await expect(hard.getByTestId("budget-type")).toHaveText("Hard");
    await hard.getByTestId("budget-edit").click();
    await hard.getByTestId("budget-amount-input").fill("9000");
    await hard.getByTestId("budget-save").click();
    await expect(hard.getByTestId("budget-error")).toHaveText("Error: Budget is outside the range provided.");
    await expect(hard.getByTestId("budget-error-box").getByText("Budget is outside the range provided.", { exact: true })).toBeVisible();
    await expect(hard.getByTestId("budget-warning")).toHaveCount(0);
    await hard.getByTestId("budget-amount-input").fill("0");
    await hard.getByTestId("budget-save").click();
    await expect(hard.getByTestId("budget-error")).toHaveText("Budget must be greater than zero.");
    await expect(hard.getByTestId("budget-error-box").getByText("Budget is outside the range provided.", { exact: true })).toHaveCount(0);
    await hard.getByTestId("budget-close").click();
    await expect(hard.getByTestId("budget-amount")).toContainText("USD 4,000.00");

    await expectAccessible(page);
    const { offenders } = await overflowing(page);
    expect(offenders, offenders.join("\n")).toEqual([]);
  });
}
