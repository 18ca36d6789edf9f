import { expect, type Page } from "@playwright/test";

/** HR's move page is divided into tabs (issue 24 §4): opens the tab named `name` ("Notes", "History", …). */
export async function openMoveTab(page: Page, name: "Overview" | "Budget and money" | "Notes" | "Incidents" | "Files" | "History"): Promise<void> {
  const tab = page.getByRole("tablist", { name: "Parts of the move page" }).getByRole("tab", { name, exact: true });
  await tab.click();
  await expect(tab).toHaveAttribute("aria-selected", "true");
}
