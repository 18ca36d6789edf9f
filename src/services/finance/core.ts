/**
 * What every finance write shares (issue 16; DESIGN.md "Data": finance writes are idempotent and use
 * optimistic concurrency; every write leaves an audit row). The services of the finance area
 * (accounts, approval, bills, ad-hoc charges) write only through these helpers:
 *
 * - `financeWrite`: one transaction per write. With an idempotency key (the `Idempotency-Key` header on
 *   a documented path, `idempotencyKey` in a procedure's input) the key row is inserted first in that
 *   same transaction: a retried request finds the first one's stored answer and returns it (after the
 *   first commits: on PostgreSQL the second insert waits on the primary key; SQLite runs one write
 *   transaction at a time), a key reused for a different request is refused, and a first request that
 *   failed left no key behind, so its retry runs afresh. Nothing is ever done twice.
 * - `appendEntry`: the only way into `finance_entries` (append-only). It locks the account row, reads
 *   the last entry and writes `seq + 1` with `balance_after = last + amount`, so every running balance
 *   equals the sum of the entries up to it (unique (account_id, seq) is the safety net).
 * - `ensureAccount`: the default account of an owner and currency (natural key, insert … on conflict).
 * - `assertNotLocked`: the lock-period rule (src/domain/finance/lock-periods.ts) against the stored periods.
 * - `auditFinance`: the audit row (actor, entity, old, new) of a finance write.
 *
 * Lock order inside one transaction: approval item (expense or finance item) → bill(s) in ascending id
 * → account(s) in ascending id. Take them in that order so two writers never wait on each other crosswise.
 */
import { createHash } from "node:crypto";
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import { isPostgres, lockRow } from "../../db/locks.ts";
import { insertAudit } from "../../db/queries/audit.ts";
import type { BillTable, Database, FinanceAccountTable, FinanceEntryTable } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { checkLock, type LockedAction, type LockPeriod } from "../../domain/finance/lock-periods.ts";
import { messages } from "../../domain/messages.ts";
import type { SessionUser } from "../identity/auth.ts";

export type FinanceActor = { user: SessionUser; ip: string | null };
export type Trx = Transaction<Database> | DB;

/** Platform finance staff and admins; everyone else is refused (HR reads finance only through the estimate-against-actual view). */
export const FINANCE_ROLES = ["FINANCE", "ADMIN"] as const;

export function requireFinance(user: SessionUser): void {
  if (!(FINANCE_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

export const financeCoreMessages = {
  keyReused: "This idempotency key was already used for a different request.",
  keyInvalid: "The idempotency key must be 1 to 200 visible characters.",
  accountNotFound: "This account does not exist.",
  accountCurrency: "The entry's currency must be the account's currency.",
} as const;

/** The idempotency key a client may send: 1–200 visible characters. */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;

function requestHash(scope: string, payload: unknown): string {
  return createHash("sha256").update(scope).update("\0").update(JSON.stringify(payload ?? null)).digest("hex");
}

export type FinanceWriteOptions = {
  /** The call's name (e.g. "billapproval/approveExpense"): a key is reused only within the same call and payload. */
  scope: string;
  /** The client's idempotency key, if any. */
  key?: string | null;
  /** The parsed request the key stands for. */
  payload: unknown;
};

/**
 * Runs `fn` in one transaction; with a key, at most once per (user, key): a retry returns the first answer.
 * `fn`'s answer must be JSON (it is stored as JSON and a retry gets it back parsed).
 */
export async function financeWrite<R>(db: DB, actor: FinanceActor, options: FinanceWriteOptions, fn: (trx: Transaction<Database>) => Promise<R>): Promise<R> {
  const key = options.key?.trim() || null;
  if (key !== null && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw new AppError("VALIDATION", financeCoreMessages.keyInvalid, { idempotencyKey: financeCoreMessages.keyInvalid });
  if (key === null) return db.transaction().execute(fn);
  const hash = requestHash(options.scope, options.payload);
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("finance_idempotency")
      .values({ user_id: actor.user.id, idempotency_key: key, scope: options.scope, request_hash: hash, response: null, created_at: new Date().toISOString() })
      .onConflict((oc) => oc.columns(["user_id", "idempotency_key"]).doNothing())
      .returning("user_id")
      .executeTakeFirst();
    if (!inserted) {
      const first = await trx
        .selectFrom("finance_idempotency")
        .select(["scope", "request_hash", "response"])
        .where("user_id", "=", actor.user.id)
        .where("idempotency_key", "=", key)
        .executeTakeFirstOrThrow();
      if (first.scope !== options.scope || first.request_hash !== hash || first.response === null) throw new AppError("CONFLICT", financeCoreMessages.keyReused);
      return JSON.parse(first.response) as R;
    }
    const result = await fn(trx);
    await trx
      .updateTable("finance_idempotency")
      .set({ response: JSON.stringify(result ?? null) })
      .where("user_id", "=", actor.user.id)
      .where("idempotency_key", "=", key)
      .execute();
    return result;
  });
}

/** The key of a documented call: the `Idempotency-Key` header. */
export function idempotencyKeyOf(header: string | undefined | null): string | null {
  const key = header?.trim();
  return key ? key : null;
}

export type AppendEntry = {
  accountId: number;
  /** YYYY-MM-DD. */
  date: string;
  kind: FinanceEntryTable["kind"];
  /** Signed minor units of the account's currency. */
  amount: number;
  currency: string;
  billId?: number | null;
  paymentId?: number | null;
  notes?: string;
  actorUserId: number | null;
  at: string;
};

export type AppendedEntry = { id: number; seq: number; balanceAfter: number };

/** Appends one entry to an account (locks the account row first). Call inside a transaction. */
export async function appendEntry(trx: Trx, e: AppendEntry): Promise<AppendedEntry> {
  if (!(await lockRow(trx, "finance_accounts", e.accountId))) throw new AppError("NOT_FOUND", financeCoreMessages.accountNotFound);
  const account = await trx.selectFrom("finance_accounts").select(["currency", "group_id"]).where("id", "=", e.accountId).executeTakeFirstOrThrow();
  if (account.currency !== e.currency) throw new AppError("VALIDATION", financeCoreMessages.accountCurrency, { currency: financeCoreMessages.accountCurrency });
  const last = await trx
    .selectFrom("finance_entries")
    .select(["seq", "balance_after"])
    .where("account_id", "=", e.accountId)
    .orderBy("seq", "desc")
    .limit(1)
    .executeTakeFirst();
  const seq = (last?.seq ?? 0) + 1;
  const balanceAfter = (last?.balance_after ?? 0) + e.amount;
  if (!Number.isSafeInteger(balanceAfter)) throw new AppError("VALIDATION", messages.genericFailure);
  const row = await trx
    .insertInto("finance_entries")
    .values({
      account_id: e.accountId,
      group_id: account.group_id,
      seq,
      entry_date: e.date,
      kind: e.kind,
      amount: e.amount,
      currency: e.currency,
      balance_after: balanceAfter,
      bill_id: e.billId ?? null,
      payment_id: e.paymentId ?? null,
      notes: e.notes ?? "",
      created_by: e.actorUserId,
      created_at: e.at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id: row.id, seq, balanceAfter };
}

/** An account's balance: its last entry's running balance (0 without entries), in minor units of its currency. */
export async function balanceOfAccount(db: Trx, accountId: number): Promise<number> {
  const last = await db.selectFrom("finance_entries").select("balance_after").where("account_id", "=", accountId).orderBy("seq", "desc").limit(1).executeTakeFirst();
  return last?.balance_after ?? 0;
}

export type EnsureAccount = {
  type: FinanceAccountTable["type"];
  currency: string;
  name: string;
  groupId?: number | null;
  userId?: number | null;
  companyId?: number | null;
  actorUserId: number | null;
  at: string;
};

/** The natural key of an owner's default account in a currency. */
export function naturalKeyOf(a: Pick<EnsureAccount, "type" | "currency" | "groupId" | "userId" | "companyId">): string {
  const owner = a.type === "Employee" ? a.userId : a.type === "Vendor" ? a.companyId : a.groupId;
  if (owner == null) throw new AppError("VALIDATION", messages.genericFailure);
  return `${a.type}:${owner}:${a.currency}`;
}

/** The owner's default account in the currency, created when missing (parallel calls make one). Answers its id and whether it was created. */
export async function ensureAccount(trx: Trx, a: EnsureAccount): Promise<{ id: number; created: boolean }> {
  const natural = naturalKeyOf(a);
  const inserted = await trx
    .insertInto("finance_accounts")
    .values({
      name: a.name,
      type: a.type,
      group_id: a.groupId ?? null,
      user_id: a.type === "Employee" ? (a.userId ?? null) : null,
      company_id: a.type === "Vendor" ? (a.companyId ?? null) : null,
      currency: a.currency,
      natural_key: natural,
      created_by: a.actorUserId,
      created_at: a.at,
      updated_at: a.at,
    })
    .onConflict((oc) => oc.column("natural_key").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (inserted) return { id: inserted.id, created: true };
  const existing = await trx.selectFrom("finance_accounts").select("id").where("natural_key", "=", natural).executeTakeFirstOrThrow();
  return { id: existing.id, created: false };
}

/** Every stored lock period. */
export async function lockPeriodsOf(db: Trx): Promise<LockPeriod[]> {
  const rows = await db.selectFrom("finance_lock_periods").select(["period_name", "lock_date"]).orderBy("lock_date").execute();
  return rows.map((r) => ({ periodName: r.period_name, lockDate: r.lock_date }));
}

/** Refuses (CONFLICT, the rule's text) what a lock period forbids. */
export async function assertNotLocked(db: Trx, action: LockedAction): Promise<void> {
  const refusal = checkLock(await lockPeriodsOf(db), action);
  if (refusal) throw new AppError("CONFLICT", refusal);
}

/** The audit row of a finance write (entity e.g. "bill", "finance_account", "expense"), in the write's transaction. */
export function auditFinance(
  trx: Trx,
  actor: FinanceActor,
  row: { entity: string; entityId: number | string; action: string; groupId: number | null; oldValues?: unknown; newValues?: unknown; at: string },
): Promise<void> {
  return insertAudit(trx, {
    actorUserId: actor.user.id,
    groupId: row.groupId,
    entity: row.entity,
    entityId: row.entityId,
    action: row.action,
    oldValues: row.oldValues,
    newValues: row.newValues,
    ip: actor.ip,
    at: row.at,
  });
}

/** Today's date (UTC) as YYYY-MM-DD. */
export function todayUtc(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** Whether the database is PostgreSQL (for the few dialect differences a service cares about). */
export { isPostgres };

export type NewBillLine = { name: string; gross: number; net: number; tax: number; notes?: string; spendCategoryId: number; serviceCategory?: string | null };

export type NewBill = {
  groupId: number;
  moveId: number | null;
  employeeUserId: number | null;
  billType: BillTable["bill_type"];
  /** What the bill was made from (expense, bookingCost, lumpSum, adhocCashSpend, recurringPayment, externalSpend) and its id: one bill per source. */
  sourceKind: string;
  sourceId: number;
  fromAccountId: number | null;
  /** The payee's account (employee or vendor), in the bill's currency: the bill's charge entry lands there. */
  toAccountId: number;
  bankAccountId?: number | null;
  vendorName?: string | null;
  currency: string;
  gross: number;
  net: number;
  tax: number;
  isCredit?: boolean;
  reference?: string;
  /** YYYY-MM-DD: the bill's own date (lock periods look at it). */
  billDate: string;
  invoiceDate?: string | null;
  dueDate?: string | null;
  moveStage?: number | null;
  serviceKey?: string | null;
  serviceCategory?: string | null;
  spendCategoryId?: number | null;
  costCenter?: string | null;
  costCenter2?: string | null;
  /** The auto-approval rule that decided, when one did. */
  decidedByRule?: string | null;
  lines: NewBillLine[];
};

/**
 * Makes one Open bill with its lines and appends its charge entry (+gross on the payee's account, dated
 * the bill date), refusing a date inside a lock period; audits it (entity "bill", action "create").
 * A second bill for the same source is refused by the unique (source_kind, source_id) index: callers
 * guard the source first (a conditional update of the item), so that index is only a safety net.
 */
export async function insertBill(trx: Trx, actor: FinanceActor, b: NewBill, at: string): Promise<{ billId: number; entryId: number }> {
  await assertNotLocked(trx, { type: "create", date: b.billDate });
  const bill = await trx
    .insertInto("bills")
    .values({
      group_id: b.groupId,
      move_id: b.moveId,
      employee_user_id: b.employeeUserId,
      bill_type: b.billType,
      status: "Open",
      source_kind: b.sourceKind,
      source_id: b.sourceId,
      from_account_id: b.fromAccountId,
      to_account_id: b.toAccountId,
      bank_account_id: b.bankAccountId ?? null,
      vendor_name: b.vendorName ?? null,
      currency: b.currency,
      gross_amount: b.gross,
      net_amount: b.net,
      tax_amount: b.tax,
      is_credit: b.isCredit ? 1 : 0,
      reference: b.reference ?? "",
      bill_date: b.billDate,
      invoice_date: b.invoiceDate ?? null,
      due_date: b.dueDate ?? null,
      move_stage: b.moveStage ?? null,
      service_key: b.serviceKey ?? null,
      service_category: b.serviceCategory ?? null,
      spend_category_id: b.spendCategoryId ?? null,
      cost_center: b.costCenter ?? null,
      cost_center2: b.costCenter2 ?? null,
      decided_by_rule: b.decidedByRule ?? null,
      created_by: actor.user.id,
      created_at: at,
      updated_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  if (b.lines.length > 0) {
    await trx
      .insertInto("bill_lines")
      .values(
        b.lines.map((l, i) => ({
          bill_id: bill.id,
          group_id: b.groupId,
          position: i + 1,
          name: l.name,
          gross_amount: l.gross,
          net_amount: l.net,
          tax_amount: l.tax,
          notes: l.notes ?? "",
          spend_category_id: l.spendCategoryId,
          service_category: l.serviceCategory ?? null,
        })),
      )
      .execute();
  }
  const entry = await appendEntry(trx, { accountId: b.toAccountId, date: b.billDate, kind: "charge", amount: b.gross, currency: b.currency, billId: bill.id, actorUserId: actor.user.id, at });
  await auditFinance(trx, actor, {
    entity: "bill",
    entityId: bill.id,
    action: "create",
    groupId: b.groupId,
    newValues: { billType: b.billType, status: "Open", source: `${b.sourceKind}:${b.sourceId}`, currency: b.currency, gross: b.gross, net: b.net, tax: b.tax, toAccountId: b.toAccountId, fromAccountId: b.fromAccountId, billDate: b.billDate, lines: b.lines.length, decidedByRule: b.decidedByRule ?? null },
    at,
  });
  return { billId: bill.id, entryId: entry.id };
}
