import { useQuery } from "@tanstack/react-query";
import { Calculator } from "lucide-react";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatMoney } from "../../../domain/money/money.ts";
import type { TServiceEstimateSettingsResponse } from "../../../domain/policy/service-estimate.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from "../../components/ui/dialog.tsx";
import { LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

/**
 * The cost-estimates popup of a policy-details service (part 2 §2 "Each service section holds …
 * plus a cost-estimates popup"): a button opening a dialog with what a new move's estimate uses
 * for the service (policy.services.costEstimateSettings), read fresh on every opening.
 */
export function ServiceEstimateButton({ policyVersionId, moveStage, serviceKey, serviceName }: { policyVersionId: number; moveStage: number; serviceKey: string; serviceName: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" data-testid="service-estimate-open">
          <Calculator aria-hidden="true" />
          {t("serviceEstimate.open")}
          <span className="sr-only"> {t("serviceEstimate.openFor", { service: serviceName })}</span>
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t("app.close")} className="max-h-[calc(100dvh-2rem)] max-w-2xl overflow-y-auto" aria-describedby={`${id}-description`}>
        <DialogTitle className="pr-8">{t("serviceEstimate.title", { service: serviceName })}</DialogTitle>
        <DialogDescription id={`${id}-description`}>{t("serviceEstimate.description")}</DialogDescription>
        {open ? <SettingsBody policyVersionId={policyVersionId} moveStage={moveStage} serviceKey={serviceKey} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function SettingsBody({ policyVersionId, moveStage, serviceKey }: { policyVersionId: number; moveStage: number; serviceKey: string }) {
  const { t } = useTranslation();
  const query = useQuery({ ...trpc.policy.services.costEstimateSettings.queryOptions({ policyVersionId, moveStage, serviceKey }), staleTime: 0 });
  if (query.isPending) return <LoadingRows rows={4} rowClassName="h-8" />;
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        {errorText(query.error, t("serviceEstimate.loadFailed"))}
      </Alert>
    );
  }
  return <Settings s={query.data} />;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 border-b border-border py-2.5 last:border-0 tablet:grid-cols-[11rem_1fr] tablet:gap-4">
      <dt className="text-[13px] font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm text-foreground">{children}</dd>
    </div>
  );
}

function Settings({ s }: { s: TServiceEstimateSettingsResponse }) {
  const { t } = useTranslation();
  const estimated = s.inclusion === "INCLUDED" || s.inclusion === "IF_CHOSEN";
  const taxability = t(`estimate.taxability.${s.taxability}`);
  return (
    <div className="flex flex-col gap-4" data-testid="service-estimate-settings">
      <dl>
        <Row label={t("serviceEstimate.estimateType")}>{t(`policy.estimateType.${s.estimateType}`)}</Row>
        <Row label={t("serviceEstimate.inEstimate")}>
          <span className="flex flex-wrap items-center gap-2">
            <Badge variant={s.inclusion === "INCLUDED" ? "success" : s.inclusion === "IF_CHOSEN" ? "info" : "neutral"}>{t(`policyConfig.policyType.${s.policyType}`, { defaultValue: String(s.policyType) })}</Badge>
            <span data-testid="service-estimate-inclusion">{t(`serviceEstimate.inclusion.${s.inclusion}`)}</span>
          </span>
        </Row>
        {estimated ? (
          <>
            <Row label={t("serviceEstimate.amount")}>
              <span data-testid="service-estimate-amount-source">{t(`serviceEstimate.amountSource.${s.amountSource}`, { option: s.benefitOption ?? "" })}</span>
            </Row>
            <Row label={t("serviceEstimate.budget")}>
              <span data-testid="service-estimate-budget">
                {s.budget.amount
                  ? t(`serviceEstimate.budget.${s.budget.source}`, { amount: formatMoney(s.budget.amount), group: s.budget.budgetGroup })
                  : t("serviceEstimate.budget.NONE")}
              </span>
              {s.budget.sharedWith.length > 0 ? <span className="mt-1 block text-[13px] text-muted-foreground">{t("serviceEstimate.sharedWith", { services: s.budget.sharedWith.join(", ") })}</span> : null}
              {s.budget.countedUnder ? <span className="mt-1 block text-[13px] text-muted-foreground">{t("serviceEstimate.countedUnder", { service: s.budget.countedUnder })}</span> : null}
            </Row>
            <Row label={t("serviceEstimate.timing")}>{t(`serviceEstimate.placement.${s.placement}`)}</Row>
            {s.rateFrequency ? <Row label={t("serviceEstimate.frequency")}>{t(`policyConfig.rateFrequency.${s.rateFrequency}`, { defaultValue: s.rateFrequency })}</Row> : null}
            <Row label={t("serviceEstimate.tax")}>
              <span data-testid="service-estimate-tax">{s.taxed ? t("serviceEstimate.taxed", { taxability }) : t("serviceEstimate.notTaxed", { taxability })}</span>
            </Row>
          </>
        ) : null}
      </dl>
      {estimated ? (
        <>
          <section aria-labelledby="service-estimate-formulas" className="flex flex-col gap-2">
            <h3 id="service-estimate-formulas" className="text-sm font-semibold">
              {t("serviceEstimate.formulas")}
              {s.benefitOption ? <span className="font-normal text-muted-foreground"> · {s.benefitOption}</span> : null}
            </h3>
            {s.formulas.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("serviceEstimate.noFormulas")}</p>
            ) : (
              <ul className="flex flex-col gap-2" data-testid="service-estimate-formulas">
                {s.formulas.map((f, i) => (
                  <li key={i} className="rounded-lg border border-border px-3 py-2 text-sm">
                    <span className="font-medium">{f.label}</span>
                    <code className="mt-1 block break-all font-mono text-[13px] text-foreground">{f.formula}</code>
                    {f.adjustmentFormula ? (
                      <span className="mt-1 block break-all text-[13px] text-muted-foreground">{t("serviceEstimate.formulaAdjustment", { formula: f.adjustmentFormula })}</span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section aria-labelledby="service-estimate-rates" className="flex flex-col gap-2">
            <h3 id="service-estimate-rates" className="text-sm font-semibold">
              {t("serviceEstimate.rates")}
            </h3>
            {s.rates.length === 0 ? (
              <p className="text-sm text-muted-foreground">{t("serviceEstimate.noRates")}</p>
            ) : (
              <ul className="flex flex-col gap-1.5 text-sm" data-testid="service-estimate-rates">
                {s.rates.map((r, i) => (
                  <li key={i} className="flex flex-wrap justify-between gap-x-3 border-b border-border pb-1.5 last:border-0">
                    <span className="min-w-0 break-words">
                      {r.city}, {r.countryCode}
                      {r.description ? <span className="text-muted-foreground"> · {r.description}</span> : null}
                    </span>
                    <span className="tabular-nums">
                      {formatMoney(r.amount)}
                      {r.frequency ? ` · ${t(`policyConfig.rateFrequency.${r.frequency}`, { defaultValue: r.frequency })}` : ""}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}
