import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertBill } from "./insert-bill.ts";

/**
 * Payment file history and reconciliation (issue 24 §5): a file exported from Bill Management is listed
 * with its downloads, bills, totals and who exported it; the bank returns one bill (its reason shown, the
 * bill back to payment pending) and finance marks the file paid (the other bill paid). At 1366 and 390 px,
 * axe, no sideways page scroll.
 */
// Serial: each test writes its bills straight into the server's SQLite file.
test.describe.configure({ mode: "serial" });

const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

async function exportPending(page: Page, baseURL: string, ids: number[]): Promise<string> {
  const headers = { Origin: baseURL };
  const pending = await page.request.post("/accountmanagement/billmanagement/update-bill-status", { data: ids.map((id) => ({ id, status: "PaymentPending" })), headers });
  expect(pending.status()).toBe(200);
  const exported = await page.request.post("/accountmanagement/billmanagement/export", { form: { billIds: ids.join(",") }, headers });
  expect(exported.status(), await exported.text()).toBe(200);
  return ((await exported.json()) as { messageId: string }).messageId;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
}

for (const width of [1366, 390]) {
  test(`payment file history at ${width} px: downloads, a bill returned with the bank's reason, the file marked paid`, async ({ page, loginAs, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await loginAs(demo.finance);
    const ref = unique("HIST");
    const a = insertBill({ reference: `${ref}-A`, gross: 12_000 }).billId;
    const b = insertBill({ reference: `${ref}-B`, gross: 3_050 }).billId;
    const messageId = await exportPending(page, baseURL!, [a, b]);

    // From Bill Management's payment files to the history.
    await page.goto(`/finance/bill-management?status=PaymentPending&q=${ref}`);
    await page.getByRole("region", { name: "Payment files" }).getByRole("link", { name: "Payment file history" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Payment file history" })).toBeVisible();
    const batch = page.getByRole("region", { name: new RegExp(messageId) });
    await expect(batch).toContainText("Sent to bank");
    await expect(batch).toContainText(/Exported .* by /);
    await expect(batch).toContainText(/EUR\s150\.50/);
    await expect(batch.getByTestId(`history-bill-${a}`)).toContainText("In the file");
    // The files download again.
    const xml = await page.request.get(await batch.getByRole("link", { name: `Download the pain.001 XML of ${messageId}` }).getAttribute("href") ?? "");
    expect(xml.status()).toBe(200);
    expect(await xml.text()).toContain("<CdtrAcct><Id><IBAN>");
    await expectAccessible(page);
    await expectNoSidewaysScroll(page);

    // The bank returned bill b.
    await batch.getByRole("button", { name: `Record bill ${b} as returned by the bank` }).click();
    const dialog = page.getByRole("dialog", { name: `Bill ${b} returned by the bank` });
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expect(dialog.getByLabel("The bank's reason")).toBeFocused();
    await dialog.getByLabel("The bank's reason").fill("AC04 Closed account number");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Record return" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Bill ${b} is back to payment pending.` })).toBeVisible();
    await expect(batch.getByTestId(`history-bill-${b}`)).toContainText("Returned by the bank");
    await expect(batch.getByTestId(`history-bill-${b}`)).toContainText("Bank's reason: AC04 Closed account number");

    // The bank paid the rest of the file.
    await batch.getByRole("button", { name: `Mark payment file ${messageId} paid` }).click();
    const paid = page.getByRole("dialog", { name: `Mark ${messageId} paid?` });
    await expect(paid.getByLabel("Payment date")).toHaveValue(new Date().toISOString().slice(0, 10));
    await paid.getByRole("button", { name: "Mark paid" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Payment file ${messageId} is marked paid.` })).toBeVisible();
    await expect(batch).toContainText(/Paid on .* \(recorded by /);
    await expect(batch.getByTestId(`history-bill-${a}`)).toContainText("Paid");
    await expect(batch.getByRole("button", { name: `Mark payment file ${messageId} paid` })).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    // Bill Management agrees: a is paid, b is payment pending again and may be exported again.
    // (A table row at 1366 px, a card at 390 px.)
    const billOnList = (id: number) => page.getByTestId(width >= 992 ? `bill-${id}` : `bill-card-${id}`);
    await page.goto(`/finance/bill-management?status=Paid&q=${ref}`);
    await expect(billOnList(a)).toBeVisible();
    await page.goto(`/finance/bill-management?status=PaymentPending&q=${ref}`);
    await expect(billOnList(b)).toBeVisible();
    await expect(billOnList(b)).not.toContainText("Exported");
  });
}
