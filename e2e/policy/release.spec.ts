import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

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

/** A view-only service on a stage of a draft (valid to release as it is). */
async function addViewOnly(page: Page, baseURL: string | undefined, policyVersionId: number, serviceKey: string) {
  await mutate(page, baseURL, "policy.services.add", { policyVersionId, moveStage: 1, serviceKey });
  await mutate(page, baseURL, "policy.services.update", { policyVersionId, moveStage: 1, serviceKey, servicePolicyType: 4 });
}

/**
 * Releasing a policy version (issue 13 item 3): "Confirm and release" asks first, Cancel changes
 * nothing, Release says which version was released on the setup page, whose versions list compares
 * two versions. Each test makes its own one-stage policy with version 1 released and a version 2 draft.
 */
test.describe("policy release and versions", () => {
  test("release asks first, Cancel changes nothing, Release says so; compare lists what changed", async ({ page, loginAs, baseURL }) => {
    test.setTimeout(60_000);
    await loginAs(demo.admin);
    const name = `E2E Release ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const created = await mutate<{ policyId: number; policyVersionId: number }>(page, baseURL, "policy.policies.create", {
      group: "acme",
      name,
      moveType: "INTERNATIONAL",
      archetype: "LONG_TERM_ASSIGNMENT",
      moveStagesCount: 1,
    });
    const policyId = created.policyId;
    await addViewOnly(page, baseURL, created.policyVersionId, "ORIENTATION");
    expect((await mutate<{ success: boolean }>(page, baseURL, "policy.policies.complete", { policyVersionId: created.policyVersionId })).success).toBe(true);
    const v2 = (await mutate<{ versionId: number }>(page, baseURL, "policy.policies.createVersion", { policyId })).versionId;
    await addViewOnly(page, baseURL, v2, "CULTURALTRAINING");

    await page.goto(`/policy/confirm?policyId=${policyId}&versionId=${v2}`);
    await expect(page.getByTestId("confirm-validation")).toHaveText("No errors: this version is ready to be released.");

    // Asks first, saying what will happen.
    await page.getByRole("button", { name: "Confirm and release" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Release version 2 of ${name}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`Version 2 of ${name} becomes the released version`);
    await expect(dialog).toContainText("keep the version they started on");
    // …and what changes against version 1, the one new moves use now.
    await expect(dialog.getByTestId("release-changes")).toContainText("What changes from version 1, the one new moves use now:");
    await expect(dialog.getByTestId("version-changes").getByRole("listitem")).toHaveText(["Relocation: service Cultural Training added (View only (third party))."]);
    await expectAccessible(page);

    // Cancel: nothing released, the page stays.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/policy\/confirm\?/);
    const still = await query<{ draftVersionId: number | null }>(page, "policy.policies.get", { policyId });
    expect(still.draftVersionId).toBe(v2);

    // Release: the setup page says which version was released and lists the versions.
    await page.getByRole("button", { name: "Confirm and release" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Release", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/policy/setup\\?policyId=${policyId}&editDraft=false&released=2$`));
    const notice = page.getByRole("status").filter({ hasText: "is released" });
    await expect(notice).toHaveText(`Version 2 of ${name} is released. New moves start on it; moves already under way keep the version they started on.`);
    const versions = page.getByTestId("policy-versions");
    // Which released version new moves use is plain: version 2; version 1 was released earlier.
    await expect(versions.getByTestId("policy-version-2")).toContainText("In use for new moves");
    await expect(versions.getByTestId("policy-version-1")).toContainText("Released earlier");
    await expect(versions.getByTestId("policy-version-1")).not.toContainText("In use for new moves");
    // Dates read for the reader, not as ISO text.
    await expect(versions).not.toContainText(/\d{4}-\d{2}-\d{2}/);
    await expect(versions.getByTestId("policy-version-2")).toContainText(/\d{4}/);
    expect((await query<{ draftVersionId: number | null }>(page, "policy.policies.get", { policyId })).draftVersionId).toBeNull();
    await expectAccessible(page);

    // Compare version 1 and version 2: the service added in version 2.
    await versions.getByRole("button", { name: "Compare version 2 with version 1" }).click();
    const compare = page.getByRole("dialog", { name: "Changes from version 1 to version 2" });
    await expect(compare).toBeVisible();
    await expect(compare.getByTestId("version-changes").getByRole("listitem")).toHaveText(["Relocation: service Cultural Training added (View only (third party))."]);
    await expectAccessible(page);
    await compare.getByRole("button", { name: "Close" }).click();
    await expect(compare).toBeHidden();

    // The versions list fits a phone (its table scrolls inside its own box).
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(versions).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
