
import {
  ZAccountResponse,
  ZBankAccountsByIdRequest,
  ZBankAccountsOfEmployeesRequest,
  ZBankAccountsResponse,
  ZBankLockBody,
  ZBankLockPathQuery,
  ZBankLockResponse,
  ZCompaniesByTypeRequest,
  ZCompaniesByTypeResponse,
  ZCreateAccountRequest,
  ZCreateAccountResponse,
  ZEmployeeAccountRequest,
  ZEmployeeAccountResponse,
  ZGetAccountRequest,
  ZGetAccountResponse,
  ZLockPeriodsResponse,
  ZManualAdjustmentRequest,
  ZManualAdjustmentResponse,
  ZSaveLockPeriodRequest,
  ZSearchAccountsRequest,
  ZSearchAccountsResponse,
  ZSubgroupsResponse,
  ZUpdateAccountRequest,
} from "../../../domain/finance/schemas-accounts.ts";
import type { Operation } from "../../../server/openapi-types.ts";

const spec = "part 2 §3, §5, §7 Finance";
const who = "(FINANCE, ADMIN; others 403)";
const key = "Accepts an Idempotency-Key header: a retry answers the first result and writes nothing twice.";
const sameSite = "changes state, so refused cross-site (403) unless Sec-Fetch-Site is same-origin or none, or, without that header, Origin/Referer of this site or X-Requested-With";

/** OpenAPI descriptions of the legacy paths in ./finance-accounts.ts (served in /api/openapi.json). */
export const financeAccountsOperations: Operation[] = [
  { method: "post", path: "/accountmanagement/create-account", summary: `Create a Client, Vendor or Employee account; the opening balance becomes an adjustment entry. Failure {success:false, resultMessage, errors} ${who}. ${key}`, spec, request: ZCreateAccountRequest, requestType: "form", response: ZCreateAccountResponse, auth: "session" },
  { method: "get", path: "/accountmanagement/subgroups/{groupId}", summary: `A client group's subgroups ${who}`, spec, response: ZSubgroupsResponse, auth: "session" },
  { method: "get", path: "/accountmanagement/update-account", summary: `Edit billing type, float, due period, subgroup (version-guarded); a changed balance appends an adjustment of (new − current) ${who} — ${sameSite}. ${key}`, spec, request: ZUpdateAccountRequest, requestType: "query", response: ZAccountResponse, auth: "session", changesState: true },
  { method: "get", path: "/accountmanagement/search-accounts", summary: `Accounts by type (required), user id (required for Employee), group, company, currency ${who}`, spec, request: ZSearchAccountsRequest, requestType: "query", response: ZSearchAccountsResponse, auth: "session" },
  { method: "get", path: "/accountmanagement/get-account", summary: `One account with its balance (its last entry's running balance) ${who}`, spec, request: ZGetAccountRequest, requestType: "query", response: ZGetAccountResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/create-manual-adjustment", summary: `A manual adjustment entry (the currency's decimals, non-zero, dated as yyyy-mm-dd or an ISO-8601 timestamp read as its UTC day, not on or before a lock date); answers the account after it ${who}. ${key}`, spec, request: ZManualAdjustmentRequest, requestType: "form", response: ZManualAdjustmentResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/saveLockPeriods", summary: `Add a lock period (name once); answers every lock period ${who}. ${key}`, spec, request: ZSaveLockPeriodRequest, requestType: "form", response: ZLockPeriodsResponse, auth: "session" },
  { method: "post", path: "/accountmanagement/billapproval/createEmployeeAccountWithCurrency", summary: `The employee's default account in the currency, created once however many parallel calls ${who}. ${key}`, spec, request: ZEmployeeAccountRequest, requestType: "form", response: ZEmployeeAccountResponse, auth: "session" },
  { method: "post", path: "/admin/bank-account/employees/", summary: `The employees' bank accounts (a JSON array of employee ids, or {employeeIds}); none: 404 "Employee has no accounts" ${who}`, spec, request: ZBankAccountsOfEmployeesRequest, requestType: "form", response: ZBankAccountsResponse, auth: "session" },
  { method: "post", path: "/admin/bank-account/accounts/", summary: `Bank accounts by id (a JSON array, or {bankAccountIds}) ${who}`, spec, request: ZBankAccountsByIdRequest, requestType: "form", response: ZBankAccountsResponse, auth: "session" },
  { method: "post", path: "/admin/bank-account/{id}", summary: `Lock or unlock an employee's bank account (?employeeId=, body {locked, version?}); unlocking a paid account needs FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT ${who}. ${key}`, spec: "part 2 §4, §7 Finance", request: ZBankLockBody.extend(ZBankLockPathQuery.shape), requestType: "form", response: ZBankLockResponse, auth: "session" },
  { method: "get", path: "/crm/adhocCharge/getCompaniesByType", summary: "Companies of a category (categorySelected) for the ad-hoc charge form (FINANCE, CRM, ADMIN; others 403)", spec, request: ZCompaniesByTypeRequest, requestType: "query", response: ZCompaniesByTypeResponse, auth: "session" },
];


