import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { SIZES, fits, signedIn } from "./journey.ts";

/**
 * Issue 24 §4 journey, end to end in one test at 1366×900 and then 390×844 (axe on every page, nothing wider than
 * the viewport): a manager (manager-own@acme.test, dashboard ON, view OWN) opens a move from the manager dashboard,
 * sees it read-only (no edit controls, the "Read only" mark) and writes their note (the group home's moves list links
 * the same page); HR has written its own notes on
 * the same move before, and then sees them unchanged on its move page's Notes tab, with the manager's note apart
 * in "Managers' notes". A move outside the manager's restrictions answers "not found".
 */

const OWN = "manager-own@acme.test";

test("a manager opens a move from the dashboard, reads it and writes their note; HR's notes stay apart (1366 and 390 px)", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  for (const size of SIZES) {
    const manager = await signedIn(browser, baseURL, OWN, size);
    const hr = await signedIn(browser, baseURL, demo.acmeHr, size);
    const m = manager.page;
    const h = hr.page;

    // The manager's dashboard: each row has its Actions, the move opens from there.
    await m.goto("/acme/managerDashboard");
    await expect(m.getByRole("heading", { level: 1, name: "Manager dashboard" })).toBeVisible({ timeout: 20_000 });
    const row = m.getByTestId("dashboard-row").first();
    await expect(row).toBeVisible({ timeout: 20_000 });
    await fits(m, size.width);
    const open = row.getByTestId("dashboard-open-move");
    await expect(open).toBeVisible();
    const href = (await open.getAttribute("href")) ?? "";
    const url = new URL(href, baseURL);
    const employeeId = url.searchParams.get("employeeId");
    const moveId = url.searchParams.get("moveId");
    const moveIdName = ((await row.locator('td[data-column="lastName"] > [data-value]').textContent()) ?? "").trim();
    expect(employeeId).toMatch(/^\d+$/);
    expect(moveId).toMatch(/^\d+$/);

    // HR writes its own notes on the move first (Notes tab, autosaved).
    const hrText = `HR only: relocation allowance agreed (${size.width} px, ${Date.now()})`;
    await h.goto(`/acme/employeefile/summaryView?employeeId=${employeeId}&moveId=${moveId}&tab=notes`);
    const hrPanel = h.getByTestId("panel-hr-notes");
    const hrNotes = hrPanel.getByLabel("Notes for HR (not shown to the employee)");
    await expect(hrNotes).toBeVisible({ timeout: 20_000 });
    await hrNotes.fill(hrText);
    await expect(hrPanel.getByTestId("autosave-status")).toHaveAttribute("data-status", "saved");

    // The manager opens the move: read-only, with their own note.
    await open.click();
    await expect(m).toHaveURL(new RegExp(`/acme/managerDashboard/move\\?employeeId=${employeeId}&moveId=${moveId}$`));
    await expect(m.getByTestId("manager-move")).toBeVisible({ timeout: 20_000 });
    await expect(m.getByTestId("manager-move-read-only")).toHaveText("Read only");
    await expect(m.getByTestId("manager-move-panel-move")).toBeVisible();
    await expect(m.getByTestId("manager-move-panel-person")).toBeVisible();
    // Nothing of HR's to edit: no profile edit, no HR notes, no wizard or estimate links.
    await expect(m.getByRole("button", { name: /edit profile/i })).toHaveCount(0);
    await expect(m.getByText("Notes for HR (not shown to the employee)")).toHaveCount(0);
    await expect(m.getByRole("link", { name: /resume|view the estimate|open the estimate/i })).toHaveCount(0);
    await expect(m.getByRole("textbox")).toHaveCount(1);
    await expectAccessible(m);
    await fits(m, size.width);

    const managerText = `Team lead briefed, desk ready (${size.width} px, ${Date.now()})`;
    const note = m.getByTestId("manager-move-note-text");
    await note.fill(managerText);
    await m.getByTestId("manager-move-note").getByRole("button", { name: "Save note" }).click();
    await expect(m.getByTestId("manager-move-note-status")).toHaveText("Saved");
    await m.reload();
    await expect(m.getByTestId("manager-move-note-text")).toHaveValue(managerText, { timeout: 20_000 });

    // Back on the dashboard, the manager's row shows the manager's own note.
    await m.getByTestId("manager-move-back").first().click();
    await expect(m.locator(`[data-testid="dashboard-row"][data-move="${moveId}"]`).getByTestId("dashboard-note")).toHaveText(managerText, { timeout: 20_000 });

    // The group home's moves list links the same move page.
    await m.goto(`/acme/home?moves_q=${encodeURIComponent(moveIdName)}`);
    await m.locator(`[data-testid="manager-move-link"][href*="moveId=${moveId}"]`).first().click();
    await expect(m.getByTestId("manager-move")).toBeVisible({ timeout: 20_000 });
    await expect(m.getByTestId("manager-move-note-text")).toHaveValue(managerText);

    // A move outside the manager's restrictions (an acme move they did not create): not found, nothing shown.
    await m.goto(`/acme/managerDashboard/move?employeeId=${employeeId}&moveId=999999`);
    await expect(m.getByTestId("manager-move-error")).toContainText("could not be found", { timeout: 20_000 });

    // HR: its own notes unchanged, the manager's note apart.
    await h.reload();
    await expect(h.getByTestId("panel-hr-notes").getByLabel("Notes for HR (not shown to the employee)")).toHaveValue(hrText, { timeout: 20_000 });
    const apart = h.getByTestId("panel-manager-notes");
    await expect(apart.getByRole("heading", { name: "Managers' notes" })).toBeVisible();
    await expect(apart.getByTestId("manager-note").filter({ hasText: managerText })).toHaveCount(1);
    await expect(apart.getByTestId("manager-note").filter({ hasText: managerText })).toContainText("Owen Ortiz");
    await expect(hrPanel).not.toContainText(managerText);
    await expectAccessible(h);
    await fits(h, size.width);

    await manager.context.close();
    await hr.context.close();
  }
});
