/**
 * Demo ad-hoc charges and external spends (issue 16 "Demo data"): for acme, a one-off cash allowance and a
 * CashAllowanceRecurring housing allowance with a 6-month schedule (from the first of next month) on the demo
 * employee's move, and a cash lump sum on Mei Tanaka's; for globex a cash allowance; two external spends
 * (acme and globex) against a service of the move. Created through the services as the CRM agent and the
 * groups' HR would (audit rows, lock periods respected), each with a fixed idempotency key, so running it
 * again answers the stored results and writes nothing (idempotent). Runs after the wizard demo (it needs
 * its moves) and after the accounts and approval demos; a missing move is skipped.
 */
import { findUserById } from "./queries/identity/users.ts";
import type { DB } from "./index.ts";
import { toSessionUser } from "../services/identity/auth.ts";
import { createCharge } from "../services/finance/adhoc.ts";
import { createExternalSpend } from "../services/finance/external-spend.ts";
import { findMoveServiceOptions } from "./queries/finance/adhoc.ts";
import { buildSchedule } from "../domain/finance/recurring.ts";
import { toMajorString } from "../domain/money/money.ts";
import type { AdhocType } from "../domain/finance/schemas-adhoc.ts";

type DemoCharge = { key: string; group: string; employee: string; adhocType: AdhocType; currency: string; amount: string; notes: string; months?: number };
type DemoSpend = { key: string; group: string; employee: string; by: string; vendorName: string; description: string; currency: string; gross: string };

export const DEMO_ADHOC_CHARGES: DemoCharge[] = [
  { key: "demo-adhoc-acme-1", group: "acme", employee: "employee@acme.test", adhocType: "CashAllowance", currency: "EUR", amount: "750.00", notes: "Settling-in allowance" },
  { key: "demo-adhoc-acme-2", group: "acme", employee: "employee@acme.test", adhocType: "CashAllowanceRecurring", currency: "EUR", amount: "9000.00", notes: "Monthly housing allowance", months: 6 },
  { key: "demo-adhoc-acme-3", group: "acme", employee: "mei.tanaka@acme.test", adhocType: "CashLumpSum", currency: "GBP", amount: "2500.00", notes: "Relocation lump sum" },
  { key: "demo-adhoc-globex-1", group: "globex", employee: "employee@globex.test", adhocType: "CashAllowance", currency: "EUR", amount: "400.00", notes: "Home-finding trip per diem" },
];

export const DEMO_EXTERNAL_SPENDS: DemoSpend[] = [
  { key: "demo-external-acme-1", group: "acme", employee: "employee@acme.test", by: "hr@acme.test", vendorName: "City Storage Ltd", description: "Storage paid on the company card", currency: "EUR", gross: "320.00" },
  { key: "demo-external-globex-1", group: "globex", employee: "employee@globex.test", by: "hr@globex.test", vendorName: "Berlin Language School", description: "Language lessons invoiced to the client", currency: "EUR", gross: "480.00" },
];

const CRM = "crm@meridian.test";

async function actorOf(db: DB, email: string) {
  const row = await db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  const user = row ? await findUserById(db, row.id) : undefined;
  return user ? { user: toSessionUser(user), ip: null } : null;
}

async function moveOf(db: DB, email: string) {
  return db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .select(["m.id", "m.policy_version_id"])
    .where("u.email", "=", email)
    .where("m.status", "in", ["open", "on_assignment"])
    .orderBy("m.id", "desc")
    .executeTakeFirst();
}

/** The first of next month (YYYY-MM-DD), so the schedule never falls inside a lock period. */
function firstOfNextMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString().slice(0, 10);
}

/** Writes the demo charges and spends; answers how many were created now (0 on a second run). */
export async function seedFinanceAdhocDemo(db: DB, now = new Date()): Promise<number> {
  let written = 0;
  const today = now.toISOString().slice(0, 10);
  const crm = await actorOf(db, CRM);
  if (!crm) return 0;
  for (const c of DEMO_ADHOC_CHARGES) {
    const move = await moveOf(db, c.employee);
    if (!move) continue;
    const existed = await db.selectFrom("finance_items").select("id").where("created_by", "=", crm.user.id).where("request_id", "=", c.key).executeTakeFirst();
    let recurring = null;
    if (c.months) {
      const built = buildSchedule({ gross: c.amount, currency: c.currency, count: c.months, unit: "months", firstDueDate: firstOfNextMonth(now) });
      if (!("schedule" in built)) continue;
      recurring = { unit: "months" as const, count: c.months, firstDueDate: firstOfNextMonth(now), payments: built.schedule.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })) };
    }
    if (existed) continue;
    await createCharge(db, crm, { group: c.group, moveId: move.id, adhocType: c.adhocType, currency: c.currency, amount: c.amount, chargeDate: today, internalRef: c.key.toUpperCase(), externalRef: "", notes: c.notes, recurring, idempotencyKey: c.key }, now);
    written++;
  }
  for (const s of DEMO_EXTERNAL_SPENDS) {
    const by = await actorOf(db, s.by);
    const move = await moveOf(db, s.employee);
    if (!by || !move) continue;
    const existed = await db.selectFrom("finance_items").select("id").where("created_by", "=", by.user.id).where("request_id", "=", s.key).executeTakeFirst();
    if (existed) continue;
    const { services } = await findMoveServiceOptions(db, move.policy_version_id);
    const service = services[0];
    if (!service) continue;
    await createExternalSpend(
      db,
      by,
      { group: s.group, moveId: move.id, moveStage: service.move_stage, serviceKey: service.service_key, vendorName: s.vendorName, description: s.description, currency: s.currency, gross: s.gross, spendDate: today, externalRef: "", notes: "", idempotencyKey: s.key },
      now,
    );
    written++;
  }
  return written;
}
