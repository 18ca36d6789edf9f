/** The OpenAPI descriptions of the finance room's documented paths (one list per area file in ./legacy/), for src/server/openapi.ts. */
import type { Operation } from "../../server/openapi-types.ts";
import { financeAccountsOperations } from "./legacy/accounts.openapi.ts";
import { financeAdhocOperations } from "./legacy/adhoc.openapi.ts";
import { financeApprovalOperations } from "./legacy/approval.openapi.ts";
import { financeBillFileOperations } from "./legacy/bill-file.openapi.ts";
import { financeBillsOperations } from "./legacy/bills.openapi.ts";
import { financeInsightsOperations } from "./legacy/insights.openapi.ts";

export const financePaths: Operation[] = [
  ...financeAccountsOperations,
  ...financeAdhocOperations,
  ...financeApprovalOperations,
  ...financeBillFileOperations,
  ...financeBillsOperations,
  ...financeInsightsOperations,
];
