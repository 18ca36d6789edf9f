/**
 * Bill Approval's writes that other services call inside their own transaction (issue 16; part 2 §4
 * "Approval"), kept apart from approval.ts so the quotes and expenses services can import them without
 * a cycle:
 * - `billsForApprovedItem`: the bill(s) of an approved item (one per item; a recurring ad-hoc cash
 *   spend one per instalment, each instalment row pointing at its bill), with the payee's account
 *   (Employee for expenses, lump sums and ad-hoc cash; Vendor for booking costs) and the group's Client
 *   account as from-account, both made by `ensureAccount` when missing; due the from-account's due
 *   period after the approval day (`dueDateOf`, default NEXT_45_DAYS; an instalment keeps its own date).
 * - `insertBookingCostForQuote`: booking a supplier quote makes its pending booking cost (unique quote_id).
 * - `autoApproveOnSubmit`: a group's auto-approval rule (off by default) approves a new expense that is
 *   in policy, within budget, with a receipt (when the rule asks) and at most the rule's amount; the
 *   bill's decided_by_rule and the audit row name the rule.
 * Everything here takes the caller's transaction and writes nothing outside it.
 */
import type { BillTable } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import type { ApprovalKind } from "../../domain/finance/approval.ts";
import { dueDateOf } from "../../domain/finance/due-dates.ts";
import { checkLock } from "../../domain/finance/lock-periods.ts";
import { approvalMessages } from "../../domain/finance/schemas-approval.ts";
import { auditFinance, ensureAccount, insertBill, lockPeriodsOf, type FinanceActor, type NewBillLine, type Trx } from "./core.ts";

export const BILL_TYPE_OF: Record<ApprovalKind, BillTable["bill_type"]> = {
  expense: "Expense",
  bookingCost: "VendorBooking",
  lumpSum: "CashLumpSumBill",
  adhocCashSpend: "CashAllowances",
};

/** The statuses of an item still waiting for a decision. */
export const PENDING_EXPENSE = ["SUBMITTED", "SUBMITTED_WITHOUT_RECEIPT", "IN_PROCESS"] as const;
export const PENDING_ITEM = ["SUBMITTED"] as const;
export const RECURRING_ADHOC = "CashAllowanceRecurring";

/** An approval item as both sources (expenses, finance_items) describe it. */
export type ApprovalItemRow = {
  kind: ApprovalKind;
  id: number;
  groupId: number;
  moveId: number | null;
  employeeUserId: number | null;
  serviceKey: string | null;
  moveStage: number | null;
  budgetGroup: number | null;
  currency: string;
  net: number;
  tax: number;
  gross: number;
  status: string;
  holdReason: string | null;
  version: number;
  hasReceipt: boolean;
  spendCategoryId: number | null;
  companyId: number | null;
  vendorName: string | null;
  adhocType: string | null;
  description: string;
  internalNotes: string;
  invoiceDate: string | null;
  createdAt: string;
};

export function isPending(item: Pick<ApprovalItemRow, "kind" | "status">): boolean {
  return (item.kind === "expense" ? (PENDING_EXPENSE as readonly string[]) : (PENDING_ITEM as readonly string[])).includes(item.status);
}

/** Reads one approval item (in the caller's transaction or on the database). */
export async function readApprovalItem(db: Trx, kind: ApprovalKind, id: number): Promise<ApprovalItemRow | null> {
  if (kind === "expense") {
    const e = await db.selectFrom("expenses").selectAll().where("id", "=", id).executeTakeFirst();
    if (!e) return null;
    return {
      kind, id: e.id, groupId: e.group_id, moveId: e.move_id, employeeUserId: e.employee_user_id, serviceKey: e.service_key, moveStage: e.move_stage,
      budgetGroup: e.budget_group, currency: e.currency, net: e.net_amount, tax: e.tax_amount, gross: e.gross_amount, status: e.status,
      holdReason: e.hold_reason, version: e.version, hasReceipt: e.receipt_file_id !== null, spendCategoryId: e.spend_category_id, companyId: null,
      vendorName: null, adhocType: null, description: e.description || e.category_other || e.category, internalNotes: e.internal_notes,
      invoiceDate: e.expense_date, createdAt: e.created_at,
    };
  }
  const f = await db.selectFrom("finance_items").selectAll().where("id", "=", id).where("kind", "=", kind).executeTakeFirst();
  if (!f) return null;
  return {
    kind, id: f.id, groupId: f.group_id, moveId: f.move_id, employeeUserId: f.employee_user_id, serviceKey: f.service_key, moveStage: f.move_stage,
    budgetGroup: f.budget_group, currency: f.currency, net: f.net_amount, tax: f.tax_amount, gross: f.gross_amount, status: f.status,
    holdReason: f.hold_reason, version: f.version, hasReceipt: false, spendCategoryId: f.spend_category_id, companyId: f.company_id,
    vendorName: f.vendor_name, adhocType: f.adhoc_type, description: f.description, internalNotes: f.internal_notes, invoiceDate: f.invoice_date,
    createdAt: f.created_at,
  };
}

/** The level-3 spend category a default bill line books to: the item's own, else the first leaf of its service type, else the first cash leaf. */
export async function defaultSpendCategory(trx: Trx, item: Pick<ApprovalItemRow, "spendCategoryId" | "serviceKey">): Promise<number | null> {
  if (item.spendCategoryId !== null) return item.spendCategoryId;
  if (item.serviceKey) {
    const leaf = await trx
      .selectFrom("spend_categories as l3")
      .innerJoin("spend_categories as l2", "l2.id", "l3.parent_id")
      .select("l3.id")
      .where("l3.level", "=", 3)
      .where("l2.service_type", "=", item.serviceKey)
      .orderBy("l3.id")
      .limit(1)
      .executeTakeFirst();
    if (leaf) return leaf.id;
  }
  const cash = await trx.selectFrom("spend_categories").select("id").where("level", "=", 3).where("cash_service_id", "is not", null).where("is_budget_cash_out", "=", 0).orderBy("id").limit(1).executeTakeFirst();
  if (cash) return cash.id;
  const any = await trx.selectFrom("spend_categories").select("id").where("level", "=", 3).orderBy("id").limit(1).executeTakeFirst();
  return any?.id ?? null;
}

/** The vendor company of a name (category Vendor), made when missing. */
export async function vendorCompanyId(trx: Trx, name: string, at: string): Promise<number> {
  const companyName = name.trim() || "Unknown vendor";
  await trx.insertInto("finance_companies").values({ company_name: companyName, category: "Vendor", created_at: at }).onConflict((oc) => oc.columns(["category", "company_name"]).doNothing()).execute();
  const row = await trx.selectFrom("finance_companies").select("id").where("category", "=", "Vendor").where("company_name", "=", companyName).executeTakeFirstOrThrow();
  return row.id;
}

export type BillOptions = {
  lines: NewBillLine[];
  gross: number;
  net: number;
  tax: number;
  reference: string;
  billDate: string;
  invoiceDate?: string | null;
  costCenter?: string | null;
  costCenter2?: string | null;
  fromAccountId?: number | null;
  toAccountId?: number | null;
  bankAccountId?: number | null;
  serviceCategory?: string | null;
  decidedByRule?: string | null;
};

/** The payee's default account in the bill's currency (Employee or Vendor), made when missing. */
export async function payeeAccount(trx: Trx, actor: FinanceActor, item: ApprovalItemRow, at: string): Promise<number> {
  if (item.kind === "bookingCost") {
    const companyId = item.companyId ?? (await vendorCompanyId(trx, item.vendorName ?? "", at));
    const company = await trx.selectFrom("finance_companies").select("company_name").where("id", "=", companyId).executeTakeFirstOrThrow();
    return (await ensureAccount(trx, { type: "Vendor", currency: item.currency, name: company.company_name, companyId, groupId: item.groupId, actorUserId: actor.user.id, at })).id;
  }
  if (item.employeeUserId === null) throw new AppError("CONFLICT", approvalMessages.noEmployee);
  const u = await trx.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", item.employeeUserId).executeTakeFirstOrThrow();
  return (await ensureAccount(trx, { type: "Employee", currency: item.currency, name: `${u.first_name} ${u.last_name}`.trim(), userId: item.employeeUserId, groupId: item.groupId, actorUserId: actor.user.id, at })).id;
}

/** The group's Client account in a currency (the bill's default from-account), made when missing. */
export async function clientAccount(trx: Trx, actorUserId: number | null, groupId: number, currency: string, at: string): Promise<{ id: number; name: string }> {
  const g = await trx.selectFrom("groups").select("display_name").where("id", "=", groupId).executeTakeFirstOrThrow();
  const { id } = await ensureAccount(trx, { type: "Client", currency, name: g.display_name, groupId, actorUserId, at });
  const row = await trx.selectFrom("finance_accounts").select("name").where("id", "=", id).executeTakeFirstOrThrow();
  return { id, name: row.name };
}

/**
 * The bill(s) of an item just approved (the caller has already moved it to APPROVED by a conditional
 * update). A recurring ad-hoc cash spend makes one bill per instalment (source recurringPayment, dated
 * the instalment's due date) and marks each instalment with its bill.
 */
export async function billsForApprovedItem(trx: Trx, actor: FinanceActor, item: ApprovalItemRow, o: BillOptions, at: string): Promise<number[]> {
  const toAccountId = o.toAccountId ?? (await payeeAccount(trx, actor, item, at));
  const fromAccountId = o.fromAccountId ?? (await clientAccount(trx, actor.user.id, item.groupId, item.currency, at)).id;
  // Due the charged account's due period after the approval day (src/domain/finance/due-dates.ts; issue 24 §5).
  const from = await trx.selectFrom("finance_accounts").select("due_date_period").where("id", "=", fromAccountId).executeTakeFirst();
  const dueDate = dueDateOf(at.slice(0, 10), from?.due_date_period);
  const base = {
    groupId: item.groupId,
    moveId: item.moveId,
    employeeUserId: item.employeeUserId,
    billType: BILL_TYPE_OF[item.kind],
    fromAccountId,
    toAccountId,
    bankAccountId: o.bankAccountId ?? null,
    vendorName: item.vendorName,
    currency: item.currency,
    reference: o.reference,
    invoiceDate: o.invoiceDate ?? null,
    moveStage: item.moveStage,
    serviceKey: item.serviceKey,
    serviceCategory: o.serviceCategory ?? null,
    spendCategoryId: o.lines[0]?.spendCategoryId ?? null,
    costCenter: o.costCenter ?? null,
    costCenter2: o.costCenter2 ?? null,
    decidedByRule: o.decidedByRule ?? null,
  };
  if (item.kind === "adhocCashSpend" && item.adhocType === RECURRING_ADHOC) {
    const instalments = await trx.selectFrom("finance_recurring_payments").selectAll().where("item_id", "=", item.id).where("bill_id", "is", null).orderBy("seq").execute();
    if (instalments.length === 0) throw new AppError("CONFLICT", approvalMessages.noRecurringSchedule);
    const ids: number[] = [];
    const spend = o.lines[0]?.spendCategoryId;
    if (spend === undefined) throw new AppError("VALIDATION", approvalMessages.noRecurringSchedule);
    for (const p of instalments) {
      const { billId } = await insertBill(
        trx,
        actor,
        {
          ...base,
          sourceKind: "recurringPayment",
          sourceId: p.id,
          gross: p.amount,
          net: p.amount,
          tax: 0,
          billDate: p.due_date,
          dueDate: p.due_date,
          reference: `${o.reference} ${p.seq}/${instalments.length}`.slice(0, 255),
          lines: [{ name: `${o.lines[0]?.name || item.description || "Cash allowance"} ${p.seq}/${instalments.length}`.slice(0, 200), gross: p.amount, net: p.amount, tax: 0, spendCategoryId: spend }],
        },
        at,
      );
      const marked = await trx.updateTable("finance_recurring_payments").set({ bill_id: billId }).where("id", "=", p.id).where("bill_id", "is", null).executeTakeFirst();
      if (Number(marked.numUpdatedRows) !== 1) throw new AppError("CONFLICT", approvalMessages.changed);
      ids.push(billId);
    }
    return ids;
  }
  const { billId } = await insertBill(
    trx,
    actor,
    { ...base, sourceKind: item.kind, sourceId: item.id, gross: o.gross, net: o.net, tax: o.tax, billDate: o.billDate, dueDate, lines: o.lines },
    at,
  );
  return [billId];
}

/**
 * Booking a supplier quote makes its vendor booking cost waiting for approval (in the booking's
 * transaction; unique quote_id). The budget group is the service's on the move's policy at that stage.
 */
export async function insertBookingCostForQuote(
  trx: Trx,
  q: { id: number; group_id: number; move_id: number; service_key: string; move_stage: number; company_name: string; currency: string; amount: number },
  actorUserId: number,
  at: string,
): Promise<number> {
  const move = await trx.selectFrom("moves").select(["employee_user_id", "policy_version_id"]).where("id", "=", q.move_id).executeTakeFirstOrThrow();
  const service = move.policy_version_id
    ? await trx
        .selectFrom("policy_services")
        .select("budget_group")
        .where("policy_version_id", "=", move.policy_version_id)
        .where("move_stage", "=", q.move_stage)
        .where("service_key", "=", q.service_key)
        .executeTakeFirst()
    : undefined;
  const companyId = await vendorCompanyId(trx, q.company_name, at);
  const row = await trx
    .insertInto("finance_items")
    .values({
      kind: "bookingCost",
      group_id: q.group_id,
      move_id: q.move_id,
      employee_user_id: move.employee_user_id,
      service_key: q.service_key,
      move_stage: q.move_stage,
      budget_group: service?.budget_group ?? null,
      quote_id: q.id,
      company_id: companyId,
      vendor_name: q.company_name,
      description: `${q.company_name} booking`,
      currency: q.currency,
      net_amount: q.amount,
      tax_amount: 0,
      gross_amount: q.amount,
      created_by: actorUserId,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) => oc.column("quote_id").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (row) return row.id;
  return (await trx.selectFrom("finance_items").select("id").where("quote_id", "=", q.id).executeTakeFirstOrThrow()).id;
}

export type SubmittedExpense = {
  expenseId: number;
  groupId: number;
  currency: string;
  gross: number;
  hasReceipt: boolean;
  /** The service is on the move's policy at that stage. */
  inPolicy: boolean;
  /** A budget was found and what remains of it covers the expense (in the budget's currency). */
  withinBudget: boolean;
  at: string;
};

/** The name a bill and an audit row give the rule that decided. */
export const ruleName = (groupId: number, version: number) => `auto-approval:${groupId}:v${version}`;

/**
 * Applies the group's auto-approval rule to an expense just submitted (in the submission's
 * transaction). Answers the bill id when the rule approved it, else null. Nothing happens when the
 * rule is off, the expense misses a condition, or today is inside a lock period.
 */
export async function autoApproveOnSubmit(trx: Trx, actor: FinanceActor, e: SubmittedExpense): Promise<number | null> {
  const rule = await trx.selectFrom("finance_auto_approval_rules").selectAll().where("group_id", "=", e.groupId).executeTakeFirst();
  if (!rule || rule.enabled !== 1) return null;
  if (!e.inPolicy || !e.withinBudget) return null;
  if (rule.requires_receipt === 1 && !e.hasReceipt) return null;
  if (rule.currency !== e.currency || e.gross > rule.max_amount) return null;
  const billDate = e.at.slice(0, 10);
  if (checkLock(await lockPeriodsOf(trx), { type: "create", date: billDate }) !== null) return null;
  const item = await readApprovalItem(trx, "expense", e.expenseId);
  if (!item || !isPending(item)) return null;
  const spend = await defaultSpendCategory(trx, item);
  if (spend === null) return null;
  const name = ruleName(e.groupId, rule.version);
  const updated = await trx
    .updateTable("expenses")
    .set({ status: "APPROVED", version: item.version + 1, updated_at: e.at })
    .where("id", "=", item.id)
    .where("version", "=", item.version)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  const [billId] = await billsForApprovedItem(
    trx,
    actor,
    item,
    {
      lines: [{ name: item.description || item.serviceKey || "Expense", gross: item.gross, net: item.net, tax: item.tax, spendCategoryId: spend }],
      gross: item.gross,
      net: item.net,
      tax: item.tax,
      reference: `EXP-${item.id}`,
      billDate,
      invoiceDate: item.invoiceDate,
      decidedByRule: name,
    },
    e.at,
  );
  await auditFinance(trx, actor, {
    entity: "expense",
    entityId: item.id,
    action: "finance.autoApprove",
    groupId: item.groupId,
    oldValues: { status: item.status, version: item.version },
    newValues: { status: "APPROVED", version: item.version + 1, billIds: [billId!], rule: name },
    at: e.at,
  });
  return billId ?? null;
}
