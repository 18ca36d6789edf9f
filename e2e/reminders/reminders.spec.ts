import { spawn, type ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { request as playwrightRequest } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { DEMO_PASSWORD, demo, expect, expectAccessible, test } from "../fixtures.ts";

/**
 * Reporting reminders (issue 26 Tests: "set up a weekly reminder, trigger it (read it from the SMTP test server)
 * and unsubscribe with one click"). The suite's server records mail in its outbox; this spec starts its own
 * Meridian (the same build, a fresh demo database) whose SMTP_URL is a real SMTP server (smtp-server) run by the
 * spec on 127.0.0.1, so the mail is read as a mail client receives it, headers included.
 */
const PORT = Number(process.env.E2E_PORT ?? 3210) + 26_000;
const base = `http://127.0.0.1:${PORT}`;
const dbFile = join(tmpdir(), `meridian-e2e-reminders-${Date.now()}-${process.pid}.sqlite`);
const received: { to: string[]; data: string }[] = [];
let smtp: SMTPServer | undefined;
let server: ChildProcess | undefined;

test.describe.configure({ mode: "serial", timeout: 120_000 });
test.use({ baseURL: base });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      let data = "";
      stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp!.listen(0, "127.0.0.1", () => resolve()));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  server = spawn("bun", ["run", "src/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATABASE_URL: dbFile,
      SEED_DEMO: "1",
      LOG_REQUESTS: "0",
      PUBLIC_URL: base,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      ECB_RATES_URL: "off",
      WEATHER_API_URL: "off",
      SOCIAL_API_URL: "off",
      SOCIAL_PROVIDERS: "",
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  for (let i = 0; i < 150; i++) {
    const ok = await fetch(`${base}/api/health`).then((r) => r.ok).catch(() => false);
    if (ok) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  // The manager's reporting switch ON, as the managers admin sets it (report e-mails need it).
  const admin = await playwrightRequest.newContext({ baseURL: base });
  expect((await admin.post("/login", { form: { email: demo.admin, password: DEMO_PASSWORD }, headers: { Origin: base } })).status()).toBe(200);
  const managers = await (await admin.get("/reporting/getHrManagers?group=acme")).json();
  const manager = managers.managers.find((m: { email: string }) => m.email === demo.acmeManager);
  const on = await admin.post("/admin/managers/updateReportingRestrictions", { form: { userId: String(manager.id), reportingRestriction: "ON" }, headers: { Origin: base } });
  expect(on.status()).toBe(200);
  await admin.dispose();
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dbFile}${suffix}`, { force: true });
});

async function mailTo(address: string, after: number) {
  await expect.poll(() => received.slice(after).filter((m) => m.to.includes(address)).length, { timeout: 20_000 }).toBeGreaterThan(0);
  return received.slice(after).filter((m) => m.to.includes(address)).at(-1)!.data.replace(/\r\n[ \t]+/g, " ");
}

test("HR sets up a weekly reminder, sends it now; the manager's mail unsubscribes with one click (1366 px)", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 1366, height: 900 });
  await loginAs(demo.acmeHr);
  const response = await page.goto("/acme/reporting/reminders");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Reporting reminders", level: 1 })).toBeVisible();
  await expect(page.getByRole("tab", { name: "HR general emails" })).toBeVisible();
  await expectAccessible(page);

  await page.getByLabel("Manager").selectOption({ label: "Marco Bianchi (manager@acme.test)" });
  await expect(page.getByRole("button", { name: "Manager statistics" })).toBeVisible();
  await page.getByRole("button", { name: "Set up the reminder of Moves by status and stage" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Subject").fill("Your weekly moves, {firstName}");
  await dialog.getByLabel("Frequency").selectOption("WEEKLY");
  await dialog.getByLabel("Day of the week").selectOption({ label: "Wednesday" });
  await dialog.getByLabel("Alert status").selectOption("ALWAYS");
  await dialog.getByRole("radio", { name: "Preview" }).click();
  await expect(dialog.getByTestId("reminder-preview")).toContainText("Dear Alex");
  await dialog.getByRole("radio", { name: "HTML" }).click();
  await expect(dialog.getByTestId("reminder-html")).toContainText("<a href=");
  await expect(dialog.getByRole("table", { name: "Filters" })).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Save reminder" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The reminder has been saved." })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "Moves by status and stage" });
  await expect(row).toContainText("Weekly on Wednesday");

  const before = received.length;
  await row.getByRole("button", { name: "Send Moves by status and stage now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The reminder has been sent." })).toBeVisible();
  const mail = await mailTo(demo.acmeManager, before);
  expect(mail).toMatch(/^Subject: Your weekly moves, Marco/m);
  expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const link = /^List-Unsubscribe: <([^>]+)>/m.exec(mail)![1]!;
  expect(link.startsWith(`${base}/unsubscribe/reporting?token=`)).toBe(true);

  // The mail client's one-click POST (RFC 8058): no cookie, no page.
  const client = await playwrightRequest.newContext();
  const oneClick = await client.post(link, { data: "List-Unsubscribe=One-Click", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
  expect(await oneClick.json()).toEqual({ success: true, fromAllReports: false, resultMessage: "You have now unsubscribed from the report" });
  await client.dispose();

  await page.getByRole("button", { name: "Manager unsubscriptions" }).click();
  await expect(page.getByRole("dialog").getByRole("cell", { name: "Moves by status and stage" })).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Manager statistics" }).click();
  await expect(page.getByRole("dialog").getByRole("row").filter({ hasText: "Moves by status and stage" })).toContainText("1");
  await page.keyboard.press("Escape");

  // The unsubscribe page shows the token and offers all reports; opening it changes nothing.
  const token = new URL(link).searchParams.get("token")!;
  await page.context().clearCookies();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Unsubscribe from report e-mails" })).toBeVisible();
  await expect(page.getByTestId("unsubscribe-token")).toHaveText(token);
  await expectAccessible(page);
  await page.getByRole("radio", { name: "All reports" }).check();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText("You have now unsubscribed from all reports");
});

test("the reminders page, its popup and the admin's group dropdown fit a phone (390 px)", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs(demo.admin);
  await page.goto("/admin/reporting/reminders");
  await expect(page.getByText("Please select a group first.")).toBeVisible();
  await page.getByLabel("Group").selectOption("acme");
  await expect(page).toHaveURL(/group=acme/);
  await page.getByRole("tab", { name: "HR general emails" }).click();
  await expect(page.getByRole("row").filter({ hasText: "End of assignment" })).toBeVisible();
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
  await page.getByRole("button", { name: "Set up the reminder of End of assignment" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("textbox", { name: /^Body/ }).fill("Hello, no placeholders");
  await dialog.getByRole("button", { name: "Save reminder" }).click();
  await expect(dialog.getByText("The body must contain the first name placeholder")).toBeVisible();
  await expect(dialog.getByText("Please select a frequency.")).toBeVisible();
  await dialog.getByLabel("Frequency").selectOption("MONTHLY");
  await expect(dialog.getByLabel("Day of the month")).toBeVisible();
  await expect(dialog.getByLabel("Day of the week")).toHaveCount(0);
  await expectAccessible(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(391);
});

test("another group's HR is refused the page; the unsubscribe page refuses a forged token", async ({ page, loginAs }) => {
  await loginAs(demo.globexHr);
  expect((await page.goto("/acme/reporting/reminders"))?.status()).toBe(403);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/unsubscribe/reporting?token=forged.token");
  await expect(page.getByRole("alert")).toHaveText("This unsubscribe link is not valid.");
  await expectAccessible(page);
});
