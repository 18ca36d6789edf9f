import { ZSsoGetSettingsRequest, ZSsoSaveSettingsRequest, ZSsoSaveSettingsResponse, ZSsoSettingsResponse } from "../../domain/identity/sso/schemas.ts";
import { ssoMessages } from "../../domain/identity/sso/messages.ts";
import { getSsoSettings, saveSsoSettings, ssoGroupNamed } from "../../services/identity/sso.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

/**
 * Per-group single sign-on settings (platform admins only; any group). The sign-in flow itself is
 * GET /sso/start and GET /sso/callback (src/routers/identity/legacy/sso.ts).
 */
export const ssoRouter = router({
  /** The group's settings; the client secret is never returned, only `hasClientSecret`. */
  getSettings: roleProcedure("ADMIN")
    .input(sync(ZSsoGetSettingsRequest))
    .output(sync(ZSsoSettingsResponse))
    .query(async ({ ctx, input }) => getSsoSettings(ctx.db, await ssoGroupNamed(ctx.db, input.group))),

  /** Creates or replaces the group's settings (an empty secret keeps the stored one); audited. */
  saveSettings: roleProcedure("ADMIN")
    .input(sync(ZSsoSaveSettingsRequest))
    .output(sync(ZSsoSaveSettingsResponse))
    .mutation(async ({ ctx, input }) => {
      const group = await ssoGroupNamed(ctx.db, input.group);
      const settings = await saveSsoSettings(ctx.db, ctx.config, { id: ctx.user.id, ip: ctx.ip }, group, input);
      return { success: true as const, message: ssoMessages.settingsSaved, settings };
    }),
});
