import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import type { Page } from "@playwright/test";

const unique = (prefix: string) => `${prefix} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;

/** Throws `message` outside any handler (an uncaught window error) and waits for its report to be answered. */
async function failOnPage(page: Page, message: string, kind: "error" | "rejection") {
  const reported = page.waitForResponse((r) => r.url().includes("/trpc/errors.report") && r.request().postData()?.includes(message) === true);
  await page.evaluate(
    ([text, how]) => {
      if (how === "error") {
        setTimeout(() => {
          throw new Error(text);
        }, 0);
      } else {
        void Promise.reject(new Error(text));
      }
    },
    [message, kind] as const,
  );
  const response = await reported;
  expect(response.status()).toBe(200);
  // The query string never leaves the browser.
  expect(response.request().postData()).not.toContain("?");
}

test.describe("client errors", () => {
  test("a page error and an unhandled rejection reach the admin list, counted once each", async ({ page, loginAs, browser, baseURL }) => {
    test.setTimeout(60_000);
    const thrown = unique("E2E thrown");
    const rejected = unique("E2E rejected");
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?probe=secret-value");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await failOnPage(page, thrown, "error");
    await failOnPage(page, rejected, "rejection");

    // A signed-out page's error is reported too.
    const anonymous = await browser.newContext({ baseURL });
    const signedOut = await anonymous.newPage();
    await signedOut.goto("/login");
    await expect(signedOut.getByLabel("Email address")).toBeVisible();
    const anonymousError = unique("E2E signed out");
    await failOnPage(signedOut, anonymousError, "error");
    await anonymous.close();

    const admin = await browser.newContext({ baseURL });
    const adminPage = await admin.newPage();
    const login = await adminPage.request.post("/login", { form: { email: demo.admin, password: "Demo#2026pass" }, headers: { Origin: baseURL ?? "" } });
    expect(login.status()).toBe(200);
    await adminPage.goto("/admin");
    const nav = adminPage.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("button", { name: "Settings & tools" }).click();
    await nav.getByRole("link", { name: "Client errors" }).click();
    await expect(adminPage).toHaveURL(/\/admin\/client-errors$/);
    await expect(adminPage.getByRole("heading", { level: 1, name: "Client errors" })).toBeVisible();

    await adminPage.getByLabel("Search errors").fill(thrown);
    const card = adminPage.getByTestId("client-error");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Error: ${thrown}`);
    await expect(card).toContainText("/acme/home");
    await expect(card).not.toContainText("secret-value");
    await expect(card).toContainText("hr@acme.test (acme)");
    await expect(card).toContainText("1 time");
    await card.getByText("Stack").click();
    await expect(card.locator("pre")).toContainText(thrown);
    await expectAccessible(adminPage);

    await adminPage.getByLabel("Search errors").fill(rejected);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`Error: ${rejected}`);

    await adminPage.getByLabel("Search errors").fill(anonymousError);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("/login");
    await expect(card).toContainText("Signed out");

    await adminPage.getByLabel("Search errors").fill(unique("nothing like this"));
    await expect(adminPage.getByText("No client errors match this search.")).toBeVisible();
    await expectAccessible(adminPage);
    await admin.close();
  });

  test("is for admins only", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/admin/client-errors");
    expect(response?.status()).toBe(403);
  });
});
