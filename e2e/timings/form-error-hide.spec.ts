import { expect, expectAccessible, test } from "../fixtures.ts";

/** Part 2 §9 "Form error helper hides after 10 s" (FORM_ERROR_HIDE_MS, src/web/lib/timeouts.ts); the field's own error stays. */
test("the form error helper hides after 10 s; the field error stays", async ({ page }) => {
  await page.clock.install();
  await page.goto("/user/set-new-password?token=whatever");
  await page.getByLabel("New password", { exact: true }).fill("weak");
  await page.getByLabel("Confirm new password").fill("weak");
  await page.getByRole("button", { name: "Set new password" }).click();
  const helper = page.getByTestId("set-password-error");
  await expect(helper).toHaveText("There are errors on the form. Please fix them before continuing or contact customer support.");
  // The installed clock still flows with real time until it is paused: pause it now, so a slow machine's
  // real seconds do not count towards the 10 s.
  const shownBy = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(shownBy + 10);
  await page.clock.runFor(8_000);
  await expect(helper).toBeVisible();
  await page.clock.runFor(2_500);
  await expect(helper).toHaveCount(0);
  await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // A second failed submit shows it again, for another 10 s.
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(helper).toBeVisible();
  // axe waits on timers of its own: the clock runs again for the scan.
  await page.clock.resume();
  await expectAccessible(page);
});
