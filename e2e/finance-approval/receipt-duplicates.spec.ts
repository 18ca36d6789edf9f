import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertReceiptClaims } from "./insert-receipt-claims.ts";

/**
 * Bill Approval's receipts and likely duplicates (issue 24 §1), at 1366 and 390 px: finance sees an image
 * receipt beside the claim (loaded through the finance-only receipt route) with a download link, and the
 * same claim made twice flagged on both rows, each naming the other; the demo's two claims that carry the
 * same receipt PDF (seed-receipts.ts) show it in a frame and are flagged as the same receipt file.
 */
const WIDTHS = [1366, 390] as const;

for (const width of WIDTHS) {
  test.describe(`receipts and duplicates at ${width} px`, () => {
    test.beforeEach(async ({ loginAs, page }) => {
      test.setTimeout(60_000);
      await page.setViewportSize({ width, height: 900 });
      await loginAs(demo.finance);
    });

    test("a receipt preview beside the claim and the duplicate flag naming the other claim", async ({ page }) => {
      const tag = `E2E-RCPT-${width}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
      const { withReceipt, again } = insertReceiptClaims({ tag, gross: 4_321 });
      await page.goto(`/finance/bill-approval?q=${tag}`);
      await expect(page.getByRole("heading", { name: "Bill approval" })).toBeVisible();
      const rowOf = (id: number) => page.getByTestId(width >= 992 ? `approval-expense-${id}` : `approval-card-expense-${id}`);

      const first = rowOf(withReceipt);
      const image = first.getByRole("img", { name: `Receipt of Expense #${withReceipt}` });
      await expect(image).toBeVisible();
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      await expect(first.getByRole("link", { name: "Download receipt" })).toHaveAttribute("href", `/accountmanagement/billapproval/receipt?type=expense&id=${withReceipt}&download=true`);
      await expect(first).toContainText("Possible duplicate");
      // The first claim repeats the second, or (same image bytes) another test's receipt: either is named.
      await expect(first).toContainText(/Likely duplicate of expense #\d+ \(.+\): (same employee, amount, date and category|same receipt file)/);
      await page.screenshot({ path: test.info().outputPath(`bill-approval-${width}.png`), fullPage: false });

      const second = rowOf(again);
      await expect(second).toContainText("No receipt");
      await expect(second).toContainText("Possible duplicate");
      await expect(second).toContainText(`Likely duplicate of expense #${withReceipt} (${tag} taxi to the office,`);
      await expect(second).toContainText("same employee, amount, date and category");

      const download = await page.request.get(`/accountmanagement/billapproval/receipt?type=expense&id=${withReceipt}&download=true`);
      expect(download.status()).toBe(200);
      expect(download.headers()["content-disposition"]).toContain('attachment; filename="taxi-receipt.png"');

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      await expectAccessible(page);
    });

    test("the demo's claims sharing one receipt PDF: framed preview and the same-receipt flag", async ({ page }) => {
      await page.goto(`/finance/bill-approval?q=${encodeURIComponent("Golf club membership")}`);
      const flagged = page.locator(width >= 992 ? "tr[data-testid^='approval-expense-']" : "li[data-testid^='approval-card-expense-']").filter({ hasText: "same receipt file" });
      await expect(flagged.first()).toBeVisible();
      await expect(flagged.first()).toContainText("Likely duplicate of expense #");
      await expect(flagged.first()).toContainText("Taxi from the airport");
      const frame = flagged.first().locator("iframe[title^='Receipt of Expense #']");
      await expect(frame).toBeVisible();
      const src = await frame.getAttribute("src");
      expect(src).toMatch(/^\/accountmanagement\/billapproval\/receipt\?type=expense&id=\d+#/);
      const pdf = await page.request.get(src!.split("#")[0]!);
      expect(pdf.status()).toBe(200);
      expect(pdf.headers()["content-type"]).toBe("application/pdf");
      await expect(flagged.first().getByRole("link", { name: "Open receipt" })).toBeVisible();
      await expectAccessible(page);
    });
  });
}
