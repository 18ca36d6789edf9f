/**
 * Cost estimates for the finance demo (issue 16 "Estimate against actual"): the demo moves had no cost
 * estimate, so finance.insights.estimateVsActual showed no estimate column. For every live move (open,
 * on assignment) of acme and globex, a CURRENT estimate is computed and stored the way HR's estimate page
 * does on its first load (src/services/estimate/estimates.ts `estimationView` with createIfNecessary:
 * the move's policy, salary, services and rates through the estimate engine; stage action ON_PAGE, audit
 * row), by the group's HR user after the same access checks (estimateMoveForCaller: the policy has an
 * estimate, the group's cost-estimate flag is on). A move that already has a current estimate is left as
 * it is (idempotent); a move the estimate service refuses (no estimate on its policy, flag off) is skipped.
 */
import type { DB } from "./index.ts";
import type { SessionUser } from "../services/identity/auth.ts";
import { estimateMoveForCaller } from "../services/estimate/access.ts";
import { estimationView } from "../services/estimate/estimates.ts";
import { AppError } from "../domain/errors.ts";

async function sessionUserOf(db: DB, email: string): Promise<SessionUser | null> {
  const u = await db.selectFrom("users").select(["id", "email", "first_name", "last_name", "role", "group_id"]).where("email", "=", email).executeTakeFirst();
  if (!u) return null;
  return { id: u.id, email: u.email, firstName: u.first_name, lastName: u.last_name, role: u.role as SessionUser["role"], groupId: u.group_id, groupName: null, groupDisplayName: null, termsAccepted: true };
}

/** Stores a first current estimate on each live demo move without one; answers how many it stored (0 on a second run). */
export async function seedFinanceEstimatesDemo(db: DB): Promise<number> {
  let written = 0;
  for (const groupName of ["acme", "globex"]) {
    const hr = await sessionUserOf(db, `hr@${groupName}.test`);
    if (!hr) continue;
    const moves = await db
      .selectFrom("moves as m")
      .innerJoin("groups as g", "g.id", "m.group_id")
      .select(["m.id", "m.employee_user_id"])
      .where("g.name", "=", groupName)
      .where("m.status", "in", ["open", "on_assignment"])
      .where((eb) => eb.not(eb.exists(eb.selectFrom("cost_estimates as c").select("c.id").whereRef("c.move_id", "=", "m.id").where("c.status", "=", "CURRENT"))))
      .orderBy("m.id")
      .execute();
    for (const m of moves) {
      let move;
      try {
        move = await estimateMoveForCaller(db, hr, { employeeId: m.employee_user_id, moveId: m.id }, "write");
      } catch (error) {
        if (error instanceof AppError) continue;
        throw error;
      }
      const r = await estimationView(db, { user: hr, ip: null }, move, { employeeId: m.employee_user_id, moveId: m.id, estimationView: "CostEstimate", createIfNecessary: true, recalculateEstimationView: false });
      if (r.exists && !r.existingEstimate) written++;
    }
  }
  return written;
}
