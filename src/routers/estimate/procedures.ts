import { ZMoveRef } from "../../domain/moves/wizard/schemas.ts";
import { ESTIMATE_READ_ROLES, ESTIMATE_WRITE_ROLES, estimateMoveForCaller } from "../../services/estimate/access.ts";
import { roleProcedure, sync } from "../../trpc.ts";

/**
 * Move-scoped estimate procedures: input `{ employeeId, moveId }` (merged with the procedure's
 * own input); `ctx.move` is the move after the role, group, policy and group-flag checks.
 */
export const estimateMoveProcedure = roleProcedure(...ESTIMATE_WRITE_ROLES).input(sync(ZMoveRef)).use(async ({ ctx, input, next }) => {
  const move = await estimateMoveForCaller(ctx.db, ctx.user, input, "write");
  return next({ ctx: { ...ctx, move } });
});

/** The same for reads CRM agents may also make (history versions, export). */
export const estimateReadProcedure = roleProcedure(...ESTIMATE_READ_ROLES).input(sync(ZMoveRef)).use(async ({ ctx, input, next }) => {
  const move = await estimateMoveForCaller(ctx.db, ctx.user, input, "read");
  return next({ ctx: { ...ctx, move } });
});
