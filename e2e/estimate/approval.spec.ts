import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { ADVANCED_POLICY, estimateStage, expectRecalculated, nextFromOverrides, startMove } from "./estimate-helpers.ts";

/**
 * Issue 13 item 6 on stage 4: the "No amount could be estimated… Please enter an amount" warning
 * goes as soon as an amount is typed for the row and does not come back once it is recalculated;
 * approval is the approver's (HR records the approver and sends; only an ADMIN records an approval
 * received outside Meridian). acme's "Global Long-Term Assignment" has services with nothing to
 * estimate from (Settling-in, Repatriation).
 */
const NO_AMOUNT = "No amount could be estimated for this service";

test.describe("cost estimate: the amount warning and who approves (issue 13 item 6)", () => {
  test("the warning goes with a typed amount and stays gone after Calculate; HR has no Approved box, the ADMIN has", async ({ page, loginAs }) => {
    test.setTimeout(180_000);
    await loginAs(demo.acmeHr);
    await startMove(page, ADVANCED_POLICY, { first: "Wren", last: "Warning" });
    await nextFromOverrides(page, 6);
    await page.getByTestId("inputs-save").click();
    await expect(page).toHaveURL(/stage=4/);
    await estimateStage(page);
    const stage4 = page.url();

    // ── (a) the warning of a row without an amount ──
    const warned = page.getByTestId("estimate-row").filter({ has: page.getByTestId("amount-input") }).filter({ hasText: NO_AMOUNT }).first();
    const identifier = (await warned.getAttribute("data-identifier"))!;
    const row = page.locator(`[data-testid="estimate-row"][data-identifier="${identifier}"]`);
    await expect(row.getByTestId("item-feedback")).toContainText("Please enter an amount.");
    const amount = row.getByTestId("amount-input");
    await amount.fill("750");
    await expect(row.getByTestId("item-feedback")).toHaveCount(0);
    // Not an amount: the warning is back until one is typed.
    await amount.fill("");
    await expect(row.getByTestId("item-feedback")).toContainText("Please enter an amount.");
    await amount.fill("750");
    await expect(row.getByTestId("item-feedback")).toHaveCount(0);
    await expectAccessible(page);
    await page.getByTestId("estimate-recalculate").click();
    await expectRecalculated(page);
    await expect(amount).toHaveValue(/^750/);
    await expect(row).not.toContainText(NO_AMOUNT);

    // ── (b) HR records the approver and sends; the approval is the approver's ──
    const panel = page.getByTestId("approval-panel");
    await expect(panel.getByRole("checkbox")).toHaveCount(0);
    await expect(panel.getByLabel(/^Approval date/)).toHaveCount(0);
    await expect(page.getByTestId("approval-status")).toContainText("Not approved");
    await expect(panel.getByLabel("Approver name")).toBeEnabled();
    await expect(panel.getByLabel("Approver e-mail")).toBeEnabled();
    await expect(page.getByTestId("send-for-approval")).toBeEnabled();
    await expectAccessible(page);

    // ── the ADMIN records an approval received outside Meridian (name and date required) ──
    await loginAs(demo.admin);
    await page.goto(stage4);
    await page.getByRole("button", { name: "Use the existing estimate" }).click();
    await estimateStage(page);
    const approved = page.getByRole("checkbox", { name: /^Approved \(record an approval received outside Meridian\)/ });
    await approved.check();
    await page.getByTestId("estimate-save").click();
    await expect(page.getByLabel(/^Approver name/)).toHaveAccessibleDescription("Please enter the approver's name.");
    await expect(page.getByLabel(/^Approval date/)).toHaveAccessibleDescription("Please enter the approval date.");
    await expectAccessible(page);
    await page.getByLabel(/^Approver name/).fill("Grace Hopper");
    await page.getByLabel(/^Approval date/).fill("2026-11-20");
    await page.getByTestId("estimate-save").click();
    await expect(page.getByTestId("estimate-notice")).toHaveText("The estimate has been saved.", { timeout: 30_000 });

    // HR now reads the approval as recorded, and cannot rename its approver.
    await loginAs(demo.acmeHr);
    await page.goto(stage4);
    await page.getByRole("button", { name: "Use the existing estimate" }).click();
    await estimateStage(page);
    await expect(page.getByTestId("approval-status")).toHaveText(/Approved\s*by Grace Hopper on 20 November 2026\./);
    await expect(page.getByLabel("Approver name")).toBeDisabled();
    await expectAccessible(page);
  });
});
