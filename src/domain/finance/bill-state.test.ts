import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { actionsEnabled, BILL_STATUSES, BILL_TYPES, HOLD_REASONS, leavesList, nextState, type Bill, type BillAction } from "./bill-state.ts";
import { financeMessages as M } from "./messages.ts";

const open: Bill = { billType: "Expense", status: "Open", audited: false, holdReason: null };
function ok(bill: Bill, action: BillAction): Bill {
  const r = nextState(bill, action);
  if (!r.ok || r.removed) throw new Error(`expected a bill, got ${JSON.stringify(r)}`);
  return r.bill;
}

describe("bill state machine (§4)", () => {
  test("Open → PaymentPending → Paid", () => {
    const pending = ok(open, { type: "markPaymentPending" });
    expect(pending.status).toBe("PaymentPending");
    expect(ok(pending, { type: "pay" }).status).toBe("Paid");
  });
  test("Open cannot be paid directly, and nothing is paid twice", () => {
    expect(nextState(open, { type: "pay" })).toEqual({ ok: false, message: "This bill cannot go from Open to Paid" });
    const paid = ok(ok(open, { type: "markPaymentPending" }), { type: "pay" });
    expect(nextState(paid, { type: "pay" })).toEqual({ ok: false, message: M.alreadyPaid });
    expect(nextState(paid, { type: "recordPayment" })).toEqual({ ok: false, message: M.alreadyPaid });
    expect(nextState(paid, { type: "void", rejectionId: 1 })).toEqual({ ok: false, message: M.alreadyPaid });
  });
  test("recorded payment goes to PaidPendingAudit, audit is irreversible and final", () => {
    const ppa = ok(open, { type: "recordPayment" });
    expect(ppa.status).toBe("PaidPendingAudit");
    const audited = ok(ppa, { type: "audit" });
    expect(audited.audited).toBe(true);
    for (const a of [{ type: "audit" }, { type: "unhold" }, { type: "sendBack" }, { type: "pay" }] as BillAction[]) {
      expect(nextState(audited, a)).toEqual({ ok: false, message: M.alreadyAudited });
    }
    expect(nextState(open, { type: "audit" }).ok).toBe(false);
  });
  test("hold needs one of the four reasons, only from Open, and blocks everything but unhold", () => {
    expect(HOLD_REASONS).toEqual(["Exception Requested", "Info Requested - E'ee", "Info Requested - HR", "Info Requested - Vendor"]);
    expect(nextState(open, { type: "hold", reason: "" })).toEqual({ ok: false, message: M.holdReasonRequired, field: "holdReason" });
    expect(nextState(open, { type: "hold", reason: "Because" }).ok).toBe(false);
    const held = ok(open, { type: "hold", reason: "Info Requested - HR" });
    expect(held.holdReason).toBe("Info Requested - HR");
    for (const a of [{ type: "pay" }, { type: "void", rejectionId: 1 }, { type: "markPaymentPending" }, { type: "sendBack" }, { type: "recordPayment" }, { type: "hold", reason: "Exception Requested" }] as BillAction[]) {
      expect(nextState(held, a)).toEqual({ ok: false, message: M.billOnHold });
    }
    expect(actionsEnabled(held)).toEqual({ pay: false, void: false, upload: false, select: false, approve: false });
    expect(ok(held, { type: "unhold" }).holdReason).toBeNull();
    expect(nextState(open, { type: "unhold" })).toEqual({ ok: false, message: M.billNotOnHold });
    expect(nextState({ ...open, status: "PaymentPending" }, { type: "hold", reason: "Exception Requested" }).ok).toBe(false);
  });
  test("void needs a reason for VendorBooking and Expense, not for the others; reason ≤ 250", () => {
    expect(nextState(open, { type: "void" })).toEqual({ ok: false, message: M.voidReasonRequired, field: "rejectionId" });
    expect(nextState({ ...open, billType: "VendorBooking" }, { type: "void", rejectionId: null }).ok).toBe(false);
    expect(ok({ ...open, billType: "CashAllowances" }, { type: "void" }).status).toBe("Void");
    expect(ok(open, { type: "void", rejectionId: 2 }).status).toBe("Void");
    expect(nextState(open, { type: "void", rejectionId: 2, rejectionReason: "x".repeat(251) }).ok).toBe(false);
    const voided = ok(open, { type: "void", rejectionId: 2 });
    expect(nextState(voided, { type: "markPaymentPending" }).ok).toBe(false);
  });
  test("send back removes the bill; confirmation except when PaymentPending", () => {
    expect(nextState(open, { type: "sendBack" })).toEqual({ ok: true, removed: true, confirm: true });
    expect(nextState({ ...open, status: "PaymentPending" }, { type: "sendBack" })).toEqual({ ok: true, removed: true, confirm: false });
    expect(nextState({ ...open, status: "Paid" }, { type: "sendBack" }).ok).toBe(false);
  });
  test("rows leave Open and PaidPendingAudit lists after a transition", () => {
    const pending = ok(open, { type: "markPaymentPending" });
    expect(leavesList("Open", open, pending)).toBe(true);
    expect(leavesList("PaymentPending", open, pending)).toBe(false);
    const ppa = ok(open, { type: "recordPayment" });
    expect(leavesList("PaidPendingAudit", ppa, ok(ppa, { type: "audit" }))).toBe(true);
    expect(leavesList("Open", open, null)).toBe(true);
  });
  test("property: any action sequence pays a bill at most once and never leaves audited or Void", () => {
    const action: fc.Arbitrary<BillAction> = fc.oneof(
      fc.constantFrom<BillAction>({ type: "unhold" }, { type: "markPaymentPending" }, { type: "pay" }, { type: "recordPayment" }, { type: "audit" }, { type: "sendBack" }),
      fc.record({ type: fc.constant("hold" as const), reason: fc.oneof(fc.constantFrom(...HOLD_REASONS), fc.string()) }),
      fc.record({ type: fc.constant("void" as const), rejectionId: fc.option(fc.integer({ min: 1, max: 5 })) }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...BILL_TYPES), fc.array(action, { maxLength: 30 }), (billType, actions) => {
        let bill: Bill | null = { billType, status: "Open", audited: false, holdReason: null };
        let payments = 0;
        for (const a of actions) {
          if (!bill) break;
          const before: Bill = bill;
          const r = nextState(before, a);
          if (!r.ok) {
            expect(typeof r.message).toBe("string");
            continue;
          }
          if (r.removed) {
            expect(before.status === "Open" || before.status === "PaymentPending").toBe(true);
            bill = null;
            continue;
          }
          if (!["Paid", "PaidPendingAudit"].includes(before.status) && ["Paid", "PaidPendingAudit"].includes(r.bill.status)) payments++;
          if (before.audited || before.status === "Void") throw new Error("a final bill changed");
          expect(BILL_STATUSES).toContain(r.bill.status);
          bill = r.bill;
        }
        expect(payments).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
  });
});

describe("a bill in an active payment file (issue 23)", () => {
  const exported: Bill = { ...open, status: "PaymentPending", paymentFile: "MER-20261207-ABC" };
  const inFile = "This bill is in payment file MER-20261207-ABC; cancel that payment file first, or record its payment";
  test("is neither voided nor sent back; it can still be paid or have its payment recorded", () => {
    expect(nextState(exported, { type: "void", rejectionId: 8 })).toEqual({ ok: false, message: inFile });
    expect(nextState(exported, { type: "sendBack" })).toEqual({ ok: false, message: inFile });
    expect(ok(exported, { type: "pay" }).status).toBe("Paid");
    expect(ok(exported, { type: "recordPayment" }).status).toBe("PaidPendingAudit");
    expect(actionsEnabled(exported)).toMatchObject({ pay: true, void: false });
  });
  test("once its file is cancelled (no active file), void and send back are allowed again", () => {
    const free: Bill = { ...exported, paymentFile: null };
    expect(ok(free, { type: "void", rejectionId: 8 }).status).toBe("Void");
    expect(nextState(free, { type: "sendBack" })).toEqual({ ok: true, removed: true, confirm: false });
    expect(actionsEnabled(free).void).toBe(true);
  });
});
