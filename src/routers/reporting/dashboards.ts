/** The reporting room: third-party dashboards viewer (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/dashboards.ts. */
import { router } from "../../trpc.ts";

export const dashboardsRouter = router({});
