/** Finance: insights (issue 16). See ./index.ts. */
import { router } from "../../trpc.ts";

export const financeInsightsRouter = router({});
