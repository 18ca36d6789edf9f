import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The currency widget on the employee home (issue 14; part 1 §3 MG_WIDGETS_PREFS, §7 GET currency
 * widget, §9 rates to 4 places; part 2 §7 POST /user/currency): switch the currency, change the
 * displayed list, reload and find the choice kept — from the cookie and, with the cookie gone, from
 * the database. At 1366×900 (employee@acme.test) and 390×844 (employee@globex.test), so the two sizes
 * never share a user. Rates are the seeded demo rates (src/db/seed.ts: 1 USD = 0.92 EUR, 0.79 GBP, 151.2 JPY).
 */

test.describe.configure({ mode: "serial" });

const widget = (page: Page) => page.getByRole("region", { name: "Currencies" });

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

for (const size of [
  { width: 1366, height: 900, email: demo.acmeEmployee },
  { width: 390, height: 844, email: demo.globexEmployee },
]) {
  test.describe(`currency widget at ${size.width} px`, () => {
    test.beforeEach(async ({ page, loginAs, baseURL }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await loginAs(size.email);
      // Start from a known choice (the documented path, as the legacy client sends it).
      const reset = await page.request.post("/user/currency", { form: { currency: "USD", displayedCurrencies: "EUR,GBP" }, headers: { Origin: baseURL ?? "" } });
      expect(reset.status()).toBe(200);
    });

    test("switch the currency and the displayed list; both survive a reload, with and without the cookie", async ({ page, context }) => {
      await page.goto("/");
      const w = widget(page);
      await expect(w.getByText("1 USD = 0.9200 EUR")).toBeVisible();
      await expect(w.getByText("1 USD = 0.7900 GBP")).toBeVisible();
      await expect(w.getByLabel("Your currency")).toHaveValue("USD");
      await expectAccessible(page);
      await fits(page, size.width);

      await w.getByLabel("Your currency").selectOption("EUR");
      await expect(w.getByRole("status")).toHaveText("Saved.");
      await expect(w.getByText("1 EUR = 0.8587 GBP")).toBeVisible();

      await w.getByLabel("Add a currency").selectOption("JPY");
      await w.getByRole("button", { name: "Add", exact: true }).click();
      await expect(w.getByText("1 EUR = 164.3478 JPY")).toBeVisible();
      await w.getByRole("button", { name: "Remove GBP" }).click();
      await expect(w.getByText(/= 0\.8587 GBP/)).toHaveCount(0);

      const cookie = (await context.cookies()).find((c) => c.name === "MG_WIDGETS_PREFS");
      expect(JSON.parse(decodeURIComponent(cookie!.value))).toEqual({ selectedCurrency: "EUR", displayedCurrencies: ["EUR", "JPY"] });

      await page.reload();
      await expect(w.getByLabel("Your currency")).toHaveValue("EUR");
      await expect(w.getByText("1 EUR = 164.3478 JPY")).toBeVisible();
      await expect(w.getByText("1 EUR = 1.0000 EUR")).toBeVisible();

      // Another browser (no cookie): the database keeps the choice.
      await context.clearCookies({ name: "MG_WIDGETS_PREFS" });
      await page.reload();
      await expect(w.getByLabel("Your currency")).toHaveValue("EUR");
      await expect(w.getByText("1 EUR = 164.3478 JPY")).toBeVisible();
      await expectAccessible(page);
      await fits(page, size.width);
    });

    test("empty list and failure states: the spec's currency text, then Try again loads it", async ({ page, baseURL }) => {
      const empty = await page.request.post("/user/currency", { form: { currency: "GBP", displayedCurrencies: "" }, headers: { Origin: baseURL ?? "" } });
      expect(empty.status()).toBe(200);
      let fail = true;
      await page.route(/\/trpc\/[^?]*widgets\.currency/, (route) => (fail ? route.abort("connectionrefused") : route.fallback()));
      await page.goto("/");
      const w = widget(page);
      await expect(w.getByRole("alert")).toContainText("We are experiencing an issue. Please contact customer support and our technical team will investigate.");
      await expectAccessible(page);
      await fits(page, size.width);
      fail = false;
      await w.getByRole("button", { name: "Try again" }).click();
      await expect(w.getByLabel("Your currency")).toBeVisible();
      await expect(w.getByLabel("Your currency")).toHaveValue("GBP");
      await expect(w.getByText("No other currencies are displayed. Add one below.")).toBeVisible();
      await expectAccessible(page);
    });
  });
}
