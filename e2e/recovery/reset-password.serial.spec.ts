import { demo, DEMO_PASSWORD, expect, expectAccessible, signInThroughUi, test } from "../fixtures.ts";
import { countResetMails, latestResetLink } from "./db.ts";

// Changes the demo employee's password (and ends their sessions), so it runs alone after the
// parallel tests ("shared-data" project) and puts the demo password back at the end.
test.describe("password reset through the e-mailed link", () => {
  test("request, set a new password with the checklist, sign in with it", async ({ page, baseURL }) => {
    const email = demo.acmeEmployee;
    const newPassword = "Fresh#2026reset";
    const mailsBefore = countResetMails(email);

    // From the login page's password step.
    await page.goto("/login");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page).toHaveURL("/user/account-recovery");
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();

    await page.getByLabel("Email address").fill(email);
    const button = page.getByRole("button", { name: "Send reset link" });
    await button.click();
    await expect(page.getByRole("status")).toHaveText("If an account exists for this address, we have sent a link to reset its password.");
    await expect(page.getByRole("button", { name: "Link sent" })).toBeDisabled();
    expect(countResetMails(email)).toBe(mailsBefore + 1);

    const link = latestResetLink(email);
    expect(link).toMatch(/\/user\/set-new-password\?token=[\w-]{43}$/);
    const url = new URL(link!);
    await page.goto(url.pathname + url.search);
    await expect(page.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await expectAccessible(page);

    const checklist = page.getByTestId("password-checklist");
    await expect(checklist.locator('[data-ok="true"]')).toHaveCount(1); // "only allowed characters" holds for the empty password
    await page.getByLabel("New password", { exact: true }).fill("fresh");
    await expect(checklist.locator('[data-rule="lowercase"]')).toHaveAttribute("data-ok", "true");
    await expect(checklist.locator('[data-rule="uppercase"]')).toHaveAttribute("data-ok", "false");
    await page.getByLabel("New password", { exact: true }).fill(newPassword);
    await expect(checklist.locator('[data-ok="false"]')).toHaveCount(0);
    await expect(checklist.locator('[data-ok="true"]')).toHaveCount(6);

    // A mismatch is caught in the form.
    await page.getByLabel("Confirm new password").fill(newPassword + "x");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByText("The passwords do not match.")).toBeVisible();

    await page.getByLabel("Confirm new password").fill(newPassword);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL("/login");

    await signInThroughUi(page, email, newPassword);
    await expect(page).toHaveURL("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();

    // The link works once.
    await page.context().clearCookies();
    await page.goto(url.pathname + url.search);
    await page.getByLabel("New password", { exact: true }).fill(DEMO_PASSWORD);
    await page.getByLabel("Confirm new password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("This link has already been used. Please ask for a new one.");

    // Put the demo password back through the API (same documented paths).
    const origin = { Origin: baseURL ?? "" };
    expect((await page.request.post("/user/account-recovery", { form: { email }, headers: origin })).status()).toBe(200);
    const again = new URL(latestResetLink(email)!).searchParams.get("token")!;
    const restored = await page.request.post("/user/set-new-password", {
      form: { token: again, password: DEMO_PASSWORD, confirmPassword: DEMO_PASSWORD },
      headers: origin,
    });
    expect(await restored.json()).toEqual({ success: true, redirectUrl: "/login", error: null });
  });
});
