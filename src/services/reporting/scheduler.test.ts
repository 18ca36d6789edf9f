/**
 * The reminder scheduler (issue 26 "Sent by a scheduler (croner) that takes a lease row so one instance sends
 * each reminder when several run"): two instances ticking at once mail each recipient once; the lease; a due
 * reminder's next run; and over a real SMTP server (smtp-server on 127.0.0.1) the RFC 8058 headers.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { takeLease } from "../../db/queries/reporting/reminders.ts";
import { verifyUnsubscribeToken } from "../../domain/reporting/reminders-tokens.ts";
import { testConfig } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { createMailer } from "../mail.ts";
import { runDueReminders, sendReminderTo, LEASE_NAME } from "./scheduler.ts";
import { linkSecret } from "./unsubscribe.ts";

const t = useTestDatabase({ poolSize: 10 });
const MANAGER = "manager@acme.test";
let acmeId = 0;
let managerId = 0;
let reportId = 0;

async function smtpServer() {
  const received: { to: string[]; data: string }[] = [];
  const server = new SMTPServer({
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const port = (server.server.address() as { port: number }).port;
  return { received, port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function insertReminder(values: { userId: number | null; nextRunAt: string; frequency?: string; weekDay?: number | null }) {
  const now = new Date().toISOString();
  return t.db
    .insertInto("report_reminders")
    .values({
      group_id: acmeId,
      type: "REPORTING_REMINDER",
      report_id: reportId,
      hr_email_id: null,
      user_id: values.userId,
      subject: "Scheduled {firstName}",
      body: "Hello {firstName}: {reportLink}",
      frequency_type: values.frequency ?? "WEEKLY",
      week_day: values.weekDay ?? 1,
      month_day: null,
      alert_status: "ALWAYS",
      enabled: 1,
      next_run_at: values.nextRunAt,
      created_by: null,
      created_at: now,
      updated_at: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

beforeAll(async () => {
  acmeId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
  managerId = (await t.db.selectFrom("users").select("id").where("email", "=", MANAGER).executeTakeFirstOrThrow()).id;
  const now = new Date().toISOString();
  await t.db
    .insertInto("manager_restrictions")
    .values({ user_id: managerId, group_id: acmeId, view_restriction: "ALL", reporting_restriction: "ON", updated_at: now })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ view_restriction: "ALL", reporting_restriction: "ON", updated_at: now }))
    .execute();
  reportId = (await t.db.selectFrom("reports").select("id").where("report_key", "=", "moves-by-status-stage").executeTakeFirstOrThrow()).id;
});

describe("the lease", () => {
  test("one holder at a time; the holder renews; an expired lease passes on", async () => {
    const at = (s: string) => `2030-01-01T00:${s}:00.000Z`;
    expect(await takeLease(t.db, "test-lease", "a", at("00"), at("02"))).toBe(true);
    expect(await takeLease(t.db, "test-lease", "b", at("01"), at("03"))).toBe(false);
    expect(await takeLease(t.db, "test-lease", "a", at("01"), at("03"))).toBe(true);
    expect(await takeLease(t.db, "test-lease", "b", at("04"), at("06"))).toBe(true);
    expect(await takeLease(t.db, "test-lease", "a", at("05"), at("07"))).toBe(false);
  });
});

describe("two instances", () => {
  test("ticking at once, they send a due reminder once and schedule its next run", async () => {
    await t.db.deleteFrom("scheduler_leases").where("name", "=", LEASE_NAME).execute();
    const now = new Date("2031-03-05T08:00:30.000Z"); // a Wednesday
    const reminder = await insertReminder({ userId: managerId, nextRunAt: "2031-03-05T08:00:00.000Z", weekDay: 3 });
    const mailer = createMailer(testConfig());
    const before = await t.db.selectFrom("outbox").select("id").where("to_address", "=", MANAGER).execute();
    const instances = ["instance-a", "instance-b"].map((holder) => runDueReminders({ db: t.db, config: testConfig(), mailer }, holder, now));
    const counts = await Promise.all(instances);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    const after = await t.db.selectFrom("outbox").select(["id", "subject"]).where("to_address", "=", MANAGER).execute();
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)!.subject).toBe("Scheduled Marco");
    const row = await t.db.selectFrom("report_reminders").select(["next_run_at", "last_run_at"]).where("id", "=", reminder.id).executeTakeFirstOrThrow();
    expect(row.next_run_at).toBe("2031-03-12T08:00:00.000Z");
    // Even without the lease (it expired), the run already claimed is not sent again.
    await t.db.deleteFrom("scheduler_leases").where("name", "=", LEASE_NAME).execute();
    expect(await runDueReminders({ db: t.db, config: testConfig(), mailer }, "instance-c", now)).toBe(0);
    // And one send key mails a recipient once, whatever calls it.
    expect(await sendReminderTo({ db: t.db, config: testConfig(), mailer }, reminder, managerId, "due:2031-03-05T08:00:00.000Z", now)).toBe("duplicate");
    await t.db.deleteFrom("report_reminders").where("id", "=", reminder.id).execute();
  });

  test("an unsubscribed manager gets no scheduled mail", async () => {
    await t.db.deleteFrom("scheduler_leases").where("name", "=", LEASE_NAME).execute();
    const reminder = await insertReminder({ userId: managerId, nextRunAt: "2032-01-01T08:00:00.000Z", frequency: "DAILY", weekDay: null });
    await t.db.insertInto("report_unsubscriptions").values({ user_id: managerId, scope: "all", report_id: null, created_at: new Date().toISOString() }).execute();
    const mailer = createMailer(testConfig());
    expect(await runDueReminders({ db: t.db, config: testConfig(), mailer }, "instance-a", new Date("2032-01-01T08:01:00.000Z"))).toBe(0);
    expect((await t.db.selectFrom("report_reminder_sends").select("id").where("reminder_id", "=", reminder.id).execute()).length).toBe(0);
    await t.db.deleteFrom("report_unsubscriptions").where("user_id", "=", managerId).execute();
    await t.db.deleteFrom("report_reminders").where("id", "=", reminder.id).execute();
  });
});

describe("over SMTP", () => {
  test("each mail carries List-Unsubscribe (a signed token under PUBLIC_URL) and List-Unsubscribe-Post (RFC 8058)", async () => {
    const smtp = await smtpServer();
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "https://meridian.example.com" });
      const reminder = await insertReminder({ userId: managerId, nextRunAt: "2040-01-01T08:00:00.000Z" });
      const outcome = await sendReminderTo({ db: t.db, config, mailer: createMailer(config) }, reminder, managerId, "now:smtp-test-1");
      expect(outcome).toBe("sent");
      expect(smtp.received.length).toBe(1);
      const data = smtp.received[0]!.data.replace(/\r\n[ \t]+/g, " ");
      expect(smtp.received[0]!.to).toEqual([MANAGER]);
      expect(data).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
      const header = /^List-Unsubscribe: <(https:\/\/meridian\.example\.com\/unsubscribe\/reporting\?token=[^>]+)>/m.exec(data);
      expect(header).not.toBeNull();
      const token = decodeURIComponent(new URL(header![1]!).searchParams.get("token")!);
      expect(verifyUnsubscribeToken(await linkSecret(t.db, config), token)).toEqual({ userId: managerId, reportId });
      expect(data).toMatch(/Content-Disposition: attachment; filename=.*\.csv/);
      await t.db.deleteFrom("report_reminders").where("id", "=", reminder.id).execute();
    } finally {
      await smtp.close();
    }
  });
});
