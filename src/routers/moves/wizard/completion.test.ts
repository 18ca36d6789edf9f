import { describe, expect, test } from "bun:test";
import { propertyModelName } from "../../../domain/policy/forms/catalogue.ts";
import { messages } from "../../../domain/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import { countTable, createTestMove, releasedVersionOf } from "../../../services/moves/wizard/initiation-testing.ts";
import { auditRows } from "../../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../../test/errors.ts";
import { useTestDatabase } from "../../../test/fixtures.ts";
import { expectAudit } from "../../../test/audit.ts";

const t = useTestDatabase();
const { admin, hrAcme, hrGlobex, employee, finance } = t;

async function groupId(name: string) {
  return (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
}

function outboxFor(email: string) {
  return t.db.selectFrom("outbox").selectAll().where("to_address", "=", email).orderBy("id").execute();
}

describe("wizard.initiationSummary", () => {
  test("employee, policy, places, summary fields, chosen services and budgets per move stage", async () => {
    // A summary money field on acme's form.
    await (await hrAcme()).wizard.initiationForm({ group: "acme", policyVersionId: (await releasedVersionOf(t.db, "Global Long-Term Assignment")).versionId });
    const gid = await groupId("acme");
    const section = await t.db.selectFrom("form_sections").select("id").where("group_id", "=", gid).where("added", "=", 1).orderBy("sort_order").executeTakeFirstOrThrow();
    const now = new Date().toISOString();
    await t.db
      .insertInto("form_fields")
      .values({ group_id: gid, section_id: section.id, sort_order: 950, model_name: propertyModelName("signingBonus"), label: "Signing bonus", form_type: "money", data_type: "Money", in_initiation_summary: 1, created_at: now, updated_at: now })
      .execute();

    const move = await createTestMove(t.db);
    const res = await (await hrAcme()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId });
    expect(res).toMatchObject({
      success: true,
      employee: { id: move.employeeId, firstName: "Ada", lastName: "Lovelace", email: move.email },
      policy: { id: move.policyId, versionId: move.versionId, name: "Global Long-Term Assignment", versionNumber: 1, estimateType: "ADVANCED", cityGuideOnly: false },
      move: { id: move.moveId, status: "draft", origin: "London, England, United Kingdom", moveDate: "2027-03-01", assignmentStartDate: "2027-03-01", assignmentEndDate: "2028-09-01" },
      welcomeEmail: true,
    });
    expect(res.move.destination).toStartWith("Luxembourg, ");
    expect(res.move.destination).toEndWith(", Luxembourg");
    expect(res.fields).toContainEqual({ label: "Signing bonus", value: "USD 1,000.00", modelName: propertyModelName("signingBonus"), formType: "money" });

    const stages = res.moveStageSections!;
    expect(stages.map((s) => s.moveStageName)).toEqual(["Pre-Departure", "On Assignment", "Repatriation"]);
    const first = stages[0]!;
    const service = (key: string) => first.services.find((s) => s.service === key);
    expect(service("IMMIGRATION")).toEqual({ service: "IMMIGRATION", title: "Work and residence permits", detail: "USD 6,000.00" });
    expect(service("REMOVALS")!.detail).toContain("40ft container");
    expect(service("CULTURALTRAINING")).toBeUndefined(); // addable, not chosen
    expect(service("TAXBRIEFING")).toBeUndefined(); // off
    expect(service("MOVEHUB")).toBeDefined(); // view only
    const budget = first.budgets.find((b) => b.budgetGroupId === 1)!;
    expect(budget.amount).toBe("USD 4,000.00");
    expect(budget.services.length).toBe(2);
  });

  test("stage-3 overrides: an added service, another amount, another budget", async () => {
    const move = await createTestMove(t.db);
    await t.db
      .insertInto("move_service_overrides")
      .values([
        { move_id: move.moveId, move_stage: 1, service_key: "CULTURALTRAINING", selected: 1, benefit_option_id: null, amount: null, currency: null },
        { move_id: move.moveId, move_stage: 1, service_key: "IMMIGRATION", selected: 1, benefit_option_id: null, amount: 750000, currency: "USD" },
        { move_id: move.moveId, move_stage: 1, service_key: "TRAVEL", selected: 0, benefit_option_id: null, amount: null, currency: null },
      ])
      .execute();
    await t.db.insertInto("move_budget_overrides").values({ move_id: move.moveId, move_stage: 1, group_number: 1, currency: "EUR", amount: 300000 }).execute();
    const res = await (await admin()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId, benefits: true });
    const first = res.moveStageSections![0]!;
    expect(first.services.find((s) => s.service === "CULTURALTRAINING")!.detail).toBe("One-day workshop");
    expect(first.services.find((s) => s.service === "IMMIGRATION")!.detail).toBe("USD 7,500.00");
    expect(first.services.find((s) => s.service === "TRAVEL")).toBeUndefined();
    expect(first.budgets.find((b) => b.budgetGroupId === 1)!.amount).toBe("EUR 3,000.00");
  });

  test("without benefits no stage sections; a no-welcome-e-mail policy says so", async () => {
    const move = await createTestMove(t.db, { group: "globex", policy: "Globex Graduate Move" });
    const res = await (await hrGlobex()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId, benefits: false });
    expect(res.moveStageSections).toBeNull();
    expect(res.welcomeEmail).toBe(false);
  });

  test("bad input, wrong move, wrong role, other group", async () => {
    const move = await createTestMove(t.db, { saveAsDraft: true });
    await expectInputError((await hrAcme()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: "x" as never }), "moveId");
    await expectTrpcError((await hrAcme()).wizard.initiationSummary({ employeeId: move.employeeId + 100000, moveId: move.moveId }), "NOT_FOUND", wizardMessages.moveNotFound);
    await expectTrpcError((await employee()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await hrGlobex()).wizard.initiationSummary({ employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
  });
});

describe("wizard.completeInitiation", () => {
  test("opens the move, audits it and e-mails the welcome with the activation link", async () => {
    const move = await createTestMove(t.db);
    const tokens = await countTable(t.db, "account_tokens");
    const res = await (await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    expect(res).toEqual({ success: true, redirectUrl: `/acme/home?initiated=${move.moveId}`, message: null });
    const row = await t.db.selectFrom("moves").selectAll().where("id", "=", move.moveId).executeTakeFirstOrThrow();
    const hrId = (await t.db.selectFrom("users").select("id").where("email", "=", "hr@acme.test").executeTakeFirstOrThrow()).id;
    expect(row).toMatchObject({ status: "open", current_move_stage: 1, wizard_stage: 5, initiated_by: hrId });
    expect(row.initiated_at).not.toBeNull();
    expect((await auditRows(t.db, "initiate")).at(-1)).toMatchObject({ entity: "move", entity_id: String(move.moveId) });
    // Field by field (issue 23 item 24): the move opened, and the activation link handed out.
    await expectAudit(t.db, {
      action: "initiate", actor: "hr@acme.test", groupId: await groupId("acme"), entity: "move", entityId: move.moveId,
      oldValues: { status: "draft" }, newValues: { status: "open", employeeId: move.employeeId, policyVersionId: row.policy_version_id },
    });
    await expectAudit(t.db, {
      action: "send-activation", actor: "hr@acme.test", groupId: await groupId("acme"), entity: "user", entityId: move.employeeId,
      oldValues: null, newValues: { email: move.email, moveId: move.moveId },
    });
    const mails = await outboxFor(move.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "welcome", user_id: move.employeeId, group_id: await groupId("acme") });
    expect(mails[0]!.subject).toContain("Welcome to your move with");
    expect(mails[0]!.text).toContain("Hello Ada");
    expect(mails[0]!.text).toContain("Global Long-Term Assignment");
    expect(mails[0]!.text).toContain("Luxembourg");
    expect(mails[0]!.link).toMatch(/\/employee\/activate\?ac=/);
    expect(await countTable(t.db, "account_tokens")).toBe(tokens + 1);
  });

  test("no welcome e-mail for a no-welcome-e-mail policy (Globex Graduate Move) nor for an activated employee", async () => {
    const graduate = await createTestMove(t.db, { group: "globex", policy: "Globex Graduate Move" });
    expect((await (await hrGlobex()).wizard.completeInitiation({ group: "globex", employeeId: graduate.employeeId, moveId: graduate.moveId })).success).toBe(true);
    expect(await outboxFor(graduate.email)).toHaveLength(0);
    const active = await createTestMove(t.db);
    await t.db.updateTable("users").set({ activation_state: "ACTIVE" }).where("id", "=", active.employeeId).execute();
    expect((await (await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: active.employeeId, moveId: active.moveId })).success).toBe(true);
    expect(await outboxFor(active.email)).toHaveLength(0);
  });

  test("only a draft; only in the move's group; HR and ADMIN only", async () => {
    const move = await createTestMove(t.db);
    await expectTrpcError((await hrGlobex()).wizard.completeInitiation({ group: "globex", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await hrGlobex()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await admin()).wizard.completeInitiation({ group: "globex", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await employee()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN");
    await expectTrpcError((await finance()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId }), "FORBIDDEN");
    await expectInputError((await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: -1 }), "moveId");
    expect(await outboxFor(move.email)).toHaveLength(0);
    await (await admin()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId });
    await expectTrpcError((await hrAcme()).wizard.completeInitiation({ group: "acme", employeeId: move.employeeId, moveId: move.moveId }), "CONFLICT", wizardMessages.moveNotDraft);
    expect(await outboxFor(move.email)).toHaveLength(1);
  });
});
