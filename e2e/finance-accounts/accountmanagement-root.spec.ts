import { demo, expect, test } from "../fixtures.ts";

/** Part 2 §2 "Account management under /accountmanagement/" (issue 23 item 22): the root opens the accounts page; other roles are refused it. */
test("/accountmanagement/ opens the accounts page", async ({ page, loginAs }) => {
  await loginAs(demo.finance);
  const res = await page.goto("/accountmanagement/");
  expect(res?.status()).toBe(200);
  await expect(page).toHaveURL(/\/finance\/accounts$/);
  await expect(page.getByRole("heading", { level: 1, name: "Accounts" })).toBeVisible();
});

test("/accountmanagement/ is refused to an employee", async ({ page, loginAs }) => {
  await loginAs(demo.acmeEmployee);
  const res = await page.goto("/accountmanagement/");
  expect(res?.status()).toBe(403);
});
