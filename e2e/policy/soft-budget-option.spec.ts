import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, fillAssignment, fillStage2, uniqueEmail } from "../wizard/wizard-helpers.ts";

/**
 * The soft budget's outside-range option (issue 23 item 20; part 1 §5 "Budget edit": "for soft type S
 * with the outside-range option enabled the warning "Warning: Budget is going to be outside the range
 * provided." needs confirmation; otherwise "Error: Budget is outside the range provided.""). An admin
 * turns the option off in the policy editor, releases, and HR's stage 3 refuses an amount outside the
 * range; turned on in the next version, the same amount asks for confirmation and is stored.
 * The policy is a fresh clone of Global Long-Term Assignment (On Assignment, budget group 2: USD
 * 36,000–60,000, Host Housing Allowance), made soft in the editor, so the demo policies stay as they are.
 */

async function mutate<T>(page: Page, baseURL: string | undefined, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/trpc/${path}`, { data, headers: { Origin: baseURL ?? "" } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

async function query<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** Opens the draft's On Assignment stage and its Host Housing Allowance service; returns budget group 2's panel. */
async function openHousingGroup(page: Page, policyId: number) {
  await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
  await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();
  const stage = page.getByTestId("stage-2");
  if ((await stage.getAttribute("data-state")) !== "open") await stage.getByRole("button").first().click();
  const service = page.getByTestId("service-2-HOUSINGALLOWANCE");
  await service.getByRole("button", { name: /Host Housing Allowance/ }).first().click();
  const group = service.getByTestId("budget-group-2-2");
  await expect(group).toBeVisible();
  return group;
}

/** The option's checkbox, and a wait for its autosave. */
async function setOption(page: Page, group: ReturnType<Page["getByTestId"]>, on: boolean) {
  const type = group.getByTestId("budget-group-type");
  const option = group.getByRole("checkbox", { name: /Allow amounts outside the range/ });
  if ((await type.inputValue()) !== "S") {
    // The option belongs to soft budgets: it shows once the type is S, off for a new soft budget.
    await expect(option).toHaveCount(0);
    const saved = page.waitForResponse((r) => r.url().includes("policy.services.updateBudgetGroup") && r.request().method() === "POST");
    await type.selectOption("S");
    expect((await saved).status()).toBe(200);
  }
  await expect(type).toHaveValue("S");
  await expect(option).toBeVisible();
  if ((await option.getAttribute("aria-checked")) !== String(on)) {
    const saved = page.waitForResponse((r) => r.url().includes("policy.services.updateBudgetGroup") && r.request().method() === "POST");
    // Keyboard: focus and Space, as a keyboard user would.
    await option.focus();
    await page.keyboard.press("Space");
    expect((await saved).status()).toBe(200);
  }
  await expect(option).toHaveAttribute("aria-checked", String(on));
}

/** HR starts a move on the policy and sends USD 70,000 for the On Assignment housing budget (group 2). */
async function stage3WithHousingBudget(page: Page, policyName: string, last: string) {
  await page.goto("/acme/new-move");
  await choosePolicy(page, policyName);
  await fillStage2(page, { firstName: "Sofia", lastName: last, email: uniqueEmail("softopt", "acme.test") });
  await fillAssignment(page);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/stage=3/);
  await expect(page.getByRole("heading", { name: "Policy overrides" })).toBeVisible();
  await page.getByRole("tab").nth(1).click();
  const budget = page.getByLabel("Budget amount (group 2)");
  await budget.fill("70000");
  await page.getByRole("button", { name: /^Next/ }).click();
}

test.describe("policy editor: a soft budget's outside-range option", () => {
  test("off: stage 3 refuses an amount outside the range; on (next version): it asks, and Continue stores it", async ({ page, loginAs, baseURL }) => {
    test.setTimeout(180_000);
    await loginAs(demo.admin);
    const choices = await query<{ policies: { policyId: number; name: string }[] }>(page, "wizard.policySelectForm", { group: "acme" });
    const source = choices.policies.find((p) => p.name === "Global Long-Term Assignment")!;
    const name = `E2E soft option ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const clone = await mutate<{ id: number; policyVersionId: number }>(page, baseURL, "policy.policies.clone", { policyId: source.policyId, customerName: "acme", name });

    // The admin makes the budget soft on the draft, with the option off; it stays so after a reload.
    let group = await openHousingGroup(page, clone.id);
    await setOption(page, group, false);
    await expectAccessible(page);
    group = await openHousingGroup(page, clone.id);
    await expect(group.getByRole("checkbox", { name: /Allow amounts outside the range/ })).toHaveAttribute("aria-checked", "false");
    expect((await mutate<{ success: boolean }>(page, baseURL, "policy.policies.complete", { policyVersionId: clone.policyVersionId, ignoreMandatory: true })).success).toBe(true);

    // HR: outside the range on a soft budget without the option is the error, no confirmation.
    await loginAs(demo.acmeHr);
    await stage3WithHousingBudget(page, name, `Off${Date.now()}`);
    await expect(page.getByTestId("overrides-message")).toHaveText("Error: Budget is outside the range provided.");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await expect(page).toHaveURL(/stage=3/);

    // The admin turns it on in version 2 and releases it.
    await loginAs(demo.admin);
    const v2 = (await mutate<{ versionId: number }>(page, baseURL, "policy.policies.createVersion", { policyId: clone.id })).versionId;
    group = await openHousingGroup(page, clone.id);
    await setOption(page, group, true);
    expect((await mutate<{ success: boolean }>(page, baseURL, "policy.policies.complete", { policyVersionId: v2, ignoreMandatory: true })).success).toBe(true);

    // HR: the same amount now asks; Continue stores it and goes on.
    await loginAs(demo.acmeHr);
    await stage3WithHousingBudget(page, name, `On${Date.now()}`);
    const dialog = page.getByRole("alertdialog", { name: "Budget will be outside the range provided" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Warning: Budget is going to be outside the range provided.");
    await expect(page.getByText("Error: Budget is outside the range provided.")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await expect(page).not.toHaveURL(/stage=3/);
  });
});
