import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, field, fillStage2, L, steps, uniqueEmail } from "./wizard-helpers.ts";

/** The error text shown beside a field (tied to the control by aria-describedby). */
async function expectFieldError(page: Page, label: string, text: string) {
  const control = field(page, label);
  await expect(control).toHaveAttribute("aria-invalid", "true");
  await expect(control).toHaveAccessibleDescription(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
  await expect(page.getByText(text, { exact: true })).toBeVisible();
}

test.describe("wizard stage 1", () => {
  test("Next without a policy asks for one; Back goes to the group home", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await expect(page.getByRole("radio").first()).toBeVisible();
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Please choose a policy" })).toBeVisible();
    await expect(page.getByRole("radio").first()).toBeFocused();
    await expectAccessible(page);

    // A policy with a cost estimate explains it (splash, or its failure text: never blocking).
    // Showing the splash records the view (widgets.splashViewed, a POST: PUT /splash/{id}/viewed's procedure).
    const viewed = page.waitForRequest((r) => r.url().includes("widgets.splashViewed") && r.method() === "POST");
    await page.getByRole("radio", { name: /^Global Long-Term Assignment/ }).check();
    await expect(page.getByText("Please choose a policy")).toBeHidden();
    await expect(page.getByTestId("splash")).toContainText("About cost estimates");
    expect((await (await viewed).response())?.status()).toBe(200);
    // The advanced estimate shows every stage, 6 included.
    await expect(steps(page).getByRole("listitem")).toHaveCount(5);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/\/acme\/home/);
  });
});

test.describe("wizard stage 2", () => {
  test("a reload keeps the stage and the policy; leaving with unsaved changes asks first", async ({ page, loginAs }) => {
    await loginAs(demo.globexHr);
    await page.goto("/globex/new-move");
    await choosePolicy(page, "Globex Graduate Move");
    const url = page.url();
    expect(url).toMatch(/policy=\d+/);
    await page.reload();
    await expect(page).toHaveURL(url);
    await expect(page.getByRole("heading", { name: "Employee and move details" })).toBeVisible();
    await expect(page.getByText("Policy: Globex Graduate Move")).toBeVisible();

    await field(page, L.firstName).fill("Una");
    await page.getByRole("button", { name: "Back" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Leave this page?" });
    await expect(dialog).toContainText("You have unsaved changes. Leave this page and lose them?");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(url);
    await expect(field(page, L.firstName)).toHaveValue("Una");
    await page.getByRole("button", { name: "Back" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Leave" }).click();
    await expect(page).toHaveURL(/stage=1/);
  });

  test("each rule shows its message beside the field", async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    await loginAs(demo.globexHr);
    await page.goto("/globex/new-move");
    await choosePolicy(page, "Globex Graduate Move");

    // Everything empty: the required messages, the first field focused.
    await page.getByRole("button", { name: "Continue" }).click();
    await expectFieldError(page, L.firstName, `${L.firstName} cannot be empty.`);
    await expectFieldError(page, L.lastName, `${L.lastName} cannot be empty.`);
    await expect(field(page, L.firstName)).toBeFocused();
    await expectAccessible(page);

    // E-mail format.
    await fillStage2(page, { firstName: "Ezra", lastName: "Errors", email: "not-an-email" });
    await page.getByRole("button", { name: "Continue" }).click();
    await expectFieldError(page, L.email, `${L.email} not in proper format.`);
    await expect(field(page, L.email)).toBeFocused();
    await field(page, L.email).fill(uniqueEmail("ezra"));

    // Dates: the end date cannot be before the start date.
    const start = field(page, L.start);
    await start.fill("2027-06-01");
    await field(page, L.end).fill("2027-05-01");
    await page.getByRole("button", { name: "Continue" }).click();
    await expectFieldError(page, L.end, `${L.end} cannot be before the start date.`);
    await field(page, L.end).fill("");
    await start.fill("");

    // Money (the demo form's "Annual base salary": positive, an amount with its currency) and date of birth.
    {
      const label = "Annual base salary";
      const amount = field(page, label);
      const currency = field(page, `${label} currency`);
      await amount.fill("abc");
      await currency.selectOption("EUR");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectFieldError(page, label, `Please enter a numeric value for ${label}`);
      await amount.fill("-10");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectFieldError(page, label, `Amount value can not be negative for ${label}`);
      await amount.fill("100");
      await currency.selectOption("");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectFieldError(page, label, `Please select the currency for ${label}`);
      await amount.fill("");
      await currency.selectOption("EUR");
      await page.getByRole("button", { name: "Continue" }).click();
      await expectFieldError(page, label, `Enter an amount for ${label} or remove benefit by clicking the X icon`);
      await currency.selectOption("");
    }

    const dob = page.locator("fieldset[data-model]").filter({ has: page.locator("select[id$='-year']") }).first();
    await expect(dob).toBeVisible();
    {
      const label = (await dob.locator("legend").innerText()).replace(/\*$/, "").trim();
      await page.getByLabel(`${label}: year`).selectOption({ index: 30 });
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText(`Please enter the day, month and year of ${label}.`)).toBeVisible();
      await expect(page.getByLabel(`${label}: day`)).toHaveAttribute("aria-invalid", "true");
      await page.getByLabel(`${label}: day`).selectOption("12");
      await page.getByLabel(`${label}: month`).selectOption("03");
      await expect(page.getByText(`Please enter the day, month and year of ${label}.`)).toBeHidden();
    }
    await expectAccessible(page);
  });

  test("a typed city with several matches opens the city picker; the choice is sent again", async ({ page, loginAs }) => {
    test.setTimeout(60_000);
    await loginAs(demo.globexHr);
    await page.goto("/globex/new-move");
    await choosePolicy(page, "Globex Graduate Move");
    await field(page, L.firstName).fill("Gia");
    await field(page, L.lastName).fill("Geo");
    await field(page, L.email).fill(uniqueEmail("geo"));
    await page.getByLabel(`${L.origin}: country`).selectOption({ label: "United Kingdom" });
    await page.getByLabel(`${L.origin}: city`).fill("Newport");
    await page.getByLabel(`${L.destination}: country`).selectOption({ label: "Germany" });
    await page.getByLabel(`${L.destination}: city`).fill("Berlin");
    await page.getByRole("list", { name: "Cities matching “Berlin”" }).getByRole("button", { name: /^Berlin/ }).first().click();
    await page.getByRole("button", { name: "Continue" }).click();

    const dialog = page.getByRole("dialog", { name: "Pick the city" });
    await expect(dialog).toContainText("We could not find one city for Origin. Please pick it from the list.");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: /^Newport/ }).first().click();
    await expect(page).toHaveURL(/stage=3/);
  });

  test("a master field fills its slave fields (prefill)", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    await field(page, "Business unit").selectOption("Engineering");
    await expect(field(page, "Cost centre")).toHaveValue("ENG-100");
    await expect(field(page, "Budget approver e-mail")).toHaveValue("eng.budgets@acme.test");
    await field(page, "Business unit").selectOption("Sales");
    await expect(field(page, "Cost centre")).toHaveValue("SAL-200");
  });

  test("a late prefill answer never overwrites or merges with what HR typed after the choice", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    // Each prefill answer is held until the test lets it go (the network is slow: 400 ms, 1.5 s, …).
    const held: { value: string; release: () => void }[] = [];
    await page.route("**/trpc/wizard.prefill**", async (route) => {
      const value = decodeURIComponent(route.request().url());
      await new Promise<void>((release) => held.push({ value, release }));
      await route.continue();
    });
    const release = async (unit: string) => {
      await expect.poll(() => held.some((h) => h.value.includes(`"value":"${unit}"`))).toBe(true);
      const i = held.findIndex((h) => h.value.includes(`"value":"${unit}"`));
      held.splice(i, 1)[0]!.release();
    };
    const settled = () => expect(page.getByText("Filling in the related fields…")).toBeHidden();
    await page.goto("/acme/new-move");
    await choosePolicy(page, "Domestic Homeowner Transfer");

    // Typed while the answer is on its way: both fields keep exactly what HR typed.
    await field(page, "Business unit").selectOption("Sales");
    await field(page, "Cost centre").pressSequentially("MY-OWN-CC", { delay: 30 });
    await field(page, "Budget approver e-mail").pressSequentially("mine@acme.test", { delay: 30 });
    await release("Sales");
    await settled();
    await expect(field(page, "Cost centre")).toHaveValue("MY-OWN-CC");
    await expect(field(page, "Budget approver e-mail")).toHaveValue("mine@acme.test");

    // A new choice: the field HR edits keeps its value, the untouched one takes the prefill.
    await field(page, "Business unit").selectOption("Engineering");
    await field(page, "Cost centre").fill("ENG-MINE");
    await release("Engineering");
    await settled();
    await expect(field(page, "Cost centre")).toHaveValue("ENG-MINE");
    await expect(field(page, "Budget approver e-mail")).toHaveValue("eng.budgets@acme.test");

    // An answer for an earlier choice that arrives after the latest one is dropped.
    await field(page, "Business unit").selectOption("Finance");
    await expect.poll(() => held.some((h) => h.value.includes(`"value":"Finance"`))).toBe(true);
    await field(page, "Business unit").selectOption("Sales");
    if (held.some((h) => h.value.includes(`"value":"Sales"`))) await release("Sales");
    await expect(field(page, "Cost centre")).toHaveValue("SAL-200");
    await release("Finance");
    await settled();
    await page.waitForTimeout(300);
    await expect(field(page, "Cost centre")).toHaveValue("SAL-200");
    await expect(field(page, "Budget approver e-mail")).toHaveValue("sales.budgets@acme.test");
  });

  test("the server's field errors show beside the field (an e-mail already in use)", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    await fillStage2(page, { firstName: "Eve", lastName: "Existing", email: demo.acmeEmployee });
    await page.getByRole("button", { name: "Continue" }).click();
    await expectFieldError(page, L.email, "This email address cannot be invited. Please use another address.");
    await expect(field(page, L.email)).toBeFocused();
    await expect(page).toHaveURL(/stage=2/);
  });
});
