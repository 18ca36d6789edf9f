import { startTestProvider, type TestProvider } from "../../src/test/oidc-provider.ts";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Single sign-on in the browser against a real OpenID Connect provider (oidc-provider) started
 * by this file on 127.0.0.1. The demo group Initech is pointed at it through the admin API.
 * Serial: both tests use the one provider and Initech's settings.
 */
test.describe.configure({ mode: "serial" });

let idp: TestProvider;

test.beforeAll(async ({ browser, baseURL }) => {
  idp = await startTestProvider({ redirectUris: [`${baseURL}/sso/callback`] });
  const context = await browser.newContext({ baseURL });
  const login = await context.request.post("/login", { form: { email: demo.admin, password: "Demo#2026pass" }, headers: { Origin: baseURL! } });
  expect(login.status()).toBe(200);
  const saved = await context.request.post("/trpc/sso.saveSettings", {
    data: { group: "initech", issuerUrl: idp.issuer, clientId: idp.clientId, clientSecret: idp.clientSecret, allowedDomains: ["initech.test"], enabled: true },
    headers: { Origin: baseURL! },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  await context.close();
});

test.afterAll(async () => {
  await idp?.close();
});

test("an SSO user signs in through the company provider and lands on the home page", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill("sso@initech.test");
  await page.getByRole("button", { name: "Continue" }).click();

  // At the provider: its own sign-in page, with the address handed over as login_hint.
  await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/interaction/`));
  await expect(page.getByRole("heading", { name: "Test identity provider" })).toBeVisible();
  await expect(page.getByLabel("Company e-mail")).toHaveValue("sso@initech.test");
  await page.getByLabel("Company password").fill("anything");
  await page.getByRole("button", { name: "Sign in with the test provider" }).click();

  // Back in Meridian, signed in.
  await expect(page).toHaveURL("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeVisible();
  const me = await page.request.get("/trpc/auth.me");
  expect((await me.json()).result.data).toMatchObject({ email: "sso@initech.test", group: { name: "initech" } });
  await expectAccessible(page);
});

test("a refused identity gets a clear page with the way back to sign in", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Email address").fill("sso@initech.test");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByLabel("Company e-mail")).toBeVisible();
  await page.getByLabel("Company e-mail").fill("stranger@initech.test");
  await page.getByRole("button", { name: "Sign in with the test provider" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Single sign-on did not complete" })).toBeVisible();
  await page.getByRole("link", { name: "Back to sign in" }).click();
  await expect(page).toHaveURL("/login");
});

test("admins edit a group's SSO settings on /admin/sso", async ({ page, loginAs }) => {
  await loginAs(demo.admin);
  await page.goto("/admin/sso");
  await expect(page.getByRole("heading", { level: 1, name: "Single sign-on" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Initech" });
  await expect(page).toHaveURL("/admin/sso?group=initech");
  await expect(page.getByRole("heading", { name: "Settings for Initech" })).toBeVisible();
  await expect(page.getByLabel("Issuer URL")).toHaveValue(idp.issuer);
  await expect(page.getByLabel("Client ID")).toHaveValue(idp.clientId);
  await expect(page.getByLabel("Client secret")).toHaveValue("");
  await expect(page.getByTestId("sso-secret-state")).toHaveText("A secret is stored and never shown. Leave this empty to keep it.");
  await expect(page.getByLabel("Allowed e-mail domains")).toHaveValue("initech.test");
  await expectAccessible(page);

  // Validation messages next to the fields, nothing sent.
  await page.getByLabel("Issuer URL").fill("http://idp.example.com");
  await page.getByLabel("Allowed e-mail domains").fill("not a domain");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Please enter the issuer URL (https://…).")).toBeVisible();
  await expect(page.getByText("Please enter domains such as example.com, separated by commas.")).toBeVisible();
  await expect(page.getByLabel("Issuer URL")).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // Globex: a new configuration needs a secret; saved switched off so nobody is affected.
  await page.getByLabel("Group", { exact: true }).selectOption({ label: "Globex Inc" });
  await expect(page.getByRole("heading", { name: "Settings for Globex Inc" })).toBeVisible();
  await expect(page.getByText("Not configured yet")).toBeVisible();
  await page.getByLabel("Issuer URL").fill("https://login.globex.example");
  await page.getByLabel("Client ID").fill("globex-meridian");
  await page.getByLabel("Allowed e-mail domains").fill("globex.test, globex.example");
  await page.getByLabel("Single sign-on is on for this group").uncheck();
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("alert")).toHaveText("Please enter the client secret.");
  await page.getByLabel("Client secret").fill("globex-secret");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings saved.");
  await expect(page.getByText("Off", { exact: true })).toBeVisible();
  await expect(page.getByTestId("sso-secret-state")).toHaveText("A secret is stored and never shown. Leave this empty to keep it.");
  await expectAccessible(page);
});

test("non-admins are refused the SSO settings page", async ({ page, loginAs }) => {
  await loginAs(demo.acmeHr);
  const res = await page.goto("/admin/sso");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
});
