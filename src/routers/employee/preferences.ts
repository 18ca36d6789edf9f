import {
  ZSaveUserPropertyRequest,
  ZSaveUserPropertyResponse,
  ZTooltipRequest,
  ZTooltipResponse,
  ZUserPropertiesResponse,
  ZXlateMsgRequest,
  ZXlateMsgResponse,
} from "../../domain/employee/preferences/schemas.ts";
import { findTooltip, findXlateMsg, listUserProperties, saveUserProperty } from "../../services/employee/preferences.ts";
import { authedProcedure, router, sync } from "../../trpc.ts";

/** The signed-in user's saved UI properties, tooltips and single translations (part 2 §7). */
export const preferencesRouter = router({
  /** POST /user/saveUserProperty. */
  saveUserProperty: authedProcedure
    .input(sync(ZSaveUserPropertyRequest))
    .output(sync(ZSaveUserPropertyResponse))
    .mutation(({ ctx, input }) => saveUserProperty(ctx.db, ctx.user, input)),

  /** Every property the user saved. */
  userProperties: authedProcedure.output(sync(ZUserPropertiesResponse)).query(({ ctx }) => listUserProperties(ctx.db, ctx.user)),

  /** GET /json/get/tooltip. */
  tooltip: authedProcedure
    .input(sync(ZTooltipRequest))
    .output(sync(ZTooltipResponse))
    .query(({ ctx, input }) => findTooltip(ctx.db, ctx.user, input)),

  /** GET /json/get/xlateMsg. */
  xlateMsg: authedProcedure
    .input(sync(ZXlateMsgRequest))
    .output(sync(ZXlateMsgResponse))
    .query(({ ctx, input }) => findXlateMsg(ctx.db, ctx.user, input)),
});
