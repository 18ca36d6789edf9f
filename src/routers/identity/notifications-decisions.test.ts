/**
 * Notifications (issue 24 §3) of the decisions outside finance, on the dialect under test: an estimate
 * approved or rejected tells the HR user who sent it (one in-app row; the decision's own e-mail follows
 * their choice), an assignment extended or ended tells the employee, a bulk import's end tells the one
 * who uploaded it (in the transaction that records the job's end, also when the job fails).
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../../db/index.ts";
import { insertJob } from "../../db/queries/jobs.ts";
import { BULK_IMPORT_JOB } from "../../services/moves/bulk/bulk-job.ts";
import { runPendingJobs } from "../../services/jobs/queue.ts";
import { createMailer } from "../../services/mail.ts";
import { createTestMove } from "../../services/moves/wizard/initiation-testing.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });

const userId = async (db: DB, email: string) => (await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const rowsFor = (db: DB, user: number, kind: string) => db.selectFrom("notifications").selectAll().where("user_id", "=", user).where("kind", "=", kind).orderBy("id").execute();

describe("estimate decisions tell the sender", () => {
  async function sent() {
    const hr = await t.hrAcme();
    const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
    const ref = { employeeId: move.employeeId, moveId: move.moveId };
    const view = (await hr.estimate.openEstimationView(ref)).costEstimate!;
    const approverEmail = `approver-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const saved = await hr.estimate.saveEstimate({ ...ref, costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverName: "Ada Approver", approverEmail });
    await hr.estimate.sendForApproval({ ...ref, costEstimateId: saved.costEstimateId, ccSender: false });
    const mail = await t.db.selectFrom("outbox").select("link").where("to_address", "=", approverEmail).where("template", "=", "estimateApproval").orderBy("id", "desc").executeTakeFirstOrThrow();
    return { move, saved, token: new URL(mail.link!).searchParams.get("token")! };
  }

  test("rejected: one notification with the approver and the reason, linking to the estimate; the sender's e-mail follows their choice", async () => {
    const hr = await userId(t.db, DEMO.HR);
    const { move, saved, token } = await sent();
    await (await callerFor(t.db, null, { ip: "198.51.100.61" })).estimate.decideApproval({ token, decision: "REJECTED", comment: "Housing is too high." });
    const rows = (await rowsFor(t.db, hr, "ESTIMATE_REJECTED")).filter((r) => r.entity_id === saved.costEstimateId);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.link).toBe(`/acme/cost-estimate-view?employeeId=${move.employeeId}&costEstimateId=${saved.costEstimateId}`);
    expect(JSON.parse(rows[0]!.vars)).toMatchObject({ approver: "Ada Approver", reason: "Housing is too high." });
    // The decision sends its own e-mail to the sender: the row is not sent a second time.
    expect(rows[0]!.email_status).toBe("WITH_DECISION");

    // Turned off: no decision e-mail, the in-app notification stays.
    await (await t.hrAcme()).notifications.setPreference({ kind: "ESTIMATE_APPROVED", email: false });
    const second = await sent();
    const mailsBefore = (await t.db.selectFrom("outbox").select("id").where("template", "=", "estimateApproved").execute()).length;
    await (await callerFor(t.db, null, { ip: "198.51.100.62" })).estimate.decideApproval({ token: second.token, decision: "APPROVED" });
    expect((await t.db.selectFrom("outbox").select("id").where("template", "=", "estimateApproved").execute()).length).toBe(mailsBefore);
    const approved = (await rowsFor(t.db, hr, "ESTIMATE_APPROVED")).filter((r) => r.entity_id === second.saved.costEstimateId);
    expect(approved).toHaveLength(1);
    expect(approved[0]!.email_status).toBe("OFF");
    await (await t.hrAcme()).notifications.setPreference({ kind: "ESTIMATE_APPROVED", email: true });
  });
});

describe("assignments tell the employee", () => {
  test("extended and ended: the employee is told the new end date", async () => {
    const mei = await userId(t.db, "mei.tanaka@acme.test");
    const hr = await t.hrAcme();
    const move = await t.db.selectFrom("moves").select(["assignment_end_date"]).where("employee_user_id", "=", mei).where("status", "not in", ["draft", "cancelled"]).orderBy("id", "desc").executeTakeFirstOrThrow();
    const later = new Date(new Date(`${move.assignment_end_date}T00:00:00Z`).getTime() + 200 * 86_400_000).toISOString().slice(0, 10);
    await hr.assignments.extend({ group: "acme", actions: [{ employeeId: mei, message: "", newEndDate: later, groupOptionId: null }] });
    const extended = await rowsFor(t.db, mei, "ASSIGNMENT_EXTENDED");
    expect(extended).toHaveLength(1);
    expect(JSON.parse(extended[0]!.vars)).toEqual({ endDate: later });
    expect(extended[0]!.link).toBe("/");
    expect((await (await callerFor(t.db, "mei.tanaka@acme.test")).notifications.list({})).rows[0]).toMatchObject({ kind: "ASSIGNMENT_EXTENDED" });

    const ravi = await userId(t.db, "ravi.patel@acme.test");
    await hr.assignments.repatriate({ group: "acme", actions: [{ employeeId: ravi, message: "", newEndDate: "2030-12-31", reason: "Project done", services: [], budgets: [] }] });
    const ended = await rowsFor(t.db, ravi, "ASSIGNMENT_ENDED");
    expect(ended).toHaveLength(1);
    expect(JSON.parse(ended[0]!.vars)).toEqual({ endDate: "2030-12-31" });
    // Nobody else was told.
    expect(await rowsFor(t.db, mei, "ASSIGNMENT_ENDED")).toHaveLength(0);
  });
});

describe("a bulk import's end tells the uploader", () => {
  test("a job that fails (its file is gone) still tells, once", async () => {
    const hr = await userId(t.db, DEMO.HR);
    const group = await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow();
    const id = crypto.randomUUID();
    const actor = { id: hr, role: "HR", groupId: group.id, groupName: "acme", email: DEMO.HR };
    await insertJob(t.db, { id, kind: BULK_IMPORT_JOB, groupId: group.id, createdBy: hr, payload: { groupId: group.id, fileName: "gone.xlsx", hash: "0".repeat(64), size: 10, actor } }, new Date().toISOString());
    const config = testConfig({ FILES_DIR: `/tmp/meridian-notify-${id}` });
    const deps = { db: t.db, config, mailer: createMailer({ smtpUrl: undefined, mailFrom: "Meridian <no-reply@meridian.local>" }) };
    await runPendingJobs(deps, [BULK_IMPORT_JOB]);
    const job = await t.db.selectFrom("jobs").select("status").where("id", "=", id).executeTakeFirstOrThrow();
    expect(job.status).toBe("FAILED");
    const rows = (await rowsFor(t.db, hr, "BULK_IMPORT_FINISHED")).filter((r) => r.dedupe_key === `bulk-job:${id}:finished`);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.link).toBe("/acme/bulk-import");
    expect(JSON.parse(rows[0]!.vars)).toMatchObject({ fileName: "gone.xlsx", created: "0", failed: "0" });
    await runPendingJobs(deps, [BULK_IMPORT_JOB]);
    expect((await rowsFor(t.db, hr, "BULK_IMPORT_FINISHED")).filter((r) => r.dedupe_key === `bulk-job:${id}:finished`)).toHaveLength(1);
  });
});
