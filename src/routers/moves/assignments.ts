import { ZActionsResponse, ZEmployeesView, ZEndRequest, ZExtendRequest } from "../../domain/moves/assignments/schemas.ts";
import { assignmentEmployees, endAssignments, extendAssignments } from "../../services/moves/assignments/assignments.ts";
import type { SessionUser } from "../../services/identity/auth.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const actor = (ctx: { user: SessionUser; ip: string | null }) => ({ user: ctx.user, ip: ctx.ip });

/**
 * Extend and end assignments (issue 15; part 1 §2, §4, §5, §7, §8). Each mutation calls the same service as its
 * documented path (src/routers/moves/legacy/assignments.ts). HR of the group, ADMIN, and managers of the group with
 * creation CREATE (the service checks it); a manager only reaches employees inside their restrictions.
 */
export const assignmentsRouter = router({
  /** The HR employee table (§2): the group's employees, eligibility, whether the caller may act, the extension reasons. */
  employees: groupProcedure("HR", "MANAGER", "ADMIN").output(sync(ZEmployeesView)).query(({ ctx }) => assignmentEmployees(ctx.db, ctx.user, ctx.group)),

  /** POST /hr/json/extend-employee-assignments. */
  extend: groupProcedure("HR", "MANAGER", "ADMIN")
    .input(sync(ZExtendRequest))
    .output(sync(ZActionsResponse))
    .mutation(({ ctx, input }) => extendAssignments(ctx.db, actor(ctx), ctx.group, input.actions)),

  /** POST /hr/json/repatriate-employees. */
  repatriate: groupProcedure("HR", "MANAGER", "ADMIN")
    .input(sync(ZEndRequest))
    .output(sync(ZActionsResponse))
    .mutation(({ ctx, input }) => endAssignments(ctx.db, actor(ctx), ctx.group, input.actions)),
});
