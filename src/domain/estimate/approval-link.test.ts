import { describe, expect, test } from "bun:test";
import { approvalStateOf, isUndecided, wholeAmount, ZDecideApprovalRequest, APPROVAL_COMMENT_MAX, approvalLinkMessages } from "./approval-link.ts";

const row = { is_approved: 0, approver_name: null, approval_date: null, approval_decision: null, approval_comment: null, approval_decided_at: null, approval_decided_by: null };
const sent = { sentAt: "2026-11-20T10:00:00.000Z", sentTo: "ada@acme.test" };

describe("approvalStateOf (issue 13 item 6)", () => {
  test("never sent, then pending since sent", () => {
    expect(approvalStateOf(row, null)).toEqual({ state: "NONE", comment: null, decidedAt: null, decidedBy: null, sentAt: null, sentTo: null });
    expect(approvalStateOf(row, sent)).toMatchObject({ state: "PENDING", sentAt: sent.sentAt, sentTo: sent.sentTo });
  });

  test("the approver's decision wins over an approval recorded before it", () => {
    const rejected = { ...row, is_approved: 1, approver_name: "Grace", approval_date: "2026-11-01", approval_decision: "REJECTED", approval_comment: "Too high", approval_decided_at: "2026-11-21T09:00:00.000Z", approval_decided_by: "ada@acme.test" };
    expect(approvalStateOf(rejected, sent)).toMatchObject({ state: "REJECTED", comment: "Too high", decidedBy: "ada@acme.test", decidedAt: "2026-11-21T09:00:00.000Z" });
    expect(approvalStateOf({ ...rejected, approval_decision: "APPROVED", approval_comment: null }, sent)).toMatchObject({ state: "APPROVED", decidedBy: "ada@acme.test" });
  });

  test("an approval an administrator recorded reads as approved by its name and date", () => {
    expect(approvalStateOf({ ...row, is_approved: 1, approver_name: "Grace", approval_date: "2026-11-01" }, null)).toMatchObject({ state: "APPROVED", decidedBy: "Grace", decidedAt: "2026-11-01" });
  });

  test("only a version without the approver's decision takes one", () => {
    expect(isUndecided({ approval_decision: null })).toBe(true);
    expect(isUndecided({ approval_decision: "REJECTED" })).toBe(false);
  });
});

describe("the decision's input", () => {
  test("a comment is required to reject, optional to approve, and bounded", () => {
    const token = "t".repeat(43);
    expect(ZDecideApprovalRequest.safeParse({ token, decision: "APPROVED" }).success).toBe(true);
    const missing = ZDecideApprovalRequest.safeParse({ token, decision: "REJECTED", comment: "  " });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]).toMatchObject({ path: ["comment"], message: approvalLinkMessages.commentRequired });
    expect(ZDecideApprovalRequest.safeParse({ token, decision: "REJECTED", comment: "x".repeat(APPROVAL_COMMENT_MAX) }).success).toBe(true);
    expect(ZDecideApprovalRequest.safeParse({ token, decision: "REJECTED", comment: "x".repeat(APPROVAL_COMMENT_MAX + 1) }).success).toBe(false);
    expect(ZDecideApprovalRequest.safeParse({ token: "", decision: "APPROVED" }).success).toBe(false);
    expect(ZDecideApprovalRequest.safeParse({ token: "t".repeat(101), decision: "APPROVED" }).success).toBe(false);
    expect(ZDecideApprovalRequest.safeParse({ token, decision: "MAYBE" }).success).toBe(false);
  });
});

describe("wholeAmount", () => {
  test("whole units with separators (part 1 §9), JPY without decimals, negatives kept", () => {
    expect(wholeAmount(1_234_567_89, "USD")).toBe("USD 1,234,568");
    expect(wholeAmount(1_250_000, "JPY")).toBe("JPY 1,250,000");
    expect(wholeAmount(-150_050, "EUR")).toBe("EUR -1,501");
  });
});
