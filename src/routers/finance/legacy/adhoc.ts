/**
 * Documented finance paths: adhoc (issue 16; part 2 §7 "Finance (under /accountmanagement/)"). The spec
 * documents no path for creating ad-hoc charges, recurring schedules, external spends or for the expenses
 * management screen: those are tRPC only (`finance.adhoc.*`, src/routers/finance/adhoc.ts). The one
 * ad-hoc call it documents, GET /crm/adhocCharge/getCompaniesByType, is mounted by the accounts part
 * (src/routers/finance/legacy/accounts.ts), which owns the finance companies.
 */
import type { Hono } from "hono";
import type { AppDeps, AppEnv } from "../../../server/types.ts";

export function mountLegacyFinanceAdhoc(_app: Hono<AppEnv>, _deps: AppDeps) {}
