import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The terms form (part 2 §3 "Terms form: userType, email, firstName, lastName, moveDate, plus
 * configurable fields"; §5 "Server field errors appear next to the named fields on … terms
 * forms"; §8 "Activation and terms failure: '…' plus listed field errors"): Acme's HR configures
 * the form's extra fields, then an Acme employee fills it in. The two tests share Acme's
 * configuration, so they run in order; the last step puts the configuration back.
 */
test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

async function expectFits(page: Page) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const { scrollWidth, offenders } = await overflowing(page);
    expect(offenders, `${viewport.width} px:\n${offenders.join("\n")}`).toEqual([]);
    expect(scrollWidth, `${viewport.width} px`).toBeLessThanOrEqual(viewport.width + 1);
  }
  await page.setViewportSize(VIEWPORTS[0]);
}

/** Shows the terms form to a demo user who accepted long ago (the acceptance itself stays real). */
async function showAsNotAccepted(page: Page) {
  await page.route("**/trpc/account.terms*", async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    for (const item of Array.isArray(body) ? body : [body]) {
      if (item?.result?.data && "version" in item.result.data) Object.assign(item.result.data, { accepted: false, acceptedAt: null, acceptedVersion: null });
    }
    await route.fulfill({ response, json: body });
  });
}

test("HR configures its group's terms form: server errors next to the field, then saved", async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  await loginAs(demo.acmeHr);
  await page.goto("/acme/home");
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Terms form" }).first().click();
  await expect(page).toHaveURL("/admin/terms-form");
  await expect(page.getByRole("heading", { level: 1, name: "Terms form" })).toBeVisible();
  await expect(page.getByText("No configurable fields yet")).toBeVisible();

  await page.getByRole("button", { name: "Add field" }).click();
  await expect(page.getByLabel("Field name").nth(0)).toBeFocused();
  await page.getByLabel("Field name").nth(0).fill("email");
  await page.getByLabel("Label").nth(0).fill("Employee number");
  await page.getByLabel("Mandatory").nth(0).check();

  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByLabel("Field name").nth(1).fill("office");
  await page.getByLabel("Label").nth(1).fill("Office");
  await page.getByLabel("Type").nth(1).selectOption("select");
  await page.getByLabel("Values").fill("London\nZurich");
  await page.getByLabel("Mandatory").nth(1).check();

  await page.getByRole("button", { name: "Add field" }).click();
  await page.getByLabel("Field name").nth(2).fill("privacyConsent");
  await page.getByLabel("Label").nth(2).fill("Privacy notice");
  await page.getByLabel("Type").nth(2).selectOption("checkbox");
  await page.getByLabel("Mandatory").nth(2).check();

  // The server refuses a name of the form's own fields, next to that field.
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByTestId("terms-config-outcome")).toHaveText("The terms form was not saved: please correct the marked fields.");
  const name = page.getByLabel("Field name").nth(0);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(page.locator("#terms-config-0-modelName-error")).toHaveText("This name belongs to the form's own fields.");
  await expectAccessible(page);

  await name.fill("employeeNumber");
  await page.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByRole("status")).toHaveText("The terms form was saved.");
  await expectFits(page);
  await expectAccessible(page);

  // Saved: a fresh load shows the three fields in order.
  await page.reload();
  await expect(page.getByLabel("Field name")).toHaveCount(3);
  await expect(page.getByLabel("Field name").nth(0)).toHaveValue("employeeNumber");
  await expect(page.getByLabel("Values")).toHaveValue("London\nZurich");
  await expect(page.getByLabel("Type").nth(2)).toHaveValue("checkbox");
});

test("an employee fills the terms form: each server error next to its field and listed, then accepted", async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  await loginAs(demo.acmeEmployee);
  await showAsNotAccepted(page);
  await page.goto("/user/terms-and-conditions");
  await expect(page.getByRole("heading", { level: 1, name: "Terms and conditions" })).toBeVisible();
  const form = page.getByTestId("terms-form");
  await expect(form.getByLabel("User type")).toHaveValue("Employee");
  await expect(form.getByLabel("User type")).toHaveAttribute("readonly", "");
  await expect(form.getByLabel("Email address")).toHaveValue(demo.acmeEmployee);
  await expect(form.getByLabel("First name")).toHaveValue("Emma");
  await expect(form.getByLabel("Employee number")).toBeVisible();
  await expect(form.getByLabel("Office")).toBeVisible();
  await expect(form.getByLabel("Privacy notice")).toBeVisible();
  await expectAccessible(page);
  await expectFits(page);

  await form.getByLabel("First name").fill("");
  await form.getByLabel("Move date").fill("31/02/2027");
  await form.getByRole("button", { name: "Accept and continue" }).click();

  const alert = page.getByTestId("terms-error");
  await expect(alert).toContainText("Your signup was not successful, Please contact customer support.");
  // [the field's accessible name, its name in the list, the server's message]
  const expected: Array<[string, string, string]> = [
    ["First name", "First name", "First name cannot be empty."],
    ["Move date", "Move date", "Please enter the move date as dd/MM/yyyy."],
    ["Employee number", "Employee number", "Employee number is required."],
    ["Office", "Office", "Office is required."],
    ["Privacy notice", "Privacy notice", "Please tick Privacy notice."],
    ["I have read and accept the terms and conditions", "I have read and accept the terms and conditions", "Please accept the terms and conditions to continue."],
  ];
  for (const [name, label, message] of expected) {
    const field = form.getByLabel(name);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // The message sits next to the field and is its description.
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const errorId = describedBy.split(" ").find((id) => id.endsWith("-error"));
    expect(errorId, label).toBeTruthy();
    await expect(page.locator(`#${errorId}`)).toHaveText(message);
    await expect(page.getByTestId("terms-error-list")).toContainText(`${label}: ${message}`);
  }
  await expect(form.getByLabel("First name")).toBeFocused();
  await expectAccessible(page);
  await expectFits(page);

  await form.getByLabel("First name").fill("Emma");
  await form.getByLabel("Move date").fill("");
  await form.getByLabel("Employee number").fill("E-2041");
  await form.getByLabel("Office").selectOption("Zurich");
  await form.getByLabel("Privacy notice").check();
  await form.getByLabel("I have read and accept the terms and conditions").check();
  await form.getByRole("button", { name: "Accept and continue" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Emma" })).toBeVisible();
});

test("the configuration is put back (HR saves an empty list)", async ({ page, loginAs, baseURL }) => {
  await loginAs(demo.acmeHr);
  const res = await page.request.post("/trpc/account.saveTermsForm", { data: { group: "acme", fields: [] }, headers: { Origin: baseURL ?? "" } });
  expect(res.status()).toBe(200);
  await page.goto("/admin/terms-form");
  await expect(page.getByText("No configurable fields yet")).toBeVisible();
});
