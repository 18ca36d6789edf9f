/**
 * The new-expense form (part 1 §8): the service and move stage with the remaining budget, the amounts, the
 * receipt (uploaded through the files API first), the hard-limit check and its overdraft popup.
 */
import { useMutation } from "@tanstack/react-query";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { EXPENSE_CATEGORIES, expenseDateProblem, type ExpenseCategory } from "../../../domain/employee/expenses/rules.ts";
import { fileMessages } from "../../../domain/employee/files/messages.ts";
import { messages } from "../../../domain/messages.ts";
import type { TExpenseListResponse } from "../../../domain/employee/expenses/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { currencyLabel, formatMajorMoney } from "../../lib/format.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { payableCurrencyCodes } from "../../../domain/money/currencies.ts";
import { RemainingBudget } from "./expense-budgets.tsx";

/** The employee's own calendar day (the date input's latest day). */
const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
};
const newRequestId = () => (typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`);

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

export function ExpenseForm({ data }: { data: TExpenseListResponse }) {
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
