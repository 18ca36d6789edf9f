import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import {
  ADVANCED_POLICY,
  estimateStage,
  expectRecalculated,
  exportButton,
  exportLink,
  nextFromOverrides,
  startMove,
  uniqueEmail,
  wholeUnits,
} from "./estimate-helpers.ts";

/**
 * The advanced cost estimate end to end (part 1 §2 stages 6 and 4, §4 estimate actions and
 * edits, §5 estimate rules, §7 estimate calls): acme's "Global Long-Term Assignment" through the
 * estimate inputs and the estimate to the summary; edits that wait for recalculation (async
 * polling), a custom item, the balance sheet, sending for approval (the e-mail with its PDF in
 * the admin outbox), the spreadsheet export and a history version in a new tab.
 */
test.describe("advanced cost estimate", () => {
  test("stage 6 inputs, then the estimate: edit, recalculate, custom item, balance sheet, approval, export, history, complete", async ({ page, context, loginAs }) => {
    test.setTimeout(240_000);
    await loginAs(demo.acmeHr);
    const move = await startMove(page, ADVANCED_POLICY, { first: "Lena", last: "Longterm" });

    // ── stage 6: the advanced inputs ──
    await nextFromOverrides(page, 6);
    const inputs = page.getByTestId("estimate-inputs");
    await expect(inputs.getByRole("heading", { name: "Cost estimate inputs" })).toBeVisible();
    await expect(page.getByLabel(/^Home country/)).toHaveValue("GB");
    await expect(page.getByLabel(/^Host country/)).toHaveValue("DE");
    await expectAccessible(page);

    // A partner needs a date of birth (§5), not in the future.
    await page.getByRole("button", { name: "Add partner" }).click();
    await page.getByLabel("First name", { exact: true }).fill("Sam");
    await expect(page.getByLabel(/^Home family size/)).toHaveValue("2");
    await page.getByTestId("inputs-save").click();
    await expect(page.getByTestId("inputs-message")).toHaveText("Please fill in all the required values before processing");
    const dob = page.getByLabel(/^Date of birth/);
    await expect(dob).toHaveAttribute("aria-invalid", "true");
    await expect(dob).toHaveAccessibleDescription("Please enter the date of birth of Sam.");
    await expect(dob).toBeFocused();
    await expectAccessible(page);
    await dob.fill("1990-05-06");
    await inputs.getByRole("checkbox", { name: "Treaty 183-day exemption" }).last().check();
    await page.getByTestId("inputs-save").click();

    // ── stage 4: version 1 is computed on the first visit ──
    await expect(page).toHaveURL(/stage=4/);
    const stage = await estimateStage(page);
    await expect(page.getByTestId("estimate-type")).toHaveText("Advanced");
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 1");
    await expect(page.getByTestId("estimate-table").getByRole("columnheader", { name: "Year 1" })).toBeVisible();
    await expect(page.getByTestId("estimate-table").getByRole("columnheader", { name: "Year 2" })).toBeVisible();
    await expect(exportLink(page, "Spreadsheet")).toBeVisible();
    await expect(page.getByTestId("estimate-next")).toBeEnabled();
    await expectAccessible(page);

    // "How is this calculated?" shows the working of a row.
    const editable = page.getByTestId("estimate-row").filter({ has: page.getByTestId("amount-input") });
    const firstRow = editable.filter({ hasNotText: "Annual" }).first();
    await firstRow.getByRole("button", { name: "How is this calculated?" }).click();
    await expect(page.getByTestId("working-steps").first()).toBeVisible();
    await expect(firstRow.getByRole("button", { name: "How is this calculated?" })).toHaveAttribute("aria-expanded", "true");

    // ── an edited amount: Next and Export wait until recalculated (§4) ──
    const amount = firstRow.getByTestId("amount-input");
    await amount.fill("12345");
    await expect(stage).toHaveAttribute("data-dirty", "true");
    await expect(page.getByTestId("recalc-prompt")).toContainText("Values have changed. Calculate now to update the estimate.");
    await expect(page.getByTestId("estimate-next")).toBeDisabled();
    await expect(exportButton(page, "Spreadsheet")).toBeDisabled();
    await expect(exportLink(page, "Spreadsheet")).toHaveCount(0);
    await expect(page.getByLabel("Display currency", { exact: true })).toBeDisabled();
    // Only one annual cost at a time (ADVANCED): the others wait while an annual one is edited.
    const annualRows = editable.filter({ hasText: "Annual" });
    if ((await annualRows.count()) >= 2) {
      await annualRows.first().getByTestId("amount-input").fill("2222");
      await expect(page.getByTestId("annual-lock")).toHaveText("Please recalculate or save before editing another annual cost.");
      await expect(annualRows.nth(1).getByTestId("amount-input")).toBeDisabled();
    }
    await expectAccessible(page);

    await page.getByRole("button", { name: "Calculate now" }).click();
    await expectRecalculated(page);
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 2");
    await expect(stage).toHaveAttribute("data-dirty", "false");
    await expect(page.getByTestId("estimate-next")).toBeEnabled();
    await expect(exportLink(page, "Spreadsheet")).toBeVisible();
    await expect(editable.filter({ hasNotText: "Annual" }).first().getByTestId("amount-input")).toHaveValue(/^12345/);

    // ── a custom item: newly added is not an edit; named, it is; whole numbers only (§5) ──
    await page.getByTestId("add-custom").click();
    const custom = page.getByTestId("custom-row").last();
    await expect(custom).toHaveAttribute("data-newly-added", "true");
    await expect(custom.getByTestId("custom-name")).toBeFocused();
    await expect(page.getByTestId("estimate-next")).toBeEnabled();
    await custom.getByTestId("custom-name").fill("Pet relocation");
    await expect(custom).toHaveAttribute("data-newly-added", "false");
    await expect(page.getByTestId("estimate-next")).toBeDisabled();
    await custom.getByTestId("custom-amount").fill("850.5");
    await page.getByTestId("estimate-save").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText("Please fill in all the required values before processing");
    await expect(custom.getByTestId("custom-amount")).toHaveAccessibleDescription("Please enter a whole number");
    await expect(custom.getByTestId("custom-amount")).toBeFocused();
    await custom.getByTestId("custom-amount").fill("850");
    await page.getByTestId("estimate-save").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText("The estimate has been saved.");
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 3");
    await expect(page.getByTestId("custom-row").first().getByTestId("custom-name")).toHaveValue("Pet relocation");
    await expect(page.getByTestId("estimate-next")).toBeEnabled();

    // ── the balance sheet tab loads when opened ──
    await page.getByRole("tab", { name: "Balance sheet" }).click();
    const sheet = page.getByTestId("balance-sheet");
    await expect(sheet).toBeVisible({ timeout: 30_000 });
    await expect(page.getByTestId("index-source")).toHaveText("Demo indices");
    await expect(page.getByTestId("balance-line").first()).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("tab", { name: "Cost estimate" }).click();

    // ── send for approval: the approver's e-mail is required on send (§5) ──
    await page.getByTestId("send-for-approval").click();
    await expect(page.getByLabel("Approver e-mail")).toHaveAccessibleDescription(/Please enter a valid email/);
    const approver = uniqueEmail("approver", "acme.test");
    await page.getByLabel("Approver name").fill("Pat Approver");
    await page.getByLabel("Approver e-mail").fill(approver);
    await page.getByTestId("send-for-approval").click();
    const dialog = page.getByRole("dialog", { name: "Send the estimate for approval?" });
    await expect(dialog).toContainText(approver);
    // The approver's details are an edit: the dialog says they are saved as a new version first (issue 13 item 6).
    await expect(dialog.getByTestId("send-saves-first")).toBeVisible();
    await dialog.getByRole("checkbox", { name: "Copy me" }).check();
    await expectAccessible(page);
    const before = Number((await page.getByTestId("estimate-version").textContent())!.replace(/\D/g, ""));
    await dialog.getByTestId("send-confirm").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText(`Saved as version ${before + 1} and sent to ${approver} for approval.`, { timeout: 30_000 });
    await expect(page.getByTestId("estimate-version")).toHaveText(`Version ${before + 1}`);

    // ── export the spreadsheet: its grand total is the page's ──
    const grandTotal = wholeUnits((await page.getByTestId("grand-total-amount").textContent()) ?? "");
    const downloading = page.waitForEvent("download");
    await exportLink(page, "Spreadsheet").click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^cost-estimate-lena-longterm-v\d+\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
    const estimateSheet = workbook.getWorksheet("Cost estimate")!;
    let totalCell: number | null = null;
    estimateSheet.eachRow((row) => {
      if (row.getCell(1).value === "Grand total") totalCell = Number(row.getCell(row.cellCount).value);
    });
    expect(totalCell).toBe(grandTotal);

    // ── history: each version opens read-only in a new tab ──
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Estimate history" });
    await expect(history.getByTestId("history-row")).toHaveCount(4);
    await expectAccessible(page);
    const versionLink = history.getByRole("link", { name: /^Version 1\b/ });
    await expect(versionLink).toHaveAttribute("target", "_blank");
    await expect(versionLink).toHaveAttribute("rel", "noopener");
    const opening = context.waitForEvent("page");
    await versionLink.click();
    const tab = await opening;
    await tab.waitForLoadState();
    await expect(tab).toHaveURL(new RegExp(`/acme/cost-estimate-view\\?employeeId=${move.employeeId}&costEstimateId=\\d+`));
    await expect(tab.getByTestId("version-banner")).toContainText(`Version 1 of the estimate of ${move.name}`);
    await expect(tab.getByTestId("version-banner")).toContainText("earlier version");
    await expect(tab.getByTestId("estimate-table")).toBeVisible();
    await expect(tab.getByTestId("amount-input")).toHaveCount(0);
    await expectAccessible(tab);
    await tab.close();
    await history.getByRole("button", { name: "Close" }).click();

    // ── Next: the summary, then complete ──
    await page.getByTestId("estimate-next").click();
    await expect(page).toHaveURL(/stage=5/);
    await expect(page.getByTestId("summary")).toContainText(move.name);
    await page.getByRole("button", { name: "Complete initiation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Complete initiation" }).click();
    await expect(page).toHaveURL(/\/acme\/home/);

    // ── the initiated move's estimate stays one click away on the group home ──
    await page.getByRole("searchbox", { name: "Search moves" }).fill("Longterm");
    const estimateLink = page.getByRole("link", { name: `Open the cost estimate of ${move.name}` });
    await expect(estimateLink).toBeVisible();
    await estimateLink.click();
    await expect(page).toHaveURL(/\/acme\/cost-estimate-view\?/);
    await expect(page.getByTestId("estimate-table")).toBeVisible();

    // ── the approval e-mail, with the PDF, in the admin outbox ──
    await loginAs(demo.admin);
    await page.goto("/admin/outbox");
    await page.getByLabel("Search e-mails").fill(approver);
    await expect(page.getByTestId("outbox-row")).toHaveCount(1);
    await page.getByRole("button", { name: new RegExp(`Open e-mail to ${approver.replace(/[.+]/g, "\\$&")}`) }).click();
    const mail = page.getByRole("dialog");
    await expect(mail).toContainText("Cost estimate for approval: Lena Longterm");
    await expect(mail.getByTestId("outbox-attachments")).toContainText(/cost-estimate-lena-longterm-v\d+\.pdf/);
    await expect(mail.getByTestId("outbox-cc")).toContainText(demo.acmeHr);
  });
});
