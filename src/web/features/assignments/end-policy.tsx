import { useQuery } from "@tanstack/react-query";
import { useEffect, useId } from "react";
import { useTranslation } from "react-i18next";
import { policyEditRefusalOf } from "../../../domain/moves/assignments/policy.ts";
import type { TEndBudget, TEmployeeRow } from "../../../domain/moves/assignments/schemas.ts";
import { isCurrencyCode, parseAmount } from "../../../domain/money/money.ts";
import type { TMoveStageSection, TPolicyViewComponent } from "../../../domain/moves/wizard/override-schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorCode } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { currencyLabel } from "../../lib/format.ts";

/**
 * What the user picked for one employee's repatriation stage: the services checked and each budget group's
 * amount (major units, as typed) and currency. `touched` false: nothing is sent (the policy stays as it is).
 */
export type PolicyPick = { services: string[]; budgets: Record<number, { amount: string; currency: string }>; touched: boolean };

/** The loaded policy of one employee, what the popup needs to check and send a pick. */
export type LoadedPolicy = { editable: boolean; stage: TMoveStageSection | null; currencyCodes: string[] };

/** The stage's services: included (selected) first, then the ones available to add. */
function servicesOf(stage: TMoveStageSection): TPolicyViewComponent[] {
  return stage.sections.flatMap((s) => s.components.flatMap((c) => c.servicesList));
}
const isMandatory = (c: TPolicyViewComponent) => c.selected && c.nonRemovableReason !== null;
const BUDGET_GROUP_NONE = 99;

/** The pick the popup starts from: the policy's defaults with the move's existing stage-3 overrides. */
export function initialPick(stage: TMoveStageSection): PolicyPick {
  const budgets: PolicyPick["budgets"] = {};
  for (const g of stage.sections.flatMap((s) => s.budgetGroupComponents)) budgets[g.id] = { amount: g.budgetAmount ?? "", currency: g.currency ?? "" };
  return { services: servicesOf(stage).filter((c) => c.selected).map((c) => c.service), budgets, touched: false };
}

/** The budget groups the pick has: those of its checked services. */
function pickedGroups(stage: TMoveStageSection, pick: PolicyPick): number[] {
  const groups = servicesOf(stage).filter((c) => pick.services.includes(c.service)).map((c) => c.budgetGroupId).filter((g) => g !== BUDGET_GROUP_NONE);
  return [...new Set(groups)].sort((a, b) => a - b);
}

/**
 * Checks a pick before the call and turns it into the end action's services and budgets (minor units through
 * the money module). Errors keyed `budget<n>`; a soft budget outside its range is a warning (stored anyway).
 */
export type PickTexts = { amountAndCurrency: string; numeric: string; aboveZero: string; outsideHard: string; outsideSoft: string };

export function pickToAction(stage: TMoveStageSection, pick: PolicyPick, texts: PickTexts) {
  const errors: Record<string, string> = {};
  const warnings: Record<string, string> = {};
  const budgets: TEndBudget[] = [];
  const groupViews = stage.sections.flatMap((s) => s.budgetGroupComponents);
  for (const group of pickedGroups(stage, pick)) {
    const value = pick.budgets[group] ?? { amount: "", currency: "" };
    const amountText = value.amount.trim();
    const currency = value.currency.trim().toUpperCase();
    if (amountText === "" && currency === "") continue;
    if (amountText === "" || currency === "" || !isCurrencyCode(currency)) {
      errors[`budget${group}`] = texts.amountAndCurrency;
      continue;
    }
    let amount: number;
    try {
      amount = parseAmount(amountText, currency).amount;
    } catch {
      errors[`budget${group}`] = texts.numeric;
      continue;
    }
    if (amount <= 0) {
      errors[`budget${group}`] = texts.aboveZero;
      continue;
    }
    const view = groupViews.find((g) => g.id === group);
    if (view && view.currency === currency) {
      const min = view.minimum === null ? null : parseAmount(view.minimum, currency).amount;
      const max = view.maximum === null ? null : parseAmount(view.maximum, currency).amount;
      if ((min !== null && amount < min) || (max !== null && amount > max)) {
        if (view.budgetType === "S") warnings[`budget${group}`] = texts.outsideSoft;
        else {
          errors[`budget${group}`] = texts.outsideHard;
          continue;
        }
      }
    }
    budgets.push({ budgetGroupId: group, amount, currency });
  }
  return { errors, warnings, services: pick.services, budgets };
}

/**
 * The end popup's "Repatriation policy" section for one employee (part 1 §3 policy view, §6 "Policy editing in
 * the end-assignment popup requires authorisation for policy edit and the employee at stage 2; isPolicyEditable
 * can disallow editing."). Loaded from employeePolicyServiceBenefits (action END_ASSIGNMENT:
 * isUserAuthorizedForPolicyEdit and the stages) and getPolicyOverrides (isPolicyEditable); editable only when
 * both allow it and the employee is at stage 2, else read-only with the reason.
 */
export function RepatriationPolicy({
  row,
  pick,
  errors,
  warnings,
  onPick,
  onLoaded,
}: {
  row: TEmployeeRow;
  pick: PolicyPick | null;
  errors: Record<string, string>;
  warnings: Record<string, string>;
  onPick: (pick: PolicyPick) => void;
  onLoaded: (employeeId: number, loaded: LoadedPolicy, pick: PolicyPick | null) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const benefits = useQuery(trpc.wizard.employeePolicyServiceBenefits.queryOptions({ employeeId: row.employeeId, action: "END_ASSIGNMENT", moveId: row.moveId }, { retry: false }));
  const overrides = useQuery(trpc.wizard.policyOverrides.queryOptions({ employeeId: row.employeeId, moveId: row.moveId }, { retry: false }));
  const stage = benefits.data?.moveStageSections.find((s) => s.isRepatriation) ?? null;
  const refusal = benefits.data && overrides.data
    ? policyEditRefusalOf({ isUserAuthorizedForPolicyEdit: benefits.data.isUserAuthorizedForPolicyEdit, isPolicyEditable: overrides.data.isPolicyEditable, stage: row.stage })
    : null;
  const ready = !!benefits.data && !!overrides.data;
  const editable = ready && refusal === null && stage !== null;

  useEffect(() => {
    if (!ready) return;
    onLoaded(row.employeeId, { editable, stage, currencyCodes: benefits.data!.currencyCodes }, stage ? initialPick(stage) : null);
    // Reported once per employee when both reads are in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, row.employeeId]);

  const heading = (
    <h3 id={`${id}-title`} className="text-sm font-semibold">
      {t("assignments.policy.title")}
    </h3>
  );
  if (benefits.isPending || overrides.isPending) {
    return (
      <section aria-labelledby={`${id}-title`} aria-busy="true" data-testid="repatriation-policy" className="flex flex-col gap-2 rounded-md border border-border p-3">
        {heading}
        <LoadingRows rows={2} rowClassName="h-6" />
      </section>
    );
  }
  const failure = benefits.error ?? overrides.error;
  if (failure) {
    const code = errorCode(failure);
    return (
      <section aria-labelledby={`${id}-title`} data-testid="repatriation-policy" className="flex flex-col gap-2 rounded-md border border-border p-3">
        {heading}
        {code === "FORBIDDEN" ? (
          <p className="text-sm text-muted-foreground" data-testid="policy-readonly-reason">{t("assignments.policy.unauthorised")}</p>
        ) : (
          <ErrorState message={t("assignments.policy.loadFailed")} retryLabel={t("app.retry")} onRetry={() => void Promise.all([benefits.refetch(), overrides.refetch()])} />
        )}
      </section>
    );
  }
  if (!stage) {
    return (
      <section aria-labelledby={`${id}-title`} data-testid="repatriation-policy" className="flex flex-col gap-2 rounded-md border border-border p-3">
        {heading}
        <p className="text-sm text-muted-foreground">{t("assignments.policy.noStage")}</p>
      </section>
    );
  }
  const current = pick ?? initialPick(stage);
  const services = servicesOf(stage);
  const groups = pickedGroups(stage, current);
  const groupViews = stage.sections.flatMap((s) => s.budgetGroupComponents);
  const currencies = benefits.data!.currencyCodes;
  const set = (patch: Partial<PolicyPick>) => onPick({ ...current, ...patch, touched: true });

  return (
    <section aria-labelledby={`${id}-title`} data-testid="repatriation-policy" className="flex min-w-0 flex-col gap-3 rounded-md border border-border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        {heading}
        <span className="text-xs text-muted-foreground">{benefits.data!.policyName} · {stage.moveStageName}</span>
      </div>
      {refusal ? (
        <p className="text-sm text-muted-foreground" data-testid="policy-readonly-reason">
          {refusal}
        </p>
      ) : null}
      {services.length === 0 ? <p className="text-sm text-muted-foreground">{t("assignments.policy.noServices")}</p> : null}
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("assignments.policy.services")}</legend>
        {services.map((c) => {
          const checked = current.services.includes(c.service);
          const mandatory = isMandatory(c);
          return (
            <label key={c.service} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4 shrink-0 accent-primary"
                checked={checked}
                disabled={!editable || mandatory}
                onChange={(e) => set({ services: e.target.checked ? [...current.services, c.service] : current.services.filter((s) => s !== c.service) })}
              />
              <span className="min-w-0">
                <span className="font-medium">{c.title}</span>
                {mandatory ? (
                  <Badge variant="neutral" className="ml-2">
                    {t("assignments.policy.included")}
                  </Badge>
                ) : null}
                {c.externalNote ? <span className="block text-xs text-muted-foreground">{c.externalNote}</span> : null}
              </span>
            </label>
          );
        })}
        {errors.services ? <p className="text-sm text-destructive">{errors.services}</p> : null}
      </fieldset>
      {groups.length > 0 ? (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-xs font-medium uppercase tracking-wide text-muted-foreground">{t("assignments.policy.budgets")}</legend>
          {groups.map((group) => {
            const view = groupViews.find((g) => g.id === group);
            const value = current.budgets[group] ?? { amount: "", currency: "" };
            const members = services.filter((c) => c.budgetGroupId === group && current.services.includes(c.service)).map((c) => c.title).join(", ");
            const error = errors[`budget${group}`];
            const warning = warnings[`budget${group}`];
            const hintId = `${id}-budget${group}-hint`;
            const messageId = `${id}-budget${group}-message`;
            return (
              <div key={group} className="flex flex-col gap-1.5" data-testid={`budget-${group}`}>
                <span className="text-sm font-medium">{t("assignments.policy.budgetFor", { services: members })}</span>
                <div className="grid grid-cols-[minmax(0,1fr)_6.5rem] gap-2">
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`${id}-amount${group}`} className="sr-only">
                      {t("assignments.policy.amount", { services: members })}
                    </Label>
                    <Input
                      id={`${id}-amount${group}`}
                      inputMode="decimal"
                      value={value.amount}
                      disabled={!editable}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={[view?.minimum || view?.maximum ? hintId : null, error || warning ? messageId : null].filter(Boolean).join(" ") || undefined}
                      onChange={(e) => set({ budgets: { ...current.budgets, [group]: { ...value, amount: e.target.value } } })}
                    />
                  </div>
                  <div className="flex flex-col gap-1">
                    <Label htmlFor={`${id}-currency${group}`} className="sr-only">
                      {t("assignments.policy.currency", { services: members })}
                    </Label>
                    <NativeSelect
                      id={`${id}-currency${group}`}
                      value={value.currency}
                      disabled={!editable}
                      onChange={(e) => set({ budgets: { ...current.budgets, [group]: { ...value, currency: e.target.value } } })}
                    >
                      <option value="">{t("assignments.policy.chooseCurrency")}</option>
                      {currencies.map((c) => (
                        <option key={c} value={c}>
                          {currencyLabel(c)}
                        </option>
                      ))}
                    </NativeSelect>
                  </div>
                </div>
                {view && (view.minimum || view.maximum) ? (
                  <p id={hintId} className="text-xs text-muted-foreground">
                    {t("assignments.policy.range", { min: view.minimum ?? "—", max: view.maximum ?? "—", currency: view.currency ?? "" })}
                  </p>
                ) : null}
                {error ? (
                  <p id={messageId} className="text-sm text-destructive">
                    {error}
                  </p>
                ) : warning ? (
                  <p id={messageId} className="text-sm text-warning-foreground">
                    {warning}
                  </p>
                ) : null}
              </div>
            );
          })}
        </fieldset>
      ) : null}
      {refusal === null && !editable ? <Alert variant="destructive">{t("assignments.policy.unauthorised")}</Alert> : null}
    </section>
  );
}
