import { ZMessagesRequest, ZMessagesResponse } from "../../domain/i18n/schemas.ts";
import { loadMessages } from "../../services/admin/i18n.ts";
import { publicProcedure, router, sync } from "../../trpc.ts";

export const i18nRouter = router({
  /** The translations table's UI messages for a language (and group), for i18next. */
  messages: publicProcedure
    .input(sync(ZMessagesRequest))
    .output(sync(ZMessagesResponse))
    .query(({ ctx, input }) => loadMessages(ctx.db, input.lang, input.group)),
});
