import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { insertManager } from "./insert-manager.ts";

/**
 * The managers admin (issue 15; part 1 §2, §4, §5, §8): an admin finds a manager in
 * /admin/managers/list?groupName=&managersFilter=, opens the manager page, adds a geographic rule through the
 * popup (both ends required; the duplicate text), and the manager's group home moves list shrinks to that
 * route; the rule is deleted after confirmation and the list grows back. At 1366×900 and 390×844, each size
 * with its own new manager, axe at every page.
 */

test.describe.configure({ mode: "serial" });

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

/** The moves list's total ("… of N") on the manager's home. */
async function movesTotal(page: Page): Promise<number> {
  const showing = page.getByTestId("moves-showing");
  await expect(showing).toBeVisible();
  const match = /of (\d+)/.exec((await showing.textContent()) ?? "");
  return Number(match?.[1] ?? -1);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`an admin adds a geographic rule and the manager's list shrinks (${size.width} px)`, async ({ page, loginAs, context }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const email = `geo-manager-${size.width}-${Date.now()}@acme.test`;
    const managerId = insertManager(email);

    // The manager sees the group's moves (no restriction yet).
    await loginAs(email);
    await page.goto("/acme/home");
    const before = await movesTotal(page);
    expect(before).toBeGreaterThan(2);
    // Read-only: no new move, no links to HR's move pages.
    await expect(page.getByTestId("new-move")).toHaveCount(0);
    await expect(page.getByTestId("move-file-link")).toHaveCount(0);
    await expectAccessible(page);
    await fits(page, size.width);
    await context.clearCookies();

    // The admin finds the manager by name and group.
    await loginAs(demo.admin);
    await page.goto(`/admin/managers/list?groupName=acme&managersFilter=${encodeURIComponent(email)}`);
    await expect(page.getByRole("heading", { name: "Managers", level: 1 })).toBeVisible();
    await expect(page.getByLabel("Group")).toHaveValue("acme");
    await expectAccessible(page);
    await fits(page, size.width);
    await page.getByRole("link", { name: "Open Greta Geo" }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/managers/${managerId}$`));
    await expect(page.getByRole("heading", { name: "Greta Geo", level: 1 })).toBeVisible();
    await expect(page.getByText("No geographic restriction: every route is visible.")).toBeVisible();
    await expectAccessible(page);
    await fits(page, size.width);

    // The popup: both ends required, then United States → United States.
    await page.getByRole("button", { name: "Add route" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a route" });
    await dialog.getByRole("button", { name: "Save route" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please select an origin.");
    const origin = dialog.getByRole("group", { name: "Origin" });
    const destination = dialog.getByRole("group", { name: "Destination" });
    await origin.getByLabel("Country").selectOption({ label: "United States" });
    await dialog.getByRole("button", { name: "Save route" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Please select a destination.");
    await destination.getByLabel("Country").selectOption({ label: "United States" });
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Save route" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("status").filter({ hasText: "Route added." })).toBeVisible();
    const rules = page.getByRole("list", { name: "Routes this manager may see" });
    await expect(rules.getByRole("listitem")).toHaveCount(1);

    // The same route again: the duplicate text.
    await page.getByRole("button", { name: "Add route" }).click();
    await origin.getByLabel("Country").selectOption({ label: "United States" });
    await destination.getByLabel("Country").selectOption({ label: "United States" });
    await dialog.getByRole("button", { name: "Save route" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("The selected route already is in the list.");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();

    // A restriction select confirms.
    await page.getByLabel("Reporting restriction").selectOption("ON");
    await expect(page.getByText("Reporting restriction updated successfully.")).toBeVisible();
    await fits(page, size.width);
    await context.clearCookies();

    // The manager's list now holds only United States → United States moves.
    await loginAs(email);
    await page.goto("/acme/home");
    const after = await movesTotal(page);
    expect(after).toBeGreaterThan(0);
    expect(after).toBeLessThan(before);
    const table = page.getByRole("table", { name: "Moves in Acme Corp" });
    const rows = table.getByRole("row");
    const count = await rows.count();
    for (let i = 1; i < count; i++) {
      const text = (await rows.nth(i).textContent()) ?? "";
      expect(text.match(/United States/g)?.length ?? 0, text).toBeGreaterThanOrEqual(2);
    }
    await expectAccessible(page);
    await context.clearCookies();

    // The admin deletes the rule after confirmation; the manager sees every route again.
    await loginAs(demo.admin);
    await page.goto(`/admin/managers/${managerId}`);
    await page.getByRole("button", { name: /^Delete the route United States to United States/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this route?" });
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Route deleted." })).toBeVisible();
    await expect(page.getByText("No geographic restriction: every route is visible.")).toBeVisible();
    await context.clearCookies();
    await loginAs(email);
    await page.goto("/acme/home");
    expect(await movesTotal(page)).toBeGreaterThanOrEqual(before);
  });
}

test("the activation button: Send Activation, Sending Activation, then the note; Activation Sent is disabled", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  const email = `pending-manager-${Date.now()}@acme.test`;
  const managerId = insertManager(email, "PENDING");
  await loginAs(demo.admin);
  await page.goto(`/admin/managers/${managerId}`);
  const send = page.getByRole("button", { name: "Send Activation" });
  await expect(send).toBeEnabled();
  await expectAccessible(page);
  // The answer is held back a moment so the busy state can be seen.
  await page.route((url) => url.pathname.includes("managers.activate"), async (route) => {
    await new Promise((r) => setTimeout(r, 800));
    await route.continue();
  });
  await send.click();
  await expect(page.getByRole("button", { name: "Sending Activation" })).toBeDisabled();
  await expect(page.getByRole("status").filter({ hasText: `Activation e-mail sent to ${email}.` })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send Activation" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("button", { name: "Activation Sent" })).toBeDisabled();
});
