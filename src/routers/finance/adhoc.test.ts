/**
 * finance.adhoc.* (issue 16; part 2 §2 ad-hoc charges with the recurring calculator, external spends;
 * §5 Ad-hoc and Recurring; §9 limits) on the dialect under test: happy paths with their rows and
 * audit rows read field by field, bad input with the spec's texts, wrong role, another group, a
 * restricted manager, lock periods, retried requests, 50 parallel creations with one idempotency key,
 * and a property test of stored schedules (instalments sum exactly to the gross, the last absorbs).
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import type { ZodError } from "zod";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { buildSchedule } from "../../domain/finance/recurring.ts";
import { adhocMessages as M } from "../../domain/finance/schemas-adhoc.ts";
import { messages } from "../../domain/messages.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { financeCoreMessages } from "../../services/finance/core.ts";
import { callerFor } from "../../test/db.ts";
import { expectInputError, expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";

const t = useTestDatabase({ wizardDemo: true, poolSize: 12 });
const CRM = "crm@meridian.test";
const MANAGER = "manager@acme.test";

type MoveRef = { moveId: number; employeeId: number; groupId: number };
let acme: MoveRef;
let globex: MoveRef;
let service: { moveStage: number; serviceKey: string; budgetGroup: number };

const moveOf = async (email: string): Promise<MoveRef> => {
  const m = await t.db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.employee_user_id", "m.group_id"])
    .where("u.email", "=", email)
    .where("m.status", "in", ["open", "on_assignment"])
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  return { moveId: m.id, employeeId: m.employee_user_id, groupId: m.group_id };
};
const userId = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const auditsOf = (id: number, action: string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity_id", "=", String(id)).where("action", "=", action).orderBy("id").execute();
const messageAt = (e: { cause?: unknown }, path: string) => (e.cause as ZodError).issues.find((i) => i.path.join(".") === path)?.message;
const fieldsOf = (e: { cause?: unknown }) => (e.cause as { fields?: Record<string, string> }).fields ?? {};
let keySeq = 0;
const uniqueKey = () => `adhoc-test-${Date.now()}-${++keySeq}`;

beforeAll(async () => {
  acme = await moveOf(DEMO.EMPLOYEE);
  globex = await moveOf("employee@globex.test");
  const options = await (await t.finance()).finance.adhoc.moveOptions({ group: "acme", moveId: acme.moveId });
  service = options.services[0]!;
  expect(service).toBeDefined();
});

afterEach(async () => {
  await t.db.deleteFrom("finance_lock_periods").where("period_name", "like", "adhoc-test%").execute();
  await t.db.deleteFrom("manager_restrictions").where("user_id", "=", await userId(MANAGER)).execute();
});

const charge = (over: Record<string, unknown> = {}) => ({
  group: "acme",
  moveId: acme.moveId,
  adhocType: "CashAllowance" as const,
  currency: "EUR",
  amount: "250.00",
  chargeDate: "2026-11-20",
  internalRef: "INT-1",
  externalRef: "EXT-1",
  notes: "Temporary housing top-up",
  ...over,
});

const sixMonths = (amount = "1000.00", currency = "EUR", first = "2026-12-01") => {
  const built = buildSchedule({ gross: amount, currency, count: 6, unit: "months", firstDueDate: first });
  if (!("schedule" in built)) throw new Error("schedule");
  return {
    unit: "months" as const,
    count: 6,
    firstDueDate: first,
    payments: built.schedule.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })),
  };
};

describe("ad-hoc charges", () => {
  test("CRM creates a SUBMITTED adhocCashSpend item with its audit row; FINANCE and ADMIN may too", async () => {
    const crm = await callerFor(t.db, CRM);
    const { item } = await crm.finance.adhoc.createCharge(charge({ budgetGroupId: 1, spendCategoryId: 580 }));
    expect(item).toMatchObject({
      kind: "adhocCashSpend", groupName: "acme", moveId: acme.moveId, employeeId: acme.employeeId, adhocType: "CashAllowance", currency: "EUR",
      gross: "250.00", net: "250.00", tax: "0.00", date: "2026-11-20", budgetGroupId: 1, spendCategoryId: 580, internalRef: "INT-1",
      externalRef: "EXT-1", notes: "Temporary housing top-up", status: "SUBMITTED", payments: [],
    });
    const row = await t.db.selectFrom("finance_items").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: "adhocCashSpend", group_id: acme.groupId, gross_amount: 25000, status: "SUBMITTED", created_by: await userId(CRM), request_id: null, version: 1 });
    const [audit] = await auditsOf(item.id, "adhoc.createCharge");
    expect(audit).toMatchObject({ actor_user_id: await userId(CRM), group_id: acme.groupId, entity: "finance_item", entity_id: String(item.id), action: "adhoc.createCharge" });
    expect(audit!.old_values).toBeNull();
    expect(JSON.parse(audit!.new_values!)).toEqual({
      kind: "adhocCashSpend", adhocType: "CashAllowance", status: "SUBMITTED", moveId: acme.moveId, employeeId: acme.employeeId, currency: "EUR",
      gross: 25000, chargeDate: "2026-11-20", companyId: null, budgetGroupId: 1, spendCategoryId: 580, instalments: 0,
    });
    for (const who of [await t.finance(), await t.admin()]) {
      const made = await who.finance.adhoc.createCharge(charge({ adhocType: "CashLumpSum", amount: "99.5" }));
      expect(made.item.gross).toBe("99.50");
    }
    // The item reads back (staff) and lists.
    expect((await crm.finance.adhoc.item({ itemId: item.id })).item.id).toBe(item.id);
    expect((await crm.finance.adhoc.list({ group: "acme", kind: "adhocCashSpend" })).items.map((i) => i.id)).toContain(item.id);
  });

  test("amounts are trimmed to the currency's places through the money module (2, JPY 0)", async () => {
    const crm = await callerFor(t.db, CRM);
    expect((await crm.finance.adhoc.createCharge(charge({ amount: "12.345" }))).item.gross).toBe("12.35");
    expect((await crm.finance.adhoc.createCharge(charge({ amount: "1,234.5", currency: "JPY" }))).item.gross).toBe("1235");
  });

  test("a CashAllowanceRecurring stores its 6-month schedule; the instalments sum to the gross, the last absorbs", async () => {
    const crm = await callerFor(t.db, CRM);
    const { item } = await crm.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount: "1000.00", recurring: sixMonths() }));
    expect(item.payments.map((p) => p.paymentAmount)).toEqual(["166.66", "166.66", "166.66", "166.66", "166.66", "166.70"]);
    expect(item.payments.map((p) => p.paymentDueDate)).toEqual(["2026-12-01", "2027-01-01", "2027-02-01", "2027-03-01", "2027-04-01", "2027-05-01"]);
    const rows = await t.db.selectFrom("finance_recurring_payments").selectAll().where("item_id", "=", item.id).orderBy("seq").execute();
    expect(rows.map((r) => [r.seq, r.amount, r.currency, r.bill_id])).toEqual([1, 2, 3, 4, 5, 6].map((s) => [s, s === 6 ? 16670 : 16666, "EUR", null]));
    const stored = await t.db.selectFrom("finance_items").select(["start_date", "end_date"]).where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(stored).toEqual({ start_date: "2026-12-01", end_date: "2027-05-01" });
    expect(JSON.parse((await auditsOf(item.id, "adhoc.createCharge"))[0]!.new_values!).instalments).toBe(6);
    // Edited rows are fine as long as they still sum to the gross.
    const edited = sixMonths();
    edited.payments[0]!.paymentAmount = "200.00";
    edited.payments[5]!.paymentAmount = "133.36";
    const ok = await crm.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount: "1000", recurring: edited }));
    expect(ok.item.payments[0]!.paymentAmount).toBe("200.00");
  });

  test("bad input: the spec's texts per field", async () => {
    const crm = await callerFor(t.db, CRM);
    const v = async (input: Record<string, unknown>, field: string, text: string) => {
      const e = await expectTrpcError(crm.finance.adhoc.createCharge(charge(input)), "BAD_REQUEST", text);
      expect(fieldsOf(e)[field]).toBe(text);
    };
    await v({ amount: "abc" }, "amount", FM.amountNotNumber);
    await v({ amount: "" }, "amount", FM.amountRequired);
    await v({ amount: "0" }, "amount", FM.amountNonZero);
    await v({ budgetGroupId: 1 }, "spendCategoryId", FM.adhocBudgetTogether);
    await v({ spendCategoryId: 580 }, "budgetGroupId", FM.adhocBudgetTogether);
    await v({ adhocType: "CashAllowanceRecurring" }, "recurring", M.scheduleRequired);
    await v({ recurring: sixMonths() }, "recurring", M.scheduleOnlyRecurring);
    const wrongSum = sixMonths();
    wrongSum.payments[0]!.paymentAmount = "1.00";
    await v({ adhocType: "CashAllowanceRecurring", amount: "1000", recurring: wrongSum }, "recurring.payments", FM.recurringSum);
    const missingDate = sixMonths();
    missingDate.payments[2]!.paymentDueDate = "";
    await v({ adhocType: "CashAllowanceRecurring", amount: "1000", recurring: missingDate }, "recurring.payments.2.paymentDueDate", FM.recurringDates);
    await v({ adhocType: "CashAllowanceRecurring", amount: "1000", recurring: { ...sixMonths(), firstDueDate: "" } }, "recurring.firstDueDate", FM.recurringFirstDue);
    await v({ companyId: 999_999 }, "companyId", M.companyNotFound);
    for (const field of ["internalRef", "externalRef", "notes"]) {
      const e = await expectInputError(crm.finance.adhoc.createCharge(charge({ [field]: "x".repeat(256) })), field);
      expect(messageAt(e, field)).toBe(FM.adhocMax255);
    }
    await expectInputError(crm.finance.adhoc.createCharge(charge({ adhocType: "Bonus" })), "adhocType");
    await expectInputError(crm.finance.adhoc.createCharge(charge({ recurring: { ...sixMonths(), count: 0 } })), "recurring.count");
    // 255 characters are fine.
    await crm.finance.adhoc.createCharge(charge({ internalRef: "x".repeat(255), externalRef: "y".repeat(255), notes: "z".repeat(255) }));
    expect(await t.db.selectFrom("finance_items").select("id").where("internal_ref", "=", "x".repeat(256)).execute()).toEqual([]);
  });

  test("wrong role, another group's move, an unknown group", async () => {
    for (const who of [await t.hrAcme(), await t.employee(), await callerFor(t.db, MANAGER), await t.hrGlobex()]) {
      await expectTrpcError(who.finance.adhoc.createCharge(charge()), "FORBIDDEN", messages.forbidden);
      await expectTrpcError(who.finance.adhoc.companies({}), "FORBIDDEN");
    }
    const crm = await callerFor(t.db, CRM);
    await expectTrpcError(crm.finance.adhoc.createCharge(charge({ moveId: globex.moveId })), "NOT_FOUND", M.moveNotFound);
    await expectTrpcError(crm.finance.adhoc.createCharge(charge({ group: "no-such-group" })), "NOT_FOUND", M.groupNotFound);
    // Reads: HR of another group neither lists nor reads acme's charges.
    const { item } = await crm.finance.adhoc.createCharge(charge());
    await expectTrpcError((await t.hrGlobex()).finance.adhoc.item({ itemId: item.id }), "NOT_FOUND", M.chargeNotFound);
    await expectTrpcError((await t.hrGlobex()).finance.adhoc.list({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
    expect((await (await t.hrGlobex()).finance.adhoc.list({})).items.every((i) => i.groupName === "globex")).toBe(true);
    await expectTrpcError((await t.employee()).finance.adhoc.item({ itemId: item.id }), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).finance.adhoc.moves({ group: "acme" }), "FORBIDDEN", messages.otherGroup);
  });

  test("a lock period refuses a charge dated on or before its date, and a schedule reaching into it", async () => {
    await t.db.insertInto("finance_lock_periods").values({ period_name: "adhoc-test-oct", lock_date: "2026-10-31", created_by: null, created_at: new Date().toISOString() }).execute();
    const crm = await callerFor(t.db, CRM);
    const before = await t.db.selectFrom("finance_items").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    const e = await expectTrpcError(crm.finance.adhoc.createCharge(charge({ chargeDate: "2026-10-31" })), "CONFLICT");
    expect(e.message).toContain("adhoc-test-oct");
    await expectTrpcError(crm.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount: "600", recurring: sixMonths("600.00", "EUR", "2026-10-01") })), "CONFLICT");
    const after = await t.db.selectFrom("finance_items").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    expect((await crm.finance.adhoc.createCharge(charge({ chargeDate: "2026-11-01" }))).item.date).toBe("2026-11-01");
  });

  test("a retried request returns the first answer; a key reused for another request is refused", async () => {
    const crm = await callerFor(t.db, CRM);
    const key = uniqueKey();
    const first = await crm.finance.adhoc.createCharge(charge({ idempotencyKey: key }));
    const again = await crm.finance.adhoc.createCharge(charge({ idempotencyKey: key }));
    expect(again).toEqual(first);
    expect((await t.db.selectFrom("finance_items").select("id").where("request_id", "=", key).execute()).length).toBe(1);
    await expectTrpcError(crm.finance.adhoc.createCharge(charge({ idempotencyKey: key, amount: "1.00" })), "CONFLICT", financeCoreMessages.keyReused);
    expect((await auditsOf(first.item.id, "adhoc.createCharge")).length).toBe(1);
  });

  test("50 parallel creations with the same idempotency key make one item and one audit row", async () => {
    const crm = await callerFor(t.db, CRM);
    const key = uniqueKey();
    const results = await race(50, () => crm.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount: "1000", recurring: sixMonths(), idempotencyKey: key })));
    const outcomes = await expectAllSucceed(results);
    const ids = new Set(outcomes.map((o) => (o.value as { item: { id: number } }).item.id));
    expect(ids.size).toBe(1);
    const rows = await t.db.selectFrom("finance_items").select("id").where("request_id", "=", key).execute();
    expect(rows.length).toBe(1);
    expect((await t.db.selectFrom("finance_recurring_payments").select("id").where("item_id", "=", rows[0]!.id).execute()).length).toBe(6);
    expect((await auditsOf(rows[0]!.id, "adhoc.createCharge")).length).toBe(1);
  });

  test("property: random gross and count → the stored instalments sum exactly to the gross and the last absorbs", async () => {
    const crm = await callerFor(t.db, CRM);
    let seed = 42;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let i = 0; i < 25; i++) {
      const currency = rand(4) === 0 ? "JPY" : "EUR";
      // At least one minor unit per instalment (every instalment is positive).
      const minor = 24 + rand(5_000_000);
      const amount = toMajorString({ amount: minor, currency });
      const count = 1 + rand(24);
      const unit = rand(2) === 0 ? ("months" as const) : ("weeks" as const);
      const built = buildSchedule({ gross: amount, currency, count, unit, firstDueDate: "2027-01-31" });
      if (!("schedule" in built)) throw new Error("schedule");
      const payments = built.schedule.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate }));
      const { item } = await crm.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount, currency, recurring: { unit, count, firstDueDate: "2027-01-31", payments } }));
      const rows = await t.db.selectFrom("finance_recurring_payments").select(["amount", "seq"]).where("item_id", "=", item.id).orderBy("seq").execute();
      expect(rows.length).toBe(count);
      expect(rows.reduce((s, r) => s + r.amount, 0)).toBe(minor);
      const each = Math.trunc(minor / count);
      expect(rows.slice(0, -1).every((r) => r.amount === each)).toBe(true);
      expect(rows.at(-1)!.amount).toBe(minor - each * (count - 1));
    }
  });

  test("lookups: moves (search), move options with the cash-out category, companies", async () => {
    const crm = await callerFor(t.db, CRM);
    const moves = await crm.finance.adhoc.moves({ group: "acme", search: "lindqvist" });
    expect(moves.moves.map((m) => m.moveId)).toContain(acme.moveId);
    expect(moves.moves.every((m) => m.employeeName.toLowerCase().includes("lindqvist"))).toBe(true);
    const options = await crm.finance.adhoc.moveOptions({ group: "acme", moveId: acme.moveId });
    expect(options.cashOutCategory?.id).toBe(580);
    await expectTrpcError(crm.finance.adhoc.moveOptions({ group: "acme", moveId: globex.moveId }), "NOT_FOUND");
    const now = new Date().toISOString();
    await t.db.insertInto("finance_companies").values({ company_name: "Adhoc Test Removals Ltd", category: "Removals", created_at: now }).onConflict((oc) => oc.doNothing()).execute();
    const companies = await crm.finance.adhoc.companies({ category: "Removals" });
    const company = companies.companies.find((c) => c.companyName === "Adhoc Test Removals Ltd")!;
    expect(company.category).toBe("Removals");
    const { item } = await crm.finance.adhoc.createCharge(charge({ adhocType: "VendorCharge", companyId: company.id }));
    expect(item).toMatchObject({ companyId: company.id, companyName: "Adhoc Test Removals Ltd", vendorName: "Adhoc Test Removals Ltd" });
  });
});

describe("external spends", () => {
  const spend = (over: Record<string, unknown> = {}) => ({
    group: "acme",
    moveId: acme.moveId,
    moveStage: service.moveStage,
    serviceKey: service.serviceKey,
    vendorName: "City Storage",
    description: "Storage paid by the client's card",
    currency: "EUR",
    gross: "120.00",
    net: "100.00",
    tax: "20.00",
    spendDate: "2026-11-18",
    externalRef: "CARD-77",
    ...over,
  });

  test("HR of the group records an APPROVED externalSpend decided by themselves, with its audit row; FINANCE and ADMIN too", async () => {
    const hr = await t.hrAcme();
    const hrId = await userId(DEMO.HR);
    const { item } = await hr.finance.adhoc.createExternalSpend(spend());
    expect(item).toMatchObject({ kind: "externalSpend", status: "APPROVED", gross: "120.00", net: "100.00", tax: "20.00", serviceKey: service.serviceKey, moveStage: service.moveStage, budgetGroupId: service.budgetGroup, vendorName: "City Storage", date: "2026-11-18" });
    const row = await t.db.selectFrom("finance_items").selectAll().where("id", "=", item.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ decided_by: hrId, created_by: hrId, status: "APPROVED", gross_amount: 12000, net_amount: 10000, tax_amount: 2000 });
    expect(row.decided_at).not.toBeNull();
    const [audit] = await auditsOf(item.id, "adhoc.createExternalSpend");
    expect(audit).toMatchObject({ actor_user_id: hrId, group_id: acme.groupId, entity: "finance_item", action: "adhoc.createExternalSpend" });
    expect(JSON.parse(audit!.new_values!)).toEqual({
      kind: "externalSpend", status: "APPROVED", moveId: acme.moveId, moveStage: service.moveStage, serviceKey: service.serviceKey, budgetGroup: service.budgetGroup,
      currency: "EUR", gross: 12000, net: 10000, tax: 2000, spendDate: "2026-11-18", decidedBy: hrId,
    });
    await expectAudit(t.db, {
      action: "adhoc.createExternalSpend", actor: DEMO.HR, groupId: acme.groupId, entity: "finance_item", entityId: item.id, oldValues: null,
      newValues: {
        kind: "externalSpend", status: "APPROVED", moveId: acme.moveId, moveStage: service.moveStage, serviceKey: service.serviceKey, budgetGroup: service.budgetGroup,
        currency: "EUR", gross: 12000, net: 10000, tax: 2000, spendDate: "2026-11-18", decidedBy: hrId,
      },
    });
    for (const who of [await t.finance(), await t.admin()]) expect((await who.finance.adhoc.createExternalSpend(spend({ net: undefined, tax: undefined }))).item.net).toBe("120.00");
    expect((await hr.finance.adhoc.list({ kind: "externalSpend" })).items.map((i) => i.id)).toContain(item.id);
  });

  test("a manager needs the external-spend switch and must see the move", async () => {
    const manager = await callerFor(t.db, MANAGER);
    await expectTrpcError(manager.finance.adhoc.createExternalSpend(spend()), "FORBIDDEN", messages.forbidden);
    const now = new Date().toISOString();
    const managerId = await userId(MANAGER);
    await t.db.insertInto("manager_restrictions").values({ user_id: managerId, group_id: acme.groupId, external_spend: 1, updated_at: now }).execute();
    expect((await manager.finance.adhoc.createExternalSpend(spend())).item.status).toBe("APPROVED");
    await t.db.updateTable("manager_restrictions").set({ view_restriction: "NONE" }).where("user_id", "=", managerId).execute();
    await expectTrpcError(manager.finance.adhoc.createExternalSpend(spend()), "NOT_FOUND", M.moveNotFound);
  });

  test("wrong role and another group", async () => {
    for (const who of [await callerFor(t.db, CRM), await t.employee()]) await expectTrpcError(who.finance.adhoc.createExternalSpend(spend()), "FORBIDDEN");
    await expectTrpcError((await t.hrGlobex()).finance.adhoc.createExternalSpend(spend()), "FORBIDDEN", messages.otherGroup);
    await expectTrpcError((await t.hrAcme()).finance.adhoc.createExternalSpend(spend({ moveId: globex.moveId })), "NOT_FOUND", M.moveNotFound);
  });

  test("bad input: amounts, service, text limits", async () => {
    const hr = await t.hrAcme();
    const v = async (input: Record<string, unknown>, field: string, text: string) => {
      const e = await expectTrpcError(hr.finance.adhoc.createExternalSpend(spend(input)), "BAD_REQUEST", text);
      expect(fieldsOf(e)[field]).toBe(text);
    };
    await v({ gross: "0", net: undefined, tax: undefined }, "gross", FM.amountNonZero);
    await v({ gross: "-5", net: undefined, tax: undefined }, "gross", M.grossPositive);
    await v({ gross: "1.234", net: undefined, tax: undefined }, "gross", FM.amountDecimals);
    await v({ net: "90.00" }, "gross", FM.netTaxGross);
    await v({ tax: undefined }, "gross", FM.onlyOneOfNetTax);
    await v({ serviceKey: "NOT_A_SERVICE" }, "serviceKey", M.serviceRequired);
    const e = await expectInputError(hr.finance.adhoc.createExternalSpend(spend({ notes: "n".repeat(256) })), "notes");
    expect(messageAt(e, "notes")).toBe(FM.adhocMax255);
    await expectInputError(hr.finance.adhoc.createExternalSpend(spend({ spendDate: "18/11/2026" })), "spendDate");
  });

  test("locked period refused; a retried request returns the first answer; 30 parallel retries make one item", async () => {
    const hr = await t.hrAcme();
    await t.db.insertInto("finance_lock_periods").values({ period_name: "adhoc-test-lock", lock_date: "2026-11-18", created_by: null, created_at: new Date().toISOString() }).execute();
    await expectTrpcError(hr.finance.adhoc.createExternalSpend(spend()), "CONFLICT");
    await t.db.deleteFrom("finance_lock_periods").where("period_name", "=", "adhoc-test-lock").execute();
    const key = uniqueKey();
    const first = await hr.finance.adhoc.createExternalSpend(spend({ idempotencyKey: key }));
    expect(await hr.finance.adhoc.createExternalSpend(spend({ idempotencyKey: key }))).toEqual(first);
    const key2 = uniqueKey();
    await expectAllSucceed(await race(30, () => hr.finance.adhoc.createExternalSpend(spend({ idempotencyKey: key2 }))));
    expect((await t.db.selectFrom("finance_items").select("id").where("request_id", "=", key2).execute()).length).toBe(1);
  });
});

describe("employee expenses management", () => {
  let seq = 0;
  const addExpense = async (over: Record<string, unknown> = {}) => {
    const now = new Date().toISOString();
    const row = await t.db
      .insertInto("expenses")
      .values({
        group_id: acme.groupId, move_id: acme.moveId, employee_user_id: acme.employeeId, service_key: service.serviceKey, move_stage: service.moveStage, budget_group: 1,
        category: "MEALS", category_other: null, description: `Adhoc test dinner ${++seq}`, expense_date: "2026-11-10", currency: "EUR",
        net_amount: 4000, tax_amount: 800, gross_amount: 4800, budget_currency: null, budget_amount: null, exchange_rate: null, receipt_file_id: null,
        status: "SUBMITTED_WITHOUT_RECEIPT", created_at: now, updated_at: now, ...over,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  };

  test("FINANCE lists every group's expenses with status filter, search, pages and totals per currency", async () => {
    const id = await addExpense({ description: "Adhoc test unique-kiwi lunch" });
    const fin = await t.finance();
    const found = await fin.finance.adhoc.expenses({ search: "unique-kiwi" });
    expect(found.total).toBe(1);
    expect(found.expenses[0]).toMatchObject({ id, groupName: "acme", gross: "48.00", net: "40.00", tax: "8.00", status: "SUBMITTED_WITHOUT_RECEIPT", deletable: true, internalNotes: "" });
    expect(found.totals).toEqual([{ currency: "EUR", gross: "48.00" }]);
    expect((await fin.finance.adhoc.expenses({ search: "unique-kiwi", status: "APPROVED" })).total).toBe(0);
    expect((await fin.finance.adhoc.expenses({ group: "globex", search: "unique-kiwi" })).total).toBe(0);
    const page = await fin.finance.adhoc.expenses({ pageSize: 1, page: 1 });
    expect(page.expenses.length).toBe(1);
    expect(page.total).toBeGreaterThanOrEqual(1);
    for (const who of [await t.hrAcme(), await callerFor(t.db, CRM), await t.employee()]) await expectTrpcError(who.finance.adhoc.expenses({}), "FORBIDDEN");
  });

  test("internal note: ≤ 255 with the spec's text, audited, guarded by version (20 parallel → one)", async () => {
    const id = await addExpense();
    const fin = await t.finance();
    const e = await expectInputError(fin.finance.adhoc.expenseNote({ expenseId: id, internalNote: "n".repeat(256) }), "internalNote");
    expect(messageAt(e, "internalNote")).toBe(FM.internalNotesTooLong);
    const { expense } = await fin.finance.adhoc.expenseNote({ expenseId: id, internalNote: "Checked with HR", version: 1 });
    expect(expense).toMatchObject({ internalNotes: "Checked with HR", version: 2 });
    const [audit] = await auditsOf(id, "adhoc.expenseNote");
    expect(audit).toMatchObject({ actor_user_id: await userId(DEMO.FINANCE), group_id: acme.groupId, entity: "expense" });
    expect(JSON.parse(audit!.old_values!)).toEqual({ internalNotes: "", version: 1 });
    expect(JSON.parse(audit!.new_values!)).toEqual({ internalNotes: "Checked with HR", version: 2 });
    // Trimmed; the same note again changes nothing (no version, no audit row).
    expect((await fin.finance.adhoc.expenseNote({ expenseId: id, internalNote: "  Checked with HR  ", version: 2 })).expense.version).toBe(2);
    expect((await auditsOf(id, "adhoc.expenseNote")).length).toBe(1);
    await expectTrpcError(fin.finance.adhoc.expenseNote({ expenseId: id, internalNote: "stale", version: 1 }), "CONFLICT", M.expenseChanged);
    const results = await race(20, (i) => fin.finance.adhoc.expenseNote({ expenseId: id, internalNote: `parallel ${i}`, version: 2 }));
    await expectOneEffect(results, { refusal: { code: "CONFLICT", message: M.expenseChanged } });
    expect((await auditsOf(id, "adhoc.expenseNote")).length).toBe(2);
    await expectTrpcError(fin.finance.adhoc.expenseNote({ expenseId: 999_999, internalNote: "x" }), "NOT_FOUND", M.expenseNotFound);
    await expectTrpcError((await t.hrAcme()).finance.adhoc.expenseNote({ expenseId: id, internalNote: "x" }), "FORBIDDEN");
  });

  test("delete only while finance has not started; 20 parallel deletes → one effect", async () => {
    const fin = await t.finance();
    const processing = await addExpense({ status: "IN_PROCESS" });
    await expectTrpcError(fin.finance.adhoc.deleteExpense({ expenseId: processing }), "CONFLICT", M.expenseProcessing);
    const held = await addExpense({ hold_reason: "Info Requested - HR" });
    await expectTrpcError(fin.finance.adhoc.deleteExpense({ expenseId: held }), "CONFLICT", M.expenseProcessing);
    await expectTrpcError((await t.hrAcme()).finance.adhoc.deleteExpense({ expenseId: processing }), "FORBIDDEN");
    const id = await addExpense();
    const results = await race(20, () => fin.finance.adhoc.deleteExpense({ expenseId: id }));
    await expectOneEffect(results, { refusal: { code: "NOT_FOUND", message: M.expenseNotFound } });
    expect(await t.db.selectFrom("expenses").select("id").where("id", "=", id).executeTakeFirst()).toBeUndefined();
    const [audit] = await auditsOf(id, "adhoc.deleteExpense");
    expect(JSON.parse(audit!.old_values!)).toMatchObject({ moveId: acme.moveId, status: "SUBMITTED_WITHOUT_RECEIPT", gross: 4800, currency: "EUR" });
    expect(audit!.new_values).toBeNull();
    await expectAudit(t.db, {
      action: "adhoc.deleteExpense", actor: DEMO.FINANCE, groupId: acme.groupId, entity: "expense", entityId: id,
      oldValues: { moveId: acme.moveId, employeeId: acme.employeeId, status: "SUBMITTED_WITHOUT_RECEIPT", gross: 4800, currency: "EUR", version: 1 }, newValues: null,
    });
    // A retried delete with its key answers the first success.
    const other = await addExpense();
    const key = uniqueKey();
    expect(await fin.finance.adhoc.deleteExpense({ expenseId: other, idempotencyKey: key })).toEqual({ success: true });
    expect(await fin.finance.adhoc.deleteExpense({ expenseId: other, idempotencyKey: key })).toEqual({ success: true });
  });
});
