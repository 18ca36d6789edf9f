import { demo, expect, test } from "../fixtures.ts";
import { ADVANCED_POLICY, STA_POLICY, estimateStage, nextFromOverrides, startMove } from "./estimate-helpers.ts";

test("shots", async ({ page, loginAs }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAs(demo.acmeHr);
  await startMove(page, ADVANCED_POLICY, { first: "Shot", last: "Advanced" });
  await nextFromOverrides(page, 6);
  await expect(page.getByTestId("estimate-inputs")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/stage6.png", fullPage: true });
  await page.getByTestId("inputs-save").click();
  await estimateStage(page);
  await page.screenshot({ path: "/tmp/shots/stage4-adv.png", fullPage: true });
  const editable = page.getByTestId("estimate-row").filter({ has: page.getByTestId("amount-input") });
  console.log("editable", await editable.count(), "annual", await editable.filter({ hasText: "Annual" }).count());
  await editable.filter({ hasText: "Annual" }).first().getByTestId("amount-input").fill("999");
  await page.screenshot({ path: "/tmp/shots/stage4-adv-lock.png", fullPage: true });
  await page.getByRole("button", { name: "Calculate now" }).click();
  await page.waitForTimeout(800);
  await page.screenshot({ path: "/tmp/shots/stage4-progress.png" });
  await expect(page.getByTestId("estimate-notice")).toContainText("recalculated", { timeout: 60_000 });
  await page.getByRole("tab", { name: "Balance sheet" }).click();
  await expect(page.getByTestId("balance-sheet")).toBeVisible();
  await page.screenshot({ path: "/tmp/shots/balance.png", fullPage: true });

  await startMove(page, STA_POLICY, { first: "Shot", last: "Short" });
  await nextFromOverrides(page, 4);
  await estimateStage(page);
  await page.screenshot({ path: "/tmp/shots/stage4-sta.png", fullPage: true });
  await page.getByTestId("amount-input").first().fill("5000");
  await page.getByTestId("add-custom").click();
  await page.getByTestId("custom-name").last().fill("Car");
  await page.getByTestId("custom-amount").last().fill("300");
  await page.waitForTimeout(2500);
  await page.screenshot({ path: "/tmp/shots/stage4-sta-live.png", fullPage: true });
});
