/** The reporting room: the custom report builder (save, clone, delete, permissions, field overrides) (issue 26). Procedures over src/services/reporting/; the documented paths are in ./legacy/builder.ts. */
import { router } from "../../trpc.ts";

export const reportBuilderRouter = router({});
