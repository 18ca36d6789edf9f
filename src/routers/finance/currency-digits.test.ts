/**
 * Ad-hoc charges and their recurring schedules through tRPC on the dialect under test: one source of
 * minor-unit digits (ISO 4217, the money module) for every step (issue 23 item 6), and schedules of
 * positive instalments, as many as the count (issue 23 item 4).
 *
 * Before: a BHD 12.50 charge was accepted (stored as 12,500 fils) and then could not be approved
 * ("Amounts can have at most 2 decimal places", the approval reading 12.500); a recurring BHD charge
 * was refused; a schedule of 150.00 and -50.00 (summing to the gross) made a -50.00 bill that is not
 * a credit; a schedule of two rows for a count of three was accepted.
 */
import { beforeAll, describe, expect, test } from "bun:test";
import type { ZodError } from "zod";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { buildSchedule } from "../../domain/finance/recurring.ts";
import { toMajorString } from "../../domain/money/money.ts";
import { expectTrpcError } from "../../test/errors.ts";
import { DEMO, useTestDatabase } from "../../test/fixtures.ts";

const t = useTestDatabase({ wizardDemo: true });
let moveId: number;

beforeAll(async () => {
  moveId = (
    await t.db
      .selectFrom("moves as m")
      .innerJoin("users as u", "u.id", "m.employee_user_id")
      .select("m.id")
      .where("u.email", "=", DEMO.EMPLOYEE)
      .where("m.status", "in", ["open", "on_assignment"])
      .orderBy("m.id", "desc")
      .executeTakeFirstOrThrow()
  ).id;
});

const charge = (over: Record<string, unknown> = {}) => ({ group: "acme", moveId, adhocType: "CashAllowance" as const, currency: "BHD", amount: "12.50", chargeDate: "2026-11-20", ...over });

const schedule = (gross: string, currency: string, count: number) => {
  const built = buildSchedule({ gross, currency, count, unit: "months", firstDueDate: "2027-01-31" });
  if (!("schedule" in built)) throw new Error(JSON.stringify(built.errors));
  return { unit: "months" as const, count, firstDueDate: "2027-01-31", payments: built.schedule.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })) };
};

/** The field errors of a refused createCharge (AppError fields or zod issues). */
async function refusal(call: Promise<unknown>): Promise<Record<string, string>> {
  const e = await expectTrpcError(call, "BAD_REQUEST");
  const cause = e.cause as { fields?: Record<string, string> } | ZodError | undefined;
  if (cause && "issues" in cause) return Object.fromEntries(cause.issues.map((i) => [i.path.join("."), i.message]));
  return (cause as { fields?: Record<string, string> } | undefined)?.fields ?? {};
}

const itemCount = async () => Number((await t.db.selectFrom("finance_items").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

describe("three-decimal currencies (BHD, KWD, OMR, TND) and KRW", () => {
  test("a BHD 12.50 charge is stored as 12,500 fils and approved into a bill of BHD 12.500", async () => {
    const finance = await t.finance();
    const { item } = await finance.finance.adhoc.createCharge(charge());
    expect(item.gross).toBe("12.500");
    expect((await t.db.selectFrom("finance_items").select("gross_amount").where("id", "=", item.id).executeTakeFirstOrThrow()).gross_amount).toBe(12_500);
    const approved = await finance.finance.approval.approve({ kind: "adhocCashSpend", id: item.id });
    const bill = await t.db.selectFrom("bills").select(["gross_amount", "currency"]).where("id", "in", approved.billIds).executeTakeFirstOrThrow();
    expect(bill).toEqual({ gross_amount: 12_500, currency: "BHD" });
  });

  test("a KWD charge with three decimals is kept to the fils, an OMR one approved to the baisa; KRW has none", async () => {
    const finance = await t.finance();
    expect((await finance.finance.adhoc.createCharge(charge({ currency: "KWD", amount: "7.125" }))).item.gross).toBe("7.125");
    expect((await finance.finance.adhoc.createCharge(charge({ currency: "KRW", amount: "15000" }))).item.gross).toBe("15000");
    const approved = await finance.finance.approval.approve({ kind: "adhocCashSpend", id: (await finance.finance.adhoc.createCharge(charge({ currency: "OMR", amount: "1.001" }))).item.id });
    expect((await t.db.selectFrom("bills").select("gross_amount").where("id", "in", approved.billIds).executeTakeFirstOrThrow()).gross_amount).toBe(1_001);
  });

  test("a recurring BHD charge is accepted and its instalments are stored to the fils", async () => {
    const finance = await t.finance();
    const { item } = await finance.finance.adhoc.createCharge(charge({ adhocType: "CashAllowanceRecurring", amount: "100.000", recurring: schedule("100.000", "BHD", 3) }));
    expect(item.payments.map((p) => p.paymentAmount)).toEqual(["33.333", "33.333", "33.334"]);
    const rows = await t.db.selectFrom("finance_recurring_payments").select(["amount", "currency"]).where("item_id", "=", item.id).orderBy("seq").execute();
    expect(rows).toEqual([{ amount: 33_333, currency: "BHD" }, { amount: 33_333, currency: "BHD" }, { amount: 33_334, currency: "BHD" }]);
  });
});

describe("recurring schedules: positive instalments, as many as the count", () => {
  test("150.00 and -50.00 (summing to the gross) are refused; nothing written", async () => {
    const finance = await t.finance();
    const before = await itemCount();
    const recurring = { unit: "months" as const, count: 2, firstDueDate: "2027-01-31", payments: [{ paymentAmount: "150.00", paymentDueDate: "2027-01-31" }, { paymentAmount: "-50.00", paymentDueDate: "2027-02-28" }] };
    const fields = await refusal(finance.finance.adhoc.createCharge(charge({ currency: "USD", amount: "100.00", adhocType: "CashAllowanceRecurring", recurring })));
    expect(fields["recurring.payments.1.paymentAmount"]).toBe(FM.recurringInstalmentPositive);
    expect(await itemCount()).toBe(before);
  });

  test("a row count other than the count is refused; nothing written", async () => {
    const finance = await t.finance();
    const before = await itemCount();
    const three = schedule("90.00", "USD", 3);
    const two = { ...three, payments: [three.payments[0]!, { ...three.payments[1]!, paymentAmount: "60.00" }] };
    const fields = await refusal(finance.finance.adhoc.createCharge(charge({ currency: "USD", amount: "90.00", adhocType: "CashAllowanceRecurring", recurring: two })));
    expect(fields["recurring.payments"]).toBe("Please enter one payment for each of the 3 instalments");
    const four = { ...three, payments: [...three.payments, { paymentAmount: "0.00", paymentDueDate: "2027-04-30" }] };
    expect((await refusal(finance.finance.adhoc.createCharge(charge({ currency: "USD", amount: "90.00", adhocType: "CashAllowanceRecurring", recurring: four }))))["recurring.payments"]).toBe("Please enter one payment for each of the 3 instalments");
    expect(await itemCount()).toBe(before);
  });

  test("a negative recurring gross cannot be split into positive instalments", async () => {
    const finance = await t.finance();
    const recurring = { unit: "months" as const, count: 2, firstDueDate: "2027-01-31", payments: [{ paymentAmount: "-50.00", paymentDueDate: "2027-01-31" }, { paymentAmount: "-50.00", paymentDueDate: "2027-02-28" }] };
    const fields = await refusal(finance.finance.adhoc.createCharge(charge({ currency: "USD", amount: "-100.00", adhocType: "CashAllowanceRecurring", recurring })));
    expect(Object.values(fields)).toContain(FM.recurringInstalmentPositive);
  });
});
