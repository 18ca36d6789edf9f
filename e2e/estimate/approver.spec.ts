import type { Page } from "@playwright/test";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { overflowing } from "../layout/overflow.ts";
import { estimateStage, nextFromOverrides, startMove, STA_POLICY, uniqueEmail } from "./estimate-helpers.ts";
import { openMoveTab } from "../move-file/tabs.ts";

/**
 * Issue 13 item 6: approval is the approver's. HR sends the estimate for approval; the e-mail (read
 * from the admin outbox, as the other e2e tests read mailed links) carries a signed link to the
 * public approver's page, where the approver rejects with a comment (required) or approves. HR's
 * move page and the estimate stage show the state. The page fits 390 and 1366 px and is axe-clean.
 */

type OutboxRow = { to: string; template: string; link: string | null; createdAt: string };

/** The newest approval e-mail to `to`, through the admin outbox (signs in as the admin). */
async function approvalLink(page: Page, loginAs: (email: string) => Promise<void>, to: string, count: number): Promise<string> {
  await loginAs(demo.admin);
  let rows: OutboxRow[] = [];
  await expect
    .poll(async () => {
      const res = await page.request.get(`/trpc/mail.outbox?input=${encodeURIComponent(JSON.stringify({ search: to }))}`);
      const body = (await res.json()) as { result?: { data?: { rows: OutboxRow[] } } };
      rows = (body.result?.data?.rows ?? []).filter((r) => r.to === to && r.template === "estimateApproval");
      return rows.length;
    })
    .toBe(count);
  const newest = rows.sort((a, b) => b.createdAt.localeCompare(a.createdAt))[0]!;
  const url = new URL(newest.link!);
  expect(url.pathname).toBe("/estimate-approval");
  expect(url.searchParams.get("token")).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return `${url.pathname}${url.search}`;
}

async function expectFits(page: Page, width: number) {
  const result = await overflowing(page);
  expect(result.offenders).toEqual([]);
  expect(result.scrollWidth).toBeLessThanOrEqual(width);
}

async function sendForApproval(page: Page) {
  await page.getByTestId("send-for-approval").click();
  await page.getByTestId("send-confirm").click();
  await expect(page.getByTestId("estimate-notice")).toContainText("for approval", { timeout: 30_000 });
}

test.describe("the approver's signed link (issue 13 item 6)", () => {
  test("HR sends; the approver rejects with a comment, then approves the next version; HR sees each state", async ({ page, loginAs }) => {
    test.setTimeout(240_000);
    const approver = uniqueEmail("approver", "acme.test");
    await loginAs(demo.acmeHr);
    const move = await startMove(page, STA_POLICY, { first: "Abel", last: "Approvee" });
    await nextFromOverrides(page, 4);
    await estimateStage(page);
    const stage4 = page.url();
    const panel = page.getByTestId("approval-panel");
    await panel.getByLabel("Approver name").fill("Ada Approver");
    await panel.getByLabel("Approver e-mail").fill(approver);
    await sendForApproval(page);
    const moveFile = `/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`;
    await page.goto(moveFile);
    await expect(page.getByTestId("approval-state")).toContainText("Pending");
    await expect(page.getByTestId("approval-state")).toContainText(approver);

    // ── the approver, on a phone: reads the estimate, rejects (a comment is required) ──
    const first = await approvalLink(page, loginAs, approver, 1);
    await page.context().clearCookies();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(first);
    await expect(page.getByRole("heading", { level: 1, name: "Cost estimate approval" })).toBeVisible();
    const facts = page.getByTestId("approval-facts");
    await expect(facts).toContainText(move.name);
    await expect(facts).toContainText("Short-Term Assignment");
    await expect(facts).toContainText("London");
    await expect(facts).toContainText("Berlin");
    await expect(page.getByText("Acme Corp asks you to approve this cost estimate.")).toBeVisible();
    await expect(page.getByTestId("approval-total")).toContainText(/[A-Z]{3} [\d,]+/);
    await expectFits(page, 390);
    await expectAccessible(page);

    await page.getByRole("button", { name: "Reject" }).click();
    const comment = page.getByLabel("Comment");
    await expect(comment).toBeFocused();
    await expect(comment).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Please say why you reject the estimate.")).toBeVisible();
    await expectAccessible(page);
    // Keyboard only: type the comment, Tab to Reject, confirm in the dialog.
    await comment.fill("Housing allowance is above our budget.");
    await page.getByRole("button", { name: "Reject" }).focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("Reject version");
    await expectAccessible(page);
    await dialog.getByRole("button", { name: "Reject" }).press("Enter");
    await expect(page.getByTestId("approval-done")).toContainText("You rejected version");
    await expectFits(page, 390);

    // The link is used: on a desktop it says so.
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.reload();
    await expect(page.getByTestId("approval-closed")).toContainText("was rejected on");
    await expect(page.getByTestId("approval-form")).toHaveCount(0);
    await expectFits(page, 1366);
    await expectAccessible(page);

    // ── HR sees "Rejected" with the comment on the move page and the stage ──
    await loginAs(demo.acmeHr);
    await page.goto(moveFile);
    const state = page.getByTestId("approval-state");
    await expect(state).toContainText("Rejected");
    await expect(page.getByTestId("approval-comment")).toHaveText("Housing allowance is above our budget.");
    await expectAccessible(page);
    await page.goto(stage4);
    await page.getByRole("button", { name: "Use the existing estimate" }).click();
    await estimateStage(page);
    await expect(page.getByTestId("approval-decision")).toContainText("Rejected");
    await expect(page.getByTestId("approval-decision")).toContainText("Housing allowance is above our budget.");

    // ── a changed estimate goes as a new version; the approver approves it at 1366 px ──
    await page.getByTestId("approval-panel").getByLabel("Approver name").fill("Ada B. Approver");
    await sendForApproval(page);
    await expect(page.getByTestId("estimate-notice")).toContainText(/Saved as version \d+ and sent to/);
    const second = await approvalLink(page, loginAs, approver, 2);
    expect(second).not.toBe(first);
    await page.context().clearCookies();
    // The used link still tells its own decision.
    await page.goto(first);
    await expect(page.getByTestId("approval-closed")).toContainText("was rejected on");
    await page.goto(second);
    await expect(page.getByTestId("approval-form")).toBeVisible();
    await expectFits(page, 1366);
    await expectAccessible(page);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve" }).click();
    await expect(page.getByTestId("approval-done")).toContainText("You approved version");

    await loginAs(demo.acmeHr);
    await page.goto(moveFile);
    await expect(page.getByTestId("approval-state")).toContainText("Approved");
    await expect(page.getByTestId("approval-state")).toContainText(approver);
    await openMoveTab(page, "History");
    await expect(page.getByTestId("panel-timeline")).toContainText("Cost estimate approved by the approver");
    await expectAccessible(page);
  });

  test("a link that is not one of ours, or no token at all, says so", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/estimate-approval?token=not-a-real-token");
    await expect(page.getByTestId("approval-error")).toContainText("This approval link is not valid.");
    await expectFits(page, 390);
    await expectAccessible(page);
    await page.goto("/estimate-approval");
    await expect(page.getByText("This page opens from the link in an approval e-mail.")).toBeVisible();
    await expectAccessible(page);
  });
});
