import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { insertMovingEmployee } from "./moving-employee.ts";

export { expect };

/** Every demo account's password (src/db/seed.ts). */
export const DEMO_PASSWORD = "Demo#2026pass";

export const demo = {
  admin: "admin@meridian.test",
  finance: "finance@meridian.test",
  crm: "crm@meridian.test",
  acmeHr: "hr@acme.test",
  acmeManager: "manager@acme.test",
  acmeEmployee: "employee@acme.test",
  globexHr: "hr@globex.test",
  globexEmployee: "employee@globex.test",
} as const;

/** Fails with a readable list when axe finds a serious or critical violation on the page. */
export async function expectAccessible(page: Page): Promise<void> {
  // Measure the page at rest: a dialog still fading in has low contrast for a moment.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = blocking
    .map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `  - ${n.target.join(" ")}: ${n.failureSummary ?? ""}`).join("\n")}`)
    .join("\n");
  expect(blocking, report).toEqual([]);
}

/** Signs in through the two-step form, as a user would. */
export async function signInThroughUi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

type Fixtures = {
  /**
   * Signs in through the API (the documented POST /login form). The session cookie is HttpOnly
   * and lands in the browser context's cookie jar, which page.request shares.
   */
  loginAs: (email: string) => Promise<void>;
  /**
   * A new employee of the group with an open move (e2e/moving-employee.ts), unique to the test, with
   * the demo password: for flows shown once per person, such as the welcome popup.
   */
  newMovingEmployee: (group?: "acme" | "globex") => Promise<{ email: string; userId: number; moveId: number }>;
};

export const test = base.extend<Fixtures>({
  loginAs: async ({ page, baseURL }, use) => {
    await use(async (email) => {
      const response = await page.request.post("/login", {
        form: { email, password: DEMO_PASSWORD },
        headers: { Origin: baseURL ?? "" },
      });
      expect(response.status(), `sign-in of ${email}`).toBe(200);
      expect(await response.json()).toMatchObject({ success: true });
    });
  },
  // eslint-disable-next-line no-empty-pattern
  newMovingEmployee: async ({}, use, testInfo) => {
    let n = 0;
    await use(async (group = "acme") => {
      const email = `newcomer-${testInfo.workerIndex}-${Date.now()}-${++n}@${group}.test`;
      return { email, ...insertMovingEmployee(email, group) };
    });
  },
});
