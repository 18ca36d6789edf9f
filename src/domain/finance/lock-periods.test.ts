import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { checkLock, checkNewLockPeriod, isLocked, lockingPeriod, type LockPeriod } from "./lock-periods.ts";

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
