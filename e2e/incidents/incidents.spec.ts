import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { insertIncidentGroup } from "./insert-group.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * Incidents (issue 15; part 1 §6 "incident counts", §7 open-incidents-count): HR raises an incident on a move
 * from the move page's Incidents card, escalates it and closes another, each after confirming; an admin then
 * reads "Open incidents: 1 (1 escalated)" for that group on the managers admin list. Each test works in a
 * group of its own (insert-group.ts), so no other spec's counts or lists change.
 */

/** Nothing wider than the viewport outside a box that scrolls. */
async function expectFits(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const size of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test.describe(`incidents at ${size.width} px`, () => {
    test.use({ viewport: size });

    test("HR raises and escalates an incident on a move and closes another; the admin sees the group's open counts", async ({ page, loginAs }) => {
      test.setTimeout(90_000);
      const g = insertIncidentGroup("incidents");
      await loginAs(g.hrEmail);
      await page.goto(`/${g.name}/employeefile/summaryView?employeeId=${g.employeeId}&moveId=${g.moveId}`);
      await expect(page.getByRole("heading", { level: 1, name: g.employeeName })).toBeVisible();
      await openMoveTab(page, "Incidents");
      const card = page.getByTestId("incidents-panel");
      await expect(card.getByRole("heading", { level: 2, name: "Incidents" })).toBeVisible();
      await expect(card.getByText("No incidents have been raised on this move.")).toBeVisible();
      await card.scrollIntoViewIfNeeded();
      await expectAccessible(page);
      await expectFits(page);

      // Raise: the browser checks the server's schema first.
      await card.getByRole("button", { name: "Raise incident" }).click();
      let dialog = page.getByRole("dialog", { name: "Raise incident" });
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Raise incident" }).click();
      await expect(dialog.getByText("Please choose the kind of incident.")).toBeVisible();
      await expect(dialog.getByText("Please enter a title.")).toBeVisible();
      await expectAccessible(page);
      await dialog.getByLabel("Kind").selectOption({ label: "Exception" });
      await dialog.getByLabel("Title").fill("Lease above the housing cap");
      await dialog.getByLabel("Description").fill("The landlord asks 8% above the policy's cap.");
      await dialog.getByRole("button", { name: "Raise incident" }).click();
      await expect(dialog).toBeHidden();
      await expect(card.getByRole("status").getByText("Incident raised: Lease above the housing cap.")).toBeVisible();
      const first = card.getByTestId("incident-row").filter({ hasText: "Lease above the housing cap" });
      await expect(first.getByTestId("incident-status")).toHaveText("Open");
      await expect(first.getByTestId("incident-escalated")).toHaveCount(0);

      // Escalate, after confirming (keyboard: the confirm button is reachable and pressed with Enter).
      await first.getByRole("button", { name: "Escalate Lease above the housing cap" }).click();
      const confirm = page.getByRole("alertdialog", { name: "Escalate this incident?" });
      await expect(confirm).toBeVisible();
      await expectAccessible(page);
      await confirm.getByRole("button", { name: "Escalate" }).focus();
      await page.keyboard.press("Enter");
      await expect(card.getByRole("status").getByText("Escalated: Lease above the housing cap.")).toBeVisible();
      await expect(first.getByTestId("incident-escalated")).toHaveText("Escalated");
      await expect(first.getByRole("button", { name: /^Escalate/ })).toHaveCount(0);

      // A second one, closed after confirming (Cancel first: nothing happens).
      await card.getByRole("button", { name: "Raise incident" }).click();
      dialog = page.getByRole("dialog", { name: "Raise incident" });
      await dialog.getByLabel("Kind").selectOption({ label: "Service issue" });
      await dialog.getByLabel("Title").fill("Movers late");
      await dialog.getByRole("button", { name: "Raise incident" }).click();
      await expect(card.getByRole("status").getByText("Incident raised: Movers late.")).toBeVisible();
      const second = card.getByTestId("incident-row").filter({ hasText: "Movers late" });
      await second.getByRole("button", { name: "Close Movers late" }).click();
      let closeDialog = page.getByRole("alertdialog", { name: "Close this incident?" });
      await closeDialog.getByRole("button", { name: "Cancel" }).click();
      await expect(closeDialog).toBeHidden();
      await expect(second.getByTestId("incident-status")).toHaveText("Open");
      await second.getByRole("button", { name: "Close Movers late" }).click();
      closeDialog = page.getByRole("alertdialog", { name: "Close this incident?" });
      await closeDialog.getByRole("button", { name: "Close" }).click();
      await expect(card.getByRole("status").getByText("Closed: Movers late.")).toBeVisible();
      await expect(second.getByTestId("incident-status")).toHaveText("Closed");
      // Newest first.
      await expect(card.getByTestId("incident-row").first()).toContainText("Movers late");
      await expectAccessible(page);
      await expectFits(page);

      // The admin's managers list: the group's open incidents, and every group's when none is chosen.
      await loginAs(demo.admin);
      await page.goto(`/admin/managers/list?groupName=${g.name}`);
      await expect(page.getByTestId("open-incidents-summary")).toHaveText("Open incidents: 1 (1 escalated)");
      await expectAccessible(page);
      await expectFits(page);
      const documented = await page.request.get(`/api/admin/incidents/open-incidents-count?groupName=${g.name}`);
      expect(await documented.json()).toEqual({ openIncidents: 1, openEscalatedIncidents: 1 });
    });
  });
}
