import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Policy search (/policy/search?group=) and list (/policy/list). Tests that change data act on
 * their own policy (a unique name) or on a demo policy no other test touches.
 */
test.describe("policy search", () => {
  test("an admin sees acme's demo policies and searches them by name", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/policy/search");
    await expect(page.getByRole("heading", { level: 1, name: "Policies" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Choose a client group to see its policies." })).toBeVisible();
    await page.getByRole("combobox", { name: "Group" }).selectOption({ label: "Acme Corp" });
    await expect(page).toHaveURL(/\/policy\/search\?group=acme$/);

    const table = page.getByRole("table", { name: "Policies of Acme Corp" });
    for (const name of ["Global Long-Term Assignment", "Short-Term Assignment", "Domestic Homeowner Transfer", "Core/Flex Lump Sum", "City Guide Only"]) {
      await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(1);
    }
    const lta = table.getByRole("row").filter({ hasText: "Global Long-Term Assignment" });
    await expect(lta).toContainText("International");
    await expect(lta).toContainText("v1");
    await expect(lta).toContainText("Draft");
    await expect(lta.getByRole("link", { name: "Edit draft: Global Long-Term Assignment" })).toBeVisible();
    // As on the policy list, the name opens the policy.
    await expect(lta.getByRole("link", { name: "Global Long-Term Assignment", exact: true })).toHaveAttribute("href", /\/policy\/setup\?policyId=\d+&editDraft=true/);
    await expectAccessible(page);

    await page.getByRole("searchbox", { name: "Search policies" }).fill("Short");
    await expect(page).toHaveURL(/[?&]q=Short/);
    await expect(table.getByRole("row")).toHaveCount(2);
    await expect(table).toContainText("Short-Term Assignment");

    await page.getByRole("searchbox", { name: "Search policies" }).fill("zzz-no-such-policy");
    await expect(page.getByRole("heading", { name: "No policies match this search" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an admin clones a demo policy into globex", async ({ page, loginAs }) => {
    const name = `E2E Clone ${Date.now()}`;
    await loginAs(demo.admin);
    await page.goto("/policy/search?group=acme");
    await page.getByRole("button", { name: "Actions for Short-Term Assignment" }).click();
    await page.getByRole("menuitem", { name: "Clone" }).click();
    const dialog = page.getByRole("dialog", { name: "Clone Short-Term Assignment" });
    await expect(dialog).toBeVisible();

    // Both fields are required, with the spec's texts.
    await dialog.getByLabel("Customer group").selectOption("");
    await dialog.getByRole("button", { name: "Clone policy" }).click();
    await expect(dialog.getByText("Please enter a name for the new policy.")).toBeVisible();
    await expect(dialog.getByText("Please select a customer group.")).toBeVisible();
    await expectAccessible(page);

    await dialog.getByLabel("New policy name").fill(name);
    await dialog.getByLabel("Customer group").selectOption({ label: "Globex Inc" });
    await dialog.getByRole("button", { name: "Clone policy" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId("policy-notice")).toHaveText(`Short-Term Assignment was cloned as ${name}.`);

    await page.goto(`/policy/search?group=globex&q=${encodeURIComponent(name)}`);
    const row = page.getByRole("row").filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("Short-term assignment");
    await expectAccessible(page);
  });

  test("an admin creates a version of a policy, then deletes the draft", async ({ page, loginAs }) => {
    const policy = "Domestic Homeowner Transfer";
    await loginAs(demo.admin);
    await page.goto("/policy/search?group=acme");
    await page.getByRole("button", { name: `Create version: ${policy}` }).click();
    // The server's redirect: the new draft's setup.
    await expect(page).toHaveURL(/\/policy\/setup\?policyId=\d+&editDraft=true$/);
    await expect(page.getByLabel("Policy name")).toHaveValue(policy);
    await expect(page.getByText("Version 2 · Draft")).toBeVisible();

    await page.goto("/policy/search?group=acme");
    const row = page.getByRole("row").filter({ hasText: policy });
    await expect(row).toContainText("Draft");
    await page.getByRole("button", { name: `Actions for ${policy}` }).click();
    await page.getByRole("menuitem", { name: "Delete draft" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete the draft version?" });
    await expect(confirm).toContainText(policy);
    await expectAccessible(page);
    await confirm.getByRole("button", { name: "Delete draft" }).click();
    await expect(page.getByTestId("policy-notice")).toHaveText(`The draft version of ${policy} was deleted.`);
    await expect(row.getByRole("button", { name: `Create version: ${policy}` })).toBeVisible();
    await expect(row).not.toContainText("Draft");
    await expectAccessible(page);
  });

  test("HR sees its own group's policies read-only and gets 403 for another group", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home");
    await page.getByRole("navigation", { name: "Main navigation" }).first().getByRole("link", { name: "Policies" }).click();
    await expect(page).toHaveURL(/\/policy\/search\?group=acme$/);
    await expect(page.getByText("You can view your group's policies. Only Meridian administrators change them.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Group" })).toHaveValue("Acme Corp");
    await expect(page.getByRole("textbox", { name: "Group" })).toHaveAttribute("readonly", "");
    const table = page.getByRole("table", { name: "Policies of Acme Corp" });
    await expect(table.getByRole("row").filter({ hasText: "Global Long-Term Assignment" })).toHaveCount(1);
    await expect(page.getByRole("link", { name: "New policy" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Actions for/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: /^Create version/ })).toHaveCount(0);
    await expectAccessible(page);

    // The name opens the released version's details, read-only: no steps, no editing.
    await table.getByRole("link", { name: "Global Long-Term Assignment" }).click();
    await expect(page).toHaveURL(/\/policy\/details\?policyId=\d+&editDraft=false/);
    await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();
    await expect(page.getByText("Read only", { exact: false }).first()).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Policy configuration steps" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Add service" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Next" })).toHaveCount(0);
    await expectAccessible(page);
    await page.getByRole("link", { name: "Back to policies" }).click();
    await expect(page).toHaveURL(/\/policy\/search\?group=acme/);

    // Another group: the API refuses (403) and the page says so.
    const api = await page.request.get(`/trpc/policy.policies.search?input=${encodeURIComponent(JSON.stringify({ group: "globex" }))}`);
    expect(api.status()).toBe(403);
    await page.goto("/policy/search?group=globex");
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await expect(page.getByRole("table")).toHaveCount(0);
    await expectAccessible(page);
  });
});

test.describe("policy list", () => {
  test("tag buttons wait for a group with tags, then filter the list", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/policy/list");
    await expect(page.getByRole("heading", { level: 1, name: "Policy list" })).toBeVisible();
    await expect(page.getByRole("button", { name: "All tags" })).toBeDisabled();
    await expect(page.getByText("Choose a group with tags to filter by tag.")).toBeVisible();
    await expectAccessible(page);

    await page.getByRole("combobox", { name: "Group" }).selectOption({ label: "Acme Corp" });
    await expect(page.getByRole("button", { name: "All tags" })).toBeEnabled();
    await expect(page.getByRole("button", { name: "All tags" })).toHaveAttribute("aria-pressed", "true");
    const table = page.getByRole("table", { name: "Policies of Acme Corp" });
    // Other tests add acme policies in parallel: look for the demo ones by name.
    for (const name of ["Global Long-Term Assignment", "Short-Term Assignment", "City Guide Only"]) {
      await expect(table.getByRole("row").filter({ hasText: name })).toHaveCount(1);
    }

    await page.getByRole("button", { name: "Executive" }).click();
    await expect(page).toHaveURL(/[?&]tag=\d+/);
    await expect(page.getByRole("button", { name: "Executive" })).toHaveAttribute("aria-pressed", "true");
    await expect(table.getByRole("row").filter({ hasText: "Global Long-Term Assignment" })).toHaveCount(1);
    await expect(table.getByRole("row").filter({ hasText: "Short-Term Assignment" })).toHaveCount(0);
    await expectAccessible(page);
  });

  test("HR filters its own group's policies by tag", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    await page.goto("/policy/list");
    await expect(page.getByRole("textbox", { name: "Group" })).toHaveValue("Globex Inc");
    const table = page.getByRole("table", { name: "Policies of Globex Inc" });
    await expect(table.getByRole("row").filter({ hasText: "Globex Graduate Move" })).toHaveCount(1);
    await page.getByRole("button", { name: "EMEA" }).click();
    await expect(table.getByRole("row").filter({ hasText: "Globex Permanent Transfer" })).toHaveCount(1);
    await expect(table.getByRole("row").filter({ hasText: "Globex Graduate Move" })).toHaveCount(0);
    // HR's links open the read-only details, never setup.
    await expect(table.getByRole("link", { name: "Globex Permanent Transfer" })).toHaveAttribute("href", /\/policy\/details\?policyId=\d+&editDraft=false/);
    await expectAccessible(page);
  });
});
