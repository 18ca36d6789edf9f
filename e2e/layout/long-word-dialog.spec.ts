import { expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "./overflow.ts";

/**
 * Issue 24 §6: a dialog wraps long words. The delete dialog of a move hub task whose title is one
 * 200-character word (the longest title there is) keeps its text and both buttons inside a 390 px
 * screen, and the page does not scroll sideways (the shared dialog: one shrinkable column,
 * overflow-wrap: anywhere).
 */
test("the delete dialog of a task named by one 200-character word fits 390 px", async ({ page, loginAs, newMovingEmployee }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const employee = await newMovingEmployee();
  await loginAs(employee.email);
  await page.goto("/movehub");
  await expect(page.getByRole("heading", { level: 1, name: "Move hub" })).toBeVisible();
  const word = `Supercalifragilistic${"x".repeat(180)}`;
  expect(word).toHaveLength(200);
  await page.getByRole("button", { name: /^Add a task to / }).first().click();
  const form = page.getByRole("form", { name: "New task" });
  await form.getByLabel("Title").fill(word);
  await form.getByRole("button", { name: "Save task" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Task saved." })).toBeVisible();

  const row = page.locator("li[data-testid^='task-']").filter({ hasText: word });
  await row.getByRole("button", { name: /^Delete / }).click();
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete this task?");
  await expect(dialog).toContainText(word);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));

  const inside = async (name: string, box: { x: number; y: number; width: number; height: number } | null) => {
    expect(box, name).not.toBeNull();
    expect(box!.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, `${name} ends on screen`).toBeLessThanOrEqual(390);
  };
  await inside("the dialog", await dialog.boundingBox());
  await inside("Cancel", await dialog.getByRole("button", { name: "Cancel" }).boundingBox());
  await inside("Delete", await dialog.getByRole("button", { name: "Delete" }).boundingBox());
  const dialogBox = (await dialog.boundingBox())!;
  const description = await dialog.locator("p").filter({ hasText: word }).boundingBox();
  expect(description!.x + description!.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  expect((await overflowing(page)).scrollWidth).toBeLessThanOrEqual(391);
  await expectAccessible(page);

  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Task deleted." })).toBeVisible();
  await expect(row).toHaveCount(0);
});
