/**
 * Completed moves for published estimate accuracy (issue 26 "the demo data gives it enough completed moves to
 * mean something"). In acme, 24 moves over the last two years (one a month), each of a new demo employee
 * (accuracy.N@acme.test) on the same policy and route as employee@acme.test's move, completed: its CURRENT
 * cost estimate computed and stored the way HR's estimate page does (src/services/estimate/estimates.ts
 * `estimationView`, by acme's HR user), then the spend: per estimated service an expense in the estimate's
 * currency, stored as PAID (approved spend without a bill, as finance's estimate against actual counts it),
 * off the estimate by a realistic, deterministic error (most services within ±20 %, some well over, a few
 * not used at all). Idempotent: runs only when no accuracy.N@acme.test user exists.
 */
import type { DB } from "./index.ts";
import { AppError } from "../domain/errors.ts";
import { roundHalfUp } from "../domain/money/money.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { estimateMoveForCaller } from "../services/estimate/access.ts";
import { estimationView } from "../services/estimate/estimates.ts";

export const ACCURACY_DEMO_MOVES = 24;

/** Error of a service line, in per mille of the estimate (deterministic: the move's and the line's position). */
export function demoErrorPerMille(move: number, line: number): number | null {
  const k = (move * 7 + line * 13) % 20;
  if (k === 0) return null; // estimated, never used
  if (k < 11) return ((move * 31 + line * 17) % 401) - 200; // within ±20 %
  if (k < 17) return 150 + ((move * 11 + line * 29) % 300); // over by 15–45 %
  return -300 - ((move + line) % 200); // well under
}

type StoredItem = { serviceCode: string | null; stageId: number | null; custom?: boolean; amountPerYear?: number[] };
type StoredView = { displayCurrency?: string; sections?: { items?: StoredItem[] }[] };

async function hrOf(db: DB, email: string): Promise<SessionUser | null> {
  const u = await db.selectFrom("users").select(["id", "email", "first_name", "last_name", "role", "group_id"]).where("email", "=", email).executeTakeFirst();
  if (!u) return null;
  return { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: u.role, groupId: u.group_id, groupName: null, groupDisplayName: null, termsAccepted: true };
}

const FIRST = ["Ana", "Ben", "Chloé", "Dev", "Elif", "Farid", "Greta", "Hiro", "Ines", "Jonas", "Kemi", "Luca"];
const LAST = ["Okafor", "Lindqvist", "Moreau", "Patel", "Yilmaz", "Haddad", "Novak", "Tanaka", "Ferreira", "Berg", "Adeyemi", "Romano"];

/** Writes the accuracy demo (answers the number of moves written; 0 when present or when acme cannot estimate). */
export async function seedAccuracyDemo(db: DB, now = new Date()): Promise<number> {
  const existing = await db.selectFrom("users").select("id").where("email", "=", "accuracy.1@acme.test").executeTakeFirst();
  if (existing) return 0;
  const hr = await hrOf(db, "hr@acme.test");
  const template = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .selectAll("m")
    .where("u.email", "=", "employee@acme.test")
    .where("m.status", "!=", "draft")
    .orderBy("m.id")
    .executeTakeFirst();
  if (!hr || !template) return 0;
  let written = 0;
  for (let i = 0; i < ACCURACY_DEMO_MOVES; i++) {
    const at = new Date(now.getTime() - (i + 1) * 30 * 86_400_000);
    const iso = at.toISOString();
    const day = iso.slice(0, 10);
    const end = new Date(at.getTime() + 365 * 86_400_000).toISOString().slice(0, 10);
    const user = await db
      .insertInto("users")
      .values({
        email: `accuracy.${i + 1}@acme.test`,
        first_name: FIRST[i % FIRST.length]!,
        last_name: LAST[(i * 5) % LAST.length]!,
        role: "EMPLOYEE",
        group_id: template.group_id,
        is_sso_user: 0,
        activation_state: "ACTIVE",
        terms_accepted_at: iso,
        created_at: iso,
        updated_at: iso,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    const move = await db
      .insertInto("moves")
      .values({
        group_id: template.group_id,
        employee_user_id: user.id,
        policy_id: template.policy_id,
        policy_version_id: template.policy_version_id,
        status: "completed",
        created_at: iso,
        updated_at: iso,
        origin_country_code: template.origin_country_code,
        origin_state: template.origin_state,
        origin_city_id: template.origin_city_id,
        origin_city_name: template.origin_city_name,
        destination_country_code: template.destination_country_code,
        destination_state: template.destination_state,
        destination_city_id: template.destination_city_id,
        destination_city_name: template.destination_city_name,
        move_date: day,
        assignment_start_date: day,
        assignment_end_date: end,
        wizard_stage: 6,
        form_values: template.form_values,
        created_by: hr.id,
        initiated_at: iso,
        initiated_by: hr.id,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    let estimate: StoredView | null = null;
    try {
      const ref = { employeeId: user.id, moveId: move.id };
      const m = await estimateMoveForCaller(db, hr, ref, "write");
      await estimationView(db, { user: hr, ip: null }, m, { ...ref, estimationView: "CostEstimate", createIfNecessary: true, recalculateEstimationView: false });
      const row = await db.selectFrom("cost_estimates").select("result").where("move_id", "=", move.id).where("status", "=", "CURRENT").executeTakeFirst();
      estimate = row ? (JSON.parse(row.result) as StoredView) : null;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
    }
    const currency = estimate?.displayCurrency;
    if (!estimate || !currency) continue;
    const services = await db
      .selectFrom("policy_services")
      .select(["move_stage", "service_key", "budget_group"])
      .where("policy_version_id", "=", template.policy_version_id)
      .execute();
    const lines = (estimate.sections ?? []).flatMap((s) => s.items ?? []).filter((it) => !it.custom && it.serviceCode && it.stageId !== null);
    let n = 0;
    for (const [k, item] of lines.entries()) {
      const amount = (item.amountPerYear ?? []).reduce((a, b) => a + b, 0);
      const err = demoErrorPerMille(i, k);
      const service = services.find((s) => s.move_stage === item.stageId && s.service_key === item.serviceCode);
      if (amount <= 0 || err === null || !service) continue;
      const gross = Math.max(1, Number(roundHalfUp((amount * (1000 + err)) / 1000, 0)));
      const spentAt = new Date(at.getTime() + (k + 5) * 86_400_000).toISOString();
      await db
        .insertInto("expenses")
        .values({
          group_id: template.group_id,
          move_id: move.id,
          employee_user_id: user.id,
          service_key: item.serviceCode!,
          move_stage: item.stageId!,
          budget_group: service.budget_group,
          category: "FEES",
          description: "Relocation service (accuracy demo)",
          expense_date: spentAt.slice(0, 10),
          currency,
          net_amount: gross,
          tax_amount: 0,
          gross_amount: gross,
          status: "PAID",
          version: 2,
          created_at: spentAt,
          updated_at: spentAt,
        })
        .execute();
      n++;
    }
    if (n > 0) written++;
  }
  return written;
}
