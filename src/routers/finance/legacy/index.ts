/**
 * The finance room's documented paths (the spec's legacy HTTP calls), mounted on the Hono app by
 * src/server/app.ts. Each file holds one area's paths; ./<area>.openapi.ts beside it describes them.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { mountLegacyFinanceAccounts } from "./accounts.ts";
import { mountLegacyFinanceApproval } from "./approval.ts";
import { mountLegacyFinanceBillFile } from "./bill-file.ts";
import { mountLegacyFinanceBills } from "./bills.ts";
import { mountLegacyFinanceAdhoc } from "./adhoc.ts";
import { mountLegacyFinanceInsights } from "./insights.ts";

export function mountFinancePaths(app: Hono<AppEnv>, deps: AppDeps): void {
  mountLegacyFinanceAccounts(app, deps);
  mountLegacyFinanceApproval(app, deps);
  mountLegacyFinanceBillFile(app, deps);
  mountLegacyFinanceBills(app, deps);
  mountLegacyFinanceAdhoc(app, deps);
  mountLegacyFinanceInsights(app, deps);
}
