import { demo, DEMO_PASSWORD, expect, expectAccessible, test } from "../fixtures.ts";

/** Suspending a group signs its users out, so this runs after every other test (project "shared-data"). */
test.describe("group status", () => {
  test.afterEach(async ({ page, baseURL }) => {
    // Leave Globex active whatever happened above.
    const groups = await page.request.get("/trpc/admin.groups.list");
    const globex = ((await groups.json()) as { result?: { data?: Array<{ id: number; name: string }> } }).result?.data?.find((g) => g.name === "globex");
    if (globex) {
      await page.request.post("/trpc/admin.groups.setStatus", { data: { groupId: globex.id, status: "ACTIVE" }, headers: { Origin: baseURL ?? "" } });
    }
  });

  test("an admin suspends and re-activates a group after confirming", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    await page.goto("/admin");
    const row = page.getByTestId("group-row-globex");
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: "Suspend Globex Inc" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Suspend this group?" });
    await expect(dialog).toContainText("Suspend Globex Inc? Its users will be signed out");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText("Active");

    await row.getByRole("button", { name: "Suspend Globex Inc" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Suspend" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Group status changed." })).toBeVisible();
    await expect(row).toContainText("Suspended");

    // Its users cannot sign in while it is suspended.
    const refused = await page.request.fetch("/login", {
      method: "POST",
      form: { email: demo.globexHr, password: DEMO_PASSWORD },
      headers: { Origin: baseURL ?? "" },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ success: false, exception: "Your company's account is suspended. Please contact your Client Success Manager." });

    await row.getByRole("button", { name: "Activate Globex Inc" }).click();
    await page.getByRole("alertdialog", { name: "Activate this group?" }).getByRole("button", { name: "Activate" }).click();
    await expect(row).toContainText("Active");
    await expect(row.getByRole("button", { name: "Suspend Globex Inc" })).toBeVisible();
  });
});
