import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, field, fillAssignment, fillStage2, L, steps, uniqueEmail } from "./wizard-helpers.ts";

/**
 * The new-move wizard end to end (part 1 §2, §4): policy → initiation form → (overrides) →
 * summary → complete, for a no-estimate policy and a city-guide-only one, and a draft that is
 * saved and resumed. Every test creates its own employee (unique e-mail).
 */
test.describe("new-move wizard", () => {
  test("a no-estimate policy: stages 1, 2, 3 and 5, then complete lands on the group home", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("grad");
    await loginAs(demo.globexHr);
    await page.goto("/globex/new-move");
    await expect(page.getByRole("heading", { level: 1, name: "New move" })).toBeVisible();
    await expect(steps(page).locator('[aria-current="step"]')).toContainText("Policy");
    await expectAccessible(page);

    await choosePolicy(page, "Globex Graduate Move");
    // No cost estimate: the breadcrumb has no estimate stage.
    await expect(steps(page).getByText("Cost estimate")).toHaveCount(0);
    await expect(steps(page).getByText("Policy overrides")).toBeVisible();
    await expect(steps(page).locator('[aria-current="step"]')).toContainText("Employee and move");
    await expectAccessible(page);

    await fillStage2(page, { firstName: "Grace", lastName: "Graduate", email });
    await page.getByRole("button", { name: "Continue" }).click();

    // Stage 3 (policy overrides), with the move in the URL.
    await expect(page).toHaveURL(/stage=3/);
    await expect(page).toHaveURL(/employeeId=\d+/);
    await expect(page).toHaveURL(/moveId=\d+/);
    await expect(steps(page).locator('[aria-current="step"]')).toContainText("Policy overrides");
    await page.getByRole("button", { name: /^Next/ }).click();

    // Stage 5: the summary.
    await expect(page).toHaveURL(/stage=5/);
    const summary = page.getByTestId("summary");
    await expect(summary).toContainText("Grace Graduate");
    await expect(summary).toContainText(email);
    await expect(summary).toContainText("Globex Graduate Move");
    await expect(page.getByTestId("welcome-email")).toHaveText("No welcome e-mail is sent for this policy.");
    await expectAccessible(page);

    await page.getByRole("button", { name: "Complete initiation" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Complete the initiation?" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Complete initiation" }).click();
    await expect(page).toHaveURL(/\/globex\/home/);
    await expect(page.getByTestId("moves-notice")).toContainText("Grace Graduate's move has been initiated.");
  });

  test("a city-guide-only policy hides stages 3 and 4 and sends the welcome e-mail", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("guide", "acme.test");
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    const crumb = steps(page);
    await expect(crumb.getByText("Policy overrides")).toHaveCount(0);
    await expect(crumb.getByText("Cost estimate")).toHaveCount(0);
    await expect(crumb.getByRole("listitem")).toHaveCount(3);

    await fillStage2(page, { firstName: "Cory", lastName: "Guide", email });
    await page.getByRole("button", { name: "Continue" }).click();

    // Straight to the summary.
    await expect(page).toHaveURL(/stage=5/);
    await expect(page.getByTestId("summary")).toContainText("City Guide Only");
    await expect(page.getByTestId("welcome-email")).toHaveText("Completing the initiation sends the employee the welcome e-mail.");
    await expectAccessible(page);

    // A stage the policy hides, asked for in the URL, is corrected.
    const url = new URL(page.url());
    url.searchParams.set("stage", "4");
    await page.goto(url.toString());
    await expect(page).toHaveURL(/stage=2/);
    await page.goBack();
    await expect(page).toHaveURL(/stage=5/);

    await page.getByRole("button", { name: "Complete initiation" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Complete initiation" }).click();
    await expect(page).toHaveURL(/\/acme\/home/);

    // The welcome e-mail is in the admin outbox.
    await loginAs(demo.admin);
    await page.goto("/admin/outbox");
    await page.getByLabel("Search e-mails").fill(email);
    await expect(page.getByTestId("outbox-row")).toHaveCount(1);
  });

  test("a draft is saved, goes home, and resumes with its values", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail("draft", "acme.test");
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "City Guide Only");
    const stage2 = new URL(page.url());
    await field(page, L.firstName).fill("Dana");
    await field(page, L.lastName).fill("Draft");
    await field(page, L.email).fill(email);

    // Capture the ids the server gives the draft.
    const saved = page.waitForResponse((r) => r.url().includes("wizard.createNewEmployee") && r.request().method() === "POST");
    await page.getByRole("button", { name: "Save as draft" }).click();
    const body = (await (await saved).json()) as Array<{ result: { data: { employeeId: number; moveId: number; success: boolean } } }>;
    const data = body[0]!.result.data;
    expect(data.success).toBe(true);
    await expect(page).toHaveURL(/\/acme\/home/);
    await expect(page.getByTestId("moves-notice")).toContainText("The move has been saved as a draft.");

    // Resume from the moves list: the saved values are back (the server prefills them).
    await page.getByRole("link", { name: "Resume the move of Dana Draft" }).first().click();
    await expect(page).toHaveURL(new RegExp(`employeeId=${data.employeeId}`));
    await expect(page).toHaveURL(new RegExp(`moveId=${data.moveId}`));
    await expect(field(page, L.firstName)).toHaveValue("Dana");
    await expect(field(page, L.lastName)).toHaveValue("Draft");
    await expect(field(page, L.email)).toHaveValue(email);
    await expectAccessible(page);

    // The same from a bookmarked URL (reload keeps it all).
    stage2.searchParams.set("employeeId", String(data.employeeId));
    stage2.searchParams.set("moveId", String(data.moveId));
    await page.goto(stage2.toString());
    await expect(field(page, L.lastName)).toHaveValue("Draft");
  });

  test("an estimate policy: stage 6 offers the skip path to the summary; Back returns to the overrides", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "Global Long-Term Assignment");
    // ADVANCED estimate: every stage, the estimate inputs (6) included.
    await expect(steps(page).getByRole("listitem")).toHaveCount(6);
    await fillStage2(page, { firstName: "Avery", lastName: "Advanced", email: uniqueEmail("adv", "acme.test") });
    await fillAssignment(page);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/stage=3/);
    await page.getByRole("button", { name: /^Next/ }).click();

    // Stage 6 (the advanced estimate's inputs) comes first; the documented skip path leaves the estimate out.
    await expect(page).toHaveURL(/stage=6/);
    await expect(page.getByTestId("estimate-inputs")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Skip the estimate and continue" }).click();
    await expect(page).toHaveURL(/stage=5/);
    await expect(page).toHaveURL(/skipCE=true/);
    await expect(page.getByTestId("summary")).toContainText("Avery Advanced");
    // The skipped estimate stages are marked as skipped, not done.
    await expect(steps(page).getByText("(skipped)")).toHaveCount(2);
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(/stage=3/);
  });

  test("the form-builder preview saves nothing", async ({ page, loginAs }) => {
    await loginAs(demo.admin);
    await page.goto("/acme/admin/new-move?stage=1");
    await expect(page.getByRole("heading", { level: 1, name: "Initiation form preview" })).toBeVisible();
    await expect(page.getByTestId("preview-banner")).toContainText("Preview: nothing is saved");
    await choosePolicy(page, "City Guide Only");
    await field(page, L.firstName).fill("Pre");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByTestId("initiation-notice")).toHaveText("This is a preview of the initiation form: nothing is saved.");
    await expect(page).toHaveURL(/stage=2/);
    await expectAccessible(page);
  });
});
