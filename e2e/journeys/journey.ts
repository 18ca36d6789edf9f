/**
 * What every cross-area journey (e2e/journeys/*.spec.ts) walks with: the two sizes each journey runs at,
 * a signed-in browser context per role, the fit check (nothing wider than the viewport) and a receipt image.
 */
import type { Browser, Page } from "@playwright/test";
import { expect } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

export const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

// A 1×1 PNG: the files API checks the type from the bytes.
export const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");

export async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

export async function signedIn(browser: Browser, baseURL: string | undefined, email: string, size: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport: size, locale: "en-GB", timezoneId: "UTC" });
  const page = await context.newPage();
  const response = await page.request.post("/login", { form: { email, password: "Demo#2026pass" }, headers: { Origin: baseURL ?? "" } });
  expect(response.status(), `sign-in of ${email}`).toBe(200);
  return { context, page };
}
