import { ZWelcomeAnswerRequest, ZWelcomeState, ZWelcomeStateRequest } from "../../domain/employee/welcome/schemas.ts";
import { answerWelcome, welcomeState } from "../../services/employee/welcome/popup.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/**
 * The welcome popup (issue 14; part 2 §2 the 3-stage welcome-call popup; part 1 §7 POST /mercer/popup).
 * Both procedures call the same service as the documented path (src/routers/employee/legacy/welcome.ts).
 * Employees only; the service also checks the move is the caller's own.
 */
export const welcomeRouter = router({
  /** The popup of the employee's open move: whether it shows, its stage, the consultant, interests and the request. Reads only. */
  state: roleProcedure("EMPLOYEE")
    .input(sync(ZWelcomeStateRequest))
    .output(sync(ZWelcomeState))
    .query(({ ctx, input }) => welcomeState({ db: ctx.db }, ctx.user, input)),

  /** POST /mercer/popup: records the stage reached, a dismissal or the welcome-call request; answers the new state. */
  answer: roleProcedure("EMPLOYEE")
    .input(sync(ZWelcomeAnswerRequest))
    .output(sync(ZWelcomeState))
    .mutation(({ ctx, input }) => answerWelcome({ db: ctx.db, ip: ctx.ip }, ctx.user, input)),
});
