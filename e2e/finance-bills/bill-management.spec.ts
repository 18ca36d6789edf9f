import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertBill } from "./insert-bill.ts";

/**
 * Bill Management (issue 16; part 2 §2, §4 Bill, §5 multi-bill payment and PaidPendingAudit, §8): pay two
 * bills together, record a payment and audit it, a locked period refusing a payment, axe at desktop and
 * phone widths. Each test makes its own bills (unique references) and finds them by search.
 */
const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function markPending(page: import("@playwright/test").Page, billId: number) {
  await page.getByRole("button", { name: `Actions for bill ${billId}` }).click();
  await page.getByRole("menuitem", { name: "Mark as payment pending" }).click();
  await expect(page.getByRole("status").filter({ hasText: `Bill ${billId}: Payment pending.` }).first()).toBeVisible();
}

test.describe("bill management", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(demo.finance);
  });

  test("pay two bills together: mark them payment pending, select both, the Paid popup's total, both paid", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const ref = unique("PAY2");
    const a = insertBill({ reference: `${ref}-A`, gross: 12_000 }).billId;
    const b = insertBill({ reference: `${ref}-B`, gross: 3_050 }).billId;
    await page.goto(`/finance/bill-management?q=${ref}`);
    await expect(page.getByRole("heading", { name: "Bill management" })).toBeVisible();
    await expect(page.getByTestId(`bill-${a}`)).toBeVisible();
    await expect(page.getByTestId(`bill-${b}`)).toBeVisible();
    await expectAccessible(page);
    await markPending(page, a);
    await markPending(page, b);
    await page.goto(`/finance/bill-management?status=PaymentPending&q=${ref}`);
    await page.getByRole("checkbox", { name: `Select bill ${a}` }).click();
    await page.getByRole("checkbox", { name: `Select bill ${b}` }).click();
    await expect(page.getByText("2 bills selected")).toBeVisible();
    // The selection is kept across a reload (cookie).
    await page.reload();
    await expect(page.getByText("2 bills selected")).toBeVisible();
    await page.getByRole("button", { name: "Pay selected" }).click();
    const dialog = page.getByRole("dialog", { name: "Pay 2 bills" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(/EUR\s150\.50/)).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Mark as paid" }).click();
    await expect(page.getByRole("status").filter({ hasText: "2 bills saved." }).first()).toBeVisible();
    await page.goto(`/finance/bill-management?status=Paid&q=${ref}`);
    await expect(page.getByTestId(`bill-${a}`)).toBeVisible();
    await expect(page.getByTestId(`bill-${b}`)).toBeVisible();
  });

  test("record a payment (paid, pending audit) and audit the bill", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const ref = unique("AUDIT");
    const id = insertBill({ reference: ref, gross: 4_500 }).billId;
    await page.goto(`/finance/bill-management?q=${ref}`);
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Record payment" }).click();
    const dialog = page.getByRole("dialog", { name: `Record a payment for bill ${id}` });
    await expect(dialog.getByLabel("Amount")).toHaveValue("45.00");
    await dialog.getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bill ${id}: Paid, pending audit.` }).first()).toBeVisible();
    await page.goto(`/finance/bill-management?status=PaidPendingAudit&q=${ref}`);
    // The change currency popup: the recipient was paid in pounds.
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Change payment currency" }).click();
    const currency = page.getByRole("dialog", { name: `Payment currency of bill ${id}` });
    await currency.getByLabel("Recipient currency").fill("GBP");
    await currency.getByRole("button", { name: "Save" }).click();
    await expect(currency).toBeHidden();
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Audit" }).click();
    await expect(page.getByRole("alertdialog")).toContainText("Auditing is final");
    await page.getByRole("alertdialog").getByRole("button", { name: "Audit" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bill ${id}: Audited.` }).first()).toBeVisible();
    await page.goto(`/finance/bill-management?status=Audited&q=${ref}`);
    await expect(page.getByTestId(`bill-${id}`)).toContainText("Audited");
  });

  test("a locked period refuses the payment of a bill dated inside it", async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const ref = unique("LOCK");
    const id = insertBill({ reference: ref, gross: 9_900, billDate: "2020-01-15" }).billId;
    const period = `E2E lock ${Date.now()}`;
    const saved = await page.request.post("/accountmanagement/saveLockPeriods", { form: { periodName: period, lockDate: "2020-01-31" }, headers: { Origin: baseURL ?? "" } });
    expect(saved.status()).toBe(200);
    await page.goto(`/finance/bill-management?q=${ref}`);
    await page.getByRole("button", { name: `Actions for bill ${id}` }).click();
    await page.getByRole("menuitem", { name: "Record payment" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Record payment" }).click();
    await expect(page.getByRole("alert").filter({ hasText: `Bill ${id}: This date is on or before the lock date of period` }).first()).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "nothing can be created, changed or paid there" }).first()).toBeVisible();
  });

  test("phone width: bills as cards, accessible", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const ref = unique("PHONE");
    const id = insertBill({ reference: ref, gross: 700, currency: "GBP" }).billId;
    await page.goto(`/finance/bill-management?q=${ref}`);
    await expect(page.getByTestId(`bill-card-${id}`)).toBeVisible();
    await expect(page.getByTestId(`bill-card-${id}`)).toContainText(/GBP\s7\.00/);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });

  test("HR cannot open bill management", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/finance/bill-management");
    expect(response?.status()).toBe(403);
  });
});
