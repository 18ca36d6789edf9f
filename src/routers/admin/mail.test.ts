import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { createCaller } from "../_app.ts";
import { callerFor, contextFor, createTestDatabase, testConfig, type TestDatabase } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { appFor, cookieFor, jsonOf, trpcQuery } from "../../test/app.ts";
import { createMailer } from "../../services/mail.ts";

let t: TestDatabase;
beforeAll(async () => {
  t = await createTestDatabase();
  const hr = await callerFor(t.db, "hr@acme.test");
  for (let i = 0; i < 27; i++) {
    await hr.users.invite({ group: "acme", email: `bulk${String(i).padStart(2, "0")}@acme.test`, firstName: "Bulk", lastName: `P${i}`, role: "EMPLOYEE" });
  }
});
afterAll(() => t.close());

describe("mail.outbox", () => {
  test("an admin lists the outbox newest first, 25 a page, and searches", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const first = await admin.mail.outbox({ page: 0 });
    expect(first.rows).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    expect(first.rows[0]).toMatchObject({ to: "bulk26@acme.test", template: "activation", transport: "outbox", error: null });
    expect(first.rows[0]!.link).toContain("/employee/activate?ac=");
    expect(first.rows[0]!.sentAt).not.toBeNull();
    const second = await admin.mail.outbox({ page: 1 });
    expect(second.rows.map((r) => r.to)).toEqual(["bulk01@acme.test", "bulk00@acme.test"]);
    expect(second.hasMore).toBe(false);
    const found = await admin.mail.outbox({ page: 0, search: "BULK07" });
    expect(found.rows.map((r) => r.to)).toEqual(["bulk07@acme.test"]);
    expect((await admin.mail.outbox({ page: 0, search: "%" })).rows).toEqual([]);
  });

  test("an admin opens one message with its HTML and text", async () => {
    const admin = await callerFor(t.db, "admin@meridian.test");
    const row = (await admin.mail.outbox({ page: 0 })).rows[0]!;
    const message = await admin.mail.message({ id: row.id });
    expect(message.html).toContain("<!doctype html>");
    expect(message.text).toContain(row.link!);
    await expectTrpcError(admin.mail.message({ id: 999_999 }), "NOT_FOUND");
  });

  test("only admins: HR, finance, employees and signed-out callers are refused", async () => {
    for (const email of ["hr@acme.test", "finance@meridian.test", "employee@acme.test"]) {
      const caller = await callerFor(t.db, email);
      await expectTrpcError(caller.mail.outbox({ page: 0 }), "FORBIDDEN");
      await expectTrpcError(caller.mail.message({ id: 1 }), "FORBIDDEN");
    }
    await expectTrpcError((await callerFor(t.db, null)).mail.outbox({ page: 0 }), "UNAUTHORIZED");
    const app = appFor(t.db);
    expect((await jsonOf(await trpcQuery(app, "mail.outbox", { page: 0 }, { cookie: await cookieFor(t.db, "hr@acme.test") }))).status).toBe(403);
    expect((await app.request("/admin/outbox", { headers: { Cookie: await cookieFor(t.db, "hr@acme.test") } })).status).toBe(403);
    expect((await app.request("/admin/outbox", { headers: { Cookie: await cookieFor(t.db, "admin@meridian.test") } })).status).toBe(200);
  });
});

describe("invitation over real SMTP", () => {
  test("the invite e-mail arrives at an SMTP server with the activation link", async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS", "AUTH"],
      logger: false,
      onData(stream, _session, callback) {
        let data = "";
        stream.on("data", (chunk: Buffer) => (data += chunk.toString("utf8")));
        stream.on("end", () => {
          received.push(data);
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
    const port = (server.server.address() as { port: number }).port;
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${port}`, PUBLIC_URL: "https://meridian.example" });
      const ctx = await contextFor(t.db, "hr@acme.test", { config });
      const hr = createCaller({ ...ctx, mailer: createMailer(config) });
      await hr.users.invite({ group: "acme", email: "smtp-person@acme.test", firstName: "Simone", lastName: "Smtp", role: "EMPLOYEE" });
      expect(received).toHaveLength(1);
      const raw = received[0]!.replace(/=\r?\n/g, "");
      expect(raw).toContain("smtp-person@acme.test");
      expect(raw).toMatch(/https:\/\/meridian\.example\/employee\/activate\?ac=3D[A-Za-z0-9_-]{43}|https:\/\/meridian\.example\/employee\/activate\?ac=[A-Za-z0-9_-]{43}/);
      const row = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", "smtp-person@acme.test").executeTakeFirstOrThrow();
      expect(row.transport).toBe("smtp");
      expect(row.sent_at).not.toBeNull();
      expect(row.error).toBeNull();
      expect(raw.replace(/=3D/g, "=")).toContain(row.link!);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
