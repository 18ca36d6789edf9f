import type { Page } from "@playwright/test";
import { demo, expect, test } from "../fixtures.ts";

/**
 * The client is split by route (src/web/route-base.tsx): a page loads its own chunks only, lazy
 * routes work after a hard reload on a deep URL and when navigating between them, and the chunks
 * are served hashed, immutable and gzip-compressed.
 */

/** The JavaScript files the page requests from now on. */
function recordScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/assets/") && url.pathname.endsWith(".js")) urls.push(url.pathname);
  });
  return urls;
}

test.describe("route-split client", () => {
  test("the sign-in page loads its own chunk and no feature page's", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Meridian" })).toBeVisible();
    expect(scripts.some((s) => /\/login-page-[a-z0-9]+\.js$/.test(s))).toBe(true);
    expect(scripts.filter((s) => /\/(wizard|policy|form-builder|estimate|group-home|app-shell)[a-z-]*-[a-z0-9]+\.js$/.test(s))).toEqual([]);
    // index.html names the entry chunk only; the route's chunks are fetched by the router.
    const html = await (await page.request.get("/login")).text();
    expect(html.match(/<script\b[^>]*src="\/assets\/[^"]+\.js"/g)).toHaveLength(1);
    expect(html).not.toContain("login-page-");
  });

  test("chunks are served hashed, immutable and gzip-compressed", async ({ page }) => {
    const scripts = recordScripts(page);
    await page.goto("/login");
    await expect(page.getByRole("heading", { level: 1, name: "Sign in to Meridian" })).toBeVisible();
    const chunk = scripts.find((s) => s.includes("login-page-"));
    expect(chunk).toBeTruthy();
    const response = await page.request.get(chunk!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toContain("immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    expect(response.headers()["content-type"]).toContain("javascript");
  });

  test("a hard reload on a deep URL and navigation between lazy routes", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    // Deep URL straight in, then reloaded: the page's chunk is fetched with the route.
    await page.goto("/policy/search?group=globex");
    await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
    await expect(page).toHaveURL(/\/policy\/search\?group=globex$/);

    // Client-side navigation into another lazy route and back, without a page load.
    const scripts = recordScripts(page);
    const nav = page.getByRole("navigation", { name: "Main navigation" });
    await nav.getByRole("link", { name: "Group home" }).click();
    await expect(page).toHaveURL(/\/globex\/home$/);
    await expect(page.getByRole("heading", { level: 1, name: "Globex Inc" })).toBeVisible();
    expect(scripts.some((s) => /\/group-home-page-[a-z0-9]+\.js$/.test(s))).toBe(true);
    await nav.getByRole("link", { name: "New move" }).click();
    await expect(page).toHaveURL(/\/globex\/new-move\?stage=1$/);
    await expect(page.getByRole("heading", { level: 1, name: "New move" })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: "Globex Inc" })).toBeVisible();
    await nav.getByRole("link", { name: "Policies" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();

    // The account menu arrives in its own chunk after the frame and still opens.
    await page.getByRole("button", { name: /Account menu/ }).click();
    await expect(page.getByRole("menuitem", { name: "Sign out" })).toBeVisible();
    await page.keyboard.press("Escape");

    // The invite dialog's chunk loads on demand from the group home.
    await nav.getByRole("link", { name: "Group home" }).click();
    await page.getByRole("button", { name: "Invite person" }).click();
    const dialog = page.getByRole("dialog", { name: "Invite a person" });
    await expect(dialog.getByLabel("Email address")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Invite person" })).toBeFocused();
  });
});
