/**
 * The feedback box: widgets.feedback / addFeedback / removeFeedback and POST /feedback/add, DELETE
 * /feedback/remove (part 2 §3, §7; part 1 §8 texts) on the test database (SQLite, or PostgreSQL with
 * TEST_DB=postgres): the mail to FEEDBACK_EMAIL in the outbox, the spec's texts, bad input (nothing
 * written), not configured, a failing SMTP server, signed out, cross-site, one user's feedback never
 * another's.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { feedbackMessages } from "../../domain/employee/widgets/feedback.ts";
import { appFor, cookieFor, jsonOf, postForm, send } from "../../test/app.ts";
import { callerFor, insertTestUser, testConfig } from "../../test/db.ts";
import { expectInputError, expectNoStackTrace, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
const TO = "feedback@meridian.example";
const config = testConfig({ FEEDBACK_EMAIL: TO });

let seq = 0;
async function newUser(db: DB, group = "acme") {
  const email = `feedback-${Date.now()}-${++seq}@${group}.test`;
  return { email, id: await insertTestUser(db, { email, group, firstName: "Fay", lastName: `Back${seq}` }) };
}
const feedbackRow = (db: DB, userId: number) => db.selectFrom("feedback").selectAll().where("user_id", "=", userId).executeTakeFirst();
const mailsTo = (db: DB, userId: number) => db.selectFrom("outbox").selectAll().where("user_id", "=", userId).where("template", "=", "feedback").execute();

describe("widgets.addFeedback / feedback / removeFeedback (tRPC)", () => {
  test("sends the mail to FEEDBACK_EMAIL, answers the spec's text, keeps it as the last feedback; remove removes it", async () => {
    const u = await newUser(t.db);
    const caller = await callerFor(t.db, u.email, { config });
    expect(await caller.widgets.feedback()).toEqual({ configured: true, last: null });
    expect(await caller.widgets.addFeedback({ rating: 4, message: "  Smooth move so far.  " })).toEqual({ success: true, message: "Thank you! Your feedback was successfully sent." });
    const mails = await mailsTo(t.db, u.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toBe(TO);
    expect(mails[0]!.subject).toBe(`Feedback from Fay Back${seq}: 4 of 5`);
    expect(mails[0]!.text).toContain("Smooth move so far.");
    expect(mails[0]!.text).toContain(u.email);
    expect((await caller.widgets.feedback()).last).toMatchObject({ rating: 4, message: "Smooth move so far." });

    // A second feedback replaces the first and is mailed too.
    await caller.widgets.addFeedback({ rating: 2, message: "The hub is confusing." });
    expect(await mailsTo(t.db, u.id)).toHaveLength(2);
    expect(await feedbackRow(t.db, u.id)).toMatchObject({ rating: 2, message: "The hub is confusing." });

    expect(await caller.widgets.removeFeedback()).toEqual({ success: true, message: feedbackMessages.removed });
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();
    expect(await caller.widgets.removeFeedback()).toEqual({ success: false, message: feedbackMessages.nothingToRemove });
  });

  test("bad input: the field's text, nothing stored, nothing mailed", async () => {
    const u = await newUser(t.db);
    const caller = await callerFor(t.db, u.email, { config });
    await expectInputError(caller.widgets.addFeedback({ rating: 0, message: "x" }), "rating");
    await expectInputError(caller.widgets.addFeedback({ rating: 6, message: "x" }), "rating");
    await expectInputError(caller.widgets.addFeedback({ rating: 3.5, message: "x" }), "rating");
    await expectInputError(caller.widgets.addFeedback({ rating: 3, message: "   " }), "message");
    await expectInputError(caller.widgets.addFeedback({ rating: 3, message: "x".repeat(2001) }), "message");
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();
    expect(await mailsTo(t.db, u.id)).toEqual([]);
  });

  test("FEEDBACK_EMAIL unset: the box says so and sending is refused without a write", async () => {
    const u = await newUser(t.db);
    const caller = await callerFor(t.db, u.email, { config: testConfig() });
    expect(await caller.widgets.feedback()).toEqual({ configured: false, last: null });
    await expectTrpcError(caller.widgets.addFeedback({ rating: 5, message: "Hi" }), "NOT_FOUND", feedbackMessages.notConfigured);
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();
    expect(await mailsTo(t.db, u.id)).toEqual([]);
  });

  test("an SMTP server that cannot be reached: the spec's failure text; the outbox keeps the error", async () => {
    const u = await newUser(t.db);
    const caller = await callerFor(t.db, u.email, { config: testConfig({ FEEDBACK_EMAIL: TO, SMTP_URL: "smtp://127.0.0.1:1" }) });
    expect(await caller.widgets.addFeedback({ rating: 3, message: "Is this thing on?" })).toEqual({ success: false, message: "While mail sending an error occurred! Please check message field." });
    const mails = await mailsTo(t.db, u.id);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.sent_at).toBeNull();
    expect(mails[0]!.error).toBeTruthy();
  });

  test("signed out: refused; one user's feedback is never another's (same group, other group)", async () => {
    const anon = await callerFor(t.db, null, { config });
    await expectTrpcError(anon.widgets.feedback(), "UNAUTHORIZED");
    await expectTrpcError(anon.widgets.addFeedback({ rating: 5, message: "x" }), "UNAUTHORIZED");
    await expectTrpcError(anon.widgets.removeFeedback(), "UNAUTHORIZED");
    const a = await newUser(t.db, "acme");
    const b = await newUser(t.db, "acme");
    const c = await newUser(t.db, "globex");
    await (await callerFor(t.db, a.email, { config })).widgets.addFeedback({ rating: 1, message: "a's secret" });
    for (const other of [b, c]) {
      const caller = await callerFor(t.db, other.email, { config });
      expect((await caller.widgets.feedback()).last).toBeNull();
      expect((await caller.widgets.removeFeedback()).success).toBe(false);
    }
    expect(await feedbackRow(t.db, a.id)).toMatchObject({ message: "a's secret" });
  });
});

describe("POST /feedback/add, DELETE /feedback/remove (documented paths)", () => {
  test("form {rating, message}: the spec's text; DELETE removes; bad input 400 with nothing written; signed out 401; cross-site 403", async () => {
    const app = appFor(t.db, { config });
    const u = await newUser(t.db);
    const cookie = await cookieFor(t.db, u.email, config);
    expect(await jsonOf(await postForm(app, "/feedback/add", { rating: "5", message: "Great" }, { cookie }))).toEqual({ status: 200, body: { success: true, message: feedbackMessages.sent } });
    expect((await feedbackRow(t.db, u.id))?.rating).toBe(5);
    expect(await jsonOf(await send(app, "DELETE", "/feedback/remove", null, { cookie }))).toEqual({ status: 200, body: { success: true, message: feedbackMessages.removed } });
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();

    for (const [fields, text] of [
      [{ rating: "9", message: "x" }, feedbackMessages.rating],
      [{ rating: "3", message: "" }, feedbackMessages.message],
      [{ message: "x" }, feedbackMessages.rating],
    ] as const) {
      const res = await postForm(app, "/feedback/add", fields as Record<string, string>, { cookie });
      const raw = await res.text();
      expectNoStackTrace(raw);
      expect(res.status).toBe(400);
      expect(JSON.parse(raw)).toMatchObject({ success: false, message: text });
    }
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();
    expect(await mailsTo(t.db, u.id)).toHaveLength(1);

    expect((await postForm(app, "/feedback/add", { rating: "5", message: "x" })).status).toBe(401);
    expect((await send(app, "DELETE", "/feedback/remove")).status).toBe(401);
    expect((await postForm(app, "/feedback/add", { rating: "5", message: "x" }, { cookie, origin: "https://evil.example" })).status).toBe(403);
    expect(await feedbackRow(t.db, u.id)).toBeUndefined();
  });
});
