import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { openMoveTab } from "./tabs.ts";

/**
 * The HR move page (issue 13 item 4; the spec's employee file summary,
 * `/{group}/employeefile/summaryView`): HR opens a demo open move from the moves list by the
 * employee's name and reads the person, move, policy, estimate, overrides and timeline panels.
 * Demo data: src/db/seed-wizard.ts (Priya Raman, acme, Global Long-Term Assignment, open).
 */


const PANELS = ["Person", "Move", "Policy", "Cost estimate", "Policy overrides"];

test.describe("HR move page", () => {
  test("HR opens an open move from the moves list by the employee's name and sees its panels", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?moves_q=Raman");
    const row = page.getByTestId("move-row").filter({ hasText: "Priya Raman" });
    await row.getByRole("link", { name: "Priya Raman", exact: true }).click();

    await expect(page).toHaveURL(/\/acme\/employeefile\/summaryView\?employeeId=\d+&moveId=\d+/);
    await expect(page.getByRole("heading", { level: 1, name: "Priya Raman" })).toBeVisible();
    for (const name of PANELS) await expect(page.getByRole("heading", { level: 2, name, exact: true })).toBeVisible();

    const person = page.getByTestId("panel-person");
    await expect(person).toContainText("priya.raman@acme.test");
    const move = page.getByTestId("panel-move");
    await expect(move).toContainText("Open");
    await expect(move).toContainText("Pre-Departure (stage 1 of 3)");
    await expect(move).toContainText("London");
    await expect(move).toContainText("Singapore");
    await expect(page.getByTestId("panel-policy")).toContainText("Global Long-Term Assignment");
    await expect(page.getByTestId("panel-policy").getByRole("link", { name: "View policy" })).toHaveAttribute("href", /\/admin\/policy\/view\?employeeId=\d+&moveId=\d+/);
    // The estimate panel shows a version with its approval state, or says none was made.
    await expect(page.getByTestId("panel-estimate")).toContainText(/Total|No cost estimate/);
    await openMoveTab(page, "History");
    await expect(page.getByRole("heading", { level: 2, name: "Timeline", exact: true })).toBeVisible();
    await expect(page.getByTestId("panel-timeline")).toBeVisible();
    await expectAccessible(page);
  });

  test("the wizard's summary of an initiated move shows it as initiated and links to the move page", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?moves_q=Raman");
    const href = await page.getByTestId("move-row").filter({ hasText: "Priya Raman" }).getByRole("link", { name: "Priya Raman", exact: true }).getAttribute("href");
    const ids = new URL(href!, "http://x").searchParams;
    await page.goto(`/acme/new-move?stage=5&employeeId=${ids.get("employeeId")}&moveId=${ids.get("moveId")}`);
    const initiated = page.getByTestId("summary-initiated");
    await expect(initiated).toContainText("Initiated");
    await expect(page.getByRole("button", { name: "Complete initiation" })).toHaveCount(0);
    await initiated.getByRole("link", { name: "Open the move page" }).click();
    await expect(page).toHaveURL(new RegExp(`/acme/employeefile/summaryView\\?employeeId=${ids.get("employeeId")}&moveId=${ids.get("moveId")}`));
    await expect(page.getByRole("heading", { level: 1, name: "Priya Raman" })).toBeVisible();
    await expectAccessible(page);
  });

  test("an unknown move and a page without a move have their own states", async ({ page, loginAs }) => {
    await loginAs(demo.acmeHr);
    await page.goto("/acme/employeefile/summaryView?employeeId=1&moveId=2000000000");
    await expect(page.getByRole("heading", { name: "This move does not exist or is not one of your group's moves." })).toBeVisible();
    await page.goto("/acme/employeefile/summaryView");
    await expect(page.getByRole("heading", { name: "No move chosen" })).toBeVisible();
    await expectAccessible(page);
  });

  test("at 390×844 nothing is wider than the viewport", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAs(demo.acmeHr);
    await page.goto("/acme/home?moves_q=Raman");
    await page.getByTestId("move-row").filter({ hasText: "Priya Raman" }).getByRole("link", { name: "Priya Raman", exact: true }).click();
    await openMoveTab(page, "History");
    await expect(page.getByTestId("panel-timeline")).toBeVisible();
    const result = await overflowing(page);
    expect(result.offenders).toEqual([]);
    expect(result.scrollWidth).toBeLessThanOrEqual(390);
  });
});
