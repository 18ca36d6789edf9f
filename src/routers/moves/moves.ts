/**
 * Moves seen by HR after initiation: the move page (the spec's employee file summary,
 * `/{group}/employeefile/summaryView`). Later areas (files, budgets, expenses, tasks) add their
 * reads here or in their own routers and their panels to that page.
 */
import { ZMoveFileRequest, ZMoveFileResponse } from "../../domain/moves/move-file.ts";
import { moveFile } from "../../services/moves/move-file.ts";
import { WIZARD_ROLES } from "../../services/moves/wizard/access.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

export const movesRouter = router({
  /** The HR move page: person, move, policy version, estimate, overrides, audit timeline. */
  file: groupProcedure(...WIZARD_ROLES)
    .input(sync(ZMoveFileRequest))
    .output(sync(ZMoveFileResponse))
    .query(({ ctx, input }) => moveFile(ctx.db, ctx.user, ctx.group, input)),
});
