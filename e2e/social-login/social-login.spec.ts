import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Social sign-in (issue 23 item 18) in the browser, through the OpenID Connect provider that
 * playwright.config.ts starts (e2e/social-login/provider-server.ts) and names in SOCIAL_PROVIDERS as
 * "Test ID" for acme. The provider's own page asks for an e-mail address and vouches for it.
 */
const IDP = /^http:\/\/127\.0\.0\.1:\d+\/interaction\//;

for (const width of [1366, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width > 900 ? 900 : 844 } });

    test("an acme employee continues with Test ID from the password step and lands on their home page", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email address").fill(demo.acmeEmployee);
      await page.getByRole("button", { name: "Continue", exact: true }).click();

      // The password step, with the provider the answer allows beside it.
      await expect(page.getByLabel("Password")).toBeVisible();
      const social = page.getByRole("button", { name: "Continue with Test ID" });
      await expect(social).toBeVisible();
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await social.click();
      await expect(page).toHaveURL(IDP);
      await expect(page.getByLabel("Company e-mail")).toHaveValue(demo.acmeEmployee);
      await page.getByRole("button", { name: "Sign in with the test provider" }).click();

      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
      const me = await page.request.get("/trpc/auth.me");
      expect((await me.json()).result.data).toMatchObject({ email: demo.acmeEmployee, group: { name: "acme" } });
      await expectAccessible(page);
    });

    test("a provider account that is not theirs comes back to the form with the reason", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Email address").fill(demo.acmeEmployee);
      await page.getByRole("button", { name: "Continue", exact: true }).click();
      await page.getByRole("button", { name: "Continue with Test ID" }).click();
      await expect(page).toHaveURL(IDP);
      await page.getByLabel("Company e-mail").fill("stranger@acme.test");
      await page.getByRole("button", { name: "Sign in with the test provider" }).click();

      await expect(page).toHaveURL("/login?socialError=refused");
      await expect(page.getByTestId("login-error")).toHaveText(
        "That account cannot sign in to Meridian. Please sign in with the account that uses your Meridian e-mail address, or with your password.",
      );
      await expect(page.getByLabel("Email address")).toBeVisible();
      expect((await (await page.request.get("/trpc/auth.me")).json()).result.data).toBeNull();
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    });
  });
}

test("managers are not offered social sign-in (part 2 §6)", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill(demo.acmeManager);
  await page.getByRole("button", { name: "Continue", exact: true }).click();
  await expect(page.getByLabel("Password")).toBeVisible();
  await expect(page.getByRole("button", { name: "Continue with Test ID" })).toHaveCount(0);
});

test("an unknown failure text in the address shows the spec's generic login error", async ({ page }) => {
  await page.goto("/login?socialError=whatever");
  await expect(page.getByTestId("login-error")).toHaveText("Error!. Please contact our customer support.");
});
