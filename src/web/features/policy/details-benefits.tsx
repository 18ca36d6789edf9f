import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import type { TServicePatch } from "../../../domain/policy/schemas.ts";
import { SavingCheckbox } from "./details-fields.tsx";
import { Label } from "../../components/ui/label.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { useDetails, type DetailsService } from "./details-context.tsx";

type BenefitGroups = NonNullable<TServicePatch["benefitGroups"]>;

/**
 * The benefits of a type-3 service: for each of the service's benefit sets (the group's sets with
 * this policy's overrides), the options the policy grants. Ticking an option saves the selection.
 */
export function DetailsBenefits({ service, onSave }: { service: DetailsService; onSave: (benefitGroups: BenefitGroups) => Promise<unknown> }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const sets = useQuery(
    trpc.policy.benefits.list.queryOptions({ groupId: ctx.groupId, policyId: ctx.policyId, filterInactive: true, serviceType: service.name }),
  );
  if (sets.isPending) return <LoadingRows rows={2} className="p-0" />;
  if (sets.isError) {
    return <ErrorState message={errorText(sets.error, policyMessages.loadingDataError)} retryLabel={t("app.retry")} onRetry={() => void sets.refetch()} className="py-6" />;
  }
  const benefits = sets.data.services.find((s) => s.id === service.name)?.benefits ?? [];
  if (benefits.length === 0) return <p className="text-sm text-muted-foreground">{t("policyConfig.benefits.none")}</p>;

  const selected = (setId: number) => service.benefitGroups.find((g) => g.id === setId)?.options ?? [];
  const toggle = (setId: number, optionId: number, on: boolean) => {
    const current = service.benefitGroups.map((g) => ({ id: g.id, value: g.value, options: [...g.options] }));
    let entry = current.find((g) => g.id === setId);
    if (!entry) {
      entry = { id: setId, value: null, options: [] };
      current.push(entry);
    }
    entry.options = on ? [...new Set([...entry.options, optionId])] : entry.options.filter((o) => o !== optionId);
    return onSave(current.filter((g) => g.options.length > 0 || g.value != null));
  };

  return (
    <div className="grid gap-4 tablet:grid-cols-2">
      {benefits.map((set) => (
        <fieldset key={set.id} className="flex flex-col gap-2 rounded-lg border border-border p-3">
          <legend className="px-1 text-sm font-medium">
            {set.name} <span className="font-normal text-muted-foreground">({t("policyConfig.benefits.groupNumber", { number: set.groupNumber })})</span>
          </legend>
          {set.benefitOptions.length === 0 ? <p className="text-sm text-muted-foreground">{t("policyConfig.benefits.noOptions")}</p> : null}
          {set.benefitOptions.map((option) => {
            const boxId = `benefit-${service.id}-${set.id}-${option.id}`;
            return (
              <div key={option.id} className="flex items-center gap-3">
                <SavingCheckbox id={boxId} checked={selected(set.id).includes(option.id)} disabled={ctx.readOnly} onSave={(on) => toggle(set.id, option.id, on)} />
                <Label htmlFor={boxId} className="font-normal">
                  {option.name}
                </Label>
              </div>
            );
          })}
        </fieldset>
      ))}
    </div>
  );
}
