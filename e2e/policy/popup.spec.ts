import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** A new one-stage acme policy with Destination Orientation on its draft, through the API. */
async function createPolicyWithService(page: Page, baseURL: string | undefined): Promise<{ policyId: number; policyVersionId: number }> {
  const headers = { Origin: baseURL ?? "" };
  const name = `E2E popup ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const created = await page.request.post("/trpc/policy.policies.create", {
    data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "PERMANENT_TRANSFER", moveStagesCount: 1 },
    headers,
  });
  expect(created.status(), await created.text()).toBe(200);
  const ids = ((await created.json()) as { result: { data: { policyId: number; policyVersionId: number } } }).result.data;
  const added = await page.request.post("/trpc/policy.services.add", {
    data: { policyVersionId: ids.policyVersionId, moveStage: 1, serviceKey: "ORIENTATION" },
    headers,
  });
  expect(added.status(), await added.text()).toBe(200);
  return ids;
}

test.describe("policy popup editor", () => {
  test("an admin turns the popup on, writes a blurb, adds a service item and sees an invalid variable refused", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const { policyId, policyVersionId } = await createPolicyWithService(page, baseURL);
    await page.goto(`/policy/details/next?policyId=${policyId}&editDraft=true`);
    await expect(page.getByRole("heading", { level: 1, name: "Policy popup" })).toBeVisible();

    const display = page.getByRole("switch", { name: "Display a popup for this policy" });
    await expect(display).not.toBeChecked();
    await display.click();
    await expect(display).toBeChecked();

    // The stage's blurb, saved on blur, rendered with its placeholder in the preview.
    const blurb = page.getByLabel("Blurb");
    await blurb.fill("Everything you need in {cityName}.");
    await blurb.blur();
    await expect(page.getByTestId("popup-preview")).toContainText("Everything you need in your destination city.");

    // A service item of the stage.
    await page.getByRole("button", { name: "Add item" }).click();
    await expect(page.getByText("Please select a service.")).toBeVisible();
    await page.getByLabel("Add a service item to Relocation").selectOption({ label: "Destination Orientation" });
    await page.getByRole("button", { name: "Add item" }).click();
    const item = page.getByTestId("popup-item-1-ORIENTATION");
    await expect(item).toBeVisible();
    await item.getByLabel("Title of Destination Orientation").fill("Orientation day");
    await item.getByLabel("Title of Destination Orientation").blur();
    await expect(page.getByTestId("popup-preview")).toContainText("Orientation day");

    // An unknown variable is refused with the server's message and nothing is saved.
    await blurb.fill("Welcome to {town}.");
    await blurb.blur();
    await expect(page.getByText("Invalid variable for blurb: {town}")).toBeVisible();
    await expect(page.getByTestId("popup-preview")).toContainText("Everything you need in your destination city.");
    await expectAccessible(page);

    // Next goes to the confirm step of the same version.
    await expect(page.getByRole("link", { name: "Next" })).toHaveAttribute("href", new RegExp(`/policy/confirm\\?policyId=${policyId}&versionId=${policyVersionId}`));
  });

  test("switching the popup off asks first and then deletes it", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const { policyId } = await createPolicyWithService(page, baseURL);
    await page.goto(`/policy/details/next?policyId=${policyId}&editDraft=true`);
    const display = page.getByRole("switch", { name: "Display a popup for this policy" });
    await display.click();
    await expect(page.getByLabel("Header", { exact: true })).toBeVisible();

    await display.click();
    const dialog = page.getByRole("alertdialog", { name: "Delete the popup?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(display).toBeChecked();

    await display.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete popup" }).click();
    await expect(display).not.toBeChecked();
    await expect(page.getByText("No popup for this policy")).toBeVisible();
  });

  test("service items are reordered with the keyboard", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const headers = { Origin: baseURL ?? "" };
    const { policyId, policyVersionId } = await createPolicyWithService(page, baseURL);
    const call = async (path: string, data: unknown) => {
      const response = await page.request.post(`/trpc/${path}`, { data, headers });
      expect(response.status(), await response.text()).toBe(200);
    };
    await call("policy.services.add", { policyVersionId, moveStage: 1, serviceKey: "SETTLINGIN" });
    await call("policy.popup.setDisplayed", { policyVersionId, displayed: true });
    await call("policy.popup.addService", { policyVersionId, moveStageId: 1, service: "ORIENTATION" });
    await call("policy.popup.addService", { policyVersionId, moveStageId: 1, service: "SETTLINGIN" });

    await page.goto(`/policy/details/next?policyId=${policyId}&editDraft=true`);
    const items = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: /^Move .* up$/ }) });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText("1. Destination Orientation");

    const up = page.getByRole("button", { name: "Move Settling-in Services up" });
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(items.nth(0)).toContainText("1. Settling-in Services");
    await expect(items.nth(1)).toContainText("2. Destination Orientation");
    await expect(page.getByRole("button", { name: "Move Settling-in Services up" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move Settling-in Services down" })).toBeFocused();
    await expectAccessible(page);
  });
});
