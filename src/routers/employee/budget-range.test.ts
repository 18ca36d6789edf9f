/**
 * The budget range whatever the currency, and the soft budget's outside-range option (issue 23 items
 * 8 and 20; part 1 §5 "Budget edit": "for soft type S with the outside-range option enabled the
 * warning "Warning: Budget is going to be outside the range provided." needs confirmation; otherwise
 * "Error: Budget is outside the range provided.""). Where budgets are edited: HR's editBudget
 * (budgets.editBudgetSave) and the wizard's stage 3 (wizard.storePolicyOverrides); and foreign-currency
 * finance items counted against a budget (the ledger and Bill Approval's budget check).
 * Expected figures come from the stored exchange_rates rows with decimal arithmetic written here, so a
 * conversion the wrong way round (or none) fails. SQLite and PostgreSQL (TEST_DB=postgres).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import Decimal from "decimal.js";
import { budgetMessages } from "../../domain/employee/budgets/messages.ts";
import { wizardMessages } from "../../domain/moves/wizard/messages.ts";
import { insertWizardMove } from "../../services/moves/wizard/initiation-testing.ts";
import { appFor, cookieFor, jsonOf, send } from "../../test/app.ts";
import { callerFor } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase();
let moveId: number;
let employeeId: number;
let groupId: number;
let versionId: number;
/** One USD in CHF and in EUR, as stored (the newest row wins). */
let usdChf: Decimal;
let usdEur: Decimal;

const NOW = "2026-11-20T10:00:00.000Z";
/** Major units with 2 decimals, half up: the figure the screens show. */
const cents = (d: Decimal) => d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

async function storedUsdRate(quote: string): Promise<Decimal> {
  const row = await t.db
    .selectFrom("exchange_rates")
    .select("rate")
    .where("base_currency", "=", "USD")
    .where("quote_currency", "=", quote)
    .orderBy("as_of", "desc")
    .orderBy("id", "desc")
    .executeTakeFirstOrThrow();
  return new Decimal(row.rate);
}

beforeAll(async () => {
  const me = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "u.id as userId", "m.group_id", "m.policy_version_id"])
    .where("u.email", "=", DEMO.EMPLOYEE)
    .where("m.status", "=", "open")
    .executeTakeFirstOrThrow();
  moveId = me.id;
  employeeId = me.userId;
  groupId = me.group_id;
  versionId = me.policy_version_id!;
  usdChf = await storedUsdRate("CHF");
  usdEur = await storedUsdRate("EUR");
  // The rates must tell the two directions apart for these tests to mean anything.
  expect(usdChf.equals(1)).toBe(false);
  expect(usdEur.equals(1)).toBe(false);
  await t.db.deleteFrom("move_budget_edits").where("move_id", "=", moveId).execute();
  await t.db.deleteFrom("move_budget_overrides").where("move_id", "=", moveId).execute();
});

const group1 = () => t.db.updateTable("budget_groups").where("policy_version_id", "=", versionId).where("move_stage", "=", 1).where("group_number", "=", 1);

describe("a hard budget in another currency keeps its range (issue 23 item 8)", () => {
  test("editBudget: the demo budget is USD 2,000–5,000 and has no CHF budget: CHF 500,000 is refused, the converted range holds", async () => {
    const policyCurrencies = await t.db
      .selectFrom("budgets as b")
      .innerJoin("budget_groups as g", "g.id", "b.budget_group_id")
      .select("b.currency")
      .where("g.policy_version_id", "=", versionId)
      .where("g.move_stage", "=", 1)
      .where("g.group_number", "=", 1)
      .execute();
    expect(policyCurrencies.map((r) => r.currency)).not.toContain("CHF");
    const hr = await t.hrAcme();
    const base = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "CHF" };
    const load = await hr.budgets.editBudgetLoad({ group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1 });
    expect(load.response[0]).toMatchObject({ currency: "USD", minAmount: "2000.00", maxAmount: "5000.00", budgetType: "H" });

    // USD 2,000–5,000 in CHF: times the USD→CHF rate (the other way round would divide).
    const min = cents(usdChf.times(2000));
    const max = cents(usdChf.times(5000));
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: "500000" }), "BAD_REQUEST", budgetMessages.outsideRangeError);
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: "500000", confirmOutsideRange: true }), "BAD_REQUEST", budgetMessages.outsideRangeError);
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: new Decimal(max).plus("0.01").toFixed(2) }), "BAD_REQUEST", budgetMessages.outsideRangeError);
    await expectTrpcError(hr.budgets.editBudgetSave({ ...base, amount: new Decimal(min).minus("0.01").toFixed(2) }), "BAD_REQUEST", budgetMessages.outsideRangeError);
    expect(await t.db.selectFrom("move_budget_edits").select("id").where("move_id", "=", moveId).execute()).toEqual([]);

    const saved = await hr.budgets.editBudgetSave({ ...base, amount: max });
    expect(saved).toMatchObject({ success: true, message: null });
    // The saved CHF budget shows the range it was held to.
    expect(saved.response[0]).toMatchObject({ currency: "CHF", amount: max, minAmount: min, maxAmount: max, budgetType: "H", source: "HR" });
    await t.db.deleteFrom("move_budget_edits").where("move_id", "=", moveId).execute();
  });

  test("wizard stage 3: a hard budget sent in CHF above the converted maximum is refused with the spec's message", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, DEMO.HR);
    const sections = [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1, amount: "500000", currency: "CHF" }] }];
    const refused = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections });
    expect(refused).toMatchObject({ success: false, message: wizardMessages.budgetOutsideRangeError });
    expect(refused.errors["stage1.budget1"]).toMatch(/cannot be above the maximum of CHF /);
    expect(await t.db.selectFrom("move_budget_overrides").select("amount").where("move_id", "=", m.moveId).execute()).toEqual([]);
  });
});

describe("the soft budget's outside-range option (issue 23 item 20)", () => {
  test("policy editor: the option is saved per budget group with its audit row read back field by field", async () => {
    const { createTestPolicy } = await import("../../services/policy/testing.ts");
    const p = await createTestPolicy(t.db);
    const admin = await t.admin();
    await admin.policy.services.add({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE" });
    await admin.policy.services.setBudgetGroup({ policyVersionId: p.versionId, moveStage: 1, serviceKey: "STORAGE", budgetGroup: 6 });
    const soft = await admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 6, budgetType: "S" });
    // A new soft group starts without the option: outside the range is refused until it is turned on.
    expect(soft.budgetGroup).toMatchObject({ id: 6, budgetType: "S", allowOutsideRange: false });
    const on = await admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 6, allowOutsideRange: true });
    expect(on.budgetGroup).toMatchObject({ budgetType: "S", allowOutsideRange: true });
    const stored = await t.db.selectFrom("budget_groups").select(["allow_outside_range", "budget_type"]).where("id", "=", on.budgetGroup.rowId).executeTakeFirstOrThrow();
    expect(stored).toEqual({ allow_outside_range: 1, budget_type: "S" });
    const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "budgetGroupUpdated").orderBy("id", "desc").executeTakeFirstOrThrow();
    const adminUser = await t.db.selectFrom("users").select("id").where("email", "=", DEMO.ADMIN).executeTakeFirstOrThrow();
    expect({ actor: audit.actor_user_id, entity: audit.entity, entityId: audit.entity_id, action: audit.action }).toEqual({
      actor: adminUser.id,
      entity: "budget",
      entityId: `group:${on.budgetGroup.rowId}`,
      action: "budgetGroupUpdated",
    });
    expect(JSON.parse(audit.old_values!)).toEqual({ authType: soft.budgetGroup.authType, complexity: soft.budgetGroup.complexity, budgetType: "S", allowOutsideRange: false });
    expect(JSON.parse(audit.new_values!)).toEqual({ authType: soft.budgetGroup.authType, complexity: soft.budgetGroup.complexity, budgetType: "S", allowOutsideRange: true });
    // The details read it back; a new version copies it.
    const off = await admin.policy.services.updateBudgetGroup({ policyId: p.policyId, moveStage: 1, budgetGroup: 6, allowOutsideRange: "false" as never });
    expect(off.budgetGroup.allowOutsideRange).toBe(false);
  });

  test("the documented PATCH …/budget-groups/{group} takes allowOutsideRange as a form field (on/off) and as JSON", async () => {
    const { createTestPolicy } = await import("../../services/policy/testing.ts");
    const p = await createTestPolicy(t.db);
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, DEMO.ADMIN);
    const path = `/api/v1/policy/configuration/${p.policyId}/movestages/1/budget-groups/4`;
    const form = (fields: Record<string, string>) =>
      send(app, "PATCH", path, new URLSearchParams(fields).toString(), { cookie }, "application/x-www-form-urlencoded");
    const on = await jsonOf(await form({ budgetType: "S", allowOutsideRange: "on" }));
    expect(on).toMatchObject({ status: 200, body: { success: true, budgetGroup: { id: 4, budgetType: "S", allowOutsideRange: true } } });
    const off = await jsonOf(await send(app, "PATCH", path, JSON.stringify({ allowOutsideRange: false }), { cookie }, "application/json"));
    expect(off).toMatchObject({ status: 200, body: { budgetGroup: { budgetType: "S", allowOutsideRange: false } } });
    const bad = await jsonOf(await form({ allowOutsideRange: "maybe" }));
    expect(bad.status).toBe(400);
  });

  test("editBudget: soft without the option refuses; with it asks, then saves once confirmed", async () => {
    const hr = await t.hrAcme();
    const base = { group: "acme", employeeId, budgetGroupId: 1, moveStageId: 1, currency: "USD", amount: "6000" };
    try {
      await group1().set({ budget_type: "S", allow_outside_range: 0 }).execute();
      await expectTrpcError(hr.budgets.editBudgetSave(base), "BAD_REQUEST", budgetMessages.outsideRangeError);
      await expectTrpcError(hr.budgets.editBudgetSave({ ...base, confirmOutsideRange: true }), "BAD_REQUEST", budgetMessages.outsideRangeError);
      expect(await t.db.selectFrom("move_budget_edits").select("id").where("move_id", "=", moveId).execute()).toEqual([]);

      await group1().set({ allow_outside_range: 1 }).execute();
      const ask = await hr.budgets.editBudgetSave(base);
      expect(ask).toEqual({ success: false, response: [], needsConfirmation: true, message: budgetMessages.outsideRangeWarning });
      const saved = await hr.budgets.editBudgetSave({ ...base, confirmOutsideRange: true });
      expect(saved.response[0]).toMatchObject({ amount: "6000.00", budgetType: "S", allowOutsideRange: true });

      // In another currency the converted range decides too: CHF far above it asks (soft with the option).
      const chf = await hr.budgets.editBudgetSave({ ...base, currency: "CHF", amount: "500000" });
      expect(chf).toMatchObject({ success: false, needsConfirmation: true, message: budgetMessages.outsideRangeWarning });
    } finally {
      await group1().set({ budget_type: "H", allow_outside_range: 0 }).execute();
      await t.db.deleteFrom("move_budget_edits").where("move_id", "=", moveId).execute();
    }
  });

  test("wizard stage 3: soft without the option is the error; with it the warning to confirm", async () => {
    const m = await insertWizardMove(t.db);
    const hr = await callerFor(t.db, DEMO.HR);
    const move = await t.db.selectFrom("moves").select("policy_version_id").where("id", "=", m.moveId).executeTakeFirstOrThrow();
    const g = () => t.db.updateTable("budget_groups").where("policy_version_id", "=", move.policy_version_id).where("move_stage", "=", 1).where("group_number", "=", 1);
    const sections = [{ moveStageId: 1, services: [], budgets: [{ budgetGroupId: 1, amount: "9999", currency: "USD" }] }];
    try {
      await g().set({ budget_type: "S", allow_outside_range: 0 }).execute();
      const view = await hr.wizard.policyOverrides(m);
      const group = view.moveStageSections[0]!.sections.flatMap((s) => s.budgetGroupComponents).find((x) => x.id === 1);
      expect(group).toMatchObject({ budgetType: "S", allowOutsideRange: false });
      for (const confirmOutsideRange of [false, true]) {
        const refused = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections, confirmOutsideRange });
        expect(refused).toMatchObject({ success: false, message: wizardMessages.budgetOutsideRangeError, warnings: {} });
      }
      expect(await t.db.selectFrom("move_budget_overrides").select("amount").where("move_id", "=", m.moveId).execute()).toEqual([]);

      await g().set({ allow_outside_range: 1 }).execute();
      const ask = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections });
      expect(ask).toMatchObject({ success: false, needsConfirmation: true, message: wizardMessages.budgetOutsideRangeWarning, errors: {} });
      const ok = await hr.wizard.storePolicyOverrides({ ...m, moveStageSections: sections, confirmOutsideRange: true });
      expect(ok.success).toBe(true);
    } finally {
      await g().set({ budget_type: "H", allow_outside_range: 0 }).execute();
    }
  });
});

describe("foreign-currency finance items counted against a budget (issue 23 item 8)", () => {
  async function financeItem(status: "SUBMITTED" | "APPROVED", gross: number, description: string) {
    const row = await t.db
      .insertInto("finance_items")
      .values({
        kind: "bookingCost", group_id: groupId, move_id: moveId, employee_user_id: employeeId, service_key: "SETTLINGIN", move_stage: 1, budget_group: 1,
        vendor_name: "Zürich Movers AG", description, currency: "EUR", net_amount: gross, tax_amount: 0, gross_amount: gross, status,
        created_at: NOW, updated_at: NOW,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }
  const spentOf = async () => {
    const hr = await t.hrAcme();
    const b = (await hr.budgets.forMove({ moveId })).budgets.find((x) => x.moveStageId === 1 && x.budgetGroupId === 1)!;
    expect(b.currency).toBe("USD");
    // An approved item not yet paid is committed (issue 24 §2: src/domain/employee/budgets/figures.ts).
    return new Decimal(b.committedAmount);
  };

  test("an approved EUR booking cost counts in USD divided by the USD→EUR rate (not multiplied)", async () => {
    const before = await spentOf();
    await financeItem("APPROVED", 250_00, "EUR approved booking");
    const after = await spentOf();
    const expected = cents(new Decimal(250).dividedBy(usdEur));
    const reversed = cents(new Decimal(250).times(usdEur));
    expect(expected).not.toBe(reversed);
    expect(after.minus(before).toFixed(2)).toBe(expected);
  });

  test("Bill Approval's budget check of a pending EUR item: newTotalSpend adds it converted into USD", async () => {
    // Two pending items, USD 300.00 and EUR 300.00: each row's newTotalSpend is the approved sum plus
    // the item in USD, so their difference is the EUR item's USD value minus 300.00.
    const eur = await financeItem("SUBMITTED", 300_00, "Findme EUR booking");
    const usd = await financeItem("SUBMITTED", 300_00, "Findme USD booking");
    await t.db.updateTable("finance_items").set({ currency: "USD" }).where("id", "=", usd).execute();
    const finance = await t.finance();
    const page = await finance.finance.approval.list({ search: "Findme", sort: "date", dir: "desc", page: 1, pageSize: 50 });
    const budgetOf = (id: number) => page.rows.find((r) => r.kind === "bookingCost" && r.id === id)!.budget;
    expect(budgetOf(eur)).toMatchObject({ status: "ok", currency: "USD" });
    const diff = new Decimal(budgetOf(eur).newTotalSpend!).minus(budgetOf(usd).newTotalSpend!);
    const expected = new Decimal(cents(new Decimal(300).dividedBy(usdEur))).minus(300);
    const reversed = new Decimal(cents(new Decimal(300).times(usdEur))).minus(300);
    expect(expected.equals(reversed)).toBe(false);
    expect(diff.toFixed(2)).toBe(expected.toFixed(2));
  });
});
