/** The reporting room: charts under /{company}/summary/chart/ and the saved-charts dashboard (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/charts.ts. */
import { router } from "../../trpc.ts";

export const chartsRouter = router({});
