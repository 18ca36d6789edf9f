/** The reporting room: the report library (BASE/CUSTOM/OLD reports, filters, preview, downloads, favourites, filter defaults) (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/library.ts. */
import { router } from "../../trpc.ts";

export const reportsRouter = router({});
