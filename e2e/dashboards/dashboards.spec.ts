import { demo, expect, expectAccessible, test } from "../fixtures.ts";

const DEMO_TITLE = "Mobility programme overview";

/** The third-party dashboards viewer (issue 26; part 2 §2): the list, the framed dashboard, its page policy. */
for (const width of [1366, 390]) {
  test(`HR sees the group's dashboards and the framed initial one (${width} px)`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await loginAs(demo.acmeHr);
    const response = await page.goto("/acme/dashboards");
    expect(response?.status()).toBe(200);
    const csp = response!.headers()["content-security-policy"] ?? "";
    expect(csp).toContain("frame-src https://dashboards.example.com");
    await expect(page.getByRole("heading", { name: "Dashboards", level: 1 })).toBeVisible();
    const list = page.getByRole("navigation", { name: "Dashboards" });
    await expect(list.getByRole("button", { name: new RegExp(DEMO_TITLE) })).toHaveAttribute("aria-current", "page");
    const frame = page.locator(`iframe[title="Dashboard: ${DEMO_TITLE}"]`);
    await expect(frame).toHaveAttribute("src", /^https:\/\/dashboards\.example\.com\//);
    await expect(frame).toHaveAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
    await expect(frame).toHaveAttribute("referrerpolicy", "no-referrer");
    await expect(page.getByRole("heading", { name: "Manage dashboards" })).toHaveCount(0);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1);
  });

  test(`an admin adds a dashboard on the group's allowed site (${width} px)`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    await loginAs(demo.admin);
    await page.goto("/acme/dashboards");
    await expect(page.getByRole("heading", { name: "Manage dashboards" })).toBeVisible();
    const title = `Spend ${width} ${Date.now()}`;
    const admin = page.getByRole("region", { name: "Manage dashboards" });
    await admin.getByLabel("Title").fill(title);
    await admin.getByLabel("Address (https)").fill(`https://dashboards.example.com/embed/${encodeURIComponent(title)}`);
    await admin.getByLabel("Description").fill("Spend by month");
    await admin.getByRole("button", { name: "Add dashboard" }).click();
    await expect(admin.getByText("Dashboard saved.")).toBeVisible();
    const entry = page.getByRole("navigation", { name: "Dashboards" }).getByRole("button", { name: new RegExp(title) });
    await entry.click();
    await expect(page.locator(`iframe[title="Dashboard: ${title}"]`)).toBeVisible();
    // A site that is not allowed is refused with the server's text.
    await admin.getByLabel("Title").fill(`Elsewhere ${width}`);
    await admin.getByLabel("Address (https)").fill("https://elsewhere.example.net/x");
    await admin.getByRole("button", { name: "Add dashboard" }).click();
    await expect(admin.getByRole("alert")).toContainText("not on the group's list of allowed dashboard sites");
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1);
  });
}

test("another group's HR is refused the page", async ({ page, loginAs }) => {
  await loginAs(demo.globexHr);
  const response = await page.goto("/acme/dashboards");
  expect(response?.status()).toBe(403);
});
