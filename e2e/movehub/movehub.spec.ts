import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";

/**
 * The move hub (issue 14; part 1 §2 "Move hub task list", §4, §5, §9): the demo employee reorders
 * tasks by drag and by keyboard, marks one done, filters overdue, adds / edits / deletes a custom task
 * with the spec's rules, and writes to the consultant — at 1366×900 (employee@acme.test) and at
 * 390×844 (employee@globex.test), so the two sizes never share a hub. Each size's tests run in order
 * (they share the employee's hub) and read the hub's state before changing it.
 * Demo data: src/db/seed-movehub.ts (done, overdue and open tasks for both demo employees).
 */

test.describe.configure({ mode: "serial" });

const section1 = (page: Page) => page.getByTestId("section-1");
const taskTitles = (page: Page) => section1(page).locator("li[data-testid^='task-']").evaluateAll((els) => els.map((el) => el.getAttribute("data-testid")!));

async function openHub(page: Page) {
  await page.goto("/movehub");
  await expect(page.getByRole("heading", { level: 1, name: "Move hub" })).toBeVisible();
  await expect(section1(page).locator("li[data-testid^='task-']").first()).toBeVisible();
}

async function fits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

for (const size of [
  // acme's demo policy has three move stages; globex's has one (no other section to move a task to).
  { name: "desktop", width: 1366, height: 900, email: demo.acmeEmployee, sections: 3 },
  { name: "phone", width: 390, height: 844, email: demo.globexEmployee, sections: 1 },
]) {
  test.describe(`move hub at ${size.width} px`, () => {
    test.beforeEach(async ({ page, loginAs }) => {
      await page.setViewportSize({ width: size.width, height: size.height });
      await loginAs(size.email);
    });

    test("the home page links to the hub; sections, statuses and the overdue filter", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("link", { name: "Open your move hub" }).click();
      await expect(page).toHaveURL(/\/movehub$/);
      await expect(section1(page).locator("li[data-testid^='task-']").first()).toBeVisible();
      await expect(page.locator("li[data-status='DONE']").first()).toBeVisible();
      await expect(page.locator("li[data-status='OVERDUE']").first()).toBeVisible();
      await expect(page.locator("li[data-status='OPEN']").first()).toBeVisible();
      await expectAccessible(page);
      await fits(page, size.width);

      const overdue = await page.locator("li[data-status='OVERDUE']").count();
      await page.getByRole("button", { name: /^Overdue/ }).click();
      await expect(page.getByRole("button", { name: /^Overdue/ })).toHaveAttribute("aria-pressed", "true");
      await expect(page.locator("li[data-testid^='task-']")).toHaveCount(overdue);
      await expect(page.locator("li[data-status='OPEN'], li[data-status='DONE']")).toHaveCount(0);
      await page.getByRole("button", { name: /^Done/ }).click();
      await expect(page.locator("li[data-status='OVERDUE'], li[data-status='OPEN']")).toHaveCount(0);
      await expect(page.locator("li[data-status='DONE']").first()).toBeVisible();
      await page.getByRole("button", { name: /^All/ }).click();
      await expect(page.locator("li[data-status='OPEN']").first()).toBeVisible();
    });

    test("reorder by drag, then by keyboard; the order survives a reload", async ({ page }) => {
      await openHub(page);
      const before = await taskTitles(page);
      expect(before.length).toBeGreaterThanOrEqual(3);
      // Drag the third task of the section above the first one (both on screen).
      const first = section1(page).getByTestId(before[0]!);
      await first.evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.evaluate(() => window.scrollBy(0, 120));
      const third = section1(page).getByTestId(before[2]!);
      const handle = third.getByRole("button", { name: /^Move / });
      const from = (await handle.boundingBox())!;
      const to = (await first.boundingBox())!;
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
      await page.mouse.down();
      await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
      await page.mouse.move(from.x + from.width / 2, to.y + to.height / 3, { steps: 20 });
      await page.mouse.up();
      const dragged = [before[2]!, before[0]!, before[1]!, ...before.slice(3)];
      await expect.poll(() => taskTitles(page)).toEqual(dragged);
      await page.reload();
      await expect.poll(() => taskTitles(page)).toEqual(dragged);

      // Keyboard: Space on the handle of the (now) first task, ArrowDown, Space moves it one place down.
      const keyHandle = section1(page).getByTestId(dragged[0]!).getByRole("button", { name: /^Move / });
      await keyHandle.focus();
      await expect(keyHandle).toBeFocused();
      // dnd-kit's live region announces each step.
      const dndLive = page.locator("[id^=DndLiveRegion]");
      await page.keyboard.press("Space");
      await expect(dndLive).toHaveText(/ is over .*, position 1\.$/);
      await page.keyboard.press("ArrowDown");
      await expect(dndLive).toHaveText(/ is over .*, position 2\.$/);
      await page.keyboard.press("Space");
      await expect(dndLive).toHaveText(/ dropped in .*, position 2\.$/);
      const keyed = [dragged[1]!, dragged[0]!, ...dragged.slice(2)];
      await expect.poll(() => taskTitles(page)).toEqual(keyed);
      await page.reload();
      await expect.poll(() => taskTitles(page)).toEqual(keyed);
      await expectAccessible(page);
    });

    if (size.sections > 1) test("move a task to the previous section with the keyboard", async ({ page }) => {
      await openHub(page);
      const section2 = page.getByTestId("section-2");
      await expect(section2).toBeVisible();
      const moving = section2.locator("li[data-testid^='task-']").first();
      const id = (await moving.getAttribute("data-testid"))!;
      const handle = moving.getByRole("button", { name: /^Move / });
      await handle.focus();
      const dndLive = page.locator("[id^=DndLiveRegion]");
      await page.keyboard.press("Space");
      await expect(dndLive).toHaveText(/ is over /);
      await page.keyboard.press("ArrowUp");
      await expect(dndLive).toHaveText(/ is over Pre-Departure, position \d+\.$/);
      await page.keyboard.press("Space");
      await expect(dndLive).toHaveText(/ dropped in Pre-Departure, position \d+\.$/);
      await expect(section1(page).getByTestId(id)).toBeVisible();
      await page.reload();
      await expect(section1(page).getByTestId(id)).toBeVisible();
      await expect(section2.getByTestId(id)).toHaveCount(0);
    });

    test("a description cut at two lines opens with the keyboard (More / Less), not only with a tap", async ({ page }) => {
      await openHub(page);
      const toggles = page.getByTestId("task-text-toggle");
      if (size.name === "desktop") {
        // At 1366 px the demo descriptions fit: nothing is cut, so there is nothing to open.
        await expect(toggles).toHaveCount(0);
        return;
      }
      const toggle = toggles.first();
      await expect(toggle).toHaveText("More");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      const text = page.locator(`#${await toggle.getAttribute("aria-controls")}`);
      const cut = () => text.evaluate((el) => el.scrollHeight > el.clientHeight + 1);
      expect(await cut()).toBe(true);
      await toggle.focus();
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "true");
      await expect(toggle).toHaveText("Less");
      expect(await cut()).toBe(false);
      await page.keyboard.press("Enter");
      await expect(toggle).toHaveAttribute("aria-expanded", "false");
      await expectAccessible(page);
      await fits(page, size.width);
    });

    test("mark a task done and back", async ({ page }) => {
      await openHub(page);
      const open = page.locator("li[data-status='OPEN']").first();
      const id = (await open.getAttribute("data-testid"))!;
      const task = page.getByTestId(id);
      await task.getByRole("checkbox").click();
      await expect(task).toHaveAttribute("data-status", "DONE");
      await page.reload();
      await expect(page.getByTestId(id)).toHaveAttribute("data-status", "DONE");
      await expect(page.getByTestId(id).getByRole("checkbox")).toBeChecked();
      await page.getByTestId(id).getByRole("checkbox").click();
      await expect(page.getByTestId(id)).not.toHaveAttribute("data-status", "DONE");
    });

    test("add, edit and delete a custom task with the spec's rules", async ({ page }) => {
      await openHub(page);
      const title = `Pack the winter coats ${size.name} ${Date.now()}`;
      await page.getByRole("button", { name: /^Add a task to / }).first().click();
      const form = page.getByRole("form", { name: "New task" });
      await form.getByRole("button", { name: "Save task" }).click();
      await expect(form.getByRole("alert")).toHaveText("Please enter task title.");
      await form.getByLabel("Title").fill(title);
      // A second task while one is being edited (§5).
      await page.getByRole("button", { name: /^Edit / }).first().click();
      await expect(page.getByText("You trying to edit more than one task. Please save other task before continuing.")).toBeVisible();
      // Cancelling an unsaved task asks first (§4); keep editing, then save.
      await form.getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Discard this task?");
      await page.getByRole("button", { name: "Keep editing" }).click();
      await form.getByLabel("Due date").fill("2030-06-01");
      await form.getByRole("button", { name: "Save task" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Task saved." })).toBeVisible();
      const row = page.locator("li[data-testid^='task-']").filter({ hasText: title });
      await expect(row).toBeVisible();
      await expect(row).toHaveAttribute("data-status", "OPEN");

      // Edit: leaving with unsaved changes warns (the leave guard), then save the new title.
      await row.getByRole("button", { name: `Edit ${title}` }).click();
      const edit = page.getByRole("form", { name: `Edit ${title}` });
      await edit.getByLabel("Title").fill(`${title} (done)`);
      await page.getByRole("link", { name: /Home/ }).first().click();
      await expect(page.getByRole("alertdialog")).toContainText("Leave the move hub?");
      await page.getByRole("button", { name: "Stay" }).click();
      await edit.getByRole("button", { name: "Save task" }).click();
      const renamed = page.locator("li[data-testid^='task-']").filter({ hasText: `${title} (done)` });
      await expect(renamed).toBeVisible();
      await expectAccessible(page);
      await fits(page, size.width);

      // Delete asks, then removes the row.
      await renamed.getByRole("button", { name: /^Delete / }).click();
      await expect(page.getByRole("alertdialog")).toContainText("Delete this task?");
      await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Task deleted." })).toBeVisible();
      await expect(renamed).toHaveCount(0);
      await page.reload();
      await expect(section1(page).locator("li[data-testid^='task-']").first()).toBeVisible();
      await expect(page.locator("li[data-testid^='task-']").filter({ hasText: title })).toHaveCount(0);
    });

    test("the message form writes to the consultant", async ({ page }) => {
      await openHub(page);
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "Please enter a message." })).toBeVisible();
      await page.getByLabel("Message", { exact: true }).fill("When will the movers come?");
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Your message was sent to your consultant." })).toBeVisible();
      await expectAccessible(page);
    });
  });
}

test("HR of the move's group opens the employee's hub; another group's HR cannot", async ({ page, loginAs, request }) => {
  await loginAs(demo.acmeEmployee);
  const view = await page.request.get("/trpc/movehub.view?input=" + encodeURIComponent(JSON.stringify({})));
  const moveId = (await view.json()).result.data.moveId as number;
  await page.context().clearCookies();
  await loginAs(demo.acmeHr);
  await page.goto(`/movehub?moveId=${moveId}`);
  await expect(section1(page).locator("li[data-testid^='task-']").first()).toBeVisible();
  await expect(page.getByText("Emma Lindqvist · Your tasks")).toBeVisible();
  // HR has no hub of its own: without ?moveId= the page says to choose an employee (not "no move hub").
  await page.goto("/movehub");
  await expect(page.getByRole("heading", { name: "No employee chosen" })).toBeVisible();
  await expect(page.getByText("Open an employee's move hub from their move page.")).toBeVisible();
  await expectAccessible(page);
  await page.context().clearCookies();
  await loginAs(demo.globexHr);
  await page.goto(`/movehub?moveId=${moveId}`);
  await expect(page.getByRole("heading", { name: "There is no move hub for this move." })).toBeVisible();
  void request;
});
