/**
 * External spends (issue 16; spec part 2 §2 "External spend creation"): money paid outside Meridian
 * (a company card, a supplier paid by the client directly) recorded against a move's service budget,
 * so the estimate-against-actual view counts it as actual spend. tRPC only (`finance.adhoc.createExternalSpend`);
 * the spec documents no path for it.
 *
 * Who: HR of the group, FINANCE and ADMIN, and a MANAGER of the group whose `manager_restrictions.external_spend`
 * is on (the "turn external spend" switch of the managers admin) and who sees the move (the shared
 * restrictions helper). CRM does not record them. An invisible move answers like a missing one.
 *
 * What: one finance_items row of kind `externalSpend`, status APPROVED at creation (it was already paid:
 * nothing to approve), decided_by = the creator; its service and stage must be one of the move's policy
 * services (its budget group is the service's). Amounts: gross required and > 0; net and tax both or
 * neither (one alone must equal gross), summing to gross within §9's tolerance (the bill-amount rule,
 * `checkBillAmounts` without a reference). The spend date must lie after the latest lock date. One transaction through `financeWrite`
 * with an audit row (entity `finance_item`, action `adhoc.createExternalSpend`).
 */
import type { DB } from "../../db/index.ts";
import { findMoveServiceOptions } from "../../db/queries/finance/adhoc.ts";
import { restrictionScopeOf } from "../../db/queries/restrictions.ts";
import { AppError } from "../../domain/errors.ts";
import { checkBillAmounts, readAmount, type FieldErrors } from "../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { adhocMessages as M, type TAdhocItem, type TCreateExternalSpendRequest } from "../../domain/finance/schemas-adhoc.ts";
import { messages } from "../../domain/messages.ts";
import { canActInGroup } from "../../domain/roles.ts";
import type { SessionUser } from "../identity/auth.ts";
import { groupForCaller, moveForCaller, toAdhocItem } from "./adhoc.ts";
import { assertNotLocked, auditFinance, financeWrite, type FinanceActor } from "./core.ts";
import { findAdhocItem } from "../../db/queries/finance/adhoc.ts";

/** May the caller record external spends in the group (role, group, and a manager's switch)? */
export async function mayCreateExternalSpend(db: DB, user: SessionUser, groupId: number): Promise<boolean> {
  if (user.role === "FINANCE" || user.role === "ADMIN") return true;
  if (!canActInGroup(user, groupId)) return false;
  if (user.role === "HR") return true;
  if (user.role !== "MANAGER") return false;
  const row = await db.selectFrom("manager_restrictions").select("external_spend").where("user_id", "=", user.id).executeTakeFirst();
  return Number(row?.external_spend ?? 0) === 1;
}

/** The amounts of an external spend: gross > 0; net and tax as on a bill (both summing to gross, or one alone equal to it). */
export function checkExternalSpendAmounts(input: { currency: string; gross: string; net?: string; tax?: string }): FieldErrors {
  const errors = checkBillAmounts({ currency: input.currency, gross: input.gross, net: input.net, tax: input.tax, reference: "-" });
  delete errors.reference;
  if (!errors.gross) {
    const g = readAmount(input.gross, input.currency);
    if ("money" in g && g.money.amount <= 0) errors.gross = g.money.amount === 0 ? FM.amountNonZero : M.grossPositive;
  }
  return errors;
}

/** Who may record an external spend (the procedure's builder checks it before the input). */
export const EXTERNAL_SPEND_ROLES = ["HR", "MANAGER", "FINANCE", "ADMIN"] as const;

/** finance.adhoc.createExternalSpend. */
export async function createExternalSpend(db: DB, actor: FinanceActor, input: TCreateExternalSpendRequest, now = new Date()): Promise<{ item: TAdhocItem }> {
  const user = actor.user;
  if (!(EXTERNAL_SPEND_ROLES as readonly string[]).includes(user.role)) throw new AppError("FORBIDDEN", messages.forbidden);
  const { idempotencyKey, ...payload } = input;
  const errors = checkExternalSpendAmounts(input);
  if (Object.keys(errors).length > 0) throw new AppError("VALIDATION", Object.values(errors)[0] ?? messages.badRequest, errors as Record<string, string>);
  const group = await groupForCaller(db, user, input.group);
  if (!(await mayCreateExternalSpend(db, user, group.id))) throw new AppError("FORBIDDEN", messages.forbidden);
  const move = await moveForCaller(db, await restrictionScopeOf(db, user), group.id, input.moveId);
  const { services } = await findMoveServiceOptions(db, move.policy_version_id);
  const service = services.find((s) => s.move_stage === input.moveStage && s.service_key === input.serviceKey);
  if (!service) throw new AppError("VALIDATION", M.serviceRequired, { serviceKey: M.serviceRequired });
  const gross = (readAmount(input.gross, input.currency) as { money: { amount: number; currency: string } }).money;
  const part = (text: string | undefined) => (text?.trim() ? (readAmount(text, input.currency) as { money: { amount: number } }).money.amount : null);
  const givenNet = part(input.net);
  const givenTax = part(input.tax);
  const net = givenNet ?? gross.amount - (givenTax ?? 0);
  const tax = givenTax ?? gross.amount - net;
  const at = now.toISOString();
  const key = idempotencyKey?.trim() || null;
  return financeWrite(db, actor, { scope: "finance.adhoc.createExternalSpend", key, payload }, async (trx) => {
    await assertNotLocked(trx, { type: "create", date: input.spendDate });
    const row = await trx
      .insertInto("finance_items")
      .values({
        kind: "externalSpend",
        group_id: group.id,
        move_id: move.id,
        employee_user_id: move.employee_user_id,
        service_key: service.service_key,
        move_stage: service.move_stage,
        budget_group: service.budget_group,
        vendor_name: input.vendorName?.trim() || null,
        description: input.description ?? "",
        currency: gross.currency,
        net_amount: net,
        tax_amount: tax,
        gross_amount: gross.amount,
        status: "APPROVED",
        external_ref: input.externalRef ?? "",
        notes: input.notes ?? "",
        invoice_date: input.spendDate,
        request_id: key,
        created_by: user.id,
        decided_by: user.id,
        decided_at: at,
        created_at: at,
        updated_at: at,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await auditFinance(trx, actor, {
      entity: "finance_item",
      entityId: row.id,
      action: "adhoc.createExternalSpend",
      groupId: group.id,
      oldValues: null,
      newValues: {
        kind: "externalSpend",
        status: "APPROVED",
        moveId: move.id,
        moveStage: service.move_stage,
        serviceKey: service.service_key,
        budgetGroup: service.budget_group,
        currency: gross.currency,
        gross: gross.amount,
        net,
        tax,
        spendDate: input.spendDate,
        decidedBy: user.id,
      },
      at,
    });
    const created = await findAdhocItem(trx, row.id);
    return { item: toAdhocItem(created!, []) };
  });
}
