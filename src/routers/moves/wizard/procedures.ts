import { ZMoveRef } from "../../../domain/moves/wizard/schemas.ts";
import { moveForCaller, WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import { groupProcedure, roleProcedure, sync } from "../../../trpc.ts";

/** Group-scoped wizard procedures: input `{ group }`; HR of the group or ADMIN. */
export const wizardGroupProcedure = groupProcedure(...WIZARD_ROLES);

/**
 * Move-scoped wizard procedures: input `{ employeeId, moveId }` (merged with the procedure's own
 * input); `ctx.move` is the move after the role and group check (the role before the input is parsed).
 */
export const moveProcedure = roleProcedure(...WIZARD_ROLES).input(sync(ZMoveRef)).use(async ({ ctx, input, next }) => {
  const move = await moveForCaller(ctx.db, ctx.user, input);
  return next({ ctx: { ...ctx, move } });
});
