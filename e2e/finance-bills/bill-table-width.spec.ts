import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertBill } from "./insert-bill.ts";

/**
 * Issue 24 §6: Bill Management fits the screen. At 1366 px the table shows its priority columns with a
 * visible Actions column (the account and bill date are detail lines), with no sideways scroll of the page
 * or of the table; at 390 px each bill is a card with its actions. axe at both widths.
 */
test.describe.configure({ mode: "serial" });

const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function sideways(page: Page, selector = "html") {
  return page.evaluate((s) => {
    const el = document.querySelector(s)!;
    return el.scrollWidth - el.clientWidth;
  }, selector);
}

test.beforeEach(async ({ loginAs }) => {
  test.setTimeout(120_000);
  await loginAs(demo.finance);
});

test("at 1366 px every priority column and the Actions column are on screen", async ({ page }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const ref = unique("WIDTH");
  const id = insertBill({ reference: ref, gross: 123_456_789 }).billId;
  await page.goto(`/finance/bill-management?q=${ref}`);
  const row = page.getByTestId(`bill-${id}`);
  await expect(row).toBeVisible();
  for (const name of ["Bill", "Payee", "Amount", "Due", "Status"]) await expect(page.getByRole("columnheader", { name, exact: true })).toBeVisible();
  // The account and the bill date are in the row's detail lines.
  await expect(row).toContainText("Bill date");
  const actions = row.getByRole("button", { name: `Actions for bill ${id}` });
  await expect(actions).toBeVisible();
  const box = (await actions.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  const table = page.locator("table").first();
  const tableBox = (await table.boundingBox())!;
  expect(tableBox.x + tableBox.width).toBeLessThanOrEqual(1366);
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth - t.parentElement!.clientWidth)).toBeLessThanOrEqual(0);
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await actions.click();
  await expect(page.getByRole("menuitem", { name: "Mark as payment pending" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expectAccessible(page);
});

test("at 390 px bills are cards with their actions, no sideways scroll", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const ref = unique("WIDTH390");
  const id = insertBill({ reference: ref, gross: 4_200 }).billId;
  await page.goto(`/finance/bill-management?q=${ref}`);
  const card = page.getByTestId(`bill-card-${id}`);
  await expect(card).toBeVisible();
  await expect(card.getByRole("button", { name: `Actions for bill ${id}` })).toBeVisible();
  expect(await sideways(page)).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
