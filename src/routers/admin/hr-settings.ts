
import {
  ZAddReasonRequest,
  ZExtensionReasonsView,
  ZReasonIdRequest,
  ZRenameReasonRequest,
  ZSetEnabledRequest,
} from "../../domain/admin/hr-settings/schemas.ts";
import {
  addExtensionReason,
  extensionReasons,
  removeExtensionReason,
  renameExtensionReason,
  setDefaultExtensionReason,
  setExtensionReasonEnabled,
} from "../../services/admin/hr-settings/extension-reasons.ts";
import { groupProcedure, router, sync } from "../../trpc.ts";

const actor = (ctx: { user: import("../../services/identity/auth.ts").SessionUser; ip: string | null }) => ({ user: ctx.user, ip: ctx.ip });

/**
 * HR settings: extension reasons (issue 15; part 2 §3, §5, §7, §8). Each procedure calls the same service
 * as its documented path (src/routers/admin/legacy/hr-settings.ts). Reads: HR of the group and ADMIN (the
 * extend-assignment popup lists the reasons); writes: ADMIN.
 */
export const hrSettingsRouter = router({
  /** GET /admin/group-options/json and extension-reason-enabled: the reasons and the flag. */
  extensionReasons: groupProcedure("HR", "ADMIN").output(sync(ZExtensionReasonsView)).query(({ ctx }) => extensionReasons(ctx.db, ctx.group)),

  /** POST /admin/group-options/json ADD. */
  addReason: groupProcedure("ADMIN")
    .input(sync(ZAddReasonRequest))
    .output(sync(ZExtensionReasonsView))
    .mutation(({ ctx, input }) => addExtensionReason(ctx.db, actor(ctx), ctx.group, input.optionValue)),

  /** POST /admin/group-options/json RENAME. */
  renameReason: groupProcedure("ADMIN")
    .input(sync(ZRenameReasonRequest))
    .output(sync(ZExtensionReasonsView))
    .mutation(({ ctx, input }) => renameExtensionReason(ctx.db, actor(ctx), ctx.group, input.reasonId, input.optionValue)),

  /** POST /admin/group-options/json REMOVE. */
  removeReason: groupProcedure("ADMIN")
    .input(sync(ZReasonIdRequest))
    .output(sync(ZExtensionReasonsView))
    .mutation(({ ctx, input }) => removeExtensionReason(ctx.db, actor(ctx), ctx.group, input.reasonId)),

  /** POST /admin/group-options/json DEFAULT. */
  setDefaultReason: groupProcedure("ADMIN")
    .input(sync(ZReasonIdRequest))
    .output(sync(ZExtensionReasonsView))
    .mutation(({ ctx, input }) => setDefaultExtensionReason(ctx.db, actor(ctx), ctx.group, input.reasonId)),

  /** POST /admin/hr-settings/extension-reason-enabled. */
  setExtensionReasonEnabled: groupProcedure("ADMIN")
    .input(sync(ZSetEnabledRequest))
    .output(sync(ZExtensionReasonsView))
    .mutation(({ ctx, input }) => setExtensionReasonEnabled(ctx.db, actor(ctx), ctx.group, input.enabled)),
});


