import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { BUDGET_AUTH_TYPES, BUDGET_COMPLEXITIES } from "../../../domain/policy/catalogue.ts";
import { policyMessages } from "../../../domain/policy/messages.ts";
import { AutosaveStatus } from "../../components/autosave-status.tsx";
import { Checkbox } from "../../components/ui/checkbox.tsx";
import { FormField } from "../../components/ui/form-field.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpcClient } from "../../lib/trpc.ts";
import { useAutosave } from "../../lib/use-autosave.ts";
import { BudgetRates } from "./budget-rates.tsx";
import { BudgetGroupTable, type BudgetTexts } from "./budget-table.tsx";
import { refreshDetails, refreshDetailsSettled, useDetails, type DetailsBudgetGroup, type DetailsStage } from "./details-context.tsx";

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
  const groupRef = { policyId: ctx.policyId, moveStage: stage.id, budgetGroup: group.id };
  const recordPrefix = `policy-budget-group:${ctx.policyId}:${stage.id}:${group.id}`;
  type GroupFields = { authType?: (typeof BUDGET_AUTH_TYPES)[number]; complexity?: (typeof BUDGET_COMPLEXITIES)[number]; budgetType?: "H" | "S"; allowOutsideRange?: boolean };
  const settings = useAutosave<GroupFields>(
    recordPrefix,
    async (fields) => {
      await trpcClient.policy.services.updateBudgetGroup.mutate({ ...groupRef, ...fields });
      await refreshDetailsSettled();
    },
    { merge: (older, newer) => ({ ...older, ...newer }) },
  );
  // The choice shows at once; the server's value again once the saves settled (a failure keeps it, with Retry).
  const [chosen, setChosen] = useState<GroupFields>({});
  useEffect(() => {
    if (settings.settled) setChosen({});
  }, [settings.settled, group.authType, group.complexity, group.budgetType, group.allowOutsideRange]);
  const budgetType = chosen.budgetType ?? group.budgetType;
  const choose = (fields: GroupFields) => {
    setChosen((c) => ({ ...c, ...fields }));
    void settings.save(fields).catch(() => undefined);
  };

  return (
    <div className="flex flex-col gap-4 rounded-lg border border-border p-4" data-testid={`budget-group-${stage.id}-${group.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold">{t("policyConfig.service.groupNumber", { number: group.id })}</p>
        {ro ? null : <AutosaveStatus autosave={settings} failureText={policyMessages.errorUpdatingBudget} />}
      </div>
      <div className="grid gap-4 tablet:grid-cols-3">
        <FormField id={`${id}-auth`} label={t("policyConfig.service.authType")}>
          {(field) => (
            <NativeSelect {...field} value={chosen.authType ?? group.authType} disabled={ro} onChange={(e) => choose({ authType: e.target.value as GroupFields["authType"] })}>
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
              value={chosen.complexity ?? group.complexity}
              disabled={ro}
              onChange={(e) => choose({ complexity: e.target.value as GroupFields["complexity"] })}
            >
              {BUDGET_COMPLEXITIES.map((c) => (
                <option key={c} value={c}>
                  {t(`policyConfig.complexity.${c}`)}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {/* Budget type (part 1 §3 Budget edit): S soft; with the outside-range option below, out-of-range amounts are a confirmed warning. */}
        <FormField id={`${id}-budget-type`} label={t("policyConfig.budgetType", "Budget type")}>
          {(field) => (
            <NativeSelect
              {...field}
              value={budgetType}
              disabled={ro}
              onChange={(e) => choose({ budgetType: e.target.value as GroupFields["budgetType"] })}
              data-testid="budget-group-type"
            >
              {(["H", "S"] as const).map((b) => (
                <option key={b} value={b}>
                  {t(`policyConfig.budgetType.${b}`, b === "S" ? "Soft: amounts outside the range may be allowed" : "Hard: amounts must stay within the range")}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
      </div>
      {/* The outside-range option (part 1 §5 Budget edit): only a soft budget uses it; without it an amount outside the range is refused. */}
      {budgetType === "S" ? (
        <div className="flex items-start gap-2">
          <Checkbox
            id={`${id}-outside-range`}
            checked={chosen.allowOutsideRange ?? group.allowOutsideRange}
            disabled={ro}
            onCheckedChange={(v) => choose({ allowOutsideRange: v === true })}
            data-testid="budget-group-outside-range"
          />
          <label htmlFor={`${id}-outside-range`} className="text-sm leading-5">
            {t("policyConfig.allowOutsideRange", "Allow amounts outside the range (the editor confirms a warning)")}
          </label>
        </div>
      ) : null}
      <BudgetGroupTable
        caption={t("policyConfig.budget.caption", { number: group.id, stage: stage.name })}
        budgets={group.budgets.map((b) => ({
          id: b.id,
          texts: { currency: b.currency, amount: b.amountText, minAmount: b.minAmountText ?? "", maxAmount: b.maxAmountText ?? "" },
        }))}
        currencies={ctx.currencies}
        readOnly={ro}
        unsavedPrefix={`${id}-budget`}
        recordPrefix={`policy-budget:${ctx.policyId}:${stage.id}:${group.id}`}
        failureText={policyMessages.errorUpdatingBudget}
        onAdd={async (v) => (await trpcClient.policy.services.addBudget.mutate({ ...groupRef, ...fieldsOf(v) })).budget.id}
        onUpdate={(budgetId, v) => trpcClient.policy.services.updateBudget.mutate({ ...groupRef, budgetId, ...fieldsOf(v) })}
        onDelete={async (budgetId) => {
          try {
            await trpcClient.policy.services.deleteBudget.mutate({ ...groupRef, budgetId });
            await refreshDetails();
            return null;
          } catch (e) {
            return errorText(e, policyMessages.errorDeletingBudget);
          }
        }}
        onSaved={refreshDetailsSettled}
      />
      <BudgetRates policyId={ctx.policyId} budgetGroupRowId={group.rowId} readOnly={ro} />
    </div>
  );
}
