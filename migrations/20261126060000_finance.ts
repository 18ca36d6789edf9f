// Finance (issue 16; part 2 §3 "Finance", §4 bill and approval states, §5 finance rules, §7 the calls
// under /accountmanagement/). The ledger cannot lie: a balance is the sum of its entries.
// - finance_companies: vendor and client companies an account or an ad-hoc charge names (the ad-hoc
//   company lookup answers them by category).
// - finance_subgroups: a client group's subgroups (cost centres an account may belong to).
// - finance_accounts: Client, Vendor or Employee accounts (group, subgroup, company, user, currency,
//   billing type Drawdown | Other, float in minor units, due period, version). `natural_key` names the
//   one default account of an owner and currency ("Employee:<userId>:<CUR>", "Client:<groupId>:<CUR>",
//   "Vendor:<companyId>:<CUR>") so parallel "ensure" calls make one account (unique, nulls allowed).
// - finance_entries: APPEND-ONLY. One signed amount per entry in the account's currency (kind charge,
//   payment, adjustment, reversal), its date, what it came from (bill, payment) and `balance_after`, the
//   running balance. `seq` counts an account's entries from 1; unique (account_id, seq) makes two
//   parallel appends to one account serialise (the loser retries on the new last entry), so every
//   balance_after equals the sum of the entries up to it. Nothing updates or deletes an entry: a
//   correction is another entry.
// - employee_bank_accounts: an employee's bank accounts (alias, number, currency, locked,
//   paymentCompleted, unConfirmed, version).
// - finance_lock_periods: period name and lock date (YYYY-MM-DD); nothing dated on or before the latest
//   lock date is created, changed or paid.
// - finance_items: the approval items other than expenses (which keep their own table): vendor
//   booking costs (from a booked supplier quote, unique quote_id), lump sums, ad-hoc cash spends and
//   external spends. net/tax/gross in minor units of `currency`; status SUBMITTED | APPROVED | REJECTED
//   | CHANGE_REQUESTED; hold reason; rejection; request for change; internal and external references;
//   version for optimistic concurrency; request_id makes a repeated creation one row.
// - finance_recurring_payments: the schedule of a recurring ad-hoc charge (CashAllowanceRecurring):
//   instalment seq, amount, due date, and the bill it became.
// - finance_rejection_reasons: the reasons a rejection (scope REJECT) or a void (scope VOID) picks.
// - bills / bill_lines: bills (type, status, audited, hold reason) made from one approval item
//   (source_kind + source_id, unique: approving twice cannot make two bills), from and to accounts,
//   amounts, reference, dates, move stage, service category; lines with name, amounts, notes and a
//   level-3 spend category. Sending a bill back to approval deletes the bill and its lines (the ledger
//   gets a reversal entry).
// - payments: what paid a bill (amount, currency, payment date, recipient amount/currency/account,
//   reference, credit, rejection); `batch_key` groups the payments of one multi-bill payment.
// - finance_idempotency: (user, key) → the first answer of a write, stored in the write's own
//   transaction, so a retried request returns it and does nothing twice.
// Money: integer minor units of the named currency, in 64-bit columns (bigint: a running balance or a total
// may pass the 32-bit range; values stay within JavaScript's safe integers). Dates YYYY-MM-DD; timestamps ISO-8601 UTC.
// Frozen: imports nothing from src/.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from "kysely";

function idColumn(db: Kysely<any>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) => (pg ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement());
}

const REJECTION_REASONS: [string, string][] = [
  ["REJECT", "Out of policy"],
  ["REJECT", "Over budget"],
  ["REJECT", "Missing or unreadable receipt"],
  ["REJECT", "Duplicate submission"],
  ["REJECT", "Incorrect amount"],
  ["REJECT", "Other"],
  ["VOID", "Duplicate bill"],
  ["VOID", "Raised in error"],
  ["VOID", "Supplier cancelled"],
  ["VOID", "Paid outside Meridian"],
  ["VOID", "Other"],
];

export async function up(db: Kysely<any>): Promise<void> {
  const id = idColumn(db);
  await db.schema
    .createTable("finance_companies")
    .addColumn("id", "integer", id)
    .addColumn("company_name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_companies_uq").on("finance_companies").columns(["category", "company_name"]).unique().execute();

  await db.schema
    .createTable("finance_subgroups")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_subgroups_uq").on("finance_subgroups").columns(["group_id", "name"]).unique().execute();

  await db.schema
    .createTable("finance_accounts")
    .addColumn("id", "integer", id)
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("subgroup_id", "integer", (c) => c.references("finance_subgroups.id").onDelete("set null"))
    .addColumn("company_id", "integer", (c) => c.references("finance_companies.id").onDelete("set null"))
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("billing_type", "text", (c) => c.notNull().defaultTo("Other"))
    .addColumn("float_amount", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("due_date_period", "text", (c) => c.notNull().defaultTo("NEXT_45_DAYS"))
    .addColumn("natural_key", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_accounts_natural_uq").on("finance_accounts").column("natural_key").unique().execute();
  await db.schema.createIndex("finance_accounts_search_idx").on("finance_accounts").columns(["type", "group_id", "currency"]).execute();
  await db.schema.createIndex("finance_accounts_user_idx").on("finance_accounts").columns(["user_id", "currency"]).execute();

  await db.schema
    .createTable("finance_entries")
    .addColumn("id", "integer", id)
    .addColumn("account_id", "integer", (c) => c.notNull().references("finance_accounts.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.references("groups.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("entry_date", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("balance_after", "bigint", (c) => c.notNull())
    .addColumn("bill_id", "integer")
    .addColumn("payment_id", "integer")
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_entries_seq_uq").on("finance_entries").columns(["account_id", "seq"]).unique().execute();
  await db.schema.createIndex("finance_entries_bill_idx").on("finance_entries").column("bill_id").execute();

  await db.schema
    .createTable("employee_bank_accounts")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("account_alias", "text", (c) => c.notNull())
    .addColumn("account_number", "text", (c) => c.notNull())
    .addColumn("account_currency", "text", (c) => c.notNull())
    .addColumn("locked", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payment_completed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("un_confirmed", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("employee_bank_accounts_user_idx").on("employee_bank_accounts").columns(["employee_user_id", "id"]).execute();

  await db.schema
    .createTable("finance_lock_periods")
    .addColumn("id", "integer", id)
    .addColumn("period_name", "text", (c) => c.notNull())
    .addColumn("lock_date", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_lock_periods_name_uq").on("finance_lock_periods").column("period_name").unique().execute();

  await db.schema
    .createTable("finance_rejection_reasons")
    .addColumn("id", "integer", (c) => c.primaryKey())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("sort_order", "integer", (c) => c.notNull())
    .execute();
  await db
    .insertInto("finance_rejection_reasons")
    .values(REJECTION_REASONS.map(([scope, label], i) => ({ id: i + 1, scope, label, sort_order: i + 1 })))
    .execute();

  await db.schema
    .createTable("finance_items")
    .addColumn("id", "integer", id)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.references("moves.id").onDelete("cascade"))
    .addColumn("employee_user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("service_key", "text")
    .addColumn("move_stage", "integer")
    .addColumn("budget_group", "integer")
    .addColumn("quote_id", "integer", (c) => c.references("supplier_quotes.id").onDelete("set null"))
    .addColumn("company_id", "integer", (c) => c.references("finance_companies.id").onDelete("set null"))
    .addColumn("vendor_name", "text")
    .addColumn("adhoc_type", "text")
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("net_amount", "bigint", (c) => c.notNull())
    .addColumn("tax_amount", "bigint", (c) => c.notNull())
    .addColumn("gross_amount", "bigint", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("SUBMITTED"))
    .addColumn("hold_reason", "text")
    .addColumn("rejection_id", "integer")
    .addColumn("rejection_reason", "text")
    .addColumn("change_reason", "text")
    .addColumn("internal_ref", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("external_ref", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("internal_notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("spend_category_id", "integer")
    .addColumn("invoice_date", "text")
    .addColumn("start_date", "text")
    .addColumn("end_date", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("request_id", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("decided_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("finance_items_quote_uq").on("finance_items").column("quote_id").unique().execute();
  await db.schema.createIndex("finance_items_request_uq").on("finance_items").columns(["created_by", "request_id"]).unique().execute();
  await db.schema.createIndex("finance_items_status_idx").on("finance_items").columns(["status", "kind", "id"]).execute();
  await db.schema.createIndex("finance_items_move_idx").on("finance_items").columns(["move_id", "move_stage", "budget_group"]).execute();

  await db.schema
    .createTable("finance_recurring_payments")
    .addColumn("id", "integer", id)
    .addColumn("item_id", "integer", (c) => c.notNull().references("finance_items.id").onDelete("cascade"))
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("due_date", "text", (c) => c.notNull())
    .addColumn("bill_id", "integer")
    .execute();
  await db.schema.createIndex("finance_recurring_payments_uq").on("finance_recurring_payments").columns(["item_id", "seq"]).unique().execute();

  await db.schema
    .createTable("bills")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("move_id", "integer", (c) => c.references("moves.id").onDelete("set null"))
    .addColumn("employee_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("bill_type", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull().defaultTo("Open"))
    .addColumn("audited", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("hold_reason", "text")
    .addColumn("source_kind", "text", (c) => c.notNull())
    .addColumn("source_id", "integer", (c) => c.notNull())
    .addColumn("from_account_id", "integer", (c) => c.references("finance_accounts.id").onDelete("set null"))
    .addColumn("to_account_id", "integer", (c) => c.references("finance_accounts.id").onDelete("set null"))
    .addColumn("bank_account_id", "integer", (c) => c.references("employee_bank_accounts.id").onDelete("set null"))
    .addColumn("vendor_name", "text")
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("gross_amount", "bigint", (c) => c.notNull())
    .addColumn("net_amount", "bigint", (c) => c.notNull())
    .addColumn("tax_amount", "bigint", (c) => c.notNull())
    .addColumn("is_credit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("bill_date", "text", (c) => c.notNull())
    .addColumn("invoice_date", "text")
    .addColumn("due_date", "text")
    .addColumn("move_stage", "integer")
    .addColumn("service_key", "text")
    .addColumn("service_category", "text")
    .addColumn("spend_category_id", "integer")
    .addColumn("cost_center", "text")
    .addColumn("cost_center2", "text")
    .addColumn("void_reason_id", "integer")
    .addColumn("void_reason", "text")
    .addColumn("decided_by_rule", "text")
    .addColumn("version", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addColumn("audited_at", "text")
    .addColumn("audited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.createIndex("bills_source_uq").on("bills").columns(["source_kind", "source_id"]).unique().execute();
  await db.schema.createIndex("bills_status_idx").on("bills").columns(["status", "bill_type", "id"]).execute();
  await db.schema.createIndex("bills_group_idx").on("bills").columns(["group_id", "status"]).execute();
  await db.schema.createIndex("bills_move_idx").on("bills").columns(["move_id", "move_stage"]).execute();

  await db.schema
    .createTable("bill_lines")
    .addColumn("id", "integer", id)
    .addColumn("bill_id", "integer", (c) => c.notNull().references("bills.id").onDelete("cascade"))
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("gross_amount", "bigint", (c) => c.notNull())
    .addColumn("net_amount", "bigint", (c) => c.notNull())
    .addColumn("tax_amount", "bigint", (c) => c.notNull())
    .addColumn("notes", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("spend_category_id", "integer", (c) => c.notNull())
    .addColumn("service_category", "text")
    .execute();
  await db.schema.createIndex("bill_lines_bill_idx").on("bill_lines").columns(["bill_id", "position"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "integer", id)
    .addColumn("group_id", "integer", (c) => c.notNull().references("groups.id").onDelete("cascade"))
    .addColumn("bill_id", "integer", (c) => c.references("bills.id").onDelete("set null"))
    .addColumn("batch_key", "text")
    .addColumn("status", "text", (c) => c.notNull().defaultTo("PAID"))
    .addColumn("amount", "bigint", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("payment_date", "text", (c) => c.notNull())
    .addColumn("paid_at", "text", (c) => c.notNull())
    .addColumn("recipient_amount", "bigint")
    .addColumn("recipient_currency", "text")
    .addColumn("recipient_account_id", "integer", (c) => c.references("finance_accounts.id").onDelete("set null"))
    .addColumn("different_recipient_currency", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reference", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("is_credit", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejection_id", "integer")
    .addColumn("rejection_reason", "text")
    .addColumn("created_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payments_bill_idx").on("payments").columns(["bill_id", "id"]).execute();

  await db.schema
    .createTable("finance_idempotency")
    .addColumn("user_id", "integer", (c) => c.notNull())
    .addColumn("idempotency_key", "text", (c) => c.notNull())
    .addColumn("scope", "text", (c) => c.notNull())
    .addColumn("request_hash", "text", (c) => c.notNull())
    .addColumn("response", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("finance_idempotency_pk", ["user_id", "idempotency_key"])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "finance_idempotency",
    "payments",
    "bill_lines",
    "bills",
    "finance_recurring_payments",
    "finance_items",
    "finance_rejection_reasons",
    "finance_lock_periods",
    "employee_bank_accounts",
    "finance_entries",
    "finance_accounts",
    "finance_subgroups",
    "finance_companies",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
