/**
 * Parallel identical identity and admin writes (DESIGN.md "Data": a guarded write is atomic on both
 * databases): one effect, clear refusals, never a 500. Each test fires N calls released together
 * (src/test/race.ts) and checks the answers and the rows left behind. Runs on SQLite and, with
 * TEST_DB=postgres, on PostgreSQL with a pool wide enough for real parallel transactions.
 */
import { describe, expect, test } from "bun:test";
import { activationMessages } from "../domain/identity/activation/messages.ts";
import { RESET_MAILS_PER_WINDOW } from "../domain/identity/recovery/rules.ts";
import { recoveryMessages } from "../domain/identity/recovery/messages.ts";
import { messages } from "../domain/messages.ts";
import { issueAccountToken, tokenMessages } from "../services/identity/tokens.ts";
import { appFor, cookieFor, postForm } from "./app.ts";
import { auditRows, callerFor, insertTestUser } from "./db.ts";
import { expectTrpcError } from "./errors.ts";
import { useTestDatabase } from "./fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "./race.ts";

const t = useTestDatabase({ poolSize: 12 });
const N = 40;
/** Activation and set-password hash the password (argon2id) before the guarded write: fewer calls keep the file fast on 2 cores. */
const N_HASHING = 6;
const GOOD = "Moving#2027";

const outboxTo = (to: string) => t.db.selectFrom("outbox").select(["id", "template", "link"]).where("to_address", "=", to).execute();
const usersWith = (email: string) => t.db.selectFrom("users").select(["id", "group_id", "activation_state"]).where("email", "=", email).execute();
const auditsOf = async (action: string, entityId: number) => (await auditRows(t.db, action)).filter((a) => a.entity_id === String(entityId));

describe("users.invite and sendActivation", () => {
  test(`${N} × invite of one new address: one PENDING user and one mail, ${N - 1} × CONFLICT "already exists"`, async () => {
    const hr = await t.hrAcme();
    const email = `race-invite-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const results = await race(N, () => hr.users.invite({ group: "acme", email, firstName: "Rae", lastName: "Ce", role: "EMPLOYEE" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: activationMessages.cannotInvite } });
    const users = await usersWith(email);
    expect(users).toHaveLength(1);
    expect(users[0]!.activation_state).toBe("PENDING");
    expect(await outboxTo(email)).toHaveLength(1);
    expect(await auditsOf("invite", users[0]!.id)).toHaveLength(1);
    expect(await auditsOf("send-activation", users[0]!.id)).toHaveLength(1);
  });

  test(`${N} × invite of one address from two groups at once: one user; the other group's HR is not told where it is`, async () => {
    const acme = await t.hrAcme();
    const globex = await t.hrGlobex();
    const email = `race-two-groups-${crypto.randomUUID().slice(0, 8)}@example.test`;
    const results = await race(N, (i) =>
      (i % 2 === 0 ? acme : globex).users.invite({ group: i % 2 === 0 ? "acme" : "globex", email, firstName: "Two", lastName: "Groups", role: "EMPLOYEE" }),
    );
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: activationMessages.cannotInvite } });
    expect(await usersWith(email)).toHaveLength(1);
    expect(await outboxTo(email)).toHaveLength(1);
  });

  test("an address of another group or of platform staff is refused without saying it exists there", async () => {
    const globex = await t.hrGlobex();
    for (const email of ["employee@acme.test", "admin@meridian.test"]) {
      const error = await expectTrpcError(globex.users.invite({ group: "globex", email, firstName: "A", lastName: "B", role: "EMPLOYEE" }), "CONFLICT", activationMessages.cannotInvite);
      expect(error.message).not.toMatch(/exist|acme|group/i);
    }
    const pendingElsewhere = `pending-elsewhere-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    await insertTestUser(t.db, { email: pendingElsewhere, group: "acme", activationState: "PENDING", withPassword: false });
    await expectTrpcError(globex.users.invite({ group: "globex", email: pendingElsewhere, firstName: "A", lastName: "B", role: "EMPLOYEE" }), "CONFLICT", activationMessages.cannotInvite);
    // The own group's duplicate keeps its text.
    await expectTrpcError((await t.hrAcme()).users.invite({ group: "acme", email: "employee@acme.test", firstName: "A", lastName: "B", role: "EMPLOYEE" }), "CONFLICT", activationMessages.cannotInvite);
  });

  test(`${N} × sendActivation of one PENDING person: one code and one mail, the rest CONFLICT`, async () => {
    const email = `race-send-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email, activationState: "PENDING", withPassword: false });
    const hr = await t.hrAcme();
    const results = await race(N, () => hr.users.sendActivation({ group: "acme", userId: id }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: activationMessages.activationJustSent } });
    expect(await outboxTo(email)).toHaveLength(1);
    const tokens = await t.db.selectFrom("account_tokens").select("id").where("user_id", "=", id).execute();
    expect(tokens).toHaveLength(1);
  });
});

describe("activation and password reset links are single use", () => {
  test(`${N_HASHING} × activate with one code: one account activated and signed in, the rest CONFLICT`, async () => {
    const email = `race-activate-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email, activationState: "PENDING", withPassword: false });
    const ac = await issueAccountToken(t.db, { userId: id, kind: "ACTIVATION", ttlMinutes: 60 });
    const anon = await callerFor(t.db, null);
    const results = await race(N_HASHING, () =>
      anon.account.activate({ type: "employee", ac, firstName: "Act", lastName: "Ive", password: GOOD, confirmPassword: GOOD, acceptTerms: "true" }),
    );
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: messages.signupFailed } });
    expect((await usersWith(email))[0]!.activation_state).toBe("ACTIVE");
    expect(await auditsOf("activate", id)).toHaveLength(1);
    const sessions = await t.db.selectFrom("sessions").select("id").where("user_id", "=", id).execute();
    expect(sessions).toHaveLength(1);
  }, 30_000);

  test(`${N_HASHING} × set-new-password with one token: one change, the rest CONFLICT "already used"`, async () => {
    const email = `race-reset-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email });
    const token = await issueAccountToken(t.db, { userId: id, kind: "PASSWORD_RESET", ttlMinutes: 60 });
    const anon = await callerFor(t.db, null);
    const results = await race(N_HASHING, () => anon.recovery.setPassword({ token, password: "New#2026pass", confirmPassword: "New#2026pass" }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: tokenMessages.used } });
    expect(await auditsOf("passwordReset", id)).toHaveLength(1);
  }, 30_000);

  test(`${N} × recovery.request for one account: ${RESET_MAILS_PER_WINDOW} mails at most, every answer the neutral one`, async () => {
    const email = `race-recovery-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    await insertTestUser(t.db, { email });
    const anon = await callerFor(t.db, null);
    const results = await race(N, () => anon.recovery.request({ email }));
    const outcomes = await expectAllSucceed(results);
    expect(outcomes.every((o) => (o.value as { message: string }).message === recoveryMessages.resetRequested)).toBe(true);
    expect(await outboxTo(email)).toHaveLength(RESET_MAILS_PER_WINDOW);
  });

  test(`${N} × POST /user/account-recovery (legacy) for one account: ${RESET_MAILS_PER_WINDOW} mails at most`, async () => {
    const email = `race-recovery-legacy-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    await insertTestUser(t.db, { email });
    const app = appFor(t.db);
    const results = await race(N, () => postForm(app, "/user/account-recovery", { email }));
    await expectAllSucceed(results);
    expect(await outboxTo(email)).toHaveLength(RESET_MAILS_PER_WINDOW);
  });
});

describe("terms, SSO settings, group status, anonymization", () => {
  async function userWithoutTerms() {
    const email = `race-terms-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email });
    await t.db.updateTable("users").set({ terms_accepted_at: null, terms_version: null }).where("id", "=", id).execute();
    return { id, email };
  }

  test(`${N} × account.acceptTerms: accepted once, one audit row`, async () => {
    const { id, email } = await userWithoutTerms();
    const caller = await callerFor(t.db, email);
    await expectAllSucceed(await race(N, () => caller.account.acceptTerms({ accept: true })));
    expect(await auditsOf("accept-terms", id)).toHaveLength(1);
    const row = await t.db.selectFrom("users").select(["terms_accepted_at", "terms_version"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(row.terms_accepted_at).not.toBeNull();
  });

  test(`${N} × POST /user/terms-and-conditions (legacy): one audit row`, async () => {
    const { id, email } = await userWithoutTerms();
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, email);
    await expectAllSucceed(await race(N, () => postForm(app, "/user/terms-and-conditions", { accept: "true" }, { cookie })));
    expect(await auditsOf("accept-terms", id)).toHaveLength(1);
  });

  test(`${N} × sso.saveSettings of a group without settings: one row, no duplicate key`, async () => {
    const admin = await t.admin();
    const group = await t.db.selectFrom("groups").select(["id", "name"]).where("name", "=", "globex").executeTakeFirstOrThrow();
    await t.db.deleteFrom("group_sso_settings").where("group_id", "=", group.id).execute();
    const results = await race(N, (i) =>
      admin.sso.saveSettings({ group: group.name, issuerUrl: "https://idp.example.test", clientId: `client-${i}`, clientSecret: "s3cret", allowedDomains: ["globex.test"], enabled: false }),
    );
    await expectAllSucceed(results);
    const rows = await t.db.selectFrom("group_sso_settings").select("client_id").where("group_id", "=", group.id).execute();
    expect(rows).toHaveLength(1);
    const audits = (await auditRows(t.db, "sso.settings.create")).filter((a) => a.entity_id === String(group.id));
    expect(audits).toHaveLength(1);
  });

  test(`${N} × admin.groups.setStatus to SUSPENDED and back: one audit row per change`, async () => {
    const admin = await t.admin();
    const group = await t.db.selectFrom("groups").select("id").where("name", "=", "initech").executeTakeFirstOrThrow();
    const count = async () => (await auditRows(t.db, "set-status")).filter((a) => a.entity_id === String(group.id)).length;
    const before = await count();
    await expectAllSucceed(await race(N, () => admin.admin.groups.setStatus({ groupId: group.id, status: "SUSPENDED" })));
    expect(await count()).toBe(before + 1);
    await expectAllSucceed(await race(N, () => admin.admin.groups.setStatus({ groupId: group.id, status: "ACTIVE" })));
    expect(await count()).toBe(before + 2);
  });

  test(`${N} × adminAccounts.anonymize of one user: anonymized once, the rest CONFLICT`, async () => {
    const email = `race-anon-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email });
    const admin = await t.admin();
    const results = await race(N, () => admin.adminAccounts.anonymize({ userId: id }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: recoveryMessages.alreadyAnonymized } });
    expect(await auditsOf("anonymize", id)).toHaveLength(1);
  });

  test(`${N} × adminAccounts.disableSso of one SSO user: all true, one audit row`, async () => {
    const email = `race-sso-${crypto.randomUUID().slice(0, 8)}@acme.test`;
    const id = await insertTestUser(t.db, { email, isSsoUser: true, withPassword: false });
    const admin = await t.admin();
    await expectAllSucceed(await race(N, () => admin.adminAccounts.disableSso({ userId: String(id) })));
    expect(await auditsOf("disableSso", id)).toHaveLength(1);
  });
});
