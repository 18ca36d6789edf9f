import { demo, expect, expectAccessible, test } from "../fixtures.ts";

/** The CRM reminders table (issue 26; part 2 §2 "Reminders admin table"): add, send now, delete. */
for (const width of [1366, 390]) {
  test(`a CRM agent adds two reminders, sends one and deletes the other (${width} px)`, async ({ page, loginAs, newMovingEmployee }) => {
    await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
    const employee = await newMovingEmployee("acme");
    await loginAs(demo.crm);
    await page.goto(`/crm/reminders?userId=${employee.userId}&moveId=${employee.moveId}`);
    await expect(page.getByRole("heading", { name: "CRM reminders", level: 1 })).toBeVisible();
    await expect(page.getByText("No reminders match these filters.")).toBeVisible();
    await expectAccessible(page);

    const tag = `${width}-${Date.now()}`;
    const form = page.getByRole("form", { name: "Add a reminder" });
    const add = async (text: string) => {
      await form.getByLabel("Find the employee's move").fill(String(employee.moveId));
      const move = form.getByLabel("Employee and move");
      await expect(move.locator("option", { hasText: `move ${employee.moveId} ` })).toHaveCount(1);
      await move.selectOption({ label: (await move.locator("option", { hasText: `move ${employee.moveId} ` }).textContent())! });
      await form.getByLabel("Owner").selectOption({ label: "Carl Caller" });
      await expect(form.getByLabel("Owner")).toHaveValue(/^\d+$/);
      await form.getByRole("textbox", { name: "Reminder" }).fill(text);
      await form.getByRole("button", { name: "Save reminder" }).click();
      await expect(page.getByRole("status").filter({ hasText: "Reminder saved." })).toBeVisible();
      await expect(page.getByRole("row").filter({ hasText: text })).toBeVisible();
    };
    await add(`Call about schools ${tag}`);
    await add(`Check the lease ${tag}`);

    const first = page.getByRole("row").filter({ hasText: `Call about schools ${tag}` });
    await first.getByRole("button", { name: "Send now" }).click();
    const confirmSend = page.getByRole("alertdialog", { name: "Send this reminder now?" });
    await expect(confirmSend).toBeVisible();
    await expectAccessible(page);
    await confirmSend.getByRole("button", { name: "Send now" }).click();
    await expect(page.getByText("Reminder sent.")).toBeVisible();
    await expect(first.getByText("Sent", { exact: true })).toBeVisible();
    await expect(first.getByRole("button", { name: "Send now" })).toHaveCount(0);

    const second = page.getByRole("row").filter({ hasText: `Check the lease ${tag}` });
    await second.getByRole("button", { name: "Delete" }).click();
    await page.getByRole("alertdialog", { name: "Delete this reminder?" }).getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Reminder deleted.")).toBeVisible();
    await expect(second).toHaveCount(0);

    // The page fits the window: nothing wider than it outside the table's own scroll box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width + 1);
    await expect(page.getByText(/CONFLICT|FORBIDDEN|NOT_FOUND|BAD_REQUEST/)).toHaveCount(0);
  });
}

test("HR cannot open the CRM reminders", async ({ page, loginAs }) => {
  await loginAs(demo.acmeHr);
  const response = await page.goto("/crm/reminders");
  expect(response?.status()).toBe(403);
});
