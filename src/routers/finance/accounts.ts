/**
 * Finance: accounts, bank accounts, lock periods and the company lookup (issue 16; part 2 §7
 * "Finance (under /accountmanagement/)"). Each procedure calls the same service as its documented
 * path (src/routers/finance/legacy/accounts.ts); the rules live in src/services/finance/accounts.ts.
 * Writes take an optional `idempotencyKey` (a retry with the same key answers the first result).
 */
import {
  ZAccountResponse,
  ZAccountsSettingsResponse,
  ZBankAccountsByIdRequest,
  ZBankAccountsOfEmployeesRequest,
  ZBankAccountsResponse,
  ZBankLockResponse,
  ZCompaniesByTypeRequest,
  ZCompaniesByTypeResponse,
  ZCreateAccountRequest,
  ZCreateAccountResponse,
  ZEmployeeAccountRequest,
  ZEmployeeAccountResponse,
  ZEntriesRequest,
  ZEntriesResponse,
  ZGetAccountRequest,
  ZGetAccountResponse,
  ZLockPeriodsResponse,
  ZManualAdjustmentRequest,
  ZManualAdjustmentResponse,
  ZSaveLockPeriodRequest,
  ZSearchAccountsRequest,
  ZSearchAccountsResponse,
  ZSetBankAccountLockRequest,
  ZSubgroupsRequest,
  ZSubgroupsResponse,
  ZUpdateAccountRequest,
  ZBankAccount,
  ZSetAccountBankDetailsRequest,
  ZSetEmployeeBankDetailsRequest,
} from "../../domain/finance/schemas-accounts.ts";
import {
  accountEntries,
  accountsSettings,
  bankAccountsForEmployees,
  bankAccountsForIds,
  companiesByType,
  createAccount,
  createManualAdjustment,
  ensureEmployeeAccount,
  getAccount,
  listSubgroups,
  lockPeriods,
  saveLockPeriod,
  searchAccounts,
  setBankAccountLock,
  setAccountBankDetails,
  setEmployeeBankDetails,
  updateAccount,
  COMPANY_LOOKUP_ROLES,
} from "../../services/finance/accounts.ts";
import { roleProcedure, router, sync } from "../../trpc.ts";

const finance = roleProcedure("FINANCE", "ADMIN");
const actorOf = (ctx: { user: Parameters<typeof getAccount>[1]; ip: string | null }) => ({ user: ctx.user, ip: ctx.ip });

export const financeAccountsRouter = router({
  /**
   * A Client (debtor) or Vendor (creditor) account's bank details (issue 24 §5): IBAN and BIC, or account
   * number and bank code. Meridian's own call: the spec documents no path for it.
   */
  setBankDetails: finance
    .input(sync(ZSetAccountBankDetailsRequest))
    .output(sync(ZAccountResponse))
    .mutation(({ ctx, input }) => setAccountBankDetails(ctx.db, actorOf(ctx), input)),

  /** An employee bank account's bank details (issue 24 §5). Meridian's own call: the spec documents no path for it. */
  setEmployeeBankDetails: finance
    .input(sync(ZSetEmployeeBankDetailsRequest))
    .output(sync(ZBankAccount))
    .mutation(({ ctx, input }) => setEmployeeBankDetails(ctx.db, actorOf(ctx), input)),

  /** The page's settings: the allow-unlock-paid-account flag, whether manual adjustments are enabled, the choices. */
  settings: finance.output(sync(ZAccountsSettingsResponse)).query(({ ctx }) => accountsSettings(ctx.user, ctx.config)),

  /** POST /accountmanagement/create-account. */
  create: finance
    .input(sync(ZCreateAccountRequest))
    .output(sync(ZCreateAccountResponse))
    .mutation(({ ctx, input }) => createAccount(ctx.db, actorOf(ctx), input)),

  /** GET /accountmanagement/subgroups/{groupId}. */
  subgroups: finance
    .input(sync(ZSubgroupsRequest))
    .output(sync(ZSubgroupsResponse))
    .query(({ ctx, input }) => listSubgroups(ctx.db, ctx.user, input.groupId)),

  /** GET /accountmanagement/update-account (a documented GET that writes; here a mutation). */
  update: finance
    .input(sync(ZUpdateAccountRequest))
    .output(sync(ZAccountResponse))
    .mutation(({ ctx, input }) => updateAccount(ctx.db, actorOf(ctx), input)),

  /** GET /accountmanagement/search-accounts. */
  search: finance
    .input(sync(ZSearchAccountsRequest))
    .output(sync(ZSearchAccountsResponse))
    .query(({ ctx, input }) => searchAccounts(ctx.db, ctx.user, input)),

  /** GET /accountmanagement/get-account?id: the account with its balance (the last entry's running balance). */
  get: finance
    .input(sync(ZGetAccountRequest))
    .output(sync(ZGetAccountResponse))
    .query(({ ctx, input }) => getAccount(ctx.db, ctx.user, input.id)),

  /** An account's entries, newest first, paged, each with its running balance. */
  entries: finance
    .input(sync(ZEntriesRequest))
    .output(sync(ZEntriesResponse))
    .query(({ ctx, input }) => accountEntries(ctx.db, ctx.user, input)),

  /** POST /accountmanagement/create-manual-adjustment. */
  createManualAdjustment: finance
    .input(sync(ZManualAdjustmentRequest))
    .output(sync(ZManualAdjustmentResponse))
    .mutation(({ ctx, input }) => createManualAdjustment(ctx.db, actorOf(ctx), input)),

  /** Every lock period (the lock periods screen). */
  lockPeriods: finance.output(sync(ZLockPeriodsResponse)).query(({ ctx }) => lockPeriods(ctx.db, ctx.user)),

  /** POST /accountmanagement/saveLockPeriods. */
  saveLockPeriod: finance
    .input(sync(ZSaveLockPeriodRequest))
    .output(sync(ZLockPeriodsResponse))
    .mutation(({ ctx, input }) => saveLockPeriod(ctx.db, actorOf(ctx), input)),

  /** POST /accountmanagement/billapproval/createEmployeeAccountWithCurrency. */
  ensureEmployeeAccount: finance
    .input(sync(ZEmployeeAccountRequest))
    .output(sync(ZEmployeeAccountResponse))
    .mutation(({ ctx, input }) => ensureEmployeeAccount(ctx.db, actorOf(ctx), input)),

  /** POST /admin/bank-account/employees/: the employees' bank accounts. */
  bankAccountsOfEmployees: finance
    .input(sync(ZBankAccountsOfEmployeesRequest))
    .output(sync(ZBankAccountsResponse))
    .query(({ ctx, input }) => bankAccountsForEmployees(ctx.db, ctx.user, input.employeeIds)),

  /** POST /admin/bank-account/accounts/: bank accounts by id. */
  bankAccountsByIds: finance
    .input(sync(ZBankAccountsByIdRequest))
    .output(sync(ZBankAccountsResponse))
    .query(({ ctx, input }) => bankAccountsForIds(ctx.db, ctx.user, input.bankAccountIds)),

  /** POST /admin/bank-account/{id}?employeeId= {locked}. */
  setBankAccountLock: finance
    .input(sync(ZSetBankAccountLockRequest))
    .output(sync(ZBankLockResponse))
    .mutation(({ ctx, input }) => setBankAccountLock(ctx.db, actorOf(ctx), ctx.config, input)),

  /** GET /crm/adhocCharge/getCompaniesByType?categorySelected (FINANCE, CRM, ADMIN). */
  companiesByType: roleProcedure(...COMPANY_LOOKUP_ROLES)
    .input(sync(ZCompaniesByTypeRequest))
    .output(sync(ZCompaniesByTypeResponse))
    .query(({ ctx, input }) => companiesByType(ctx.db, ctx.user, input.categorySelected)),
});
