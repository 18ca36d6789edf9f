import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import { MoreHorizontal } from "lucide-react";
import { useEffect, useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { approvalStep, blockedText, type ApprovalKind, type Confirmations } from "../../../domain/finance/approval.ts";
import { HOLD_REASONS, isHoldReason } from "../../../domain/finance/bill-state.ts";
import { INTERNAL_NOTES_MAX, REJECTION_NOTES_MAX } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM, notesMaxMessage } from "../../../domain/finance/messages.ts";
import type { TApprovalPayload, TApprovalRow } from "../../../domain/finance/schemas-approval.ts";
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
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { BillPanel } from "./bill-panel.tsx";
import { ReceiptPreview } from "./receipt-preview.tsx";
import { catalogueService } from "../../../domain/policy/catalogue.ts";
import { EXPENSE_CATEGORIES } from "../../../domain/employee/expenses/rules.ts";

/**
 * /finance/bill-approval (issue 16; part 2 §2 Bill Approval, §4 Approval, §8): the items waiting for
 * approval (search, type filter, sort and page in the URL), each with its remaining budget ("N/A" when
 * out of budget or without a group, "Error fetching budget" in red when it could not be read). Approve
 * walks `approvalStep` (out-of-policy confirm → out-of-budget check with the ManagedBudget confirm →
 * over-budget confirm → approve); while the remaining check runs and while an item is on hold, approve,
 * reject and request-change are blocked with the spec's texts. Popups: rejection (reason + notes),
 * request for change, hold (reason), internal note. Rows leave the list when approved or rejected.
 * Below: the groups' auto-approval rule.
 */
export type ApprovalSearch = { type?: ApprovalKind; q?: string; sort?: SortKey; page?: number };
export const SORT_KEYS = ["date-desc", "date-asc", "amount-desc", "amount-asc", "group-asc", "employee-asc", "type-asc"] as const;
type SortKey = (typeof SORT_KEYS)[number];
const KINDS: ApprovalKind[] = ["expense", "bookingCost", "lumpSum", "adhocCashSpend"];
const PAGE_SIZE = 20;

type Dialogs =
  | { kind: "reject"; row: TApprovalRow }
  | { kind: "change"; row: TApprovalRow }
  | { kind: "hold"; row: TApprovalRow }
  | { kind: "note"; row: TApprovalRow }
  | { kind: "confirm"; row: TApprovalRow; step: "confirmOutOfPolicy" | "confirmOutOfBudget" | "confirmOverBudget"; confirmations: Confirmations; check: BudgetCheck; payload?: Edits }
  | null;
type BudgetCheck = { outOfBudget: boolean; overBudget: boolean; newTotalSpend: string | null } | null;
/** §3's approval payload as the bill-detail panel edited it (bill-panel.tsx). */
type Edits = Omit<TApprovalPayload, "id">;

function Amount({ amount, currency }: { amount: string; currency: string }) {
  return <span className="whitespace-nowrap tabular-nums">{formatMajorMoney(amount, currency)}</span>;
}

function BudgetCell({ row }: { row: TApprovalRow }) {
  const { t } = useTranslation();
  const b = row.budget;
  if (b.status === "error") return <span className="text-destructive">{FM.budgetFetchError}</span>;
  if (b.status === "na" || b.outOfBudget || b.remaining === null || b.currency === null) return <span className="text-muted-foreground">{FM.budgetNotApplicable}</span>;
  return (
    <span className="flex flex-col items-end gap-1">
      <Amount amount={b.remaining} currency={b.currency} />
      {b.overBudget ? <Badge variant="warning">{t("financeApproval.overBudget")}</Badge> : null}
    </span>
  );
}

function DialogShell({ title, description, onClose, children }: { title: string; description?: string; onClose: () => void; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t("financeApproval.close")}>
        <DialogTitle>{title}</DialogTitle>
        {description ? <DialogDescription>{description}</DialogDescription> : null}
        {children}
      </DialogContent>
    </Dialog>
  );
}

export function FinanceApprovalPage({ search, onSearch }: { search: ApprovalSearch; onSearch: (next: ApprovalSearch) => void }) {
  const { t } = useTranslation();
  const page = search.page ?? 1;
  const sortKey: SortKey = search.sort ?? "date-desc";
  const [sort, dir] = sortKey.split("-") as ["date" | "amount" | "group" | "employee" | "type", "asc" | "desc"];
  const [text, setText] = useState(search.q ?? "");
  useEffect(() => setText(search.q ?? ""), [search.q]);
  const input = { search: search.q ?? "", type: search.type, sort, dir, page, pageSize: PAGE_SIZE };
  const query = useQuery(trpc.finance.approval.list.queryOptions(input, { placeholderData: keepPreviousData }));
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [panel, setPanel] = useState<TApprovalRow | null>(null);
  const [checking, setChecking] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.approval.list.queryKey() });
  const what = (row: TApprovalRow) => t(`financeApproval.type.${row.kind}`);
  const keyOf = (row: TApprovalRow) => `${row.kind}:${row.id}`;

  const approve = useMutation(trpc.finance.approval.approve.mutationOptions({ onSettled: refresh }));
  const setHold = useMutation(trpc.finance.approval.setHold.mutationOptions({ onSettled: refresh }));

  const approveFailure = (row: TApprovalRow, error: unknown) => {
    const fallback = row.kind === "expense" ? FM.approveExpenseError : row.kind === "bookingCost" ? FM.approveVendorBookingError : row.kind === "lumpSum" ? FM.approveLumpSumError : FM.productTeamError;
    setNotice({ kind: "destructive", text: serverMessage(error) ?? fallback });
  };

  /** One step of §4's approval order; `check` is the remaining-budget answer once it has run. */
  const continueApproval = async (row: TApprovalRow, confirmations: Confirmations, check: BudgetCheck, payload?: Edits) => {
    const item = {
      kind: row.kind,
      decided: false,
      holdReason: row.holdReason && isHoldReason(row.holdReason) ? row.holdReason : row.holdReason ? HOLD_REASONS[0] : null,
      remainingCheckInProgress: false,
      outOfPolicy: row.outOfPolicy,
      programmeType: row.programmeType ?? "Standard",
      ...(check ? { outOfBudget: check.outOfBudget, overBudget: check.overBudget } : {}),
    };
    const step = approvalStep(item, { type: "approve", confirmations });
    switch (step.next) {
      case "refused":
        setNotice({ kind: "destructive", text: step.message });
        return;
      case "confirmOutOfPolicy":
      case "confirmOutOfBudget":
      case "confirmOverBudget":
        setDialog({ kind: "confirm", row, step: step.next, confirmations, check, payload });
        return;
      case "checkOutOfBudget":
      case "checkOverBudget": {
        setChecking(keyOf(row));
        try {
          const answer = await queryClient.fetchQuery({ ...trpc.finance.approval.checkBudget.queryOptions({ id: row.id, invoiceServiceType: row.kind }), staleTime: 0 });
          await continueApproval(row, confirmations, { outOfBudget: answer.outOfBudget, overBudget: answer.overBudget, newTotalSpend: answer.newTotalSpend }, payload);
        } catch (error) {
          setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.budgetFetchError });
        } finally {
          setChecking(null);
        }
        return;
      }
      case "approve":
        approve.mutate(
          { ...payload, kind: row.kind, id: row.id, maxTotalSpendOverride: confirmations.overBudget === true, idempotencyKey: crypto.randomUUID() },
          {
            onSuccess: () => {
              if (payload) setPanel(null);
              setNotice({ kind: "success", text: t("financeApproval.approved", { what: what(row), id: row.id }) });
            },
            onError: (e) => approveFailure(row, e),
          },
        );
        return;
      default:
        return;
    }
  };

  /** §8: blocked while the remaining check runs or the item is on hold. */
  const blocked = (row: TApprovalRow, action: "approve" | "reject" | "change"): string | null => {
    if (checking === keyOf(row)) return blockedText(row.kind, action, "remainingCheck");
    if (row.holdReason) return blockedText(row.kind, action, "onHold");
    return null;
  };
  const guarded = (row: TApprovalRow, action: "approve" | "reject" | "change", run: () => void) => () => {
    const why = blocked(row, action);
    if (why) setNotice({ kind: "destructive", text: why });
    else {
      setNotice(null);
      run();
    }
  };

  const Actions = ({ row }: { row: TApprovalRow }) => {
    const busy = checking === keyOf(row) || (approve.isPending && approve.variables?.id === row.id && approve.variables?.kind === row.kind);
    const held = row.holdReason !== null;
    const hintId = `approval-blocked-${row.kind}-${row.id}`;
    return (
      <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap items-center justify-end gap-2">
        <Button
          size="sm"
          busy={busy}
          aria-disabled={held || checking !== null ? true : undefined}
          className={held ? "opacity-60" : undefined}
          aria-label={t("financeApproval.approveItem", { what: what(row), id: row.id })}
          aria-describedby={held ? hintId : undefined}
          onClick={guarded(row, "approve", () => void continueApproval(row, {}, null))}
        >
          {t("financeApproval.approve")}
        </Button>
        <Button
          size="sm"
          variant="outline"
          aria-label={t("financeApproval.editBillFor", { what: what(row), id: row.id })}
          onClick={() => (setNotice(null), setPanel(row))}
          data-testid={`edit-bill-${row.kind}-${row.id}`}
        >
          {t("financeApproval.editBill")}
        </Button>
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button variant="outline" size="sm" aria-label={t("financeApproval.moreFor", { what: what(row), id: row.id })}>
              <MoreHorizontal aria-hidden className="size-4" />
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent>
            <DropdownMenuItem onSelect={guarded(row, "reject", () => setDialog({ kind: "reject", row }))}>{t("financeApproval.reject")}</DropdownMenuItem>
            {row.kind === "bookingCost" ? <DropdownMenuItem onSelect={guarded(row, "change", () => setDialog({ kind: "change", row }))}>{t("financeApproval.requestChange")}</DropdownMenuItem> : null}
            {held ? (
              <DropdownMenuItem
                onSelect={() =>
                  setHold.mutate(
                    { kind: row.kind, id: row.id, holdStatus: false, idempotencyKey: crypto.randomUUID() },
                    { onSuccess: () => setNotice({ kind: "success", text: t("financeApproval.released", { what: what(row), id: row.id }) }), onError: (e) => setNotice({ kind: "destructive", text: serverMessage(e) ?? FM.productTeamError }) },
                  )
                }
              >
                {t("financeApproval.unhold")}
              </DropdownMenuItem>
            ) : (
              <DropdownMenuItem onSelect={() => setDialog({ kind: "hold", row })}>{t("financeApproval.hold")}</DropdownMenuItem>
            )}
            {row.kind === "expense" ? <DropdownMenuItem onSelect={() => setDialog({ kind: "note", row })}>{t("financeApproval.note")}</DropdownMenuItem> : null}
          </DropdownMenuContent>
        </DropdownMenu>
      </div>
      {held ? (
        <p id={hintId} className="max-w-56 text-right text-xs text-muted-foreground">
          {blockedText(row.kind, "approve", "onHold")}
        </p>
      ) : null}
      </div>
    );
  };

  const flags = (row: TApprovalRow) => (
    <span className="flex flex-wrap gap-1.5">
      {row.holdReason ? <Badge variant="destructive">{t("financeApproval.onHold", { reason: row.holdReason })}</Badge> : <Badge variant="info">{t("financeApproval.pending")}</Badge>}
      {row.outOfPolicy ? <Badge variant="warning">{t("financeApproval.outOfPolicy")}</Badge> : null}
      {row.kind === "expense" && !row.hasReceipt ? <Badge>{t("financeApproval.noReceipt")}</Badge> : null}
      {row.duplicateOf ? <Badge variant="warning">{t("financeApproval.duplicate")}</Badge> : null}
      {row.recurring ? <Badge>{t("financeApproval.recurring")}</Badge> : null}
    </span>
  );
  const payee = (row: TApprovalRow) => (
    <span className="flex flex-col">
      <span className="font-medium">{row.kind === "bookingCost" ? (row.vendorName ?? "—") : (row.employeeName ?? "—")}</span>
      <span className="text-xs text-muted-foreground">{row.groupName}</span>
    </span>
  );
  const itemCell = (row: TApprovalRow) => (
    <span className="flex min-w-0 items-start gap-3">
      {row.receipt ? <ReceiptPreview receipt={row.receipt} what={what(row)} id={row.id} /> : null}
      <span className="flex min-w-0 flex-col">
        <span className="font-medium">
          {what(row)} #{row.id}
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

  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const submitSearch = (e: FormEvent) => {
    e.preventDefault();
    onSearch({ ...search, q: text.trim() || undefined, page: undefined });
  };

  return (
    <div className="flex flex-col gap-6">
      <PageHeader eyebrow={t("financeApproval.eyebrow")} title={t("financeApproval.title")} description={t("financeApproval.description")} />
      <Card className="flex flex-col gap-4 p-4 desktop:flex-row desktop:items-end">
        <FormField label={t("financeApproval.type")} className="desktop:w-52">
          {(f) => (
            <NativeSelect {...f} value={search.type ?? ""} onChange={(e) => onSearch({ ...search, type: (e.target.value || undefined) as ApprovalKind | undefined, page: undefined })}>
              <option value="">{t("financeApproval.type.all")}</option>
              {KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`financeApproval.type.${k}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeApproval.sort")} className="desktop:w-52">
          {(f) => (
            <NativeSelect {...f} value={sortKey} onChange={(e) => onSearch({ ...search, sort: e.target.value as SortKey, page: undefined })}>
              {SORT_KEYS.map((k) => (
                <option key={k} value={k}>
                  {t(`financeApproval.sort.${k}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <form role="search" onSubmit={submitSearch} className="flex min-w-0 flex-1 items-end gap-2">
          <FormField label={t("financeApproval.search")} className="min-w-0 flex-1">
            {(f) => <SearchInput {...f} maxLength={100} placeholder={t("financeApproval.searchPlaceholder")} value={text} onChange={(e) => setText(e.target.value)} />}
          </FormField>
          <Button type="submit" variant="outline">
            {t("financeApproval.searchButton")}
          </Button>
        </form>
      </Card>

      <div role="status" aria-live="polite" className="empty:hidden">
        {checking ? <p className="text-sm text-muted-foreground">{t("financeApproval.checking")}</p> : null}
        {notice ? (
          <Alert variant={notice.kind} role={notice.kind === "destructive" ? "alert" : undefined}>
            {notice.text}
          </Alert>
        ) : null}
      </div>

      <Card className="min-w-0 overflow-hidden">
        {query.isPending ? (
          <LoadingRows rows={5} />
        ) : query.isError || !data ? (
          <ErrorState message={serverMessage(query.error) ?? t("financeApproval.loadError")} retryLabel={t("app.retry")} onRetry={() => void query.refetch()} />
        ) : data.rows.length === 0 ? (
          <EmptyState title={search.q || search.type ? t("financeApproval.emptySearch") : t("financeApproval.empty")} />
        ) : (
          <>
            <div className="hidden desktop:block">
              <Table>
                <TableCaption className="sr-only">{t("financeApproval.caption")}</TableCaption>
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("financeApproval.item")}</TableHead>
                    <TableHead>{t("financeApproval.payee")}</TableHead>
                    <TableHead className="text-right">{t("financeApproval.amount")}</TableHead>
                    <TableHead className="text-right">{t("budgetFigures.remaining")}</TableHead>
                    <TableHead>{t("financeApproval.status")}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t("financeApproval.actions")}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.rows.map((row) => (
                    <TableRow key={keyOf(row)} data-testid={`approval-${row.kind}-${row.id}`}>
                      <TableCell>{itemCell(row)}</TableCell>
                      <TableCell>{payee(row)}</TableCell>
                      <TableCell className="text-right">
                        <Amount amount={row.gross} currency={row.currency} />
                      </TableCell>
                      <TableCell className="text-right">
                        <BudgetCell row={row} />
                      </TableCell>
                      <TableCell>{flags(row)}</TableCell>
                      <TableCell className="text-right">
                        <Actions row={row} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
            <ul className="flex flex-col divide-y divide-border desktop:hidden" aria-label={t("financeApproval.caption")}>
              {data.rows.map((row) => (
                <li key={keyOf(row)} className="flex flex-col gap-2 p-4" data-testid={`approval-card-${row.kind}-${row.id}`}>
                  <div className="flex items-start justify-between gap-3">
                    {itemCell(row)}
                    <Amount amount={row.gross} currency={row.currency} />
                  </div>
                  {payee(row)}
                  <div className="flex items-center justify-between gap-2 text-sm">
                    <span className="text-muted-foreground">{t("budgetFigures.remaining")}</span>
                    <BudgetCell row={row} />
                  </div>
                  {flags(row)}
                  <Actions row={row} />
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-3 border-t border-border p-4 tablet:flex-row tablet:items-center">
              <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
                <dt className="font-medium">{t("financeApproval.totals")}</dt>
                {data.totals.map((x) => (
                  <dd key={x.currency} className="text-right">
                    <Amount amount={x.amount} currency={x.currency} />
                  </dd>
                ))}
              </dl>
              <nav className="flex items-center gap-2 tablet:ml-auto" aria-label={t("financeApproval.pageOf", { page, pages })}>
                <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onSearch({ ...search, page: page - 1 === 1 ? undefined : page - 1 })}>
                  {t("financeApproval.previous")}
                </Button>
                <span className="text-sm tabular-nums">{t("financeApproval.pageOf", { page, pages })}</span>
                <Button size="sm" variant="outline" disabled={page >= pages} onClick={() => onSearch({ ...search, page: page + 1 })}>
                  {t("financeApproval.next")}
                </Button>
              </nav>
            </div>
          </>
        )}
      </Card>

      <AutoApprovalPanel />

      {dialog?.kind === "confirm" ? (
        <ConfirmDialog
          open
          onOpenChange={(open) => !open && setDialog(null)}
          title={t(dialog.step === "confirmOutOfPolicy" ? "financeApproval.confirmPolicyTitle" : dialog.step === "confirmOutOfBudget" ? "financeApproval.confirmOutOfBudgetTitle" : "financeApproval.confirmOverBudgetTitle")}
          description={
            dialog.step === "confirmOutOfPolicy"
              ? t("financeApproval.confirmPolicy")
              : dialog.step === "confirmOutOfBudget"
                ? t("financeApproval.confirmOutOfBudget")
                : t("financeApproval.confirmOverBudget", {
                    total: dialog.check?.newTotalSpend && dialog.row.budget.currency ? formatMajorMoney(dialog.check.newTotalSpend, dialog.row.budget.currency) : "—",
                    budget: dialog.row.budget.budget && dialog.row.budget.currency ? formatMajorMoney(dialog.row.budget.budget, dialog.row.budget.currency) : "—",
                  })
          }
          confirmLabel={t("financeApproval.approve")}
          cancelLabel={t("financeApproval.cancel")}
          onConfirm={() => {
            const { row, step, confirmations, check, payload } = dialog;
            const key = step === "confirmOutOfPolicy" ? "outOfPolicy" : step === "confirmOutOfBudget" ? "outOfBudget" : "overBudget";
            setDialog(null);
            void continueApproval(row, { ...confirmations, [key]: true }, check, payload);
          }}
        />
      ) : null}
      {panel ? (
        <BillPanel
          row={panel}
          notice={notice}
          onClose={() => setPanel(null)}
          onApprove={(payload) => {
            const why = blocked(panel, "approve");
            if (why) return setNotice({ kind: "destructive", text: why });
            setNotice(null);
            void continueApproval(panel, {}, null, payload);
          }}
        />
      ) : null}
      {dialog?.kind === "reject" ? <RejectDialog row={dialog.row} onClose={() => setDialog(null)} onDone={(text) => (setNotice({ kind: "success", text }), refresh())} /> : null}
      {dialog?.kind === "change" ? <ChangeDialog row={dialog.row} onClose={() => setDialog(null)} onDone={(text) => (setNotice({ kind: "success", text }), refresh())} /> : null}
      {dialog?.kind === "hold" ? <HoldDialog row={dialog.row} onClose={() => setDialog(null)} onDone={(text) => (setNotice({ kind: "success", text }), refresh())} /> : null}
      {dialog?.kind === "note" ? <NoteDialog row={dialog.row} onClose={() => setDialog(null)} onDone={(text) => (setNotice({ kind: "success", text }), refresh())} /> : null}
    </div>
  );
}

function DialogButtons({ busy, label, onClose }: { busy: boolean; label: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex justify-end gap-2">
      <Button type="button" variant="ghost" onClick={onClose}>
        {t("financeApproval.cancel")}
      </Button>
      <Button type="submit" busy={busy}>
        {label}
      </Button>
    </div>
  );
}

type DialogProps = { row: TApprovalRow; onClose: () => void; onDone: (text: string) => void };

/** §5 rejection: a reason must be selected; notes at most 250 characters. */
function RejectDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const reasons = useQuery(trpc.finance.approval.reasons.queryOptions());
  const reject = useMutation(trpc.finance.approval.reject.mutationOptions());
  const [reason, setReason] = useState("");
  const [notes, setNotes] = useState("");
  const [errors, setErrors] = useState<{ reason?: string; notes?: string; form?: string }>({});
  const what = t(`financeApproval.type.${row.kind}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const next: typeof errors = {};
    if (!reason) next.reason = FM.rejectionReasonRequired;
    if (notes.length > REJECTION_NOTES_MAX) next.notes = notesMaxMessage(REJECTION_NOTES_MAX);
    setErrors(next);
    if (next.reason || next.notes) return;
    reject.mutate(
      { kind: row.kind, id: row.id, rejectionId: Number(reason), rejectionReason: notes.trim() || null, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.rejected", { what, id: row.id }))), onError: (err) => setErrors({ form: serverMessage(err) ?? FM.productTeamError }) },
    );
  };
  return (
    <DialogShell title={t("financeApproval.rejectTitle", { what, id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        {errors.form ? <Alert variant="destructive" role="alert">{errors.form}</Alert> : null}
        <FormField label={t("financeApproval.rejectionReason")} required error={errors.reason}>
          {(f) => (
            <NativeSelect {...f} value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">{t("financeApproval.chooseReason")}</option>
              {(reasons.data?.reasons ?? []).map((r) => (
                <option key={r.id} value={r.id}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeApproval.notes")} error={errors.notes}>
          {(f) => <Textarea {...f} value={notes} onChange={(e) => setNotes(e.target.value)} />}
        </FormField>
        <DialogButtons busy={reject.isPending} label={t("financeApproval.reject")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

function ChangeDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const change = useMutation(trpc.finance.approval.requestChange.mutationOptions());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason.trim()) return setError(FM.rejectionReasonRequired);
    if (reason.length > REJECTION_NOTES_MAX) return setError(notesMaxMessage(REJECTION_NOTES_MAX));
    change.mutate(
      { bookingCostId: row.id, requestForChangeReason: reason.trim(), idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.changeRequested", { id: row.id }))), onError: (err) => setError(serverMessage(err) ?? FM.productTeamError) },
    );
  };
  return (
    <DialogShell title={t("financeApproval.changeTitle", { id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeApproval.changeReason")} required error={error}>
          {(f) => <Textarea {...f} value={reason} onChange={(e) => setReason(e.target.value)} />}
        </FormField>
        <DialogButtons busy={change.isPending} label={t("financeApproval.requestChange")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

function HoldDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const hold = useMutation(trpc.finance.approval.setHold.mutationOptions());
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const what = t(`financeApproval.type.${row.kind}`);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!isHoldReason(reason)) return setError(FM.holdReasonRequired);
    hold.mutate(
      { kind: row.kind, id: row.id, holdStatus: true, holdReason: reason, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.held", { what, id: row.id }))), onError: (err) => setError(serverMessage(err) ?? FM.productTeamError) },
    );
  };
  return (
    <DialogShell title={t("financeApproval.holdTitle", { what, id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeApproval.holdReason")} required error={error}>
          {(f) => (
            <NativeSelect {...f} value={reason} onChange={(e) => setReason(e.target.value)}>
              <option value="">{t("financeApproval.chooseReason")}</option>
              {HOLD_REASONS.map((r) => (
                <option key={r} value={r}>
                  {r}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <DialogButtons busy={hold.isPending} label={t("financeApproval.hold")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** §5 expense form: internal notes at most 255 characters. */
function NoteDialog({ row, onClose, onDone }: DialogProps) {
  const { t } = useTranslation();
  const save = useMutation(trpc.finance.approval.expenseNote.mutationOptions());
  const [note, setNote] = useState(row.internalNote);
  const [error, setError] = useState<string | null>(null);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.length > INTERNAL_NOTES_MAX) return setError(FM.internalNotesTooLong);
    save.mutate(
      { expenseId: row.id, internalNote: note, idempotencyKey: crypto.randomUUID() },
      { onSuccess: () => (onClose(), onDone(t("financeApproval.noteSaved"))), onError: (err) => setError(serverMessage(err) ?? FM.expenseGenericError) },
    );
  };
  return (
    <DialogShell title={t("financeApproval.noteTitle", { id: row.id })} onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <FormField label={t("financeApproval.note")} error={error}>
          {(f) => <Textarea {...f} value={note} onChange={(e) => setNote(e.target.value)} />}
        </FormField>
        <DialogButtons busy={save.isPending} label={t("financeApproval.save")} onClose={onClose} />
      </form>
    </DialogShell>
  );
}

/** A group's auto-approval rule (off by default). */
function AutoApprovalPanel() {
  const { t } = useTranslation();
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const [groupId, setGroupId] = useState<number | null>(null);
  const chosen = groupId ?? groups.data?.[0]?.id ?? null;
  const rule = useQuery(trpc.finance.approval.autoRule.queryOptions({ groupId: chosen ?? 1 }, { enabled: chosen !== null }));
  const save = useMutation(trpc.finance.approval.saveAutoRule.mutationOptions());
  const [form, setForm] = useState({ enabled: false, maxAmount: "0.00", currency: "EUR", requiresReceipt: true });
  const [message, setMessage] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  useEffect(() => {
    if (rule.data) setForm({ enabled: rule.data.enabled, maxAmount: rule.data.maxAmount, currency: rule.data.currency, requiresReceipt: rule.data.requiresReceipt });
  }, [rule.data]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen === null || !rule.data) return;
    save.mutate(
      { groupId: chosen, ...form, version: rule.data.version, idempotencyKey: crypto.randomUUID() },
      {
        onSuccess: () => {
          setMessage({ kind: "success", text: t("financeApproval.autoSaved") });
          void queryClient.invalidateQueries({ queryKey: trpc.finance.approval.autoRule.queryKey() });
        },
        onError: (err) => setMessage({ kind: "destructive", text: serverMessage(err) ?? FM.saveChangesError }),
      },
    );
  };
  return (
    <Card className="flex flex-col gap-4 p-4" role="region" aria-labelledby="auto-approval-title">
      <div className="flex flex-col gap-1">
        <h2 id="auto-approval-title" className="text-lg font-semibold">
          {t("financeApproval.autoTitle")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("financeApproval.autoDescription")}</p>
      </div>
      <form onSubmit={submit} className="grid gap-4 tablet:grid-cols-2 desktop:grid-cols-4 desktop:items-end" noValidate>
        <FormField label={t("financeApproval.autoGroup")}>
          {(f) => (
            <NativeSelect {...f} value={chosen ?? ""} onChange={(e) => (setGroupId(Number(e.target.value)), setMessage(null))}>
              {(groups.data ?? []).map((g) => (
                <option key={g.id} value={g.id}>
                  {g.displayName}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField label={t("financeApproval.autoMax")}>
          {(f) => <Input {...f} inputMode="decimal" value={form.maxAmount} onChange={(e) => setForm({ ...form, maxAmount: e.target.value })} />}
        </FormField>
        <FormField label={t("financeApproval.autoCurrency")}>
          {(f) => <Input {...f} maxLength={3} value={form.currency} onChange={(e) => setForm({ ...form, currency: e.target.value.toUpperCase() })} />}
        </FormField>
        <div className="flex flex-col gap-2">
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={form.enabled} onCheckedChange={(v) => setForm({ ...form, enabled: v === true })} />
            {t("financeApproval.autoEnabled")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <Checkbox checked={form.requiresReceipt} onCheckedChange={(v) => setForm({ ...form, requiresReceipt: v === true })} />
            {t("financeApproval.autoReceipt")}
          </label>
        </div>
        <div className="flex flex-col gap-2 tablet:col-span-2 desktop:col-span-4 tablet:flex-row tablet:items-center">
          <Button type="submit" busy={save.isPending} disabled={!rule.data}>
            {t("financeApproval.save")}
          </Button>
          <div role="status" aria-live="polite" className="empty:hidden">
            {message ? <Alert variant={message.kind}>{message.text}</Alert> : null}
          </div>
        </div>
      </form>
    </Card>
  );
}
