import { ZCurrencyWidgetRequest, ZCurrencyWidgetResponse, ZSetCurrencyRequest } from "../domain/widgets/currency.ts";
import { widgetsPrefsCookie } from "../services/widgets/cookie.ts";
import { currencyWidget, setCurrency } from "../services/widgets/currency.ts";
import { authedProcedure, router, sync } from "../trpc.ts";

/**
 * The overview widgets (issue 14; part 1 §2, §3, §7; part 2 §7). Each procedure calls the same service
 * as its documented path (src/routers/legacy/widgets.ts). Every signed-in user has their own widgets.
 */
export const widgetsRouter = router({
  /** GET /user/currency: the user's currency, the displayed currencies and every available one, rates to 4 places. */
  currency: authedProcedure
    .input(sync(ZCurrencyWidgetRequest))
    .output(sync(ZCurrencyWidgetResponse))
    .query(async ({ ctx, input }) => (await currencyWidget(ctx.db, ctx.user, input)).view),

  /** POST /user/currency: stores the choice (database and the MG_WIDGETS_PREFS cookie). */
  setCurrency: authedProcedure
    .input(sync(ZSetCurrencyRequest))
    .output(sync(ZCurrencyWidgetResponse))
    .mutation(async ({ ctx, input }) => {
      const result = await setCurrency(ctx.db, ctx.user, input);
      ctx.resHeaders.append("Set-Cookie", widgetsPrefsCookie(result.prefs, ctx.config, ctx.secureRequest));
      return result.view;
    }),
});
