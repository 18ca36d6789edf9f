/**
 * A group's auto-approval rule (issue 16): read and saved here, applied when an expense is submitted
 * (`autoApproveOnSubmit` in approval-bills.ts).
 */
import type { Transaction } from "kysely";
import type { DB } from "../../db/index.ts";
import type { Database } from "../../db/schema.ts";
import { AppError } from "../../domain/errors.ts";
import { readAmount } from "../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../domain/finance/messages.ts";
import { approvalMessages as AM, type TAutoRule, type TAutoRuleSave } from "../../domain/finance/schemas-approval.ts";
import { minorUnitsOf, toMajorString } from "../../domain/money/money.ts";
import type { SessionUser } from "../identity/auth.ts";
import { auditFinance, financeWrite, requireFinance, type FinanceActor } from "./core.ts";

const major = (amount: number, currency: string) => toMajorString({ amount, currency });

async function requireGroup(db: DB | Transaction<Database>, groupId: number) {
  const g = await db.selectFrom("groups").select(["id", "display_name"]).where("id", "=", groupId).executeTakeFirst();
  if (!g) throw new AppError("NOT_FOUND", "This group does not exist.");
  return g;
}

/** A group's auto-approval rule (off, EUR 0, receipt required when none was saved). */
export async function getAutoRule(db: DB, user: SessionUser, groupId: number): Promise<TAutoRule> {
  requireFinance(user);
  await requireGroup(db, groupId);
  const r = await db.selectFrom("finance_auto_approval_rules").selectAll().where("group_id", "=", groupId).executeTakeFirst();
  if (!r) return { groupId, enabled: false, maxAmount: "0.00", currency: "EUR", requiresReceipt: true, version: 0 };
  return { groupId, enabled: r.enabled === 1, maxAmount: major(r.max_amount, r.currency), currency: r.currency, requiresReceipt: r.requires_receipt === 1, version: r.version };
}

/** Saves a group's auto-approval rule, guarded by the version read (0: none yet). */
export async function saveAutoRule(db: DB, actor: FinanceActor, input: Omit<TAutoRuleSave, "idempotencyKey">, key?: string | null, now = new Date()): Promise<TAutoRule> {
  requireFinance(actor.user);
  await requireGroup(db, input.groupId);
  const amount = readAmount(input.maxAmount, input.currency);
  if ("error" in amount) throw new AppError("VALIDATION", amount.error, { maxAmount: amount.error });
  if (amount.money.amount < 0) throw new AppError("VALIDATION", AM.autoRuleAmount, { maxAmount: AM.autoRuleAmount });
  if (minorUnitsOf(input.currency) < 0) throw new AppError("VALIDATION", FM.currencyRequired, { currency: FM.currencyRequired });
  const at = now.toISOString();
  return financeWrite(db, actor, { scope: "finance.approval.saveAutoRule", key, payload: input }, async (trx) => {
    const old = await trx.selectFrom("finance_auto_approval_rules").selectAll().where("group_id", "=", input.groupId).executeTakeFirst();
    const values = { enabled: input.enabled ? 1 : 0, max_amount: amount.money.amount, currency: input.currency, requires_receipt: input.requiresReceipt ? 1 : 0, updated_by: actor.user.id, updated_at: at };
    let version: number;
    if (!old) {
      if (input.version !== 0) throw new AppError("CONFLICT", AM.autoRuleChanged);
      const ins = await trx.insertInto("finance_auto_approval_rules").values({ group_id: input.groupId, ...values, version: 1 }).onConflict((oc) => oc.column("group_id").doNothing()).returning("group_id").executeTakeFirst();
      if (!ins) throw new AppError("CONFLICT", AM.autoRuleChanged);
      version = 1;
    } else {
      const r = await trx.updateTable("finance_auto_approval_rules").set({ ...values, version: old.version + 1 }).where("group_id", "=", input.groupId).where("version", "=", input.version).executeTakeFirst();
      if (Number(r.numUpdatedRows) !== 1) throw new AppError("CONFLICT", AM.autoRuleChanged);
      version = old.version + 1;
    }
    await auditFinance(trx, actor, {
      entity: "finance_auto_approval_rule",
      entityId: input.groupId,
      action: "finance.autoRule",
      groupId: input.groupId,
      oldValues: old ? { enabled: old.enabled === 1, maxAmount: old.max_amount, currency: old.currency, requiresReceipt: old.requires_receipt === 1, version: old.version } : null,
      newValues: { enabled: input.enabled, maxAmount: amount.money.amount, currency: input.currency, requiresReceipt: input.requiresReceipt, version },
      at,
    });
    return { groupId: input.groupId, enabled: input.enabled, maxAmount: major(amount.money.amount, input.currency), currency: input.currency, requiresReceipt: input.requiresReceipt, version };
  });
}
