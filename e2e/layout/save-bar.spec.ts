import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "./overflow.ts";

/**
 * part 1 §9 "Save bar sticks after 240 px scroll", part 2 §9 "Save bar sticks after scrolling
 * 240 px": the pages with a save bar (src/web/components/save-bar.tsx) keep it in place up to 240 px
 * of scrolling and stuck in view past it.
 */

/** A new acme policy (draft version 1) with a unique name, through the API. */
async function createPolicy(page: Page, baseURL: string | undefined): Promise<number> {
  const name = `E2E save bar ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const response = await page.request.post("/trpc/policy.policies.create", {
    data: { group: "acme", name, moveType: "INTERNATIONAL", archetype: "LONG_TERM_ASSIGNMENT", moveStagesCount: 2 },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { result: { data: { policyId: number } } }).result.data.policyId;
}

/** Scrolls the window to `y` and waits until the page has seen the scroll. */
async function scrollTo(page: Page, y: number): Promise<void> {
  await page.evaluate((top) => window.scrollTo({ top, behavior: "instant" }), y);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
}

/** The save bar stays in the window's view (its whole box inside the viewport). */
async function expectInView(page: Page): Promise<void> {
  const box = await page.getByTestId("save-bar").boundingBox();
  const viewport = page.viewportSize()!;
  expect(box).not.toBeNull();
  expect(box!.y).toBeGreaterThanOrEqual(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(viewport.height + 1);
  expect(box!.width).toBeLessThanOrEqual(viewport.width + 1);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`policy setup at ${size.width} px: the save bar is in place at 239 px and sticks at 241 px`, async ({ page, loginAs, baseURL }) => {
    await page.setViewportSize(size);
    await loginAs(demo.admin);
    const policyId = await createPolicy(page, baseURL);
    await page.goto(`/policy/setup?policyId=${policyId}&editDraft=true`);
    const bar = page.getByTestId("save-bar");
    await expect(bar).toContainText("Version 1");
    await expect(bar).toHaveAttribute("data-stuck", "false");
    // The page is long enough to scroll past the threshold.
    await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), { timeout: 15_000 }).toBeGreaterThan(300);

    await scrollTo(page, 239);
    await expect(bar).toHaveAttribute("data-stuck", "false");
    await scrollTo(page, 241);
    await expect(bar).toHaveAttribute("data-stuck", "true");
    await expectInView(page);
    // Stuck, the bar still shows the save state and fits the width.
    await expect(bar.getByTestId("setup-save-state")).toBeAttached();
    expect((await overflowing(page)).offenders).toEqual([]);

    // At the very end of the page it stays in view and hides none of the page's content.
    await scrollTo(page, await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight));
    await expectInView(page);
    const barTop = (await bar.boundingBox())!.y;
    const contentBottom = await page.evaluate(() => document.querySelector("footer")!.getBoundingClientRect().bottom);
    expect(contentBottom).toBeLessThanOrEqual(barTop + 1);
    // Back above the threshold it returns to its place.
    await scrollTo(page, 200);
    await expect(bar).toHaveAttribute("data-stuck", "false");
    await expectAccessible(page);
  });
}

test("form builder: the save actions stick past 240 px and still save", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.admin);
  await page.goto("/admin/form-builder?group=acme");
  const bar = page.getByTestId("save-bar");
  await expect(bar.getByRole("button", { name: "Save form" })).toBeVisible();
  // The form's sections load after the bar: wait until the page is long enough to scroll past the threshold.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight), { timeout: 15_000 }).toBeGreaterThan(300);

  await scrollTo(page, 239);
  await expect(bar).toHaveAttribute("data-stuck", "false");
  await scrollTo(page, 241);
  await expect(bar).toHaveAttribute("data-stuck", "true");
  await expectInView(page);
  // The stuck bar's buttons are usable: Reset asks first (and is cancelled).
  await bar.getByRole("button", { name: "Reset" }).click();
  await expect(page.getByRole("alertdialog")).toBeVisible();
  await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toBeHidden();
  await expectAccessible(page);
});
