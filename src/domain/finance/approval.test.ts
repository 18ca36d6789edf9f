import { describe, expect, test } from "bun:test";
import fc from "fast-check";
import { approvalStep, blockedText, type ApprovalItem, type Confirmations } from "./approval.ts";
import { financeMessages as M } from "./messages.ts";

const base: ApprovalItem = { kind: "expense", decided: false, holdReason: null, remainingCheckInProgress: false, outOfPolicy: false, programmeType: "Standard" };

describe("approval flow order (§4)", () => {
  test("in policy, within budget: check out-of-budget, check over-budget, approve", () => {
    expect(approvalStep(base, { type: "approve" })).toEqual({ next: "checkOutOfBudget" });
    expect(approvalStep({ ...base, outOfBudget: false }, { type: "approve" })).toEqual({ next: "checkOverBudget" });
    expect(approvalStep({ ...base, outOfBudget: false, overBudget: false }, { type: "approve" })).toEqual({ next: "approve" });
  });
  test("out of policy is confirmed first, before any budget check", () => {
    const item = { ...base, outOfPolicy: true, outOfBudget: true, overBudget: true, programmeType: "ManagedBudget" };
    expect(approvalStep(item, { type: "approve" })).toEqual({ next: "confirmOutOfPolicy" });
    expect(approvalStep(item, { type: "approve", confirmations: { outOfPolicy: true } })).toEqual({ next: "confirmOutOfBudget" });
    expect(approvalStep(item, { type: "approve", confirmations: { outOfPolicy: true, outOfBudget: true } })).toEqual({ next: "confirmOverBudget" });
    expect(approvalStep(item, { type: "approve", confirmations: { outOfPolicy: true, outOfBudget: true, overBudget: true } })).toEqual({ next: "approve" });
  });
  test("only ManagedBudget programmes confirm out of budget", () => {
    expect(approvalStep({ ...base, outOfBudget: true, overBudget: false }, { type: "approve" })).toEqual({ next: "approve" });
    expect(approvalStep({ ...base, programmeType: "ManagedBudget", outOfBudget: true, overBudget: false }, { type: "approve" })).toEqual({ next: "confirmOutOfBudget" });
  });
  test("over budget confirm carries the new total spend", () => {
    expect(approvalStep({ ...base, outOfBudget: false, overBudget: true, newTotalSpend: 120000 }, { type: "approve" })).toEqual({ next: "confirmOverBudget", newTotalSpend: 120000 });
  });
  test("property: approve is reached only with every needed confirmation, in order", () => {
    fc.assert(
      fc.property(
        fc.record({ outOfPolicy: fc.boolean(), outOfBudget: fc.boolean(), overBudget: fc.boolean(), managed: fc.boolean() }),
        fc.record({ outOfPolicy: fc.boolean(), outOfBudget: fc.boolean(), overBudget: fc.boolean() }),
        (f, c: Confirmations) => {
          const item = { ...base, outOfPolicy: f.outOfPolicy, outOfBudget: f.outOfBudget, overBudget: f.overBudget, programmeType: f.managed ? "ManagedBudget" : "Other" };
          const step = approvalStep(item, { type: "approve", confirmations: c });
          const needPolicy = f.outOfPolicy && !c.outOfPolicy;
          const needBudget = f.outOfBudget && f.managed && !c.outOfBudget;
          const needOver = f.overBudget && !c.overBudget;
          if (needPolicy) expect(step.next).toBe("confirmOutOfPolicy");
          else if (needBudget) expect(step.next).toBe("confirmOutOfBudget");
          else if (needOver) expect(step.next).toBe("confirmOverBudget");
          else expect(step.next).toBe("approve");
        },
      ),
    );
  });
});

describe("blocked actions (§4, §8)", () => {
  test("remaining check in progress blocks approve, reject and request-change with the spec texts", () => {
    const item = { ...base, kind: "bookingCost" as const, remainingCheckInProgress: true };
    expect(approvalStep(item, { type: "approve" })).toEqual({ next: "refused", message: "This booking cost cannot be approved, because remaining check is in progress" });
    expect(approvalStep(item, { type: "reject", rejectionId: 1 })).toEqual({ next: "refused", message: "This booking cost cannot be rejected, because remaining check is in progress" });
    expect(approvalStep(item, { type: "requestChange", reason: "x" })).toEqual({ next: "refused", message: "This booking cost cannot be requested for change, because remaining check is in progress" });
  });
  test("held items cannot be approved, rejected or changed", () => {
    const item: ApprovalItem = { ...base, holdReason: "Info Requested - E'ee", outOfBudget: false, overBudget: false };
    expect(approvalStep(item, { type: "approve" })).toEqual({ next: "refused", message: "This expense cannot be approved, because it is on hold" });
    expect(approvalStep(item, { type: "reject", rejectionId: 1 })).toEqual({ next: "refused", message: "This expense cannot be rejected, because it is on hold" });
    expect(approvalStep(item, { type: "requestChange", reason: "x" })).toEqual({ next: "refused", message: "This expense cannot be requested for change, because it is on hold" });
    expect(approvalStep(item, { type: "unhold" })).toEqual({ next: "unhold" });
    expect(approvalStep(item, { type: "hold", reason: "Exception Requested" })).toEqual({ next: "refused", message: M.billOnHold });
  });
  test("lump sums and cash spends follow the same pattern", () => {
    expect(blockedText("lumpSum", "approve", "onHold")).toBe("This lump sum cannot be approved, because it is on hold");
    expect(blockedText("adhocCashSpend", "reject", "remainingCheck")).toBe("This cash spend cannot be rejected, because remaining check is in progress");
  });
});

describe("reject, request change, hold (§4, §5)", () => {
  test("rejection needs a reason", () => {
    expect(approvalStep(base, { type: "reject" })).toEqual({ next: "refused", message: "It is mandatory to select a rejection reason", field: "rejectionId" });
    expect(approvalStep(base, { type: "reject", rejectionId: 4 })).toEqual({ next: "reject" });
    expect(approvalStep(base, { type: "reject", rejectionId: 4, rejectionReason: "x".repeat(251) }).next).toBe("refused");
  });
  test("request change needs a reason", () => {
    expect(approvalStep(base, { type: "requestChange", reason: " " }).next).toBe("refused");
    expect(approvalStep(base, { type: "requestChange", reason: "Wrong amount" })).toEqual({ next: "requestChange" });
  });
  test("hold needs one of the four reasons; unhold needs a hold", () => {
    expect(approvalStep(base, { type: "hold" })).toEqual({ next: "refused", message: M.holdReasonRequired, field: "holdReason" });
    expect(approvalStep(base, { type: "hold", reason: "Info Requested - Vendor" })).toEqual({ next: "hold", reason: "Info Requested - Vendor" });
    expect(approvalStep(base, { type: "unhold" })).toEqual({ next: "refused", message: M.billNotOnHold });
  });
  test("a decided item accepts nothing", () => {
    expect(approvalStep({ ...base, decided: true }, { type: "approve" })).toEqual({ next: "refused", message: M.approvalItemDone });
  });
});
