import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertDisposableUser, userRow } from "./db.ts";

test.describe("account recovery page", () => {
  test("is accessible; an empty field does nothing; a bad address is caught before the server", async ({ page }) => {
    let asked = 0;
    page.on("request", (request) => {
      if (request.url().includes("recovery.request")) asked++;
    });
    await page.goto("/user/account-recovery");
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeFocused();
    await expectAccessible(page);

    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("button", { name: "Send reset link" })).toBeEnabled();
    await expect(page.getByText("Not a valid email address")).toHaveCount(0);

    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByText("Not a valid email address")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    expect(asked).toBe(0);
  });

  test("the button waits, then is done; an unknown address gets the same answer", async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/trpc/recovery.request**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/user/account-recovery");
    await page.getByLabel("Email address").fill("nobody-here@acme.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("button", { name: "Please wait..." })).toBeDisabled();
    release();
    await expect(page.getByRole("status")).toHaveText("If an account exists for this address, we have sent a link to reset its password.");
    await expect(page.getByRole("button", { name: "Link sent" })).toBeDisabled();
    await expectAccessible(page);
  });

  test("a failed request restores the button", async ({ page }) => {
    await page.route("**/trpc/recovery.request**", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await page.goto("/user/account-recovery");
    await page.getByLabel("Email address").fill("employee@acme.test");
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await expect(page.getByRole("button", { name: "Send reset link" })).toBeEnabled();
  });
});

test.describe("set-new-password page", () => {
  test("an unknown link says so clearly", async ({ page }) => {
    await page.goto("/user/set-new-password?token=not-a-real-token");
    await page.getByLabel("New password", { exact: true }).fill("Valid#2026pw");
    await page.getByLabel("Confirm new password").fill("Valid#2026pw");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("This link is not valid. Please ask for a new one.");
    await expect(page.getByRole("link", { name: "Ask for a new link" })).toBeVisible();
    await expectAccessible(page);
  });

  test("a weak password shows the form message and the rule under the field", async ({ page }) => {
    await page.goto("/user/set-new-password?token=whatever");
    await page.getByLabel("New password", { exact: true }).fill("weak");
    await page.getByLabel("Confirm new password").fill("weak");
    await page.getByRole("button", { name: "Set new password" }).click();
    await expect(page.getByRole("alert")).toHaveText("There are errors on the form. Please fix them before continuing or contact customer support.");
    await expect(page.getByLabel("New password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
  });

  test("without a token", async ({ page }) => {
    await page.goto("/user/set-new-password");
    await expect(page.getByRole("alert")).toHaveText("This link is not valid. Please ask for a new one.");
  });
});

test.describe("inactivity", () => {
  test("an ended session shows the inactivity alert and goes to /", async ({ page, loginAs, baseURL }) => {
    await page.clock.install();
    await loginAs(demo.globexEmployee);
    const firstCheck = page.waitForResponse((response) => response.url().includes("auth.ping"));
    const clientInfo = page.waitForResponse((response) => response.url().includes("session.registerClientInfo"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Grace" })).toBeVisible();
    expect((await firstCheck).status()).toBe(200);
    expect((await clientInfo).status()).toBe(200);

    // The session ends on the server (as the idle limit would end it).
    expect((await page.request.post("/logout", { headers: { Origin: baseURL ?? "" } })).status()).toBe(200);
    await page.clock.runFor(61_000);

    const dialog = page.getByRole("alertdialog", { name: "Session ended" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Your session has ended because of inactivity. Please sign in again.");
    await expect(page).toHaveURL("/");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  });
});

test.describe("admin account tools", () => {
  test("reset link lookup shows the URL in a read-only text area", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin");
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("button", { name: "Settings & tools" }).click();
    await nav.getByRole("link", { name: "Reset links" }).click();
    await expect(page).toHaveURL("/admin/resetPassword");
    await expect(page.getByRole("heading", { level: 1, name: "Password reset link" })).toBeVisible();
    await expectAccessible(page);

    const field = page.getByLabel("User's email address");
    await field.fill("bad@");
    await page.getByRole("button", { name: "Get reset link" }).click();
    await expect(page.getByText("Not a valid email address.")).toBeVisible();

    await field.fill("ghost-user@acme.test");
    await page.getByRole("button", { name: "Get reset link" }).click();
    await expect(page.getByRole("alert")).toHaveText("Email address is not registered to a user.");

    await field.fill(demo.globexHr);
    await page.getByRole("button", { name: "Get reset link" }).click();
    const url = page.getByLabel("Reset URL");
    await expect(url).toHaveValue(/\/user\/set-new-password\?token=[\w-]{43}$/);
    await expect(url).toHaveAttribute("readonly", "");
    await expectAccessible(page);
  });

  test("anonymize a user after the confirmation; switch off SSO", async ({ page, loginAs }) => {
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const victim = insertDisposableUser(`anon-${unique}@acme.test`);
    const ssoUser = insertDisposableUser(`sso-${unique}@acme.test`, true);
    await loginAs(demo.admin);
    await page.goto("/admin/anonymizeUser");
    await expect(page.getByRole("heading", { level: 1, name: "Anonymize user" })).toBeVisible();
    await expectAccessible(page);

    const anonymizeForm = page.getByRole("form", { name: "Anonymize user" });
    await anonymizeForm.getByRole("button", { name: "Anonymize" }).click();
    await expect(anonymizeForm.getByText("Please enter user Id")).toBeVisible();

    await anonymizeForm.getByLabel("User Id").fill(String(victim));
    await anonymizeForm.getByRole("button", { name: "Anonymize" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Anonymize this user?" });
    await expect(confirm).toContainText("This operation is irreversible. The user's personal data will be replaced and cannot be recovered. Continue?");
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    expect(userRow(victim)!.email).toBe(`anon-${unique}@acme.test`);

    await anonymizeForm.getByRole("button", { name: "Anonymize" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Anonymize" }).click();
    await expect(page.getByTestId("anonymize-outcome")).toHaveText("The user's personal data has been anonymized.");
    expect(userRow(victim)).toEqual({ email: `anonymized-${victim}@anonymized.invalid`, first_name: "Anonymized", is_sso_user: 0, activation_state: "DISABLED" });

    const ssoForm = page.getByRole("form", { name: "Switch off single sign-on" });
    await ssoForm.getByLabel("User Id").fill(String(ssoUser));
    await ssoForm.getByRole("button", { name: "Switch off SSO" }).click();
    await expect(page.getByTestId("sso-outcome")).toHaveText("Single sign-on is off for this user.");
    expect(userRow(ssoUser)!.is_sso_user).toBe(0);
    await ssoForm.getByLabel("User Id").fill("99999999");
    await ssoForm.getByRole("button", { name: "Switch off SSO" }).click();
    await expect(page.getByTestId("sso-outcome")).toHaveText("No user has this id.");
  });

  test("anonymize finds the person by name or e-mail, and the confirmation names them", async ({ page, loginAs }) => {
    const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
    const email = `found-${unique}@acme.test`;
    const victim = insertDisposableUser(email);
    await loginAs(demo.admin);
    await page.goto("/admin/anonymizeUser");
    await page.getByLabel("Find a person by name, e-mail or user Id").fill(email);
    // The result reads in words: the group's name and the role's, no internal id.
    const result = page.getByRole("listitem").filter({ has: page.getByRole("button", { name: "Choose Dana Disposable" }) });
    await expect(result).toContainText("Employee");
    await expect(result).not.toContainText(/EMPLOYEE|#\d/);
    await page.getByRole("button", { name: "Choose Dana Disposable" }).click();
    const anonymizeForm = page.getByRole("form", { name: "Anonymize user" });
    await expect(anonymizeForm.getByLabel("User Id")).toHaveValue(String(victim));
    await anonymizeForm.getByRole("button", { name: "Anonymize" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Anonymize this user?" });
    await expect(confirm.getByTestId("anonymize-person")).toHaveText(`Dana Disposable (${email}, user Id ${victim}) will be anonymized.`);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    // A typed id is named too.
    await anonymizeForm.getByLabel("User Id").fill(String(victim));
    await page.getByLabel("Find a person by name, e-mail or user Id").fill("");
    await anonymizeForm.getByRole("button", { name: "Anonymize" }).click();
    await expect(page.getByRole("alertdialog").getByTestId("anonymize-person")).toContainText("Dana Disposable");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    expect(userRow(victim)!.email).toBe(email);
  });

  test("other roles get the forbidden page", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const res = await page.goto("/admin/resetPassword");
    expect(res?.status()).toBe(403);
    const res2 = await page.goto("/admin/anonymizeUser");
    expect(res2?.status()).toBe(403);
  });
});
