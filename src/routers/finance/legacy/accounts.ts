/**
 * Documented finance paths: accounts (issue 16; part 2 §7 "Finance (under /accountmanagement/)").
 * Same services as src/routers/finance/accounts.ts. Relative calls live under /accountmanagement/;
 * the calls the spec writes with a leading slash keep it (/admin/bank-account/…, /crm/adhocCharge/…).
 *
 * Writes take the `Idempotency-Key` header (a retry answers the first result and writes nothing).
 * GET update-account writes, so it refuses a cross-site request (`assertSameSite`) before anything.
 * Failures answer the call's documented shape with `success: false` and the error's text (the §8 alert
 * text for anything unexpected), with the error table's status.
 */
import type { Context, Hono } from "hono";
import { z } from "zod";
import { AppError } from "../../../domain/errors.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import {
  accountMessages as AM,
  ZBankAccountsByIdRequest,
  ZBankAccountsOfEmployeesRequest,
  ZBankLockBody,
  ZBankLockPathQuery,
  ZCompaniesByTypeRequest,
  ZCreateAccountRequest,
  ZEmployeeAccountRequest,
  ZGetAccountRequest,
  ZManualAdjustmentRequest,
  ZSaveLockPeriodRequest,
  ZSearchAccountsRequest,
  ZSubgroupsRequest,
  ZUpdateAccountRequest,
} from "../../../domain/finance/schemas-accounts.ts";
import { messages } from "../../../domain/messages.ts";
import type { AppDeps, AppEnv } from "../../../server/types.ts";
import { assertSameSite, clientIp, failureText, legacyRoute, legacyUser, parseFields, readFields } from "../../../server/http.ts";
import {
  bankAccountsForEmployees,
  bankAccountsForIds,
  companiesByType,
  createAccount,
  createManualAdjustment,
  ensureEmployeeAccount,
  getAccount,
  listSubgroups,
  saveLockPeriod,
  searchAccounts,
  setBankAccountLock,
  updateAccount,
} from "../../../services/finance/accounts.ts";
import { FINANCE_ROLES, idempotencyKeyOf } from "../../../services/finance/core.ts";

type C = Context<AppEnv>;

const actorOf = (c: C) => ({ user: legacyUser(c), ip: clientIp(c) });
/** The request's fields with the `Idempotency-Key` header as `idempotencyKey`. */
async function writeFields(c: C): Promise<Record<string, unknown>> {
  const fields = await readFields(c);
  const key = idempotencyKeyOf(c.req.header("idempotency-key"));
  return key === null ? fields : { ...fields, idempotencyKey: key };
}
const fieldsOf = (error: unknown) => (error instanceof AppError ? (error.fields ?? {}) : {});

/**
 * A list body: a JSON array of ids, a JSON object naming the list, or a form/query field with the ids
 * separated by commas.
 */
async function listBody(c: C, key: string): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("application/json")) {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      throw new AppError("BAD_REQUEST", messages.badRequest);
    }
    if (Array.isArray(body)) return { [key]: body };
    if (body && typeof body === "object") return body as Record<string, unknown>;
    throw new AppError("BAD_REQUEST", messages.badRequest);
  }
  const fields = await readFields(c);
  const value = fields[key];
  return typeof value === "string" ? { ...fields, [key]: value.split(",").map((v) => v.trim()).filter(Boolean) } : fields;
}

export function mountLegacyFinanceAccounts(app: Hono<AppEnv>, deps: AppDeps) {
  const { db, config } = deps;

  legacyRoute(
    app,
    "POST",
    "/accountmanagement/create-account",
    async (c) => createAccount(db, actorOf(c), parseFields(ZCreateAccountRequest, await writeFields(c))),
    (error) => ({ success: false, resultMessage: failureText(error, FM.accountCreateError), errors: fieldsOf(error) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "GET",
    "/accountmanagement/subgroups/:groupId",
    async (c) => listSubgroups(db, legacyUser(c), parseFields(ZSubgroupsRequest, { groupId: c.req.param("groupId") }).groupId),
    (error) => ({ success: false, response: [], errorMessage: failureText(error, FM.productTeamError) }),
  );

  legacyRoute(
    app,
    "GET",
    "/accountmanagement/update-account",
    async (c) => {
      assertSameSite(c, config);
      return updateAccount(db, actorOf(c), parseFields(ZUpdateAccountRequest, await writeFields(c)));
    },
    (error) => ({ success: false, resultMessage: failureText(error, AM.updateError), errors: fieldsOf(error) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "GET",
    "/accountmanagement/search-accounts",
    async (c) => searchAccounts(db, legacyUser(c), parseFields(ZSearchAccountsRequest, await readFields(c))),
    (error) => ({ success: false, accounts: [], resultMessage: failureText(error, AM.searchError), errors: fieldsOf(error) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "GET",
    "/accountmanagement/get-account",
    async (c) => getAccount(db, legacyUser(c), parseFields(ZGetAccountRequest, await readFields(c)).id),
    (error) => ({ success: false, resultMessage: failureText(error, FM.productTeamError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/accountmanagement/create-manual-adjustment",
    async (c) => createManualAdjustment(db, actorOf(c), parseFields(ZManualAdjustmentRequest, await writeFields(c))),
    (error) => ({ success: false, accounts: [], resultMessage: failureText(error, FM.productTeamError), errors: fieldsOf(error) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/accountmanagement/saveLockPeriods",
    async (c) => saveLockPeriod(db, actorOf(c), parseFields(ZSaveLockPeriodRequest, await writeFields(c))),
    (error) => ({ success: false, lockPeriods: [], errorMessage: failureText(error, AM.lockPeriodError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/accountmanagement/billapproval/createEmployeeAccountWithCurrency",
    async (c) => ensureEmployeeAccount(db, actorOf(c), parseFields(ZEmployeeAccountRequest, await writeFields(c))),
    (error) => ({ success: false, response: [], errorMessage: failureText(error, FM.productTeamError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/admin/bank-account/employees",
    async (c) => {
      const user = legacyUser(c);
      const accounts = await bankAccountsForEmployees(db, user, parseFields(ZBankAccountsOfEmployeesRequest, await listBody(c, "employeeIds")).employeeIds);
      if (accounts.length === 0) throw new AppError("NOT_FOUND", FM.employeeHasNoAccounts);
      return accounts;
    },
    (error) => ({ success: false, errorMessage: failureText(error, FM.bankAccountError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/admin/bank-account/accounts",
    async (c) => {
      const user = legacyUser(c);
      const accounts = await bankAccountsForIds(db, user, parseFields(ZBankAccountsByIdRequest, await listBody(c, "bankAccountIds")).bankAccountIds);
      if (accounts.length === 0) throw new AppError("NOT_FOUND", FM.bankAccountError);
      return accounts;
    },
    (error) => ({ success: false, errorMessage: failureText(error, FM.bankAccountError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "POST",
    "/admin/bank-account/:id{[0-9]+}",
    async (c) => {
      const actor = actorOf(c);
      const fields = await writeFields(c);
      const body = parseFields(ZBankLockBody, fields);
      const { employeeId } = parseFields(ZBankLockPathQuery, { employeeId: c.req.query("employeeId") ?? fields.employeeId });
      const bankAccountId = parseFields(z.object({ id: ZBankAccountsByIdRequest.shape.bankAccountIds.element }), { id: c.req.param("id") }).id;
      return setBankAccountLock(db, actor, config, { bankAccountId, employeeId, locked: body.locked, version: body.version, idempotencyKey: idempotencyKeyOf(c.req.header("idempotency-key")) ?? undefined });
    },
    (error) => ({ success: false, errorMessage: failureText(error, FM.bankAccountError) }), FINANCE_ROLES);

  legacyRoute(
    app,
    "GET",
    "/crm/adhocCharge/getCompaniesByType",
    async (c) => companiesByType(db, legacyUser(c), parseFields(ZCompaniesByTypeRequest, await readFields(c)).categorySelected),
    (error) => ({ success: false, companies: [], resultMessage: failureText(error, AM.companiesError) }),
  );
}
