import { describe, expect, test } from "bun:test";
import { categoryKey, findDuplicates, type DuplicateCandidate } from "./duplicates.ts";

const base: DuplicateCandidate = {
  id: 1, employeeUserId: 7, currency: "USD", gross: 16_000, expenseDate: "2026-12-07", category: "TRANSPORT", categoryOther: null,
  status: "SUBMITTED", receiptHash: null, description: "Taxi from the airport",
};
const e = (over: Partial<DuplicateCandidate>): DuplicateCandidate => ({ ...base, ...over });

describe("findDuplicates", () => {
  test("same employee, amount, date and category: each of the pair names the other", () => {
    const a = e({ id: 1 });
    const b = e({ id: 2, description: "Airport taxi" });
    const found = findDuplicates([a, b], []);
    expect(found.get(2)).toEqual({ id: 1, reason: "details", description: "Taxi from the airport", expenseDate: "2026-12-07", status: "SUBMITTED" });
    expect(found.get(1)?.id).toBe(2);
  });

  test("a pending claim matches an earlier approved or paid one from the other candidates", () => {
    const found = findDuplicates([e({ id: 9 })], [e({ id: 3, status: "PAID" }), e({ id: 5, status: "APPROVED" })]);
    expect(found.get(9)).toMatchObject({ id: 3, reason: "details", status: "PAID" });
  });

  test("any one detail differing is no match", () => {
    const others = [
      e({ id: 2, employeeUserId: 8 }),
      e({ id: 3, gross: 16_001 }),
      e({ id: 4, currency: "EUR" }),
      e({ id: 5, expenseDate: "2026-12-06" }),
      e({ id: 6, category: "MEALS" }),
    ];
    expect(findDuplicates([e({ id: 1 })], others).size).toBe(0);
  });

  test("OTHER compares the written category, ignoring case and outer spaces", () => {
    const a = e({ id: 1, category: "OTHER", categoryOther: "Storage deposit" });
    expect(findDuplicates([a], [e({ id: 2, category: "OTHER", categoryOther: "  storage DEPOSIT " })]).get(1)?.id).toBe(2);
    expect(findDuplicates([a], [e({ id: 3, category: "OTHER", categoryOther: "Golf club" })]).size).toBe(0);
    expect(categoryKey({ category: "MEALS", categoryOther: "ignored" })).toBe("MEALS");
  });

  test("the same receipt hash matches whatever else differs (even another employee)", () => {
    const a = e({ id: 4, receiptHash: "ab".repeat(32) });
    const b = e({ id: 2, employeeUserId: 99, gross: 1, expenseDate: "2026-01-01", category: "MEALS", receiptHash: "ab".repeat(32) });
    expect(findDuplicates([a], [b]).get(4)).toMatchObject({ id: 2, reason: "receipt" });
  });

  test("a receipt match with the same expense as a details match is named as a receipt match", () => {
    const h = "cd".repeat(32);
    expect(findDuplicates([e({ id: 2, receiptHash: h })], [e({ id: 1, receiptHash: h })]).get(2)?.reason).toBe("receipt");
  });

  test("the earliest match is named", () => {
    const found = findDuplicates([e({ id: 10, receiptHash: "ef".repeat(32) })], [e({ id: 6, receiptHash: "ef".repeat(32), employeeUserId: 2 }), e({ id: 4 })]);
    expect(found.get(10)).toMatchObject({ id: 4, reason: "details" });
  });

  test("rejected expenses duplicate nothing; no receipt is no receipt match; never itself", () => {
    expect(findDuplicates([e({ id: 1 })], [e({ id: 2, status: "REJECTED" })]).size).toBe(0);
    expect(findDuplicates([e({ id: 1, gross: 1 })], [e({ id: 2, gross: 2 })]).size).toBe(0);
    expect(findDuplicates([e({ id: 1 })], [e({ id: 1 })]).size).toBe(0);
    expect(findDuplicates([e({ id: 1, status: "REJECTED" })], [e({ id: 2 })]).size).toBe(0);
  });
});
