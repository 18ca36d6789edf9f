import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate } from "@tanstack/react-router";
import { ArrowLeft, CircleAlert, CircleCheck, ShieldCheck } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SERVICE_POLICY_TYPE_LABELS, type ServicePolicyType } from "../../../domain/policy/catalogue.ts";
import type { TDetailsResponse, TPolicySetup, TStageService, TValidationError } from "../../../domain/policy/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  ConfirmDialog,
} from "../../components/ui/alert-dialog.tsx";
import { VersionChanges } from "./policy-versions.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button, buttonVariants } from "../../components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { Spinner } from "../../components/ui/spinner.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { groupedAmount, moneyText, rateFrequencyLabel } from "./policy-format.ts";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { PolicySteps } from "./policy-steps.tsx";

type Stage = TDetailsResponse["moveStages"][number];

/**
 * /policy/confirm?policyId=&versionId= (part 2 §2 "Policy confirm page"): every move stage's
 * services read-only, the version's validation result, and the button that releases the version
 * (POST /policy/versions/{versionId}/complete) after asking first, then the policy's setup page
 * (versions list) saying which version was released. Without a versionId the policy's draft is confirmed.
 */
export function PolicyConfirmPage({ policyId, versionId }: { policyId: number; versionId: number | undefined }) {
  const { t } = useTranslation();
  const policy = useQuery(trpc.policy.policies.get.queryOptions({ policyId }));
  const policyVersionId = versionId ?? policy.data?.draftVersionId ?? undefined;
  // A policy that does not exist (or is not the caller's) gets the status page alone, as on the other steps.
  const code = policy.isError ? errorCode(policy.error) : undefined;
  if (code === "FORBIDDEN") return <ForbiddenPage />;
  if (code === "NOT_FOUND") return <NotFoundPage />;

  return (
    <>
      <PageHeader eyebrow={policy.data?.name} title={t("policy.confirm.title")} description={t("policy.confirm.description")} />
      <PolicySteps current="confirm" policyId={policyId} editDraft versionId={policyVersionId} />
      {policy.isPending ? (
        <ConfirmSkeleton />
      ) : policy.isError ? (
        <PolicyLoadFailure error={policy.error} onRetry={() => void policy.refetch()} />
      ) : policyVersionId === undefined ? (
        <Alert variant="info">{t("policy.confirm.notDraft")}</Alert>
      ) : (
        <ConfirmVersion policy={policy.data} policyVersionId={policyVersionId} />
      )}
    </>
  );
}

function ConfirmSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" role="status" className="flex flex-col gap-4">
      <span className="sr-only">{t("app.loading")}</span>
      <Skeleton className="h-24 rounded-xl" />
      <Skeleton className="h-64 rounded-xl" />
    </div>
  );
}


function ConfirmVersion({ policy, policyVersionId }: { policy: TPolicySetup; policyVersionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const details = useQuery(trpc.policy.policies.details.queryOptions({ policyVersionId }));
  const validation = useQuery({ ...trpc.policy.policies.validation.queryOptions({ policyVersionId }), staleTime: 0 });
  const [completeErrors, setCompleteErrors] = useState<TValidationError[] | null>(null);
  const [offerSkip, setOfferSkip] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const complete = useMutation(trpc.policy.policies.complete.mutationOptions());

  if (details.isPending) return <ConfirmSkeleton />;
  if (details.isError) return <PolicyLoadFailure error={details.error} onRetry={() => void details.refetch()} />;

  const errors = completeErrors ?? validation.data?.errors ?? [];
  const versionNumber = details.data.versionNumber;
  const released = details.data.status === "RELEASED";
  /** The released version new moves use today (what this release replaces). */
  const current = policy.versions.find((v) => v.id === policy.releasedVersionId) ?? null;

  const release = async (ignoreMandatory: boolean) => {
    setFailure(null);
    try {
      const result = await complete.mutateAsync({ policyVersionId, ignoreMandatory });
      if (result.success) {
        await queryClient.invalidateQueries({ queryKey: trpc.policy.pathKey() });
        // The setup page with the versions list, saying which version was released.
        await navigate({ to: "/policy/setup", search: { policyId: policy.policyId, editDraft: false, released: versionNumber } });
        return;
      }
      setCompleteErrors(result.errors);
      if (result.canSkipMandatory) setOfferSkip(true);
      else if (result.errors.length === 0) setFailure(result.message ?? t("policy.confirm.validationFailed"));
    } catch (error) {
      setFailure(errorText(error, t("policy.confirm.validationFailed")));
    }
  };

  return (
    <div className="flex flex-col gap-6">
      <ValidationSummary loading={validation.isPending && completeErrors === null} failed={validation.isError && completeErrors === null} errors={errors} stages={details.data.moveStages} onRetry={() => void validation.refetch()} />

      <Card>
        <section aria-labelledby="confirm-stages-title">
          <CardHeader className="border-b border-border pb-4">
            <CardTitle id="confirm-stages-title">{t("policy.confirm.stages")}</CardTitle>
          </CardHeader>
          <CardContent className="py-2">
            <Accordion type="multiple" defaultValue={details.data.moveStages.map((s) => String(s.id))}>
              {details.data.moveStages.map((stage) => (
                <StageSection key={stage.id} stage={stage} errors={errors.filter((e) => e.moveStageId === stage.id)} />
              ))}
            </Accordion>
          </CardContent>
        </section>
      </Card>

      <div aria-live="assertive" className="empty:hidden">
        {failure ? (
          <Alert variant="destructive" role="alert">
            {failure}
          </Alert>
        ) : null}
      </div>

      <div className="flex flex-wrap justify-between gap-3">
        <Link to="/policy/details/next" search={{ policyId: policy.policyId, editDraft: true }} className={buttonVariants({ variant: "outline" })}>
          <ArrowLeft aria-hidden="true" />
          {t("policy.back")}
        </Link>
        {released ? (
          <Alert variant="info">{t("policy.confirm.notDraft")}</Alert>
        ) : (
          <Button busy={complete.isPending} onClick={() => setAsking(true)}>
            {complete.isPending ? null : <ShieldCheck aria-hidden="true" />}
            {complete.isPending ? t("policy.confirm.submitting") : t("policy.confirm.submit")}
          </Button>
        )}
      </div>

      {/* Ask first, showing what the release changes against the version new moves use now. */}
      <AlertDialog open={asking} onOpenChange={setAsking}>
        <AlertDialogContent className="max-w-2xl">
          <AlertDialogHeader>
            <AlertDialogTitle>{t("policy.confirm.releaseTitle", { number: versionNumber, policy: policy.name })}</AlertDialogTitle>
            <AlertDialogDescription>{t("policy.confirm.releaseBody", { number: versionNumber, policy: policy.name })}</AlertDialogDescription>
          </AlertDialogHeader>
          <div className="max-h-[45vh] overflow-y-auto text-sm" aria-live="polite" data-testid="release-changes">
            {current && current.id !== policyVersionId ? (
              <>
                <p className="mb-2 text-muted-foreground">{t("policy.confirm.releaseChanges", { from: current.versionNumber })}</p>
                {asking ? <VersionChanges policyId={policy.policyId} from={current.id} to={policyVersionId} /> : null}
              </>
            ) : (
              <p className="text-muted-foreground">{t("policy.confirm.releaseFirst")}</p>
            )}
          </div>
          <AlertDialogFooter>
            <AlertDialogCancel>{t("app.cancel")}</AlertDialogCancel>
            <AlertDialogAction onClick={() => void release(false)}>{t("policy.confirm.releaseConfirm")}</AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>

      <ConfirmDialog
        open={offerSkip}
        onOpenChange={setOfferSkip}
        title={t("policy.confirm.skipTitle")}
        description={t("policy.confirm.skipBody")}
        confirmLabel={t("policy.confirm.skipConfirm")}
        cancelLabel={t("app.cancel")}
        onConfirm={() => void release(true)}
      />
    </div>
  );
}

/** The validation result: a count and, for errors not tied to a service, their texts. */
function ValidationSummary({ loading, failed, errors, stages, onRetry }: { loading: boolean; failed: boolean; errors: TValidationError[]; stages: Stage[]; onRetry: () => void }) {
  const { t } = useTranslation();
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" />
        {t("policy.confirm.validating")}
      </p>
    );
  }
  if (failed) {
    return (
      <Alert variant="destructive" role="alert">
        <span className="flex flex-wrap items-center gap-3">
          {t("policy.confirm.validationFailed")}
          <Button variant="outline" size="sm" onClick={onRetry}>
            {t("app.retry")}
          </Button>
        </span>
      </Alert>
    );
  }
  if (errors.length === 0) {
    return (
      <Alert variant="success" role="status" data-testid="confirm-validation">
        {t("policy.confirm.valid")}
      </Alert>
    );
  }
  const stageIds = new Set(stages.map((s) => s.id));
  const unplaced = errors.filter((e) => !stageIds.has(e.moveStageId) || e.service === "");
  return (
    <Alert variant="destructive" role="alert" title={t("policy.confirm.errorCount", { count: errors.length })} data-testid="confirm-validation">
      {unplaced.length > 0 ? (
        <ul className="list-disc pl-4">
          {unplaced.map((e, i) => (
            <li key={i}>{e.message}</li>
          ))}
        </ul>
      ) : null}
    </Alert>
  );
}

function StageSection({ stage, errors }: { stage: Stage; errors: TValidationError[] }) {
  const { t } = useTranslation();
  const serviceErrors = (s: TStageService) => errors.filter((e) => e.service !== "" && (e.service === s.serviceName || e.service === s.name));
  return (
    <AccordionItem value={String(stage.id)}>
      <AccordionTrigger level={3} className={cn(errors.length > 0 && "text-destructive")}>
        {stage.name}
        {errors.length > 0 ? (
          <Badge variant="destructive">
            <CircleAlert aria-hidden="true" className="size-3" />
            {t("policy.confirm.stageErrors", { count: errors.length })}
          </Badge>
        ) : (
          <CircleCheck aria-hidden="true" className="size-4 text-success-foreground" />
        )}
      </AccordionTrigger>
      <AccordionContent>
        {stage.services.length === 0 ? (
          <p className="py-2 text-muted-foreground">{t("policy.confirm.noServices")}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {stage.services.map((service) => (
              <ServiceRow key={service.id} service={service} stage={stage} errors={serviceErrors(service)} />
            ))}
          </ul>
        )}
      </AccordionContent>
    </AccordionItem>
  );
}

function ServiceRow({ service, stage, errors }: { service: TStageService; stage: Stage; errors: TValidationError[] }) {
  const { t } = useTranslation();
  const typeLabel = SERVICE_POLICY_TYPE_LABELS[service.servicePolicyType as ServicePolicyType] ?? String(service.servicePolicyType);
  const group = stage.budgetGroups.find((g) => g.id === service.budgetGroup);
  const budgets = group?.budgets ?? [];
  const benefitCount = service.benefitGroups.filter((b) => b.value !== null || b.options.length > 0).length;
  const hasErrors = errors.length > 0;
  return (
    <li
      className={cn("rounded-lg border px-4 py-3", hasErrors ? "border-destructive-border bg-destructive-soft" : "border-border bg-surface")}
      data-testid={`confirm-service-${stage.id}-${service.name}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 className={cn("font-semibold", hasErrors && "text-destructive-foreground")}>{service.title || service.serviceName}</h4>
        <Badge variant={service.servicePolicyType === 5 ? "neutral" : "info"}>{typeLabel}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-6 gap-y-1 text-[13px] tablet:grid-cols-[minmax(0,1fr)_minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t("policy.confirm.colBudgetGroup")}:</dt>
          <dd>{service.budgetGroup === 99 ? t("policy.confirm.noBudgetGroup") : t("policy.confirm.budgetGroupNumber", { number: service.budgetGroup })}</dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t("policy.confirm.colBudgets")}:</dt>
          <dd>
            {budgets.length === 0 && !service.amountText ? (
              "—"
            ) : (
              <ul className="flex flex-col">
                {service.amountText && service.currency ? (
                  <li className="tabular-nums">
                    {moneyText(service.currency, service.amountText)}
                    {service.rateFrequency ? <span className="text-muted-foreground"> · {rateFrequencyLabel(t, service.rateFrequency)}</span> : null}
                  </li>
                ) : null}
                {budgets.map((b) => (
                  <li key={b.id} className="tabular-nums">
                    {moneyText(b.currency, b.amountText)}
                    {b.minAmountText || b.maxAmountText ? (
                      <span className="text-muted-foreground">
                        {" "}
                        ({t("policy.confirm.range", { min: b.minAmountText ? groupedAmount(b.minAmountText) : "—", max: b.maxAmountText ? groupedAmount(b.maxAmountText) : "—" })})
                      </span>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
        <div className="flex gap-1.5">
          <dt className="text-muted-foreground">{t("policy.confirm.colBenefits")}:</dt>
          <dd>{benefitCount > 0 ? t("policy.confirm.benefitCount", { count: benefitCount }) : "—"}</dd>
        </div>
      </dl>
      {hasErrors ? (
        <ul className="mt-2 flex flex-col gap-1 text-[13px] font-medium text-destructive">
          {errors.map((e, i) => (
            <li key={i} className="flex gap-1.5">
              <CircleAlert aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
              {e.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
