/**
 * The new-move wizard (part 1 §2 new-move, §4 wizard, §5, §7 wizard calls). Each procedure calls
 * the same service function as its legacy path in src/routers/moves/legacy/wizard.ts.
 */
import {
  ZEmployeePolicyServiceBenefitsRequest,
  ZEmployeePolicyServiceBenefitsResponse,
  ZPolicyOverridesResponse,
  ZStorePolicyOverridesRequest,
  ZStorePolicyOverridesResponse,
} from "../../../domain/moves/wizard/override-schemas.ts";
import {
  ZCancelNewEmployeeResponse,
  ZCompleteInitiationResponse,
  ZCountriesStatesResponse,
  ZCreateNewEmployeeRequest,
  ZCreateNewEmployeeResponse,
  ZInitiationFormRequest,
  ZInitiationFormResponse,
  ZInitiationSummaryRequest,
  ZInitiationSummaryResponse,
  ZMoveRef,
  ZMovesRequest,
  ZMovesResponse,
  ZPolicySelectFormRequest,
  ZPolicySelectFormResponse,
  ZPrefillRequest,
  ZPrefillResponse,
  ZSplashRequest,
  ZSplashResponse,
} from "../../../domain/moves/wizard/schemas.ts";
import { completeInitiation, initiationSummary } from "../../../services/moves/wizard/completion.ts";
import {
  cancelNewEmployee,
  countriesStates,
  createNewEmployee,
  initiationForm,
  policySelectForm,
  prefill,
  splash,
} from "../../../services/moves/wizard/initiation.ts";
import { moveForCaller, WIZARD_ROLES } from "../../../services/moves/wizard/access.ts";
import { listMoves } from "../../../services/moves/wizard/moves.ts";
import { EMPLOYEE_POLICY_READERS, employeePolicyServiceBenefits, policyOverrides, storePolicyOverrides } from "../../../services/moves/wizard/overrides.ts";
import { authedProcedure, groupProcedure, roleProcedure, router, sync, type Context } from "../../../trpc.ts";
import { mailDeps } from "../../identity/users.ts";
import { moveProcedure, wizardGroupProcedure } from "./procedures.ts";

const actorOf = (ctx: Context & { user: import("../../../services/identity/auth.ts").SessionUser }) => ({ user: ctx.user, ip: ctx.ip });
const wizardProcedure = roleProcedure(...WIZARD_ROLES);

export const wizardRouter = router({
  /** HR home: the group's moves. */
  moves: groupProcedure("HR", "MANAGER", "ADMIN")
    .input(sync(ZMovesRequest))
    .output(sync(ZMovesResponse))
    // Managers read it too, limited by their restrictions (restrictMoves).
    .query(({ ctx, input }) => listMoves(ctx.db, ctx.group, input, ctx.user)),
  /** GET /hr/json/getPolicySelectForm (stage 1). */
  policySelectForm: wizardGroupProcedure
    .input(sync(ZPolicySelectFormRequest))
    .output(sync(ZPolicySelectFormResponse))
    .query(({ ctx, input }) => policySelectForm(ctx.db, ctx.user, ctx.group, input)),
  /** GET /hr/json/getInitiationForm (stage 2). */
  initiationForm: wizardGroupProcedure
    .input(sync(ZInitiationFormRequest))
    .output(sync(ZInitiationFormResponse))
    .query(({ ctx, input }) => initiationForm(ctx.db, ctx.user, ctx.group, input)),
  /** GET /hr/json/getCountriesStates. */
  countriesStates: wizardProcedure.output(sync(ZCountriesStatesResponse)).query(({ ctx }) => countriesStates(ctx.db)),
  /** POST /hr/json/createNewEmployee (stage 2 save as draft or continue). */
  createNewEmployee: wizardGroupProcedure
    .input(sync(ZCreateNewEmployeeRequest))
    .output(sync(ZCreateNewEmployeeResponse))
    .mutation(({ ctx, input }) => createNewEmployee(ctx.db, actorOf(ctx), ctx.group, input)),
  /** POST /hr/json/cancelNewEmployee/{employeeId}/moveId/{moveId}. */
  cancelNewEmployee: moveProcedure
    .output(sync(ZCancelNewEmployeeResponse))
    .mutation(({ ctx }) => cancelNewEmployee(ctx.db, actorOf(ctx), ctx.move)),
  /** GET /hr/json/getPolicyOverrides (stage 3). */
  policyOverrides: moveProcedure.output(sync(ZPolicyOverridesResponse)).query(({ ctx }) => policyOverrides(ctx.db, ctx.user, ctx.move)),
  /** GET /hr/json/employeePolicyServiceBenefits. */
  employeePolicyServiceBenefits: roleProcedure(...EMPLOYEE_POLICY_READERS)
    .input(sync(ZEmployeePolicyServiceBenefitsRequest))
    .output(sync(ZEmployeePolicyServiceBenefitsResponse))
    .query(({ ctx, input }) => employeePolicyServiceBenefits(ctx.db, ctx.user, input)),
  /** POST /hr/json/storePolicyOverrides (stage 3 next). */
  storePolicyOverrides: wizardProcedure
    .input(sync(ZStorePolicyOverridesRequest))
    .output(sync(ZStorePolicyOverridesResponse))
    .mutation(async ({ ctx, input }) => {
      const move = await moveForCaller(ctx.db, ctx.user, input);
      return storePolicyOverrides(ctx.db, actorOf(ctx), move, input);
    }),
  /** GET /hr/json/getInitiationSummary (stage 5). */
  initiationSummary: wizardProcedure
    .input(sync(ZInitiationSummaryRequest))
    .output(sync(ZInitiationSummaryResponse))
    .query(async ({ ctx, input }) => {
      const move = await moveForCaller(ctx.db, ctx.user, input);
      return initiationSummary(ctx.db, ctx.user, move, input);
    }),
  /** POST /{group}/complete-initiation. */
  completeInitiation: wizardGroupProcedure
    .input(sync(ZMoveRef))
    .output(sync(ZCompleteInitiationResponse))
    .mutation(async ({ ctx, input }) => {
      const move = await moveForCaller(ctx.db, ctx.user, input);
      return completeInitiation(mailDeps(ctx), actorOf(ctx), ctx.group, move);
    }),
  /** GET /form/prefill. */
  prefill: wizardProcedure
    .input(sync(ZPrefillRequest))
    .output(sync(ZPrefillResponse))
    .query(({ ctx, input }) => prefill(ctx.db, ctx.user, input)),
  /** GET /splash/NEW_MOVE/CE_POLICY/specificSplash. */
  splash: authedProcedure
    .input(sync(ZSplashRequest))
    .output(sync(ZSplashResponse))
    .query(({ ctx, input }) => splash(ctx.db, ctx.user, input)),
});

