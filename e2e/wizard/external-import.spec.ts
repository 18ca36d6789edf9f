import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, field, L, uniqueEmail } from "./wizard-helpers.ts";

/**
 * Part 1 §2 new-move `externalImport` (issue 23 item 22): a move an import saved opens at stage 2 with its
 * form already checked, so what the import left out is marked (the moves list's resume link of an imported
 * move carries the flag: src/routers/moves/wizard/moves-imported.test.ts); without the flag the same draft opens
 * unmarked. The flag stays in the URL through the wizard's own navigation.
 */
test("externalImport: the imported draft opens checked, the fields left out marked", async ({ page, loginAs }) => {
  test.setTimeout(60_000);
  await loginAs(demo.acmeHr);
  await page.goto("/acme/new-move");
  await choosePolicy(page, "City Guide Only");
  const stage2 = new URL(page.url());
  // A draft with only the names and the address, as a sparse import row leaves it.
  await field(page, L.firstName).fill("Ivo");
  await field(page, L.lastName).fill("Imported");
  await field(page, L.email).fill(uniqueEmail("imported", "acme.test"));
  const saved = page.waitForResponse((r) => r.url().includes("wizard.createNewEmployee") && r.request().method() === "POST");
  await page.getByRole("button", { name: "Save as draft" }).click();
  const data = ((await (await saved).json()) as Array<{ result: { data: { employeeId: number; moveId: number } } }>)[0]!.result.data;
  await expect(page).toHaveURL(/\/acme\/home/);

  stage2.searchParams.set("employeeId", String(data.employeeId));
  stage2.searchParams.set("moveId", String(data.moveId));
  // Without the flag: no notice, nothing marked.
  await page.goto(stage2.toString());
  await expect(field(page, L.firstName)).toHaveValue("Ivo");
  await expect(page.getByTestId("initiation-notice")).toHaveCount(0);
  await expect(page.locator('[aria-invalid="true"]')).toHaveCount(0);

  // With it: the notice, and the required places the draft has not got are marked at once.
  stage2.searchParams.set("externalImport", "true");
  await page.goto(stage2.toString());
  await expect(field(page, L.firstName)).toHaveValue("Ivo");
  await expect(page.getByTestId("initiation-notice")).toHaveText("This move came from an import. Please complete the fields marked before continuing.");
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  expect(await page.locator('[aria-invalid="true"]').count()).toBeGreaterThan(0);
  await expect(field(page, L.firstName)).not.toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);

  // Back to stage 1 keeps the flag (and the move).
  await page.getByRole("button", { name: "Back" }).click();
  await expect(page).toHaveURL(/stage=1/);
  await expect(page).toHaveURL(/externalImport=true/);
  await expect(page).toHaveURL(new RegExp(`moveId=${data.moveId}`));
});
