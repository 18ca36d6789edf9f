/**
 * /expenses — the employee's expenses (part 1 §2 "My move: expense items with a delete popup", §3
 * "My move expense status", §8; the overdraft popup): submit against a service and move stage with a
 * receipt (photo from the phone camera or a file, stored through the files API) or without; the
 * remaining budget of the chosen service (POST /budget/spend/remaining: 2 decimals, "N/A", "Error
 * fetching budget", "Set move stage"); the hard-limit check before submitting (overdraft popup); the
 * list with status and the delete popup (only what finance has not started).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { Receipt, Trash2 } from "lucide-react";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { BudgetFigures, useBudgetFigureLabel } from "../../components/budget-figures.tsx";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { EXPENSE_CATEGORIES, expenseDateProblem, type ExpenseCategory } from "../../../domain/employee/expenses/rules.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { messages } from "../../../domain/messages.ts";
import type { TExpense, TExpenseListResponse } from "../../../domain/employee/expenses/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { LifecycleBadge, LifecycleSteps, LifecycleSummary } from "../../components/expense-lifecycle.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { currencyLabel, formatDate, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { payableCurrencyCodes } from "../../../domain/money/currencies.ts";

/** The employee's own calendar day (the date input's latest day). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const newRequestId = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

export function ExpensesPage() {
  const { t } = useTranslation();
  const list = useQuery({ ...trpc.expenses.list.queryOptions({}), refetchOnWindowFocus: false });
  return (
    <div data-testid="expenses-page">
      <PageHeader title={t("expenses.title", "My expenses")} description={t("expenses.intro", "Submit what you spent for your move against a service and move stage, with a receipt (a photo or a file) or without.")} />
      {list.isPending ? (
        <Card aria-busy="true">
          <LoadingRows rows={4} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={serverMessage(list.error) ?? t("expenses.loadFailed", "Your expenses could not be loaded.")} retryLabel={t("app.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.moveId === null ? (
        <Card>
          <EmptyState icon={Receipt} title={t("expenses.noMove", "Your move has not started yet: there is nothing to submit expenses against.")} />
        </Card>
      ) : (
        <div className="grid min-w-0 items-start gap-6 desktop:grid-cols-2">
          <ExpenseForm data={list.data} />
          <div className="flex min-w-0 flex-col gap-6">
            <MyBudgets />
            <ExpenseList data={list.data} />
          </div>
        </div>
      )}
    </div>
  );
}

/** The budgets HR lets the employee see (budgetSeenByEmployee), with what is spent. */
function MyBudgets() {
  const { t } = useTranslation();
  const budgets = useQuery({ ...trpc.budgets.forMove.queryOptions({}), retry: false });
  if (budgets.isPending || (budgets.data && budgets.data.budgets.length === 0)) return null;
  return (
    <Card className="min-w-0" data-testid="my-budgets">
      <section aria-labelledby="my-budgets-title">
        <CardHeader>
          <CardTitle id="my-budgets-title">{t("budgets.myTitle", "My budgets")}</CardTitle>
        </CardHeader>
        <CardContent>
          {budgets.isError ? (
            <p className="text-sm text-destructive">{budgetMessages.fetchFailure}</p>
          ) : (
            <ul className="flex flex-col gap-3">
              {budgets.data.budgets.map((b) => (
                <li key={`${b.moveStageId}-${b.budgetGroupId}`} className="flex flex-col gap-1" data-testid="my-budget">
                  <p className="text-sm font-medium">
                    {b.moveStageName} · {b.budgetGroupName}
                  </p>
                  <div className="h-2 overflow-hidden rounded-full bg-muted" role="progressbar" aria-label={`${b.moveStageName} · ${b.budgetGroupName}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.min(100, b.progressPercentage)}>
                    <div className="h-full bg-primary" style={{ width: `${Math.min(100, b.progressPercentage)}%` }} />
                  </div>
                  <BudgetFigures figures={b.figures} />
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
    </Card>
  );
}

/** The remaining budget of one service and stage, as the page shows it (part 1 §8). */
function RemainingBudget({ moveId, serviceName, moveStageId }: { moveId: number; serviceName: string; moveStageId: number | null }) {
  const label = useBudgetFigureLabel();
  const remaining = useQuery({
    ...trpc.budgets.remaining.queryOptions({ searches: [{ id: "form", serviceName, moveStageId, moveId }] }),
    enabled: serviceName !== "" && moveStageId !== null,
    retry: false,
  });
  let text: string;
  let tone = "";
  if (moveStageId === null) text = budgetMessages.setMoveStage;
  else if (remaining.isError) {
    text = budgetMessages.fetchFailure;
    tone = "text-destructive";
  } else if (!remaining.data) text = "…";
  else {
    const r = remaining.data.results[0];
    text = !r || r.outOfBudget || !r.amount ? budgetMessages.notAvailable : r.noMoveStage ? budgetMessages.setMoveStage : formatMajorMoney(r.amount.amount, r.amount.currencyUnit.code);
  }
  return (
    <p className="text-sm" data-testid="remaining-budget">
      <span className="text-muted-foreground">{label("remaining")}: </span>
      <span className={`font-semibold tabular-nums ${tone}`} data-testid="remaining-budget-value">
        {text}
      </span>
    </p>
  );
}

/** The receipt could not be uploaded; `message` is the text to show. */
class UploadFailure extends Error {}

type FormState = {
  service: string;
  stage: string;
  category: ExpenseCategory;
  categoryOther: string;
  description: string;
  expenseDate: string;
  currency: string;
  gross: string;
  net: string;
  tax: string;
};

function ExpenseForm({ data }: { data: TExpenseListResponse }) {
  const { t } = useTranslation();
  const firstStage = data.currentMoveStage ?? data.moveStages[0]?.id ?? 1;
  const [form, setForm] = useState<FormState>({
    service: "",
    stage: String(firstStage),
    category: "TRAVEL",
    categoryOther: "",
    description: "",
    expenseDate: today(),
    currency: "USD",
    gross: "",
    net: "",
    tax: "",
  });
  const [file, setFile] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [overdraft, setOverdraft] = useState<{ remaining: string; cost: string; over: string; hard: boolean } | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const submit = useMutation(trpc.expenses.submit.mutationOptions());
  const stage = Number(form.stage);
  const services = useMemo(() => data.services.filter((s) => s.moveStageId === stage), [data.services, stage]);
  const serviceTitle = services.find((s) => s.serviceName === form.service)?.title ?? form.service;
  const set = (patch: Partial<FormState>) => setForm((f) => ({ ...f, ...patch }));

  const uploadReceipt = async (): Promise<number | null> => {
    if (!file) return null;
    setUploading(true);
    try {
      const body = new FormData();
      body.append("moveId", String(data.moveId));
      body.append("file", file);
      // part 1 §8 "Upload": the server's errorMessage, else "Cannot upload file. Please contact customer support..."
      // (also when the upload never reached the server).
      const res = await fetch("/hr/json/employee/files/upload", { method: "POST", body, credentials: "same-origin" }).catch(() => null);
      const json = res ? ((await res.json().catch(() => null)) as { success?: boolean; fileID?: number | null; errorMessage?: string | null } | null) : null;
      if (!res || !res.ok || !json?.success || !json.fileID) throw new UploadFailure(json?.errorMessage || fileMessages.uploadFailed);
      return json.fileID;
    } finally {
      setUploading(false);
    }
  };

  const send = async () => {
    setOverdraft(null);
    try {
      const receiptFileId = await uploadReceipt();
      const res = await submit.mutateAsync({
        serviceName: form.service,
        moveStageId: stage,
        category: form.category,
        categoryOther: form.category === "OTHER" ? form.categoryOther : null,
        description: form.description,
        expenseDate: form.expenseDate,
        currency: form.currency,
        gross: form.gross,
        net: form.net === "" ? null : form.net,
        tax: form.tax === "" ? null : form.tax,
        receiptFileId,
        requestId,
      });
      setDone(t("expenses.submitted", "Expense submitted."));
      setForm((f) => ({ ...f, gross: "", net: "", tax: "", description: "", categoryOther: "" }));
      setFile(null);
      setFileKey((k) => k + 1);
      setRequestId(newRequestId());
      void res;
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trpc.expenses.list.queryKey() }),
        queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() }),
      ]);
    } catch (e) {
      // The receipt's upload text, the server's own text, else the spec's generic request failure
      // (part 1 §8): never a browser's or a library's technical message.
      setError(e instanceof UploadFailure ? e.message : (serverMessage(e) ?? messages.genericFailure));
    }
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!form.service) {
      setError(t("expenses.chooseService", "Choose a service"));
      return;
    }
    // The date's bounds (issue 24 §6): not after today, not before the move's start minus the window; the server checks the same.
    const dateProblem = expenseDateProblem(form.expenseDate, { today: today(), earliest: data.expenseDateBounds?.earliest ?? null, windowDays: data.expenseDateBounds?.windowDays ?? 0 });
    if (dateProblem) {
      setError(dateProblem);
      return;
    }
    // The hard-limit check first: over what remains, the overdraft popup asks.
    try {
      const check = await queryClient.fetchQuery(
        trpc.budgets.checkHardLimit.queryOptions({ enquiryId: data.moveId ?? undefined, productId: form.service, moveStageId: stage, amount: form.gross, currency: form.currency }),
      );
      const d = check.data;
      if (d && !d.outOfBudget && Number(d.amountOver) > 0) {
        setOverdraft({ remaining: formatMajorMoney(d.remainingBudget, d.currencyCode), cost: formatMajorMoney(d.costOfService, d.currencyCode), over: formatMajorMoney(d.amountOver, d.currencyCode), hard: d.hardLimit });
        return;
      }
    } catch (e) {
      const message = serverMessage(e);
      // A bad amount is the submit's to explain; anything else is the spec's hard-limit failure.
      if (!message) {
        setError(budgetMessages.hardLimitFailure);
        return;
      }
    }
    await send();
  };

  const busy = submit.isPending || uploading;
  return (
    <Card className="min-w-0" data-testid="expense-form-card">
      <section aria-labelledby="expense-form-title">
        <CardHeader>
          <CardTitle id="expense-form-title">{t("expenses.newTitle", "New expense")}</CardTitle>
        </CardHeader>
        <CardContent>
          <form className="flex flex-col gap-4" onSubmit={(e) => void onSubmit(e)} noValidate>
            <div className="grid gap-4 tablet:grid-cols-2">
              <FormField label={t("expenses.moveStage", "Move stage")} required>
                {(field) => (
                  <NativeSelect {...field} value={form.stage} onChange={(e) => set({ stage: e.target.value, service: "" })} data-testid="expense-stage">
                    {data.moveStages.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField label={t("expenses.service", "Service")} required>
                {(field) => (
                  <NativeSelect {...field} value={form.service} onChange={(e) => set({ service: e.target.value })} data-testid="expense-service">
                    <option value="">{t("expenses.chooseService", "Choose a service")}</option>
                    {services.map((s) => (
                      <option key={s.serviceName} value={s.serviceName}>
                        {s.title}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
            </div>
            {form.service ? <RemainingBudget moveId={data.moveId!} serviceName={form.service} moveStageId={stage} /> : null}
            <div className="grid gap-4 tablet:grid-cols-2">
              <FormField label={t("expenses.category", "Category")} required>
                {(field) => (
                  <NativeSelect {...field} value={form.category} onChange={(e) => set({ category: e.target.value as ExpenseCategory })} data-testid="expense-category">
                    {EXPENSE_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {t(`expenses.category.${c}`, c)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              {form.category === "OTHER" ? (
                <FormField label={t("expenses.categoryOther", "Describe the category")} required>
                  {(field) => <Input {...field} value={form.categoryOther} maxLength={255} onChange={(e) => set({ categoryOther: e.target.value })} data-testid="expense-category-other" />}
                </FormField>
              ) : null}
              <FormField label={t("expenses.date", "Date of the expense")} required>
                {(field) => <Input {...field} type="date" value={form.expenseDate} max={today()} min={data.expenseDateBounds?.earliest ?? undefined} onChange={(e) => set({ expenseDate: e.target.value })} data-testid="expense-date" />}
              </FormField>
              <FormField label={t("expenses.currency", "Currency")} required>
                {(field) => (
                  <NativeSelect {...field} value={form.currency} onChange={(e) => set({ currency: e.target.value })} data-testid="expense-currency">
                    {payableCurrencyCodes().map((c) => (
                      <option key={c} value={c}>
                        {currencyLabel(c)}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField label={t("expenses.gross", "Gross amount")} required>
                {(field) => <Input {...field} inputMode="decimal" value={form.gross} onChange={(e) => set({ gross: e.target.value })} data-testid="expense-gross" />}
              </FormField>
              <FormField label={t("expenses.net", "Net amount (optional)")}>
                {(field) => <Input {...field} inputMode="decimal" value={form.net} onChange={(e) => set({ net: e.target.value })} data-testid="expense-net" />}
              </FormField>
              <FormField label={t("expenses.tax", "Tax amount (optional)")}>
                {(field) => <Input {...field} inputMode="decimal" value={form.tax} onChange={(e) => set({ tax: e.target.value })} data-testid="expense-tax" />}
              </FormField>
            </div>
            <FormField label={t("expenses.description", "Notes")}>
              {(field) => <Input {...field} value={form.description} maxLength={255} onChange={(e) => set({ description: e.target.value })} data-testid="expense-description" />}
            </FormField>
            <FormField label={t("expenses.receipt", "Receipt (photo or PDF, optional)")} hint={t("expenses.receiptHint", "On a phone this opens the camera. Without a receipt the expense is submitted without receipt.")}>
              {(field) => (
                <Input
                  {...field}
                  key={fileKey}
                  type="file"
                  accept="image/*,application/pdf"
                  capture="environment"
                  onChange={(e) => setFile(e.target.files?.[0] ?? null)}
                  data-testid="expense-receipt"
                />
              )}
            </FormField>
            {error ? (
              <Alert variant="destructive" role="alert" data-testid="expense-error">
                {error}
              </Alert>
            ) : null}
            {done ? (
              <p role="status" className="text-sm font-medium text-success" data-testid="expense-done">
                {done}
              </p>
            ) : null}
            <div>
              <Button type="submit" busy={busy} data-testid="expense-submit">
                {uploading ? t("expenses.uploading", "Uploading the receipt…") : busy ? t("expenses.submitting", "Submitting…") : t("expenses.submit", "Submit expense")}
              </Button>
            </div>
          </form>
        </CardContent>
      </section>
      <ConfirmDialog
        open={overdraft !== null}
        onOpenChange={(open) => (open ? undefined : setOverdraft(null))}
        title={t("expenses.overdraftTitle", "This expense is over your budget")}
        description={
          overdraft
            ? t(overdraft.hard ? "expenses.overdraftHardBody" : "expenses.overdraftBody", {
                service: serviceTitle,
                remaining: overdraft.remaining,
                cost: overdraft.cost,
                over: overdraft.over,
                defaultValue: "{{service}} has {{remaining}} left; this expense of {{cost}} is {{over}} over it. Finance decides whether the amount over the budget is paid.",
              })
            : ""
        }
        confirmLabel={t("expenses.overdraftConfirm", "Submit anyway")}
        cancelLabel={t("expenses.overdraftCancel", "Go back")}
        onConfirm={() => void send()}
      />
    </Card>
  );
}

function ExpenseList({ data }: { data: TExpenseListResponse }) {
  const { t } = useTranslation();
  const [toDelete, setToDelete] = useState<TExpense | null>(null);
  const [message, setMessage] = useState<{ kind: "ok" | "error"; text: string } | null>(null);
  const remove = useMutation(trpc.expenses.delete.mutationOptions());
  const doDelete = (expense: TExpense) => {
    setToDelete(null);
    remove.mutate(
      { expenseId: expense.id },
      {
        onSuccess: () => {
          setMessage({ kind: "ok", text: t("expenses.deleted", "Expense deleted.") });
          void queryClient.invalidateQueries({ queryKey: trpc.expenses.list.queryKey() });
          void queryClient.invalidateQueries({ queryKey: trpc.budgets.pathKey() });
        },
        onError: (e) => {
          setMessage({ kind: "error", text: serverMessage(e) ?? "An error occured..." });
          void queryClient.invalidateQueries({ queryKey: trpc.expenses.list.queryKey() });
        },
      },
    );
  };
  return (
    <Card className="min-w-0" data-testid="expense-list-card">
      <section aria-labelledby="expense-list-title">
        <CardHeader>
          <CardTitle id="expense-list-title">{t("expenses.listTitle", "Submitted expenses")}</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {message ? (
            message.kind === "ok" ? (
              <p role="status" className="text-sm font-medium text-success" data-testid="expense-list-status">
                {message.text}
              </p>
            ) : (
              <Alert variant="destructive" role="alert" data-testid="expense-list-error">
                {message.text}
              </Alert>
            )
          ) : null}
          {data.expenses.length === 0 ? (
            <EmptyState icon={Receipt} title={t("expenses.empty", "You have not submitted any expenses yet.")} />
          ) : (
            <ul className="flex flex-col divide-y divide-border" data-testid="expense-list">
              {data.expenses.map((e) => (
                <li key={e.id} className="flex flex-col gap-2 py-3 tablet:flex-row tablet:items-start tablet:justify-between" data-testid="expense-row" data-expense-id={e.id}>
                  <div className="min-w-0">
                    <p className="font-medium break-words">
                      {e.serviceTitle} · {e.moveStageName}
                    </p>
                    <p className="text-sm text-muted-foreground break-words">
                      {formatDate(e.expenseDate)} · {t(`expenses.category.${e.category}`, e.category)}
                      {e.categoryOther ? ` (${e.categoryOther})` : ""}
                      {e.description ? ` · ${e.description}` : ""}
                    </p>
                    <p className="text-sm tabular-nums" data-testid="expense-amount">
                      {formatMajorMoney(e.gross, e.currency)}
                      {e.budgetAmount && e.budgetCurrency && e.budgetCurrency !== e.currency
                        ? ` · ${t("expenses.converted", { amount: formatMajorMoney(e.budgetAmount, e.budgetCurrency), defaultValue: "{{amount}} of the budget" })}`
                        : ""}
                    </p>
                    <p className="text-sm text-muted-foreground tabular-nums" data-testid="expense-breakdown">
                      {t("expenses.breakdown", { net: formatMajorMoney(e.net, e.currency), tax: formatMajorMoney(e.tax, e.currency), defaultValue: "Net {{net}} · Tax {{tax}}" })}
                    </p>
                    <p className="text-sm">
                      {e.receiptHash ? (
                        <a className="font-medium text-primary underline-offset-4 hover:underline" href={`/download?hash=${encodeURIComponent(e.receiptHash)}`} target="_blank" rel="noreferrer">
                          {t("expenses.receiptLink", "Receipt")}
                          {e.receiptName ? `: ${e.receiptName}` : ""}
                        </a>
                      ) : (
                        <span className="text-muted-foreground">{t("expenses.noReceipt", "No receipt")}</span>
                      )}
                    </p>
                    <LifecycleSteps lifecycle={e.lifecycle} className="mt-1" />
                    <LifecycleSummary lifecycle={e.lifecycle} />
                  </div>
                  <div className="flex shrink-0 items-center gap-2">
                    <LifecycleBadge lifecycle={e.lifecycle} />
                    {e.deletable ? (
                      <Button variant="outline" size="sm" onClick={() => setToDelete(e)} aria-label={`${t("expenses.delete", "Delete")} ${e.serviceTitle} ${e.gross} ${e.currency}`} data-testid="expense-delete">
                        <Trash2 aria-hidden="true" />
                        {t("expenses.delete", "Delete")}
                      </Button>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </section>
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => (open ? undefined : setToDelete(null))}
        title={t("expenses.deleteTitle", "Delete this expense?")}
        description={
          toDelete
            ? t("expenses.deleteBody", {
                amount: formatMajorMoney(toDelete.gross, toDelete.currency),
                service: toDelete.serviceTitle,
                defaultValue: "The expense of {{amount}} for {{service}} is removed and no longer counts against your budget.",
              })
            : ""
        }
        confirmLabel={t("expenses.deleteConfirm", "Delete expense")}
        cancelLabel={t("expenses.keep", "Keep it")}
        destructive
        onConfirm={() => (toDelete ? doDelete(toDelete) : undefined)}
      />
    </Card>
  );
}
