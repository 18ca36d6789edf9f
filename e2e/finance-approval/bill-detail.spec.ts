import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertExpense } from "./insert-item.ts";
import { readBill } from "./read-bill.ts";

/**
 * Bill Approval's bill-detail panel (issue 23 item 15; part 2 §2, §3 approval payload, §5 bill amounts and
 * lines): open the panel from an item's row (keyboard), edit the bill (reference, invoice date, cost centre,
 * a line whose wrong net + tax sum shows §5's text, then the right one), upload the bill file, see it saved
 * (closing and reopening loads it again), approve with those details and find the bill in Bill Management
 * with exactly the edited amounts, lines, reference and file; at 1366 and 390 px, axe on each.
 */
const unique = (label: string) => `E2E-${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const NET_TAX_GROSS = "The net and tax amounts do not sum up to the gross amount...";
const pdf = (name: string) => ({ name, mimeType: "application/pdf", buffer: Buffer.from(`%PDF-1.4\n${name} ${Date.now()}\n%%EOF\n`) });

test.describe("bill approval: the bill-detail panel", () => {
  test.beforeEach(async ({ loginAs }) => {
    await loginAs(demo.finance);
  });

  test("edit the bill, upload its file, approve; the bill in Bill Management has what was edited", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const description = unique("PANEL");
    const reference = unique("REF");
    const { expenseId } = insertExpense({ description, gross: 12_000 });
    await page.goto(`/finance/bill-approval?q=${description}`);
    const row = page.getByTestId(`approval-expense-${expenseId}`);
    await expect(row).toBeVisible();

    // Keyboard: focus the row's button and press Enter.
    await row.getByRole("button", { name: `Edit the bill of Expense #${expenseId}` }).focus();
    await page.keyboard.press("Enter");
    const panel = page.getByRole("dialog", { name: `Bill of Expense #${expenseId}` });
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("bill-gross")).toHaveValue("120.00");
    await expect(panel).toContainText("No bill lines yet");
    await expectAccessible(page);

    await panel.getByLabel("Reference").fill(reference);
    await panel.getByLabel("Invoice date").fill("2026-12-01");
    await panel.getByLabel("Cost centre", { exact: true }).fill("CC-E2E-15");
    await panel.getByRole("button", { name: "Add line" }).click();
    const line = panel.getByTestId("bill-line-0");
    await expect(line.getByLabel("Line 1: gross (USD)")).toHaveValue("120.00");
    await line.getByLabel("Line 1: name").fill("Taxi to the new office");
    // §5: the line's net and tax must sum to its gross (0.005): a wrong sum shows the spec's text and is not saved.
    await line.getByLabel("Line 1: net (USD)").fill("100.00");
    await line.getByLabel("Line 1: tax (USD)").fill("10.00");
    await expect(line).toContainText(NET_TAX_GROSS);
    await expect(panel).toContainText("Fields with an error are not saved until they are corrected.");
    await line.getByLabel("Line 1: tax (USD)").fill("20.00");
    await expect(line).not.toContainText(NET_TAX_GROSS);
    await line.getByLabel("Line 1: notes").fill("Receipt attached");
    await expect(line.getByLabel("Line 1: spend category")).not.toHaveValue("");

    await panel.getByTestId("bill-file-input").setInputFiles(pdf("invoice-e2e.pdf"));
    await expect(panel.getByTestId("bill-file-name")).toHaveText("Current file: invoice-e2e.pdf");
    // The uploaded file can be read back.
    const href = await panel.getByTestId("bill-file-download").getAttribute("href");
    const download = await page.request.get(href!);
    expect(download.status()).toBe(200);
    expect((await download.body()).toString("utf8")).toContain("invoice-e2e.pdf");
    await expect(panel.getByTestId("autosave-status")).toHaveAttribute("data-status", "saved");
    await expect(panel.getByTestId("autosave-status")).toContainText("Saved");
    await expectAccessible(page);

    // Closing and opening again loads what was saved.
    await panel.getByRole("button", { name: "Close", exact: true }).first().click();
    await expect(panel).toHaveCount(0);
    await row.getByRole("button", { name: `Edit the bill of Expense #${expenseId}` }).click();
    await expect(panel.getByLabel("Reference")).toHaveValue(reference);
    await expect(panel.getByTestId("bill-line-0").getByLabel("Line 1: tax (USD)")).toHaveValue("20.00");
    await expect(panel.getByTestId("bill-file-name")).toHaveText("Current file: invoice-e2e.pdf");

    await panel.getByRole("button", { name: "Approve with these details" }).click();
    await expect(panel).toHaveCount(0);
    await expect(page.getByRole("status").first()).toContainText(`Expense ${expenseId} approved`);

    // The bill, in Bill Management and as stored.
    await page.goto(`/finance/bill-management?q=${reference}`);
    const bill = readBill(reference);
    expect(bill).not.toBeNull();
    const billRow = page.getByTestId(`bill-${bill!.id}`);
    await expect(billRow).toBeVisible();
    await expect(billRow).toContainText(/\$120\.00|USD\s120\.00/);
    expect(bill).toMatchObject({ gross: 12_000, costCenter: "CC-E2E-15", invoiceDate: "2026-12-01", fileName: "invoice-e2e.pdf" });
    expect(bill!.lines).toEqual([expect.objectContaining({ name: "Taxi to the new office", gross: 12_000, net: 10_000, tax: 2_000, notes: "Receipt attached" })]);
    await expectAccessible(page);
  });

  test("phone width: the panel stacks its fields and lines, shows the 0.005 rule, fits 390 px and is accessible", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const description = unique("PANELPHONE");
    const reference = unique("REFPHONE");
    const { expenseId } = insertExpense({ description, gross: 4_500 });
    await page.goto(`/finance/bill-approval?q=${description}`);
    const card = page.getByTestId(`approval-card-expense-${expenseId}`);
    await card.getByRole("button", { name: `Edit the bill of Expense #${expenseId}` }).click();
    const panel = page.getByRole("dialog", { name: `Bill of Expense #${expenseId}` });
    await expect(panel.getByTestId("bill-gross")).toHaveValue("45.00");
    await panel.getByLabel("Reference").fill(reference);
    await panel.getByRole("button", { name: "Add line" }).click();
    const line = panel.getByTestId("bill-line-0");
    await line.getByLabel("Line 1: net (USD)").fill("40.00");
    await line.getByLabel("Line 1: tax (USD)").fill("4.00");
    await expect(line).toContainText(NET_TAX_GROSS);
    // Every field of the line is shown (no hidden columns) and nothing scrolls sideways.
    for (const label of ["name", "spend category", "gross (USD)", "net (USD)", "tax (USD)", "notes"]) await expect(line.getByLabel(`Line 1: ${label}`)).toBeVisible();
    const overflow = await panel.evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
    await line.getByLabel("Line 1: tax (USD)").fill("5.00");
    await expect(line).not.toContainText(NET_TAX_GROSS);
    await panel.getByTestId("bill-file-input").setInputFiles(pdf("phone-bill.pdf"));
    await expect(panel.getByTestId("bill-file-name")).toHaveText("Current file: phone-bill.pdf");
    await expect(panel.getByTestId("autosave-status")).toHaveAttribute("data-status", "saved");
    await panel.getByRole("button", { name: "Approve with these details" }).click();
    await expect(panel).toHaveCount(0);
    await page.goto(`/finance/bill-management?q=${reference}`);
    const bill = readBill(reference);
    expect(bill).toMatchObject({ gross: 4_500, fileName: "phone-bill.pdf" });
    expect(bill!.lines).toEqual([expect.objectContaining({ net: 4_000, tax: 500 })]);
    await expect(page.getByTestId(`bill-card-${bill!.id}`)).toBeVisible();
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});
