import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * part 2 §8: "A 504 when removing a service is treated as a connection error; otherwise the server
 * errorMessage shows." and "A connection error with a finished request reloads the page."
 * (src/web/lib/connection-error.ts)
 */

/** A new two-stage acme policy (its draft version 1) with a unique name, through the API. */
async function createPolicy(page: Page, baseURL: string | undefined): Promise<number> {
  const name = `E2E connection ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post("/trpc/policy.policies.create", {
    data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", moveStagesCount: 2 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { policyId: number } } }).result.data.policyId;
}

/** The details page of a new policy with Temporary Accommodation on the Relocation stage, its section open. */
async function policyWithService(page: Page, baseURL: string | undefined) {
  const policyId = await createPolicy(page, baseURL);
  await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
  await page.getByLabel("Add a service to Relocation").selectOption({ label: "Temporary Accommodation" });
  await page.getByRole("button", { name: "Add service" }).first().click();
  const service = page.getByTestId("service-1-TEMPACCOMMODATION");
  await expect(service.getByLabel("Policy type")).toBeVisible();
  return service;
}

/** Marks this document, so a reload (a new document) can be told apart. */
const markDocument = (page: Page) => page.evaluate(() => ((window as unknown as { e2eMark: number }).e2eMark = 1));
const documentMarked = (page: Page) => page.evaluate(() => (window as unknown as { e2eMark?: number }).e2eMark === 1);

test.describe("connection errors on the policy details page", () => {
  test("a 504 on removing a service shows the connection text and reloads the page", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const service = await policyWithService(page, baseURL);
    let removals = 0;
    await page.route("**/trpc/policy.services.remove**", (route) => {
      removals++;
      return route.fulfill({ status: 504, contentType: "text/html", body: "<html><body>504 Gateway Time-out</body></html>" });
    });
    await markDocument(page);
    await service.getByRole("button", { name: "Remove service" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Remove Temporary Accommodation?" });
    await dialog.getByRole("button", { name: "Remove service" }).click();

    const alert = service.getByRole("alert").filter({ hasText: "Error removing the service." });
    await expect(alert).toBeVisible();
    await expect(alert).toContainText("The connection to the product was lost. The page reloads in a moment.");
    await expect(alert.getByRole("button", { name: "Reload now" })).toBeVisible();
    expect(removals).toBe(1);
    // (axe checks the alert in the last test: this page reloads itself 2 s after it shows.)

    // The page reloads by itself (a new document), and the service is still there: the removal never arrived.
    await expect.poll(() => documentMarked(page).catch(() => false), { timeout: 10_000 }).toBe(false);
    await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();
    await expect(page.getByTestId("service-1-TEMPACCOMMODATION")).toBeVisible();
  });

  test("Reload now reloads at once", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const service = await policyWithService(page, baseURL);
    await page.route("**/trpc/policy.services.remove**", (route) => route.fulfill({ status: 503, body: "" }));
    await markDocument(page);
    await service.getByRole("button", { name: "Remove service" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove service" }).click();
    const reload = page.waitForEvent("load");
    await service.getByRole("button", { name: "Reload now" }).click();
    await reload;
    expect(await documentMarked(page)).toBe(false);
  });

  test("an error the server answered shows its message and does not reload", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const service = await policyWithService(page, baseURL);
    await page.route("**/trpc/policy.services.remove**", (route) =>
      route.fulfill({
        status: 400,
        contentType: "application/json",
        body: JSON.stringify([{ error: { message: "This service cannot be removed now.", code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } }]),
      }),
    );
    await markDocument(page);
    await service.getByRole("button", { name: "Remove service" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Remove service" }).click();
    await expect(service.getByRole("alert").filter({ hasText: "This service cannot be removed now." })).toBeVisible();
    await expect(service.getByTestId("connection-reload")).toHaveCount(0);
    await expectAccessible(page);
    // Past the reload delay, still the same document.
    await page.waitForTimeout(2_500);
    expect(await documentMarked(page)).toBe(true);
  });
});
