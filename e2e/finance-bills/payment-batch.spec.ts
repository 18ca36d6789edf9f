import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertBill } from "./insert-bill.ts";

/**
 * Payment files (issue 23 item 1): an exported bill offers neither void nor send back; the payment file
 * is cancelled from the Payment files list after a confirmation (it stays listed as Cancelled), and then
 * the bill can be sent back. axe at desktop and phone widths.
 */
const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

test.describe("payment files", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(demo.finance);
  });

  test("export a bill, cancel its payment file after confirming, then send the bill back", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const ref = unique("BATCH");
    const id = insertBill({ reference: ref, gross: 7_500 }).billId;
    await page.goto(`/finance/bill-management?q=${ref}`);
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Mark as payment pending" }).click();
    await expect(page.getByRole("status").first()).toContainText(`Bill ${id}: Payment pending.`);

    await page.goto(`/finance/bill-management?status=PaymentPending&q=${ref}`);
    await page.getByRole("checkbox", { name: `Select bill ${id}` }).click();
    await page.getByRole("button", { name: "Export selected" }).click();
    const done = page.getByText(/^Export MER-[0-9A-Z-]+: 1 bills\.$/);
    await expect(done).toBeVisible();
    const messageId = /Export (MER-[0-9A-Z-]+):/.exec((await done.textContent()) ?? "")![1]!;

    // The exported bill can be paid but neither voided nor sent back.
    await expect(page.getByTestId(`bill-${id}`)).toContainText("Exported");
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitem", { name: "Pay", exact: true })).toBeVisible();
    await expect(menu.getByRole("menuitem", { name: "Void", exact: true })).toHaveCount(0);
    await expect(menu.getByRole("menuitem", { name: "Send back to approval" })).toHaveCount(0);
    await page.keyboard.press("Escape");

    // The payment files list: the batch, its downloads, Cancel batch behind a confirmation.
    const files = page.getByRole("region", { name: "Payment files" });
    await expect(files.getByText(messageId)).toBeVisible();
    await expect(files.getByRole("link", { name: `Download ISO 20022 XML of ${messageId}` })).toBeVisible();
    await expectAccessible(page);
    await files.getByRole("button", { name: `Cancel batch ${messageId}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText(`Cancel payment file ${messageId}?`);
    await expectAccessible(page);
    // Keeping it changes nothing.
    await confirm.getByRole("button", { name: "Keep batch" }).click();
    await expect(confirm).toBeHidden();
    await expect(files.getByRole("button", { name: `Cancel batch ${messageId}` })).toBeVisible();
    await files.getByRole("button", { name: `Cancel batch ${messageId}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel batch" }).click();
    await expect(page.getByText(`Payment file ${messageId} is cancelled.`)).toBeVisible();
    const row = files.getByRole("listitem").filter({ hasText: messageId });
    await expect(row).toContainText("Cancelled");
    await expect(files.getByRole("button", { name: `Cancel batch ${messageId}` })).toHaveCount(0);

    // Now the bill can be sent back (PaymentPending: no confirmation).
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Send back to approval" }).click();
    await expect(page.getByTestId(`bill-${id}`)).toHaveCount(0);
    // The cancelled file is still listed.
    await expect(row).toContainText("Cancelled");
  });

  test("the payment files list at phone width", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/finance/bill-management");
    await expect(page.getByRole("region", { name: "Payment files" })).toBeVisible();
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
