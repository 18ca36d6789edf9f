/**
 * Ad-hoc demo data (issue 16): on a fresh seeded database with the wizard demo, the demo charges (one a
 * CashAllowanceRecurring with a 6-month schedule summing to its gross) as SUBMITTED adhocCashSpend items
 * created by the CRM agent, and two APPROVED external spends decided by the groups' HR, each with its
 * audit row; a second run writes nothing.
 */
import { describe, expect, test } from "bun:test";
import { useTestDatabase } from "../test/fixtures.ts";
import { DEMO_ADHOC_CHARGES, DEMO_EXTERNAL_SPENDS, seedFinanceAdhocDemo } from "./seed-finance-adhoc.ts";

const t = useTestDatabase({ wizardDemo: true });

describe("seedFinanceAdhocDemo", () => {
  test("charges with a 6-month schedule and two external spends for acme and globex, idempotent", async () => {
    const now = new Date("2026-11-26T08:00:00Z");
    expect(await seedFinanceAdhocDemo(t.db, now)).toBe(DEMO_ADHOC_CHARGES.length + DEMO_EXTERNAL_SPENDS.length);
    const items = await t.db
      .selectFrom("finance_items as i")
      .innerJoin("groups as g", "g.id", "i.group_id")
      .select(["i.id", "i.kind", "i.adhoc_type", "i.status", "i.gross_amount", "i.request_id", "i.decided_by", "g.name"])
      .where((eb) => eb.or([eb("i.request_id", "like", "demo-adhoc-%"), eb("i.request_id", "like", "demo-external-%")]))
      .orderBy("i.id")
      .execute();
    expect(items.filter((i) => i.kind === "adhocCashSpend").length).toBe(DEMO_ADHOC_CHARGES.length);
    expect(items.filter((i) => i.kind === "adhocCashSpend").every((i) => i.status === "SUBMITTED")).toBe(true);
    const spends = items.filter((i) => i.kind === "externalSpend");
    expect(spends.map((s) => s.name).sort()).toEqual(["acme", "globex"]);
    expect(spends.every((s) => s.status === "APPROVED" && s.decided_by !== null)).toBe(true);
    const recurring = items.find((i) => i.adhoc_type === "CashAllowanceRecurring")!;
    const schedule = await t.db.selectFrom("finance_recurring_payments").select(["amount", "due_date"]).where("item_id", "=", recurring.id).orderBy("seq").execute();
    expect(schedule.length).toBe(6);
    expect(schedule.reduce((s, r) => s + r.amount, 0)).toBe(recurring.gross_amount);
    expect(schedule[0]!.due_date).toBe("2026-12-01");
    expect(schedule[5]!.due_date).toBe("2027-05-01");
    for (const i of items) {
      const audit = await t.db.selectFrom("audit_log").select("action").where("entity", "=", "finance_item").where("entity_id", "=", String(i.id)).execute();
      expect(audit.length).toBe(1);
    }
    expect(await seedFinanceAdhocDemo(t.db, now)).toBe(0);
    expect((await t.db.selectFrom("finance_items").select("id").where((eb) => eb.or([eb("request_id", "like", "demo-adhoc-%"), eb("request_id", "like", "demo-external-%")])).execute()).length).toBe(items.length);
  });
});
