import type { Locator, Page } from "@playwright/test";
import { expect } from "../fixtures.ts";
import { choosePolicy, field, fillStage2, uniqueEmail } from "../wizard/wizard-helpers.ts";

export { uniqueEmail };

export const ADVANCED_POLICY = "Global Long-Term Assignment";
export const STA_POLICY = "Short-Term Assignment";

export type StartedMove = { employeeId: string; moveId: string; email: string; name: string };

/**
 * Starts a move of acme through stages 1 and 2 (unique employee, London → Berlin, a salary and
 * assignment dates that suit the policy's estimate type) and stops on stage 3.
 */
export async function startMove(page: Page, policy: string, person: { first: string; last: string }): Promise<StartedMove> {
  const email = uniqueEmail(person.last.toLowerCase(), "acme.test");
  await page.goto("/acme/new-move");
  await choosePolicy(page, policy);
  await fillStage2(page, { firstName: person.first, lastName: person.last, email });
  const hostEntity = field(page, "Host entity");
  if ((await hostEntity.count()) > 0) await hostEntity.selectOption({ index: 1 });
  // LTA over 1 year and under 5; STA over 30 days and under 2 years (part 1 §5).
  await field(page, "Assignment start date").fill("2027-01-04");
  await field(page, "Assignment end date").fill(policy === STA_POLICY ? "2027-09-30" : "2029-01-04");
  await field(page, "Annual base salary").fill("90000");
  await field(page, "Annual base salary currency").selectOption("GBP");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/stage=3/);
  await expect(page.getByRole("heading", { name: "Policy overrides" })).toBeVisible();
  const url = new URL(page.url());
  return { employeeId: url.searchParams.get("employeeId")!, moveId: url.searchParams.get("moveId")!, email, name: `${person.first} ${person.last}` };
}

/** Stage 3 → Next (stores the overrides) → the stage the policy shows next. */
export async function nextFromOverrides(page: Page, expectedStage: 4 | 6): Promise<void> {
  await page.getByRole("button", { name: /^Next/ }).click();
  await expect(page).toHaveURL(new RegExp(`stage=${expectedStage}`));
}

/** The estimate stage once its table is there (the first load computes version 1). */
export async function estimateStage(page: Page): Promise<Locator> {
  const stage = page.getByTestId("estimate-stage");
  await expect(stage).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId("estimate-table")).toBeVisible();
  return stage;
}

/** "USD 12,345" → 12345 (the grand total as the page shows it). */
export function wholeUnits(text: string): number {
  const digits = text.replace(/[^\d-]/g, "");
  return Number(digits);
}

/** The export links: an enabled link each, or disabled buttons while edits wait. */
export const exportLink = (page: Page, name: "Spreadsheet" | "PDF") => page.getByTestId("export-links").getByRole("link", { name });
export const exportButton = (page: Page, name: "Spreadsheet" | "PDF") => page.getByTestId("export-links").getByRole("button", { name });

/** Waits for the recalculation's progress to come and go and the new version to be announced. */
export async function expectRecalculated(page: Page): Promise<void> {
  await expect(page.getByRole("progressbar")).toBeVisible();
  await expect(page.getByTestId("estimate-notice")).toContainText("The estimate has been recalculated", { timeout: 60_000 });
  await expect(page.getByRole("progressbar")).toHaveCount(0);
}
