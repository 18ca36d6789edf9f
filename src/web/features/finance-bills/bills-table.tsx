import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { BillRow, BILL_LIST_STATUSES } from "../../../domain/finance/schemas-bills.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { TableCell, TableHead, TableRow } from "../../components/ui/table.tsx";
import { formatDate } from "../../lib/format.ts";
import { Money, Payee, RowActionsMenu, type RowAction } from "../finance-shared/cells.tsx";
import { RowCards, RowsTable } from "../finance-shared/results.tsx";

/** A bill's status as Bill Management lists it (an audited bill shows as Audited). */
export type Status = (typeof BILL_LIST_STATUSES)[number];

function statusBadge(row: BillRow, t: TFunction) {
  const status: Status = row.audited ? "Audited" : row.status;
  const variant = status === "Void" ? "neutral" : status === "Paid" || status === "Audited" ? "success" : status === "PaidPendingAudit" ? "info" : "warning";
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <Badge variant={variant}>{t(`financeBills.status.${status}`)}</Badge>
      {row.holdReason ? <Badge variant="destructive">{t("financeBills.onHold", { reason: row.holdReason })}</Badge> : null}
      {row.exportBatchId !== null ? <Badge variant="info">{t("financeBills.exported")}</Badge> : null}
    </span>
  );
}

function payee(row: BillRow) {
  return <Payee name={row.billType === "VendorBooking" ? row.vendorName : row.employeeName} group={row.groupDisplayName} />;
}

/**
 * A page of bills: the table from the desktop breakpoint (with "select the page"), cards below; each bill
 * with its checkbox when it can be selected and its menu of the actions `actionsOf` allows.
 */
export function BillRows({ rows, selection, toggle, actionsOf }: { rows: readonly BillRow[]; selection: readonly number[]; toggle: (row: BillRow, on: boolean) => void; actionsOf: (row: BillRow) => RowAction[] }) {
  const { t } = useTranslation();
  const pageSelectable = rows.filter((r) => r.actions.select);
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((r) => selection.includes(r.id));
  const menu = (row: BillRow) => <RowActionsMenu label={t("financeBills.actionsFor", { id: row.id })} text={t("financeBills.actions")} items={actionsOf(row)} />;
  return (
    <>
      {/* Issue 24 §6: the table from the desktop breakpoint, priority columns only (the account and the bill date are the
          bill's and payee's detail lines), so the Actions column always shows at 1366 px; cards below. */}
      <RowsTable
        caption={t("financeBills.caption")}
        className="table-fixed"
        head={
          <>
            <TableHead className="w-12">
              <Checkbox aria-label={t("financeBills.selectPage")} checked={allOnPage} disabled={pageSelectable.length === 0} onCheckedChange={(v) => pageSelectable.forEach((r) => toggle(r, v === true))} />
            </TableHead>
            <TableHead className="w-[9.5rem]">{t("financeBills.bill")}</TableHead>
            <TableHead>{t("financeBills.payee")}</TableHead>
            <TableHead className="w-[9rem] text-right">{t("financeBills.amount")}</TableHead>
            <TableHead className="w-[7.5rem]">{t("financeBills.due")}</TableHead>
            <TableHead className="w-[11rem]">{t("financeBills.status")}</TableHead>
            <TableHead className="w-[7.5rem]">
              <span className="sr-only">{t("financeBills.actions")}</span>
            </TableHead>
          </>
        }
      >
        {rows.map((row) => (
          <TableRow key={row.id} data-testid={`bill-${row.id}`}>
            <TableCell>{row.actions.select ? <Checkbox aria-label={t("financeBills.select", { id: row.id })} checked={selection.includes(row.id)} onCheckedChange={(v) => toggle(row, v === true)} /> : null}</TableCell>
            <TableCell>
              <span className="flex flex-col">
                <span className="font-medium tabular-nums">#{row.id}</span>
                <span className="text-xs text-muted-foreground">{t(`financeBills.type.${row.billType}`, row.billType)}</span>
                <span className="text-xs text-muted-foreground">
                  {t("financeBills.billDate")} {formatDate(row.billDate)}
                </span>
              </span>
            </TableCell>
            <TableCell className="min-w-0 break-words">
              {payee(row)}
              <span className="block break-words text-xs text-muted-foreground">
                <span className="sr-only">{t("financeBills.account")}: </span>
                {row.toAccount?.name ?? "—"}
              </span>
            </TableCell>
            <TableCell className="text-right">
              <Money amount={row.gross} currency={row.currency} />
            </TableCell>
            <TableCell className="whitespace-nowrap">{row.dueDate ? formatDate(row.dueDate) : "—"}</TableCell>
            <TableCell>{statusBadge(row, t)}</TableCell>
            <TableCell className="text-right">{menu(row)}</TableCell>
          </TableRow>
        ))}
      </RowsTable>
      <RowCards caption={t("financeBills.caption")}>
        {rows.map((row) => (
          <li key={row.id} className="flex flex-col gap-2 p-4" data-testid={`bill-card-${row.id}`}>
            <div className="flex items-start gap-3">
              {row.actions.select ? <Checkbox className="mt-1" aria-label={t("financeBills.select", { id: row.id })} checked={selection.includes(row.id)} onCheckedChange={(v) => toggle(row, v === true)} /> : null}
              <div className="flex min-w-0 flex-1 flex-col gap-1">
                <div className="flex items-baseline justify-between gap-2">
                  <span className="font-medium tabular-nums">
                    #{row.id} · {t(`financeBills.type.${row.billType}`, row.billType)}
                  </span>
                  <Money amount={row.gross} currency={row.currency} />
                </div>
                {payee(row)}
                {row.toAccount ? <span className="break-words text-xs text-muted-foreground">{row.toAccount.name}</span> : null}
                <span className="text-xs text-muted-foreground">
                  {formatDate(row.billDate)}
                  {row.dueDate ? ` · ${t("financeBills.due")} ${formatDate(row.dueDate)}` : ""}
                </span>
                {statusBadge(row, t)}
              </div>
              {menu(row)}
            </div>
          </li>
        ))}
      </RowCards>
    </>
  );
}
