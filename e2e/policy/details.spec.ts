import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** A new two-stage acme policy (its draft version 1) with a unique name, through the API. */
async function createPolicy(page: Page, baseURL: string | undefined): Promise<number> {
  const name = `E2E details ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post("/trpc/policy.policies.create", {
    data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", moveStagesCount: 2 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { policyId: number } } }).result.data.policyId;
}

/** Adds a service to a stage through the "Add a service" form and waits for its section. */
async function addService(page: Page, stageName: string, serviceName: string): Promise<void> {
  await page.getByLabel(`Add a service to ${stageName}`).selectOption({ label: serviceName });
  await page.getByRole("button", { name: "Add service" }).first().click();
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(serviceName) })).toBeVisible();
}

test.describe("policy details", () => {
  test("an admin adds a service with a budget group budget and a benefit", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: /steps/i })).toBeVisible();

    // Adding without a choice is refused with the spec's text.
    await page.getByRole("button", { name: "Add service" }).first().click();
    await expect(page.getByText("Please select a service.")).toBeVisible();

    await addService(page, "Relocation", "Temporary Accommodation");
    const service = page.getByTestId("service-1-TEMPACCOMMODATION");
    await expect(service.getByLabel("Policy type")).toBeVisible();

    // Type 3 (benefits) shows the benefit sets; budget group 1 holds the budgets.
    await service.getByLabel("Policy type").selectOption("3");
    await expect(service.getByRole("group", { name: /Temporary housing duration/ })).toBeVisible();
    await service.getByLabel("Budget group", { exact: true }).selectOption("1");
    const group = service.getByTestId("budget-group-1-1");
    await expect(group).toBeVisible();

    await group.getByRole("button", { name: "Add budget" }).click();
    await group.getByLabel("Currency, new budget").selectOption("USD");
    await group.getByLabel("Amount, new budget").fill("5,000");
    await group.getByLabel("Amount, new budget").blur();
    await expect(group.getByLabel("Amount, budget 1")).toHaveValue(/5,?000/);

    await service.getByLabel("30 nights").check();
    await expect(service.getByLabel("30 nights")).toBeChecked();

    // Everything is on the server: a reload shows it again.
    await page.reload();
    await page.getByRole("button", { name: /Temporary Accommodation/ }).click();
    const reloaded = page.getByTestId("service-1-TEMPACCOMMODATION");
    await expect(reloaded.getByLabel("Policy type")).toHaveValue("3");
    await expect(reloaded.getByLabel("Amount, budget 1")).toHaveValue(/5,?000/);
    await expect(reloaded.getByLabel("30 nights")).toBeChecked();
    await expectAccessible(page);
  });

  test("a benefit value must be numeric: an invalid entry is reverted, a valid one saved", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Temporary Accommodation");
    const service = page.getByTestId("service-1-TEMPACCOMMODATION");
    await service.getByLabel("Policy type").selectOption("3");
    const set = service.getByRole("group", { name: /Temporary housing duration/ });
    const value = set.getByRole("textbox", { name: /^Value/ });
    await expect(value).toHaveValue("");

    // Not a number: the message shows and the prior value is restored.
    await value.fill("abc");
    await value.blur();
    await expect(set.getByText("This is not a valid number.")).toBeVisible();
    await expect(value).toHaveValue("");
    await expect(value).toHaveAttribute("aria-invalid", "true");

    // Commas are stripped; Enter saves from the keyboard.
    await value.fill("1,500");
    await value.press("Enter");
    await expect(value).toHaveValue("1500");
    await expect(set.getByText("This is not a valid number.")).toHaveCount(0);
    await expectAccessible(page);

    // A later invalid entry restores the saved value.
    await value.fill("12 nights");
    await value.press("Tab");
    await expect(set.getByText("This is not a valid number.")).toBeVisible();
    await expect(value).toHaveValue("1500");

    await page.reload();
    await page.getByRole("button", { name: /Temporary Accommodation/ }).click();
    const reloaded = page.getByTestId("service-1-TEMPACCOMMODATION").getByRole("group", { name: /Temporary housing duration/ });
    await expect(reloaded.getByRole("textbox", { name: /^Value/ })).toHaveValue("1500");
  });

  test("a budget whose minimum exceeds its amount is refused with the spec's message", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Home Finding");
    const service = page.getByTestId("service-1-FLATSEARCH");

    // No budget group: the service's own budget row.
    await service.getByLabel("Currency, Home Finding").selectOption("EUR");
    await service.getByLabel("Amount, Home Finding").fill("1000");
    await service.getByLabel("Amount, Home Finding").blur();
    await expect(service.getByLabel("Amount, Home Finding")).toHaveValue(/1,?000/);

    await service.getByLabel("Minimum, Home Finding").fill("1500");
    await service.getByLabel("Minimum, Home Finding").blur();
    await expect(service.getByTestId("budget-error")).toHaveText("The Budget min must be less than or equal to the Amount.");

    // A non-number is refused and the prior value restored.
    await service.getByLabel("Maximum, Home Finding").fill("abc");
    await service.getByLabel("Maximum, Home Finding").blur();
    await expect(service.getByTestId("budget-error")).toHaveText("This is not a valid number.");
    await expect(service.getByLabel("Maximum, Home Finding")).toHaveValue("");

    // A negative amount too.
    await service.getByLabel("Amount, Home Finding").fill("-5");
    await service.getByLabel("Amount, Home Finding").blur();
    await expect(service.getByTestId("budget-error")).toHaveText("The amount cannot be a negative number.");
    await expect(service.getByLabel("Amount, Home Finding")).toHaveValue(/1,?000/);
    await expectAccessible(page);
  });

  test("validation marks the move stage and the service with errors", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    // Immigration defaults to a currency budget; without one (and without its visa type) the version is invalid.
    await addService(page, "Relocation", "Immigration & Visas");

    await page.getByRole("button", { name: "Validate" }).click();
    await expect(page.getByTestId("validation-errors")).toContainText("Please set budget currency for Immigration & Visas");
    await expect(page.getByTestId("stage-1")).toHaveAttribute("data-invalid", "true");
    await expect(page.getByTestId("stage-1").getByTestId("stage-error")).toBeVisible();
    await expect(page.getByTestId("service-1-IMMIGRATION")).toHaveAttribute("data-invalid", "true");
    await expect(page.getByTestId("stage-2")).not.toHaveAttribute("data-invalid", "true");
    await expectAccessible(page);

    // Fixing the service validates again: its currency error goes.
    const service = page.getByTestId("service-1-IMMIGRATION");
    await service.getByLabel("Currency, Immigration & Visas").selectOption("EUR");
    await service.getByLabel("Amount, Immigration & Visas").fill("900");
    await service.getByLabel("Amount, Immigration & Visas").blur();
    await expect(page.getByTestId("validation-errors")).not.toContainText("Please set budget currency for Immigration & Visas");
    await expect(page.getByTestId("validation-errors")).toContainText("Visa type");
  });

  test("a second move hub on a stage is refused until the admin proceeds anyway", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Destination Orientation");
    await page.getByTestId("service-1-ORIENTATION").getByLabel("Move hub service for this move stage").check();
    await expect(page.getByTestId("service-1-ORIENTATION").getByLabel("Move hub service for this move stage")).toBeChecked();

    await addService(page, "Relocation", "Settling-in Services");
    const second = page.getByTestId("service-1-SETTLINGIN");
    await second.getByLabel("Move hub service for this move stage").click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Only one service per move stage may be the move hub.");
    await expect(second.getByLabel("Move hub service for this move stage")).not.toBeChecked();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Proceed anyway" }).click();
    await expect(second.getByLabel("Move hub service for this move stage")).toBeChecked();
    await expect(page.getByTestId("service-1-ORIENTATION").getByLabel("Move hub service for this move stage")).not.toBeChecked();
  });

  test("rates upload: enabled once a file is chosen, success and failure messages, rates shown", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Temporary Accommodation");
    const service = page.getByTestId("service-1-TEMPACCOMMODATION");
    // Type 2 hides the budget group; type 1 (cash flex) shows it.
    await expect(service.getByLabel("Budget group", { exact: true })).toHaveCount(0);
    await service.getByLabel("Policy type").selectOption("1");
    await expect(service.getByLabel("Budget type")).toHaveValue("CCY");
    // Words only: no internal codes beside them.
    await expect(service.getByLabel("Budget type").locator("option:checked")).toHaveText("Currency");
    expect((await service.getByLabel("Budget type").locator("option").allTextContents()).join(" ")).not.toMatch(/\((CCY|BEN)\)/);
    await expect(service.getByLabel("Budget type")).toBeDisabled();
    await service.getByLabel("Budget group", { exact: true }).selectOption("2");
    const group = service.getByTestId("budget-group-1-2");

    const upload = group.getByRole("button", { name: "Upload rates" });
    await expect(upload).toBeDisabled();
    await group.getByLabel("Rates file").setInputFiles({
      name: "rates.csv",
      mimeType: "text/csv",
      buffer: Buffer.from("Country code,City,Description,Currency,Amount,Frequency\nDE,Berlin,Hotel night,EUR,\"1,250.50\",DAILY\n"),
    });
    await expect(upload).toBeEnabled();
    await upload.click();
    await expect(group.getByRole("status")).toContainText("File upload: success.");
    await expect(upload).toBeDisabled();

    await group.getByRole("button", { name: "View rates" }).click();
    const dialog = page.getByRole("dialog", { name: "Rates" });
    await expect(dialog.getByRole("row", { name: /Berlin/ })).toContainText("EUR 1,250.50");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Close" }).click();

    await group.getByLabel("Rates file").setInputFiles({ name: "rates.csv", mimeType: "text/csv", buffer: Buffer.from("Wrong,Header\n") });
    await upload.click();
    await expect(group.getByRole("alert")).toContainText("File upload: failure.");
  });

  test("unsaved notes ask before leaving the page", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Destination Orientation");
    const notes = page.getByTestId("service-1-ORIENTATION").getByLabel("Notes");
    await notes.fill("Half a day is enough.");

    await page.getByRole("link", { name: "Next" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Stay on page" }).click();
    await expect(page).toHaveURL(/\/policy\/details\?/);

    // Saved on blur: nothing is pending any more and the link goes straight on.
    await notes.blur();
    await expect(page.getByTestId("unsaved-count")).toHaveText("0");
    await page.getByRole("link", { name: "Next" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Policy popup" })).toBeVisible();
  });

  test("a released version is shown read-only", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    const search = await page.request.get(`/trpc/policy.policies.search?input=${encodeURIComponent(JSON.stringify({ group: "acme" }))}`);
    const policies = ((await search.json()) as { result: { data: { policies: { id: number; releasedVersionId: number | null }[] } } }).result.data.policies;
    const released = policies.find((p) => p.releasedVersionId != null);
    // The demo seed releases every acme policy: one must be there.
    expect(released, "a released acme demo policy").toBeDefined();
    await page.goto(`/policy/details?policyId=${released!.id}&editDraft=false`);
    await expect(page.getByText("Read only")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add service" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("stage 1 is copied to stage 2 and a service is removed after confirming", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
    await addService(page, "Relocation", "Cultural Training");

    await page.getByRole("button", { name: /^Ongoing/ }).click();
    const ongoing = page.getByTestId("stage-2");
    await expect(ongoing).toContainText("No services on this move stage yet.");
    await ongoing.getByRole("button", { name: "Copy services from Relocation" }).click();
    await page.getByRole("alertdialog", { name: "Copy Relocation to Ongoing?" }).getByRole("button", { name: "Copy services" }).click();
    await expect(ongoing.getByTestId("service-2-CULTURALTRAINING")).toBeVisible();

    await ongoing.getByRole("button", { name: /Cultural Training/ }).click();
    await ongoing.getByTestId("service-2-CULTURALTRAINING").getByRole("button", { name: "Remove service" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Cultural Training?" });
    await expect(dialog).toContainText("Cultural Training is removed from Ongoing");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Remove service" }).click();
    await expect(ongoing.getByTestId("service-2-CULTURALTRAINING")).toHaveCount(0);
    await expect(page.getByTestId("service-1-CULTURALTRAINING")).toBeVisible();
  });
});
