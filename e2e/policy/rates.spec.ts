import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { demo, expect, expectAccessible, test } from "../fixtures.ts";

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
/** The columns of a rates file (README "Rates per budget group"). */
const RATE_COLUMNS = ["Country code", "City", "Description", "Currency", "Amount", "Frequency"];

/** POSTs a tRPC mutation as the signed-in user and returns its data. */
async function mutate<T>(page: Page, baseURL: string | undefined, path: string, data: unknown): Promise<T> {
  const response = await page.request.post(`/trpc/${path}`, { data, headers: { Origin: baseURL ?? "" } });
  expect(response.status(), `${path}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { result: { data: T } }).result.data;
}

/** A new one-stage acme policy with Temporary Accommodation on its draft, through the API. */
async function draftWithService(page: Page, baseURL: string | undefined): Promise<{ policyId: number; policyVersionId: number }> {
  const name = `E2E rates ${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  const ids = await mutate<{ policyId: number; policyVersionId: number }>(page, baseURL, "policy.policies.create", {
    group: "acme",
    name,
    moveType: "INTERNATIONAL",
    archetype: "PERMANENT_TRANSFER",
    moveStagesCount: 1,
  });
  await mutate(page, baseURL, "policy.services.add", { policyVersionId: ids.policyVersionId, moveStage: 1, serviceKey: "TEMPACCOMMODATION" });
  return ids;
}

/**
 * Opens the draft's details, makes Temporary Accommodation a cash flex service (type 1, the type
 * that shows budget groups) in budget group 1 through the form, and returns the group's panel and
 * its row id (the {id} of the rates paths).
 */
async function openBudgetGroup(page: Page, policyId: number, policyVersionId: number) {
  await page.goto(`/policy/details?policyId=${policyId}&editDraft=true`);
  await expect(page.getByRole("heading", { level: 1, name: "Policy details" })).toBeVisible();
  await page.getByRole("button", { name: /Temporary Accommodation/ }).click();
  const service = page.getByTestId("service-1-TEMPACCOMMODATION");
  await service.getByLabel("Policy type").selectOption("1");
  await service.getByLabel("Budget group", { exact: true }).selectOption("1");
  const group = service.getByTestId("budget-group-1-1");
  await expect(group).toBeVisible();

  const details = await page.request.get(`/trpc/policy.policies.details?input=${encodeURIComponent(JSON.stringify({ policyVersionId }))}`);
  expect(details.status()).toBe(200);
  const data = ((await details.json()) as { result: { data: { moveStages: { id: number; budgetGroups: { id: number; rowId: number }[] }[] } } }).result.data;
  const rowId = data.moveStages.find((s) => s.id === 1)?.budgetGroups.find((g) => g.id === 1)?.rowId;
  expect(rowId, "budget group 1 of stage 1").toBeDefined();
  return { group, rowId: rowId! };
}

test.describe("budget group rates", () => {
  test("an admin downloads the rates template, uploads a filled file and sees the rates", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const { policyId, policyVersionId } = await draftWithService(page, baseURL);
    const { group, rowId } = await openBudgetGroup(page, policyId, policyVersionId);

    // The documented download: an .xlsx whose first row holds the column headers.
    const download = await page.request.get(`/api/v1/policy/configuration/rates/budget-groups/${rowId}`);
    expect(download.status()).toBe(200);
    expect(download.headers()["content-type"]).toContain(XLSX_TYPE);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await download.body()) as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    const headers = (sheet.getRow(1).values as unknown[]).slice(1).map(String);
    expect(headers).toEqual(RATE_COLUMNS);
    expect(sheet.actualRowCount).toBe(1);

    // Fill the template in as a user would and upload it through the budget group's form.
    sheet.addRow(["GB", "London", "Serviced apartment", "GBP", "3,250.50", "MONTHLY"]);
    sheet.addRow(["DE", "Berlin", "Hotel night", "EUR", "180", "DAILY"]);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());

    const upload = group.getByRole("button", { name: "Upload rates" });
    await expect(upload).toBeDisabled();
    await group.getByLabel("Rates file").setInputFiles({ name: "rates.xlsx", mimeType: XLSX_TYPE, buffer: filled });
    await expect(upload).toBeEnabled();
    await upload.click();
    await expect(group.getByRole("status").filter({ hasText: "File upload: success." })).toBeVisible();
    await expect(upload).toBeDisabled();

    // The rates view lists the uploaded rows, amounts in major units and frequencies in words.
    await group.getByRole("button", { name: "View rates" }).click();
    const dialog = page.getByRole("dialog", { name: "Rates" });
    await expect(dialog).toBeVisible();
    const table = dialog.getByRole("table", { name: "Rates" });
    await expect(table.getByRole("row")).toHaveCount(3);
    const london = table.getByRole("row").filter({ hasText: "London" });
    await expect(london).toContainText("GB");
    await expect(london).toContainText("Serviced apartment");
    await expect(london).toContainText("GBP 3,250.50");
    await expect(london).toContainText("Monthly");
    await expect(table.getByRole("row").filter({ hasText: "Berlin" })).toContainText("Daily");

    // The download now carries the rows.
    const again = await page.request.get(`/api/v1/policy/configuration/rates/budget-groups/${rowId}`);
    const reread = new ExcelJS.Workbook();
    await reread.xlsx.load((await again.body()) as unknown as ArrayBuffer);
    expect(reread.worksheets[0]!.actualRowCount).toBe(3);

    await expectAccessible(page);
  });

  test("a file with a wrong row is refused and the rates stay as they were", async ({ page, loginAs, baseURL }) => {
    await loginAs(demo.admin);
    const { policyId, policyVersionId } = await draftWithService(page, baseURL);
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet("Rates");
    sheet.addRow(RATE_COLUMNS);
    sheet.addRow(["GB", "London", "Serviced apartment", "GBP", "not a number", "MONTHLY"]);
    const broken = Buffer.from(await workbook.xlsx.writeBuffer());

    const { group } = await openBudgetGroup(page, policyId, policyVersionId);
    await group.getByLabel("Rates file").setInputFiles({ name: "rates.xlsx", mimeType: XLSX_TYPE, buffer: broken });
    await group.getByRole("button", { name: "Upload rates" }).click();
    await expect(group.getByRole("alert").filter({ hasText: "File upload: failure." })).toBeVisible();

    await group.getByRole("button", { name: "View rates" }).click();
    await expect(page.getByRole("dialog", { name: "Rates" }).getByText("No rates uploaded for this budget group yet.")).toBeVisible();
    await expectAccessible(page);
  });
});
