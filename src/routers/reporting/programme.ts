/** The reporting room: the HR overview and published estimate accuracy (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/programme.ts. */
import { router } from "../../trpc.ts";

export const programmeRouter = router({});
