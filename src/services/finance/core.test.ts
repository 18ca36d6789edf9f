/**
 * The finance write helpers (src/services/finance/core.ts) on the dialect under test: idempotency keys
 * (a retry returns the first answer and writes once, also when 50 retries race; a key reused for another
 * request is refused; a failed first attempt leaves no key), appended entries (running balances equal
 * the sum of the entries, also under 50 parallel appends to one account), default accounts (50 parallel
 * ensures make one), and bills (refused inside a lock period, one bill per source).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { sql } from "kysely";
import { AppError } from "../../domain/errors.ts";
import { financeMessages } from "../../domain/finance/messages.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { expectAllSucceed, race } from "../../test/race.ts";
import { expectAudit } from "../../test/audit.ts";
import type { SessionUser } from "../identity/auth.ts";
import { appendEntry, balanceOfAccount, ensureAccount, financeCoreMessages, financeWrite, insertBill, type FinanceActor } from "./core.ts";

const t = useTestDatabase({ poolSize: 12 });
let actor: FinanceActor;
let groupId: number;
const AT = "2026-11-20T10:00:00.000Z";

beforeAll(async () => {
  const u = await t.db.selectFrom("users").selectAll().where("email", "=", DEMO.FINANCE).executeTakeFirstOrThrow();
  const user: SessionUser = { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: "FINANCE", groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };
  actor = { user, ip: "127.0.0.1" };
  groupId = (await t.db.selectFrom("groups").select("id").where("name", "=", "acme").executeTakeFirstOrThrow()).id;
});

const newAccount = async (currency = "USD", name = `Client ${crypto.randomUUID()}`) =>
  (await t.db.insertInto("finance_accounts").values({ name, type: "Client", group_id: groupId, currency, created_by: null, created_at: AT, updated_at: AT, natural_key: null }).returning("id").executeTakeFirstOrThrow()).id;

const entriesOf = (accountId: number) => t.db.selectFrom("finance_entries").selectAll().where("account_id", "=", accountId).orderBy("seq").execute();

function expectConsistent(entries: { seq: number; amount: number; balance_after: number }[]) {
  let sum = 0;
  entries.forEach((e, i) => {
    sum += e.amount;
    expect(e.seq).toBe(i + 1);
    expect(e.balance_after).toBe(sum);
  });
  return sum;
}

describe("financeWrite: idempotency keys", () => {
  test("a retry with the same key returns the first answer and writes once", async () => {
    const accountId = await newAccount();
    const key = `k-${crypto.randomUUID()}`;
    const write = (amount: number) =>
      financeWrite(t.db, actor, { scope: "test/adjust", key, payload: { accountId, amount } }, async (trx) => {
        const e = await appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount, currency: "USD", actorUserId: actor.user.id, at: AT });
        return { entryId: e.id, balance: e.balanceAfter };
      });
    const first = await write(1250);
    const again = await write(1250);
    expect(again).toEqual(first);
    expect((await entriesOf(accountId)).length).toBe(1);
    expect(await balanceOfAccount(t.db, accountId)).toBe(1250);
  });

  test("50 parallel requests with one key: one effect, every caller gets the first answer", async () => {
    const accountId = await newAccount();
    const key = `k-${crypto.randomUUID()}`;
    const results = await race(50, () =>
      financeWrite(t.db, actor, { scope: "test/adjust", key, payload: { accountId, amount: 700 } }, async (trx) => {
        const e = await appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount: 700, currency: "USD", actorUserId: actor.user.id, at: AT });
        return { entryId: e.id };
      }),
    );
    const outcomes = await expectAllSucceed(results);
    const ids = new Set(outcomes.map((o) => (o.value as { entryId: number }).entryId));
    expect(ids.size).toBe(1);
    expect((await entriesOf(accountId)).length).toBe(1);
  });

  test("a key reused for a different request is refused and changes nothing", async () => {
    const accountId = await newAccount();
    const key = `k-${crypto.randomUUID()}`;
    const write = (amount: number) =>
      financeWrite(t.db, actor, { scope: "test/adjust", key, payload: { accountId, amount } }, (trx) =>
        appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount, currency: "USD", actorUserId: actor.user.id, at: AT }),
      );
    await write(100);
    const refused = await write(200).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe("CONFLICT");
    expect((refused as AppError).message).toBe(financeCoreMessages.keyReused);
    expect(await balanceOfAccount(t.db, accountId)).toBe(100);
  });

  test("a failed first attempt leaves no key and no entry: its retry runs afresh", async () => {
    const accountId = await newAccount();
    const key = `k-${crypto.randomUUID()}`;
    let fail = true;
    const write = () =>
      financeWrite(t.db, actor, { scope: "test/adjust", key, payload: { accountId } }, async (trx) => {
        await appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount: 5, currency: "USD", actorUserId: actor.user.id, at: AT });
        if (fail) throw new AppError("CONFLICT", "half-way");
        return { ok: true };
      });
    await expect(write()).rejects.toThrow("half-way");
    expect((await entriesOf(accountId)).length).toBe(0);
    expect(await t.db.selectFrom("finance_idempotency").select("user_id").where("idempotency_key", "=", key).execute()).toEqual([]);
    fail = false;
    expect(await write()).toEqual({ ok: true });
    expect((await entriesOf(accountId)).length).toBe(1);
  });

  test("an invalid key is refused before anything runs", async () => {
    let ran = false;
    const refused = await financeWrite(t.db, actor, { scope: "test", key: "bad key with spaces", payload: {} }, async () => {
      ran = true;
    }).catch((e: unknown) => e);
    expect((refused as AppError).code).toBe("VALIDATION");
    expect(ran).toBe(false);
  });
});

describe("appendEntry: the running balance", () => {
  test("50 parallel appends to one account: seq 1..50 and every balance_after is the running sum", async () => {
    const accountId = await newAccount("EUR");
    const amounts = Array.from({ length: 50 }, (_, i) => (i % 3 === 0 ? -(i * 37 + 1) : i * 101 + 3));
    const results = await race(50, (i) =>
      t.db.transaction().execute((trx) => appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount: amounts[i]!, currency: "EUR", actorUserId: actor.user.id, at: AT })),
    );
    await expectAllSucceed(results);
    const entries = await entriesOf(accountId);
    expect(entries.length).toBe(50);
    const sum = expectConsistent(entries);
    expect(sum).toBe(amounts.reduce((a, b) => a + b, 0));
    expect(await balanceOfAccount(t.db, accountId)).toBe(sum);
  });

  test("an entry in another currency than the account's is refused", async () => {
    const accountId = await newAccount("GBP");
    const refused = await t.db
      .transaction()
      .execute((trx) => appendEntry(trx, { accountId, date: "2026-11-20", kind: "adjustment", amount: 5, currency: "USD", actorUserId: null, at: AT }))
      .catch((e: unknown) => e);
    expect((refused as AppError).message).toBe(financeCoreMessages.accountCurrency);
    expect((await entriesOf(accountId)).length).toBe(0);
  });

  test("the entries table is append-only by contract: no code path updates it (grep guard)", async () => {
    const files = new Bun.Glob("src/**/*.ts").scan({ cwd: process.cwd() });
    const offenders: string[] = [];
    for await (const f of files) {
      if (f.endsWith(".test.ts") || f.startsWith("src/test/")) continue;
      const text = await Bun.file(f).text();
      if (/updateTable\(\s*["']finance_entries["']|deleteFrom\(\s*["']finance_entries["']/.test(text)) offenders.push(f);
    }
    expect(offenders).toEqual([]);
  });
});

describe("ensureAccount", () => {
  test("50 parallel ensures of one employee account make one account", async () => {
    const employee = await t.db.selectFrom("users").select("id").where("email", "=", DEMO.EMPLOYEE).executeTakeFirstOrThrow();
    const results = await race(50, () =>
      t.db.transaction().execute((trx) => ensureAccount(trx, { type: "Employee", currency: "CHF", name: "Emma CHF", groupId, userId: employee.id, actorUserId: actor.user.id, at: AT })),
    );
    const outcomes = await expectAllSucceed(results);
    const ids = new Set(outcomes.map((o) => (o.value as { id: number }).id));
    expect(ids.size).toBe(1);
    expect(outcomes.filter((o) => (o.value as { created: boolean }).created).length).toBe(1);
    const rows = await t.db.selectFrom("finance_accounts").selectAll().where("natural_key", "=", `Employee:${employee.id}:CHF`).execute();
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({ type: "Employee", user_id: employee.id, currency: "CHF", billing_type: "Other", float_amount: 0, due_date_period: "NEXT_45_DAYS" });
  });
});

describe("insertBill", () => {
  const bill = (toAccountId: number, sourceId: number, billDate: string) => ({
    groupId,
    moveId: null,
    employeeUserId: null,
    billType: "CashAllowances" as const,
    sourceKind: "test",
    sourceId,
    fromAccountId: null,
    toAccountId,
    currency: "USD",
    gross: 12_000,
    net: 10_000,
    tax: 2_000,
    billDate,
    lines: [{ name: "Allowance", gross: 12_000, net: 10_000, tax: 2_000, spendCategoryId: 580 }],
  });

  test("a bill, its lines, its charge entry and its audit row; a second bill of the same source is refused", async () => {
    const accountId = await newAccount();
    const sourceId = Math.floor(Math.random() * 1e9);
    const made = await t.db.transaction().execute((trx) => insertBill(trx, actor, bill(accountId, sourceId, "2026-11-21"), AT));
    const row = await t.db.selectFrom("bills").selectAll().where("id", "=", made.billId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "Open", audited: 0, gross_amount: 12_000, net_amount: 10_000, tax_amount: 2_000, currency: "USD", to_account_id: accountId, bill_date: "2026-11-21", version: 1 });
    const lines = await t.db.selectFrom("bill_lines").selectAll().where("bill_id", "=", made.billId).execute();
    expect(lines.map((l) => [l.position, l.name, l.gross_amount, l.spend_category_id])).toEqual([[1, "Allowance", 12_000, 580]]);
    const entries = await entriesOf(accountId);
    expect(entries.map((e) => [e.kind, e.amount, e.balance_after, e.bill_id, e.entry_date])).toEqual([["charge", 12_000, 12_000, made.billId, "2026-11-21"]]);
    const audit = await t.db.selectFrom("audit_log").selectAll().where("entity", "=", "bill").where("entity_id", "=", String(made.billId)).execute();
    expect(audit.length).toBe(1);
    expect(audit[0]).toMatchObject({ action: "create", actor_user_id: actor.user.id, group_id: groupId, ip: "127.0.0.1", old_values: null });
    expect(JSON.parse(audit[0]!.new_values!)).toMatchObject({ billType: "CashAllowances", status: "Open", gross: 12_000, currency: "USD", toAccountId: accountId });
    await expectAudit(t.db, {
      action: "create", actor: DEMO.FINANCE, groupId, entity: "bill", entityId: made.billId, oldValues: null,
      newValues: {
        billType: "CashAllowances", status: "Open", source: `test:${sourceId}`, currency: "USD", gross: 12_000, net: 10_000, tax: 2_000,
        toAccountId: accountId, fromAccountId: null, billDate: "2026-11-21", lines: 1, decidedByRule: null,
      },
    });

    const again = await t.db
      .transaction()
      .execute((trx) => insertBill(trx, actor, bill(accountId, sourceId, "2026-11-21"), AT))
      .catch((e: unknown) => e);
    expect(again).toBeInstanceOf(Error);
    expect((await t.db.selectFrom("bills").select("id").where("source_kind", "=", "test").where("source_id", "=", sourceId).execute()).length).toBe(1);
    expect((await entriesOf(accountId)).length).toBe(1);
  });

  test("a bill dated on or before a lock date is refused with the period named; nothing is written", async () => {
    const accountId = await newAccount();
    const name = `lock-${crypto.randomUUID()}`;
    await t.db.insertInto("finance_lock_periods").values({ period_name: name, lock_date: "2020-01-31", created_by: null, created_at: AT }).execute();
    try {
      const refused = await t.db
        .transaction()
        .execute((trx) => insertBill(trx, actor, bill(accountId, Math.floor(Math.random() * 1e9), "2020-01-31"), AT))
        .catch((e: unknown) => e);
      expect((refused as AppError).code).toBe("CONFLICT");
      expect((refused as AppError).message).toBe(financeMessages.lockedPeriod.replace("{period}", name).replace("{lockDate}", "2020-01-31"));
      expect((await entriesOf(accountId)).length).toBe(0);
      expect((await t.db.selectFrom("bills").select("id").where("to_account_id", "=", accountId).execute()).length).toBe(0);
    } finally {
      await sql`delete from finance_lock_periods where period_name = ${name}`.execute(t.db);
    }
  });
});
