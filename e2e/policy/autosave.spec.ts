import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Issue 13 item 2: the policy details autosave keeps every value typed at a person's speed over a
 * slow network (saves of one record in order, the latest last, focus kept), shows "Saving…" /
 * "Saved", and a failed save shows the error with a Retry that saves.
 */

/** A new acme policy (its draft version 1) with a unique name, through the API. */
async function createPolicy(page: Page, baseURL: string | undefined): Promise<number> {
  const name = `E2E autosave ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post("/trpc/policy.policies.create", {
    data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", moveStagesCount: 2 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { policyId: number } } }).result.data.policyId;
}

/** Opens the draft's details with Temporary Accommodation in budget group 1 of Relocation. */
async function openBudgetGroup(page: Page, policyId: number) {
  await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
  await page.getByLabel("Add a service to Relocation").selectOption({ label: "Temporary Accommodation" });
  await page.getByRole("button", { name: "Add service" }).first().click();
  const service = page.getByTestId("service-1-TEMPACCOMMODATION");
  await service.getByLabel("Policy type").selectOption("3");
  await expect(service.getByRole("group", { name: /Temporary housing duration/ })).toBeVisible();
  await service.getByLabel("Budget group", { exact: true }).selectOption("1");
  const group = service.getByTestId("budget-group-1-1");
  await expect(group).toBeVisible();
  return group;
}

const BUDGET_SAVES = /\/trpc\/[^?]*policy\.services\.(addBudget|updateBudget)/;

test.describe("policy details autosave", () => {
  test("Amount, Minimum and Maximum typed at a person's speed over 400 ms latency are all saved", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    const group = await openBudgetGroup(page, policyId);

    const sent: string[] = [];
    await page.route(BUDGET_SAVES, async (route) => {
      sent.push(route.request().url());
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    await group.getByRole("button", { name: "Add budget" }).click();
    await group.getByLabel("Currency, new budget").selectOption("USD");
    const amount = group.getByLabel(/^Amount, (new budget|budget 1)$/);
    const min = group.getByLabel(/^Minimum, (new budget|budget 1)$/);
    const max = group.getByLabel(/^Maximum, (new budget|budget 1)$/);
    // The budget row's own status (the group's settings have theirs above the table).
    const status = group.getByRole("row").filter({ has: page.getByLabel(/^Amount, /) }).getByTestId("autosave-status");

    await amount.click();
    await page.keyboard.type("5000", { delay: 80 });
    await page.keyboard.press("Tab");
    await expect(status).toHaveText("Saving…");
    await expect(min).toBeFocused();
    await page.keyboard.type("1000", { delay: 80 });
    // The answer for the amount arrived meanwhile: the minimum keeps its text and its focus.
    await expect(min).toBeFocused();
    await expect(min).toHaveValue("1000");
    await page.keyboard.press("Tab");
    await expect(max).toBeFocused();
    await page.keyboard.type("9000", { delay: 80 });
    await expect(max).toBeFocused();
    await expect(max).toHaveValue("9000");
    await expect(min).toHaveValue(/^1,?000/);
    await page.keyboard.press("Tab");

    await expect(status).toHaveText("Saved", { timeout: 10_000 });
    await expect(amount).toHaveValue(/^5,?000/);
    await expect(min).toHaveValue(/^1,?000/);
    await expect(max).toHaveValue(/^9,?000/);
    // One create, then updates, each after the previous answer (never two in flight).
    expect(sent[0]).toContain("addBudget");
    expect(sent.slice(1).every((url) => url.includes("updateBudget"))).toBe(true);
    await expectAccessible(page);

    await page.unroute(BUDGET_SAVES);
    await page.reload();
    await page.getByRole("button", { name: /Temporary Accommodation/ }).click();
    const reloaded = page.getByTestId("budget-group-1-1");
    await expect(reloaded.getByLabel("Amount, budget 1")).toHaveValue(/^5,?000/);
    await expect(reloaded.getByLabel("Minimum, budget 1")).toHaveValue(/^1,?000/);
    await expect(reloaded.getByLabel("Maximum, budget 1")).toHaveValue(/^9,?000/);
  });

  test("a failed save shows the error and a Retry button that saves the value", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    const group = await openBudgetGroup(page, policyId);
    await group.getByRole("button", { name: "Add budget" }).click();
    await group.getByLabel("Currency, new budget").selectOption("EUR");
    await group.getByLabel("Amount, new budget").fill("2000");
    await group.getByLabel("Amount, new budget").blur();
    // The budget row's own status (the group's settings have theirs above the table).
    const status = group.getByRole("row").filter({ has: page.getByLabel(/^Amount, /) }).getByTestId("autosave-status");
    await expect(status).toHaveText("Saved");
    await expect(group.getByLabel("Amount, budget 1")).toHaveValue(/^2,?000/);

    let failures = 0;
    await page.route(BUDGET_SAVES, async (route) => {
      if (failures === 0) {
        failures += 1;
        await new Promise((resolve) => setTimeout(resolve, 400));
        await route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 400));
      await route.continue();
    });

    const min = group.getByLabel("Minimum, budget 1");
    await min.click();
    await page.keyboard.type("150", { delay: 80 });
    await page.keyboard.press("Tab");
    await expect(status).toHaveText("Saving…");
    const retry = status.getByRole("button", { name: "Retry" });
    await expect(retry).toBeVisible();
    await expect(group.getByTestId("autosave-error")).toBeVisible();
    // The typed value stays while the save is retried.
    await expect(min).toHaveValue("150");
    await expectAccessible(page);

    await retry.click();
    await expect(status).toHaveText("Saved", { timeout: 10_000 });
    expect(failures).toBe(1);

    await page.unroute(BUDGET_SAVES);
    await page.reload();
    await page.getByRole("button", { name: /Temporary Accommodation/ }).click();
    await expect(page.getByTestId("budget-group-1-1").getByLabel("Minimum, budget 1")).toHaveValue(/^150/);
  });
});
