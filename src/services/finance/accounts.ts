/**
 * Finance accounts, bank accounts, lock periods and the company lookup (issue 16; spec part 2 §3
 * "Finance", §4 "Bank account", §5 "Finance", §6, §7 "Finance (under /accountmanagement/)"). The one
 * service both transports call: src/routers/finance/accounts.ts and src/routers/finance/legacy/accounts.ts.
 *
 * Rules kept here:
 * - A balance is never stored: an opening balance, a balance edited on update-account (new − current)
 *   and a manual adjustment are each one `adjustment` entry through `appendEntry`.
 * - Every write runs in `financeWrite` (one transaction, idempotency key, audit row) and is guarded:
 *   new accounts and lock periods by their unique indexes (insert … on conflict), account edits and
 *   bank-account lock toggles by a conditional update on `version` (a client that sends the version it
 *   read is refused with CONFLICT when someone changed the row since).
 * - Lock periods: nothing dated on or before the latest lock date is created (opening balance,
 *   balance edit and manual adjustment entries are all checked).
 * - Roles: FINANCE and ADMIN; the company lookup also CRM (ad-hoc charges). Everyone else FORBIDDEN.
 * - Unlocking a paid bank account (paymentCompleted) needs FINANCE_ALLOW_UNLOCK_PAID_ACCOUNT.
 */
import type { Config } from "../../config.ts";
import type { DB } from "../../db/index.ts";
import {
  bankAccountsByIds,
  bankAccountsOfEmployees,
  companiesOf,
  entriesPage,
  findAccount,
  findBankAccount,
  lastSeqOf,
  listLockPeriods,
  searchAccountRows,
  subgroupsOf,
  type AccountRow,
} from "../../db/queries/finance/accounts.ts";
import { AppError } from "../../domain/errors.ts";
import { checkManualAdjustment, readAmount } from "../../domain/finance/amounts.ts";
import { checkNewLockPeriod } from "../../domain/finance/lock-periods.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import {
  accountMessages as M,
  ACCOUNT_TYPES,
  BILLING_TYPES,
  COMPANY_CATEGORIES,
  DUE_DATE_PERIODS,
  type TAccount,
  type TBankAccount,
  type TCreateAccountRequest,
  type TEntry,
  type TManualAdjustmentRequest,
  type TSearchAccountsRequest,
  type TSetBankAccountLockRequest,
  type TBankDetails,
  type TSetAccountBankDetailsRequest,
  type TSetEmployeeBankDetailsRequest,
  type TUpdateAccountRequest,
} from "../../domain/finance/schemas-accounts.ts";
import { messages } from "../../domain/messages.ts";
import { checkBankDetails, creditorAccountOf, describeAccount, formatIban, normalizeBankDetails, type BankDetails } from "../../domain/finance/bank-accounts.ts";
import { isCurrencyCode, minorUnitsOf, MONEY_MAX_MINOR, toMajorString } from "../../domain/money/money.ts";
import { currencySymbol } from "../../domain/employee/widgets/overview.ts";
import type { SessionUser } from "../identity/auth.ts";
import { lockRow } from "../../db/locks.ts";
import { appendEntry, assertNotLocked, auditFinance, balanceOfAccount, ensureAccount, financeCoreMessages as CM, financeWrite, naturalKeyOf, requireFinance, todayUtc, type FinanceActor } from "./core.ts";

/** Who may use the ad-hoc company lookup (§7 GET /crm/adhocCharge/getCompaniesByType). */
export const COMPANY_LOOKUP_ROLES = ["FINANCE", "CRM", "ADMIN"] as const;

/** Whether manual adjustments are enabled for the caller (§6: the buttons show only when enabled): finance staff and admins. */
export function manualAdjustmentEnabledFor(user: SessionUser): boolean {
  return user.role === "FINANCE" || user.role === "ADMIN";
}

/**
 * Minor units as major-unit text ("-1234.50", JPY "1235"): the money module's `toMajorString` in integer
 * arithmetic (a page of entries formats 50 amounts; Decimal costs more than the page's query).
 */
function major(amount: number, currency: string): string {
  const places = minorUnitsOf(currency);
  if (places === 0 || !Number.isSafeInteger(amount)) return places === 0 ? String(amount) : toMajorString({ amount, currency });
  const digits = String(Math.abs(amount)).padStart(places + 1, "0");
  return `${amount < 0 ? "-" : ""}${digits.slice(0, -places)}.${digits.slice(-places)}`;
}

const symbols = new Map<string, string>();
function symbolOf(currency: string): string {
  let symbol = symbols.get(currency);
  if (symbol === undefined) symbols.set(currency, (symbol = currencySymbol(currency)));
  return symbol;
}

export function accountView(r: AccountRow): TAccount {
  const balance = Number(r.balance ?? 0);
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    groupId: r.group_id,
    groupName: r.group_name,
    subgroupId: r.subgroup_id,
    subgroupName: r.subgroup_name,
    companyId: r.company_id,
    companyName: r.company_name,
    userId: r.user_id,
    currencyCode: r.currency,
    currencySymbol: symbolOf(r.currency),
    balance: major(balance, r.currency),
    balanceMinor: balance,
    billingType: r.billing_type,
    floatAmount: major(r.float_amount, r.currency),
    floatAmountMinor: r.float_amount,
    dueDatePeriod: r.due_date_period,
    version: r.version,
    entryCount: Number(r.last_seq ?? 0),
    bankDetails: bankDetailsView({ iban: r.iban, bic: r.bic, accountNumber: r.bank_account_number, bankCode: r.bank_code }),
  };
}

/** Bank details as shown: the stored fields and the one usable-account answer (src/domain/finance/bank-accounts.ts). */
function bankDetailsView(d: BankDetails): TBankDetails {
  const usable = creditorAccountOf(d);
  return { iban: d.iban, bic: d.bic, accountNumber: d.accountNumber, bankCode: d.bankCode, usable: usable !== null, summary: usable ? describeAccount(usable) : null };
}

function bankView(r: { id: number; employee_user_id: number; account_alias: string; account_number: string; account_currency: string; locked: number; payment_completed: number; un_confirmed: number; version: number; iban: string | null; bic: string | null; bank_code: string | null }): TBankAccount {
  return {
    id: r.id,
    employeeId: r.employee_user_id,
    accountAlias: r.account_alias,
    accountNumber: r.account_number,
    accountCurrencyCode: r.account_currency,
    locked: r.locked === 1,
    paymentCompleted: r.payment_completed === 1,
    unConfirmed: r.un_confirmed === 1,
    version: r.version,
    bankDetails: bankDetailsView({ iban: r.iban, bic: r.bic, accountNumber: r.account_number === "" ? null : r.account_number, bankCode: r.bank_code }),
  };
}

/**
 * The largest magnitude one amount may have: the money module's one bound (`MONEY_MAX_MINOR`, every money
 * input alike), and the largest running balance: the ledger's columns are 64-bit, read back as JavaScript
 * numbers, so a balance stays within the safe integers. A bigger one is refused as invalid input here
 * rather than failing in the database.
 */
export const LEDGER_MAX_MINOR = MONEY_MAX_MINOR;
const fits = (n: number) => Math.abs(n) <= LEDGER_MAX_MINOR;
const fitsBalance = (n: number) => Number.isSafeInteger(n);

/** Refuses an entry whose amount or resulting running balance would not fit the ledger. */
async function assertFitsLedger(trx: Parameters<typeof balanceOfAccount>[0], accountId: number, amount: number, field: string, message: string): Promise<void> {
  if (!fits(amount) || !fitsBalance((await balanceOfAccount(trx, accountId)) + amount)) invalid(field, message);
}

function invalid(field: string, message: string): never {
  throw new AppError("VALIDATION", message, { [field]: message });
}

function requireCurrency(currency: string): void {
  if (!isCurrencyCode(currency)) invalid("currency", FM.currencyRequired);
}

async function accountOrThrow(db: DB | Parameters<typeof findAccount>[0], id: number): Promise<AccountRow> {
  const row = await findAccount(db, id);
  if (!row) throw new AppError("NOT_FOUND", CM.accountNotFound);
  return row;
}

/** An amount as typed in major units → minor units of the currency, or the given text. */
function amountOf(text: string | undefined, currency: string, field: string, message: string, allowBlankAsZero: boolean): number {
  if (text === undefined || text.trim() === "") {
    if (allowBlankAsZero) return 0;
    invalid(field, message);
  }
  const r = readAmount(text, currency);
  if ("error" in r || !fits(r.money.amount)) invalid(field, message);
  return r.money.amount;
}

// ---------------------------------------------------------------- create-account

/** §7 create-account: the account (defaults billingType Other, float 0, due period NEXT_45_DAYS) and its opening balance as an adjustment entry. */
export async function createAccount(db: DB, actor: FinanceActor, input: TCreateAccountRequest): Promise<{ success: true; accountId: number }> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  if (input.name === "") invalid("name", M.nameRequired);
  requireCurrency(input.currency);
  const opening = amountOf(input.balance, input.currency, "balance", FM.invalidBalance, true);
  if (input.type === "Employee" && input.userId === undefined) invalid("userId", FM.userIdRequired);
  if (input.type === "Client" && input.groupId === undefined) invalid("groupId", M.groupRequired);
  if (input.type === "Vendor" && input.company === undefined) invalid("company", M.companyRequired);
  return financeWrite(db, actor, { scope: "accountmanagement/create-account", key: idempotencyKey, payload }, async (trx) => {
    const at = new Date().toISOString();
    let groupId = input.groupId ?? null;
    if (input.type === "Employee") {
      const user = await trx.selectFrom("users").select(["id", "group_id"]).where("id", "=", input.userId!).executeTakeFirst();
      if (!user) invalid("userId", M.unknownUser);
      groupId = user.group_id;
    } else if (groupId !== null) {
      const group = await trx.selectFrom("groups").select("id").where("id", "=", groupId).executeTakeFirst();
      if (!group) invalid("groupId", M.unknownGroup);
    }
    if (input.company !== undefined) {
      const company = await trx.selectFrom("finance_companies").select("id").where("id", "=", input.company).executeTakeFirst();
      if (!company) invalid("company", M.unknownCompany);
    }
    const natural = naturalKeyOf({ type: input.type, currency: input.currency, groupId, userId: input.userId ?? null, companyId: input.company ?? null });
    const inserted = await trx
      .insertInto("finance_accounts")
      .values({
        name: input.name,
        type: input.type,
        group_id: groupId,
        user_id: input.type === "Employee" ? input.userId! : null,
        company_id: input.company ?? null,
        currency: input.currency,
        natural_key: natural,
        created_by: actor.user.id,
        created_at: at,
        updated_at: at,
      })
      .onConflict((oc) => oc.column("natural_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new AppError("CONFLICT", M.accountExists);
    let entryId: number | null = null;
    if (opening !== 0) {
      const date = todayUtc();
      await assertNotLocked(trx, { type: "create", date });
      entryId = (await appendEntry(trx, { accountId: inserted.id, date, kind: "adjustment", amount: opening, currency: input.currency, notes: "Opening balance", actorUserId: actor.user.id, at })).id;
    }
    await auditFinance(trx, actor, {
      entity: "finance_account",
      entityId: inserted.id,
      action: "create",
      groupId,
      newValues: { name: input.name, type: input.type, groupId, userId: input.userId ?? null, companyId: input.company ?? null, currency: input.currency, openingBalance: opening, openingEntryId: entryId, billingType: "Other", floatAmount: 0, dueDatePeriod: "NEXT_45_DAYS" },
      at,
    });
    return { success: true as const, accountId: inserted.id };
  });
}

// ---------------------------------------------------------------- subgroups, companies, settings

export async function listSubgroups(db: DB, user: SessionUser, groupId: number) {
  requireFinance(user);
  return { success: true as const, response: await subgroupsOf(db, groupId) };
}

export async function companiesByType(db: DB, user: SessionUser, category: string | undefined) {
  if (!(COMPANY_LOOKUP_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const rows = await companiesOf(db, category);
  return { success: true as const, companies: rows.map((r) => ({ id: r.id, companyName: r.company_name })), resultMessage: rows.length === 0 ? "No companies found" : "" };
}

export function accountsSettings(user: SessionUser, config: Pick<Config, "financeAllowUnlockPaidAccount">) {
  requireFinance(user);
  return {
    allowUnlockPaidAccount: config.financeAllowUnlockPaidAccount,
    manualAdjustmentEnabled: manualAdjustmentEnabledFor(user),
    accountTypes: [...ACCOUNT_TYPES],
    billingTypes: [...BILLING_TYPES],
    dueDatePeriods: [...DUE_DATE_PERIODS],
    companyCategories: [...COMPANY_CATEGORIES],
  };
}

// ---------------------------------------------------------------- update-account

/**
 * §7 update-account: billing type, float, due period and subgroup by a version-guarded update; a
 * changed balance appends an adjustment of (new − current). Nothing changed: nothing is written.
 */
export async function updateAccount(db: DB, actor: FinanceActor, input: TUpdateAccountRequest): Promise<{ success: true; account: TAccount }> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  return financeWrite(db, actor, { scope: "accountmanagement/update-account", key: idempotencyKey, payload }, async (trx) => {
    if (!(await lockRow(trx, "finance_accounts", input.id))) throw new AppError("NOT_FOUND", CM.accountNotFound);
    const row = await accountOrThrow(trx, input.id);
    if (input.version !== undefined && input.version !== row.version) throw new AppError("CONFLICT", M.accountChanged);
    const at = new Date().toISOString();
    const old: Record<string, unknown> = {};
    const changed: Record<string, unknown> = {};
    const set: { billing_type?: "Drawdown" | "Other"; float_amount?: number; due_date_period?: string; subgroup_id?: number | null } = {};
    if (input.billingType !== undefined && input.billingType !== row.billing_type) {
      old.billingType = row.billing_type;
      changed.billingType = set.billing_type = input.billingType;
    }
    if (input.floatAmount !== undefined) {
      const float = amountOf(input.floatAmount, row.currency, "floatAmount", M.floatInvalid, false);
      if (float < 0) invalid("floatAmount", M.floatInvalid);
      if (float !== row.float_amount) {
        old.floatAmount = row.float_amount;
        changed.floatAmount = set.float_amount = float;
      }
    }
    if (input.dueDatePeriod !== undefined && input.dueDatePeriod !== row.due_date_period) {
      old.dueDatePeriod = row.due_date_period;
      changed.dueDatePeriod = set.due_date_period = input.dueDatePeriod;
    }
    if (input.subgroup !== undefined && input.subgroup !== row.subgroup_id) {
      if (input.subgroup !== null) {
        const sub = await trx.selectFrom("finance_subgroups").select("group_id").where("id", "=", input.subgroup).executeTakeFirst();
        if (!sub || sub.group_id !== row.group_id) invalid("subgroup", M.unknownSubgroup);
      }
      old.subgroupId = row.subgroup_id;
      changed.subgroupId = set.subgroup_id = input.subgroup;
    }
    let delta = 0;
    if (input.balance !== undefined) {
      const target = amountOf(input.balance, row.currency, "balance", FM.invalidBalance, false);
      const current = Number(row.balance ?? 0);
      delta = target - current;
      if (!fits(delta)) invalid("balance", FM.invalidBalance);
      if (delta !== 0) {
        const date = todayUtc();
        await assertNotLocked(trx, { type: "create", date });
        const entry = await appendEntry(trx, { accountId: row.id, date, kind: "adjustment", amount: delta, currency: row.currency, notes: "Balance edited", actorUserId: actor.user.id, at });
        old.balance = current;
        changed.balance = target;
        changed.adjustment = delta;
        changed.entryId = entry.id;
      }
    }
    if (Object.keys(changed).length === 0) return { success: true as const, account: accountView(row) };
    const result = await trx
      .updateTable("finance_accounts")
      .set({ ...set, version: row.version + 1, updated_at: at })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.accountChanged);
    await auditFinance(trx, actor, { entity: "finance_account", entityId: row.id, action: "update", groupId: row.group_id, oldValues: { ...old, version: row.version }, newValues: { ...changed, version: row.version + 1 }, at });
    return { success: true as const, account: accountView(await accountOrThrow(trx, row.id)) };
  });
}

// ---------------------------------------------------------------- search-accounts, get-account, entries

export async function searchAccounts(db: DB, user: SessionUser, input: TSearchAccountsRequest) {
  requireFinance(user);
  if (input.type === undefined) invalid("type", FM.typeRequired);
  if (input.type === "Employee" && input.userId === undefined) invalid("userId", FM.userIdRequired);
  const rows = await searchAccountRows(db, { type: input.type, userId: input.userId, groupId: input.groupId, companyId: input.companyId, currency: input.currency });
  return { success: true as const, accounts: rows.map(accountView), resultMessage: rows.length === 0 ? "No accounts found" : "" };
}

export async function getAccount(db: DB, user: SessionUser, id: number): Promise<TAccount> {
  requireFinance(user);
  return accountView(await accountOrThrow(db, id));
}

/** An account's entries, newest first, `pageSize` a page, each with its running balance. */
export async function accountEntries(db: DB, user: SessionUser, input: { id: number; page: number; pageSize: number }): Promise<{ entries: TEntry[]; total: number; page: number; pageSize: number }> {
  requireFinance(user);
  const offset = (input.page - 1) * input.pageSize;
  const rows = await entriesPage(db, input.id, offset, input.pageSize);
  let total: number;
  if (rows.length > 0) total = rows[0]!.seq + offset;
  else {
    // Nothing on this page: an unknown account, an account without entries, or a page past the end.
    const account = await db.selectFrom("finance_accounts").select(["id"]).where("id", "=", input.id).executeTakeFirst();
    if (!account) throw new AppError("NOT_FOUND", CM.accountNotFound);
    total = (await lastSeqOf(db, input.id))?.seq ?? 0;
  }
  return {
    entries: rows.map((r) => ({
      id: r.id,
      seq: r.seq,
      date: r.entry_date,
      kind: r.kind,
      amount: major(r.amount, r.currency),
      amountMinor: r.amount,
      currency: r.currency,
      balanceAfter: major(r.balance_after, r.currency),
      balanceAfterMinor: r.balance_after,
      billId: r.bill_id,
      paymentId: r.payment_id,
      notes: r.notes,
      createdAt: r.created_at,
    })),
    total,
    page: input.page,
    pageSize: input.pageSize,
  };
}

// ---------------------------------------------------------------- create-manual-adjustment

/** §7 create-manual-adjustment: one `adjustment` entry (§5 amount and date rules, lock periods), answered with the account after it. */
export async function createManualAdjustment(db: DB, actor: FinanceActor, input: TManualAdjustmentRequest) {
  requireFinance(actor.user);
  if (!manualAdjustmentEnabledFor(actor.user)) throw new AppError("FORBIDDEN", M.manualAdjustmentDisabled);
  requireCurrency(input.currency);
  const checked = checkManualAdjustment({ amount: input.amount, currency: input.currency, timestamp: input.timestamp });
  const firstError = Object.entries(checked.errors)[0];
  if (firstError || !checked.amount) throw new AppError("VALIDATION", firstError?.[1] ?? FM.amountRequired, checked.errors as Record<string, string>);
  const amount = checked.amount.amount;
  // The UTC day of the typed date or timestamp (checkManualAdjustment refused anything else).
  const date = checked.date!;
  const { idempotencyKey, ...payload } = input;
  return financeWrite(db, actor, { scope: "accountmanagement/create-manual-adjustment", key: idempotencyKey, payload }, async (trx) => {
    const at = new Date().toISOString();
    const before = await accountOrThrow(trx, input.accountId);
    if (before.currency !== input.currency) invalid("currency", CM.accountCurrency);
    await assertNotLocked(trx, { type: "create", date });
    await assertFitsLedger(trx, before.id, amount, "amount", FM.amountNotNumber);
    const entry = await appendEntry(trx, { accountId: before.id, date, kind: "adjustment", amount, currency: before.currency, notes: input.notes ?? "", actorUserId: actor.user.id, at });
    const balanceBefore = entry.balanceAfter - amount;
    await auditFinance(trx, actor, {
      entity: "finance_account",
      entityId: before.id,
      action: "manualAdjustment",
      groupId: before.group_id,
      oldValues: { balance: balanceBefore },
      newValues: { balance: entry.balanceAfter, amount, currency: before.currency, date, notes: input.notes ?? "", entryId: entry.id, seq: entry.seq },
      at,
    });
    const after = await accountOrThrow(trx, before.id);
    return { success: true as const, accounts: [accountView(after)], entryId: entry.id, balanceBefore: major(balanceBefore, before.currency), balanceAfter: major(entry.balanceAfter, before.currency) };
  });
}

// ---------------------------------------------------------------- lock periods

async function lockPeriodViews(db: Parameters<typeof listLockPeriods>[0]) {
  return (await listLockPeriods(db)).map((r) => ({ id: r.id, periodName: r.period_name, lockDate: r.lock_date }));
}

export async function lockPeriods(db: DB, user: SessionUser) {
  requireFinance(user);
  return { success: true as const, lockPeriods: await lockPeriodViews(db), errorMessage: "" };
}

/** §7 saveLockPeriods: a new period (§5 both fields; a name once, by the unique index), answered with every period. */
export async function saveLockPeriod(db: DB, actor: FinanceActor, input: { periodName: string; lockDate: string; idempotencyKey?: string }) {
  requireFinance(actor.user);
  const errors = checkNewLockPeriod(input.periodName, input.lockDate);
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", FM.lockPeriodFields, { periodName: FM.lockPeriodFields, lockDate: FM.lockPeriodFields });
  const { idempotencyKey, ...payload } = input;
  return financeWrite(db, actor, { scope: "accountmanagement/saveLockPeriods", key: idempotencyKey, payload }, async (trx) => {
    const at = new Date().toISOString();
    const inserted = await trx
      .insertInto("finance_lock_periods")
      .values({ period_name: input.periodName, lock_date: input.lockDate, created_by: actor.user.id, created_at: at })
      .onConflict((oc) => oc.column("period_name").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw new AppError("CONFLICT", M.lockPeriodExists, { periodName: M.lockPeriodExists });
    await auditFinance(trx, actor, { entity: "finance_lock_period", entityId: inserted.id, action: "create", groupId: null, newValues: { periodName: input.periodName, lockDate: input.lockDate }, at });
    return { success: true as const, lockPeriods: await lockPeriodViews(trx), errorMessage: "" };
  });
}

// ---------------------------------------------------------------- createEmployeeAccountWithCurrency

/** §7 billapproval/createEmployeeAccountWithCurrency: the employee's default account in the currency (parallel calls make one). */
export async function ensureEmployeeAccount(db: DB, actor: FinanceActor, input: { employeeId: number; currency: string; idempotencyKey?: string }) {
  requireFinance(actor.user);
  requireCurrency(input.currency);
  const { idempotencyKey, ...payload } = input;
  return financeWrite(db, actor, { scope: "accountmanagement/billapproval/createEmployeeAccountWithCurrency", key: idempotencyKey, payload }, async (trx) => {
    const user = await trx.selectFrom("users").select(["id", "group_id"]).where("id", "=", input.employeeId).executeTakeFirst();
    if (!user || user.group_id === null) throw new AppError("NOT_FOUND", M.unknownUser, { employeeId: M.unknownUser });
    const at = new Date().toISOString();
    const ensured = await ensureAccount(trx, { type: "Employee", currency: input.currency, name: `Employee ${user.id} ${input.currency}`, groupId: user.group_id, userId: user.id, actorUserId: actor.user.id, at });
    if (ensured.created) {
      await auditFinance(trx, actor, { entity: "finance_account", entityId: ensured.id, action: "create", groupId: user.group_id, newValues: { type: "Employee", userId: user.id, currency: input.currency, via: "createEmployeeAccountWithCurrency" }, at });
    }
    return { success: true as const, response: [accountView(await accountOrThrow(trx, ensured.id))], errorMessage: "", created: ensured.created };
  });
}

// ---------------------------------------------------------------- bank accounts

export async function bankAccountsForEmployees(db: DB, user: SessionUser, employeeIds: number[]): Promise<TBankAccount[]> {
  requireFinance(user);
  return (await bankAccountsOfEmployees(db, [...new Set(employeeIds)])).map(bankView);
}

export async function bankAccountsForIds(db: DB, user: SessionUser, ids: number[]): Promise<TBankAccount[]> {
  requireFinance(user);
  return (await bankAccountsByIds(db, [...new Set(ids)])).map(bankView);
}

/**
 * §7 POST /admin/bank-account/{id}?employeeId= {locked}: the lock toggle, version-guarded. Asking for
 * the state the account already has writes nothing. §4: unlocking a paid account needs the
 * allow-unlock-paid-account setting (the page then warns to relock).
 */
export async function setBankAccountLock(db: DB, actor: FinanceActor, config: Pick<Config, "financeAllowUnlockPaidAccount">, input: TSetBankAccountLockRequest) {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  return financeWrite(db, actor, { scope: "admin/bank-account", key: idempotencyKey, payload }, async (trx) => {
    const row = await findBankAccount(trx, input.bankAccountId);
    if (!row || row.employee_user_id !== input.employeeId) throw new AppError("NOT_FOUND", FM.bankAccountError);
    if (input.version !== undefined && input.version !== row.version) throw new AppError("CONFLICT", M.bankAccountChanged);
    const current = row.locked === 1;
    const answer = (r: typeof row) => ({ locked: r.locked === 1, paymentCompleted: r.payment_completed === 1, unConfirmed: r.un_confirmed === 1, version: r.version });
    if (current === input.locked) return answer(row);
    if (!input.locked && row.payment_completed === 1 && !config.financeAllowUnlockPaidAccount) throw new AppError("FORBIDDEN", M.unlockPaidNotAllowed);
    const at = new Date().toISOString();
    const result = await trx
      .updateTable("employee_bank_accounts")
      .set({ locked: input.locked ? 1 : 0, version: row.version + 1, updated_at: at })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.bankAccountChanged);
    await auditFinance(trx, actor, {
      entity: "employee_bank_account",
      entityId: row.id,
      action: input.locked ? "lock" : "unlock",
      groupId: row.group_id,
      oldValues: { locked: current, version: row.version },
      newValues: { locked: input.locked, version: row.version + 1, paymentCompleted: row.payment_completed === 1 },
      at,
    });
    return answer({ ...row, locked: input.locked ? 1 : 0, version: row.version + 1 });
  });
}

// ---------------------------------------------------------------- bank details (issue 24 §5)

/** Refuses invalid bank details with every field's message (VALIDATION), answers them normalised. */
function validBankDetails(input: Partial<BankDetails>): BankDetails {
  const errors = checkBankDetails(input);
  const first = Object.values(errors)[0];
  if (first) throw new AppError("VALIDATION", first, errors as Record<string, string>);
  return normalizeBankDetails(input);
}

/**
 * A Client account's (the debtor of payment files in its currency) or a Vendor account's (the creditor)
 * bank details: IBAN and BIC, or account number and bank code; all blank clears them. Version-guarded
 * update (a client that sends the version it read is refused after someone else's change), audited.
 */
export async function setAccountBankDetails(db: DB, actor: FinanceActor, input: TSetAccountBankDetailsRequest): Promise<{ success: true; account: TAccount }> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  const d = validBankDetails(input);
  return financeWrite(db, actor, { scope: "finance/set-account-bank-details", key: idempotencyKey, payload }, async (trx) => {
    if (!(await lockRow(trx, "finance_accounts", input.id))) throw new AppError("NOT_FOUND", CM.accountNotFound);
    const row = await accountOrThrow(trx, input.id);
    if (row.type === "Employee") throw new AppError("VALIDATION", M.employeeBankDetailsElsewhere, { iban: M.employeeBankDetailsElsewhere });
    if (input.version !== undefined && input.version !== row.version) throw new AppError("CONFLICT", M.accountChanged);
    const old = { iban: row.iban, bic: row.bic, accountNumber: row.bank_account_number, bankCode: row.bank_code };
    if (old.iban === d.iban && old.bic === d.bic && old.accountNumber === d.accountNumber && old.bankCode === d.bankCode) return { success: true as const, account: accountView(row) };
    const at = new Date().toISOString();
    const result = await trx
      .updateTable("finance_accounts")
      .set({ iban: d.iban, bic: d.bic, bank_account_number: d.accountNumber, bank_code: d.bankCode, version: row.version + 1, updated_at: at })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.accountChanged);
    await auditFinance(trx, actor, { entity: "finance_account", entityId: row.id, action: "setBankDetails", groupId: row.group_id, oldValues: { ...old, version: row.version }, newValues: { ...d, version: row.version + 1 }, at });
    return { success: true as const, account: accountView(await accountOrThrow(trx, row.id)) };
  });
}

/**
 * An employee bank account's bank details. With an IBAN the spec's `accountNumber` shows the IBAN (grouped
 * by four); otherwise it is the account number, with its bank code. Version-guarded, audited.
 */
export async function setEmployeeBankDetails(db: DB, actor: FinanceActor, input: TSetEmployeeBankDetailsRequest): Promise<TBankAccount> {
  requireFinance(actor.user);
  const { idempotencyKey, ...payload } = input;
  const d = validBankDetails(input);
  if (d.iban === null && d.accountNumber === null) {
    const message = "Please enter an IBAN or an account number";
    throw new AppError("VALIDATION", message, { iban: message });
  }
  return financeWrite(db, actor, { scope: "finance/set-employee-bank-details", key: idempotencyKey, payload }, async (trx) => {
    const row = await findBankAccount(trx, input.bankAccountId);
    if (!row || row.employee_user_id !== input.employeeId) throw new AppError("NOT_FOUND", FM.bankAccountError);
    if (input.version !== undefined && input.version !== row.version) throw new AppError("CONFLICT", M.bankAccountChanged);
    const at = new Date().toISOString();
    const accountNumber = d.iban !== null ? formatIban(d.iban) : d.accountNumber!;
    const result = await trx
      .updateTable("employee_bank_accounts")
      .set({ iban: d.iban, bic: d.bic, bank_code: d.bankCode, account_number: accountNumber, version: row.version + 1, updated_at: at })
      .where("id", "=", row.id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new AppError("CONFLICT", M.bankAccountChanged);
    await auditFinance(trx, actor, {
      entity: "employee_bank_account",
      entityId: row.id,
      action: "setBankDetails",
      groupId: row.group_id,
      oldValues: { iban: row.iban, bic: row.bic, accountNumber: row.account_number, bankCode: row.bank_code, version: row.version },
      newValues: { iban: d.iban, bic: d.bic, accountNumber, bankCode: d.bankCode, version: row.version + 1 },
      at,
    });
    return bankView((await findBankAccount(trx, row.id))!);
  });
}
