import { demo, expect, expectAccessible, test } from "../fixtures.ts";
import { choosePolicy, field, fillStage2, L, uniqueEmail } from "./wizard-helpers.ts";

/**
 * Stage 5 shows what stage 2 entered (issue 13 item 5): each value once (name, e-mail and dates
 * only in the employee and move blocks), dates written for the reader (en-GB here: "15 March
 * 2027"), money formatted, and the cost estimate's total and approval state; "Skipped" on the
 * skip path.
 */
test.use({ locale: "en-GB" });

/** Picks a date on a day / month / year field (date of birth). */
async function pickDate(page: import("@playwright/test").Page, label: string, iso: string) {
  const [y, m, d] = iso.split("-");
  await page.getByLabel(`${label}: year`).selectOption(y!);
  await page.getByLabel(`${label}: month`).selectOption(m!);
  await page.getByLabel(`${label}: day`).selectOption(d!);
}

/** A date field of the core form: a date input, or day / month / year selects. */
async function fillDate(page: import("@playwright/test").Page, label: string, iso: string) {
  const input = field(page, label);
  if ((await input.count()) > 0 && (await input.getAttribute("type")) === "date") await input.fill(iso);
  else await pickDate(page, label, iso);
}

test.describe("wizard summary", () => {
  test("every stage-2 value once, formatted; the estimate's total and approval state", async ({ page, loginAs }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail("summary", "acme.test");
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "Short-Term Assignment");

    await fillStage2(page, { firstName: "Sunny", lastName: "Summary", email });
    await fillDate(page, L.moveDate, "2027-03-01");
    await fillDate(page, L.start, "2027-03-15");
    await fillDate(page, L.end, "2027-09-15");
    await pickDate(page, "Partner's date of birth", "1988-04-12");
    await field(page, "Number of accompanying children").fill("2");
    await field(page, "Annual base salary").fill("92000");
    await field(page, "Annual base salary currency").selectOption("GBP");
    await field(page, "Target bonus").fill("9200");
    await field(page, "Target bonus currency").selectOption("GBP");
    await field(page, "Business unit").selectOption("Sales");
    await expect(field(page, "Budget approver e-mail")).toHaveValue("sales.budgets@acme.test");
    await page.getByRole("button", { name: "Continue" }).click();

    await expect(page).toHaveURL(/stage=3/);
    await page.getByRole("button", { name: /^Next/ }).click();
    await expect(page).toHaveURL(/stage=4/);
    await page.getByTestId("estimate-next").click();

    await expect(page).toHaveURL(/stage=5/);
    const summary = page.getByTestId("summary");
    // The value beside a label (each label once: a second one fails as a strict-mode violation).
    const value = (label: string) => summary.locator("dt", { hasText: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) }).locator("xpath=following-sibling::dd");

    // Each entered value once.
    const once = async (text: string | RegExp) => expect(summary.getByText(text, { exact: true })).toHaveCount(1);
    await once("Sunny Summary");
    await once(email);
    await once("12 April 1988");
    await once("GBP 9,200.00");
    await once("sales.budgets@acme.test");
    await once("SAL-200");
    await once("Sales");
    await expect(value("Number of accompanying children")).toHaveText("2");
    await expect(value("Target bonus")).toHaveText("GBP 9,200.00");
    await expect(value("Partner's date of birth")).toHaveText("12 April 1988");
    await expect(value("Budget approver e-mail")).toHaveText("sales.budgets@acme.test");
    await expect(value("Annual base salary")).toContainText("GBP 92,000.00");

    // The core fields only in the employee and move blocks, dates for the reader.
    const labels = await summary.locator("dt").allInnerTexts();
    expect(labels.length).toBeGreaterThan(10);
    expect(new Set(labels).size, labels.join(" | ")).toBe(labels.length);
    for (const core of [L.firstName, L.lastName, L.email, L.origin, L.destination, L.start, L.end]) expect(labels).not.toContain(core);
    await expect(value("Move date")).toHaveText("1 March 2027");
    await expect(value("Assignment start")).toHaveText("15 March 2027");
    await expect(value("Assignment end")).toHaveText("15 September 2027");
    await expect(summary).not.toContainText(/\d{4}-\d{2}-\d{2}/);

    // The estimate: its total in whole units, not sent for approval yet.
    await expect(summary.getByRole("heading", { name: "Cost estimate" })).toBeVisible();
    await expect(summary.locator("dt", { hasText: /^Total · Version \d+$/ }).locator("xpath=following-sibling::dd")).toHaveText(/^[A-Z]{3} -?[\d,]+$/);
    await expect(value("Approval")).toHaveText("Not sent for approval");
    await expectAccessible(page);
  });

  test("the skip path: the estimate reads Skipped", async ({ page, loginAs }) => {
    test.setTimeout(90_000);
    await loginAs(demo.acmeHr);
    await page.goto("/acme/new-move");
    await choosePolicy(page, "Short-Term Assignment");
    await fillStage2(page, { firstName: "Skye", lastName: "Skipper", email: uniqueEmail("skip", "acme.test") });
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/stage=3/);
    await page.getByRole("button", { name: "Skip cost estimate" }).click();
    await expect(page).toHaveURL(/stage=5/);
    const summary = page.getByTestId("summary");
    await expect(summary.getByRole("heading", { name: "Cost estimate" })).toBeVisible();
    await expect(summary.locator("dd", { hasText: /^Skipped$/ })).toHaveCount(1);
    await expectAccessible(page);
  });
});
