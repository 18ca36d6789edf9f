import { describe, expect, test } from "bun:test";
import { SMTPServer } from "smtp-server";
import { createCaller } from "../../routers/_app.ts";
import { contextFor, testConfig } from "../../test/db.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { createMailer } from "../mail.ts";
import { createTestMove } from "../moves/wizard/initiation-testing.ts";

const t = useTestDatabase();

/** A real SMTP server on 127.0.0.1 that keeps every message with its envelope recipients. */
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

describe("send-cost-estimate-for-approval over real SMTP", () => {
  test("the approver and the cc'd sender receive the e-mail with the estimate as a PDF attachment", async () => {
    const smtp = await smtpServer();
    try {
      const config = testConfig({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, PUBLIC_URL: "https://meridian.example" });
      const hr = createCaller({ ...(await contextFor(t.db, "hr@acme.test", { config })), mailer: createMailer(config) });
      const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
      const ref = { employeeId: move.employeeId, moveId: move.moveId };
      const view = (await hr.estimate.openEstimationView(ref)).costEstimate!;
      const saved = await hr.estimate.saveEstimate({ ...ref, costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverName: "Ada Approver", approverEmail: "ada.approver@acme.test" });
      const sent = await hr.estimate.sendForApproval({ ...ref, costEstimateId: saved.costEstimateId, ccSender: true });
      expect(sent.success).toBe(true);

      expect(smtp.received).toHaveLength(1);
      const message = smtp.received[0]!;
      expect(message.to.sort()).toEqual(["ada.approver@acme.test", "hr@acme.test"]);
      expect(message.data).toMatch(/^Cc: hr@acme\.test/m);
      expect(message.data).toContain("Content-Type: application/pdf");
      expect(message.data).toMatch(/filename="?cost-estimate-[a-z0-9-]+-v2\.pdf"?/);
      // The attachment is the PDF itself (base64 of "%PDF-" starts with "JVBERi0").
      expect(message.data).toContain("JVBERi0");
      // The approver's signed link, built from PUBLIC_URL (issue 13 item 6).
      const row = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", "ada.approver@acme.test").executeTakeFirstOrThrow();
      expect(row.link).toMatch(/^https:\/\/meridian\.example\/estimate-approval\?token=[A-Za-z0-9_-]{43}$/);
      expect(message.data.replace(/=\r?\n/g, "").replace(/=3D/g, "=")).toContain(row.link!);
      expect(row.transport).toBe("smtp");
      expect(row.sent_at).not.toBeNull();
    } finally {
      await smtp.close();
    }
  });
});
