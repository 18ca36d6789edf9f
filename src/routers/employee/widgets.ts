import { ZCurrencyWidgetRequest, ZCurrencyWidgetResponse, ZSetCurrencyRequest } from "../../domain/employee/widgets/currency.ts";
import { ZFeedbackAddRequest, ZFeedbackResult, ZFeedbackView } from "../../domain/employee/widgets/feedback.ts";
import { addFeedback, feedbackView, removeFeedback } from "../../services/employee/widgets/feedback.ts";
import { ZSplashViewedRequest, ZSplashViewedResponse } from "../../domain/employee/widgets/splash.ts";
import { markSplashViewed } from "../../services/employee/widgets/splash.ts";
import { ZWeatherRequest, ZWeatherResponse } from "../../domain/employee/widgets/weather.ts";
import { weather } from "../../services/employee/widgets/weather.ts";
import { widgetsPrefsCookie } from "../../services/employee/widgets/cookie.ts";
import { currencyWidget, setCurrency } from "../../services/employee/widgets/currency.ts";
import { authedProcedure, router, sync } from "../../trpc.ts";

/**
 * The overview widgets (issue 14; part 1 §2, §3, §7; part 2 §7). Each procedure calls the same service
 * as its documented path (src/routers/employee/legacy/widgets.ts). Every signed-in user has their own widgets.
 */
export const widgetsRouter = router({
  /** GET /user/currency: the user's currency, the displayed currencies and every available one, rates to 4 places. */
  currency: authedProcedure
    .input(sync(ZCurrencyWidgetRequest))
    .output(sync(ZCurrencyWidgetResponse))
    .query(async ({ ctx, input }) => (await currencyWidget(ctx.db, ctx.user, input, {}, ctx.config)).view),

  /** POST /user/currency: stores the choice (database and the MG_WIDGETS_PREFS cookie). */
  setCurrency: authedProcedure
    .input(sync(ZSetCurrencyRequest))
    .output(sync(ZCurrencyWidgetResponse))
    .mutation(async ({ ctx, input }) => {
      const result = await setCurrency(ctx.db, ctx.user, input, {}, new Date(), ctx.config);
      ctx.resHeaders.append("Set-Cookie", widgetsPrefsCookie(result.prefs, ctx.config, ctx.secureRequest));
      return result.view;
    }),

  /** The feedback box: whether feedback can be sent (FEEDBACK_EMAIL) and the user's last feedback. */
  feedback: authedProcedure.output(sync(ZFeedbackView)).query(({ ctx }) => feedbackView(ctx, ctx.user)),

  /** POST /feedback/add {rating, message}: mails it to FEEDBACK_EMAIL and keeps it as the user's last feedback. */
  addFeedback: authedProcedure
    .input(sync(ZFeedbackAddRequest))
    .output(sync(ZFeedbackResult))
    .mutation(({ ctx, input }) => addFeedback(ctx, ctx.user, input)),

  /** DELETE /feedback/remove: removes the user's last feedback. */
  removeFeedback: authedProcedure.output(sync(ZFeedbackResult)).mutation(({ ctx }) => removeFeedback(ctx, ctx.user)),

  /** PUT /splash/{id}/viewed: records that the user saw a splash they can see (first view kept). */
  splashViewed: authedProcedure
    .input(sync(ZSplashViewedRequest))
    .output(sync(ZSplashViewedResponse))
    .mutation(({ ctx, input }) => markSplashViewed(ctx.db, ctx.user, input)),

  /** GET /json/weather?when&units: the forecast at the destination of the user's move (or why there is none). */
  weather: authedProcedure
    .input(sync(ZWeatherRequest))
    .output(sync(ZWeatherResponse))
    .query(({ ctx, input }) => weather(ctx.db, ctx.config, ctx.user, input)),
});
