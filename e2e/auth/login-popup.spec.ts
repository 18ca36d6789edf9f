import type { Page } from "@playwright/test";
import { demo, DEMO_PASSWORD, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * part 2 §2 "Two login popup variants exist", §4 email login, §7 check-user and the popup forms'
 * answers (success, targetUrl, exception); part 1 §9 "Login or root page reloads after more than
 * 4 counted events" (a counted event: a failed sign-in answer).
 */

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

async function expectFits(page: Page) {
  const { scrollWidth, offenders } = await overflowing(page);
  const width = page.viewportSize()!.width;
  expect(offenders, offenders.join("\n")).toEqual([]);
  expect(scrollWidth).toBeLessThanOrEqual(width + 1);
}

const unknownAddress = () => `nobody-${Date.now()}-${Math.floor(Math.random() * 1e6)}@acme.test`;

test.describe("the sign-in popup on the public pages", () => {
  for (const viewport of VIEWPORTS) {
    test(`opens from the account recovery page, keyboard only, and fits at ${viewport.width} px`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto("/user/account-recovery");
      const open = page.getByRole("button", { name: "Sign in" });
      await open.focus();
      await page.keyboard.press("Enter");
      const dialog = page.getByRole("dialog", { name: "Sign in to Meridian" });
      await expect(dialog).toBeVisible();
      // Focus moves into the dialog, on the email field.
      await expect(dialog.getByLabel("Email address")).toBeFocused();
      await expectAccessible(page);
      await expectFits(page);
      // Escape closes it and gives the focus back to the button.
      await page.keyboard.press("Escape");
      await expect(dialog).toHaveCount(0);
      await expect(open).toBeFocused();
    });
  }

  test("email step, then password step: a wrong password shows the exception; the right one signs in", async ({ page }) => {
    await page.goto("/user/account-recovery");
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Meridian" });
    await dialog.getByLabel("Email address").fill("not-an-email");
    // The dialog may still be opening (its focus move and animation) when the first click lands: click until the check answers.
    await expect(async () => {
      await dialog.getByRole("button", { name: "Continue" }).click();
      await expect(dialog.getByText("Please enter a valid email address.")).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 10_000 });

    await dialog.getByLabel("Email address").fill(demo.globexHr);
    await page.keyboard.press("Enter");
    await expect(dialog.getByTestId("login-email-shown")).toHaveText(demo.globexHr);
    await expect(dialog.getByLabel("Password")).toBeFocused();
    await dialog.getByLabel("Password").fill("not-the-password");
    await page.keyboard.press("Enter");
    await expect(dialog.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    await expectAccessible(page);

    await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/globex/home");
    await expect(page.getByRole("heading", { level: 1, name: "Globex Inc" })).toBeVisible();
  });

  test("an SSO user is sent to the single sign-on URL from check-user", async ({ page }) => {
    await page.goto("/user/account-recovery");
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Meridian" });
    await dialog.getByLabel("Email address").fill("sso@initech.test");
    const ssoStart = page.waitForRequest((request) => request.url().includes("/sso/start?email=sso%40initech.test"));
    await dialog.getByRole("button", { name: "Continue" }).click();
    await ssoStart;
  });
});

test.describe("the session-ended popup over a signed-in page", () => {
  async function endSession(page: Page, baseURL: string) {
    await page.clock.install();
    const firstCheck = page.waitForResponse((response) => response.url().includes("auth.ping"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
    expect((await firstCheck).status()).toBe(200);
    // The session ends on the server (as the idle limit would end it).
    expect((await page.request.post("/logout", { headers: { Origin: baseURL } })).status()).toBe(200);
    await page.clock.runFor(61_000);
    const alert = page.getByRole("alertdialog", { name: "Session ended" });
    await expect(alert).toBeVisible();
    return alert;
  }

  for (const viewport of VIEWPORTS) {
    test(`the same person signs in again and stays on the page (${viewport.width} px)`, async ({ page, loginAs, baseURL }) => {
      await page.setViewportSize(viewport);
      await loginAs(demo.acmeEmployee);
      const alert = await endSession(page, baseURL!);
      await alert.getByRole("button", { name: "Sign in again" }).click();

      const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
      await expect(dialog).toBeVisible();
      await expect(dialog).toContainText("Your session has ended. Sign in again to carry on where you left off.");
      await expect(dialog.getByLabel("Email address")).toHaveValue(demo.acmeEmployee);
      await expect(dialog.getByLabel("Email address")).toBeFocused();
      await expectAccessible(page);
      await expectFits(page);

      await dialog.getByRole("button", { name: "Continue" }).click();
      await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
      const pinged = page.waitForResponse((response) => response.url().includes("auth.ping") && response.status() === 200);
      await dialog.getByRole("button", { name: "Sign in" }).click();
      await pinged;
      await expect(dialog).toHaveCount(0);
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      await expect(page).toHaveURL("/");
      await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
      expect((await page.request.get("/trpc/auth.ping")).status()).toBe(200);
    });
  }

  test("someone else signing in goes to their own start page; closing the popup goes to /", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.acmeEmployee);
    const alert = await endSession(page, baseURL!);
    await alert.getByRole("button", { name: "Sign in again" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.getByLabel("Email address").fill(demo.acmeHr);
    await dialog.getByRole("button", { name: "Continue" }).click();
    await dialog.getByLabel("Password").fill(DEMO_PASSWORD);
    await dialog.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/acme/home");
  });

  test("closing the popup without signing in goes to / (and on to sign-in)", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.acmeEmployee);
    const alert = await endSession(page, baseURL!);
    await alert.getByRole("button", { name: "Sign in again" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Close" }).click();
    await expect(page).toHaveURL(/\/login(\?redirect=%2F)?$/);
  });
});

test.describe("counted events: the page reloads after more than 4 failed sign-ins", () => {
  async function failPassword(page: Page, scope: ReturnType<Page["getByRole"]> | Page) {
    await scope.getByLabel("Password").fill("wrong-password");
    await scope.getByRole("button", { name: "Sign in" }).click();
  }

  test("on /login: four failures keep the page, the fifth reloads it to a fresh email step", async ({ page }) => {
    await page.goto("/login");
    await page.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));
    await page.getByLabel("Email address").fill(unknownAddress());
    await page.getByRole("button", { name: "Continue" }).click();
    for (let i = 1; i <= 4; i++) {
      const answered = page.waitForResponse((r) => r.url().includes("auth.login"));
      await failPassword(page, page);
      await answered;
      await expect(page.getByRole("alert")).toHaveText("The email address or password is incorrect.");
      expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBe(true);
    }
    const reloaded = page.waitForEvent("load");
    await failPassword(page, page);
    await reloaded;
    await expect(page.getByLabel("Email address")).toHaveValue("");
    await expect(page.getByLabel("Password")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBeUndefined();
    await expectAccessible(page);
  });

  test("the popup's failures count too: the fifth reloads the public page", async ({ page }) => {
    await page.goto("/user/account-recovery");
    await page.evaluate(() => ((window as unknown as { __sameLoad: boolean }).__sameLoad = true));
    await page.getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to Meridian" });
    await dialog.getByLabel("Email address").fill(unknownAddress());
    await dialog.getByRole("button", { name: "Continue" }).click();
    for (let i = 1; i <= 4; i++) {
      const answered = page.waitForResponse((r) => r.url().includes("auth.login"));
      await failPassword(page, dialog);
      await answered;
      await expect(dialog.getByRole("alert")).toHaveText("The email address or password is incorrect.");
    }
    const reloaded = page.waitForEvent("load");
    await failPassword(page, dialog);
    await reloaded;
    await expect(page).toHaveURL("/user/account-recovery");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    expect(await page.evaluate(() => (window as unknown as { __sameLoad?: boolean }).__sameLoad)).toBeUndefined();
  });
});
