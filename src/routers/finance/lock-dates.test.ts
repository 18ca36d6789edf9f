/**
 * Lock dates read strictly (issue 23 item 7), on the dialect under test, through tRPC and the
 * documented paths. Before: the rule compared the first ten characters of what was typed, so
 * `2026-11-01T01:00:00+05:00` (20:00 UTC on 31 October, inside a period locked to 2026-10-31) passed,
 * and so did `2026-12-05 junk` and `9999-12-31`. Now a date is a calendar date or an ISO-8601 timestamp
 * whose offset is converted to its UTC day (the day the rule compares), from 1900-01-01 to 2099-12-31;
 * anything else is 400 and writes nothing. A payment-date change is checked on its old date too.
 */
import { afterEach, beforeAll, describe, expect, test } from "bun:test";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { appFor, cookieFor, postForm, postJson, type TestApp } from "../../test/app.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";
import { todayUtc, type FinanceActor } from "../../services/finance/core.ts";
import { financeActorOf, makeBill } from "./bills.fixtures.ts";

const t = useTestDatabase();
let app: TestApp;
let actor: FinanceActor;
let cookie: string;
const today = todayUtc();
const lockText = (period: string, date: string) => `This date is on or before the lock date of period ${period} (${date}); nothing can be created, changed or paid there`;

beforeAll(async () => {
  app = appFor(t.db);
  actor = await financeActorOf(t.db, DEMO.FINANCE);
  cookie = await cookieFor(t.db, DEMO.FINANCE);
});

afterEach(async () => {
  await t.db.deleteFrom("finance_lock_periods").execute();
});

const lockTo = (name: string, date: string) =>
  t.db.insertInto("finance_lock_periods").values({ period_name: name, lock_date: date, created_by: actor.user.id, created_at: new Date().toISOString() }).execute();

let seq = 0;
async function vendorAccount() {
  const company = (await t.db.insertInto("finance_companies").values({ company_name: `Lock dates ${Date.now()}-${++seq}`, category: "REMOVALS", created_at: new Date().toISOString() }).returning("id").executeTakeFirstOrThrow()).id;
  return (await (await t.finance()).finance.accounts.create({ name: `Lock vendor ${Date.now()}-${seq}`, type: "Vendor", company, balance: "", currency: "USD" })).accountId;
}
const entriesOf = (accountId: number) => t.db.selectFrom("finance_entries").selectAll().where("account_id", "=", accountId).orderBy("seq").execute();

describe("manual adjustment dates", () => {
  test("a timestamp with an offset counts as its UTC day: 2026-11-01T01:00:00+05:00 is inside a period locked to 2026-10-31", async () => {
    const accountId = await vendorAccount();
    await lockTo("October 2026", "2026-10-31");
    const res = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "5", timestamp: "2026-11-01T01:00:00+05:00" }, { cookie });
    expect(res.status).toBe(409);
    expect((await res.json()).resultMessage).toBe(lockText("October 2026", "2026-10-31"));
    await expectTrpcError((await t.finance()).finance.accounts.createManualAdjustment({ accountId, currency: "USD", amount: "5", timestamp: "2026-11-01T01:00:00+05:00" }), "CONFLICT", lockText("October 2026", "2026-10-31"));
    expect(await entriesOf(accountId)).toEqual([]);
    // The same instant written in UTC's own day after the lock is fine, and is booked on its UTC day.
    await (await t.finance()).finance.accounts.createManualAdjustment({ accountId, currency: "USD", amount: "5", timestamp: "2026-10-31T23:30:00-05:00" });
    expect((await entriesOf(accountId)).map((e) => e.entry_date)).toEqual(["2026-11-01"]);
  });

  test("junk after the date, an impossible date and 9999-12-31 are bad input (400), nothing written", async () => {
    const accountId = await vendorAccount();
    await lockTo("October 2026", "2026-10-31");
    for (const timestamp of ["2026-12-05 junk", "2026-02-30", "9999-12-31", "2026-12-05T99:00:00Z"]) {
      const res = await postJson(app, "/accountmanagement/create-manual-adjustment", { accountId, currency: "USD", amount: "5", timestamp }, { cookie });
      expect([timestamp, res.status]).toEqual([timestamp, 400]);
      expect((await res.json()).resultMessage).toBe(FM.dateInvalid);
      await expectTrpcError((await t.finance()).finance.accounts.createManualAdjustment({ accountId, currency: "USD", amount: "5", timestamp }), "BAD_REQUEST", FM.dateInvalid);
    }
    expect(await entriesOf(accountId)).toEqual([]);
  });

  test("a lock period's date must be a calendar date in range", async () => {
    const finance = await t.finance();
    for (const lockDate of ["9999-12-31", "2026-12-05 junk", "2026-11-01T01:00:00+05:00"]) {
      await expectTrpcError(finance.finance.accounts.saveLockPeriod({ periodName: "Far", lockDate }), "BAD_REQUEST", FM.lockPeriodFields);
    }
    expect(await t.db.selectFrom("finance_lock_periods").selectAll().execute()).toEqual([]);
  });
});

describe("payment date changes", () => {
  test("a change away from a locked payment date is refused, though the new date is open (the old date is checked too)", async () => {
    const { billId } = await makeBill(t.db, actor, { employeeEmail: DEMO.EMPLOYEE, billDate: "2026-11-05" });
    const finance = await t.finance();
    await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
    const [paid] = await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: "2026-11-10" }] });
    expect(paid).toMatchObject({ success: true });
    await lockTo("Early November", "2026-11-15");
    await expectTrpcError(finance.finance.bills.updatePayment({ id: billId, timestamp: today }), "CONFLICT", lockText("Early November", "2026-11-15"));
    const res = await postForm(app, "/accountmanagement/billapproval/update-payment", { id: String(billId), timestamp: today }, { cookie });
    expect(res.status).toBe(409);
    const payment = await t.db.selectFrom("payments").select("payment_date").where("bill_id", "=", billId).executeTakeFirstOrThrow();
    expect(payment.payment_date).toBe("2026-11-10");
  });

  test("a new payment date must be a calendar date in range", async () => {
    const { billId } = await makeBill(t.db, actor, { employeeEmail: DEMO.EMPLOYEE, billDate: today });
    const finance = await t.finance();
    await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "PaymentPending" }] });
    await finance.finance.bills.updateStatus({ bills: [{ id: billId, status: "Paid", paymentDate: today }] });
    for (const timestamp of ["2026-02-30", "1899-12-31", "2026-12-05 junk"]) {
      await expectTrpcError(finance.finance.bills.updatePayment({ id: billId, timestamp }), "BAD_REQUEST");
    }
  });
});
