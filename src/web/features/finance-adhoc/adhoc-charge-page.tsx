/**
 * /crm/adhoc-charges/new — ad-hoc charge creation (spec part 2 §2 "Ad-hoc charge creation (CRM), including
 * type CashAllowanceRecurring with a recurring payment schedule calculator"; §5 Ad-hoc and Recurring; §9).
 * Group → employee and move, type, company (finance companies), amount and currency, budget group with the
 * budget cash-out spend category 580 (together), references and notes (≤ 255: "Input fields can have
 * maximum 255 characters!"). A CashAllowanceRecurring gets the calculator: months or weeks, how many, the
 * first due date → rows of paymentAmount + paymentDueDate (editable), their total and the difference left
 * to the gross; a confirm dialog before submit. The same pure rules as the server check the rows
 * (src/domain/finance/recurring.ts). The created charge opens on its own page with its schedule.
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useMemo, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { adhocAmount, ADHOC_TEXT_MAX, BUDGET_CASH_OUT_CATEGORY, checkAdhocCharge } from "../../../domain/finance/amounts.ts";
import { financeMessages as FM } from "../../../domain/finance/messages.ts";
import { buildSchedule, CASH_ALLOWANCE_RECURRING, checkSchedule, RECURRENCE_UNITS, type RecurrenceUnit } from "../../../domain/finance/recurring.ts";
import { ADHOC_TYPE_LABELS, ADHOC_TYPES, type AdhocType } from "../../../domain/finance/schemas-adhoc.ts";
import { toMajorString } from "../../../domain/money/money.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Textarea } from "../../components/ui/textarea.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { formatMajorMoney } from "../../lib/format.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { CURRENCIES, fieldsOf, GroupMovePicker, newKey, todayIso } from "./shared.tsx";
import { currencyLabel } from "../../lib/format.ts";

type Row = { paymentAmount: string; paymentDueDate: string };

export function AdhocChargePage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const navigate = useNavigate();
  const [group, setGroup] = useState(user.group?.name ?? "");
  const [moveId, setMoveId] = useState<number | null>(null);
  const [adhocType, setAdhocType] = useState<AdhocType>("CashAllowance");
  const [companyId, setCompanyId] = useState("");
  const [currency, setCurrency] = useState("EUR");
  const [amount, setAmount] = useState("");
  const [chargeDate, setChargeDate] = useState(todayIso());
  const [budgetGroupId, setBudgetGroupId] = useState("");
  const [spendCategoryId, setSpendCategoryId] = useState("");
  const [internalRef, setInternalRef] = useState("");
  const [externalRef, setExternalRef] = useState("");
  const [notes, setNotes] = useState("");
  const [unit, setUnit] = useState<RecurrenceUnit>("months");
  const [count, setCount] = useState("6");
  const [firstDueDate, setFirstDueDate] = useState("");
  const [rows, setRows] = useState<Row[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [key, setKey] = useState(newKey);

  const options = useQuery({ ...trpc.finance.adhoc.moveOptions.queryOptions({ group, moveId: moveId ?? 0 }), enabled: group !== "" && moveId !== null });
  const companies = useQuery(trpc.finance.adhoc.companies.queryOptions({}));
  const create = useMutation(trpc.finance.adhoc.createCharge.mutationOptions());
  const recurring = adhocType === CASH_ALLOWANCE_RECURRING;
  const budgetGroups = useMemo(() => [...new Set((options.data?.budgetGroups ?? []).map((b) => b.budgetGroupId))].sort((a, b) => a - b), [options.data]);

  const gross = useMemo(() => {
    const r = adhocAmount(amount, currency);
    return "money" in r ? r.money : null;
  }, [amount, currency]);
  const scheduleTotal = useMemo(() => {
    let sum = 0;
    for (const r of rows) {
      const a = adhocAmount(r.paymentAmount, currency);
      if (!("money" in a)) return null;
      sum += a.money.amount;
    }
    return sum;
  }, [rows, currency]);

  const calculate = () => {
    const built = buildSchedule({ gross: gross ? toMajorString(gross) : amount, currency, count, unit, firstDueDate });
    if ("errors" in built) {
      setErrors(Object.fromEntries(Object.entries(built.errors).map(([k, v]) => [k === "gross" ? "amount" : `recurring.${k}`, v ?? ""])));
      setRows([]);
      return;
    }
    setErrors({});
    setRows(built.schedule.map((p) => ({ paymentAmount: toMajorString(p.paymentAmount), paymentDueDate: p.paymentDueDate })));
  };

  const clientErrors = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (moveId === null) found.moveId = t("financeAdhoc.chooseMove", "Choose the employee's move");
    const base = checkAdhocCharge({ amount, currency, budgetGroupId: budgetGroupId ? Number(budgetGroupId) : null, spendCategoryId: spendCategoryId ? Number(spendCategoryId) : null, internalRef, externalRef, notes });
    for (const [k, v] of Object.entries(base)) if (v) found[k] = v;
    if (!found.amount && gross && gross.amount === 0) found.amount = FM.amountNonZero;
    if (recurring && gross && !found.amount) {
      if (rows.length === 0) found["recurring.payments"] = t("financeAdhoc.buildSchedule", "Please build the payment schedule");
      else for (const [k, v] of Object.entries(checkSchedule(gross, rows, Number(count)))) if (v) found[`recurring.${k}`] = v;
    }
    return found;
  };

  const submitNow = () => {
    setFailure(null);
    create.mutate(
      {
        group,
        moveId: moveId!,
        adhocType,
        companyId: companyId ? Number(companyId) : null,
        currency,
        amount,
        chargeDate,
        budgetGroupId: budgetGroupId ? Number(budgetGroupId) : null,
        spendCategoryId: spendCategoryId ? Number(spendCategoryId) : null,
        internalRef,
        externalRef,
        notes,
        recurring: recurring ? { unit, count: Number(count), firstDueDate, payments: rows } : null,
        idempotencyKey: key,
      },
      {
        onSuccess: ({ item }) => {
          setKey(newKey());
          void navigate({ to: "/crm/adhoc-charges/$itemId", params: { itemId: String(item.id) } });
        },
        onError: (error) => {
          setErrors(fieldsOf(error));
          setFailure(serverMessage(error) ?? FM.productTeamError);
        },
      },
    );
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const found = clientErrors();
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setFailure(Object.values(found)[0] ?? null);
      return;
    }
    setFailure(null);
    if (recurring) setConfirming(true);
    else submitNow();
  };

  const setRow = (i: number, patch: Partial<Row>) => setRows((rs) => rs.map((r, j) => (j === i ? { ...r, ...patch } : r)));
  const textError = (v: string) => (v.length > ADHOC_TEXT_MAX ? FM.adhocMax255 : undefined);

  return (
    <div data-testid="adhoc-charge-page">
      <PageHeader title={t("financeAdhoc.chargeTitle", "New ad-hoc charge")} description={t("financeAdhoc.chargeIntro", "Charge a cash allowance, a lump sum or a vendor's invoice to an employee's move. It goes to Bill Approval as submitted.")} />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle>{t("financeAdhoc.whoTitle", "Employee")}</CardTitle>
          </CardHeader>
          <CardContent>
            <GroupMovePicker user={user} group={group} onGroup={setGroup} moveId={moveId} onMove={setMoveId} moveError={errors.moveId} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>{t("financeAdhoc.chargeDetails", "Charge")}</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-4 tablet:grid-cols-2">
            <FormField label={t("financeAdhoc.type", "Type")} required>
              {(field) => (
                <NativeSelect {...field} value={adhocType} onChange={(e) => setAdhocType(e.target.value as AdhocType)} data-testid="adhoc-type">
                  {ADHOC_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {ADHOC_TYPE_LABELS[type]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.company", "Company")} error={errors.companyId}>
              {(field) => (
                <NativeSelect {...field} value={companyId} onChange={(e) => setCompanyId(e.target.value)}>
                  <option value="">{companies.isError ? FM.vendorsLoadError : t("financeAdhoc.noCompany", "No company")}</option>
                  {(companies.data?.companies ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.companyName} ({c.category})
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.amount", "Amount")} required error={errors.amount}>
              {(field) => <Input {...field} inputMode="decimal" className="text-right tabular-nums" value={amount} onChange={(e) => setAmount(e.target.value)} data-testid="amount" />}
            </FormField>
            <FormField label={t("financeAdhoc.currency", "Currency")} required error={errors.currency}>
              {(field) => (
                <NativeSelect {...field} value={currency} onChange={(e) => setCurrency(e.target.value)} data-testid="currency">
                  {CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {currencyLabel(c)}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.chargeDate", "Charge date")} required error={errors.chargeDate}>
              {(field) => <Input {...field} type="date" value={chargeDate} onChange={(e) => setChargeDate(e.target.value)} />}
            </FormField>
            <div className="hidden tablet:block" />
            <FormField label={t("financeAdhoc.budgetGroup", "Budget group")} error={errors.budgetGroupId} hint={t("financeAdhoc.budgetHint", "Select it together with the budget cash-out spend category.")}>
              {(field) => (
                <NativeSelect {...field} value={budgetGroupId} onChange={(e) => setBudgetGroupId(e.target.value)} data-testid="budget-group">
                  <option value="">{t("financeAdhoc.none", "None")}</option>
                  {budgetGroups.map((g) => (
                    <option key={g} value={g}>
                      {t("financeAdhoc.budgetGroupN", { n: g, defaultValue: "Budget group {{n}}" })}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.spendCategory", "Spend category")} error={errors.spendCategoryId}>
              {(field) => (
                <NativeSelect {...field} value={spendCategoryId} onChange={(e) => setSpendCategoryId(e.target.value)} data-testid="spend-category">
                  <option value="">{t("financeAdhoc.none", "None")}</option>
                  {(options.data?.spendCategories ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.description}
                      {c.id === BUDGET_CASH_OUT_CATEGORY ? ` (${c.id})` : ""}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField label={t("financeAdhoc.internalRef", "Internal reference")} error={errors.internalRef ?? textError(internalRef)}>
              {(field) => <Input {...field} value={internalRef} onChange={(e) => setInternalRef(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.externalRef", "External reference")} error={errors.externalRef ?? textError(externalRef)}>
              {(field) => <Input {...field} value={externalRef} onChange={(e) => setExternalRef(e.target.value)} />}
            </FormField>
            <FormField label={t("financeAdhoc.notes", "Notes")} error={errors.notes ?? textError(notes)} className="tablet:col-span-2">
              {(field) => <Textarea {...field} rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} data-testid="notes" />}
            </FormField>
          </CardContent>
        </Card>
        {recurring ? (
          <Card data-testid="schedule-calculator">
            <CardHeader>
              <CardTitle>{t("financeAdhoc.scheduleTitle", "Recurring payment schedule")}</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4">
              <div className="grid gap-4 tablet:grid-cols-4 tablet:items-end">
                <FormField label={t("financeAdhoc.every", "Recurrence")} error={errors["recurring.unit"]}>
                  {(field) => (
                    <NativeSelect {...field} value={unit} onChange={(e) => setUnit(e.target.value as RecurrenceUnit)} data-testid="recurrence-unit">
                      {RECURRENCE_UNITS.map((u) => (
                        <option key={u} value={u}>
                          {u === "months" ? t("financeAdhoc.months", "Months") : t("financeAdhoc.weeks", "Weeks")}
                        </option>
                      ))}
                    </NativeSelect>
                  )}
                </FormField>
                <FormField label={t("financeAdhoc.count", "Number of months or weeks")} error={errors["recurring.count"]}>
                  {(field) => <Input {...field} inputMode="numeric" value={count} onChange={(e) => setCount(e.target.value)} data-testid="recurrence-count" />}
                </FormField>
                <FormField label={t("financeAdhoc.firstDue", "First due date")} error={errors["recurring.firstDueDate"]}>
                  {(field) => <Input {...field} type="date" value={firstDueDate} onChange={(e) => setFirstDueDate(e.target.value)} data-testid="first-due-date" />}
                </FormField>
                <Button type="button" variant="outline" onClick={calculate} data-testid="calculate-schedule">
                  {t("financeAdhoc.calculate", "Calculate schedule")}
                </Button>
              </div>
              {rows.length > 0 ? (
                <div className="overflow-x-auto rounded-md border">
                  <table className="w-full min-w-[22rem] text-sm" data-testid="schedule-rows">
                    <caption className="sr-only">{t("financeAdhoc.scheduleTitle", "Recurring payment schedule")}</caption>
                    <thead className="bg-muted/50 text-left">
                      <tr>
                        <th scope="col" className="px-3 py-2 font-medium">
                          #
                        </th>
                        <th scope="col" className="px-3 py-2 font-medium">
                          {t("financeAdhoc.paymentDueDate", "Payment due date")}
                        </th>
                        <th scope="col" className="px-3 py-2 text-right font-medium">
                          {t("financeAdhoc.paymentAmount", "Payment amount")} ({currency})
                        </th>
                      </tr>
                    </thead>
                    <tbody>
                      {rows.map((r, i) => (
                        <tr key={i} className="border-t" data-testid="schedule-row">
                          <td className="px-3 py-1.5 tabular-nums">{i + 1}</td>
                          <td className="px-3 py-1.5">
                            <Input
                              type="date"
                              aria-label={t("financeAdhoc.dueDateN", { n: i + 1, defaultValue: "Due date of payment {{n}}" })}
                              aria-invalid={errors[`recurring.payments.${i}.paymentDueDate`] ? true : undefined}
                              value={r.paymentDueDate}
                              onChange={(e) => setRow(i, { paymentDueDate: e.target.value })}
                            />
                          </td>
                          <td className="px-3 py-1.5">
                            <Input
                              inputMode="decimal"
                              className="text-right tabular-nums"
                              aria-label={t("financeAdhoc.amountN", { n: i + 1, defaultValue: "Amount of payment {{n}}" })}
                              aria-invalid={errors[`recurring.payments.${i}.paymentAmount`] ? true : undefined}
                              value={r.paymentAmount}
                              onChange={(e) => setRow(i, { paymentAmount: e.target.value })}
                            />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                    <tfoot className="border-t bg-muted/30 font-medium">
                      <tr>
                        <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                          {t("financeAdhoc.scheduleTotal", "Total of the payments")}
                        </th>
                        <td className="px-3 py-2 text-right tabular-nums" data-testid="schedule-total">
                          {scheduleTotal === null ? "—" : formatMajorMoney(toMajorString({ amount: scheduleTotal, currency }), currency)}
                        </td>
                      </tr>
                      <tr>
                        <th scope="row" colSpan={2} className="px-3 py-2 text-left">
                          {t("financeAdhoc.remainingDifference", "Remaining difference to the gross")}
                        </th>
                        <td className="px-3 py-2 text-right tabular-nums" data-testid="schedule-difference">
                          {scheduleTotal === null || !gross ? "—" : formatMajorMoney(toMajorString({ amount: gross.amount - scheduleTotal, currency }), currency)}
                        </td>
                      </tr>
                    </tfoot>
                  </table>
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">{t("financeAdhoc.scheduleEmpty", "Enter the amount, the recurrence and the first due date, then calculate the schedule. You can edit every row.")}</p>
              )}
              {Object.entries(errors)
                .filter(([k]) => k === "recurring.payments" || /^recurring\.payments\.\d+\./.test(k))
                .slice(0, 1)
                .map(([k, v]) => (
                  <p key={k} className="text-sm text-destructive" role="alert">
                    {v}
                  </p>
                ))}
            </CardContent>
          </Card>
        ) : null}
        {failure ? <Alert variant="destructive">{failure}</Alert> : null}
        <div className="flex justify-end">
          <Button type="submit" busy={create.isPending} data-testid="submit-charge">
            {t("financeAdhoc.submitCharge", "Create charge")}
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t("financeAdhoc.confirmTitle", "Create this recurring allowance?")}
        description={t("financeAdhoc.confirmText", {
          n: rows.length,
          amount: gross ? formatMajorMoney(toMajorString(gross), currency) : amount,
          first: rows[0]?.paymentDueDate ?? "",
          last: rows.at(-1)?.paymentDueDate ?? "",
          defaultValue: "{{n}} payments totalling {{amount}}, due from {{first}} to {{last}}.",
        })}
        confirmLabel={t("financeAdhoc.confirm", "Create")}
        cancelLabel={t("app.cancel", "Cancel")}
        onConfirm={() => {
          setConfirming(false);
          submitNow();
        }}
      />
    </div>
  );
}
