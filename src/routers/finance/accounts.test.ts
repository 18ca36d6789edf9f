/**
 * Finance accounts (issue 16; part 2 §3, §4, §5, §7 "Finance"): every call through tRPC and its
 * documented path on the dialect under test: happy paths with their audit rows read field by field,
 * bad input with the spec's texts, wrong roles (employee, manager, CRM, both groups' HR), lock
 * periods, retried requests with an Idempotency-Key (first answer, one write), 50-way races (ensure
 * account, lock toggle, manual adjustment with one key), and a property test: any sequence of
 * adjustments, sequential or parallel, leaves every running balance equal to the sum of the entries.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { accountMessages as AM } from "../../domain/finance/schemas-accounts.ts";
import { messages } from "../../domain/messages.ts";
import { appFor, cookieFor, get, postJson, send, type TestApp } from "../../test/app.ts";
import { callerFor, testConfig } from "../../test/db.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, expectOneEffect, race } from "../../test/race.ts";
import { todayUtc } from "../../services/finance/core.ts";
import { expectAudit } from "../../test/audit.ts";

const t = useTestDatabase({ poolSize: 12 });
let app: TestApp;
const cookies: Record<string, string> = {};
const OUTSIDERS = [DEMO.EMPLOYEE, DEMO.HR, DEMO.GLOBEX, "manager@acme.test", "crm@meridian.test"] as const;
let ids: { acme: number; globex: number; emma: number; grace: number };
let seq = 0;
const unique = (prefix: string) => `${prefix} ${Date.now()}-${++seq}`;
const today = todayUtc();

const userId = async (email: string) => (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
const groupId = async (name: string) => (await t.db.selectFrom("groups").select("id").where("name", "=", name).executeTakeFirstOrThrow()).id;
const auditsOf = (entity: string, id: number | string) =>
  t.db.selectFrom("audit_log").selectAll().where("entity", "=", entity).where("entity_id", "=", String(id)).orderBy("id").execute();
const accountGroupOf = async (id: number) => (await t.db.selectFrom("finance_accounts").select("group_id").where("id", "=", id).executeTakeFirstOrThrow()).group_id;
const entriesOf = (accountId: number) => t.db.selectFrom("finance_entries").selectAll().where("account_id", "=", accountId).orderBy("seq").execute();

async function newCompany(category = "REMOVALS") {
  return (await t.db.insertInto("finance_companies").values({ company_name: unique("Company"), category, created_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow()).id;
}
/** A fresh Vendor account (its own company, so no natural-key clash between tests). */
async function newVendorAccount(currency = "USD", balance = "") {
  const company = await newCompany();
  const finance = await t.finance();
  const { accountId } = await finance.finance.accounts.create({ name: unique("Vendor"), type: "Vendor", company, balance, currency });
  return accountId;
}
async function newBankAccount(employee: number, o: { locked?: boolean; paid?: boolean } = {}) {
  const now = new Date().toISOString();
  const group = (await t.db.selectFrom("users").select("group_id").where("id", "=", employee).executeTakeFirstOrThrow()).group_id!;
  return (
    await t.db
      .insertInto("employee_bank_accounts")
      .values({ group_id: group, employee_user_id: employee, account_alias: unique("Alias"), account_number: "GB00 1234", account_currency: "GBP", locked: o.locked ? 1 : 0, payment_completed: o.paid ? 1 : 0, un_confirmed: 0, created_at: now, updated_at: now })
      .returning("id")
      .executeTakeFirstOrThrow()
  ).id;
}

beforeAll(async () => {
  app = appFor(t.db);
  for (const email of [DEMO.FINANCE, DEMO.ADMIN, ...OUTSIDERS]) cookies[email] = await cookieFor(t.db, email);
  ids = { acme: await groupId("acme"), globex: await groupId("globex"), emma: await userId(DEMO.EMPLOYEE), grace: await userId("employee@globex.test") };
});

const as = (email: string, headers: Record<string, string> = {}) => ({ cookie: cookies[email]!, headers });
const q = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();

describe("create-account", () => {
  test("tRPC: a Client account with an opening balance: defaults, one adjustment entry, the audit row field by field", async () => {
    const finance = await t.finance();
    const { accountId } = await finance.finance.accounts.create({ name: "Acme CHF", type: "Client", groupId: ids.acme, balance: "1,250.50", currency: "CHF" });
    const account = await finance.finance.accounts.get({ id: accountId });
    expect(account).toMatchObject({ name: "Acme CHF", type: "Client", groupId: ids.acme, currencyCode: "CHF", balance: "1250.50", balanceMinor: 125050, billingType: "Other", floatAmount: "0.00", dueDatePeriod: "NEXT_45_DAYS", version: 1, entryCount: 1 });
    const entries = await entriesOf(accountId);
    expect(entries.map((e) => [e.seq, e.kind, e.amount, e.balance_after, e.entry_date, e.notes])).toEqual([[1, "adjustment", 125050, 125050, today, "Opening balance"]]);
    const [audit, ...more] = await auditsOf("finance_account", accountId);
    expect(more).toEqual([]);
    expect(audit!.action).toBe("create");
    expect(audit!.actor_user_id).toBe(await userId(DEMO.FINANCE));
    expect(audit!.group_id).toBe(ids.acme);
    expect(audit!.old_values).toBeNull();
    expect(JSON.parse(audit!.new_values!)).toEqual({ name: "Acme CHF", type: "Client", groupId: ids.acme, userId: null, companyId: null, currency: "CHF", openingBalance: 125050, openingEntryId: entries[0]!.id, billingType: "Other", floatAmount: 0, dueDatePeriod: "NEXT_45_DAYS" });
  });

  test("legacy: an Employee account takes the user's group; no balance, no entry; a second one for the same owner and currency is refused", async () => {
    const res = await postJson(app, "/accountmanagement/create-account", { name: "Emma SEK", type: "Employee", userId: ids.emma, balance: "", currency: "SEK" }, as(DEMO.ADMIN));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({ success: true, accountId: expect.any(Number) });
    const row = await t.db.selectFrom("finance_accounts").selectAll().where("id", "=", body.accountId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ type: "Employee", user_id: ids.emma, group_id: ids.acme, currency: "SEK", natural_key: `Employee:${ids.emma}:SEK` });
    expect(await entriesOf(body.accountId)).toEqual([]);
    const again = await postJson(app, "/accountmanagement/create-account", { name: "Emma SEK 2", type: "Employee", userId: ids.emma, balance: "1", currency: "SEK" }, as(DEMO.ADMIN));
    expect(again.status).toBe(409);
    expect(await again.json()).toEqual({ success: false, resultMessage: AM.accountExists, errors: {} });
  });

  test("bad input: the spec's texts (valid balance, user id for Employee), and nothing written", async () => {
    const before = await t.db.selectFrom("finance_accounts").select("id").execute();
    const cases: [Record<string, unknown>, string, string][] = [
      [{ name: "X", type: "Client", groupId: ids.acme, balance: "abc", currency: "USD" }, "balance", FM.invalidBalance],
      [{ name: "X", type: "Client", groupId: ids.acme, balance: "1.234", currency: "USD" }, "balance", FM.invalidBalance],
      [{ name: "X", type: "Employee", balance: "10", currency: "USD" }, "userId", FM.userIdRequired],
      [{ name: "X", type: "Client", balance: "10", currency: "USD" }, "groupId", AM.groupRequired],
      [{ name: "X", type: "Vendor", balance: "10", currency: "USD" }, "company", AM.companyRequired],
      [{ name: "", type: "Client", groupId: ids.acme, balance: "10", currency: "USD" }, "name", AM.nameRequired],
      [{ name: "X", type: "Client", groupId: ids.acme, balance: "10", currency: "XX" }, "currency", FM.currencyRequired],
    ];
    for (const [fields, field, message] of cases) {
      const res = await postJson(app, "/accountmanagement/create-account", fields, as(DEMO.FINANCE));
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.success).toBe(false);
      expect(body.resultMessage).toBe(message);
      expect(body.errors[field]).toBe(message);
    }
    expect(await t.db.selectFrom("finance_accounts").select("id").execute()).toEqual(before);
  });

  test("an opening balance inside a locked period is refused (a lock date of today)", async () => {
    // Lock periods govern every date on or before the latest lock date: this one ends with the test.
    const name = unique("today-lock");
    await t.db.insertInto("finance_lock_periods").values({ period_name: name, lock_date: today, created_by: null, created_at: new Date().toISOString() }).execute();
    try {
      const company = await newCompany();
      const finance = await t.finance();
      await expectTrpcError(finance.finance.accounts.create({ name: "Locked", type: "Vendor", company, balance: "5", currency: "USD" }), "CONFLICT");
      expect(await t.db.selectFrom("finance_accounts").select("id").where("company_id", "=", company).execute()).toEqual([]);
    } finally {
      await t.db.deleteFrom("finance_lock_periods").where("period_name", "=", name).execute();
    }
  });

  test("a retried request with the same Idempotency-Key answers the first result and writes once", async () => {
    const company = await newCompany();
    const fields = { name: "Retried", type: "Vendor", company, balance: "10", currency: "USD" };
    const key = `create-${Date.now()}`;
    const first = await (await postJson(app, "/accountmanagement/create-account", fields, as(DEMO.FINANCE, { "Idempotency-Key": key }))).json();
    const second = await (await postJson(app, "/accountmanagement/create-account", fields, as(DEMO.FINANCE, { "Idempotency-Key": key }))).json();
    expect(second).toEqual(first);
    const rows = await t.db.selectFrom("finance_accounts").select("id").where("company_id", "=", company).execute();
    expect(rows.length).toBe(1);
    expect((await entriesOf(rows[0]!.id)).length).toBe(1);
    expect((await auditsOf("finance_account", rows[0]!.id)).length).toBe(1);
  });
});

describe("wrong roles are refused on every call", () => {
  test("tRPC and the documented paths: employee, manager, CRM, acme HR and globex HR", async () => {
    const accountId = await newVendorAccount("USD", "1");
    const bank = await newBankAccount(ids.emma);
    for (const email of OUTSIDERS) {
      const c = await callerFor(t.db, email);
      const a = c.finance.accounts;
      const calls: Promise<unknown>[] = [
        a.create({ name: "X", type: "Client", groupId: ids.acme, balance: "1", currency: "USD" }),
        a.subgroups({ groupId: ids.acme }),
        a.update({ id: accountId, billingType: "Drawdown" }),
        a.search({ type: "Client" }),
        a.get({ id: accountId }),
        a.entries({ id: accountId }),
        a.createManualAdjustment({ accountId, amount: "1", currency: "USD", timestamp: today }),
        a.lockPeriods(),
        a.saveLockPeriod({ periodName: "x", lockDate: "2020-01-01" }),
        a.ensureEmployeeAccount({ employeeId: ids.emma, currency: "USD" }),
        a.bankAccountsOfEmployees({ employeeIds: [ids.emma] }),
        a.bankAccountsByIds({ bankAccountIds: [bank] }),
        a.setBankAccountLock({ bankAccountId: bank, employeeId: ids.emma, locked: true }),
        a.settings(),
      ];
      if (email !== "crm@meridian.test") calls.push(a.companiesByType({}));
      for (const call of calls) await expectTrpcError(call, "FORBIDDEN");
      const paths: [string, string, unknown][] = [
        ["POST", "/accountmanagement/create-account", { name: "X", type: "Client", groupId: ids.acme, balance: "1", currency: "USD" }],
        ["GET", `/accountmanagement/subgroups/${ids.acme}`, null],
        ["GET", `/accountmanagement/update-account?${q({ id: accountId, billingType: "Drawdown" })}`, null],
        ["GET", "/accountmanagement/search-accounts?type=Client", null],
        ["GET", `/accountmanagement/get-account?id=${accountId}`, null],
        ["POST", "/accountmanagement/create-manual-adjustment", { accountId, amount: "1", currency: "USD", timestamp: today }],
        ["POST", "/accountmanagement/saveLockPeriods", { periodName: "x", lockDate: "2020-01-01" }],
        ["POST", "/accountmanagement/billapproval/createEmployeeAccountWithCurrency", { employeeId: ids.emma, currency: "USD" }],
        ["POST", "/admin/bank-account/employees/", [ids.emma]],
        ["POST", "/admin/bank-account/accounts/", [bank]],
        ["POST", `/admin/bank-account/${bank}?employeeId=${ids.emma}`, { locked: true }],
      ];
      if (email !== "crm@meridian.test") paths.push(["GET", "/crm/adhocCharge/getCompaniesByType?categorySelected=REMOVALS", null]);
      for (const [method, path, body] of paths) {
        const res = method === "GET" ? await get(app, path, as(email)) : await postJson(app, path, body, as(email));
        expect(res.status, `${email} ${method} ${path}`).toBe(403);
        const json = await res.json();
        expect(json.success).toBe(false);
      }
    }
    expect((await t.db.selectFrom("finance_accounts").select("version").where("id", "=", accountId).executeTakeFirstOrThrow()).version).toBe(1);
    expect((await t.db.selectFrom("employee_bank_accounts").select("locked").where("id", "=", bank).executeTakeFirstOrThrow()).locked).toBe(0);
  });

  test("signed out: 401", async () => {
    const res = await get(app, "/accountmanagement/search-accounts?type=Client");
    expect(res.status).toBe(401);
  });
});

describe("subgroups and companies", () => {
  test("GET subgroups/{groupId} and the ad-hoc company lookup (CRM too)", async () => {
    const now = new Date().toISOString();
    const [berlin, austin] = [unique("Globex Berlin"), unique("Globex Austin")];
    await t.db.insertInto("finance_subgroups").values([{ group_id: ids.globex, name: berlin, created_at: now }, { group_id: ids.globex, name: austin, created_at: now }]).execute();
    const res = await get(app, `/accountmanagement/subgroups/${ids.globex}`, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    // By name: Austin before Berlin.
    expect(body.response.map((s: { name: string }) => s.name).filter((n: string) => n === berlin || n === austin)).toEqual([austin, berlin]);
    expect(body.response[0]).toEqual({ id: expect.any(Number), name: expect.any(String) });
    expect((await get(app, "/accountmanagement/subgroups/abc", as(DEMO.FINANCE))).status).toBe(400);

    const name = unique("Immigration Co");
    await t.db.insertInto("finance_companies").values({ company_name: name, category: "IMMIGRATION", created_at: now }).execute();
    for (const email of [DEMO.FINANCE, DEMO.ADMIN, "crm@meridian.test"]) {
      const r = await get(app, "/crm/adhocCharge/getCompaniesByType?categorySelected=IMMIGRATION", as(email));
      expect(r.status).toBe(200);
      const b = await r.json();
      expect(b.success).toBe(true);
      expect(b.companies).toContainEqual({ id: expect.any(Number), companyName: name });
    }
    const crm = await callerFor(t.db, "crm@meridian.test");
    expect((await crm.finance.accounts.companiesByType({ categorySelected: "NO_SUCH" })).companies).toEqual([]);
  });
});

describe("update-account", () => {
  test("billing type, float, due period and subgroup (version-guarded), a balance edit appends new − current; audit row", async () => {
    const accountId = await newVendorAccount("GBP", "100");
    const finance = await t.finance();
    const out = await finance.finance.accounts.update({ id: accountId, billingType: "Drawdown", floatAmount: "25.5", dueDatePeriod: "NEXT_30_DAYS", balance: "80", version: 1 });
    expect(out.account).toMatchObject({ billingType: "Drawdown", floatAmount: "25.50", dueDatePeriod: "NEXT_30_DAYS", balance: "80.00", version: 2, entryCount: 2 });
    const entries = await entriesOf(accountId);
    expect(entries.map((e) => [e.kind, e.amount, e.balance_after])).toEqual([["adjustment", 10000, 10000], ["adjustment", -2000, 8000]]);
    const audits = (await auditsOf("finance_account", accountId)).filter((a) => a.action === "update");
    expect(audits.length).toBe(1);
    expect(JSON.parse(audits[0]!.old_values!)).toEqual({ billingType: "Other", floatAmount: 0, dueDatePeriod: "NEXT_45_DAYS", balance: 10000, version: 1 });
    expect(JSON.parse(audits[0]!.new_values!)).toEqual({ billingType: "Drawdown", floatAmount: 2550, dueDatePeriod: "NEXT_30_DAYS", balance: 8000, adjustment: -2000, entryId: entries[1]!.id, version: 2 });
    await expectAudit(t.db, {
      action: "update", actor: DEMO.FINANCE, groupId: await accountGroupOf(accountId), entity: "finance_account", entityId: accountId,
      oldValues: { billingType: "Other", floatAmount: 0, dueDatePeriod: "NEXT_45_DAYS", balance: 10000, version: 1 },
      newValues: { billingType: "Drawdown", floatAmount: 2550, dueDatePeriod: "NEXT_30_DAYS", balance: 8000, adjustment: -2000, entryId: entries[1]!.id, version: 2 },
    });
    // A stale version is refused, nothing written.
    await expectTrpcError(finance.finance.accounts.update({ id: accountId, billingType: "Other", version: 1 }), "CONFLICT", AM.accountChanged);
    // Nothing changed: nothing written.
    await finance.finance.accounts.update({ id: accountId, billingType: "Drawdown", balance: "80.00" });
    expect((await auditsOf("finance_account", accountId)).length).toBe(2);
  });

  test("the documented GET: same-site answers, cross-site refused with nothing written; bad input and subgroup of another group", async () => {
    const accountId = await newVendorAccount("GBP", "");
    const path = `/accountmanagement/update-account?${q({ id: accountId, balance: "12.34", dueDatePeriod: "NEXT_60_DAYS" })}`;
    for (const headers of [{ "Sec-Fetch-Site": "cross-site" }, { "Sec-Fetch-Site": "same-site" }, { "Sec-Fetch-Site": "", Origin: "https://evil.example" }] as Record<string, string>[]) {
      const res = await get(app, path, as(DEMO.FINANCE, headers));
      expect(res.status).toBe(403);
      expect((await res.json()).resultMessage).toBe(messages.crossOrigin);
    }
    expect(await entriesOf(accountId)).toEqual([]);
    const ok = await get(app, path, as(DEMO.FINANCE));
    expect(ok.status).toBe(200);
    expect((await ok.json()).account).toMatchObject({ balance: "12.34", dueDatePeriod: "NEXT_60_DAYS" });
    const bad = await get(app, `/accountmanagement/update-account?${q({ id: accountId, balance: "x" })}`, as(DEMO.FINANCE));
    expect(bad.status).toBe(400);
    expect((await bad.json()).resultMessage).toBe(FM.invalidBalance);
    const sub = await t.db.insertInto("finance_subgroups").values({ group_id: ids.acme, name: unique("Sub"), created_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow();
    const wrong = await get(app, `/accountmanagement/update-account?${q({ id: accountId, subgroup: sub.id })}`, as(DEMO.FINANCE));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).resultMessage).toBe(AM.unknownSubgroup);
    expect((await get(app, `/accountmanagement/update-account?${q({ id: 99_999_999 })}`, as(DEMO.FINANCE))).status).toBe(404);
  });
});

describe("retries and races of the other writes", () => {
  test("tRPC idempotencyKey: update-account, saveLockPeriods and createEmployeeAccountWithCurrency answer the first result and write once", async () => {
    const finance = await t.finance();
    const accountId = await newVendorAccount("CAD", "10");
    const updateKey = `upd-${Date.now()}`;
    const first = await finance.finance.accounts.update({ id: accountId, balance: "15", idempotencyKey: updateKey });
    const again = await finance.finance.accounts.update({ id: accountId, balance: "15", idempotencyKey: updateKey });
    expect(again).toEqual(first);
    expect((await entriesOf(accountId)).length).toBe(2);
    expect((await auditsOf("finance_account", accountId)).filter((a) => a.action === "update").length).toBe(1);

    const name = unique("2003-01");
    const lockKey = `lock-${Date.now()}`;
    const saved = await finance.finance.accounts.saveLockPeriod({ periodName: name, lockDate: "2003-01-31", idempotencyKey: lockKey });
    expect(await finance.finance.accounts.saveLockPeriod({ periodName: name, lockDate: "2003-01-31", idempotencyKey: lockKey })).toEqual(saved);
    const period = await t.db.selectFrom("finance_lock_periods").select("id").where("period_name", "=", name).executeTakeFirstOrThrow();
    expect((await auditsOf("finance_lock_period", period.id)).length).toBe(1);

    const ensureKey = `ensure-${Date.now()}`;
    const made = await finance.finance.accounts.ensureEmployeeAccount({ employeeId: ids.grace, currency: "AUD", idempotencyKey: ensureKey });
    expect(made.created).toBe(true);
    expect(await finance.finance.accounts.ensureEmployeeAccount({ employeeId: ids.grace, currency: "AUD", idempotencyKey: ensureKey })).toEqual(made);
    // Without the key, a second call finds the same account and creates nothing.
    expect(await finance.finance.accounts.ensureEmployeeAccount({ employeeId: ids.grace, currency: "AUD" })).toMatchObject({ created: false, response: [{ id: made.response[0]!.id }] });
  });

  test("20 parallel edits from the same version: one effect, clear refusals", async () => {
    const accountId = await newVendorAccount("HKD", "");
    const results = await race(20, (i) => get(app, `/accountmanagement/update-account?${q({ id: accountId, floatAmount: String(i + 1), version: 1 })}`, as(DEMO.FINANCE)));
    await expectOneEffect(results, { refusal: { code: 409, message: AM.accountChanged } });
    expect((await t.db.selectFrom("finance_accounts").select("version").where("id", "=", accountId).executeTakeFirstOrThrow()).version).toBe(2);
    expect((await auditsOf("finance_account", accountId)).filter((a) => a.action === "update").length).toBe(1);
  });
});

describe("search-accounts and get-account", () => {
  test("type required, user id required for Employee (the spec's texts); filters; get-account with the balance", async () => {
    const none = await get(app, "/accountmanagement/search-accounts", as(DEMO.FINANCE));
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ success: false, accounts: [], resultMessage: FM.typeRequired });
    const emp = await get(app, "/accountmanagement/search-accounts?type=Employee", as(DEMO.FINANCE));
    expect(emp.status).toBe(400);
    expect((await emp.json()).resultMessage).toBe(FM.userIdRequired);

    const finance = await t.finance();
    const { accountId } = await finance.finance.accounts.create({ name: "Grace NOK", type: "Employee", userId: ids.grace, balance: "-3.5", currency: "NOK" });
    const found = await (await get(app, `/accountmanagement/search-accounts?${q({ type: "Employee", userId: ids.grace, currency: "NOK" })}`, as(DEMO.FINANCE))).json();
    expect(found.success).toBe(true);
    expect(found.accounts.map((a: { id: number }) => a.id)).toEqual([accountId]);
    expect(found.accounts[0]).toMatchObject({ balance: "-3.50", groupId: ids.globex, userId: ids.grace, currencyCode: "NOK" });
    const empty = await finance.finance.accounts.search({ type: "Employee", userId: ids.grace, currency: "JPY" });
    expect(empty).toEqual({ success: true, accounts: [], resultMessage: "No accounts found" });
    const one = await (await get(app, `/accountmanagement/get-account?id=${accountId}`, as(DEMO.FINANCE))).json();
    expect(one).toMatchObject({ id: accountId, balance: "-3.50", balanceMinor: -350 });
    expect((await get(app, "/accountmanagement/get-account?id=99999999", as(DEMO.FINANCE))).status).toBe(404);
  });

  test("entries: newest first, paged, with running balances", async () => {
    const accountId = await newVendorAccount("USD", "1");
    const finance = await t.finance();
    for (let i = 2; i <= 7; i++) await finance.finance.accounts.createManualAdjustment({ accountId, amount: String(i), currency: "USD", timestamp: today });
    const page1 = await finance.finance.accounts.entries({ id: accountId, page: 1, pageSize: 4 });
    expect(page1.total).toBe(7);
    expect(page1.entries.map((e) => [e.seq, e.amount, e.balanceAfter])).toEqual([[7, "7.00", "28.00"], [6, "6.00", "21.00"], [5, "5.00", "15.00"], [4, "4.00", "10.00"]]);
    const page2 = await finance.finance.accounts.entries({ id: accountId, page: 2, pageSize: 4 });
    expect(page2.entries.map((e) => e.seq)).toEqual([3, 2, 1]);
    expect((await finance.finance.accounts.entries({ id: accountId, page: 3, pageSize: 4 })).entries).toEqual([]);
  });
});

describe("create-manual-adjustment", () => {
  test("an adjustment entry and the account after it; the audit row field by field", async () => {
    const accountId = await newVendorAccount("USD", "10");
    const res = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, amount: "-2.25", currency: "USD", timestamp: `${today}T10:00:00Z`, notes: "Correction" }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ success: true, balanceBefore: "10.00", balanceAfter: "7.75" });
    expect(body.accounts[0]).toMatchObject({ id: accountId, balance: "7.75", entryCount: 2 });
    const entries = await entriesOf(accountId);
    expect(entries[1]).toMatchObject({ seq: 2, kind: "adjustment", amount: -225, balance_after: 775, entry_date: today, notes: "Correction" });
    const audit = (await auditsOf("finance_account", accountId)).find((a) => a.action === "manualAdjustment")!;
    expect(audit.actor_user_id).toBe(await userId(DEMO.FINANCE));
    expect(JSON.parse(audit.old_values!)).toEqual({ balance: 1000 });
    expect(JSON.parse(audit.new_values!)).toEqual({ balance: 775, amount: -225, currency: "USD", date: today, notes: "Correction", entryId: entries[1]!.id, seq: 2 });
    await expectAudit(t.db, {
      action: "manualAdjustment", actor: DEMO.FINANCE, groupId: await accountGroupOf(accountId), entity: "finance_account", entityId: accountId,
      oldValues: { balance: 1000 }, newValues: { balance: 775, amount: -225, currency: "USD", date: today, notes: "Correction", entryId: entries[1]!.id, seq: 2 },
    });
  });

  test("§5 rules: amount required, numeric, two decimals, non-zero, date required; currency of the account", async () => {
    const accountId = await newVendorAccount("USD", "");
    const cases: [Record<string, unknown>, string][] = [
      [{ amount: "", timestamp: today }, FM.amountRequired],
      [{ amount: "abc", timestamp: today }, FM.amountNotNumber],
      [{ amount: "1.234", timestamp: today }, FM.amountDecimals],
      [{ amount: "0", timestamp: today }, FM.amountNonZero],
      [{ amount: "5", timestamp: "" }, FM.dateRequired],
      [{ amount: "5", timestamp: "2026-02-30" }, FM.dateInvalid],
    ];
    for (const [fields, message] of cases) {
      const res = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", ...fields }, as(DEMO.FINANCE));
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, accounts: [], resultMessage: message });
    }
    const jpy = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "JPY", amount: "1.5", timestamp: today }, as(DEMO.FINANCE));
    expect((await jpy.json()).resultMessage).toBe(FM.amountDecimalsJpy);
    const other = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "EUR", amount: "1", timestamp: today }, as(DEMO.FINANCE));
    expect(other.status).toBe(400);
    expect(await entriesOf(accountId)).toEqual([]);
    expect((await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId: 99999999, currency: "USD", amount: "1", timestamp: today }, as(DEMO.FINANCE))).status).toBe(404);
  });

  test("a running balance passes the 32-bit range (64-bit ledger); one amount beyond the money bound (99,999,999,999.99) is refused as bad input, never a server error", async () => {
    const accountId = await newVendorAccount("USD", "20000000");
    const big = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "2000000", timestamp: today }, as(DEMO.FINANCE));
    expect(big.status).toBe(200);
    const account = await (await t.finance()).finance.accounts.get({ id: accountId });
    expect(account.balanceMinor).toBe(2_200_000_000);
    const huge = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "100000000000", timestamp: today }, as(DEMO.FINANCE));
    expect(huge.status).toBe(400);
    const company = await newCompany();
    const opening = await postJson(app, "/accountmanagement/create-account", { name: "Huge", type: "Vendor", company, balance: "100000000000", currency: "USD" }, as(DEMO.FINANCE));
    expect(opening.status).toBe(400);
    expect((await opening.json()).resultMessage).toBe(FM.invalidBalance);
    const edit = await get(app, `/accountmanagement/update-account?${q({ id: accountId, balance: "-100000000000" })}`, as(DEMO.FINANCE));
    expect(edit.status).toBe(400);
    expect((await edit.json()).resultMessage).toBe(FM.invalidBalance);
    expect((await entriesOf(accountId)).length).toBe(2);
  });

  test("a date on or before a lock date is refused (lock periods); after it is fine", async () => {
    const accountId = await newVendorAccount("USD", "");
    const finance = await t.finance();
    // Yesterday: the latest lock date (the latest one governs), whatever periods the seed or other tests made.
    const yesterday = todayUtc(new Date(Date.now() - 86_400_000));
    const name = unique("yesterday");
    await finance.finance.accounts.saveLockPeriod({ periodName: name, lockDate: yesterday });
    const refused = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "1", timestamp: yesterday }, as(DEMO.FINANCE));
    expect(refused.status).toBe(409);
    expect((await refused.json()).resultMessage).toContain(name);
    await finance.finance.accounts.createManualAdjustment({ accountId, currency: "USD", amount: "1", timestamp: today });
    expect((await entriesOf(accountId)).length).toBe(1);
  });

  test("50 parallel requests with one Idempotency-Key: one entry, every answer the first one", async () => {
    const accountId = await newVendorAccount("USD", "");
    const key = `adj-${Date.now()}`;
    const results = await race(50, () => postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "3.00", timestamp: today }, as(DEMO.FINANCE, { "Idempotency-Key": key })));
    const outcomes = await expectAllSucceed(results);
    const first = JSON.stringify(outcomes[0]!.value);
    for (const o of outcomes) expect(JSON.stringify(o.value)).toBe(first);
    expect((await entriesOf(accountId)).length).toBe(1);
    expect((await auditsOf("finance_account", accountId)).filter((a) => a.action === "manualAdjustment").length).toBe(1);
    // The same key for a different request is refused.
    const reused = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "4.00", timestamp: today }, as(DEMO.FINANCE, { "Idempotency-Key": key }));
    expect(reused.status).toBe(409);
  });
});

describe("lock periods", () => {
  test("save: both fields required (one text); a name once; answers every period; audit; tRPC lists them", async () => {
    for (const fields of [{ periodName: "", lockDate: "2001-01-31" }, { periodName: "x", lockDate: "" }, { periodName: "x", lockDate: "31/01/2001" }]) {
      const res = await postJson(app, "/accountmanagement/saveLockPeriods", fields, as(DEMO.FINANCE));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ success: false, lockPeriods: [], errorMessage: FM.lockPeriodFields });
    }
    const name = unique("2001-01");
    const res = await postJson(app, "/accountmanagement/saveLockPeriods", { periodName: name, lockDate: "2001-01-31" }, as(DEMO.ADMIN));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.success).toBe(true);
    expect(body.errorMessage).toBe("");
    const saved = body.lockPeriods.find((p: { periodName: string }) => p.periodName === name);
    expect(saved).toEqual({ id: expect.any(Number), periodName: name, lockDate: "2001-01-31" });
    const [audit] = await auditsOf("finance_lock_period", saved.id);
    expect(audit).toMatchObject({ action: "create", actor_user_id: await userId(DEMO.ADMIN), group_id: null, old_values: null });
    expect(JSON.parse(audit!.new_values!)).toEqual({ periodName: name, lockDate: "2001-01-31" });
    const dup = await postJson(app, "/accountmanagement/saveLockPeriods", { periodName: name, lockDate: "2001-02-28" }, as(DEMO.FINANCE));
    expect(dup.status).toBe(409);
    expect((await dup.json()).errorMessage).toBe(AM.lockPeriodExists);
    const listed = await (await t.finance()).finance.accounts.lockPeriods();
    expect(listed.lockPeriods.filter((p) => p.periodName === name).length).toBe(1);
  });

  test("20 parallel saves of one name: one period, clear refusals", async () => {
    const name = unique("2002-01");
    const results = await race(20, () => postJson(app, "/accountmanagement/saveLockPeriods", { periodName: name, lockDate: "2002-01-31" }, as(DEMO.FINANCE)));
    await expectOneEffect(results, { refusal: { code: 409, message: AM.lockPeriodExists } });
    expect((await t.db.selectFrom("finance_lock_periods").select("id").where("period_name", "=", name).execute()).length).toBe(1);
  });
});

describe("createEmployeeAccountWithCurrency", () => {
  test("makes the default account once; 50 parallel calls make one account and one audit row", async () => {
    const results = await race(50, () => postJson(app, "/accountmanagement/billapproval/createEmployeeAccountWithCurrency", { employeeId: ids.grace, currency: "DKK" }, as(DEMO.FINANCE)));
    const outcomes = await expectAllSucceed(results);
    const rows = await t.db.selectFrom("finance_accounts").select("id").where("user_id", "=", ids.grace).where("currency", "=", "DKK").execute();
    expect(rows.length).toBe(1);
    for (const o of outcomes) expect((o.value as { response: { id: number }[] }).response[0]!.id).toBe(rows[0]!.id);
    expect(outcomes.filter((o) => (o.value as { created: boolean }).created).length).toBe(1);
    const audits = await auditsOf("finance_account", rows[0]!.id);
    expect(audits.length).toBe(1);
    expect(audits[0]!.group_id).toBe(ids.globex);
    expect(JSON.parse(audits[0]!.new_values!)).toEqual({ type: "Employee", userId: ids.grace, currency: "DKK", via: "createEmployeeAccountWithCurrency" });
    await expectAudit(t.db, {
      action: "create", actor: DEMO.FINANCE, groupId: ids.globex, entity: "finance_account", entityId: rows[0]!.id,
      oldValues: null, newValues: { type: "Employee", userId: ids.grace, currency: "DKK", via: "createEmployeeAccountWithCurrency" },
    });
  });

  test("bad input: unknown employee, bad currency", async () => {
    const res = await postJson(app, "/accountmanagement/billapproval/createEmployeeAccountWithCurrency", { employeeId: 99999999, currency: "USD" }, as(DEMO.FINANCE));
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, response: [], errorMessage: AM.unknownUser });
    const cur = await postJson(app, "/accountmanagement/billapproval/createEmployeeAccountWithCurrency", { employeeId: ids.grace, currency: "ZZZ" }, as(DEMO.FINANCE));
    expect(cur.status).toBe(400);
  });
});

describe("bank accounts", () => {
  test("by employees and by ids; none: the spec's texts", async () => {
    const bank = await newBankAccount(ids.grace);
    const byEmployee = await postJson(app, "/admin/bank-account/employees/", [ids.grace], as(DEMO.FINANCE));
    expect(byEmployee.status).toBe(200);
    const list = await byEmployee.json();
    expect(list).toContainEqual(expect.objectContaining({ id: bank, employeeId: ids.grace, accountCurrencyCode: "GBP", locked: false, paymentCompleted: false, unConfirmed: false }));
    const byIds = await (await postJson(app, "/admin/bank-account/accounts/", { bankAccountIds: [bank] }, as(DEMO.FINANCE))).json();
    expect(byIds.map((b: { id: number }) => b.id)).toEqual([bank]);
    const nobody = await postJson(app, "/admin/bank-account/employees/", [await userId("hr@globex.test")], as(DEMO.FINANCE));
    expect(nobody.status).toBe(404);
    expect(await nobody.json()).toEqual({ success: false, errorMessage: FM.employeeHasNoAccounts });
    const bad = await postJson(app, "/admin/bank-account/employees/", ["x"], as(DEMO.FINANCE));
    expect(bad.status).toBe(400);
  });

  test("lock and unlock: {locked, paymentCompleted}; audit; a wrong employee is 'Bank Account Error'", async () => {
    const bank = await newBankAccount(ids.emma);
    const res = await postJson(app, `/admin/bank-account/${bank}?employeeId=${ids.emma}`, { locked: true }, as(DEMO.FINANCE));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ locked: true, paymentCompleted: false, unConfirmed: false, version: 2 });
    const [audit] = await auditsOf("employee_bank_account", bank);
    expect(audit).toMatchObject({ action: "lock", actor_user_id: await userId(DEMO.FINANCE), group_id: ids.acme });
    expect(JSON.parse(audit!.old_values!)).toEqual({ locked: false, version: 1 });
    expect(JSON.parse(audit!.new_values!)).toEqual({ locked: true, version: 2, paymentCompleted: false });
    const unlock = await send(app, "POST", `/admin/bank-account/${bank}?employeeId=${ids.emma}`, "locked=false", as(DEMO.FINANCE), "application/x-www-form-urlencoded");
    expect(await unlock.json()).toMatchObject({ locked: false, version: 3 });
    await expectAudit(t.db, {
      action: "unlock", actor: DEMO.FINANCE, groupId: ids.acme, entity: "employee_bank_account", entityId: bank,
      oldValues: { locked: true, version: 2 }, newValues: { locked: false, version: 3, paymentCompleted: false },
    });
    const wrong = await postJson(app, `/admin/bank-account/${bank}?employeeId=${ids.grace}`, { locked: true }, as(DEMO.FINANCE));
    expect(wrong.status).toBe(404);
    expect(await wrong.json()).toEqual({ success: false, errorMessage: FM.bankAccountError });
  });

  test("§4: unlocking a paid account needs FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT", async () => {
    const bank = await newBankAccount(ids.emma, { locked: true, paid: true });
    const finance = await t.finance();
    await expectTrpcError(finance.finance.accounts.setBankAccountLock({ bankAccountId: bank, employeeId: ids.emma, locked: false }), "FORBIDDEN", AM.unlockPaidNotAllowed);
    expect((await finance.finance.accounts.settings()).allowUnlockPaidAccount).toBe(false);
    const allowed = await callerFor(t.db, DEMO.FINANCE, { config: testConfig({ FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT: "1" }) });
    expect((await allowed.finance.accounts.settings()).allowUnlockPaidAccount).toBe(true);
    expect(await allowed.finance.accounts.setBankAccountLock({ bankAccountId: bank, employeeId: ids.emma, locked: false })).toMatchObject({ locked: false, paymentCompleted: true });
  });

  test("50 parallel lock toggles from the same version: one effect, clear refusals", async () => {
    const bank = await newBankAccount(ids.emma);
    const results = await race(50, () => postJson(app, `/admin/bank-account/${bank}?employeeId=${ids.emma}`, { locked: true, version: 1 }, as(DEMO.FINANCE)));
    await expectOneEffect(results, { refusal: { code: 409, message: AM.bankAccountChanged } });
    expect(await t.db.selectFrom("employee_bank_accounts").select(["locked", "version"]).where("id", "=", bank).executeTakeFirstOrThrow()).toEqual({ locked: 1, version: 2 });
    expect((await auditsOf("employee_bank_account", bank)).length).toBe(1);
  });

  test("a retried toggle with the same key answers the first result", async () => {
    const bank = await newBankAccount(ids.emma);
    const key = `lock-${Date.now()}`;
    const first = await (await postJson(app, `/admin/bank-account/${bank}?employeeId=${ids.emma}`, { locked: true, version: 1 }, as(DEMO.FINANCE, { "Idempotency-Key": key }))).json();
    const second = await postJson(app, `/admin/bank-account/${bank}?employeeId=${ids.emma}`, { locked: true, version: 1 }, as(DEMO.FINANCE, { "Idempotency-Key": key }));
    expect(second.status).toBe(200);
    expect(await second.json()).toEqual(first);
    expect((await auditsOf("employee_bank_account", bank)).length).toBe(1);
  });
});

describe("the ledger: every running balance is the sum of the entries (property)", () => {
  test("random adjustments, sequential and 8 at a time", async () => {
    const finance = await t.finance();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -500_000, max: 500_000 }).filter((n) => n !== 0), { minLength: 1, maxLength: 16 }), fc.boolean(), async (amounts, parallel) => {
        const accountId = await newVendorAccount("USD", "");
        const adjust = (minor: number) =>
          finance.finance.accounts.createManualAdjustment({ accountId, currency: "USD", amount: (minor / 100).toFixed(2), timestamp: today });
        if (parallel) {
          for (let i = 0; i < amounts.length; i += 8) await Promise.all(amounts.slice(i, i + 8).map(adjust));
        } else {
          for (const a of amounts) await adjust(a);
        }
        const entries = await entriesOf(accountId);
        expect(entries.map((e) => e.seq)).toEqual(amounts.map((_, i) => i + 1));
        let sum = 0;
        for (const e of entries) {
          sum += e.amount;
          expect(e.balance_after).toBe(sum);
        }
        expect(sum).toBe(amounts.reduce((a, b) => a + b, 0));
        expect((await finance.finance.accounts.get({ id: accountId })).balanceMinor).toBe(sum);
      }),
      { numRuns: 15 },
    );
  }, 60_000);
});
