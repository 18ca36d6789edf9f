import type { Locator, Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * The form builder (/admin/form-builder, part 2 §2 "Form builder", §4 line 153, §5, §8). Reading
 * and invalid input use acme; the test that saves works on globex and puts the form back as it
 * was, so other specs reading a group's form are not disturbed.
 */
const CACHE_NOTE = "The form has been saved. Caching can take up to 10 minutes before the changes are visible to users.";

/** Letters and digits only, unique per run and test. */
const unique = (prefix: string) => `${prefix}${Date.now() % 100000}${Math.floor(Math.random() * 1000)}`;

async function openBuilder(page: Page, group: string) {
  await page.goto("/admin/form-builder");
  await expect(page.getByRole("heading", { level: 1, name: "Form builder" })).toBeVisible();
  await page.getByLabel("Group").selectOption(group);
  await expect(page).toHaveURL(new RegExp(`group=${group}`));
  await expect(page.getByRole("list", { name: "Form" })).toBeVisible();
}

const formSections = (page: Page) => page.getByRole("list", { name: "Form" });
const availableFields = (page: Page) => page.getByRole("list", { name: "Available fields" });
const sectionFields = (page: Page, section: string) => formSections(page).getByRole("list", { name: section, exact: true });
const fieldCard = (scope: Page | Locator, label: string) => scope.getByTestId(`field-${label}`);

async function addField(page: Page, modelName: string, label: string) {
  await page.getByRole("button", { name: "Add field" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a field" });
  await dialog.getByLabel("Model name").fill(modelName);
  await dialog.getByRole("textbox", { name: "Label", exact: true }).fill(label);
  await dialog.getByRole("button", { name: "Add field" }).click();
  await expect(dialog).toBeHidden();
  await expect(fieldCard(availableFields(page), label)).toBeVisible();
}

async function fieldAction(page: Page, label: string, action: string) {
  await page.getByRole("button", { name: `Actions for ${label}` }).click();
  await page.getByRole("menuitem", { name: action }).click();
}

async function saveForm(page: Page) {
  await page.getByRole("button", { name: "Save form" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Save the form?" });
  await expect(confirm).toContainText("Save this form? The next initiation in this group uses it.");
  await confirm.getByRole("button", { name: "Save form" }).click();
  await expect(page.getByTestId("form-builder-outcome")).toHaveText(CACHE_NOTE);
}

test.describe("form builder", () => {
  test("an admin picks a group and sees its sections and available fields", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Policies & forms" }).click();
    await page.getByRole("link", { name: "Form builder" }).first().click();
    await expect(page).toHaveURL(/\/admin\/form-builder$/);
    await expect(page.getByRole("heading", { name: "No group selected" })).toBeVisible();

    // Nothing can be added before a group is chosen.
    await page.getByLabel("New section name").fill("Early");
    await page.getByRole("button", { name: "Add section" }).click();
    await expect(page.getByText("Please select a group before adding sections.")).toBeVisible();
    await expectAccessible(page);

    await page.getByLabel("Group").selectOption("acme");
    await expect(page).toHaveURL(/group=acme/);
    for (const name of ["Employee", "Move", "Compensation"]) {
      await expect(formSections(page).getByRole("heading", { level: 3, name })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 2, name: "Available fields" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Available sections" })).toBeVisible();
    await expect(fieldCard(sectionFields(page, "Employee"), "First name").getByTestId("field-title")).toHaveText("First name");
    await expect(fieldCard(sectionFields(page, "Employee"), "First name")).not.toContainText("employee.firstName");
    await expect(page.getByRole("link", { name: /Preview/ })).toHaveAttribute("href", "/acme/admin/new-move?stage=1");
    await expect(page.getByRole("link", { name: /Preview/ })).toHaveAttribute("target", "_blank");
    await expect(page.getByRole("button", { name: "Save form" })).toBeEnabled();
    await expectAccessible(page);

    // A core field cannot leave the form: the menu says why.
    await page.getByRole("button", { name: "Actions for First name" }).click();
    await expect(page.getByRole("menuitem", { name: "Remove from form" })).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByRole("menu")).toContainText("\"First name\" cannot be removed from the form.");
    await page.keyboard.press("Escape");

    // The field detail popup.
    await page.getByRole("button", { name: "Edit First name" }).click();
    const dialog = page.getByRole("dialog", { name: "Field details" });
    await expect(dialog.getByRole("textbox", { name: "Label", exact: true })).toHaveValue("First name");
    await expect(dialog.getByRole("group", { name: "Shown for policies" })).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("textbox", { name: "Label", exact: true }).fill("");
    await dialog.getByRole("button", { name: "Apply" }).click();
    await expect(dialog.getByText("Please enter a label.")).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();

    // A prefill master: its values and validator cannot change, and the popup says why.
    const compensation = sectionFields(page, "Compensation");
    await expect(fieldCard(compensation, "Business unit")).toContainText("Fills other fields");
    await page.getByRole("button", { name: "Edit Business unit" }).click();
    await expect(dialog).toContainText('The values and validators of "Business unit" fill other fields (prefill) and cannot be changed.');
    await expect(dialog.getByLabel("Validator")).toBeDisabled();
    await expect(dialog.getByLabel("Value 1", { exact: true })).not.toBeEditable();
    await expect(dialog.getByRole("button", { name: "Add value" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  test("bad input: the model name format, an empty section, unsaved changes", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await openBuilder(page, "acme");

    // New field: the model name allows letters and digits only; checked before any call.
    await page.getByRole("button", { name: "Add field" }).click();
    const dialog = page.getByRole("dialog", { name: "Add a field" });
    await dialog.getByLabel("Model name").fill("bad name!");
    await dialog.getByRole("textbox", { name: "Label", exact: true }).fill("Bad");
    await dialog.getByRole("button", { name: "Add field" }).click();
    await expect(dialog.getByText("The model name may contain letters and digits only.")).toBeVisible();
    await expect(dialog.getByLabel("Model name")).toHaveAttribute("aria-invalid", "true");
    // Values: empty and duplicated ones are refused, commas are stripped.
    await dialog.getByLabel("Model name").fill(unique("good"));
    await dialog.getByLabel("Component type").selectOption("select");
    await dialog.getByRole("button", { name: "Add value" }).click();
    await dialog.getByRole("button", { name: "Add field" }).click();
    await expect(dialog.getByText("A value cannot be an empty string.")).toBeVisible();
    await dialog.getByLabel("Value 1", { exact: true }).fill("Dog,Cat");
    await expect(dialog.getByLabel("Value 1", { exact: true })).toHaveValue("DogCat");
    await dialog.getByRole("button", { name: "Add value" }).click();
    await dialog.getByLabel("Value 2", { exact: true }).fill("DogCat");
    await dialog.getByRole("button", { name: "Add field" }).click();
    await expect(dialog.getByText('The value "DogCat" is listed twice.')).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();

    // An empty section disables Save, with the reason.
    const section = unique("Empty");
    await page.getByLabel("New section name").fill(section);
    await page.getByRole("button", { name: "Add section" }).click();
    await expect(formSections(page).getByRole("heading", { level: 3, name: section })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save form" })).toBeDisabled();
    await expect(page.getByTestId("save-reason")).toHaveText(`Every section needs at least one field: "${section}" has none.`);
    await expect(page.getByText("Unsaved changes")).toBeVisible();
    await expectAccessible(page);

    // Switching group with unsaved changes asks first.
    await page.getByLabel("Group").selectOption("globex");
    const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
    await expect(leave).toBeVisible();
    await leave.getByRole("button", { name: "Stay" }).click();
    await expect(page).toHaveURL(/group=acme/);
    await expect(formSections(page).getByRole("heading", { level: 3, name: section })).toBeVisible();

    // Removing the section returns it to the available sections; Reset reloads the saved form.
    await page.getByRole("button", { name: `Actions for section ${section}` }).click();
    await page.getByRole("menuitem", { name: "Remove section" }).click();
    await expect(page.getByRole("list", { name: "Available sections" })).toContainText(section);
    await expect(page.getByRole("button", { name: "Save form" })).toBeEnabled();
    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("alertdialog", { name: "Reset the form?" }).getByRole("button", { name: "Reset" }).click();
    await expect(page.getByRole("list", { name: "Available sections" })).not.toContainText(section);
    await expect(page.getByText("Unsaved changes")).toBeHidden();
  });

  test("cards read words a user reads: labels, and prefilled fields name the field they are filled from", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await openBuilder(page, "acme");
    const costCentre = fieldCard(page, "Cost centre");
    await expect(costCentre).toContainText("Filled from Business unit");
    await expect(fieldCard(page, "Budget approver e-mail")).toContainText("Filled from Business unit");
    await expect(fieldCard(page, "Business unit")).toContainText("Fills other fields");
    await expect(page.locator("main")).not.toContainText("Prefill slave");
    await expect(page.locator("main")).not.toContainText("properties[");
    await expectAccessible(page);
  });

  test("a new field is added, moved into a section with the keyboard, saved and shown in the preview", async ({ page, context, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.admin);
    await openBuilder(page, "globex");
    const model = unique("pet");
    const label = `Pet ${model}`;
    await addField(page, model, label);
    // The card reads the field's label and words, not the internal model name.
    await expect(fieldCard(availableFields(page), label).getByTestId("field-title")).toHaveText(label);
    await expect(fieldCard(availableFields(page), label)).not.toContainText("properties[");

    // Buttons: into the Employee section (at its end).
    await fieldAction(page, label, "Add to Employee");
    const employee = sectionFields(page, "Employee");
    await expect(fieldCard(employee, label)).toBeVisible();
    await expect(employee.getByRole("listitem").last()).toHaveAttribute("data-testid", `field-${label}`);
    await expect(page.getByRole("status").filter({ hasText: `${label} moved to Employee` })).toBeAttached();

    // Keyboard drag: pick the card up, one place up, drop.
    const count = await employee.getByRole("listitem").count();
    await expect(page.getByRole("menu")).toBeHidden();
    const handle = page.getByRole("button", { name: `Drag ${label}` });
    await handle.focus();
    await expect(handle).toBeFocused();
    // dnd-kit's live region announces each step.
    const dndLive = page.locator("[id^=DndLiveRegion]");
    await page.keyboard.press("Space");
    await expect(dndLive).toHaveText(`${label} is over Employee, position ${count} of ${count}.`);
    await page.keyboard.press("ArrowUp");
    await expect(dndLive).toHaveText(`${label} is over Employee, position ${count - 1} of ${count}.`);
    await page.keyboard.press("Space");
    await expect(dndLive).toHaveText(`${label} dropped in Employee, position ${count - 1} of ${count}.`);
    await expect(employee.getByRole("listitem").nth(count - 2)).toHaveAttribute("data-testid", `field-${label}`);

    await saveForm(page);
    await expect(page.getByText("Unsaved changes")).toBeHidden();
    await expect(fieldCard(sectionFields(page, "Employee"), label)).toBeVisible();

    // The preview (a new tab) shows the field on stage 2.
    const preview = page.getByRole("link", { name: /Preview/ });
    await expect(preview).toHaveAttribute("href", "/globex/admin/new-move?stage=1");
    await expect(preview).toHaveAttribute("rel", "noopener");
    const wizard = await context.newPage();
    await wizard.goto("/globex/admin/new-move?stage=1");
    await wizard.getByRole("radio", { name: /^Globex Permanent Transfer/ }).check();
    await wizard.getByRole("button", { name: "Next" }).click();
    await expect(wizard).toHaveURL(/stage=2/);
    await expect(wizard.getByLabel(label)).toBeVisible();
    await wizard.close();

    // Put the form back: the field returns to the available list.
    await fieldAction(page, label, "Remove from form");
    await expect(fieldCard(availableFields(page), label)).toBeVisible();
    await saveForm(page);
    await expect(fieldCard(availableFields(page), label)).toBeVisible();
  });

  test("mouse dragging moves a field into a section; Reset puts it back", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await openBuilder(page, "acme");
    const source = fieldCard(availableFields(page), "Job title");
    await expect(source).toBeVisible();
    const target = sectionFields(page, "Compensation");
    const from = await page.getByRole("button", { name: "Drag Job title" }).boundingBox();
    const to = await target.boundingBox();
    expect(from && to).toBeTruthy();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + 20, from!.y + 20, { steps: 5 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height - 10, { steps: 15 });
    await page.mouse.move(to!.x + to!.width / 2, to!.y + to!.height - 5, { steps: 5 });
    await page.mouse.up();
    await expect(fieldCard(target, "Job title")).toBeVisible();
    await expect(fieldCard(availableFields(page), "Job title")).toHaveCount(0);
    await expect(page.getByText("Unsaved changes")).toBeVisible();

    await page.getByRole("button", { name: "Reset" }).click();
    await page.getByRole("alertdialog", { name: "Reset the form?" }).getByRole("button", { name: "Reset" }).click();
    await expect(fieldCard(availableFields(page), "Job title")).toBeVisible();
    await expect(page.getByText("Unsaved changes")).toBeHidden();
  });

  test("failures: the form does not load (retry), the save is refused with the server's message", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    let failLoad = true;
    await page.route(/\/trpc\/[^?]*formBuilder\.groupForm/, (route) => (failLoad ? route.fulfill({ status: 500, body: "{}" }) : route.continue()));
    await page.goto("/admin/form-builder?group=acme");
    await expect(page.getByRole("alert").filter({ hasText: "There was an error loading the form." })).toBeVisible({ timeout: 15_000 });
    await expectAccessible(page);
    failLoad = false;
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(formSections(page).getByRole("heading", { level: 3, name: "Employee" })).toBeVisible();

    // Nothing is written: the answer is replaced by a refusal naming a field.
    await page.route(/\/trpc\/[^?]*formBuilder\.submitForm/, (route) =>
      route.fulfill({
        status: 200,
        contentType: "application/json",
        body: JSON.stringify([
          { result: { data: { success: false, resultMessage: "The field was not found.", errors: { FRM_GRP_999999: "The field was not found.", "sections.0": "Section problem." } } } },
        ]),
      }),
    );
    await page.getByRole("button", { name: "Save form" }).click();
    await page.getByRole("alertdialog", { name: "Save the form?" }).getByRole("button", { name: "Save form" }).click();
    const outcome = page.getByTestId("form-builder-outcome");
    await expect(outcome).toContainText("The field was not found.");
    await expect(outcome).toContainText("Section problem.");
    await expect(formSections(page).getByText("Section problem.")).toBeVisible();

    await page.route(/\/trpc\/[^?]*formBuilder\.submitForm/, (route) => route.fulfill({ status: 500, body: "{}" }));
    await page.getByRole("button", { name: "Save form" }).click();
    await page.getByRole("alertdialog", { name: "Save the form?" }).getByRole("button", { name: "Save form" }).click();
    await expect(outcome).toHaveText("There was an error saving the form.");
  });

  test("HR cannot open the form builder", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    const response = await page.goto("/admin/form-builder?group=acme");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "You do not have access to this page" })).toBeVisible();
    await expectAccessible(page);
  });
});
