/**
 * Demo data for extend and end assignments (issue 15): acme keeps at least three employees the actions popup
 * can act on (three-stage policy, stage 2, open or on assignment, an assignment end date): Mei Tanaka from the
 * wizard demo, plus Ravi Patel and Hannah Schulz, whose moves are copies of Mei's (same policy version, dates and
 * route) at stage 2 with their own end dates. Idempotent: users by e-mail (on conflict do nothing), a move only
 * for a new employee without one. Runs after the wizard demo (it needs Mei's move); without it, nothing.
 */
import type { DB } from "./index.ts";

const TEMPLATE_EMAIL = "mei.tanaka@acme.test";
/** The two employees added beside Mei (tests count the demo moves with them). */
export const ASSIGNMENT_DEMO_EMPLOYEES = [
  { email: "ravi.patel@acme.test", firstName: "Ravi", lastName: "Patel", status: "on_assignment" as const, endDate: "2029-06-30" },
  { email: "hannah.schulz@acme.test", firstName: "Hannah", lastName: "Schulz", status: "on_assignment" as const, endDate: "2029-09-15" },
];

export async function seedAssignmentsDemo(db: DB, now = new Date()): Promise<number> {
  const at = now.toISOString();
  const template = await db
    .selectFrom("moves as m")
    .innerJoin("users as u", "u.id", "m.employee_user_id")
    .selectAll("m")
    .select(["u.password_hash"])
    .where("u.email", "=", TEMPLATE_EMAIL)
    .orderBy("m.id", "desc")
    .executeTakeFirst();
  if (!template) return 0;
  let added = 0;
  for (const e of ASSIGNMENT_DEMO_EMPLOYEES) {
    await db
      .insertInto("users")
      .values({ email: e.email, first_name: e.firstName, last_name: e.lastName, role: "EMPLOYEE", group_id: template.group_id, password_hash: template.password_hash, is_sso_user: 0, terms_accepted_at: at, terms_version: "1", activation_state: "ACTIVE", created_at: at, updated_at: at })
      .onConflict((oc) => oc.column("email").doNothing())
      .execute();
    const user = await db.selectFrom("users").select("id").where("email", "=", e.email).executeTakeFirstOrThrow();
    const has = await db.selectFrom("moves").select("id").where("employee_user_id", "=", user.id).executeTakeFirst();
    if (has) continue;
    const { id: _id, password_hash: _hash, ...move } = template;
    await db
      .insertInto("moves")
      .values({ ...move, employee_user_id: user.id, status: e.status, current_move_stage: 2, assignment_end_date: e.endDate, updated_at: at, created_by: null })
      .execute();
    added++;
  }
  return added;
}
