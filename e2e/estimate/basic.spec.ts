import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { estimateStage, exportButton, exportLink, nextFromOverrides, startMove, STA_POLICY } from "./estimate-helpers.ts";

/**
 * A basic cost estimate (part 1 §2 stage 4, §4, §5, §8): acme's "Short-Term Assignment" (STA).
 * Live tax of edited rows, leaving with altered amounts asks first, a tax edit greys the tax
 * sections, saving, the "estimate exists" offer on a later visit, the approval checks, and the
 * §8 failure texts. Every test starts its own move.
 */

const TRPC_INTERNAL = JSON.stringify([{ error: { message: "boom", code: -32603, data: { code: "INTERNAL_SERVER_ERROR", httpStatus: 500 } } }]);

async function openEstimate(page: Page, last: string) {
  const move = await startMove(page, STA_POLICY, { first: "Sasha", last });
  await nextFromOverrides(page, 4);
  const stage = await estimateStage(page);
  return { move, stage };
}

const serviceRows = (page: Page) => page.getByTestId("estimate-row").filter({ has: page.getByTestId("amount-input") });

test.describe("basic cost estimate (STA)", () => {
  test("live tax, leave prompt, tax edit, save; a later visit offers recalculate, reuse or the overrides", async ({ page, loginAs }) => {
    test.setTimeout(180_000);
    await loginAs(demo.acmeHr);
    const { stage } = await openEstimate(page, "Shortterm");
    await expect(page.getByTestId("estimate-type")).toHaveText("Short-term assignment");
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 1");
    // STA columns are tax years.
    await expect(page.getByTestId("estimate-table").getByRole("columnheader", { name: /^20\d\d/ }).first()).toBeVisible();
    await expect(page.getByLabel("Annual salary")).toHaveValue("90000.00");
    await expect(page.getByLabel("Salary currency")).toHaveValue("GBP");
    await expect(page.getByTestId("applied-rate")).toHaveText(/^\d+%$/);
    await expect(page.getByLabel("Second display currency")).toHaveCount(0);
    await expectAccessible(page);

    // An edited amount: its tax is calculated live (no save), Next and Export wait.
    const row = serviceRows(page).first();
    await row.getByTestId("amount-input").fill("5000");
    await expect(page.getByTestId("live-total")).toContainText("With your changes the estimate comes to about");
    await expect(row.getByTestId("row-total")).toHaveAttribute("data-live", "true");
    await expect(page.getByTestId("estimate-next")).toBeDisabled();
    await expect(exportButton(page, "PDF")).toBeDisabled();

    // Back with altered amounts asks first (§4); staying keeps the edit.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    const leave = page.getByRole("alertdialog", { name: "Leave the estimate?" });
    await expect(leave).toContainText("You have changed amounts on this estimate. Leave without recalculating or saving?");
    await expectAccessible(page);
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/stage=4/);
    await expect(row.getByTestId("amount-input")).toHaveValue("5000");

    // STA: a tax edit greys the tax sections until recalculated or saved.
    await page.getByLabel("Tax rate override").fill("30");
    await expect(page.locator('[data-testid="estimate-section"][data-section="tax"]')).toHaveAttribute("aria-disabled", "true");

    await page.getByTestId("estimate-save").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText("The estimate has been saved.");
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 2");
    await expect(stage).toHaveAttribute("data-dirty", "false");
    await expect(page.locator('[data-testid="estimate-section"][data-section="tax"]')).not.toHaveAttribute("aria-disabled", "true");
    await expect(page.getByTestId("applied-rate")).toHaveText("30%");
    await expect(serviceRows(page).first().getByTestId("amount-input")).toHaveValue("5000.00");
    await expect(serviceRows(page).first()).toContainText("Overridden");
    await expect(exportLink(page, "PDF")).toBeVisible();

    // Another display currency recalculates the estimate in it.
    await page.getByLabel("Display currency").selectOption("EUR");
    await expect(page.getByTestId("estimate-notice")).toContainText("The estimate has been recalculated", { timeout: 60_000 });
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 3");
    await expect(page.getByTestId("grand-total-amount")).toHaveText(/^EUR [\d,]+$/);
    await expect(page.getByLabel("Display currency")).toHaveValue("EUR");

    // Back (nothing altered: no question) to the overrides, then Next: the estimate exists.
    await page.getByRole("button", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/stage=3/);
    await nextFromOverrides(page, 4);
    const offer = page.getByTestId("existing-estimate");
    await expect(offer.getByRole("heading", { name: "This move already has a cost estimate" })).toBeVisible();
    await expect(offer).toContainText("Version 3");
    await expectAccessible(page);
    await offer.getByRole("button", { name: "Back to policy overrides" }).click();
    await expect(page).toHaveURL(/stage=3/);

    await nextFromOverrides(page, 4);
    await page.getByRole("button", { name: "Use the existing estimate" }).click();
    await estimateStage(page);
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 3");

    await page.getByRole("button", { name: "Back", exact: true }).click();
    await nextFromOverrides(page, 4);
    await page.getByTestId("existing-estimate").getByRole("button", { name: "Recalculate" }).click();
    await expect(page.getByRole("progressbar")).toBeVisible();
    await estimateStage(page);
    // Nothing changed since version 3: the recalculation gives its figures, so version 3 stays current.
    await expect(page.getByTestId("estimate-version")).toHaveText("Version 3");
    // The recalculation keeps the saved override, tax rate and currency.
    await expect(page.getByLabel("Display currency")).toHaveValue("EUR");
    await expect(serviceRows(page).first().getByTestId("amount-input")).toHaveValue("5000.00");
    await expect(page.getByTestId("applied-rate")).toHaveText("30%");

    // Skip the estimate: straight to the summary.
    await page.getByRole("button", { name: "Skip the estimate and continue" }).click();
    await expect(page).toHaveURL(/stage=5/);
    await expect(page).toHaveURL(/skipCE=true/);
  });

  test("the approval checks (§5) and the estimate's failure texts (§8)", async ({ page, loginAs }) => {
    test.setTimeout(150_000);
    await loginAs(demo.acmeHr);
    await openEstimate(page, "Checks");

    // Send needs the approver's e-mail.
    await page.getByTestId("send-for-approval").click();
    const email = page.getByLabel("Approver e-mail");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toHaveAccessibleDescription(/^Please enter a valid email/);
    await expect(email).toBeFocused();
    await expect(page.getByTestId("estimate-notice")).toHaveText("Please fill in all the required values before processing");
    await email.fill("not-an-address");
    await page.getByTestId("estimate-save").click();
    await expect(email).toHaveAccessibleDescription(/^Please enter a valid email/);

    // HR cannot mark the estimate approved (issue 13 item 6): the approval is a status, no box, no date.
    await email.fill("");
    await expect(page.getByRole("checkbox", { name: /^Approved/ })).toHaveCount(0);
    await expect(page.getByLabel(/^Approval date/)).toHaveCount(0);
    await expect(page.getByTestId("approval-status")).toContainText("Not approved");
    await expectAccessible(page);

    // A blanked amount that had a computed one: "A value is required".
    const row = serviceRows(page).first();
    await row.getByTestId("amount-input").fill("");
    await page.getByTestId("estimate-save").click();
    await expect(row.getByTestId("amount-input")).toHaveAccessibleDescription("A value is required");
    await row.getByTestId("amount-input").fill("4200");

    // No connection on save: §8's connection text.
    await page.route("**/trpc/estimate.saveEstimate**", (route) => route.abort("internetdisconnected"));
    await page.getByTestId("estimate-save").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText(
      "Unable to connect to the product. Check your internet connection and if the problem persists contact customer support.",
    );
    await page.unroute("**/trpc/estimate.saveEstimate**");

    // A failed recalculation: "We are experiencing an issue…", the edit kept.
    await page.route("**/trpc/estimate.recalculate**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: TRPC_INTERNAL }));
    await page.getByTestId("estimate-recalculate").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText("We are experiencing an issue. Please contact customer support and our technical team will investigate.");
    await expect(row.getByTestId("amount-input")).toHaveValue("4200");
    await page.unroute("**/trpc/estimate.recalculate**");

    // A failed tax calculation: the tax issue text, and the estimate reloads (edits dropped).
    await page.route("**/trpc/estimate.calculateTax**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: TRPC_INTERNAL }));
    await row.getByTestId("amount-input").fill("4300");
    await expect(page.getByTestId("estimate-notice")).toHaveText("There was an issue calculating the tax. The page will reload.");
    await expect(row.getByTestId("amount-input")).not.toHaveValue("4300");
    await expect(page.getByTestId("estimate-stage")).toHaveAttribute("data-dirty", "false");
    await page.unroute("**/trpc/estimate.calculateTax**");

    // The history cannot be read: its own text, with a retry.
    await page.route("**/trpc/estimate.history**", (route) => route.fulfill({ status: 500, contentType: "application/json", body: TRPC_INTERNAL }));
    await page.getByRole("button", { name: "History" }).click();
    const history = page.getByRole("dialog", { name: "Estimate history" });
    await expect(history.getByRole("alert")).toContainText("We are experiencing an issue.", { timeout: 15_000 });
    await page.unroute("**/trpc/estimate.history**");
    await history.getByRole("button", { name: "Try again" }).click();
    await expect(history.getByTestId("history-row")).toHaveCount(1);
  });

  test("the version page is for HR and admins of the estimate's group", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    const response = await page.goto("/acme/cost-estimate-view?employeeId=1&costEstimateId=1");
    expect(response?.status()).toBe(403);
    await loginAs(demo.acmeHr);
    await page.goto("/acme/cost-estimate-view");
    await expect(page.getByRole("heading", { name: "No estimate was chosen" })).toBeVisible();
    await page.goto("/acme/cost-estimate-view?employeeId=999999&costEstimateId=999999");
    await expect(page.getByRole("heading", { name: "The cost estimate was not found." })).toBeVisible();
    await expectAccessible(page);
  });
});
