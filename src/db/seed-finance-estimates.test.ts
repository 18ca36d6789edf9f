/**
 * Finance demo estimates (issue 16 "Estimate against actual"): on a database seeded with the wizard demo and
 * the whole finance demo month (accounts, approval, ad-hoc, bills), the demo moves have no cost estimate;
 * seedFinanceEstimatesDemo stores a CURRENT one per live acme and globex move through the estimate service,
 * after which finance.insights.estimateVsActual of the demo employee's move has estimate amounts beside
 * the approved spend of the demo bills; a second run stores nothing. The approval demo's items keep their
 * budget states after the demo bills (the bills book to the move's other budgets).
 */
import { beforeAll, describe, expect, test } from "bun:test";
import { listApprovalItems } from "../services/finance/approval-list.ts";
import { estimateVsActual } from "../services/finance/insights.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { DEMO, useTestDatabase } from "../test/fixtures.ts";
import { seedFinanceAccountsDemo } from "./seed-finance-accounts.ts";
import { seedFinanceAdhocDemo } from "./seed-finance-adhoc.ts";
import { seedFinanceApprovalDemo } from "./seed-finance-approval.ts";
import { seedFinanceBillsDemo } from "./seed-finance-bills.ts";
import { seedFinanceEstimatesDemo } from "./seed-finance-estimates.ts";

// The wizard demo, then the finance month up to its bills (src/db/seed.ts "demo-finance" without its last step).
const t = useTestDatabase({ wizardDemo: true });
beforeAll(async () => {
  await seedFinanceAccountsDemo(t.db);
  await seedFinanceApprovalDemo(t.db);
  await seedFinanceAdhocDemo(t.db);
  await seedFinanceBillsDemo(t.db);
}, 60_000);

async function userOf(email: string): Promise<SessionUser> {
  const u = await t.db.selectFrom("users").selectAll().where("email", "=", email).executeTakeFirstOrThrow();
  return { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: u.role as SessionUser["role"], groupId: u.group_id, groupName: null, groupDisplayName: null, termsAccepted: true };
}

describe("seedFinanceEstimatesDemo", () => {
  test("a current estimate per live demo move; estimate against actual shows estimate and approved amounts; idempotent", async () => {
    const liveMoves = await t.db
      .selectFrom("moves as m")
      .innerJoin("groups as g", "g.id", "m.group_id")
      .select(["m.id", "g.name"])
      .where("g.name", "in", ["acme", "globex"])
      .where("m.status", "in", ["open", "on_assignment"])
      .execute();
    const current = () => t.db.selectFrom("cost_estimates").select(["move_id"]).where("status", "=", "CURRENT").where("move_id", "in", liveMoves.map((m) => m.id)).execute();
    const before = await current();
    const written = await seedFinanceEstimatesDemo(t.db);
    expect(written).toBeGreaterThan(0);
    const after = await current();
    expect(after.length).toBe(before.length + written);
    expect(new Set(after.map((r) => r.move_id)).size).toBe(after.length);

    const finance = await userOf(DEMO.FINANCE);
    for (const group of ["acme", "globex"]) {
      const bill = await t.db.selectFrom("bills").select(["move_id"]).where("reference", "=", `DEMO-BM-${group.toUpperCase()}-01`).executeTakeFirstOrThrow();
      expect(after.some((r) => r.move_id === bill.move_id)).toBe(true);
      const out = await estimateVsActual(t.db, finance, { group, moveId: bill.move_id! });
      expect(out.costEstimateId).not.toBeNull();
      expect(out.rows.some((r) => r.estimate !== null && r.estimate > 0)).toBe(true);
      expect(out.rows.some((r) => r.approved > 0)).toBe(true);
      expect(out.totals.some((x) => x.estimate > 0 && x.approved > 0)).toBe(true);
    }
    // HR of the group sees the same estimate column on their move.
    const acmeBill = await t.db.selectFrom("bills").select(["move_id"]).where("reference", "=", "DEMO-BM-ACME-01").executeTakeFirstOrThrow();
    expect((await estimateVsActual(t.db, await userOf(DEMO.HR), { moveId: acmeBill.move_id! })).rows.some((r) => r.estimate !== null && r.estimate > 0)).toBe(true);

    expect(await seedFinanceEstimatesDemo(t.db)).toBe(0);
    expect((await current()).length).toBe(after.length);

    // The approval demo after the bills: within budget, over budget, out of policy and held items remain.
    const list = await listApprovalItems(t.db, finance, { search: "", sort: "date", dir: "desc", page: 1, pageSize: 100 });
    const demo = await t.db.selectFrom("expenses").select(["id", "request_id"]).where("request_id", "like", "demo-approval-%").execute();
    for (const group of ["Acme Corp", "Globex Inc"]) {
      const rows = list.rows.filter((r) => r.groupName === group && r.kind === "expense" && demo.some((d) => d.id === r.id));
      expect(rows.some((r) => r.budget.status === "ok" && !r.budget.overBudget)).toBe(true);
      expect(rows.some((r) => r.budget.overBudget)).toBe(true);
      expect(rows.some((r) => r.outOfPolicy)).toBe(true);
      expect(rows.some((r) => r.holdReason !== null)).toBe(true);
    }
    // On the demo employees' own moves (the bills' moves) too: the within-budget item is still within.
    for (const group of ["acme", "globex"]) {
      const within = demo.find((d) => d.request_id === `demo-approval-${group}-0-within`)!;
      const row = list.rows.find((r) => r.kind === "expense" && r.id === within.id)!;
      expect(row.budget.status).toBe("ok");
      expect(row.budget.overBudget).toBe(false);
    }
  });
});
