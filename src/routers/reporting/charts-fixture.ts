/**
 * A fresh group for the chart tests (issue 26): an HR user, a manager who sees only their own moves (view OWN),
 * a policy, and rows dated in and out of 2026-01-01…2026-03-31 for every chart content, so each count is
 * known exactly: moves initiated (one the manager's, one not, one before the period, one draft), escalated and
 * exception incidents, booked and open vendor quotes, welcome call requests, approved, paid and rejected expenses.
 */
import type { DB } from "../../db/index.ts";
import { releasedVersionOf } from "../../services/moves/wizard/initiation-testing.ts";
import { insertTestUser } from "../../test/db.ts";

let seq = 0;
export const PERIOD = { start: "2026-01-01", end: "2026-03-31" } as const;

export async function seedChartGroup(db: DB) {
  const n = `${Date.now().toString(36)}${++seq}${Math.random().toString(36).slice(2, 6)}`;
  const now = new Date().toISOString();
  const group = await db.insertInto("groups").values({ name: `ch${n}`, display_name: `Charts ${n}`, status: "ACTIVE", created_at: now, updated_at: now }).returning(["id", "name"]).executeTakeFirstOrThrow();
  const hrEmail = `hr-${n}@charts.test`;
  const managerEmail = `mg-${n}@charts.test`;
  const hrId = await insertTestUser(db, { email: hrEmail, role: "HR", group: group.name });
  const managerId = await insertTestUser(db, { email: managerEmail, role: "MANAGER", group: group.name });
  await db.insertInto("manager_restrictions").values({ user_id: managerId, group_id: group.id, view_restriction: "OWN", updated_at: now }).execute();
  const policy = await db
    .insertInto("policies")
    .values({ group_id: group.id, name: `Charts policy ${n}`, move_type: "INTERNATIONAL", archetype: "LONG_TERM", created_at: now, updated_at: now } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  const version = await releasedVersionOf(db, "Global Long-Term Assignment");
  const service = await db.selectFrom("services").select(["key", "name"]).orderBy("key").executeTakeFirstOrThrow();
  const move = async (i: number, o: { initiated: string | null; to: string; from?: string; by: number; status?: "open" | "completed" | "draft" }) => {
    const employeeId = await insertTestUser(db, { email: `em${i}-${n}@charts.test`, role: "EMPLOYEE", group: group.name });
    const row = await db
      .insertInto("moves")
      .values({
        group_id: group.id, employee_user_id: employeeId, policy_id: policy.id, policy_version_id: version.versionId, status: o.status ?? "open",
        origin_country_code: o.from ?? "GB", destination_country_code: o.to, created_by: o.by, initiated_by: o.initiated ? o.by : null,
        initiated_at: o.initiated, created_at: now, updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { moveId: row.id, employeeId };
  };
  const mine = await move(1, { initiated: "2026-01-10T09:00:00.000Z", to: "DE", by: managerId });
  const other = await move(2, { initiated: "2026-02-05T09:00:00.000Z", to: "FR", by: hrId, status: "completed" });
  await move(3, { initiated: "2025-06-01T09:00:00.000Z", to: "DE", by: managerId });
  await move(4, { initiated: null, to: "DE", by: managerId, status: "draft" });

  const incident = (m: { moveId: number; employeeId: number }, o: { kind: "ESCALATION" | "EXCEPTION"; created: string; escalated: string | null }) => ({
    group_id: group.id, move_id: m.moveId, employee_user_id: m.employeeId, kind: o.kind, title: "Chart test", escalated: o.escalated ? 1 : 0, escalated_at: o.escalated,
    created_at: o.created, updated_at: o.created,
  });
  await db.insertInto("incidents").values([
    incident(mine, { kind: "ESCALATION", created: "2026-01-11T00:00:00.000Z", escalated: "2026-01-12T00:00:00.000Z" }),
    incident(other, { kind: "ESCALATION", created: "2026-02-11T00:00:00.000Z", escalated: "2026-02-12T00:00:00.000Z" }),
    incident(other, { kind: "ESCALATION", created: "2026-02-11T00:00:00.000Z", escalated: null }),
    incident(other, { kind: "EXCEPTION", created: "2026-03-01T00:00:00.000Z", escalated: null }),
    incident(mine, { kind: "EXCEPTION", created: "2024-03-01T00:00:00.000Z", escalated: null }),
  ]).execute();

  const quote = (m: { moveId: number }, status: string, bookedAt: string | null) => ({
    group_id: group.id, move_id: m.moveId, service_key: service.key, move_stage: 1, company_name: "Vendor", scope: "INTERNATIONAL", currency: "EUR", amount: 100000,
    valid_until: "2026-12-31", status, booked_at: bookedAt, created_at: now, updated_at: now,
  });
  await db.insertInto("supplier_quotes").values([quote(mine, "BOOKED", "2026-01-15T00:00:00.000Z"), quote(other, "OPEN", null)]).execute();

  const call = (m: { moveId: number; employeeId: number }, created: string) => ({
    group_id: group.id, move_id: m.moveId, user_id: m.employeeId, local_date: created.slice(0, 10), local_time: "10:00", time_zone: "UTC", scheduled_at: created, phone: "+44 20 0000 0000",
    status: "REQUESTED", created_at: created, updated_at: created,
  });
  await db.insertInto("welcome_call_requests").values([call(mine, "2026-01-20T00:00:00.000Z"), call(other, "2026-02-20T00:00:00.000Z")]).execute();

  const expense = (m: { moveId: number; employeeId: number }, o: { status: string; currency: string; gross: number; date: string }) => ({
    group_id: group.id, move_id: m.moveId, employee_user_id: m.employeeId, service_key: service.key, move_stage: 1, budget_group: 1, category: "Other", expense_date: o.date,
    currency: o.currency, net_amount: o.gross, tax_amount: 0, gross_amount: o.gross, status: o.status, created_at: now, updated_at: now,
  });
  await db.insertInto("expenses").values([
    expense(mine, { status: "APPROVED", currency: "EUR", gross: 12345, date: "2026-01-11" }),
    expense(other, { status: "PAID", currency: "USD", gross: 5000, date: "2026-02-11" }),
    expense(other, { status: "REJECTED", currency: "USD", gross: 999, date: "2026-02-12" }),
    expense(other, { status: "SUBMITTED", currency: "USD", gross: 777, date: "2026-02-13" }),
  ]).execute();
  return { group, hrEmail, managerEmail, hrId, managerId, policy, service };
}
