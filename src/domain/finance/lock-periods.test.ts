import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { AppError } from "../errors.ts";
import { checkLock, checkNewLockPeriod, financeDay, isLocked, lockingPeriod, type LockPeriod } from "./lock-periods.ts";
import { financeMessages as M } from "./messages.ts";

const periods: LockPeriod[] = [
  { periodName: "Q1 2026", lockDate: "2026-03-31" },
  { periodName: "Q2 2026", lockDate: "2026-06-30" },
];

describe("lock periods", () => {
  test("on or before the latest lock date is locked; the day after is open", () => {
    expect(isLocked(periods, "2026-06-30")).toBe(true);
    expect(isLocked(periods, "2026-06-30T23:59:59Z")).toBe(true);
    expect(isLocked(periods, "2026-01-15")).toBe(true);
    expect(isLocked(periods, "2026-07-01")).toBe(false);
    expect(isLocked([], "2000-01-01")).toBe(false);
    expect(lockingPeriod(periods, "2026-02-01")?.periodName).toBe("Q2 2026");
  });
  test("create, change (old and new date) and pay are refused inside, with the period named", () => {
    expect(checkLock(periods, { type: "create", date: "2026-06-01" })).toBe(
      "This date is on or before the lock date of period Q2 2026 (2026-06-30); nothing can be created, changed or paid there",
    );
    expect(checkLock(periods, { type: "create", date: "2026-07-01" })).toBeNull();
    expect(checkLock(periods, { type: "change", oldDate: "2026-07-02", newDate: "2026-06-30" })).not.toBeNull();
    expect(checkLock(periods, { type: "change", oldDate: "2026-05-02", newDate: "2026-08-30" })).not.toBeNull();
    expect(checkLock(periods, { type: "change", oldDate: "2026-07-02" })).toBeNull();
    expect(checkLock(periods, { type: "pay", paymentDate: "2026-03-01" })).not.toBeNull();
    expect(checkLock(periods, { type: "pay", paymentDate: "2026-09-01" })).toBeNull();
    // A bill dated inside the period cannot be paid, whatever the payment date.
    expect(checkLock(periods, { type: "pay", paymentDate: "2026-09-01", billDate: "2026-03-01" })).not.toBeNull();
    expect(checkLock(periods, { type: "pay", paymentDate: "2026-09-01", billDate: "2026-09-01" })).toBeNull();
  });
  test("dates are read strictly, as their UTC calendar day (issue 23 item 7)", () => {
    const october: LockPeriod[] = [{ periodName: "October", lockDate: "2026-10-31" }];
    // 01:00 at +05:00 on 1 November is 20:00 UTC on 31 October: inside the period locked to 31 October.
    expect(financeDay("2026-11-01T01:00:00+05:00")).toBe("2026-10-31");
    expect(isLocked(october, "2026-11-01T01:00:00+05:00")).toBe(true);
    expect(isLocked(october, "2026-10-31T23:30:00-05:00")).toBe(false);
    expect(financeDay("2026-10-31T23:30:00-05:00")).toBe("2026-11-01");
    expect(financeDay("2026-11-01T00:00:00Z")).toBe("2026-11-01");
    expect(financeDay("2026-11-01T00:00")).toBe("2026-11-01");
    expect(financeDay(" 2026-11-01 ")).toBe("2026-11-01");
    expect(financeDay("2026-11-01T00:00:00.123456+14:00")).toBe("2026-10-31");
    for (const bad of ["2026-12-05 junk", "2026-12-05junk", "2026-12-05T", "2026-02-30", "2026-13-01", "9999-12-31", "1899-12-31", "2100-01-01", "2026-11-01T24:00:00Z", "2026-11-01T01:00:00+15:00", "20261101", "", "2026-11-01T01:00:00 +05:00"]) {
      expect([bad, financeDay(bad)]).toEqual([bad, null]);
    }
    // Never compared by their first ten characters: refused as bad input, whatever the periods.
    for (const bad of ["2026-12-05 junk", "9999-12-31", "2026-02-30"]) {
      let caught: unknown;
      try {
        checkLock(october, { type: "create", date: bad });
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(AppError);
      expect((caught as AppError).code).toBe("VALIDATION");
      expect((caught as AppError).message).toBe(M.dateInvalid);
    }
    expect(checkNewLockPeriod("Far", "9999-12-31")).toEqual({ lockPeriod: "Please fill in both period name and lock date" });
  });
  test("new period: name and date both required", () => {
    expect(checkNewLockPeriod("Q3", "2026-09-30")).toEqual({});
    expect(checkNewLockPeriod("", "2026-09-30")).toEqual({ lockPeriod: "Please fill in both period name and lock date" });
    expect(checkNewLockPeriod("Q3", "30/09/2026")).toEqual({ lockPeriod: "Please fill in both period name and lock date" });
  });
  test("property: a date is refused exactly when it is on or before some lock date", () => {
    const isoDay = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2030-12-31T00:00:00Z"), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(fc.array(isoDay, { maxLength: 5 }), isoDay, (locks, date) => {
        const ps = locks.map((lockDate, i) => ({ periodName: `P${i}`, lockDate }));
        expect(checkLock(ps, { type: "create", date }) !== null).toBe(locks.some((l) => date <= l));
      }),
    );
  });
});
