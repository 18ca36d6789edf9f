import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * part 2 §2 "Policy details: … Each service section holds … plus a cost-estimates popup": each
 * service of the policy details page opens a dialog with what a new move's estimate uses for it.
 */

/** The acme demo policy "Global Long-Term Assignment" (released), looked up like the search page does. */
async function ltaPolicyId(page: Page): Promise<number> {
  const search = await page.request.get(`/trpc/policy.policies.search?input=${encodeURIComponent(JSON.stringify({ group: "acme" }))}`);
  expect(search.status()).toBe(200);
  const policies = ((await search.json()) as { result: { data: { policies: { id: number; name: string; releasedVersionId: number | null }[] } } }).result.data.policies;
  const lta = policies.find((p) => p.name === "Global Long-Term Assignment" && p.releasedVersionId != null);
  expect(lta, "the released acme demo policy Global Long-Term Assignment").toBeDefined();
  return lta!.id;
}

/** Opens a service's section and its cost-estimates dialog from the keyboard; returns the dialog. */
async function openPopup(page: Page, testId: string, serviceName: string) {
  const section = page.getByTestId(testId);
  await section.getByRole("button", { name: new RegExp(serviceName) }).first().click();
  const button = section.getByRole("button", { name: `Cost estimates for ${serviceName}` });
  await button.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: `Cost estimates: ${serviceName}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("service-estimate-settings")).toBeVisible();
  return { dialog, button };
}

test.describe("the cost-estimates popup on policy details", () => {
  test("HR reads what the estimate uses for a service: formulas, budgets shared in a group, rates, tax", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await loginAs(demo.acmeHr);
    const policyId = await ltaPolicyId(page);
    await page.goto(`/policy/details?policyId=${policyId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();

    // Household goods shipment: the benefit option's formulas decide the amount; taxable.
    const removals = await openPopup(page, "service-1-REMOVALS", "Household goods shipment");
    await expect(removals.dialog.getByTestId("service-estimate-inclusion")).toHaveText("Included for every move on this policy.");
    await expect(removals.dialog.getByTestId("service-estimate-amount-source")).toContainText("40ft container");
    await expect(removals.dialog.getByTestId("service-estimate-formulas")).toContainText("3000 + min(volumeM3, 67) * 42 + distanceKm * 0.55");
    await expect(removals.dialog.getByTestId("service-estimate-formulas")).toContainText("Adjustment: familySize > 3 ? 1.15 : 1");
    await expect(removals.dialog.getByTestId("service-estimate-tax")).toHaveText(/^Taxable: taxed/);
    await expect(removals.dialog).toContainText("One-off, in the first year");
    await expectAccessible(page);
    // Escape closes it and gives the focus back to its button.
    await page.keyboard.press("Escape");
    await expect(removals.dialog).toBeHidden();
    await expect(removals.button).toBeFocused();

    // Settling-in Services: budget group 1's budget, shared with Home Finding and counted under it.
    const settling = await openPopup(page, "service-1-SETTLINGIN", "Settling-in Services");
    await expect(settling.dialog.getByTestId("service-estimate-budget")).toHaveText("USD 4,000.00, budget group 1");
    await expect(settling.dialog).toContainText("Shared with Home Finding");
    await expect(settling.dialog).toContainText("Counted under Home Finding in the estimate.");
    await expect(settling.dialog.getByTestId("service-estimate-tax")).toHaveText(/^Non-taxable: not taxed/);
    await settling.dialog.getByRole("button", { name: "Close" }).click();
    await expect(settling.dialog).toBeHidden();

    // An addable service and a view-only one.
    const cultural = await openPopup(page, "service-1-CULTURALTRAINING", "Cultural Training");
    await expect(cultural.dialog.getByTestId("service-estimate-inclusion")).toContainText("only when it is chosen for the move at stage 3");
    await page.keyboard.press("Escape");
    const hub = await openPopup(page, "service-1-MOVEHUB", "Move Hub");
    await expect(hub.dialog.getByTestId("service-estimate-inclusion")).toHaveText("Not estimated: a view-only third-party service.");
    await expect(hub.dialog.getByTestId("service-estimate-formulas")).toHaveCount(0);
    await page.keyboard.press("Escape");

    // On Assignment: the housing allowance's budget and the budget group's destination rates.
    await page.getByRole("button", { name: /^On Assignment/ }).click();
    const housing = await openPopup(page, "service-2-HOUSINGALLOWANCE", "Host Housing Allowance");
    await expect(housing.dialog.getByTestId("service-estimate-budget")).toHaveText("USD 48,000.00, budget group 2");
    await expect(housing.dialog).toContainText("Every year of the assignment");
    await expect(housing.dialog.getByTestId("service-estimate-rates")).toContainText("London, GB");
    await expect(housing.dialog.getByTestId("service-estimate-rates")).toContainText("GBP 3,500.00 · Monthly");
    await expectAccessible(page);
  });

  test("fits a phone: the dialog scrolls inside the screen", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(demo.acmeHr);
    const policyId = await ltaPolicyId(page);
    await page.goto(`/policy/details?policyId=${policyId}`);
    const { dialog } = await openPopup(page, "service-1-TEMPACCOMMODATION", "Temporary Accommodation");
    await expect(dialog.getByTestId("service-estimate-formulas")).toContainText("hostDailyRate * 60");
    // Measured at rest, once the opening animation is over.
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    const box = (await dialog.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(box.y + box.height).toBeLessThanOrEqual(844);
    expect((await overflowing(page)).offenders).toEqual([]);
    await expectAccessible(page);
  });

  test("an admin's draft: a new service without amounts says so", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const name = `E2E popup ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await page.request.post("/trpc/policy.policies.create", {
      data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", moveStagesCount: 2 },
      headers: { Origin: baseURL ?? "" },
    });
    expect(created.status()).toBe(200);
    const policyId = ((await created.json()) as { result: { data: { policyId: number } } }).result.data.policyId;
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await page.getByLabel("Add a service to Relocation").selectOption({ label: "Storage" });
    await page.getByRole("button", { name: "Add service" }).first().click();
    const service = page.getByTestId("service-1-STORAGE");
    await expect(service.getByLabel("Policy type")).toBeVisible();
    const button = service.getByRole("button", { name: "Cost estimates for Storage" });
    await button.click();
    const dialog = page.getByRole("dialog", { name: "Cost estimates: Storage" });
    await expect(dialog.getByTestId("service-estimate-budget")).toHaveText("No budget");
    await expect(dialog.getByTestId("service-estimate-amount-source")).toContainText("None set");
    await expect(dialog).toContainText("No formulas.");
    await expect(dialog).toContainText("No destination rates.");
    await expectAccessible(page);
  });
});
