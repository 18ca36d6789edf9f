import { useMutation } from "@tanstack/react-query";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BUDGET_AUTH_TYPES, BUDGET_COMPLEXITIES } from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc, trpcClient } from "../../lib/trpc.ts";
import { BudgetRates } from "./budget-rates.tsx";
import { BudgetGroupTable, type BudgetTexts } from "./budget-table.tsx";
import { refreshDetails, useDetails, type DetailsBudgetGroup, type DetailsStage } from "./details-context.tsx";

const fieldsOf = (v: BudgetTexts) => ({
  currency: v.currency || null,
  amount: v.amount || null,
  minAmount: v.minAmount || null,
  maxAmount: v.maxAmount || null,
});

/**
 * A budget group of a move stage (1–20): its authorisation type and complexity, its budgets (one
 * per currency) and its rates. Shared by every service of the stage in the group.
 */
export function BudgetGroupPanel({ stage, group }: { stage: DetailsStage; group: DetailsBudgetGroup }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const id = useId();
  const ro = ctx.readOnly;
  const [error, setError] = useState<string | null>(null);
  const groupRef = { policyId: ctx.policyId, moveStage: stage.id, budgetGroup: group.id };
  const updateGroup = useMutation(
    trpc.policy.services.updateBudgetGroup.mutationOptions({
      onSuccess: async () => {
        setError(null);
        await refreshDetails();
      },
      onError: (e) => setError(errorText(e, policyMessages.errorUpdatingBudget)),
    }),
  );

  const run = async (call: () => Promise<unknown>, fallback: string): Promise<string | null> => {
    try {
      await call();
      await refreshDetails();
      return null;
    } catch (e) {
      return errorText(e, fallback);
    }
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4" data-testid={`budget-group-${stage.id}-${group.id}`}>
      <p className="text-sm font-semibold">{t("policyConfig.service.groupNumber", { number: group.id })}</p>
      <div className="grid gap-4 tablet:grid-cols-2">
        <FormField id={`${id}-auth`} label={t("policyConfig.service.authType")}>
          {(field) => (
            <NativeSelect
              {...field}
              value={group.authType}
              disabled={ro || updateGroup.isPending}
              onChange={(e) => updateGroup.mutate({ ...groupRef, authType: e.target.value as (typeof BUDGET_AUTH_TYPES)[number] })}
            >
              {BUDGET_AUTH_TYPES.map((a) => (
                <option key={a} value={a}>
                  {t(`policyConfig.authType.${a}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id={`${id}-complexity`} label={t("policyConfig.service.complexity")}>
          {(field) => (
            <NativeSelect
              {...field}
              value={group.complexity}
              disabled={ro || updateGroup.isPending}
              onChange={(e) => updateGroup.mutate({ ...groupRef, complexity: e.target.value as (typeof BUDGET_COMPLEXITIES)[number] })}
            >
              {BUDGET_COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {t(`policyConfig.complexity.${c}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      <BudgetGroupTable
        caption={t("policyConfig.budget.caption", { number: group.id, stage: stage.name })}
        budgets={group.budgets.map((b) => ({
          id: b.id,
          texts: { currency: b.currency, amount: b.amountText, minAmount: b.minAmountText ?? "", maxAmount: b.maxAmountText ?? "" },
        }))}
        currencies={ctx.currencies}
        readOnly={ro}
        unsavedPrefix={`${id}-budget`}
        onAdd={(v) => run(() => trpcClient.policy.services.addBudget.mutate({ ...groupRef, ...fieldsOf(v) }), policyMessages.errorAddingBudget)}
        onUpdate={(budgetId, v) => run(() => trpcClient.policy.services.updateBudget.mutate({ ...groupRef, budgetId, ...fieldsOf(v) }), policyMessages.errorUpdatingBudget)}
        onDelete={(budgetId) => run(() => trpcClient.policy.services.deleteBudget.mutate({ ...groupRef, budgetId }), policyMessages.errorDeletingBudget)}
      />
      <div aria-live="polite" className="empty:hidden">
        {error ? (
          <Alert variant="destructive" role="alert">
            {error}
          </Alert>
        ) : null}
      </div>
      <BudgetRates policyId={ctx.policyId} budgetGroupRowId={group.rowId} readOnly={ro} />
    </div>
  );
}
