import { demo, expect, expectAccessible, signInThroughUi, test } from "../fixtures.ts";

const landings = [
  { email: demo.admin, path: "/admin", heading: "Administration" },
  { email: demo.finance, path: "/finance", heading: "Welcome, Fiona" },
  { email: demo.crm, path: "/crm", heading: "Welcome, Carl" },
  { email: demo.acmeHr, path: "/acme/home", heading: "Acme Corp" },
  { email: demo.acmeManager, path: "/acme/home", heading: "Acme Corp" },
  { email: demo.acmeEmployee, path: "/", heading: "Welcome, Emma" },
  { email: demo.globexHr, path: "/globex/home", heading: "Globex Inc" },
  { email: demo.globexEmployee, path: "/", heading: "Welcome, Grace" },
] as const;

test.describe("sign-in", () => {
  test("the login page is accessible", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Meridian" })).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeFocused();
    await expectAccessible(page);
  });

  for (const { email, path, heading } of landings) {
    test(`${email} signs in and lands on ${path}`, async ({ page }) => {
      await page.goto("/login");
      await signInThroughUi(page, email);
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test("a wrong password shows the server's message in an alert", async ({ page }) => {
    await page.goto("/login");
    await signInThroughUi(page, demo.globexEmployee, "not-the-password");
    const alert = page.getByRole("alert");
    await expect(alert).toHaveText("The email address or password is incorrect.");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByLabel("Password")).toHaveValue("");
    await expectAccessible(page);
  });

  test("an unexpected failure shows the support message", async ({ page }) => {
    await page.route("**/trpc/auth.login**", (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "boom" }));
    await page.goto("/login");
    await signInThroughUi(page, demo.acmeEmployee);
    await expect(page.getByRole("alert")).toHaveText("Error!. Please contact our customer support.");
  });

  test("the email step checks the address format before asking the server", async ({ page }) => {
    let checked = false;
    page.on("request", (request) => {
      if (request.url().includes("auth.checkUser")) checked = true;
    });
    await page.goto("/login");
    await page.getByLabel("Email address").fill("not-an-email");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("Please enter a valid email address.")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    expect(checked).toBe(false);
  });

  test("the password step shows the email and can go back to the email step", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email address").fill("HR@Acme.test");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("login-email-shown")).toHaveText("hr@acme.test");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.getByRole("button", { name: "Use a different email address" }).click();
    await expect(page.getByLabel("Email address")).toBeFocused();
    await expect(page.getByLabel("Password")).toHaveCount(0);
  });

  test("a signed-out visit to a group page goes to /login and back after sign-in", async ({ page }) => {
    const response = await page.goto("/acme/home");
    expect(response?.request().redirectedFrom()?.url()).toMatch(/\/acme\/home$/);
    await expect(page).toHaveURL("/login?redirect=%2Facme%2Fhome");
    await signInThroughUi(page, demo.acmeManager);
    await expect(page).toHaveURL("/acme/home");
    await expect(page.getByRole("heading", { level: 1, name: "Acme Corp" })).toBeVisible();
  });

  test("a redirect to another site is ignored", async ({ page }) => {
    await page.goto("/login?redirect=%2F%2Fevil.example%2F");
    await signInThroughUi(page, demo.finance);
    await expect(page).toHaveURL("/finance");
  });

  test("a signed-in user opening /login goes to their home page", async ({ page, loginAs }) => {
    await loginAs(demo.crm);
    await page.goto("/login");
    await expect(page).toHaveURL("/crm");
  });
});

test.describe("sign-out and session", () => {
  test("signing out ends the session", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    await page.goto("/globex/home");
    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("menu")).toContainText("hr@globex.test");
    await page.getByRole("menuitem", { name: "Sign out" }).click();
    await expect(page).toHaveURL("/login");
    await page.goto("/globex/home");
    await expect(page).toHaveURL("/login?redirect=%2Fglobex%2Fhome");
  });

  test("the 60-second session check: an ended session shows the inactivity alert, then goes to / and /login", async ({ page, context, loginAs }) => {
    await page.clock.install();
    await loginAs(demo.acmeEmployee);
    // The first check answers once the app frame has subscribed, so its 60 s timer is running.
    const firstCheck = page.waitForResponse((response) => response.url().includes("auth.ping"));
    await page.goto("/");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
    expect((await firstCheck).status()).toBe(200);
    await context.clearCookies();
    await page.clock.runFor(61_000);
    // part 2 §8: an inactivity alert and redirect to "/" (which, signed out, goes on to the sign-in page).
    await page.getByRole("alertdialog").getByRole("button", { name: "OK" }).click();
    await expect(page).toHaveURL(/\/login(\?redirect=%2F)?$/);
  });
});
