/** Finance: adhoc (issue 16). See ./index.ts. */
import { router } from "../../trpc.ts";

export const financeAdhocRouter = router({});
