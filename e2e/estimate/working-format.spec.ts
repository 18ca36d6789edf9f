import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { ADVANCED_POLICY, estimateStage, nextFromOverrides, startMove } from "./estimate-helpers.ts";

/**
 * "How is this calculated?" writes every amount as money, like the table beside it (issue 13 QA
 * item 3): "USD 6,000.00", never "USD 6000.00"; the inputs' numbers are grouped the reader's way.
 */
test.use({ locale: "en-GB" });

/** A plain number of 4 or more digits without its group separators (e.g. "6000.00", "156271.59"). */
const UNGROUPED = /(^|[^\d.,])\d{4,}/;

test("every amount under How is this calculated? is formatted as money", async ({ page, loginAs }) => {
  test.setTimeout(180_000);
  await loginAs(demo.acmeHr);
  const move = await startMove(page, ADVANCED_POLICY, { first: "Wanda", last: "Working" });
  await nextFromOverrides(page, 6);
  await page.getByTestId("inputs-save").click();
  await expect(page).toHaveURL(/stage=4/);
  await estimateStage(page);

  const buttons = page.getByTestId("estimate-table").getByRole("button", { name: "How is this calculated?" });
  const count = Math.min(await buttons.count(), 8);
  expect(count).toBeGreaterThan(2);
  for (let i = 0; i < count; i++) await buttons.nth(i).click();
  const steps = page.getByTestId("working-steps");
  await expect(steps.first()).toBeVisible();

  const results = await steps.locator("li > p:last-child").allInnerTexts();
  expect(results.length).toBeGreaterThan(2);
  const money = results.filter((r) => /Result:\s*[A-Z]{3}\s/.test(r));
  expect(money.length).toBeGreaterThan(0);
  for (const r of money) expect(r).toMatch(/^Result:\s*[A-Z]{3} -?\d{1,3}(,\d{3})*(\.\d+)?$/);
  for (const r of results) expect(r, r).not.toMatch(UNGROUPED);
  const inputs = await steps.locator("dd").allInnerTexts();
  for (const v of inputs) expect(v, v).not.toMatch(UNGROUPED);
  await expectAccessible(page);

  // The saved version's read-only page shows the same working the same way.
  await page.goto(`/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`);
  await page.getByTestId("estimate-history-row").first().getByRole("link", { name: /^Version \d+$/ }).click();
  await expect(page).toHaveURL(/\/acme\/cost-estimate-view\?/);
  const view = page.getByTestId("estimate-table").getByRole("button", { name: "How is this calculated?" });
  await expect(view.first()).toBeVisible({ timeout: 30_000 });
  await view.first().click();
  const viewResults = await page.getByTestId("working-steps").locator("li > p:last-child").allInnerTexts();
  expect(viewResults.length).toBeGreaterThan(0);
  for (const r of viewResults) expect(r, r).not.toMatch(UNGROUPED);
});
