/**
 * /finance/expenses — employee expenses management (issue 16; spec part 2 "employee expenses and expenses
 * management screens", §3 Expense, §5 "Expense form: internal notes max 255", §8 Expenses alerts): every
 * group's expenses for finance, filtered by group and status, searched by employee, e-mail, description or
 * group, 25 a page with the page's gross totals per currency. Each row: the receipt link (/download?hash=,
 * its own access rules), the internal note (editable), delete while finance has not started. A table from
 * 768 px, cards below.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Receipt } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { EXPENSE_STATUSES, type ExpenseStatus } from "../../../domain/employee/expenses/rules.ts";
import { INTERNAL_NOTES_MAX } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { EXPENSES_PAGE_SIZE, type TManagedExpense } from "../../../domain/finance/schemas-adhoc.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { LifecycleBadge } from "../../components/expense-lifecycle.tsx";
import type { TLifecycle } from "../../../domain/employee/expenses/lifecycle.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "../../components/ui/table.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatDate, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { Amount, fieldsOf, newKey } from "./shared.tsx";

/** The reason (rejection, void, returned payment) or the payment under the state, in one short line. */
function LifecycleNote({ lifecycle }: { lifecycle: TLifecycle }) {
  const { t } = useTranslation();
  if (lifecycle.paid) {
    return (
      <div className="mt-1 whitespace-nowrap text-xs text-muted-foreground tabular-nums" data-testid="expense-paid">
        {t("expenses.lifecycle.paid", { amount: formatMajorMoney(lifecycle.paid.amount, lifecycle.paid.currency), date: formatDate(lifecycle.paid.date), defaultValue: "{{amount}} paid on {{date}}" })}
      </div>
    );
  }
  return lifecycle.reason ? <div className="mt-1 line-clamp-2 max-w-[14rem] break-words text-xs text-muted-foreground" data-testid="expense-reason">{lifecycle.reason}</div> : null;
}

export function ExpensesAdminPage() {
  const { t } = useTranslation();
  const [group, setGroup] = useState("");
  const [status, setStatus] = useState<ExpenseStatus | "">("");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [noteOf, setNoteOf] = useState<TManagedExpense | null>(null);
  const [deleting, setDeleting] = useState<TManagedExpense | null>(null);
  const [notice, setNotice] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  const groups = useQuery(trpc.admin.groups.list.queryOptions());
  const input = { group: group || undefined, status: status || undefined, search: search.trim() || undefined, page };
  const list = useQuery(trpc.finance.adhoc.expenses.queryOptions(input, { placeholderData: (prev) => prev }));
  const remove = useMutation(trpc.finance.adhoc.deleteExpense.mutationOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.finance.adhoc.expenses.queryKey() });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / (list.data.pageSize || EXPENSES_PAGE_SIZE))) : 1;

  const confirmDelete = () => {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    remove.mutate(
      { expenseId: target.id, idempotencyKey: newKey() },
      {
        onSuccess: () => {
          setNotice({ kind: "success", text: t("financeAdhoc.expenseDeleted", { id: target.id, defaultValue: "Expense #{{id}} deleted." }) });
          refresh();
        },
        onError: (error) => setNotice({ kind: "destructive", text: serverMessage(error) ?? FM.expenseDeleteError }),
      },
    );
  };

  return (
    <div data-testid="expenses-admin-page">
      <PageHeader title={t("financeAdhoc.expensesTitle", "Employee expenses")} description={t("financeAdhoc.expensesIntro", "Every group's employee expenses: receipts, internal notes, and deleting what finance has not started on.")} />
      <Card className="mb-4">
        <CardContent className="grid gap-4 pt-6 tablet:grid-cols-3">
          <FormField label={t("financeAdhoc.group", "Group")}>
            {(field) => (
              <NativeSelect {...field} value={group} onChange={(e) => (setGroup(e.target.value), setPage(1))} data-testid="expenses-group">
                <option value="">{t("financeAdhoc.allGroups", "All groups")}</option>
                {(groups.data ?? []).map((g) => (
                  <option key={g.id} value={g.name}>
                    {g.displayName}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeAdhoc.status", "Status")}>
            {(field) => (
              <NativeSelect {...field} value={status} onChange={(e) => (setStatus(e.target.value as ExpenseStatus | ""), setPage(1))} data-testid="expenses-status">
                <option value="">{t("financeAdhoc.allStatuses", "All statuses")}</option>
                {EXPENSE_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`expenses.status.${s}`, s)}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <FormField label={t("financeAdhoc.search", "Search")}>
            {(field) => <SearchInput {...field} value={search} onChange={(e) => (setSearch(e.target.value), setPage(1))} placeholder={t("financeAdhoc.searchExpenses", "Employee, e-mail, description")} data-testid="expenses-search" />}
          </FormField>
        </CardContent>
      </Card>
      {notice ? (
        <Alert variant={notice.kind} className="mb-4" data-testid="expenses-notice">
          {notice.text}
        </Alert>
      ) : null}
      {list.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={5} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={serverMessage(list.error) ?? FM.expenseGenericError} retryLabel={t("app.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.expenses.length === 0 ? (
        <Card>
          <EmptyState icon={Receipt} title={t("financeAdhoc.noExpenses", "No expenses match.")} />
        </Card>
      ) : (
        <>
          <Card className="hidden tablet:block">
            <div className="overflow-x-auto">
              <Table data-testid="expenses-table">
                <TableHeader>
                  <TableRow>
                    <TableHead>{t("financeAdhoc.employee", "Employee")}</TableHead>
                    <TableHead>{t("financeAdhoc.expense", "Expense")}</TableHead>
                    <TableHead>{t("financeAdhoc.date", "Date")}</TableHead>
                    <TableHead className="text-right">{t("financeAdhoc.gross", "Gross amount")}</TableHead>
                    <TableHead>{t("financeAdhoc.status", "Status")}</TableHead>
                    <TableHead>{t("financeAdhoc.internalNotes", "Internal notes")}</TableHead>
                    <TableHead>
                      <span className="sr-only">{t("financeAdhoc.actions", "Actions")}</span>
                    </TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.data.expenses.map((x) => (
                    <TableRow key={x.id} data-testid="expense-row">
                      <TableCell>
                        <div className="font-medium">{x.employeeName}</div>
                        <div className="text-xs text-muted-foreground">{x.groupDisplayName}</div>
                      </TableCell>
                      <TableCell className="max-w-[16rem]">
                        <div className="truncate">{x.description || x.categoryOther || t(`expenses.category.${x.category}`, x.category)}</div>
                        <div className="text-xs text-muted-foreground">{x.category === "OTHER" && x.categoryOther ? x.categoryOther : t(`expenses.category.${x.category}`, x.category)}</div>
                      </TableCell>
                      <TableCell className="whitespace-nowrap">{formatDate(x.expenseDate)}</TableCell>
                      <TableCell>
                        <Amount value={x.gross} currency={x.currency} />
                      </TableCell>
                      <TableCell>
                        <LifecycleBadge lifecycle={x.lifecycle} />
                        {x.holdReason ? <div className="mt-1 text-xs text-muted-foreground">{x.holdReason}</div> : null}
                        <LifecycleNote lifecycle={x.lifecycle} />
                      </TableCell>
                      <TableCell className="max-w-[14rem]">
                        <span className="line-clamp-2 break-words text-sm" data-testid="expense-note">
                          {x.internalNotes || "—"}
                        </span>
                      </TableCell>
                      <TableCell>
                        <RowActions expense={x} onNote={setNoteOf} onDelete={setDeleting} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </Card>
          <ul className="flex flex-col gap-3 tablet:hidden" data-testid="expenses-cards">
            {list.data.expenses.map((x) => (
              <li key={x.id}>
                <Card>
                  <CardContent className="flex flex-col gap-2 pt-4">
                    <div className="flex items-start justify-between gap-3">
                      <div className="min-w-0">
                        <p className="font-medium">{x.employeeName}</p>
                        <p className="text-xs text-muted-foreground">
                          {x.groupDisplayName} · {formatDate(x.expenseDate)}
                        </p>
                      </div>
                      <span className="shrink-0 text-right font-medium tabular-nums">{formatMajorMoney(x.gross, x.currency)}</span>
                    </div>
                    <p className="break-words text-sm">{x.description || t(`expenses.category.${x.category}`, x.category)}</p>
                    <div>
                      <LifecycleBadge lifecycle={x.lifecycle} />
                      <LifecycleNote lifecycle={x.lifecycle} />
                    </div>
                    <p className="break-words text-sm text-muted-foreground">{x.internalNotes || "—"}</p>
                    <RowActions expense={x} onNote={setNoteOf} onDelete={setDeleting} />
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <div className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-center tablet:justify-between">
            <p className="text-sm" data-testid="expenses-totals">
              <span className="text-muted-foreground">{t("financeAdhoc.pageTotals", "Totals of this page")}: </span>
              {list.data.totals.map((x) => (
                <span key={x.currency} className="mr-3 font-medium tabular-nums">
                  {formatMajorMoney(x.gross, x.currency)}
                </span>
              ))}
            </p>
            <nav className="flex items-center gap-2" aria-label={t("financeAdhoc.pagination", "Pages")}>
              <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
                {t("financeAdhoc.previous", "Previous")}
              </Button>
              <span className="text-sm tabular-nums">{t("financeAdhoc.pageOf", { page, pages, defaultValue: "Page {{page}} of {{pages}}" })}</span>
              <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
                {t("financeAdhoc.next", "Next")}
              </Button>
            </nav>
          </div>
        </>
      )}
      {noteOf ? <NoteDialog expense={noteOf} onClose={() => setNoteOf(null)} onSaved={refresh} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t("financeAdhoc.deleteTitle", "Delete this expense?")}
        description={deleting ? t("financeAdhoc.deleteText", { name: deleting.employeeName, amount: formatMajorMoney(deleting.gross, deleting.currency), defaultValue: "{{name}}'s expense of {{amount}} will be deleted." }) : ""}
        confirmLabel={t("financeAdhoc.delete", "Delete")}
        cancelLabel={t("app.cancel", "Cancel")}
        destructive
        onConfirm={confirmDelete}
      />
    </div>
  );
}

function RowActions({ expense, onNote, onDelete }: { expense: TManagedExpense; onNote: (x: TManagedExpense) => void; onDelete: (x: TManagedExpense) => void }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap items-center gap-2">
      {expense.receiptHash ? (
        <a className="text-sm font-medium text-primary underline-offset-4 hover:underline" href={`/download?hash=${encodeURIComponent(expense.receiptHash)}`} target="_blank" rel="noreferrer">
          {t("financeAdhoc.receipt", "Receipt")}
          <span className="sr-only"> {expense.receiptName ?? ""}</span>
        </a>
      ) : (
        <span className="text-xs text-muted-foreground">{t("financeAdhoc.noReceipt", "No receipt")}</span>
      )}
      <Button variant="outline" size="sm" onClick={() => onNote(expense)} aria-label={t("financeAdhoc.editNoteOf", { id: expense.id, defaultValue: "Edit the internal note of expense {{id}}" })} data-testid="edit-note">
        {t("financeAdhoc.note", "Note")}
      </Button>
      {expense.deletable ? (
        <Button variant="outline" size="sm" onClick={() => onDelete(expense)} aria-label={t("financeAdhoc.deleteOf", { id: expense.id, defaultValue: "Delete expense {{id}}" })} data-testid="delete-expense">
          {t("financeAdhoc.delete", "Delete")}
        </Button>
      ) : null}
    </div>
  );
}

function NoteDialog({ expense, onClose, onSaved }: { expense: TManagedExpense; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(expense.internalNotes);
  const [error, setError] = useState<string | null>(null);
  const [key] = useState(newKey);
  const save = useMutation(trpc.finance.adhoc.expenseNote.mutationOptions());
  const tooLong = text.length > INTERNAL_NOTES_MAX;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent closeLabel={t("app.close", "Close")}>
        <DialogTitle>{t("financeAdhoc.noteTitle", "Internal note")}</DialogTitle>
        <DialogDescription>
          {expense.employeeName} · {formatMajorMoney(expense.gross, expense.currency)}
        </DialogDescription>
        <form
          className="flex flex-col gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            if (tooLong) return setError(FM.internalNotesTooLong);
            save.mutate(
              { expenseId: expense.id, internalNote: text, version: expense.version, idempotencyKey: key },
              {
                onSuccess: () => {
                  onSaved();
                  onClose();
                },
                onError: (err) => setError(fieldsOf(err).internalNote ?? serverMessage(err) ?? FM.expenseUnknownError),
              },
            );
          }}
        >
          <FormField label={t("financeAdhoc.internalNotes", "Internal notes")} error={tooLong ? FM.internalNotesTooLong : error} hint={`${text.length} / ${INTERNAL_NOTES_MAX}`}>
            {(field) => <Textarea {...field} rows={4} value={text} onChange={(e) => setText(e.target.value)} data-testid="note-text" />}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t("app.cancel", "Cancel")}
            </Button>
            <Button type="submit" busy={save.isPending} disabled={tooLong} data-testid="save-note">
              {t("financeAdhoc.save", "Save")}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
