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
  await expectAccessible(page);
  await page.clock.runFor(9_000);
  await expect(helper).toBeVisible();
  await page.clock.runFor(1_500);
  await expect(helper).toHaveCount(0);
  await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
  // A second failed submit shows it again, for another 10 s.
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(helper).toBeVisible();
});
