import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertBill } from "./insert-bill.ts";

/**
 * "Pay selected" is offered only for bills that can be paid (issue 24 §5; src/domain/finance/bill-state.ts):
 * with an Open bill selected there is nothing to pay and the page says why; with an Open and a Payment
 * pending bill selected, only the payable one goes to the Paid popup and is paid, the Open one stays. At
 * 1366 and 390 px.
 */
const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

for (const width of [1366, 390] as const) {
  test(`pay selected offers only the payable bills at ${width} px`, async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await loginAs(demo.finance);
    const ref = unique(`PAYABLE-${width}`);
    const open = insertBill({ reference: `${ref}-OPEN`, gross: 2_000 }).billId;
    const pending = insertBill({ reference: `${ref}-PEND`, gross: 3_000 }).billId;
    await page.goto(`/finance/bill-management?q=${ref}`);
    await expect(page.getByRole("button", { name: `Actions for bill ${pending}` })).toBeVisible();
    await page.getByRole("button", { name: `Actions for bill ${pending}` }).click();
    await page.getByRole("menuitem", { name: "Mark as payment pending" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bill ${pending}: Payment pending.` }).first()).toBeVisible();

    await page.getByRole("checkbox", { name: `Select bill ${open}` }).click();
    await expect(page.getByText("1 bill selected")).toBeVisible();
    await expect(page.getByTestId("unpayable-note")).toHaveText("1 selected bill cannot be paid yet: only a bill in Payment pending, not on hold, can be paid.");
    await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);

    // The status filter, in the page (the selection and the selected rows seen stay).
    await page.getByLabel("Status").selectOption("PaymentPending");
    await page.getByRole("checkbox", { name: `Select bill ${pending}` }).click();
    await expect(page.getByText("2 bills selected")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Pay the 1 payable bill" }).click();
    const dialog = page.getByRole("dialog", { name: "Pay 1 bill" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bill ${pending}: Paid.` }).first()).toBeVisible();
    await page.goto(`/finance/bill-management?status=Paid&q=${ref}`);
    const shown = (id: number) => page.locator(`[data-testid="bill-${id}"]:visible, [data-testid="bill-card-${id}"]:visible`);
    await expect(shown(pending)).toHaveCount(1);
    await page.goto(`/finance/bill-management?status=Open&q=${ref}`);
    await expect(shown(open)).toHaveCount(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
