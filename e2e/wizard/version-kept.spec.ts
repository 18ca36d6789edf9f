import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, fillAssignment, fillStage2, uniqueEmail } from "./wizard-helpers.ts";

/**
 * A draft keeps the policy version it started on (issue 13, item 1): after an admin releases a newer
 * version of the move's policy, resuming the draft at stage 3 from its link works and shows the
 * services of the version the move started on. The policy is a fresh clone of Global Long-Term
 * Assignment (unique name), so releasing a version of it leaves the demo policies as they are.
 */

/** POSTs a tRPC mutation as the signed-in user and returns its data. */
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

test.describe("wizard: a move keeps its policy version", () => {
  test("a draft resumed at stage 3 after a newer release shows the version it started on", async ({ page, loginAs, baseURL }) => {
    test.setTimeout(120_000);
    // The admin clones the demo policy into acme and releases its version 1.
    await loginAs(demo.admin);
    const choices = await query<{ policies: { policyId: number; name: string }[] }>(page, "wizard.policySelectForm", { group: "acme" });
    const source = choices.policies.find((p) => p.name === "Global Long-Term Assignment")!;
    const name = `E2E kept ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const clone = await mutate<{ id: number; policyVersionId: number }>(page, baseURL, "policy.policies.clone", { policyId: source.policyId, customerName: "acme", name });
    const v1 = clone.policyVersionId;
    expect((await mutate<{ success: boolean }>(page, baseURL, "policy.policies.complete", { policyVersionId: v1, ignoreMandatory: true })).success).toBe(true);

    // HR starts a move on it and reaches stage 3.
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, name);
    await fillStage2(page, { firstName: "Vera", lastName: "Version", email: uniqueEmail("kept", "acme.test") });
    await fillAssignment(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/stage=3/);
    await expect(page.getByTestId("available-services").getByRole("button", { name: "Add Cultural Training" })).toBeVisible();
    const url = new URL(page.url());
    const employeeId = url.searchParams.get("employeeId")!;
    const moveId = url.searchParams.get("moveId")!;
    expect(url.searchParams.get("policy")).toBe(String(v1));

    // The admin releases version 2 without Cultural Training.
    await loginAs(demo.admin);
    const v2 = (await mutate<{ versionId: number }>(page, baseURL, "policy.policies.createVersion", { policyId: clone.id })).versionId;
    await mutate(page, baseURL, "policy.services.remove", { policyVersionId: v2, moveStage: 1, serviceKey: "CULTURALTRAINING" });
    expect((await mutate<{ success: boolean }>(page, baseURL, "policy.policies.complete", { policyVersionId: v2, ignoreMandatory: true })).success).toBe(true);

    // HR resumes the draft from its link: stage 3 works on version 1.
    await loginAs(demo.acmeHr);
    await page.goto(`/acme/new-move?stage=3&policy=${v1}&employeeId=${employeeId}&moveId=${moveId}&resume=true`);
    await expect(page.getByRole("heading", { name: "Policy overrides" })).toBeVisible();
    await expect(page.getByTestId("included-services").first()).toBeVisible();
    await expect(page.getByTestId("available-services").getByRole("button", { name: "Add Cultural Training" })).toBeVisible();
    await expect(page.getByText("The chosen policy is not available for this group.")).toHaveCount(0);
    await expectAccessible(page);

    // Stage 1 of the resumed draft shows its policy chosen (version 1), and stage 2 opens on it.
    await page.goto(`/acme/new-move?stage=1&employeeId=${employeeId}&moveId=${moveId}&resume=true`);
    await expect(page.getByRole("radio", { name: new RegExp(`^${name}`) })).toBeChecked();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(new RegExp(`stage=2.*policy=${v1}|policy=${v1}.*stage=2`));
    await expect(page.getByRole("heading", { name: "Employee and move details" })).toBeVisible();
    await expect(page.getByText("The chosen policy is not available for this group.")).toHaveCount(0);
  });
});
