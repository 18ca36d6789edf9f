/**
 * One upper bound for every money input, the same answer on SQLite and PostgreSQL (issue 23 item 3).
 * Before: an expense or a quote past 21,474,836.47 (2^31 minor units) answered 500 on PostgreSQL
 * (32-bit columns) and was stored on SQLite; an expense of USD 1,000,000,000.00 was accepted.
 * Now: every money column is 64-bit and every amount up to MONEY_MAX_MINOR (99,999,999,999.99 in a
 * two-decimal currency) is stored and read back exactly on both; one past it is 400 with
 * "The amount is too large." and writes nothing, on both, through tRPC and the documented path.
 */
import { describe, expect, test } from "bun:test";
import type { DB } from "../db/index.ts";
import { MONEY_MAX_MINOR, MONEY_TOO_LARGE } from "../domain/money/money.ts";
import { digitsPastMoneyBound, ZMoneyText } from "../domain/money/schemas.ts";
import { appFor, cookieFor, postJson } from "./app.ts";
import { callerFor, insertTestUser } from "./db.ts";
import { expectInputError, expectTrpcError } from "./errors.ts";
import { useTestDatabase } from "./fixtures.ts";
import { quoteInput } from "../routers/employee/quotes.fixtures.ts";

const t = useTestDatabase();

let seq = 0;
/** A new acme employee with an open move copied from the demo employee's (so budgets and services match). */
async function acmeEmployee(db: DB) {
  const email = `money-bound-${Date.now()}-${++seq}@acme.test`;
  const userId = await insertTestUser(db, { email, group: "acme" });
  const model = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .selectAll("m")
    .where("u.email", "=", "employee@acme.test")
    .where("m.status", "=", "open")
    .orderBy("m.id", "desc")
    .executeTakeFirstOrThrow();
  const { id: _id, ...copy } = model;
  void _id;
  const move = await db.insertInto("moves").values({ ...copy, employee_user_id: userId }).returning("id").executeTakeFirstOrThrow();
  return { email, moveId: move.id };
}

const expense = (gross: string, currency = "USD") => ({ serviceName: "SETTLINGIN", moveStageId: 1, category: "TRAVEL" as const, expenseDate: "2026-11-20", currency, gross });

const count = async (table: "expenses" | "supplier_quotes") => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("the money bound", () => {
  test("the shared schema refuses digits past the bound in any currency; the money module applies it exactly", () => {
    expect(MONEY_MAX_MINOR).toBe(9_999_999_999_999);
    expect(digitsPastMoneyBound("99,999,999,999.99")).toBe(false);
    expect(digitsPastMoneyBound("9999999999999")).toBe(false);
    expect(digitsPastMoneyBound("10000000000000")).toBe(true);
    expect(digitsPastMoneyBound("-100000000000.00")).toBe(true);
    expect(digitsPastMoneyBound("00000000000000000001.5")).toBe(false);
    expect(ZMoneyText.safeParse("100000000000.00").error?.issues[0]?.message).toBe(MONEY_TOO_LARGE);
    expect(ZMoneyText.safeParse(2 ** 63).error?.issues[0]?.message).toBe(MONEY_TOO_LARGE);
    expect(ZMoneyText.parse(21474836.48)).toBe("21474836.48");
  });

  test("an expense of 21,474,836.48 and of 1,000,000,000.00 is stored and read back exactly; past the bound is 400, nothing written", async () => {
    const e = await acmeEmployee(t.db);
    const me = await callerFor(t.db, e.email);
    for (const [gross, minor] of [["21474836.48", 2_147_483_648], ["1000000000.00", 100_000_000_000], ["99999999999.99", 9_999_999_999_999]] as const) {
      const res = await me.expenses.submit(expense(gross));
      expect(res.expense.gross).toBe(gross);
      const row = await t.db.selectFrom("expenses").select(["gross_amount", "budget_amount"]).where("id", "=", res.id).executeTakeFirstOrThrow();
      expect(row.gross_amount).toBe(minor);
      expect(row.budget_amount).toBe(minor);
    }
    const before = await count("expenses");
    expect((await expectInputError(me.expenses.submit(expense("100000000000.00")), "gross")).message).toContain(MONEY_TOO_LARGE);
    // Text whose digits are within the bound but whose minor units are not (the currency's places,
    // ISO 4217): refused by the money module with the same text. USD 100,000,000,000 is 10^13 cents;
    // BHD 10,000,000,000 is 10^13 fils; JPY 9,999,999,999,999 is the largest yen amount.
    await expectTrpcError(me.expenses.submit(expense("100000000000")), "BAD_REQUEST", MONEY_TOO_LARGE);
    await expectTrpcError(me.expenses.submit(expense("10000000000", "BHD")), "BAD_REQUEST", MONEY_TOO_LARGE);
    expect((await expectInputError(me.expenses.submit(expense("10000000000000", "JPY")), "gross")).message).toContain(MONEY_TOO_LARGE);
    const app = appFor(t.db);
    const cookie = await cookieFor(t.db, e.email);
    const legacy = await postJson(app, "/expenses/add", expense("100000000000.00"), { cookie });
    expect(legacy.status).toBe(400);
    expect(JSON.stringify(await legacy.json())).toContain(MONEY_TOO_LARGE);
    const ok = await postJson(app, "/expenses/add", expense("1000000000.00"), { cookie });
    expect(ok.status).toBe(200);
    expect(await count("expenses")).toBe(before + 1);
  });

  test("a quote of 21,474,836.48 and of 1,000,000,000.00 is stored and read back exactly; past the bound is 400, nothing written", async () => {
    const e = await acmeEmployee(t.db);
    const hr = await callerFor(t.db, "hr@acme.test");
    for (const [amount, minor] of [["21474836.48", 2_147_483_648], ["1000000000.00", 100_000_000_000]] as const) {
      const q = await hr.quotes.add(quoteInput(e.moveId, { amount }));
      expect(q.amount).toBe(amount);
      expect((await t.db.selectFrom("supplier_quotes").select("amount").where("id", "=", q.id).executeTakeFirstOrThrow()).amount).toBe(minor);
    }
    const before = await count("supplier_quotes");
    expect((await expectInputError(hr.quotes.add(quoteInput(e.moveId, { amount: "100000000000.00" })), "amount")).message).toContain(MONEY_TOO_LARGE);
    expect((await expectInputError(hr.quotes.add(quoteInput(e.moveId, { amount: 2 ** 63 })), "amount")).message).toContain(MONEY_TOO_LARGE);
    await expectTrpcError(hr.quotes.add(quoteInput(e.moveId, { amount: "100000000000" })), "BAD_REQUEST", MONEY_TOO_LARGE);
    expect((await hr.quotes.add(quoteInput(e.moveId, { currency: "JPY", amount: "9999999999999" }))).amount).toBe("9999999999999");
    expect(await count("supplier_quotes")).toBe(before + 1);
  });
});
