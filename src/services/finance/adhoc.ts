/**
 * Ad-hoc charges (issue 16; spec part 2 §2 "Ad-hoc charge creation (CRM), including type
 * CashAllowanceRecurring with a recurring payment schedule calculator", §3 "Recurring payment", §5
 * "Ad-hoc" and "Recurring", §9 limits). tRPC only (`finance.adhoc.*`): the spec documents no path for
 * creating a charge; the company lookup it documents (GET /crm/adhocCharge/getCompaniesByType) is
 * served by the accounts part.
 *
 * Who: CRM, FINANCE and ADMIN (platform staff: any group, named by its URL name). Everyone else is refused.
 *
 * A charge is one finance_items row of kind `adhocCashSpend` (adhoc_type one of ADHOC_TYPES), status
 * SUBMITTED, so it appears in Bill Approval; approving it makes the bill(s) (the approval part). Its
 * amount is read by `checkAdhocCharge`/`adhocAmount` (§5 "amounts numeric, trimmed to 2 decimals", JPY 0)
 * and must not be zero; a budget group and the cash-out spend category 580 go together. A
 * CashAllowanceRecurring carries its schedule (finance_recurring_payments: seq, amount, currency, due
 * date), checked by `checkRecurringInput` + `checkSchedule`: instalments sum exactly to the gross.
 * Lock periods: the charge date and every due date must lie after the latest lock date.
 *
 * One transaction through `financeWrite` (idempotency key → the first answer on a retry; the key is also
 * stored as the item's request_id, unique per creator), with an audit row (entity `finance_item`).
 */
import type { DB } from "../../db/index.ts";
import { findGroupByName } from "../../db/queries/admin/groups.ts";
import {
  findAdhocItem,
  findAdhocItems,
  findChargeableMove,
  findChargeableMoves,
  findCompanies,
  findCompany,
  findMoveServiceOptions,
  findRecurringPayments,
  findSpendCategories,
  type AdhocItemRow,
} from "../../db/queries/finance/adhoc.ts";
import { restrictionScopeOf, type RestrictionScope } from "../../db/queries/restrictions.ts";
import { AppError } from "../../domain/errors.ts";
import { adhocAmount, BUDGET_CASH_OUT_CATEGORY, checkAdhocCharge, type FieldErrors } from "../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { buildSchedule, CASH_ALLOWANCE_RECURRING, checkRecurringInput, checkSchedule } from "../../domain/finance/recurring.ts";
import {
  adhocMessages as M,
  type TAdhocItem,
  type TAdhocMove,
  type TCreateChargeRequest,
  type TMoveOptions,
} from "../../domain/finance/schemas-adhoc.ts";
import { messages } from "../../domain/messages.ts";
import { toMajorString, type Money } from "../../domain/money/money.ts";
import { canActInGroup } from "../../domain/roles.ts";
import type { SessionUser } from "../identity/auth.ts";
import { assertNotLocked, auditFinance, financeWrite, todayUtc, type FinanceActor } from "./core.ts";

/** Who creates ad-hoc charges (§2 "Ad-hoc charge creation (CRM)"; finance staff and admins too). */
export const ADHOC_ROLES = ["CRM", "FINANCE", "ADMIN"] as const;

export function requireAdhocRole(user: SessionUser): void {
  if (!(ADHOC_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
}

const isStaff = (user: SessionUser) => (ADHOC_ROLES as readonly string[]).includes(user.role);

/** The group named by its URL name, which the caller may work in (staff: any; HR and managers: their own). */
export async function groupForCaller(db: DB, user: SessionUser, name: string): Promise<{ id: number; name: string }> {
  const group = await findGroupByName(db, name);
  if (!group) throw new AppError("NOT_FOUND", M.groupNotFound);
  if (!isStaff(user) && !canActInGroup(user, group.id)) throw new AppError("FORBIDDEN", messages.otherGroup);
  return { id: group.id, name: group.name };
}

/** The chargeable move of the group the caller sees (managers through the restrictions helper), or NOT_FOUND. */
export async function moveForCaller(db: DB, scope: RestrictionScope, groupId: number, moveId: number) {
  const move = await findChargeableMove(db, { groupId, moveId, scope });
  if (!move) throw new AppError("NOT_FOUND", M.moveNotFound, { moveId: M.moveNotFound });
  return move;
}

const major = (amount: number, currency: string) => toMajorString({ amount, currency });
const nameOf = (first: string | null, last: string | null) => `${first ?? ""} ${last ?? ""}`.trim();

export function toAdhocItem(r: AdhocItemRow, payments: { seq: number; amount: number; currency: string; due_date: string; bill_id: number | null }[]): TAdhocItem {
  return {
    id: r.id,
    kind: r.kind as TAdhocItem["kind"],
    groupName: r.group_name,
    groupDisplayName: r.group_display_name,
    moveId: r.move_id,
    employeeId: r.employee_user_id,
    employeeName: nameOf(r.first_name, r.last_name),
    adhocType: r.adhoc_type,
    companyId: r.company_id,
    companyName: r.company_name ?? null,
    vendorName: r.vendor_name,
    description: r.description,
    currency: r.currency,
    gross: major(r.gross_amount, r.currency),
    net: major(r.net_amount, r.currency),
    tax: major(r.tax_amount, r.currency),
    date: r.invoice_date,
    moveStage: r.move_stage,
    serviceKey: r.service_key,
    budgetGroupId: r.budget_group,
    spendCategoryId: r.spend_category_id,
    internalRef: r.internal_ref,
    externalRef: r.external_ref,
    notes: r.notes,
    status: r.status,
    createdAt: r.created_at,
    payments: payments.map((p) => ({ seq: p.seq, paymentAmount: major(p.amount, p.currency), paymentDueDate: p.due_date, billId: p.bill_id })),
  };
}

/** The item with its schedule (read inside or outside a transaction). */
async function itemWithSchedule(db: Parameters<typeof findAdhocItem>[0], id: number): Promise<TAdhocItem> {
  const row = await findAdhocItem(db, id);
  if (!row) throw new AppError("NOT_FOUND", M.chargeNotFound);
  return toAdhocItem(row, await findRecurringPayments(db, [id]));
}

function refuse(errors: FieldErrors): never {
  const first = Object.values(errors)[0] ?? messages.badRequest;
  throw new AppError("VALIDATION", first, errors as Record<string, string>);
}

// ── lookups ──────────────────────────────────────────────────────────────────────────────────

/** The group's moves a charge or an external spend can name (search by employee name or e-mail). */
export async function listChargeableMoves(db: DB, user: SessionUser, input: { group: string; search?: string }): Promise<{ moves: TAdhocMove[] }> {
  requireChargeReader(user);
  const group = await groupForCaller(db, user, input.group);
  const rows = await findChargeableMoves(db, { groupId: group.id, search: input.search, scope: await restrictionScopeOf(db, user), limit: 50 });
  return {
    moves: rows.map((r) => ({
      moveId: r.moveId,
      employeeId: r.employeeId,
      employeeName: nameOf(r.first_name, r.last_name),
      email: r.email,
      status: r.status,
      destination: [r.destination_city_name, r.destination_country_code].filter(Boolean).join(", ") || null,
    })),
  };
}

/** Staff who create charges, and the HR and managers who record external spends. */
function requireChargeReader(user: SessionUser): void {
  if (!isStaff(user) && user.role !== "HR" && user.role !== "MANAGER") throw new AppError("FORBIDDEN", messages.forbidden);
}

/** A move's services (per stage, with their budget group), budget groups, and the spend categories a charge picks. */
export async function moveOptions(db: DB, user: SessionUser, input: { group: string; moveId: number }): Promise<TMoveOptions> {
  requireChargeReader(user);
  const group = await groupForCaller(db, user, input.group);
  const move = await moveForCaller(db, await restrictionScopeOf(db, user), group.id, input.moveId);
  const [{ services, groups }, categories] = await Promise.all([findMoveServiceOptions(db, move.policy_version_id), findSpendCategories(db)]);
  const cashOut = categories.find((c) => c.id === BUDGET_CASH_OUT_CATEGORY) ?? null;
  return {
    services: services.map((s) => ({ moveStage: s.move_stage, serviceKey: s.service_key, title: s.title || s.catalogue_name || s.service_key, budgetGroup: s.budget_group })),
    budgetGroups: groups.map((g) => ({ moveStage: g.move_stage, budgetGroupId: g.group_number })),
    cashOutCategory: cashOut ? { id: cashOut.id, description: cashOut.description } : null,
    spendCategories: categories.map((c) => ({ id: c.id, description: c.description })),
  };
}

/** The finance companies an ad-hoc charge can name (by category when given). */
export async function listCompanies(db: DB, user: SessionUser, input: { category?: string }) {
  requireAdhocRole(user);
  const rows = await findCompanies(db, input.category || undefined);
  return { companies: rows.map((r) => ({ id: r.id, companyName: r.company_name, category: r.category })) };
}

// ── create ───────────────────────────────────────────────────────────────────────────────────

/** The charge's amount, or the field errors of §5 "Ad-hoc" (plus non-zero). */
export function checkCharge(input: TCreateChargeRequest): { errors: FieldErrors; gross?: Money } {
  const errors = checkAdhocCharge({
    amount: input.amount,
    currency: input.currency,
    budgetGroupId: input.budgetGroupId ?? null,
    spendCategoryId: input.spendCategoryId ?? null,
    internalRef: input.internalRef,
    externalRef: input.externalRef,
    notes: input.notes,
  });
  const read = adhocAmount(input.amount, input.currency);
  const gross = "money" in read ? read.money : undefined;
  if (gross && gross.amount === 0 && !errors.amount) errors.amount = FM.amountNonZero;
  const recurring = input.adhocType === CASH_ALLOWANCE_RECURRING;
  if (!recurring && input.recurring) errors.recurring = M.scheduleOnlyRecurring;
  if (recurring) {
    if (!input.recurring) errors.recurring = M.scheduleRequired;
    else if (gross && !errors.amount) {
      const r = input.recurring;
      const inputs = checkRecurringInput({ gross: toMajorString(gross), currency: gross.currency, count: r.count, unit: r.unit, firstDueDate: r.firstDueDate });
      Object.assign(errors, prefixed("recurring.", inputs));
      if (Object.keys(inputs).length === 0) Object.assign(errors, prefixed("recurring.", checkSchedule(gross, r.payments, Number(r.count))));
    }
  }
  return { errors, gross };
}

const prefixed = (prefix: string, errors: FieldErrors): FieldErrors => Object.fromEntries(Object.entries(errors).map(([k, v]) => [`${prefix}${k}`, v]));

/** The schedule the calculator proposes (the screen shows it, editable): `buildSchedule` of the charge's amount. */
export function proposeSchedule(input: { amount: string; currency: string; count: unknown; unit: unknown; firstDueDate: unknown }) {
  const read = adhocAmount(input.amount, input.currency);
  if ("error" in read) return { errors: { gross: FM.recurringGross } as FieldErrors };
  return buildSchedule({ gross: toMajorString(read.money), currency: read.money.currency, count: input.count, unit: input.unit, firstDueDate: input.firstDueDate });
}

/** finance.adhoc.createCharge: a SUBMITTED adhocCashSpend item (with its schedule for CashAllowanceRecurring). */
export async function createCharge(db: DB, actor: FinanceActor, input: TCreateChargeRequest, now = new Date()): Promise<{ item: TAdhocItem }> {
  requireAdhocRole(actor.user);
  const { idempotencyKey, ...payload } = input;
  const { errors, gross } = checkCharge(input);
  if (Object.keys(errors).length > 0 || !gross) refuse(errors);
  const group = await groupForCaller(db, actor.user, input.group);
  const move = await moveForCaller(db, null, group.id, input.moveId);
  let companyName: string | null = null;
  if (input.companyId != null) {
    const company = await findCompany(db, input.companyId);
    if (!company) throw new AppError("VALIDATION", M.companyNotFound, { companyId: M.companyNotFound });
    companyName = company.company_name;
  }
  const at = now.toISOString();
  const chargeDate = input.chargeDate ?? todayUtc(now);
  const schedule =
    input.adhocType === CASH_ALLOWANCE_RECURRING && input.recurring
      ? input.recurring.payments.map((p, i) => ({ seq: i + 1, amount: (adhocAmount(p.paymentAmount, gross.currency) as { money: Money }).money.amount, dueDate: p.paymentDueDate }))
      : [];
  const key = idempotencyKey?.trim() || null;
  return financeWrite(db, actor, { scope: "finance.adhoc.createCharge", key, payload }, async (trx) => {
    await assertNotLocked(trx, { type: "create", date: chargeDate });
    for (const p of schedule) await assertNotLocked(trx, { type: "create", date: p.dueDate });
    const row = await trx
      .insertInto("finance_items")
      .values({
        kind: "adhocCashSpend",
        group_id: group.id,
        move_id: move.id,
        employee_user_id: move.employee_user_id,
        service_key: input.serviceKey ?? null,
        move_stage: input.moveStage ?? null,
        budget_group: input.budgetGroupId ?? null,
        company_id: input.companyId ?? null,
        vendor_name: companyName,
        adhoc_type: input.adhocType,
        description: input.notes ?? "",
        currency: gross.currency,
        net_amount: gross.amount,
        tax_amount: 0,
        gross_amount: gross.amount,
        status: "SUBMITTED",
        internal_ref: input.internalRef ?? "",
        external_ref: input.externalRef ?? "",
        notes: input.notes ?? "",
        spend_category_id: input.spendCategoryId ?? null,
        invoice_date: chargeDate,
        start_date: schedule[0]?.dueDate ?? null,
        end_date: schedule.at(-1)?.dueDate ?? null,
        request_id: key,
        created_by: actor.user.id,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    if (schedule.length > 0) {
      await trx
        .insertInto("finance_recurring_payments")
        .values(schedule.map((p) => ({ item_id: row.id, seq: p.seq, amount: p.amount, currency: gross.currency, due_date: p.dueDate, bill_id: null })))
        .execute();
    }
    await auditFinance(trx, actor, {
      entity: "finance_item",
      entityId: row.id,
      action: "adhoc.createCharge",
      groupId: group.id,
      oldValues: null,
      newValues: {
        kind: "adhocCashSpend",
        adhocType: input.adhocType,
        status: "SUBMITTED",
        moveId: move.id,
        employeeId: move.employee_user_id,
        currency: gross.currency,
        gross: gross.amount,
        chargeDate,
        companyId: input.companyId ?? null,
        budgetGroupId: input.budgetGroupId ?? null,
        spendCategoryId: input.spendCategoryId ?? null,
        instalments: schedule.length,
      },
      at,
    });
    return { item: await itemWithSchedule(trx, row.id) };
  });
}

// ── reads ────────────────────────────────────────────────────────────────────────────────────

/**
 * finance.adhoc.item: one charge or external spend with its schedule. Staff read any; HR their own
 * group's; a manager those on moves they see (external spends are theirs to record).
 */
export async function getAdhocItem(db: DB, user: SessionUser, itemId: number): Promise<{ item: TAdhocItem }> {
  requireChargeReader(user);
  const row = await findAdhocItem(db, itemId);
  if (!row || !(await mayReadItem(db, user, row, await restrictionScopeOf(db, user)))) throw new AppError("NOT_FOUND", M.chargeNotFound);
  return { item: toAdhocItem(row, await findRecurringPayments(db, [row.id])) };
}

async function mayReadItem(db: DB, user: SessionUser, row: AdhocItemRow, scope: RestrictionScope): Promise<boolean> {
  if (isStaff(user)) return true;
  if (!canActInGroup(user, row.group_id)) return false;
  if (user.role === "HR") return true;
  if (row.move_id === null) return false;
  return scope === null || (await findChargeableMove(db, { groupId: row.group_id, moveId: row.move_id, scope })) !== undefined;
}

/** finance.adhoc.list: the newest charges and external spends (staff: any group or the named one; HR and managers: their group's, managers on moves they see). */
export async function listAdhocItems(
  db: DB,
  user: SessionUser,
  input: { group?: string; kind?: "adhocCashSpend" | "externalSpend"; moveId?: number; limit?: number },
): Promise<{ items: TAdhocItem[] }> {
  requireChargeReader(user);
  let groupId: number | undefined;
  if (input.group !== undefined) groupId = (await groupForCaller(db, user, input.group)).id;
  else if (!isStaff(user)) groupId = user.groupId ?? -1;
  const rows = await findAdhocItems(db, { groupId, kind: input.kind, moveId: input.moveId, limit: input.limit ?? 50 });
  const scope = await restrictionScopeOf(db, user);
  const visible: AdhocItemRow[] = [];
  for (const r of rows) if (await mayReadItem(db, user, r, scope)) visible.push(r);
  const payments = await findRecurringPayments(db, visible.map((r) => r.id));
  return { items: visible.map((r) => toAdhocItem(r, payments.filter((p) => p.item_id === r.id))) };
}
