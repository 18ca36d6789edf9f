import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * Employee files (issue 14; part 1 §2 file upload area and the HR employee files page with its add,
 * update and delete popups; §5 "File is mandatory" and the 20 MB limit): HR reaches the files from
 * the move page, adds a file, shares it, deletes it (1366 px); the employee uploads from the phone
 * (390 px) and sees the file listed. axe-core on every state; nothing wider than the viewport.
 */

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n${text}\n%%EOF\n`);

test("HR: from the move page to the employee's files; add, share and delete a file", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home?moves_q=Raman");
  await page.getByTestId("move-row").filter({ hasText: "Priya Raman" }).getByRole("link", { name: "Priya Raman", exact: true }).click();
  await openMoveTab(page, "Files");
  const panel = page.getByTestId("panel-files");
  await expect(panel).toContainText("Documents on file:");
  await panel.getByRole("link", { name: "Open the employee's files" }).click();
  await expect(page).toHaveURL(/\/acme\/employeefile\/files\?employeeId=\d+/);
  await expect(page.getByRole("heading", { level: 1, name: "Files" })).toBeVisible();
  await expectAccessible(page);
  await fits(page, 1366);

  // Add popup: the file is mandatory; then a real upload.
  const name = `contract-${Date.now()}.pdf`;
  await page.getByRole("button", { name: "Add file" }).first().click();
  const add = page.getByRole("dialog", { name: "Add a file" });
  await expect(add).toBeVisible();
  await expectAccessible(page);
  await add.getByRole("button", { name: "Upload" }).click();
  await expect(add.getByRole("alert")).toHaveText("File is mandatory");
  await add.getByTestId("file-picker").setInputFiles({ name, mimeType: "application/pdf", buffer: pdf(name) });
  await expect(add).toContainText(`Chosen: ${name}`);
  await add.getByLabel("Category").selectOption({ label: "Employment contract" });
  await add.getByLabel("Notes").fill("Signed copy");
  await add.getByLabel("Meridian (your relocation provider)").click(); // HR only
  await add.getByRole("button", { name: "Upload" }).click();
  await expect(add).toBeHidden();
  await expect(page.getByRole("status").filter({ hasText: `${name} uploaded.` })).toBeVisible();
  const row = page.getByTestId("file-row").filter({ hasText: name });
  await expect(row).toContainText("Employment contract");
  await expect(row).toContainText("Signed copy");
  await expect(row.getByText("HR", { exact: true })).toBeVisible();
  await expect(row.getByText("Provider", { exact: true })).toHaveCount(0);

  // The download link answers the bytes (after the server's access check).
  const href = await row.getByRole("link", { name: `Download ${name}` }).getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect((await download.body()).toString()).toContain(name);

  // Update popup: share with the provider too, change the notes.
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Update file" });
  await expect(edit).toBeVisible();
  await expectAccessible(page);
  await edit.getByLabel("Meridian (your relocation provider)").click();
  await edit.getByLabel("Notes").fill("Signed copy, both pages");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("Signed copy, both pages");
  await expect(row.getByText("Provider", { exact: true })).toBeVisible();

  // Delete popup: asks first, then the file is gone (and its link with it).
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete this file?" });
  await expect(confirm).toContainText(name);
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} deleted.` })).toBeVisible();
  await expect(page.getByTestId("file-row").filter({ hasText: name })).toHaveCount(0);
  expect((await page.request.get(href!)).status()).toBe(404);

  // Keyboard: the add popup opens from the keyboard and closes with Escape.
  await page.getByRole("button", { name: "Add file" }).first().focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Add a file" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Add a file" })).toBeHidden();
});

test("employee at 390 px: upload from the phone (camera or file), see it, refuse a file over 20 MB", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(demo.globexEmployee);
  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "My files" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Take a photo" })).toBeVisible();
  await expect(page.getByTestId("file-camera")).toHaveAttribute("capture", "environment");
  await expect(page.getByTestId("file-camera")).toHaveAttribute("accept", "image/*");
  await expectAccessible(page);
  await fits(page, 390);

  // Too large: refused in the browser with the size message (the server refuses it too).
  await page.getByTestId("file-picker").setInputFiles({ name: "huge.pdf", mimeType: "application/pdf", buffer: Buffer.alloc(20_971_521, 0x41) });
  await expect(page.getByRole("alert").filter({ hasText: "too large" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "too large" }).first()).toBeVisible();

  // A photo from the camera input (a JPEG's bytes), shared with HR only.
  const name = `receipt-${Date.now()}.jpg`;
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from("JFIF photo bytes")]);
  await page.getByTestId("file-camera").setInputFiles({ name, mimeType: "image/jpeg", buffer: jpeg });
  await page.getByLabel("Category").selectOption({ label: "Receipts and invoices" });
  await page.getByLabel("Meridian (your relocation provider)").click();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("status").filter({ hasText: `${name} uploaded.` })).toBeVisible();
  const row = page.getByTestId("file-row").filter({ hasText: name });
  await expect(row).toContainText("Receipts and invoices");
  await expect(row.getByText("HR", { exact: true })).toBeVisible();
  await expectAccessible(page);
  await fits(page, 390);

  // Survives a reload; the employee may delete their own upload.
  await page.reload();
  await expect(page.getByTestId("file-row").filter({ hasText: name })).toBeVisible();
  await page.getByTestId("file-row").filter({ hasText: name }).getByRole("button", { name: `Delete ${name}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete file" }).click();
  await expect(page.getByTestId("file-row").filter({ hasText: name })).toHaveCount(0);
});

test("another group's HR is refused the page; an employee without files shows the empty state", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.globexHr);
  const res = await page.goto("/acme/employeefile/files?employeeId=1");
  expect(res?.status()).toBe(403);
  await page.context().clearCookies();
  // Chloé Martin (a demo draft) has no files, and no other test files any for her (the demo employees'
  // files change as the other specs run in parallel).
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home?moves_q=Martin");
  const link = page.getByTestId("move-row").filter({ hasText: "Chloé Martin" }).getByRole("link", { name: "Chloé Martin", exact: true });
  const employeeId = new URL((await link.getAttribute("href"))!, "http://localhost").searchParams.get("employeeId");
  expect(employeeId).toMatch(/^\d+$/);
  await page.goto(`/acme/employeefile/files?employeeId=${employeeId}`);
  await expect(page.getByRole("heading", { name: "No files yet" })).toBeVisible();
  await expectAccessible(page);
});

test("the demo files (src/db/seed-files.ts): the employee sees all three on My files, HR only those shared with HR", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeEmployee);
  await page.goto("/files");
  await expect(page.getByRole("heading", { level: 1, name: "My files" })).toBeVisible();
  for (const name of ["passport-scan.png", "apartment-lease.pdf", "moving-receipt.pdf"]) {
    await expect(page.getByTestId("file-row").filter({ hasText: name })).toBeVisible();
  }
  const passport = page.getByTestId("file-row").filter({ hasText: "passport-scan.png" });
  await expect(passport).toContainText("Passport and identity");
  const href = await passport.getByRole("link", { name: "Download passport-scan.png" }).getAttribute("href");
  const download = await page.request.get(href!);
  expect(download.status()).toBe(200);
  expect(download.headers()["content-type"]).toBe("image/png");
  await expectAccessible(page);
  await fits(page, 1366);

  await page.context().clearCookies();
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home?moves_q=Lindqvist");
  const link = page.getByTestId("move-row").filter({ hasText: "Emma Lindqvist" }).first().getByRole("link", { name: "Emma Lindqvist", exact: true });
  const employeeId = new URL((await link.getAttribute("href"))!, "http://localhost").searchParams.get("employeeId");
  expect(employeeId).toMatch(/^\d+$/);
  await page.goto(`/acme/employeefile/files?employeeId=${employeeId}`);
  await expect(page.getByTestId("file-row").filter({ hasText: "passport-scan.png" })).toBeVisible();
  await expect(page.getByTestId("file-row").filter({ hasText: "apartment-lease.pdf" })).toBeVisible();
  await expect(page.getByTestId("file-row").filter({ hasText: "moving-receipt.pdf" })).toHaveCount(0);
  await expectAccessible(page);
});
