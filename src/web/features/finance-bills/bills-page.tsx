import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import type { BillRow, BILL_LIST_STATUSES } from "../../../domain/finance/schemas-bills.ts";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import type { RowAction } from "../finance-shared/cells.tsx";
import { HoldDialog } from "../finance-shared/dialog.tsx";
import { NoticeRegion, type Notice } from "../finance-shared/notice.tsx";
import { ListFooter, ResultsCard } from "../finance-shared/results.tsx";
import { FilterSelect, SearchForm } from "../finance-shared/toolbar.tsx";
import { AccountDialog, DueDialog, PaymentCurrencyDialog } from "./bill-edit-dialogs.tsx";
import { BillRows, type Status } from "./bills-table.tsx";
import { PayDialog, RecordDialog, VoidDialog } from "./payment-dialogs.tsx";
import { PaymentFilesCard } from "./payment-files.tsx";
import { SelectionBar } from "./selection-bar.tsx";
import { useBillSelection } from "./use-bill-selection.ts";
import { useRunStatus } from "./use-run-status.tsx";

/**
 * /finance/bill-management (issue 16; part 2 §2 Bill Management, §4 Bill, §5 payments, §8 messages):
 * the status filter, search, sort and pages live in the URL; the table (cards below 768 px) with each
 * bill's actions as the server allows them; the selection (multi-bill pay, export) is kept across pages
 * and reloads in a cookie (§9); totals per currency. Every failure shows the server's message when it
 * has one, else §8's generic text.
 */
export type BillsSearch = { status?: (typeof BILL_LIST_STATUSES)[number]; q?: string; page?: number };
const STATUSES: Status[] = ["Open", "PaymentPending", "Paid", "PaidPendingAudit", "Void", "Audited"];
const PAGE_SIZE = 20;

type Dialogs =
  | { kind: "pay"; bills: BillRow[] }
  | { kind: "record"; bill: BillRow }
  | { kind: "void"; bill: BillRow }
  | { kind: "hold"; bill: BillRow }
  | { kind: "audit"; bill: BillRow }
  | { kind: "sendBack"; bill: BillRow }
  | { kind: "due"; bill: BillRow }
  | { kind: "account"; bill: BillRow }
  | { kind: "payment"; bill: BillRow }
  | null;

export function FinanceBillsPage({ search, onSearch }: { search: BillsSearch; onSearch: (next: BillsSearch) => void }) {
  const { t } = useTranslation();
  const status = search.status ?? "Open";
  const page = search.page ?? 1;
  const input = { status, search: search.q ?? "", page, pageSize: PAGE_SIZE, sort: "id" as const, dir: "desc" as const };
  const query = useQuery(trpc.finance.bills.list.queryOptions(input, { placeholderData: keepPreviousData }));
  const { selection, setSelection, selectedList, toggle } = useBillSelection(query.data?.rows);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const closeDialog = () => setDialog(null);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.list.queryKey() });
  const fail = (error: unknown) => setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError });
  const hold = useMutation(trpc.finance.bills.hold.mutationOptions({ onError: fail, onSettled: refresh }));
  const unhold = useMutation(trpc.finance.bills.unhold.mutationOptions({ onError: fail, onSettled: refresh }));
  const sendBack = useMutation(trpc.finance.bills.sendBack.mutationOptions({ onError: fail, onSettled: refresh }));
  const runStatus = useRunStatus({ notify: setNotice, onSaved: (ids) => setSelection((s) => s.filter((id) => !ids.includes(id))), onSettled: refresh });
  /** The due date, account and payment popups: the failure of the due date's on the page, else the list read again. */
  const edited = (text: string | null) => (text ? setNotice({ kind: "destructive", text }) : refresh());

  const actionsOf = (row: BillRow) => {
    const a = row.actions;
    const items: RowAction[] = [];
    if (a.markPaymentPending) items.push({ label: t("financeBills.markPaymentPending"), run: () => void runStatus([{ id: row.id, status: "PaymentPending" }]) });
    if (a.pay) items.push({ label: t("financeBills.pay"), run: () => setDialog({ kind: "pay", bills: [row] }) });
    if (a.recordPayment) items.push({ label: t("financeBills.recordPayment"), run: () => setDialog({ kind: "record", bill: row }) });
    if (a.audit) items.push({ label: t("financeBills.audit"), run: () => setDialog({ kind: "audit", bill: row }) });
    if (a.hold) items.push({ label: t("financeBills.hold"), run: () => setDialog({ kind: "hold", bill: row }) });
    if (a.unhold) items.push({ label: t("financeBills.unhold"), run: () => unhold.mutate({ billId: row.id, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => setNotice({ kind: "success", text: t("financeBills.saved", { id: row.id, status: t("financeBills.unhold") }) }) }) });
    if (a.void) items.push({ label: t("financeBills.void"), run: () => setDialog({ kind: "void", bill: row }) });
    if ((row.status === "Open" || row.status === "PaymentPending") && !row.holdReason) {
      items.push({ label: t("financeBills.changeDue"), run: () => setDialog({ kind: "due", bill: row }) });
      items.push({ label: t("financeBills.changeAccount"), run: () => setDialog({ kind: "account", bill: row }) });
    }
    if (a.changePayment) items.push({ label: t("financeBills.changePayment"), run: () => setDialog({ kind: "payment", bill: row }) });
    if (a.sendBack) {
      items.push({
        label: t("financeBills.sendBack"),
        // §4: no confirmation when the bill is PaymentPending.
        run: () => (row.status === "PaymentPending" ? sendBack.mutate({ id: row.id, status: row.status, idempotencyKey: crypto.randomUUID() }) : setDialog({ kind: "sendBack", bill: row })),
      });
    }
    return items;
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeBills.eyebrow")} title={t("financeBills.title")} description={t("financeBills.description")} />
      <Card className="flex flex-col gap-4 p-4 tablet:flex-row tablet:items-end">
        <FilterSelect
          label={t("financeBills.status")}
          className="tablet:w-56"
          value={status}
          options={STATUSES.map((s) => ({ value: s, label: t(`financeBills.status.${s}`) }))}
          onChange={(value) => onSearch({ status: value as Status, q: search.q, page: undefined })}
        />
        <SearchForm ns="financeBills" q={search.q} onSearch={(q) => onSearch({ status: search.status, q, page: undefined })} />
      </Card>

      <NoticeRegion notice={notice} />

      {selection.length > 0 ? (
        <SelectionBar selection={selection} selectedList={selectedList} onPay={(bills) => setDialog({ kind: "pay", bills })} onClear={() => setSelection([])} notify={setNotice} onChanged={refresh} />
      ) : null}

      <ResultsCard query={query} errorMessage={serverMessage(query.error) ?? FM.saveChangesError} emptyTitle={search.q ? t("financeBills.emptySearch") : t("financeBills.empty")}>
        {(data) => (
          <>
            <BillRows rows={data.rows} selection={selection} toggle={toggle} actionsOf={actionsOf} />
            <ListFooter
              ns="financeBills"
              totals={data.totals}
              namedTotals
              page={page}
              pages={Math.max(1, Math.ceil(data.total / PAGE_SIZE))}
              onPage={(next) => onSearch({ ...search, page: next })}
            />
          </>
        )}
      </ResultsCard>

      <PaymentFilesCard onChanged={refresh} notify={setNotice} />

      {dialog?.kind === "pay" ? <PayDialog bills={dialog.bills} onClose={closeDialog} run={runStatus} /> : null}
      {dialog?.kind === "record" ? <RecordDialog bill={dialog.bill} onClose={closeDialog} run={runStatus} /> : null}
      {dialog?.kind === "void" ? <VoidDialog bill={dialog.bill} onClose={closeDialog} run={runStatus} /> : null}
      {dialog?.kind === "hold" ? (
        <HoldDialog
          ns="financeBills"
          title={t("financeBills.holdTitle", { id: dialog.bill.id })}
          onClose={closeDialog}
          onSave={(reason) => {
            hold.mutate(
              { billId: dialog.bill.id, holdReason: reason, idempotencyKey: crypto.randomUUID() },
              { onSuccess: () => setNotice({ kind: "success", text: t("financeBills.saved", { id: dialog.bill.id, status: t("financeBills.onHold", { reason }) }) }) },
            );
            closeDialog();
          }}
        />
      ) : null}
      {dialog?.kind === "due" ? <DueDialog bill={dialog.bill} onClose={closeDialog} onDone={edited} /> : null}
      {dialog?.kind === "payment" ? <PaymentCurrencyDialog bill={dialog.bill} onClose={closeDialog} onDone={edited} /> : null}
      {dialog?.kind === "account" ? <AccountDialog bill={dialog.bill} onClose={closeDialog} onDone={edited} /> : null}
      <ConfirmDialog
        open={dialog?.kind === "audit"}
        onOpenChange={(open) => !open && closeDialog()}
        title={dialog?.kind === "audit" ? t("financeBills.auditTitle", { id: dialog.bill.id }) : ""}
        description={t("financeBills.auditDescription")}
        confirmLabel={t("financeBills.audit")}
        cancelLabel={t("financeBills.cancel")}
        onConfirm={() => dialog?.kind === "audit" && void runStatus([{ id: dialog.bill.id, status: "Audited" }])}
      />
      <ConfirmDialog
        open={dialog?.kind === "sendBack"}
        onOpenChange={(open) => !open && closeDialog()}
        title={dialog?.kind === "sendBack" ? t("financeBills.sendBackTitle", { id: dialog.bill.id }) : ""}
        description={t("financeBills.sendBackDescription")}
        confirmLabel={t("financeBills.sendBack")}
        cancelLabel={t("financeBills.cancel")}
        destructive
        onConfirm={() => dialog?.kind === "sendBack" && sendBack.mutate({ id: dialog.bill.id, status: dialog.bill.status, idempotencyKey: crypto.randomUUID() })}
      />
    </div>
  );
}
