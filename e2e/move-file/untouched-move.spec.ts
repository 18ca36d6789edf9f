import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { ADVANCED_POLICY, estimateStage, nextFromOverrides, startMove } from "../estimate/estimate-helpers.ts";

/**
 * Issue 13 QA items 4, 5, 11, 12 and 13 on one move a British reader follows: a Global Long-Term
 * Assignment initiated without touching stage 3 follows its policy (nothing "Changed"); the move page
 * lists the estimate's kept versions; the resume step reads as the stepper numbers and names it; dates
 * read "1 March 2027" everywhere; a reopened initiated move offers Save (not Save as draft) and no
 * welcome e-mail sentence.
 */
test.use({ locale: "en-GB" });

const MONTHS = "(January|February|March|April|May|June|July|August|September|October|November|December)";
const EN_GB_DATE = new RegExp(`(?<!\\d)\\d{1,2} ${MONTHS} \\d{4}(?!\\d)`);
const EN_US_DATE = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]* \d{1,2}, \d{4}\b/;
const STEP_NAMES = "(Policy|Employee and move|Policy overrides|Cost estimate|Summary|Estimate inputs)";

test("an untouched move follows its policy; history, steps and dates read for the reader; a reopened initiated move saves in place", async ({ page, loginAs }) => {
  test.setTimeout(240_000);
  await loginAs(demo.acmeHr);
  const move = await startMove(page, ADVANCED_POLICY, { first: "Una", last: "Touched" });
  const stage3Url = page.url();
  await nextFromOverrides(page, 6);
  await page.getByTestId("inputs-save").click();
  await expect(page).toHaveURL(/stage=4/);
  await estimateStage(page);

  // ── a draft: the moves list and the move page name the step the stepper shows ──
  await page.goto(`/acme/home?moves_q=${encodeURIComponent(move.email)}`);
  const row = page.getByTestId("move-row").filter({ hasText: move.name });
  await expect(row).toContainText(new RegExp(`Step [1-6] of 6: ${STEP_NAMES}`));
  await expect(row).not.toContainText("Wizard step");
  await expect(row).not.toContainText(EN_US_DATE);
  const file = `/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`;
  await page.goto(file);
  await expect(page.getByTestId("panel-move")).toContainText(new RegExp(`Initiation at step [1-6] of 6: ${STEP_NAMES}`));

  // ── complete the initiation ──
  await page.goto(`/acme/new-move?stage=5&employeeId=${move.employeeId}&moveId=${move.moveId}`);
  await expect(page.getByTestId("welcome-email")).toBeVisible();
  await page.getByRole("button", { name: "Complete initiation" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Complete initiation" }).click();
  await expect(page).toHaveURL(/\/acme\/home/);

  // ── the move page: nothing changed, the estimate history, dates for a British reader ──
  await page.goto(file);
  const overrides = page.getByTestId("panel-overrides");
  await expect(overrides).toContainText("The move follows its policy: no benefits or budgets were changed.");
  await expect(overrides).not.toContainText("Changed");
  const history = page.getByTestId("estimate-history");
  await expect(history.getByRole("heading", { name: "Estimate history" })).toBeVisible();
  const versions = history.getByTestId("estimate-history-row");
  await expect(versions.first()).toBeVisible();
  const count = await versions.count();
  await expect(page.getByTestId("panel-estimate")).toContainText(`of ${count}`);
  await expect(versions.first()).toContainText(EN_GB_DATE);
  await expect(versions.first()).toContainText(/[A-Z]{3} [\d,]+/);
  await expect(versions.first()).toContainText(/Approved|Rejected|Pending|Not approved/);
  await expect(page.getByTestId("panel-move")).toContainText(EN_GB_DATE);
  await expect(page.getByTestId("move-file")).not.toContainText(EN_US_DATE);
  await expectAccessible(page);
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await versions.first().getByRole("link", { name: /^Version \d+$/ }).click();
  await expect(page).toHaveURL(/\/acme\/cost-estimate-view\?employeeId=\d+&costEstimateId=\d+/);
  await expect(page.getByTestId("version-banner")).toContainText(EN_GB_DATE);

  // ── the reopened wizard of the initiated move ──
  await page.goto(`/acme/new-move?stage=5&employeeId=${move.employeeId}&moveId=${move.moveId}`);
  await expect(page.getByTestId("summary-initiated")).toBeVisible();
  await expect(page.getByTestId("welcome-email")).toHaveCount(0);
  await expect(page.getByText("Completing the initiation sends the employee the welcome e-mail.")).toHaveCount(0);

  await page.goto(stage3Url.replace("stage=3", "stage=2"));
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save as draft" })).toHaveCount(0);
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByTestId("initiation-notice")).toHaveText("Saved");
  await expect(page.getByText("The move has been saved as a draft.")).toHaveCount(0);
  await expect(page).toHaveURL(/stage=2/);
  await expectAccessible(page);
  await page.goto(file);
  await expect(page.getByTestId("panel-move")).toContainText("Open");
});
