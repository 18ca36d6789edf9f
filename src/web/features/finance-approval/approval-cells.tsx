import { useTranslation } from "react-i18next";
import { blockedText } from "../../../domain/finance/approval.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { TApprovalRow } from "../../../domain/finance/schemas-approval.ts";
import { EXPENSE_CATEGORIES } from "../../../domain/employee/expenses/rules.ts";
import { catalogueService } from "../../../domain/policy/catalogue.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { formatDate } from "../../lib/format.ts";
import { Money, RowActionsMenu, type RowAction } from "../finance-shared/cells.tsx";
import { ReceiptPreview } from "./receipt-preview.tsx";

/** The cells of a Bill Approval row (the table's and the card's): the item, the remaining budget, the flags, the actions. */

/** The remaining budget: "N/A" when out of budget or without a group, "Error fetching budget" in red when it could not be read. */
export function BudgetCell({ row }: { row: TApprovalRow }) {
  const { t } = useTranslation();
  const b = row.budget;
  if (b.status === "error") return <span className="text-destructive">{FM.budgetFetchError}</span>;
  if (b.status === "na" || b.outOfBudget || b.remaining === null || b.currency === null) return <span className="text-muted-foreground">{FM.budgetNotApplicable}</span>;
  return (
    <span className="flex flex-col items-end gap-1">
      <Money amount={b.remaining} currency={b.currency} />
      {b.overBudget ? <Badge variant="warning">{t("financeApproval.overBudget")}</Badge> : null}
    </span>
  );
}

/** The item: its receipt's preview, kind and id, description (an expense's category in words), service and stage, and the bill it may duplicate. */
export function ItemCell({ row }: { row: TApprovalRow }) {
  const { t } = useTranslation();
  const what = t(`financeApproval.type.${row.kind}`);
  return (
    <span className="flex min-w-0 items-start gap-3">
      {row.receipt ? <ReceiptPreview receipt={row.receipt} what={what} id={row.id} /> : null}
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">
          {what} #{row.id}
        </span>
        <span className="text-xs text-muted-foreground">
          {[(EXPENSE_CATEGORIES as readonly string[]).includes(row.description) ? t(`expenses.category.${row.description as (typeof EXPENSE_CATEGORIES)[number]}`) : row.description, row.serviceName ? (catalogueService(row.serviceName)?.name ?? row.serviceName) : null, row.moveStageId ? t("financeApproval.stage", { stage: row.moveStageId }) : null].filter(Boolean).join(" · ")}
        </span>
        {row.duplicateOf ? (
          <span className="mt-1 text-xs text-warning-foreground" data-testid={`duplicate-of-${row.id}`}>
            {t(`financeApproval.duplicateOf.${row.duplicateOf.reason}`, { id: row.duplicateOf.id, description: row.duplicateOf.description, date: formatDate(row.duplicateOf.expenseDate) })}
          </span>
        ) : null}
      </span>
    </span>
  );
}

/** On hold (with the reason) or pending, out of policy, no receipt, a possible duplicate, recurring. */
export function Flags({ row }: { row: TApprovalRow }) {
  const { t } = useTranslation();
  return (
    <span className="flex flex-wrap gap-1.5">
      {row.holdReason ? <Badge variant="destructive">{t("financeApproval.onHold", { reason: row.holdReason })}</Badge> : <Badge variant="info">{t("financeApproval.pending")}</Badge>}
      {row.outOfPolicy ? <Badge variant="warning">{t("financeApproval.outOfPolicy")}</Badge> : null}
      {row.kind === "expense" && !row.hasReceipt ? <Badge>{t("financeApproval.noReceipt")}</Badge> : null}
      {row.duplicateOf ? <Badge variant="warning">{t("financeApproval.duplicate")}</Badge> : null}
      {row.recurring ? <Badge>{t("financeApproval.recurring")}</Badge> : null}
    </span>
  );
}

/**
 * Approve, Edit bill and the menu of the other actions (`more`). Approve shows as unavailable while any
 * budget check runs (`checking`) or the item is on hold, and a held item says why under the buttons.
 */
export function ApprovalActions({ row, busy, checking, onApprove, onEdit, more }: { row: TApprovalRow; busy: boolean; checking: boolean; onApprove: () => void; onEdit: () => void; more: readonly RowAction[] }) {
  const { t } = useTranslation();
  const what = t(`financeApproval.type.${row.kind}`);
  const held = row.holdReason !== null;
  const hintId = `approval-blocked-${row.kind}-${row.id}`;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          size="sm"
          busy={busy}
          aria-disabled={held || checking ? true : undefined}
          className={held ? "opacity-60" : undefined}
          aria-label={t("financeApproval.approveItem", { what, id: row.id })}
          aria-describedby={held ? hintId : undefined}
          onClick={onApprove}
        >
          {t("financeApproval.approve")}
        </Button>
        <Button size="sm" variant="outline" aria-label={t("financeApproval.editBillFor", { what, id: row.id })} onClick={onEdit} data-testid={`edit-bill-${row.kind}-${row.id}`}>
          {t("financeApproval.editBill")}
        </Button>
        <RowActionsMenu label={t("financeApproval.moreFor", { what, id: row.id })} items={more} />
      </div>
      {held ? (
        <p id={hintId} className="max-w-56 text-right text-xs text-muted-foreground">
          {blockedText(row.kind, "approve", "onHold")}
        </p>
      ) : null}
    </div>
  );
}
