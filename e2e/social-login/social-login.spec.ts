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

    test("an employee links a service account with another address on the sign-in methods page, then unlinks it", async ({ page, loginAs, newMovingEmployee }) => {
      const { email } = await newMovingEmployee("acme");
      await loginAs(email);
      await page.goto("/user/sign-in-methods");
      await expect(page.getByRole("heading", { level: 1, name: "Sign-in methods" })).toBeVisible();
      const row = page.getByTestId("sign-in-method-testid");
      await expect(row).toContainText("Not linked");
      await expectAccessible(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      await row.getByRole("button", { name: "Link Test ID" }).click();
      await expect(page).toHaveURL(IDP);
      const privateAddress = email.replace("@acme.test", ".private@example.test");
      await page.getByLabel("Company e-mail").fill(privateAddress);
      await page.getByRole("button", { name: "Sign in with the test provider" }).click();

      await expect(page).toHaveURL("/user/sign-in-methods?linked=testid");
      await expect(page.getByTestId("sign-in-methods-notice")).toHaveText("The account is linked. You can now sign in with it.");
      await expect(row).toContainText(`Linked to ${privateAddress}`);
      await expectAccessible(page);

      await row.getByRole("button", { name: "Unlink Test ID" }).click();
      await expect(page.getByTestId("sign-in-methods-notice")).toHaveText("The account is unlinked.");
      await expect(row).toContainText("Not linked");
      await expectAccessible(page);
    });
  });
}

test("an employee of a group no provider serves is told no service is available", async ({ page, loginAs }) => {
  await loginAs(demo.globexEmployee);
  await page.goto("/user/sign-in-methods");
  // Globex is served by no provider: the page says so.
  await expect(page.getByRole("heading", { name: "No sign-in services are available for your account" })).toBeVisible();
  await expectAccessible(page);
});

test("managers cannot open the sign-in methods page", async ({ page, loginAs }) => {
  await loginAs(demo.acmeManager);
  const res = await page.goto("/user/sign-in-methods");
  expect(res?.status()).toBe(403);
});

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
