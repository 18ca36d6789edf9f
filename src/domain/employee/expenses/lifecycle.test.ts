import { describe, expect, test } from "bun:test";
import { billStageOf, deriveLifecycle, LIFECYCLE_LABELS, LIFECYCLE_STAGES, lifecycleStageOf, RETURNED_TEXT, type LifecycleBill, type LifecycleItem, type LifecyclePayment } from "./lifecycle.ts";

const item = (o: Partial<LifecycleItem> = {}): LifecycleItem => ({
  kind: "expense",
  status: "SUBMITTED",
  submittedAt: "2026-11-01T09:00:00.000Z",
  decidedAt: null,
  rejectionReason: null,
  changeReason: null,
  holdReason: null,
  ...o,
});
const payment = (o: Partial<LifecyclePayment> = {}): LifecyclePayment => ({
  status: "PAID",
  paymentDate: "2026-11-20",
  amount: 12345,
  currency: "USD",
  recipientAmount: null,
  recipientCurrency: null,
  returnReason: null,
  createdAt: "2026-11-20T10:00:00.000Z",
  ...o,
});
const bill = (o: Partial<LifecycleBill> = {}): LifecycleBill => ({
  status: "Open",
  audited: false,
  createdAt: "2026-11-05T09:00:00.000Z",
  paymentPendingAt: null,
  auditedAt: null,
  voidReason: null,
  payments: [],
  ...o,
});
const approved = (o: Partial<LifecycleItem> = {}) => item({ status: "APPROVED", decidedAt: "2026-11-05T09:00:00.000Z", ...o });

describe("deriveLifecycle: before the decision", () => {
  test("submitted with and without a receipt: submitted, wait; finance taking it: in review", () => {
    for (const [status, stage, label] of [
      ["SUBMITTED", "submitted", "Submitted"],
      ["SUBMITTED_WITHOUT_RECEIPT", "submittedWithoutReceipt", "Submitted without receipt"],
    ] as const) {
      const l = deriveLifecycle(item({ status }), []);
      expect(l.stage).toBe(stage);
      expect(l.label).toBe(label);
      expect(l.nextAction).toBe("wait");
      expect(l.reason).toBeNull();
      expect(l.paid).toBeNull();
      expect(l.steps.map((s) => [s.stage, s.state])).toEqual([
        [stage, "current"],
        ["approved", "upcoming"],
        ["paymentPending", "upcoming"],
        ["paid", "upcoming"],
        ["audited", "upcoming"],
      ]);
      expect(l.steps[0]!.date).toBe("2026-11-01T09:00:00.000Z");
    }
    const inReview = deriveLifecycle(item({ status: "IN_PROCESS" }), []);
    expect(inReview.stage).toBe("inReview");
    expect(inReview.label).toBe("Being processed by finance");
    expect(inReview.steps.map((s) => s.state)).toEqual(["done", "current", "upcoming", "upcoming", "upcoming", "upcoming"]);
  });

  test("a finance item pending is submitted; held items say so", () => {
    const l = deriveLifecycle(item({ kind: "bookingCost", status: "SUBMITTED", holdReason: "Exception Requested" }), []);
    expect(l.stage).toBe("submitted");
    expect(l.onHold).toBe(true);
  });

  test("a bill sent back to Bill Approval leaves the item pending and billless: submitted again", () => {
    expect(deriveLifecycle(item({ status: "SUBMITTED", decidedAt: "2026-11-05T09:00:00.000Z" }), []).stage).toBe("submitted");
  });
});

describe("deriveLifecycle: the decision", () => {
  test("rejected: the reason, the decision date, contact finance, nothing after", () => {
    const l = deriveLifecycle(item({ status: "REJECTED", decidedAt: "2026-11-03T12:00:00.000Z", rejectionReason: "Duplicate: already claimed in October" }), []);
    expect(l.stage).toBe("rejected");
    expect(l.label).toBe("Rejected");
    expect(l.reason).toBe("Duplicate: already claimed in October");
    expect(l.nextAction).toBe("contactFinance");
    expect(l.steps).toEqual([
      { stage: "submitted", label: "Submitted", date: "2026-11-01T09:00:00.000Z", state: "done" },
      { stage: "rejected", label: "Rejected", date: "2026-11-03T12:00:00.000Z", state: "current" },
    ]);
  });

  test("changes requested: the reason; a booking waits for the supplier, an expense is corrected and resubmitted", () => {
    const booking = deriveLifecycle(item({ kind: "bookingCost", status: "CHANGE_REQUESTED", changeReason: "Quote the move date", decidedAt: "2026-11-02T08:00:00.000Z" }), []);
    expect(booking.stage).toBe("changesRequested");
    expect(booking.reason).toBe("Quote the move date");
    expect(booking.nextAction).toBe("supplierRevises");
    expect(booking.steps.map((s) => [s.stage, s.state, s.date])).toEqual([
      ["submitted", "done", "2026-11-01T09:00:00.000Z"],
      ["changesRequested", "current", "2026-11-02T08:00:00.000Z"],
    ]);
    expect(deriveLifecycle(item({ status: "CHANGE_REQUESTED", changeReason: "Add the receipt" }), []).nextAction).toBe("resubmit");
  });

  test("a blank reason reads as none", () => {
    expect(deriveLifecycle(item({ status: "REJECTED", rejectionReason: "  " }), []).reason).toBeNull();
  });
});

describe("deriveLifecycle: bill and payment", () => {
  test("approved with an open bill: approved, the payment still ahead", () => {
    const l = deriveLifecycle(approved(), [bill()]);
    expect(l.stage).toBe("approved");
    expect(l.bills).toBe(1);
    expect(l.steps.map((s) => s.state)).toEqual(["done", "current", "upcoming", "upcoming", "upcoming"]);
    expect(l.steps[1]!.date).toBe("2026-11-05T09:00:00.000Z");
  });

  test("approved without a decision date: the bill's date stands for it", () => {
    expect(deriveLifecycle(approved({ decidedAt: null }), [bill({ createdAt: "2026-11-06T00:00:00.000Z" })]).steps[1]!.date).toBe("2026-11-06T00:00:00.000Z");
  });

  test("payment pending, with its date", () => {
    const l = deriveLifecycle(approved(), [bill({ status: "PaymentPending", paymentPendingAt: "2026-11-10T09:00:00.000Z" })]);
    expect(l.stage).toBe("paymentPending");
    expect(l.label).toBe("Payment pending");
    expect(l.nextAction).toBe("wait");
    expect(l.steps.find((s) => s.stage === "paymentPending")).toEqual({ stage: "paymentPending", label: "Payment pending", date: "2026-11-10T09:00:00.000Z", state: "current" });
  });

  test("paid: the payment date and the amount in the payee's currency", () => {
    const l = deriveLifecycle(approved(), [bill({ status: "Paid", payments: [payment()] })]);
    expect(l.stage).toBe("paid");
    expect(l.label).toBe("Paid");
    expect(l.paid).toEqual({ date: "2026-11-20", amount: "123.45", currency: "USD" });
    expect(l.nextAction).toBe("none");
    expect(l.steps.find((s) => s.stage === "paid")).toMatchObject({ date: "2026-11-20", state: "current" });
    // Paid in another currency: what the employee got.
    const eur = deriveLifecycle(approved(), [bill({ status: "Paid", payments: [payment({ recipientAmount: 11300, recipientCurrency: "EUR" })] })]);
    expect(eur.paid).toEqual({ date: "2026-11-20", amount: "113.00", currency: "EUR" });
    // ISO 4217 digits: JPY has none.
    const jpy = deriveLifecycle(approved(), [bill({ status: "Paid", payments: [payment({ amount: 5000, currency: "JPY" })] })]);
    expect(jpy.paid).toEqual({ date: "2026-11-20", amount: "5000", currency: "JPY" });
  });

  test("recorded by hand (PaidPendingAudit) is paid; audited is the last step, with its date", () => {
    expect(deriveLifecycle(approved(), [bill({ status: "PaidPendingAudit", payments: [payment({ status: "PAID_PENDING_AUDIT" })] })]).stage).toBe("paid");
    const l = deriveLifecycle(approved(), [bill({ status: "PaidPendingAudit", audited: true, auditedAt: "2026-11-25T09:00:00.000Z", payments: [payment({ status: "PAID_PENDING_AUDIT" })] })]);
    expect(l.stage).toBe("audited");
    expect(l.label).toBe("Paid and audited");
    expect(l.paid).toEqual({ date: "2026-11-20", amount: "123.45", currency: "USD" });
    expect(l.steps.map((s) => s.state)).toEqual(["done", "done", "done", "done", "current"]);
    expect(l.steps.at(-1)!.date).toBe("2026-11-25T09:00:00.000Z");
    expect(l.steps.find((s) => s.stage === "paid")!.date).toBe("2026-11-20");
  });

  test("a paid bill whose sibling is not audited yet stays paid", () => {
    const paid = bill({ status: "Paid", payments: [payment()] });
    expect(deriveLifecycle(approved({ kind: "adhocCashSpend" }), [{ ...paid, audited: true }, paid]).stage).toBe("paid");
  });

  test("multi-bill (recurring instalments): some paid is partly paid, all paid is paid with the sum", () => {
    const cash = approved({ kind: "adhocCashSpend" });
    const first = bill({ status: "Paid", payments: [payment({ amount: 10000, paymentDate: "2026-11-20" })] });
    const second = bill({ status: "Open" });
    const partly = deriveLifecycle(cash, [first, second]);
    expect(partly.stage).toBe("partiallyPaid");
    expect(partly.label).toBe("Partly paid");
    expect(partly.paid).toEqual({ date: "2026-11-20", amount: "100.00", currency: "USD" });
    expect(partly.steps.map((s) => s.stage)).toEqual(["submitted", "approved", "paymentPending", "partiallyPaid", "paid", "audited"]);
    const all = deriveLifecycle(cash, [first, bill({ status: "Paid", payments: [payment({ amount: 10000, paymentDate: "2026-12-20" })] })]);
    expect(all.stage).toBe("paid");
    expect(all.paid).toEqual({ date: "2026-12-20", amount: "200.00", currency: "USD" });
    expect(all.bills).toBe(2);
  });

  test("voided: every bill void is cancelled with the void reason; a void bill beside a live one is ignored", () => {
    const l = deriveLifecycle(approved(), [bill({ status: "Void", voidReason: "Paid by the company card" })]);
    expect(l.stage).toBe("cancelled");
    expect(l.reason).toBe("Paid by the company card");
    expect(l.nextAction).toBe("contactFinance");
    expect(l.steps.map((s) => s.stage)).toEqual(["submitted", "approved", "cancelled"]);
    expect(l.bills).toBe(0);
    expect(deriveLifecycle(approved(), [bill({ status: "Void" }), bill({ status: "Paid", payments: [payment()] })]).stage).toBe("paid");
  });

  test("a payment the bank returned: payment pending again, with the bank's reason and check your bank details", () => {
    const returned = payment({ status: "RETURNED", returnReason: "AC04 Closed account", createdAt: "2026-11-21T00:00:00.000Z" });
    const l = deriveLifecycle(approved(), [bill({ status: "PaymentPending", payments: [returned] })]);
    expect(l.stage).toBe("paymentPending");
    expect(l.reason).toBe("AC04 Closed account");
    expect(l.nextAction).toBe("checkBankDetails");
    expect(l.paid).toBeNull();
    expect(deriveLifecycle(approved(), [bill({ status: "PaymentPending", payments: [{ ...returned, returnReason: null }] })]).reason).toBe(RETURNED_TEXT);
    // Paid again afterwards: paid, from the good payment only.
    const again = deriveLifecycle(approved(), [bill({ status: "Paid", payments: [returned, payment({ paymentDate: "2026-11-28", amount: 500 })] })]);
    expect(again.stage).toBe("paid");
    expect(again.reason).toBeNull();
    expect(again.paid).toEqual({ date: "2026-11-28", amount: "5.00", currency: "USD" });
  });

  test("a row stored as PAID before bills existed is paid (no date known); APPROVED without a bill is approved", () => {
    expect(deriveLifecycle(item({ status: "PAID" }), []).stage).toBe("paid");
    expect(deriveLifecycle(item({ status: "PAID" }), []).paid).toBeNull();
    expect(deriveLifecycle(item({ status: "APPROVED" }), []).stage).toBe("approved");
  });
});

describe("the stage list", () => {
  test("every stage has a display name that is not a code, and every stage is reachable", () => {
    for (const s of LIFECYCLE_STAGES) expect(LIFECYCLE_LABELS[s]).toMatch(/^[A-Z][a-z]+( [a-z]+)*$/);
    const seen = new Set<string>();
    const items = [item(), item({ status: "SUBMITTED_WITHOUT_RECEIPT" }), item({ status: "IN_PROCESS" }), item({ status: "REJECTED" }), item({ status: "CHANGE_REQUESTED" }), approved()];
    const bills = [[], [bill()], [bill({ status: "PaymentPending" })], [bill({ status: "Paid" }), bill()], [bill({ status: "Paid" })], [bill({ status: "Paid", audited: true })], [bill({ status: "Void" })]];
    for (const i of items) for (const b of bills) seen.add(lifecycleStageOf(i, b));
    expect([...seen].sort()).toEqual([...LIFECYCLE_STAGES].sort());
  });

  test("a bill on its own", () => {
    expect(billStageOf({ status: "Open", audited: false })).toBe("approved");
    expect(billStageOf({ status: "PaymentPending", audited: false })).toBe("paymentPending");
    expect(billStageOf({ status: "Paid", audited: false })).toBe("paid");
    expect(billStageOf({ status: "PaidPendingAudit", audited: true })).toBe("audited");
    expect(billStageOf({ status: "Void", audited: false })).toBe("cancelled");
  });
});
