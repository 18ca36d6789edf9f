import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * Bulk employee import (issue 15; part 1 §4 import page states, polling, error file; part 2 §2 hover
 * messages, §5 "Please choose file!"): HR downloads the template, fills two good rows and one bad row,
 * uploads, watches the job finish as "Complete with errors", reads every message of the bad row (issue 24 §6:
 * three at once; a good row's destination written "Houston, Texas, United States") and downloads
 * the error report (1366 px); the same page at 390 px. axe-core on every state; nothing wider than the viewport.
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

async function filledTemplate(page: Page): Promise<Buffer> {
  const res = await page.request.get("/bulk/template?group=acme");
  expect(res.status()).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((await res.body()) as unknown as ArrayBuffer);
  const headers: string[] = [];
  const required = new Map<string, string>();
  wb.worksheets[0]!.getRow(1).eachCell((cell) => {
    headers.push(String(cell.value));
    const note = typeof cell.note === "string" ? cell.note : (cell.note?.texts?.map((t) => t.text).join("") ?? "");
    if (note.startsWith("Required")) required.set(String(cell.value), note);
  });
  // Fields other tests may have added to the form: a plausible value by the kind the note names.
  const filler = (note: string) => (/numeric/.test(note) ? "1" : /date/i.test(note) ? "1990-01-01" : /money/.test(note) ? "100" : "Imported");
  const policies: string[] = [];
  wb.getWorksheet("Policies")!.eachRow((row, n) => n > 1 && policies.push(String(row.getCell(1).value)));
  const policy = policies.find((p) => p === "Global Long-Term Assignment") ?? policies[0]!;
  const stamp = `${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
  const row = (first: string, email: string, more: Record<string, string> = {}): Record<string, string> => ({
    Policy: policy,
    "First name": first,
    "Last name": "Imported",
    "E-mail address": email,
    "Origin - Country": "GB",
    "Origin - State": "ENG",
    "Origin - City": "London",
    "Destination - Country": "LU",
    "Destination - City": "Luxembourg",
    ...more,
  });
  const out = new ExcelJS.Workbook();
  const sheet = out.addWorksheet("Employees");
  sheet.addRow(headers);
  // Issue 24 §6: the bad row has three errors, all reported; a good row's destination is written as "city, region, country".
  const rows = [
    row("Ada", `bulk-a-${stamp}@example.com`, { "Destination - Country": "", "Destination - City": "Houston, Texas, United States" }),
    row("", "not-an-address", { "Origin - Country": "Atlantis" }),
    row("Alan", `bulk-b-${stamp}@example.com`),
  ];
  for (const r of rows) {
    sheet.addRow(headers.map((h) => r[h] ?? (required.has(h) ? filler(required.get(h)!) : "")));
  }
  return Buffer.from(await out.xlsx.writeBuffer());
}

test("HR imports a spreadsheet with a bad row and downloads the error report", async ({ page, loginAs }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home");
  await page.getByTestId("bulk-import-link").click();
  await expect(page).toHaveURL(/\/acme\/bulk-import$/);
  await expect(page.getByRole("heading", { level: 1, name: "Import employees" })).toBeVisible();
  await expectAccessible(page);
  await fits(page, 1366);

  // No file: the spec's text.
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please choose file!");

  await page.getByLabel("Spreadsheet (.xlsx or .csv)").setInputFiles({
    name: "new-hires.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: await filledTemplate(page),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  // Polled every 5 s until a terminal state; inputs are disabled meanwhile.
  const state = page.getByTestId("bulk-state");
  await expect(state).toHaveText("Complete with errors", { timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Upload" })).toBeEnabled();
  await expect(page.getByText("3 of 3 rows · 2 imported · 1 failed")).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Import progress" })).toHaveAttribute("aria-valuenow", "100");

  const bad = page.getByTestId("bulk-row").filter({ hasText: "Row 3" });
  await expect(bad).toContainText("Failed");
  await bad.getByText("Errors of row 3").click();
  const messages = bad.locator("details").first().getByRole("listitem");
  await expect(messages).toHaveCount(3);
  await expect(bad).toContainText("First name cannot be empty.");
  await expect(bad).toContainText("E-mail address not in proper format.");
  await expect(bad).toContainText('Origin: unknown country "Atlantis".');
  await expectAccessible(page);
  await fits(page, 1366);

  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download error report" }).click();
  const download = await downloadPromise;
  expect(download.suggestedFilename()).toBe("new-hires-errors.xlsx");
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  const sheet = wb.worksheets[0]!;
  expect(sheet.getRow(2).getCell(1).value).toBe(3);
  expect(String(sheet.getRow(2).getCell(3).value).split("\n")).toHaveLength(3);
  expect(String(sheet.getRow(2).getCell(3).value)).toContain("E-mail address");

  // The same page on a phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(page.getByTestId("bulk-state")).toBeVisible();
  await expectAccessible(page);
  await fits(page, 390);
});
