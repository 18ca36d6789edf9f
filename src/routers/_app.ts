import { createCallerFactory, router } from "../trpc.ts";
import { identityProcedures } from "./identity/index.ts";
import { movesProcedures } from "./moves/index.ts";
import { estimateProcedures } from "./estimate/index.ts";
import { policyProcedures } from "./policy/index.ts";
import { employeeProcedures } from "./employee/index.ts";
import { managerProcedures } from "./manager/index.ts";
import { financeProcedures } from "./finance/index.ts";
import { crmProcedures } from "./crm/index.ts";
import { adminProcedures } from "./admin/index.ts";
import { reportingProcedures } from "./reporting/index.ts";

/**
 * Every room's procedures (one folder per domain under src/routers/, see ARCHITECTURE.md "Rooms").
 * The names are AppRouter's public surface (src/test/api-surface.test.ts holds them to a snapshot).
 */
export const appRouter = router({
  ...identityProcedures,
  ...movesProcedures,
  ...estimateProcedures,
  ...policyProcedures,
  ...employeeProcedures,
  ...managerProcedures,
  ...financeProcedures,
  ...crmProcedures,
  ...adminProcedures,
  ...reportingProcedures,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
