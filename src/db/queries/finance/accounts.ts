/**
 * Finance accounts, entries, bank accounts, lock periods, companies and subgroups (issue 16): plain
 * reads, no rules (src/services/finance/accounts.ts decides who may read what).
 *
 * An account's balance is its last entry's `balance_after` and its entry count the last entry's
 * `seq` (entries are numbered 1, 2, … per account without gaps), both read through the unique
 * (account_id, seq) index backwards: one index probe per account, whatever its number of entries.
 * A page of entries is a range of seq on the same index (`seq <= last − offset`, newest first), never
 * an OFFSET scan. The two reads of an account's page (the account, a page of its entries) are compiled
 * once per database handle and run as named statements on PostgreSQL (`executePrepared`): planning costs
 * more than running them.
 */
import type { Compilable, CompiledQuery, ExpressionBuilder, Transaction } from "kysely";
import type { DB } from "../../index.ts";
import { executePrepared } from "../../prepared.ts";
import type { Database } from "../../schema.ts";

type Trx = Transaction<Database> | DB;

export type AccountRow = {
  id: number;
  name: string;
  type: "Client" | "Vendor" | "Employee";
  group_id: number | null;
  group_name: string | null;
  subgroup_id: number | null;
  subgroup_name: string | null;
  company_id: number | null;
  company_name: string | null;
  user_id: number | null;
  currency: string;
  billing_type: "Drawdown" | "Other";
  float_amount: number;
  due_date_period: string;
  version: number;
  balance: number | null;
  last_seq: number | null;
  /** Bank details (issue 24 §5). */
  iban: string | null;
  bic: string | null;
  bank_account_number: string | null;
  bank_code: string | null;
};

function lastEntry(eb: ExpressionBuilder<Database & { a: Database["finance_accounts"] }, "a">, column: "balance_after" | "seq") {
  return eb.selectFrom("finance_entries as e").select(`e.${column}`).whereRef("e.account_id", "=", "a.id").orderBy("e.seq", "desc").limit(1);
}

function accountQuery(db: Trx) {
  return db
    .selectFrom("finance_accounts as a")
    .leftJoin("groups as g", "g.id", "a.group_id")
    .leftJoin("finance_subgroups as s", "s.id", "a.subgroup_id")
    .leftJoin("finance_companies as c", "c.id", "a.company_id")
    .select((eb) => [
      "a.id",
      "a.name",
      "a.type",
      "a.group_id",
      "g.display_name as group_name",
      "a.subgroup_id",
      "s.name as subgroup_name",
      "a.company_id",
      "c.company_name",
      "a.user_id",
      "a.currency",
      "a.billing_type",
      "a.float_amount",
      "a.due_date_period",
      "a.version",
      "a.iban",
      "a.bic",
      "a.bank_account_number",
      "a.bank_code",
      lastEntry(eb as never, "balance_after").as("balance"),
      lastEntry(eb as never, "seq").as("last_seq"),
    ]);
}

type Param = string | number | null;
const SENTINEL = "\u0000finance-param:";

/** A select compiled once per handle (values bound by name) and run through `executePrepared`; see src/db/prepared.ts `preparedQuery`. */
function preparedSelect<A extends Record<string, Param>, R>(build: (db: Trx, args: A) => Compilable<R>) {
  const cache = new WeakMap<Trx, CompiledQuery<R>>();
  return async (db: Trx, args: A): Promise<R[]> => {
    let compiled = cache.get(db);
    if (!compiled) {
      const standIns = Object.fromEntries(Object.keys(args).map((k) => [k, `${SENTINEL}${k}`])) as A;
      compiled = build(db, standIns).compile();
      cache.set(db, compiled);
    }
    const parameters = compiled.parameters.map((p) => (typeof p === "string" && p.startsWith(SENTINEL) ? args[p.slice(SENTINEL.length)] : p));
    return executePrepared(db as DB, { ...compiled, parameters });
  };
}

const accountById = preparedSelect((db, a: { id: number }) => accountQuery(db).where("a.id", "=", a.id));

export async function findAccount(db: Trx, id: number): Promise<AccountRow | undefined> {
  return (await accountById(db, { id }))[0] as AccountRow | undefined;
}

export type AccountFilter = { type: "Client" | "Vendor" | "Employee"; userId?: number; groupId?: number; companyId?: number; currency?: string };

/** Accounts matching a search, by name then id (at most `limit`). */
export async function searchAccountRows(db: DB, f: AccountFilter, limit = 500): Promise<AccountRow[]> {
  let q = accountQuery(db).where("a.type", "=", f.type);
  if (f.userId !== undefined) q = q.where("a.user_id", "=", f.userId);
  if (f.groupId !== undefined) q = q.where("a.group_id", "=", f.groupId);
  if (f.companyId !== undefined) q = q.where("a.company_id", "=", f.companyId);
  if (f.currency !== undefined) q = q.where("a.currency", "=", f.currency);
  return (await q.orderBy("a.name").orderBy("a.id").limit(limit).execute()) as AccountRow[];
}

/**
 * The newest-first page of an account's entries: seq in (last − offset − size, last − offset], the last seq
 * read in the same statement (one index probe). An empty answer: no such account, no entries, or past the end.
 */
const entriesPageQuery = preparedSelect((db, a: { accountId: number; top: number; bottom: number }) =>
  db
    .selectFrom("finance_entries as e")
    .select(["e.id", "e.seq", "e.entry_date", "e.kind", "e.amount", "e.currency", "e.balance_after", "e.bill_id", "e.payment_id", "e.notes", "e.created_at"])
    .where("e.account_id", "=", a.accountId)
    .where((eb) => {
      const last = eb.selectFrom("finance_entries as l").select("l.seq").where("l.account_id", "=", a.accountId).orderBy("l.seq", "desc").limit(1);
      return eb.and([eb("e.seq", "<=", eb(last, "-", a.top)), eb("e.seq", ">", eb(last, "-", a.bottom))]);
    })
    .orderBy("e.seq", "desc"),
);

export function entriesPage(db: Trx, accountId: number, offset: number, size: number) {
  return entriesPageQuery(db, { accountId, top: offset, bottom: offset + size });
}

export function lastSeqOf(db: Trx, accountId: number) {
  return db.selectFrom("finance_entries").select(["seq", "balance_after"]).where("account_id", "=", accountId).orderBy("seq", "desc").limit(1).executeTakeFirst();
}

const BANK_COLUMNS = ["id", "employee_user_id", "account_alias", "account_number", "account_currency", "locked", "payment_completed", "un_confirmed", "version", "iban", "bic", "bank_code"] as const;

export function bankAccountsOfEmployees(db: Trx, employeeIds: number[]) {
  return db.selectFrom("employee_bank_accounts").select(BANK_COLUMNS).where("employee_user_id", "in", employeeIds).orderBy("employee_user_id").orderBy("id").execute();
}

export function bankAccountsByIds(db: Trx, ids: number[]) {
  return db.selectFrom("employee_bank_accounts").select(BANK_COLUMNS).where("id", "in", ids).orderBy("id").execute();
}

export function findBankAccount(db: Trx, id: number) {
  return db.selectFrom("employee_bank_accounts").select([...BANK_COLUMNS, "group_id"]).where("id", "=", id).executeTakeFirst();
}

export function listLockPeriods(db: Trx) {
  return db.selectFrom("finance_lock_periods").select(["id", "period_name", "lock_date"]).orderBy("lock_date").orderBy("id").execute();
}

export function subgroupsOf(db: Trx, groupId: number) {
  return db.selectFrom("finance_subgroups").select(["id", "name"]).where("group_id", "=", groupId).orderBy("name").orderBy("id").execute();
}

export function companiesOf(db: Trx, category: string | undefined) {
  let q = db.selectFrom("finance_companies").select(["id", "company_name", "category"]);
  if (category !== undefined) q = q.where("category", "=", category);
  return q.orderBy("company_name").orderBy("id").execute();
}
