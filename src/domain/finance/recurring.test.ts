import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { toMajorString } from "../money/money.ts";
import { financeMessages as M } from "./messages.ts";
import { buildSchedule, checkSchedule, dueDate, type RecurringPayment } from "./recurring.ts";

function schedule(input: Parameters<typeof buildSchedule>[0]): RecurringPayment[] {
  const r = buildSchedule(input);
  if (!("schedule" in r)) throw new Error(JSON.stringify(r.errors));
  return r.schedule;
}

describe("recurring schedule (§5 Recurring)", () => {
  test("monthly: 100.00 in 3, the last absorbs rounding", () => {
    const s = schedule({ gross: "100.00", currency: "USD", count: 3, unit: "months", firstDueDate: "2026-01-31" });
    expect(s.map((p) => p.paymentAmount.amount)).toEqual([3333, 3333, 3334]);
    expect(s.map((p) => p.paymentDueDate)).toEqual(["2026-01-31", "2026-02-28", "2026-03-31"]);
  });
  test("weekly and JPY", () => {
    const s = schedule({ gross: "1000", currency: "JPY", count: "3", unit: "weeks", firstDueDate: "2026-12-28" });
    expect(s.map((p) => p.paymentAmount)).toEqual([{ amount: 333, currency: "JPY" }, { amount: 333, currency: "JPY" }, { amount: 334, currency: "JPY" }]);
    expect(s.map((p) => p.paymentDueDate)).toEqual(["2026-12-28", "2027-01-04", "2027-01-11"]);
  });
  test("leap years", () => {
    expect(dueDate("2028-01-29", "months", 1)).toBe("2028-02-29");
    expect(dueDate("2027-01-29", "months", 1)).toBe("2027-02-28");
  });
  test("inputs: non-zero gross, positive count of months or weeks, first due date", () => {
    expect(buildSchedule({ gross: "0", currency: "USD", count: 3, unit: "months", firstDueDate: "2026-01-01" })).toEqual({ errors: { gross: M.recurringGross } });
    expect(buildSchedule({ gross: "10", currency: "USD", count: 0, unit: "months", firstDueDate: "2026-01-01" })).toEqual({ errors: { count: M.recurringCount } });
    expect(buildSchedule({ gross: "10", currency: "USD", count: 2.5, unit: "weeks", firstDueDate: "2026-01-01" })).toEqual({ errors: { count: M.recurringCount } });
    expect(buildSchedule({ gross: "10", currency: "USD", count: 2, unit: "days", firstDueDate: "2026-01-01" })).toEqual({ errors: { unit: M.recurringCount } });
    expect(buildSchedule({ gross: "10", currency: "USD", count: 2, unit: "weeks", firstDueDate: "" })).toEqual({ errors: { firstDueDate: M.recurringFirstDue } });
    expect(buildSchedule({ gross: "10.001", currency: "USD", count: 2, unit: "weeks", firstDueDate: "2026-01-01" })).toEqual({ errors: { gross: M.recurringGross } });
  });
  test("submitted schedule: dates filled, amounts numeric and summing to gross", () => {
    const gross = { amount: 10000, currency: "USD" };
    expect(checkSchedule(gross, [{ paymentAmount: "50", paymentDueDate: "2026-01-01" }, { paymentAmount: "50.00", paymentDueDate: "2026-02-01" }], 2)).toEqual({});
    expect(checkSchedule(gross, [{ paymentAmount: "50", paymentDueDate: "" }, { paymentAmount: "50", paymentDueDate: "2026-02-01" }], 2)["payments.0.paymentDueDate"]).toBe(M.recurringDates);
    expect(checkSchedule(gross, [{ paymentAmount: "50", paymentDueDate: "2026-01-01" }, { paymentAmount: "49.99", paymentDueDate: "2026-02-01" }], 2).payments).toBe(M.recurringSum);
    expect(checkSchedule(gross, [{ paymentAmount: "abc", paymentDueDate: "2026-01-01" }], 1)["payments.0.paymentAmount"]).toBe(M.amountNotNumber);
  });
  test("every instalment is greater than zero and the rows are exactly the count (issue 23 item 4)", () => {
    const gross = { amount: 10000, currency: "USD" };
    // 150.00 and -50.00 sum to the gross of 100.00 but make a -50.00 bill that is not a credit.
    const negative = checkSchedule(gross, [{ paymentAmount: "150.00", paymentDueDate: "2026-01-01" }, { paymentAmount: "-50.00", paymentDueDate: "2026-02-01" }], 2);
    expect(negative["payments.1.paymentAmount"]).toBe(M.recurringInstalmentPositive);
    expect(checkSchedule(gross, [{ paymentAmount: "100.00", paymentDueDate: "2026-01-01" }, { paymentAmount: "0", paymentDueDate: "2026-02-01" }], 2)["payments.1.paymentAmount"]).toBe(M.recurringInstalmentPositive);
    // Three instalments asked, two rows sent (summing to the gross): refused, naming the count.
    const fewer = checkSchedule(gross, [{ paymentAmount: "50", paymentDueDate: "2026-01-01" }, { paymentAmount: "50", paymentDueDate: "2026-02-01" }], 3);
    expect(fewer.payments).toBe("Please enter one payment for each of the 3 instalments");
    const more = checkSchedule(gross, [{ paymentAmount: "50", paymentDueDate: "2026-01-01" }, { paymentAmount: "50", paymentDueDate: "2026-02-01" }], 1);
    expect(more.payments).toBe("Please enter one payment for each of the 1 instalments");
    // The calculator's inputs: a negative gross, or less than one minor unit per instalment, cannot be split into positive instalments.
    expect(buildSchedule({ gross: "-150", currency: "USD", count: 3, unit: "months", firstDueDate: "2026-01-01" })).toEqual({ errors: { gross: M.recurringInstalmentPositive } });
    expect(buildSchedule({ gross: "0.02", currency: "USD", count: 3, unit: "months", firstDueDate: "2026-01-01" })).toEqual({ errors: { gross: M.recurringInstalmentPositive } });
    expect(buildSchedule({ gross: "0.03", currency: "USD", count: 3, unit: "months", firstDueDate: "2026-01-01" })).not.toHaveProperty("errors");
  });
  test("three-decimal currencies (ISO 4217: BHD, KWD, OMR, TND) schedule to the fils; KRW has none (issue 23 item 6)", () => {
    const s = schedule({ gross: "12.500", currency: "BHD", count: 3, unit: "months", firstDueDate: "2026-01-31" });
    expect(s.map((p) => p.paymentAmount.amount)).toEqual([4166, 4166, 4168]);
    expect(checkSchedule({ amount: 12500, currency: "BHD" }, s.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })), 3)).toEqual({});
    expect(checkSchedule({ amount: 12500, currency: "KWD" }, [{ paymentAmount: "12.5", paymentDueDate: "2026-01-01" }], 1)).toEqual({});
    expect(checkSchedule({ amount: 12500, currency: "KWD" }, [{ paymentAmount: "12.5001", paymentDueDate: "2026-01-01" }], 1)["payments.0.paymentAmount"]).toBe("KWD amounts can have at most 3 decimal places");
    expect(checkSchedule({ amount: 1250, currency: "KRW" }, [{ paymentAmount: "1250.5", paymentDueDate: "2026-01-01" }], 1)["payments.0.paymentAmount"]).toBe("KRW amounts cannot have decimal places");
  });
  test("property: sum exact, count right, every instalment positive, dates ascending, built schedule passes its own check (0-, 2- and 3-decimal currencies)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom("USD", "EUR", "JPY", "KRW", "BHD", "KWD", "OMR", "TND"),
        fc.integer({ min: 120, max: 100_000_000 }),
        fc.integer({ min: 1, max: 120 }),
        fc.constantFrom("months" as const, "weeks" as const),
        fc.date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2090-12-31T00:00:00Z"), noInvalidDate: true }),
        (currency, minor, count, unit, first) => {
          const gross = { amount: minor, currency };
          const firstDueDate = first.toISOString().slice(0, 10);
          const s = schedule({ gross: toMajorString(gross), currency, count, unit, firstDueDate });
          expect(s.length).toBe(count);
          expect(s.reduce((a, p) => a + p.paymentAmount.amount, 0)).toBe(minor);
          expect(s[0]!.paymentDueDate).toBe(firstDueDate);
          for (let i = 1; i < s.length; i++) expect(s[i]!.paymentDueDate > s[i - 1]!.paymentDueDate).toBe(true);
          const each = s[0]!.paymentAmount.amount;
          for (const p of s.slice(0, -1)) expect(p.paymentAmount.amount).toBe(each);
          expect(Math.abs(s.at(-1)!.paymentAmount.amount - each)).toBeLessThan(count);
          for (const p of s) expect(p.paymentAmount.amount).toBeGreaterThan(0);
          expect(checkSchedule(gross, s.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })), count)).toEqual({});
        },
      ),
      { numRuns: 300 },
    );
  });
});
