/**
 * Bill Approval demo data (issue 16): on a fresh seeded database, pending expenses (within budget, over
 * budget, out of policy, on hold), a booking cost and a lump sum for acme and globex, as the Bill Approval
 * list shows them; a second run writes nothing.
 */
import { describe, expect, test } from "bun:test";
import { listApprovalItems } from "../services/finance/approval-list.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { DEMO, useTestDatabase } from "../test/fixtures.ts";
import { seedFinanceApprovalDemo } from "./seed-finance-approval.ts";

const t = useTestDatabase({ wizardDemo: true });

describe("seedFinanceApprovalDemo", () => {
  test("pending items of every kind and state for both groups, idempotent", async () => {
    const written = await seedFinanceApprovalDemo(t.db);
    expect(written).toBeGreaterThanOrEqual(12);
    const u = await t.db.selectFrom("users").selectAll().where("email", "=", DEMO.FINANCE).executeTakeFirstOrThrow();
    const finance: SessionUser = { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: "FINANCE", groupId: null, groupName: null, groupDisplayName: null, termsAccepted: true };
    const list = await listApprovalItems(t.db, finance, { search: "", sort: "date", dir: "desc", page: 1, pageSize: 100 });
    const demo = await t.db.selectFrom("expenses").select(["id", "group_id", "hold_reason", "request_id"]).where("request_id", "like", "demo-approval-%").execute();
    for (const group of ["Acme Corp", "Globex Inc"]) {
      const rows = list.rows.filter((r) => r.groupName === group && (r.kind !== "expense" || demo.some((d) => d.id === r.id)));
      expect(rows.some((r) => r.kind === "expense" && r.budget.status === "ok" && !r.budget.overBudget)).toBe(true);
      expect(rows.some((r) => r.kind === "expense" && r.budget.overBudget)).toBe(true);
      expect(rows.some((r) => r.kind === "expense" && r.outOfPolicy && r.budget.status === "na")).toBe(true);
      expect(rows.some((r) => r.kind === "expense" && r.holdReason === "Info Requested - E'ee")).toBe(true);
      expect(rows.some((r) => r.kind === "bookingCost")).toBe(true);
      expect(rows.some((r) => r.kind === "lumpSum")).toBe(true);
    }
    expect(await seedFinanceApprovalDemo(t.db)).toBe(0);
  });
});
