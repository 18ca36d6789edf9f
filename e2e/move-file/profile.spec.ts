import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { openMoveTab } from "./tabs.ts";

/**
 * The HR move page's employee-file edits (issue 14; part 2 §7 profile/edit, profile/edit/dynamic,
 * saveHRNotes): HR edits the profile in its dialog (a bad e-mail first, refused under its field), edits
 * an initiation detail in place (a bad value first), types HR notes and sees them Saved, also after a
 * reload; at 1366×900 and 390×844 with axe-core and nothing wider than the viewport. Each test makes
 * its own draft move through the wizard's API, so parallel specs never share one.
 */

type Move = { employeeId: number; moveId: number; email: string };

async function trpcGet<T>(page: Page, path: string, input: unknown): Promise<T> {
  const res = await page.request.get(`/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input))}`);
  expect(res.status(), path).toBe(200);
  return ((await res.json()) as { result: { data: T } }).result.data;
}

/** A new acme employee with a draft move (stage 2 saved as a draft), made as HR through the API. */
async function draftMove(page: Page, baseURL: string | undefined, tag: string): Promise<Move> {
  const policies = await trpcGet<{ policies: { policyVersionId: number; name: string }[] }>(page, "wizard.policySelectForm", { group: "acme" });
  const policy = policies.policies.find((p) => p.name === "Global Long-Term Assignment") ?? policies.policies[0]!;
  const email = `profile-${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const values: Record<string, string> = { "employee.firstName": "Robin", "employee.lastName": `Profile${tag}`, "employee.email": email };
  const items = Object.entries(values).map(([modelName, formValue]) => ({ modelName, formType: "text", formValue }));
  const res = await page.request.post("/trpc/wizard.createNewEmployee", {
    data: { group: "acme", policyVersionId: policy.policyVersionId, items, saveAsDraft: true },
    headers: { Origin: baseURL ?? "" },
  });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { result: { data: { success: boolean; employeeId: number; moveId: number; message: string | null } } };
  expect(body.result.data, JSON.stringify(body.result.data)).toMatchObject({ success: true });
  return { employeeId: body.result.data.employeeId, moveId: body.result.data.moveId, email };
}

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

async function editProfile(page: Page, tag: string) {
  await page.getByTestId("edit-profile").click();
  const dialog = page.getByRole("dialog", { name: "Edit the employee's profile" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Email")).not.toHaveValue("");
  await expectAccessible(page);

  // A bad e-mail first: the wizard's stage-2 text under the field, nothing saved.
  await dialog.getByLabel("Email").fill("robin@example");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog.getByText("Email not in proper format.")).toBeVisible();
  await expect(dialog.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");
  await expect(dialog).toBeVisible();

  const email = `robin.${tag}.${Date.now()}@example.com`;
  await dialog.getByLabel("First name").fill("Robyn");
  await dialog.getByLabel("Last name").fill(`Edited${tag}`);
  await dialog.getByLabel("Email").fill(email);
  await dialog.getByLabel("Phone").fill("+44 20 7946 0958");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId("profile-status")).toHaveText("Profile saved.");
  await expect(page.getByRole("heading", { level: 1, name: `Robyn Edited${tag}` })).toBeVisible();
  await expect(page.getByTestId("panel-person")).toContainText(email);
  await openMoveTab(page, "History");
  await expect(page.getByTestId("panel-timeline")).toContainText("Profile edited");
  await openMoveTab(page, "Overview");
}

async function editDetail(page: Page) {
  const row = page.getByTestId("form-value").filter({ hasText: "Number of accompanying children" });
  await row.getByRole("button", { name: "Edit Number of accompanying children" }).click();
  const input = row.getByLabel("Number of accompanying children");
  await input.fill("two");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByText("Please enter a numeric value for Number of accompanying children")).toBeVisible();
  await expectAccessible(page);
  await input.fill("2");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByTestId("form-value-shown")).toHaveText("2");
  await expect(page.getByTestId("form-values-status")).toHaveText("Number of accompanying children saved.");
  await openMoveTab(page, "History");
  await expect(page.getByTestId("panel-timeline")).toContainText("Initiation detail edited");
  await openMoveTab(page, "Overview");
}

async function writeNotes(page: Page, text: string) {
  await openMoveTab(page, "Notes");
  const panel = page.getByTestId("panel-hr-notes");
  const notes = panel.getByLabel("Notes for HR (not shown to the employee)");
  await expect(panel.getByTestId("hr-notes-saved")).toHaveText("No notes yet.");
  await notes.click();
  await notes.pressSequentially(text, { delay: 15 });
  await expect(panel.getByTestId("autosave-status")).toHaveAttribute("data-status", "saved");
  await expect(panel.getByTestId("autosave-status")).toHaveText("Saved");
  await page.reload();
  await expect(panel.getByLabel("Notes for HR (not shown to the employee)")).toHaveValue(text);
  await expect(panel.getByTestId("hr-notes-saved")).toContainText("Saved");
  await expect(panel.getByTestId("hr-notes-saved")).toContainText("by ");
}

test("1366×900: HR edits the profile, an initiation detail and the HR notes", async ({ page, loginAs, baseURL }) => {
  // The edits open three of the move page's tabs (issue 24 §4): more steps than one page had.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeHr);
  const move = await draftMove(page, baseURL, "desk");
  await page.goto(`/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Robin Profiledesk" })).toBeVisible();
  await expect(page.getByTestId("panel-form-values")).toContainText("Number of accompanying children");
  await expectAccessible(page);
  await fits(page, 1366);

  await editProfile(page, "desk");
  await editDetail(page);
  await writeNotes(page, "Prefers a flat near the office. Call after 4 pm.");
  await expectAccessible(page);
  await fits(page, 1366);
});

test("390×844: the same edits on a phone", async ({ page, loginAs, baseURL }) => {
  // The edits open three of the move page's tabs (issue 24 §4): more steps than one page had.
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(demo.acmeHr);
  const move = await draftMove(page, baseURL, "phone");
  await page.goto(`/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Robin Profilephone" })).toBeVisible();
  await expectAccessible(page);
  await fits(page, 390);

  await editProfile(page, "phone");
  await editDetail(page);
  await fits(page, 390);
  await writeNotes(page, "Needs a school place.");
  await expectAccessible(page);
  await fits(page, 390);
});
