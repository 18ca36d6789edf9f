import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { MoreHorizontal } from "lucide-react";
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { HOLD_REASONS } from "../../../domain/finance/bill-state.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { checkCreateRecipientAccount } from "../../../domain/finance/payments.ts";
import type { BillRow, BILL_LIST_STATUSES } from "../../../domain/finance/schemas-bills.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "../../components/ui/dropdown-menu.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCaption, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMoney } from "../../lib/format.ts";
import { isCurrencyCode, toMajorString } from "../../../domain/money/money.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { PaymentFilesCard } from "./payment-files.tsx";

/**
 * /finance/bill-management (issue 16; part 2 §2 Bill Management, §4 Bill, §5 payments, §8 messages):
 * the status filter, search, sort and pages live in the URL; the table (cards below 768 px) with each
 * bill's actions as the server allows them; the selection (multi-bill pay, export) is kept across pages
 * and reloads in a cookie (§9); totals per currency. Every failure shows the server's message when it
 * has one, else §8's generic text.
 */
export type BillsSearch = { status?: (typeof BILL_LIST_STATUSES)[number]; q?: string; page?: number };
type Status = (typeof BILL_LIST_STATUSES)[number];
const STATUSES: Status[] = ["Open", "PaymentPending", "Paid", "PaidPendingAudit", "Void", "Audited"];
const PAGE_SIZE = 20;
const SELECTION_COOKIE = "meridian_bill_selection";
/** The VOID reasons of finance_rejection_reasons (seeded by the finance migration, ids 7–11). */
const VOID_REASONS = [
  { id: 7, label: "Duplicate bill" },
  { id: 8, label: "Raised in error" },
  { id: 9, label: "Supplier cancelled" },
  { id: 10, label: "Paid outside Meridian" },
  { id: 11, label: "Other" },
];

function readSelection(): number[] {
  const raw = document.cookie.split("; ").find((c) => c.startsWith(`${SELECTION_COOKIE}=`));
  if (!raw) return [];
  return decodeURIComponent(raw.slice(SELECTION_COOKIE.length + 1))
    .split(".")
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0)
    .slice(0, 500);
}

function writeSelection(ids: readonly number[]) {
  const value = encodeURIComponent(ids.join("."));
  document.cookie = ids.length === 0 ? `${SELECTION_COOKIE}=; path=/finance; max-age=0; samesite=strict` : `${SELECTION_COOKIE}=${value}; path=/finance; max-age=86400; samesite=strict`;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/** Minor units as the decimal text a form shows, with the currency's ISO 4217 places (BHD 3, JPY/KRW 0): the money module's. */
function majorOf(minor: number, currency: string): string {
  return isCurrencyCode(currency) ? toMajorString({ amount: minor, currency }) : String(minor);
}

function Money({ amount, currency }: { amount: number; currency: string }) {
  return <span className={`whitespace-nowrap tabular-nums ${amount < 0 ? "text-destructive" : ""}`}>{formatMoney({ amount, currency })}</span>;
}

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
  const [text, setText] = useState(search.q ?? "");
  useEffect(() => setText(search.q ?? ""), [search.q]);
  const input = { status, search: search.q ?? "", page, pageSize: PAGE_SIZE, sort: "id" as const, dir: "desc" as const };
  const listOptions = trpc.finance.bills.list.queryOptions(input, { placeholderData: keepPreviousData });
  const query = useQuery(listOptions);
  const [selection, setSelection] = useState<number[]>(() => (typeof document === "undefined" ? [] : readSelection()));
  const [selectedRows, setSelectedRows] = useState<Map<number, BillRow>>(new Map());
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "destructive"; text: ReactNode } | null>(null);

  useEffect(() => writeSelection(selection), [selection]);
  // Keep the rows of selected bills seen on any page (for the pay dialog's currencies and totals).
  useEffect(() => {
    if (!query.data) return;
    setSelectedRows((m) => {
      const next = new Map(m);
      for (const r of query.data.rows) if (selection.includes(r.id)) next.set(r.id, r);
      return next;
    });
  }, [query.data, selection]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.list.queryKey() });
  const fail = (error: unknown) => setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.saveChangesError });
  const toggle = (row: BillRow, on: boolean) => {
    setSelection((s) => (on ? [...new Set([...s, row.id])] : s.filter((id) => id !== row.id)));
    setSelectedRows((m) => {
      const next = new Map(m);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  };

  const updateStatus = useMutation(trpc.finance.bills.updateStatus.mutationOptions({ onError: fail, onSettled: refresh }));
  const hold = useMutation(trpc.finance.bills.hold.mutationOptions({ onError: fail, onSettled: refresh }));
  const unhold = useMutation(trpc.finance.bills.unhold.mutationOptions({ onError: fail, onSettled: refresh }));
  const sendBack = useMutation(trpc.finance.bills.sendBack.mutationOptions({ onError: fail, onSettled: refresh }));
  const refreshBatches = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.bills.batches.queryKey() });
  const exportBills = useMutation(trpc.finance.bills.export.mutationOptions({ onError: fail, onSettled: () => (refresh(), refreshBatches()) }));

  /** Runs status updates and reports each bill's outcome; answers the items that only had skippable errors. */
  const runStatus = async (bills: Parameters<typeof updateStatus.mutateAsync>[0]["bills"]) => {
    setNotice(null);
    try {
      const results = await updateStatus.mutateAsync({ bills, idempotencyKey: crypto.randomUUID() });
      const failed = results.filter((r) => !r.success && r.errorMessage);
      const skippable = results.filter((r) => !r.success && !r.errorMessage && r.skippableErrors.length > 0);
      const ok = results.filter((r) => r.success);
      if (failed.length > 0) {
        setNotice({
          kind: "destructive",
          text: (
            <ul className="list-disc pl-4">
              {failed.map((r, i) => (
                <li key={`${r.id}-${i}`}>{t("financeBills.billFailed", { id: r.id, message: r.errorMessage ?? FM.saveChangesError })}</li>
              ))}
            </ul>
          ),
        });
      } else if (ok.length > 0) {
        setNotice({ kind: "success", text: ok.length === 1 ? t("financeBills.saved", { id: ok[0]!.id, status: t(`financeBills.status.${(ok[0]!.status ?? "Open") as Status}`) }) : t("financeBills.savedMany", { count: ok.length }) });
      }
      if (ok.length > 0) {
        setSelection((s) => s.filter((id) => !ok.some((r) => r.id === id)));
      }
      return { ok: failed.length === 0 && skippable.length === 0, skippable };
    } catch {
      return { ok: false, skippable: [] };
    }
  };

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const selectedList = selection.map((id) => selectedRows.get(id)).filter((r): r is BillRow => r !== undefined);
  // "Pay selected" pays only the selected bills that can be paid (the server's actions.pay: bill-state.ts).
  const payableList = selectedList.filter((r) => r.actions.pay);
  const unpayable = selectedList.length - payableList.length;
  const pageSelectable = data?.rows.filter((r) => r.actions.select) ?? [];
  const allOnPage = pageSelectable.length > 0 && pageSelectable.every((r) => selection.includes(r.id));

  const actionsOf = (row: BillRow) => {
    const a = row.actions;
    const items: { label: string; run: () => void }[] = [];
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

  const ActionsMenu = ({ row }: { row: BillRow }) => {
    const items = actionsOf(row);
    if (items.length === 0) return null;
    return (
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button variant="outline" size="sm" aria-label={t("financeBills.actionsFor", { id: row.id })}>
            <MoreHorizontal aria-hidden className="size-4" />
            <span className="hidden desktop:inline">{t("financeBills.actions")}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent>
          {items.map((i) => (
            <DropdownMenuItem key={i.label} onSelect={i.run}>
              {i.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuContent>
      </DropdownMenu>
    );
  };

  const payee = (row: BillRow) => (
    <span className="flex flex-col">
      <span className="font-medium">{row.billType === "VendorBooking" ? (row.vendorName ?? "—") : (row.employeeName ?? "—")}</span>
      <span className="text-xs text-muted-foreground">{row.groupDisplayName}</span>
    </span>
  );

  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ status: search.status, q: text.trim() || undefined, page: undefined });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeBills.eyebrow")} title={t("financeBills.title")} description={t("financeBills.description")} />
      <Card className="flex flex-col gap-4 p-4 tablet:flex-row tablet:items-end">
        <FormField label={t("financeBills.status")} className="tablet:w-56">
          {(f) => (
            <NativeSelect {...f} value={status} onChange={(e) => onSearch({ status: e.target.value as Status, q: search.q, page: undefined })}>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`financeBills.status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <form role="search" onSubmit={submitSearch} className="flex min-w-0 flex-1 items-end gap-2">
          <FormField label={t("financeBills.search")} className="min-w-0 flex-1">
            {(f) => <SearchInput {...f} maxLength={100} placeholder={t("financeBills.searchPlaceholder")} value={text} onChange={(e) => setText(e.target.value)} />}
          </FormField>
          <Button type="submit" variant="outline">
            {t("financeBills.searchButton")}
          </Button>
        </form>
      </Card>

      <div role="status" aria-live="polite" className="empty:hidden">
        {notice ? (
          <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : undefined}>
            {notice.text}
          </Alert>
        ) : null}
      </div>

      {selection.length > 0 ? (
        <Card className="flex flex-col gap-3 p-4 tablet:flex-row tablet:items-center" aria-label={t("financeBills.selected", { count: selection.length })} role="region">
          <p className="text-sm font-medium">{t("financeBills.selected", { count: selection.length })}</p>
          {unpayable > 0 ? (
            <p className="text-sm text-muted-foreground" data-testid="unpayable-note">
              {t("financeBills.notPayable", { count: unpayable })}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2 tablet:ml-auto">
            {payableList.length > 0 ? (
              <Button size="sm" onClick={() => setDialog({ kind: "pay", bills: payableList })}>
                {unpayable > 0 ? t("financeBills.payPayable", { count: payableList.length }) : t("financeBills.paySelected")}
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              busy={exportBills.isPending}
              onClick={() => {
                setNotice(null);
                exportBills.mutate(
                  { billIds: selection, idempotencyKey: crypto.randomUUID() },
                  {
                    onSuccess: (r) => {
                      setSelection([]);
                      setNotice({
                        kind: "success",
                        text: (
                          <span className="flex flex-col gap-1">
                            <span>{t("financeBills.exportDone", { messageId: r.messageId, count: r.billCount })}</span>
                            <span className="flex flex-wrap gap-3">
                              <a className="underline" href={r.csvUrl}>
                                {t("financeBills.downloadCsv")}
                              </a>
                              <a className="underline" href={r.xmlUrl}>
                                {t("financeBills.downloadXml")}
                              </a>
                            </span>
                          </span>
                        ),
                      });
                    },
                  },
                );
              }}
            >
              {t("financeBills.exportSelected")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelection([])}>
              {t("financeBills.clearSelection")}
            </Button>
          </div>
        </Card>
      ) : null}

      <Card className="min-w-0 overflow-hidden">
        {query.isPending ? (
          <LoadingRows rows={5} />
        ) : query.isError || !data ? (
          <ErrorState message={serverMessage(query.error) ?? FM.saveChangesError} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : data.rows.length === 0 ? (
          <EmptyState title={search.q ? t("financeBills.emptySearch") : t("financeBills.empty")} />
        ) : (
          <>
            {/* Issue 24 §6: the table from the desktop breakpoint, priority columns only (the account and the bill date are the
                bill's and payee's detail lines), so the Actions column always shows at 1366 px; cards below. */}
            <div className="hidden desktop:block">
              <Table className="table-fixed">
                <TableCaption className="sr-only">{t("financeBills.caption")}</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead className="w-12">
                      <Checkbox
                        aria-label={t("financeBills.selectPage")}
                        checked={allOnPage}
                        disabled={pageSelectable.length === 0}
                        onCheckedChange={(v) => pageSelectable.forEach((r) => toggle(r, v === true))}
                      />
                    </TableHead>
                    <TableHead className="w-[9.5rem]">{t("financeBills.bill")}</TableHead>
                    <TableHead>{t("financeBills.payee")}</TableHead>
                    <TableHead className="w-[9rem] text-right">{t("financeBills.amount")}</TableHead>
                    <TableHead className="w-[7.5rem]">{t("financeBills.due")}</TableHead>
                    <TableHead className="w-[11rem]">{t("financeBills.status")}</TableHead>
                    <TableHead className="w-[7.5rem]">
                      <span className="sr-only">{t("financeBills.actions")}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={row.id} data-testid={`bill-${row.id}`}>
                      <TableCell>
                        {row.actions.select ? <Checkbox aria-label={t("financeBills.select", { id: row.id })} checked={selection.includes(row.id)} onCheckedChange={(v) => toggle(row, v === true)} /> : null}
                      </TableCell>
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
                      <TableCell className="text-right">
                        <ActionsMenu row={row} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex flex-col divide-y divide-border desktop:hidden" aria-label={t("financeBills.caption")}>
              {data.rows.map((row) => (
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
                    <ActionsMenu row={row} />
                  </div>
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t border-border p-4 tablet:flex-row tablet:items-center">
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm" aria-label={t("financeBills.totals")}>
                <dt className="font-medium">{t("financeBills.totals")}</dt>
                {data.totals.map((x) => (
                  <dd key={x.currency} className="text-right">
                    <Money amount={x.amount} currency={x.currency} />
                  </dd>
                ))}
              </dl>
              <nav className="flex items-center gap-2 tablet:ml-auto" aria-label={t("financeBills.pageOf", { page, pages })}>
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onSearch({ ...search, page: page - 1 === 1 ? undefined : page - 1 })}>
                  {t("financeBills.previous")}
                </Button>
                <span className="text-sm tabular-nums">{t("financeBills.pageOf", { page, pages })}</span>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onSearch({ ...search, page: page + 1 })}>
                  {t("financeBills.next")}
                </Button>
              </nav>
            </div>
          </>
        )}
      </Card>

      <PaymentFilesCard onChanged={refresh} notify={setNotice} />

      {dialog?.kind === "pay" ? <PayDialog bills={dialog.bills} onClose={() => setDialog(null)} run={runStatus} /> : null}
      {dialog?.kind === "record" ? <RecordDialog bill={dialog.bill} onClose={() => setDialog(null)} run={runStatus} /> : null}
      {dialog?.kind === "void" ? <VoidDialog bill={dialog.bill} onClose={() => setDialog(null)} run={runStatus} /> : null}
      {dialog?.kind === "hold" ? (
        <HoldDialog
          bill={dialog.bill}
          onClose={() => setDialog(null)}
          onSave={(reason) =>
            hold.mutate(
              { billId: dialog.bill.id, holdReason: reason, idempotencyKey: crypto.randomUUID() },
              { onSuccess: () => setNotice({ kind: "success", text: t("financeBills.saved", { id: dialog.bill.id, status: t("financeBills.onHold", { reason }) }) }) },
            )
          }
        />
      ) : null}
      {dialog?.kind === "due" ? <DueDialog bill={dialog.bill} onClose={() => setDialog(null)} onDone={(text) => (text ? setNotice({ kind: "destructive", text }) : refresh())} /> : null}
      {dialog?.kind === "payment" ? <PaymentCurrencyDialog bill={dialog.bill} onClose={() => setDialog(null)} onDone={(text) => (text ? setNotice({ kind: "destructive", text }) : refresh())} /> : null}
      {dialog?.kind === "account" ? <AccountDialog bill={dialog.bill} onClose={() => setDialog(null)} onDone={(text) => (text ? setNotice({ kind: "destructive", text }) : refresh())} /> : null}
      <ConfirmDialog
        open={dialog?.kind === "audit"}
        onOpenChange={(open) => !open && setDialog(null)}
        title={dialog?.kind === "audit" ? t("financeBills.auditTitle", { id: dialog.bill.id }) : ""}
        description={t("financeBills.auditDescription")}
        confirmLabel={t("financeBills.audit")}
        cancelLabel={t("financeBills.cancel")}
        onConfirm={() => dialog?.kind === "audit" && void runStatus([{ id: dialog.bill.id, status: "Audited" }])}
      />
      <ConfirmDialog
        open={dialog?.kind === "sendBack"}
        onOpenChange={(open) => !open && setDialog(null)}
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

type RunStatus = (bills: Parameters<ReturnType<typeof useStatusMutation>["mutateAsync"]>[0]["bills"]) => Promise<{ ok: boolean; skippable: { id: number; skippableErrors: string[] }[] }>;
function useStatusMutation() {
  return useMutation(trpc.finance.bills.updateStatus.mutationOptions());
}

function DialogShell({ title, description, onClose, children }: { title: string; description?: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("financeBills.close")}>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** §5 multi-bill payment: the server's check (uniform currencies, none held) and the Paid popup's totals per currency. */
function PayDialog({ bills, onClose, run }: { bills: BillRow[]; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const ids = bills.map((b) => b.id);
  const check = useQuery(trpc.finance.bills.calculateMultiple.queryOptions({ bills: ids }, { enabled: ids.length > 0 }));
  const [paymentDate, setPaymentDate] = useState(today());
  const [reference, setReference] = useState("");
  const [skippable, setSkippable] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const totalFrom = check.data?.totalFrom ?? null;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await run(ids.map((id) => ({ id, status: "Paid" as const, paymentDate, reference: reference.trim() || undefined, multipleBills: ids.length > 1, ignoreErrors: skippable !== null })));
    setBusy(false);
    if (r.skippable.length > 0) setSkippable([...new Set(r.skippable.flatMap((s) => s.skippableErrors.map((m) => `#${s.id}: ${m}`)))]);
    else onClose();
  };
  return (
    <DialogShell title={t("financeBills.payTitle", { count: ids.length })} description={t("financeBills.payDescription")} onClose={onClose}>
      {ids.length === 0 ? (
        <Alert variant="destructive">{FM.selectAtLeastOneBill}</Alert>
      ) : check.isPending ? (
        <LoadingRows rows={2} />
      ) : check.isError || !check.data ? (
        <Alert variant="destructive">{serverMessage(check.error) ?? FM.saveChangesError}</Alert>
      ) : !check.data.success ? (
        <Alert variant="destructive" role="alert">
          {check.data.errorMessage}
        </Alert>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
          <dl className="grid grid-cols-2 gap-2 text-sm">
            <dt className="text-muted-foreground">{t("financeBills.totalFrom")}</dt>
            <dd className="text-right">{totalFrom ? <Money amount={totalFrom.amount} currency={totalFrom.currency} /> : "—"}</dd>
            {check.data.totalsFrom.length > 1
              ? check.data.totalsFrom.map((x) => (
                  <dd key={x.currency} className="col-span-2 text-right">
                    <Money amount={x.amount} currency={x.currency} />
                  </dd>
                ))
              : null}
          </dl>
          <FormField label={t("financeBills.paymentDate")} required>
            {(f) => <Input {...f} type="date" max={today()} value={paymentDate} onChange={(e) => setPaymentDate(e.target.value)} />}
          </FormField>
          <FormField label={t("financeBills.reference")}>{(f) => <Input {...f} maxLength={255} value={reference} onChange={(e) => setReference(e.target.value)} />}</FormField>
          {skippable ? (
            <Alert variant="info" title={t("financeBills.skippable")}>
              <ul className="list-disc pl-4">
                {skippable.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </Alert>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={onClose}>
              {t("financeBills.cancel")}
            </Button>
            <Button type="submit" busy={busy}>
              {skippable ? t("financeBills.payAnyway") : t("financeBills.confirmPay")}
            </Button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}

/** §5 PaidPendingAudit payment: amount non-zero, currency and date (not in the future), recipient amount and currency when different. */
function RecordDialog({ bill, onClose, run }: { bill: BillRow; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const [form, setForm] = useState({ amount: majorOf(bill.gross, bill.currency), currency: bill.currency, paymentDate: today(), different: false, recipientAmount: "", recipientCurrency: "" });
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    const r = await run([
      {
        id: bill.id,
        status: "PaidPendingAudit",
        paymentAmount: form.amount,
        currency: form.currency,
        paymentDate: form.paymentDate,
        differentRecipientCurrency: form.different,
        recipientAmount: form.different ? form.recipientAmount : undefined,
        recipientCurrency: form.different ? form.recipientCurrency.toUpperCase() : undefined,
        ignoreErrors: true,
      },
    ]);
    setBusy(false);
    if (r.ok) onClose();
  };
  return (
    <DialogShell title={t("financeBills.recordTitle", { id: bill.id })} description={t("financeBills.recordDescription")} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div className="grid grid-cols-2 gap-3">
          <FormField label={t("financeBills.paymentAmount")} required>
            {(f) => <Input {...f} inputMode="decimal" value={form.amount} onChange={(e) => setForm({ ...form, amount: e.target.value })} />}
          </FormField>
          <FormField label={t("financeBills.currency")} required>
            {(f) => <Input {...f} maxLength={3} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })} />}
          </FormField>
        </div>
        <FormField label={t("financeBills.paymentDate")} required>
          {(f) => <Input {...f} type="date" max={today()} value={form.paymentDate} onChange={(e) => setForm({ ...form, paymentDate: e.target.value })} />}
        </FormField>
        <FormField label={t("financeBills.differentRecipientCurrency")} layout="inline">
          {(f) => <Checkbox {...f} checked={form.different} onCheckedChange={(v) => setForm({ ...form, different: v === true })} />}
        </FormField>
        {form.different ? (
          <div className="grid grid-cols-2 gap-3">
            <FormField label={t("financeBills.recipientAmount")} required>
              {(f) => <Input {...f} inputMode="decimal" value={form.recipientAmount} onChange={(e) => setForm({ ...form, recipientAmount: e.target.value })} />}
            </FormField>
            <FormField label={t("financeBills.recipientCurrency")} required>
              {(f) => <Input {...f} maxLength={3} value={form.recipientCurrency} onChange={(e) => setForm({ ...form, recipientCurrency: e.target.value.toUpperCase() })} />}
            </FormField>
          </div>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit" busy={busy}>
            {t("financeBills.recordPayment")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

/** §4/§5 void: a reason for VendorBooking and Expense bills; notes at most 250 characters. */
function VoidDialog({ bill, onClose, run }: { bill: BillRow; onClose: () => void; run: RunStatus }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const needsReason = bill.billType === "VendorBooking" || bill.billType === "Expense";
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (needsReason && reason === "") {
      setError(FM.voidReasonRequired);
      return;
    }
    setBusy(true);
    const r = await run([{ id: bill.id, status: "Void", rejectionId: reason === "" ? null : Number(reason), rejectionReason: notes.trim() || null }]);
    setBusy(false);
    if (r.ok) onClose();
  };
  return (
    <DialogShell title={t("financeBills.voidTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.voidReason")} required={needsReason} error={error}>
          {(f) => (
            <NativeSelect {...f} value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">{t("financeBills.chooseReason")}</option>
              {VOID_REASONS.map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeBills.voidNotes")}>{(f) => <Input {...f} maxLength={250} value={notes} onChange={(e) => setNotes(e.target.value)} />}</FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit" variant="destructive" busy={busy}>
            {t("financeBills.void")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

function HoldDialog({ bill, onClose, onSave }: { bill: BillRow; onClose: () => void; onSave: (reason: (typeof HOLD_REASONS)[number]) => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const chosen = HOLD_REASONS.find((r) => r === reason);
    if (!chosen) {
      setError(FM.holdReasonRequired);
      return;
    }
    onSave(chosen);
    onClose();
  };
  return (
    <DialogShell title={t("financeBills.holdTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.holdReason")} required error={error}>
          {(f) => (
            <NativeSelect {...f} value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">{t("financeBills.chooseReason")}</option>
              {HOLD_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit">{t("financeBills.hold")}</Button>
        </div>
      </form>
    </DialogShell>
  );
}

function DueDialog({ bill, onClose, onDone }: { bill: BillRow; onClose: () => void; onDone: (error: string | null) => void }) {
  const { t } = useTranslation();
  const [due, setDue] = useState(bill.dueDate ?? "");
  const save = useMutation(trpc.finance.bills.updateBill.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { id: bill.id, due: due === "" ? null : due, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onDone(null), onClose()), onError: (err) => (onDone(serverMessage(err) ?? FM.saveChangesError), onClose()) },
    );
  };
  return (
    <DialogShell title={t("financeBills.dueTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.due")}>{(f) => <Input {...f} type="date" value={due} onChange={(e) => setDue(e.target.value)} />}</FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t("financeBills.save")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

/** The change recipient account popup: another account of the payee in the bill's currency (its id, from Accounts). */
function AccountDialog({ bill, onClose, onDone }: { bill: BillRow; onClose: () => void; onDone: (error: string | null) => void }) {
  const { t } = useTranslation();
  const [accountId, setAccountId] = useState(bill.toAccount ? String(bill.toAccount.id) : "");
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.finance.bills.updateToAccount.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const id = Number(accountId);
    if (!Number.isSafeInteger(id) || id <= 0) {
      setError(FM.saveChangesError);
      return;
    }
    save.mutate({ id: bill.id, toAccountId: id, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => (onDone(null), onClose()), onError: (err) => setError(serverMessage(err) ?? FM.saveChangesError) });
  };
  const hint = useMemo(() => t("financeBills.accountHint", { currency: bill.currency }), [t, bill.currency]);
  const [newCurrency, setNewCurrency] = useState(bill.currency);
  const [created, setCreated] = useState<string | null>(null);
  const create = useMutation(trpc.finance.accounts.ensureEmployeeAccount.mutationOptions());
  const createAccount = () => {
    setCreated(null);
    // §5: creating an account for the recipient currency requires exactly one invoice and a currency.
    const refusal = checkCreateRecipientAccount(1, newCurrency.trim().toUpperCase());
    if (refusal || bill.employeeId === null) {
      setError(refusal ?? FM.employeeHasNoAccounts);
      return;
    }
    create.mutate(
      { employeeId: bill.employeeId, currency: newCurrency.trim().toUpperCase(), idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: (r) => {
          const account = r.response[0];
          if (!account) return;
          setCreated(t("financeBills.accountCreated", { id: account.id, currency: account.currencyCode }));
          if (account.currencyCode === bill.currency) setAccountId(String(account.id));
        },
        onError: (err) => setError(serverMessage(err) ?? FM.accountCreateError),
      },
    );
  };
  return (
    <DialogShell title={t("financeBills.accountTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.accountId")} hint={hint} error={error}>
          {(f) => <Input {...f} inputMode="numeric" value={accountId} onChange={(e) => setAccountId(e.target.value)} />}
        </FormField>
        {bill.billType !== "VendorBooking" && bill.employeeId !== null ? (
          <fieldset className="flex flex-col gap-2 rounded-md border border-border p-3">
            <legend className="px-1 text-sm font-medium">{t("financeBills.createAccount")}</legend>
            <div className="flex items-end gap-2">
              <FormField label={t("financeBills.currency")} className="w-28">
                {(f) => <Input {...f} maxLength={3} value={newCurrency} onChange={(e) => setNewCurrency(e.target.value.toUpperCase())} />}
              </FormField>
              <Button type="button" variant="outline" busy={create.isPending} onClick={createAccount}>
                {t("financeBills.createAccountButton")}
              </Button>
            </div>
            {created ? <p className="text-sm" role="status">{created}</p> : null}
          </fieldset>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t("financeBills.save")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}

/** The change currency popup: the recipient currency of the bill's latest payment (update-payment). */
function PaymentCurrencyDialog({ bill, onClose, onDone }: { bill: BillRow; onClose: () => void; onDone: (error: string | null) => void }) {
  const { t } = useTranslation();
  const [currency, setCurrency] = useState(bill.payment?.recipientCurrency ?? bill.payment?.currency ?? bill.currency);
  const [error, setError] = useState<string | null>(null);
  const save = useMutation(trpc.finance.bills.updatePayment.mutationOptions());
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!/^[A-Z]{3}$/.test(currency)) {
      setError(FM.currencyRequired);
      return;
    }
    save.mutate({ id: bill.id, currency, idempotencyKey: crypto.randomUUID() }, { onSuccess: () => (onDone(null), onClose()), onError: (err) => setError(serverMessage(err) ?? FM.saveChangesError) });
  };
  return (
    <DialogShell title={t("financeBills.paymentTitle", { id: bill.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeBills.recipientCurrency")} error={error}>
          {(f) => <Input {...f} maxLength={3} value={currency} onChange={(e) => setCurrency(e.target.value.toUpperCase())} />}
        </FormField>
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t("financeBills.cancel")}
          </Button>
          <Button type="submit" busy={save.isPending}>
            {t("financeBills.save")}
          </Button>
        </div>
      </form>
    </DialogShell>
  );
}
