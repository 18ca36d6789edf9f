import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** Calls a policy mutation through the tRPC API as the signed-in user. */
async function mutate<T>(page: Page, baseURL: string | undefined, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/trpc/${path}`, { data, headers: { Origin: baseURL ?? "" } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/**
 * Policy setup (/policy/setup): a new policy is created from the form and continues to its
 * settings, each saved on change, then to the details step. Every test creates its own policy.
 */
test.describe("policy setup", () => {
  test("an admin creates a policy, changes settings one by one and continues to details", async ({ page, loginAs }) => {
    const name = `E2E Setup ${Date.now()}`;
    await loginAs(demo.admin);
    await page.goto("/policy/search?group=acme");
    await page.getByRole("link", { name: "New policy" }).first().click();
    await expect(page).toHaveURL(/\/policy\/setup\?group=acme$/);
    await expect(page.getByRole("heading", { level: 1, name: "New policy" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Policy configuration steps" })).toBeVisible();
    await expect(page.getByLabel("Group")).toHaveValue("acme");
    await expectAccessible(page);

    // The name is required (spec text), nothing is sent.
    await page.getByRole("button", { name: "Create policy" }).click();
    await expect(page.getByText("Policy name required.")).toBeVisible();
    await expect(page.getByLabel("Policy name")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Policy name").fill(name);
    await page.getByLabel("Order").fill("12");
    await page.getByLabel("Move type").selectOption({ label: "Domestic" });
    await page.getByLabel("Archetype").selectOption({ label: "Domestic transfer" });
    await page.getByLabel("Number of move stages").selectOption("3");
    await page.getByRole("button", { name: "Create policy" }).click();

    // Created: the setup of the new policy, draft editable.
    await expect(page).toHaveURL(/\/policy\/setup\?policyId=\d+&editDraft=true$/);
    await expect(page.getByRole("heading", { level: 1, name: "Policy setup" })).toBeVisible();
    await expect(page.getByLabel("Policy name")).toHaveValue(name);
    await expect(page.getByLabel("Move type")).toHaveValue("DOMESTIC");
    await expect(page.getByLabel("Number of move stages")).toHaveValue("3");
    await expect(page.getByText("Version 1 · Draft")).toBeVisible();

    // A switch saves at once; the save state says so.
    const hrDashboard = page.getByRole("switch", { name: "HR dashboard" });
    await expect(hrDashboard).not.toBeChecked();
    await hrDashboard.click();
    await expect(hrDashboard).toBeChecked();
    await expect(page.getByTestId("setup-save-state")).toHaveText("Saved");

    // Permanent-transfer package with 3 stages: the spec's warning.
    await page.getByRole("combobox", { name: "Estimate package" }).selectOption({ label: "Permanent transfer" });
    await expect(page.getByTestId("setup-warnings")).toContainText("Warning: the permanent transfer cost estimate should not be used with 3 stage moves.");

    // Move type change asks first, with the affected users.
    await page.getByLabel("Move type").selectOption({ label: "International" });
    const dialog = page.getByRole("alertdialog", { name: "Change the move type?" });
    await expect(dialog).toContainText("Changing the move type affects 0 users on this policy. Do you want to continue?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Change move type" }).click();
    await expect(page.getByLabel("Move type")).toHaveValue("INTERNATIONAL");

    // Order must be digits: the spec text, and the saved value comes back.
    await page.getByLabel("Order").fill("1a");
    await page.getByLabel("Order").press("Tab");
    await expect(page.getByText("Policy order must be digits only or empty.")).toBeVisible();
    await page.getByLabel("Order").fill("7");
    await page.getByLabel("Order").press("Tab");
    await expect(page.getByText("Policy order must be digits only or empty.")).toBeHidden();

    // The settings are stored: a reload shows them.
    await page.reload();
    await expect(page.getByRole("switch", { name: "HR dashboard" })).toBeChecked();
    await expect(page.getByRole("combobox", { name: "Estimate package" })).toHaveValue("PERMANENT_TRANSFER");
    await expect(page.getByLabel("Order")).toHaveValue("7");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/policy\/details\?policyId=\d+&editDraft=true$/);
  });

  test("a typed but unsaved name asks before leaving the page", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/policy/setup?group=acme");
    await page.getByLabel("Policy name").fill(`E2E Unsaved ${Date.now()}`);
    await page.getByRole("button", { name: "Policies & forms" }).click();
    await page.getByRole("link", { name: "Policies" }).first().click();
    const dialog = page.getByRole("alertdialog", { name: "Leave this page?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on this page" }).click();
    await expect(page).toHaveURL(/\/policy\/setup/);
    await page.getByRole("button", { name: "Policies & forms" }).click();
    await page.getByRole("link", { name: "Policies" }).first().click();
    await page.getByRole("alertdialog", { name: "Leave this page?" }).getByRole("button", { name: "Leave page" }).click();
    await expect(page).toHaveURL(/\/policy\/search/);
    await expectAccessible(page);
  });

  test("HR users cannot open policy setup", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/policy/setup?group=acme");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown policy gets the not-found page alone on every step", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    for (const path of ["/policy/setup?policyId=999999&editDraft=true", "/policy/details?policyId=999999&editDraft=true", "/policy/details/next?policyId=999999&editDraft=true", "/policy/confirm?policyId=999999"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 }), path).toHaveText("Page not found");
      await expect(page.getByRole("navigation", { name: "Policy configuration steps" }), path).toHaveCount(0);
    }
    await expectAccessible(page);
  });

  test("the confirm page lists the stages, shows validation errors and releases a valid version", async ({ page, loginAs, baseURL }) => {
    const name = `E2E Confirm ${Date.now()}`;
    await loginAs(demo.admin);
    const created = await mutate<{ policyId: number; policyVersionId: number }>(page, baseURL, "policy.policies.create", {
      group: "acme",
      name,
      moveType: "INTERNATIONAL",
      archetype: "SHORT_TERM_ASSIGNMENT",
      moveStagesCount: 1,
    });
    // A budget service without a budget: the version cannot be released yet.
    await mutate(page, baseURL, "policy.services.add", { policyVersionId: created.policyVersionId, moveStage: 1, serviceKey: "IMMIGRATION" });

    await page.goto(`/policy/confirm?policyId=${created.policyId}&versionId=${created.policyVersionId}`);
    await expect(page.getByRole("heading", { level: 1, name: "Policy confirmation" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Details" })).toBeVisible();
    const stage = page.getByRole("button", { name: /Relocation/ });
    await expect(stage).toHaveAttribute("aria-expanded", "true");
    await expect(stage).toContainText("error");
    const service = page.getByTestId("confirm-service-1-IMMIGRATION");
    await expect(service).toContainText("Immigration & Visas");
    await expect(service).toContainText("for Immigration & Visas");
    await expect(page.getByTestId("confirm-validation")).toContainText("must be fixed before release");
    await expectAccessible(page);

    // Releasing (after asking) is refused while errors remain; the page stays.
    await page.getByRole("button", { name: "Confirm and release" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
    await expect(page.getByTestId("confirm-validation")).toContainText("must be fixed before release");
    await expect(page).toHaveURL(/\/policy\/confirm/);

    // Without the service the version is valid and is released, then back to the group's policies.
    await mutate(page, baseURL, "policy.services.remove", { policyVersionId: created.policyVersionId, moveStage: 1, serviceKey: "IMMIGRATION" });
    await page.reload();
    await expect(page.getByTestId("confirm-validation")).toHaveText("No errors: this version is ready to be released.");
    await expect(page.getByText("No services on this move stage.")).toBeVisible();
    await page.getByRole("button", { name: "Confirm and release" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Release" }).click();
    // Then the policy's setup page says so, with the versions list.
    await expect(page).toHaveURL(new RegExp(`/policy/setup\\?policyId=${created.policyId}&editDraft=false&released=1$`));
    await expect(page.getByTestId("policy-released")).toContainText(`Version 1 of ${name} is released.`);
    await page.goto(`/policy/search?group=acme&q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("v1");
    await expect(row).not.toContainText("Draft");
    await expectAccessible(page);
  });

  test("a failed save shows the spec's text and puts the old value back", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const created = await mutate<{ policyId: number }>(page, baseURL, "policy.policies.create", {
      group: "acme",
      name: `E2E Failing save ${Date.now()}`,
      moveType: "INTERNATIONAL",
      archetype: "LONG_TERM_ASSIGNMENT",
      moveStagesCount: 2,
    });
    await page.goto(`/policy/setup?policyId=${created.policyId}&editDraft=true`);
    const ewallet = page.getByRole("switch", { name: "Uses e-wallet" });
    await expect(ewallet).not.toBeChecked();

    // The server cannot be reached for this one call.
    await page.route("**/trpc/policy.policies.updateSetting**", (route) => route.abort("failed"));
    await ewallet.click();
    await expect(page.getByText("Update failed - there was an error.")).toBeVisible();
    await expect(ewallet).not.toBeChecked();
    await expect(ewallet).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);

    // Once it can, the same change saves.
    await page.unroute("**/trpc/policy.policies.updateSetting**");
    await ewallet.click();
    await expect(ewallet).toBeChecked();
    await expect(page.getByText("Update failed - there was an error.")).toBeHidden();
  });

  test("cost estimates need the group's authorisation: not authorised offers only none; a failed check says so", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const created = await mutate<{ policyId: number }>(page, baseURL, "policy.policies.create", {
      group: "acme",
      name: `E2E Estimate authorisation ${Date.now()}`,
      moveType: "INTERNATIONAL",
      archetype: "LONG_TERM_ASSIGNMENT",
      moveStagesCount: 1,
    });
    const url = `/policy/setup?policyId=${created.policyId}&editDraft=true`;
    const estimateType = page.getByRole("combobox", { name: "Estimate type" });

    // acme is authorised (demo data): every estimate type is offered.
    await page.goto(url);
    await expect(estimateType).toBeEnabled();
    await expect(estimateType.locator("option")).toHaveCount(5);
    await expect(page.getByTestId("estimate-authorisation")).toHaveCount(0);

    // The server says no: only "none" is left, with the reason.
    // The client may batch the check with another query (the notification bell's count): the fake
    // answers the check's place in the batch and passes the others' real answers through.
    const procedures = (u: URL) => decodeURIComponent(u.pathname).split("/trpc/")[1]?.split(",") ?? [];
    const only = (name: string) => (u: URL) => procedures(u).includes(name);
    await page.route(only("estimate.admin.authorisation"), async (route) => {
      const names = procedures(new URL(route.request().url()));
      const fake = { result: { data: { success: true, authorised: false, billingStatus: "SUSPENDED" } } };
      if (names.length === 1) return route.fulfill({ contentType: "application/json", body: JSON.stringify([fake]) });
      const response = await route.fetch();
      const answers = (await response.json()) as unknown[];
      answers[names.indexOf("estimate.admin.authorisation")] = fake;
      return route.fulfill({ response, json: answers });
    });
    await page.goto(url);
    await expect(page.getByTestId("estimate-authorisation")).toContainText("Cost estimates are not enabled for this group");
    await expect(estimateType.locator("option")).toHaveCount(1);
    await expectAccessible(page);

    // The check fails: the spec's text.
    await page.unroute(only("estimate.admin.authorisation"));
    await page.route(only("estimate.admin.authorisation"), (route) => route.abort("failed"));
    await page.goto(url);
    await expect(page.getByTestId("estimate-authorisation")).toHaveText("Could not get authorisation to enable cost estimate");
  });
});
