/**
 * The approver's signed link (issue 13 item 6) through the estimate router on a freshly migrated
 * database (SQLite, and PostgreSQL with TEST_DB=postgres): the link in the approval e-mail, the
 * public page's read, approve and reject, expiry, reuse, a wrong token, a superseded version,
 * parallel decisions (one effect) and the per-address cap.
 */
import { describe, expect, test } from "bun:test";
import { approvalLinkMessages, wholeAmount } from "../../domain/estimate/approval-link.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { ZodError } from "zod";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { useTestDatabase } from "../../test/fixtures.ts";
import { expectAudit, groupIdOf } from "../../test/audit.ts";
import { expectNoServerError, expectOneEffect, outcomesOf, race } from "../../test/race.ts";
import { sessionIdFor } from "../identity/auth.ts";
import { createMailer } from "../mail.ts";
import { createTestMove } from "../moves/wizard/initiation-testing.ts";
import { DECIDE_RULE, decideApproval, readApprovalLink } from "./approval-link.ts";

const t = useTestDatabase({ poolSize: 12 });
const DAY = 86_400_000;
let ipSeq = 0;
/** A signed-out caller from an address of its own (the decision cap counts per address). */
const approver = (ip = `198.51.100.${++ipSeq}`) => callerFor(t.db, null, { ip });
const ref = (m: { employeeId: number; moveId: number }) => ({ employeeId: m.employeeId, moveId: m.moveId });

/** A move whose current estimate names an approver and was sent for approval; answers the token from the outbox's link. */
async function sentMove(approverEmail = `approver-${crypto.randomUUID().slice(0, 8)}@acme.test`) {
  const hr = await t.hrAcme();
  const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
  const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
  const saved = await hr.estimate.saveEstimate({ ...ref(move), costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverName: "Ada Approver", approverEmail });
  await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false });
  return { hr, move, saved, approverEmail, token: await lastToken(approverEmail) };
}

async function lastToken(to: string): Promise<string> {
  const row = await t.db.selectFrom("outbox").select("link").where("to_address", "=", to).where("template", "=", "estimateApproval").orderBy("id", "desc").executeTakeFirstOrThrow();
  const url = new URL(row.link!);
  expect(url.pathname).toBe("/estimate-approval");
  return url.searchParams.get("token")!;
}

const version = (id: number) => t.db.selectFrom("cost_estimates").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const audits = (action: string, moveId: number) => t.db.selectFrom("audit_log").selectAll().where("action", "=", action).where("entity_id", "=", String(moveId)).execute();

describe("sending for approval issues a signed link", () => {
  test("the e-mail's link is built from the configured origin; only the token's hash is stored, valid for ESTIMATE_APPROVAL_LINK_DAYS", async () => {
    const { move, saved, token, approverEmail } = await sentMove();
    const mail = await t.db.selectFrom("outbox").selectAll().where("to_address", "=", approverEmail).executeTakeFirstOrThrow();
    expect(mail.link!.startsWith("http://localhost:3000/estimate-approval?token=")).toBe(true);
    expect(mail.text).toContain("approve or reject");
    const links = await t.db.selectFrom("estimate_approval_links").selectAll().where("cost_estimate_id", "=", saved.costEstimateId).execute();
    expect(links).toHaveLength(1);
    const link = links[0]!;
    expect(link.token_hash).toBe(sessionIdFor(token));
    expect(JSON.stringify(link)).not.toContain(token);
    expect(link.approver_email).toBe(approverEmail);
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(14 * DAY);
    expect(await audits("estimate.approval.sent", move.moveId)).toHaveLength(1);
    await expectAudit(t.db, {
      action: "estimate.approval.sent", actor: "hr@acme.test", groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId, oldValues: null,
      newValues: { costEstimateId: saved.costEstimateId, versionNumber: saved.costEstimate.versionNumber, approverEmail, expiresAt: link.expires_at },
    });
  });

  test("the link's lifetime follows the configuration", async () => {
    const config = testConfig({ ESTIMATE_APPROVAL_LINK_DAYS: "2" });
    const hr = await callerFor(t.db, "hr@acme.test", { config });
    const move = await createTestMove(t.db, { policy: "Short-Term Assignment" });
    const view = (await hr.estimate.openEstimationView(ref(move))).costEstimate!;
    const saved = await hr.estimate.saveEstimate({ ...ref(move), costEstimateID: view.costEstimateId, type: "STA", displayCurrency: view.displayCurrency, approverEmail: "two-days@acme.test" });
    await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false });
    const link = await t.db.selectFrom("estimate_approval_links").selectAll().where("cost_estimate_id", "=", saved.costEstimateId).executeTakeFirstOrThrow();
    expect(new Date(link.expires_at).getTime() - new Date(link.created_at).getTime()).toBe(2 * DAY);
  });
});

describe("the approver's page", () => {
  test("an open link shows the group, employee, move, version and the estimate in whole units", async () => {
    const { move, saved, token, approverEmail } = await sentMove();
    const page = await (await approver()).estimate.approvalLink({ token });
    if (page.status !== "OPEN") throw new Error(`expected OPEN, got ${page.status}`);
    const e = page.estimate;
    expect(e.groupName).toBe("Acme Corp");
    expect(e.versionNumber).toBe(saved.costEstimate.versionNumber);
    expect(e.approverEmail).toBe(approverEmail);
    expect(e.sentBy).toBeTruthy();
    expect(e.employeeName.length).toBeGreaterThan(0);
    expect(e.sections.length).toBeGreaterThan(0);
    expect(e.total).toMatch(new RegExp(`^${e.displayCurrency} -?[\\d,]+$`));
    for (const s of e.sections) for (const i of s.items) expect(i.total).toMatch(/^[A-Z]{3} -?[\d,]+$/);
    // Every amount is in the display currency, as the estimate table shows it (an item's year columns).
    const view = (await (await t.hrAcme()).estimate.estimationView(ref(move))).costEstimate!;
    expect(e.sections.map((s) => s.items.map((i) => i.total))).toEqual(
      view.sections.map((s) => s.items.map((i) => wholeAmount(i.totalPerYear.reduce((a, b) => a + b, 0), view.displayCurrency))),
    );
    expect(e.sections.map((s) => s.total)).toEqual(view.sections.map((s) => wholeAmount(s.total, view.displayCurrency)));
  });

  test("a wrong token, or a token of another kind, opens nothing (NOT_FOUND)", async () => {
    const caller = await approver();
    await expectTrpcError(caller.estimate.approvalLink({ token: "not-a-real-token" }), "NOT_FOUND", approvalLinkMessages.invalid);
    await expectTrpcError(caller.estimate.decideApproval({ token: "not-a-real-token", decision: "APPROVED" }), "NOT_FOUND", approvalLinkMessages.invalid);
    const session = await t.db.selectFrom("account_tokens").select("token_hash").limit(1).executeTakeFirst();
    if (session) await expectTrpcError(caller.estimate.approvalLink({ token: session.token_hash }), "NOT_FOUND", approvalLinkMessages.invalid);
  });
});

describe("deciding", () => {
  test("reject needs a comment (at most 2000 characters); with one it is recorded on the version, audited and HR is told", async () => {
    const { hr, move, saved, token, approverEmail } = await sentMove();
    const caller = await approver();
    for (const [comment, message] of [
      [undefined, approvalLinkMessages.commentRequired],
      ["   ", approvalLinkMessages.commentRequired],
      ["x".repeat(2001), approvalLinkMessages.commentTooLong],
    ] as const) {
      const error = await expectInputError(caller.estimate.decideApproval({ token, decision: "REJECTED", comment }), "comment");
      expect((error.cause as ZodError).issues[0]!.message).toBe(message);
    }

    const decided = await caller.estimate.decideApproval({ token, decision: "REJECTED", comment: "Housing is too high." });
    expect(decided).toMatchObject({ decision: "REJECTED", versionNumber: saved.costEstimate.versionNumber });
    const row = await version(saved.costEstimateId);
    expect(row).toMatchObject({ approval_decision: "REJECTED", approval_comment: "Housing is too high.", approval_decided_by: approverEmail, is_approved: 0 });
    expect(row.approval_decided_at).toBe(decided.decidedAt);
    const audit = await audits("estimate.approval.rejected", move.moveId);
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_user_id).toBeNull();
    await expectAudit(t.db, {
      action: "estimate.approval.rejected", actor: null, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId, oldValues: { isApproved: false },
      newValues: { costEstimateId: saved.costEstimateId, versionNumber: saved.costEstimate.versionNumber, decision: "REJECTED", comment: "Housing is too high.", approverEmail },
    });
    const notice = await t.db.selectFrom("outbox").selectAll().where("template", "=", "estimateRejected").where("to_address", "=", "hr@acme.test").orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(notice.text).toContain("Housing is too high.");
    expect(notice.link).toBe(`http://localhost:3000/acme/employeefile/summaryView?employeeId=${move.employeeId}&moveId=${move.moveId}`);

    // The link is used: the page says so, a second decision is refused.
    const page = await caller.estimate.approvalLink({ token });
    expect(page).toMatchObject({ status: "DECIDED", decision: "REJECTED", versionNumber: saved.costEstimate.versionNumber });
    await expectTrpcError(caller.estimate.decideApproval({ token, decision: "APPROVED" }), "CONFLICT", approvalLinkMessages.linkUsed);
    // HR sees it on the move page, the stage and the history.
    const file = await hr.moves.file({ group: "acme", ...ref(move) });
    expect(file.estimate?.approvalState).toMatchObject({ state: "REJECTED", comment: "Housing is too high.", decidedBy: approverEmail });
    const history = await hr.estimate.history({ employeeId: move.employeeId, moveId: move.moveId });
    expect(history.history.find((h) => h.costEstimateId === saved.costEstimateId)?.approvalState).toMatchObject({ state: "REJECTED", comment: "Housing is too high." });
    const stage = (await hr.estimate.estimationView({ ...ref(move) })).costEstimate!;
    expect(stage.employeeInformation.approvalState).toMatchObject({ state: "REJECTED" });
    // A decided version is not sent again: a change makes a new version to send.
    await expectTrpcError(hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false }), "CONFLICT", approvalLinkMessages.decidedVersionNotSent);
  });

  test("approve marks the version approved as the estimate pages read it", async () => {
    const { hr, move, saved, token, approverEmail } = await sentMove();
    const before = await hr.moves.file({ group: "acme", ...ref(move) });
    expect(before.estimate?.approvalState).toMatchObject({ state: "PENDING", sentTo: approverEmail });
    expect(before.estimate?.approvalState.sentAt).toBeTruthy();
    await (await approver()).estimate.decideApproval({ token, decision: "APPROVED" });
    const row = await version(saved.costEstimateId);
    expect(row).toMatchObject({ approval_decision: "APPROVED", approval_comment: null, is_approved: 1, approver_name: "Ada Approver" });
    expect(row.approval_date).toBe(row.approval_decided_at!.slice(0, 10));
    const file = await hr.moves.file({ group: "acme", ...ref(move) });
    expect(file.estimate).toMatchObject({ isApproved: true, approvalState: { state: "APPROVED", decidedBy: approverEmail } });
    expect(await audits("estimate.approval.approved", move.moveId)).toHaveLength(1);
    await expectAudit(t.db, {
      action: "estimate.approval.approved", actor: null, groupId: await groupIdOf(t.db, "acme"), entity: "move", entityId: move.moveId, oldValues: { isApproved: false },
      newValues: { costEstimateId: saved.costEstimateId, versionNumber: saved.costEstimate.versionNumber, decision: "APPROVED", comment: null, approverEmail },
    });
  });

  test("an expired link is refused and reads as expired", async () => {
    const { token } = await sentMove();
    const later = new Date(Date.now() + 15 * DAY);
    expect(await readApprovalLink(t.db, token, later)).toEqual({ status: "EXPIRED", message: approvalLinkMessages.expired });
    const deps = { db: t.db, mailer: createMailer(testConfig()), baseUrl: "http://localhost:3000" };
    await expect(decideApproval(deps, { token, decision: "APPROVED" }, { ip: "192.0.2.200" }, later)).rejects.toMatchObject({ code: "BAD_REQUEST", message: approvalLinkMessages.expired });
    // Still open today.
    expect((await readApprovalLink(t.db, token)).status).toBe("OPEN");
  });

  test("a link for a version that is no longer current is refused", async () => {
    const { hr, move, saved, token } = await sentMove();
    await hr.estimate.saveEstimate({ ...ref(move), costEstimateID: saved.costEstimateId, type: "STA", displayCurrency: "USD", approverName: "Ada Approver", approverEmail: "someone@acme.test", taxRateOverride: 25 });
    const caller = await approver();
    expect(await caller.estimate.approvalLink({ token })).toEqual({ status: "SUPERSEDED", message: approvalLinkMessages.superseded });
    await expectTrpcError(caller.estimate.decideApproval({ token, decision: "APPROVED" }), "CONFLICT", approvalLinkMessages.superseded);
    expect((await version(saved.costEstimateId)).approval_decision).toBeNull();
  });

  test("two links of one version: the version takes one decision", async () => {
    const { hr, move, saved, token: first, approverEmail } = await sentMove();
    await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false });
    const second = await lastToken(approverEmail);
    expect(second).not.toBe(first);
    const caller = await approver();
    await caller.estimate.decideApproval({ token: second, decision: "APPROVED" });
    expect(await caller.estimate.approvalLink({ token: first })).toMatchObject({ status: "DECIDED", decision: "APPROVED" });
    await expectTrpcError(caller.estimate.decideApproval({ token: first, decision: "REJECTED", comment: "No." }), "CONFLICT", approvalLinkMessages.alreadyDecided);
  });
});

describe("parallel decisions", () => {
  const N = 20;
  test(`${N} × the same link: one decision, the rest CONFLICT`, async () => {
    const { move, saved, token } = await sentMove();
    const callers = await Promise.all(Array.from({ length: N }, () => approver()));
    const results = await race(N, (i) => callers[i]!.estimate.decideApproval(i % 2 ? { token, decision: "APPROVED" } : { token, decision: "REJECTED", comment: `No ${i}` }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: approvalLinkMessages.linkUsed } });
    const decisions = (await audits("estimate.approval.approved", move.moveId)).length + (await audits("estimate.approval.rejected", move.moveId)).length;
    expect(decisions).toBe(1);
    const link = await t.db.selectFrom("estimate_approval_links").selectAll().where("cost_estimate_id", "=", saved.costEstimateId).executeTakeFirstOrThrow();
    expect(link.decision).toBe((await version(saved.costEstimateId)).approval_decision);
  });

  test(`${N} × two links of one version: one decision, the rest CONFLICT`, async () => {
    const { hr, move, saved, token: first, approverEmail } = await sentMove();
    await hr.estimate.sendForApproval({ ...ref(move), costEstimateId: saved.costEstimateId, ccSender: false });
    const second = await lastToken(approverEmail);
    const callers = await Promise.all(Array.from({ length: N }, () => approver()));
    const results = await race(N, (i) => callers[i]!.estimate.decideApproval({ token: i % 2 ? first : second, decision: "APPROVED" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: new RegExp(`^(${approvalLinkMessages.linkUsed}|${approvalLinkMessages.alreadyDecided})$`) } });
    expect(await audits("estimate.approval.approved", move.moveId)).toHaveLength(1);
    const used = await t.db.selectFrom("estimate_approval_links").select("used_at").where("cost_estimate_id", "=", saved.costEstimateId).where("used_at", "is not", null).execute();
    expect(used).toHaveLength(1);
  });
});

describe("a decision racing HR's save of a new version", () => {
  test("either order gives a clear answer: the save always lands, the decision at most once", async () => {
    const { hr, move, saved, token } = await sentMove();
    const callers = await Promise.all(Array.from({ length: 10 }, () => approver()));
    const results = await race(11, (i): Promise<unknown> =>
      i === 10
        ? hr.estimate.saveEstimate({ ...ref(move), costEstimateID: saved.costEstimateId, type: "STA", displayCurrency: "USD", approverEmail: "next@acme.test", taxRateOverride: 22 })
        : callers[i]!.estimate.decideApproval({ token, decision: "APPROVED" }),
    );
    const outcomes = await outcomesOf(results);
    expectNoServerError(outcomes);
    expect(outcomes[10]!.ok).toBe(true);
    const decided = outcomes.slice(0, 10).filter((o) => o.ok).length;
    expect(decided).toBeLessThanOrEqual(1);
    for (const o of outcomes.slice(0, 10).filter((x) => !x.ok)) {
      expect(o.code).toBe("CONFLICT");
      expect<string[]>([approvalLinkMessages.linkUsed, approvalLinkMessages.superseded]).toContain(o.message!);
    }
    expect(await audits("estimate.approval.approved", move.moveId)).toHaveLength(decided);
  });
});

describe("the per-address cap", () => {
  test(`more than ${DECIDE_RULE.max} decisions a minute from one address are refused (TOO_MANY_REQUESTS)`, async () => {
    const caller = await approver("192.0.2.77");
    for (let i = 0; i < DECIDE_RULE.max; i++) {
      await expectTrpcError(caller.estimate.decideApproval({ token: `wrong-${i}`, decision: "APPROVED" }), "NOT_FOUND");
    }
    await expectTrpcError(caller.estimate.decideApproval({ token: "wrong-last", decision: "APPROVED" }), "TOO_MANY_REQUESTS", approvalLinkMessages.tooManyAttempts);
    // Another address is not held back.
    await expectTrpcError((await approver()).estimate.decideApproval({ token: "wrong-other", decision: "APPROVED" }), "NOT_FOUND");
  });
});
