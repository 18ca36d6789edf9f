import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowRight, CircleAlert, CopyPlus, ShieldCheck } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { policyMessages } from "../../../domain/policy/messages.ts";
import type { TValidationError } from "../../../domain/policy/schemas.ts";
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from "../../components/ui/accordion.tsx";
import { ConnectionReloadNotice } from "../../components/connection-reload-notice.tsx";
import { SaveBar } from "../../components/save-bar.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, LoadingRows } from "../../components/ui/states.tsx";
import { useConnectionReload } from "../../lib/connection-error.ts";
import { errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { cn } from "../../lib/utils.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { DetailsContext, refreshDetails, serviceRef, useDetails, type DetailsContextValue, type DetailsStage } from "./details-context.tsx";
import { PolicyLoadFailure } from "./details-load-failure.tsx";
import { UnsavedChangesProvider } from "./details-unsaved.tsx";
import { PolicySteps } from "./policy-steps.tsx";
import { ServiceForm } from "./service-form.tsx";
import { ServicePicker } from "./service-picker.tsx";
import { ServiceEstimateButton } from "./service-estimate-dialog.tsx";

/**
 * /policy/details?policyId=&editDraft=: the services of each move stage of a policy version
 * (part 2 §2 "Policy details"). editDraft edits the draft version; otherwise the released version
 * is shown read-only.
 */
export function PolicyDetailsPage({ policyId, editDraft: requested }: { policyId: number; editDraft: boolean }) {
  const { t } = useTranslation();
  // HR reads the released version only; the configuration steps are the platform admin's.
  const admin = useSignedInUser().role === "ADMIN";
  const editDraft = admin && requested;
  const policy = useQuery(trpc.policy.policies.get.queryOptions({ policyId }));

  if (policy.isPending) return <DetailsSkeleton />;
  if (policy.isError) return <PolicyLoadFailure error={policy.error} onRetry={() => void policy.refetch()} />;

  const versionId = editDraft ? policy.data.draftVersionId : (policy.data.releasedVersionId ?? policy.data.draftVersionId);
  return (
    <>
      <PageHeader eyebrow={policy.data.name} title={t("policyConfig.details.title")} description={t("policyConfig.details.description")} />
      {admin ? (
        <PolicySteps current="details" policyId={policyId} editDraft={editDraft} />
      ) : (
        <Link to="/policy/search" search={{ group: policy.data.group }} className="self-start text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t("policyConfig.details.backToPolicies")}
        </Link>
      )}
      {versionId == null ? (
        <Card>
          <EmptyState title={editDraft ? policyMessages.noDraft : t("policyConfig.details.noVersion")} />
        </Card>
      ) : (
        <VersionDetails key={versionId} policyId={policyId} policyVersionId={versionId} group={policy.data.group} groupId={policy.data.groupId} editDraft={editDraft} steps={admin} />
      )}
    </>
  );
}

function VersionDetails({
  policyId,
  policyVersionId,
  group,
  groupId,
  editDraft,
  steps,
}: {
  policyId: number;
  policyVersionId: number;
  group: string;
  groupId: number;
  editDraft: boolean;
  /** Show the way on to the popup step (platform admins). */
  steps: boolean;
}) {
  const { t } = useTranslation();
  const details = useQuery(trpc.policy.policies.details.queryOptions({ policyVersionId }));
  const dropdowns = useQuery(trpc.policy.policies.dropdowns.queryOptions({ policyId }));
  const [validation, setValidation] = useState<{ errors: TValidationError[]; ran: boolean }>({ errors: [], ran: false });
  const [validateError, setValidateError] = useState<string | null>(null);
  const validate = useMutation({
    mutationFn: () => refetchValidation(policyVersionId),
    onSuccess: (errors) => {
      setValidateError(null);
      setValidation({ errors, ran: true });
    },
    onError: (error) => setValidateError(errorText(error, policyMessages.errorValidatingPolicy)),
  });

  // Once validated, every reload of the details (a saved change) validates again, so the error marks stay current.
  const validated = validation.ran;
  const validateAgain = validate.mutate;
  const lastUpdate = useRef(details.dataUpdatedAt);
  useEffect(() => {
    if (details.dataUpdatedAt === lastUpdate.current) return;
    lastUpdate.current = details.dataUpdatedAt;
    if (validated) validateAgain();
  }, [details.dataUpdatedAt, validated, validateAgain]);

  const ctx = useMemo<DetailsContextValue | null>(
    () =>
      details.data
        ? {
            policyId,
            policyVersionId,
            group,
            groupId,
            readOnly: details.data.readOnly || !editDraft,
            currencies: dropdowns.data?.currencies ?? [],
            validationErrors: validation.errors,
          }
        : null,
    [details.data, dropdowns.data, editDraft, group, groupId, policyId, policyVersionId, validation.errors],
  );

  if (details.isPending) return <LoadingRows rows={4} rowClassName="h-14" />;
  if (details.isError || !ctx) return <PolicyLoadFailure error={details.error} onRetry={() => void details.refetch()} />;

  const data = details.data;
  return (
    <DetailsContext.Provider value={ctx}>
      <UnsavedChangesProvider>
        <div className="flex flex-col gap-6">
          <SaveBar className="flex flex-wrap items-center gap-3">
            <Badge variant={data.status === "DRAFT" ? "warning" : "success"}>
              {t("policyConfig.details.version", { number: data.versionNumber })} · {t(`policyConfig.versionStatus.${data.status}`)}
            </Badge>
            {ctx.readOnly ? <Badge variant="neutral">{t("policyConfig.details.readOnly")}</Badge> : null}
            <div className="ml-auto flex flex-wrap items-center gap-2">
              <Button variant="outline" busy={validate.isPending} onClick={() => validate.mutate()}>
                <ShieldCheck aria-hidden="true" />
                {t("policyConfig.details.validate")}
              </Button>
              {steps ? (
                <Button asChild>
                  <Link to="/policy/details/next" search={{ policyId, editDraft }}>
                    {t("policyConfig.next")}
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
              ) : null}
            </div>
          </SaveBar>
          <div aria-live="polite" className="empty:hidden">
            {validateError ? (
              <Alert variant="destructive" role="alert">
                {validateError}
              </Alert>
            ) : validation.ran ? (
              <ValidationSummary errors={validation.errors} stages={data.moveStages} />
            ) : null}
          </div>
          <StagesAccordion stages={data.moveStages} />
        </div>
      </UnsavedChangesProvider>
    </DetailsContext.Provider>
  );
}

async function refetchValidation(policyVersionId: number): Promise<TValidationError[]> {
  const result = await queryClient.fetchQuery({ ...trpc.policy.policies.validation.queryOptions({ policyVersionId }), staleTime: 0 });
  return result.errors;
}

function ValidationSummary({ errors, stages }: { errors: TValidationError[]; stages: DetailsStage[] }) {
  const { t } = useTranslation();
  if (errors.length === 0) {
    return (
      <Alert variant="success" role="status">
        {t("policyConfig.details.valid")}
      </Alert>
    );
  }
  const stageName = (id: number) => stages.find((s) => s.id === id)?.name ?? String(id);
  const serviceName = (stageId: number, key: string) => stages.find((s) => s.id === stageId)?.services.find((x) => x.name === key)?.serviceName ?? key;
  return (
    <Alert variant="destructive" role="alert" title={t("policyConfig.details.invalid", { count: errors.length })}>
      <ul className="mt-1 list-disc space-y-1 pl-5" data-testid="validation-errors">
        {errors.map((e, i) => (
          <li key={i}>
            <span className="font-medium">{stageName(e.moveStageId)}</span>
            {e.service ? ` · ${serviceName(e.moveStageId, e.service)}` : ""}: {e.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}

/** One accordion section per move stage; sections with validation errors are styled as errors. */
function StagesAccordion({ stages }: { stages: DetailsStage[] }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const [open, setOpen] = useState<string[]>(() => (stages[0] ? [`stage-${stages[0].id}`] : []));
  if (stages.length === 0) return <EmptyState title={t("policyConfig.details.noStages")} />;
  return (
    <Card className="px-4 tablet:px-6">
      <Accordion type="multiple" value={open} onValueChange={setOpen}>
        {stages.map((stage) => {
          const errors = ctx.validationErrors.filter((e) => e.moveStageId === stage.id);
          return (
            <AccordionItem key={stage.id} value={`stage-${stage.id}`} data-testid={`stage-${stage.id}`} data-invalid={errors.length > 0 || undefined}>
              <AccordionTrigger level={2} className={cn(errors.length > 0 && "text-destructive")}>
                <span>{stage.name}</span>
                <Badge variant="neutral">{t("policyConfig.details.serviceCount", { count: stage.services.length })}</Badge>
                {errors.length > 0 ? (
                  <Badge variant="destructive" data-testid="stage-error">
                    <CircleAlert className="size-3" aria-hidden="true" />
                    {t("policyConfig.details.errorCount", { count: errors.length })}
                  </Badge>
                ) : null}
              </AccordionTrigger>
              <AccordionContent>
                <StageSection stage={stage} stages={stages} />
              </AccordionContent>
            </AccordionItem>
          );
        })}
      </Accordion>
    </Card>
  );
}

function StageSection({ stage, stages }: { stage: DetailsStage; stages: DetailsStage[] }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const [openServices, setOpenServices] = useState<string[]>([]);
  return (
    <div className="flex flex-col gap-5">
      {stage.services.length === 0 ? (
        <p className="rounded-lg border border-dashed border-border px-4 py-6 text-center text-sm text-muted-foreground">{t("policyConfig.details.noServices")}</p>
      ) : (
        <Accordion type="multiple" value={openServices} onValueChange={setOpenServices} className="flex flex-col gap-3">
          {stage.services.map((service) => {
            const errors = ctx.validationErrors.filter((e) => e.moveStageId === stage.id && (e.service === service.name || e.service === service.serviceName));
            return (
              <AccordionItem
                key={service.name}
                value={service.name}
                data-testid={`service-${stage.id}-${service.name}`}
                data-invalid={errors.length > 0 || undefined}
                className={cn("rounded-lg border border-border px-4 last:border-b", errors.length > 0 && "border-destructive bg-destructive-soft/30")}
              >
                <AccordionTrigger level={3} className="py-3 text-sm">
                  <span>{service.title || service.serviceName}</span>
                  {service.title && service.title !== service.serviceName ? <span className="font-normal text-muted-foreground">{service.serviceName}</span> : null}
                  {service.moveHub ? <Badge variant="info">{t("policyConfig.service.moveHub")}</Badge> : null}
                  {errors.length > 0 ? <Badge variant="destructive">{t("policyConfig.details.errorCount", { count: errors.length })}</Badge> : null}
                </AccordionTrigger>
                <AccordionContent>
                  <div className="mb-4 flex justify-end">
                    <ServiceEstimateButton
                      policyVersionId={ctx.policyVersionId}
                      moveStage={stage.id}
                      serviceKey={service.name}
                      serviceName={service.title || service.serviceName}
                    />
                  </div>
                  {errors.length > 0 ? (
                    <ul className="mb-4 flex flex-col gap-1 text-[13px] font-medium text-destructive">
                      {errors.map((e, i) => (
                        <li key={i}>{e.message}</li>
                      ))}
                    </ul>
                  ) : null}
                  <ServiceForm
                    stage={stage}
                    service={service}
                    onTypeChanged={() => setOpenServices((open) => (open.includes(service.name) ? open : [...open, service.name]))}
                  />
                </AccordionContent>
              </AccordionItem>
            );
          })}
        </Accordion>
      )}
      {ctx.readOnly ? null : (
        <div className="flex flex-col gap-4 border-t border-border pt-4 desktop:flex-row desktop:items-end desktop:justify-between">
          <AddServiceForm stage={stage} onAdded={(key) => setOpenServices((open) => [...open, key])} />
          {stage.id !== stages[0]?.id && stages[0] ? <CopyStageButton from={stages[0]} to={stage} /> : null}
        </div>
      )}
    </div>
  );
}

function AddServiceForm({ stage, onAdded }: { stage: DetailsStage; onAdded: (serviceKey: string) => void }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const [error, setError] = useState<string | null>(null);
  // part 2 §8: a connection error with a finished request reloads the page.
  const connection = useConnectionReload();
  const add = useMutation(
    trpc.policy.services.add.mutationOptions({
      onSuccess: async (_result, variables) => {
        await refreshDetails();
        onAdded(variables.serviceKey);
      },
      onError: (e) => {
        setError(errorText(e, policyMessages.errorAddingService));
        connection.handle(e);
      },
    }),
  );
  return (
    <div className="flex flex-col gap-2">
      <ServicePicker
        label={t("policyConfig.details.addService", { stage: stage.name })}
        submitLabel={t("policyConfig.details.add")}
        options={stage.availableServices}
        busy={add.isPending}
        error={error}
        onError={setError}
        onAdd={(serviceKey) => add.mutateAsync(serviceRef(ctx, stage.id, serviceKey))}
      />
      <div aria-live="polite" className="text-[13px] text-destructive empty:hidden">
        <ConnectionReloadNotice reload={connection} />
      </div>
    </div>
  );
}

function CopyStageButton({ from, to }: { from: DetailsStage; to: DetailsStage }) {
  const { t } = useTranslation();
  const ctx = useDetails();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState<{ kind: "success" | "destructive"; text: string } | null>(null);
  const copy = useMutation(
    trpc.policy.services.copyStage.mutationOptions({
      onSuccess: async (result) => {
        setMessage({ kind: "success", text: t("policyConfig.details.copied", { count: result.services }) });
        await refreshDetails();
      },
      onError: (e) => setMessage({ kind: "destructive", text: errorText(e, policyMessages.errorAddingService) }),
    }),
  );
  return (
    <div className="flex flex-col gap-2 desktop:items-end">
      <Button variant="outline" busy={copy.isPending} onClick={() => setOpen(true)}>
        <CopyPlus aria-hidden="true" />
        {t("policyConfig.details.copyStage", { from: from.name })}
      </Button>
      <div aria-live="polite" className="empty:hidden">
        {message ? (
          <Alert variant={message.kind} role={message.kind === "success" ? "status" : "alert"}>
            {message.text}
          </Alert>
        ) : null}
      </div>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        title={t("policyConfig.details.copyStageTitle", { from: from.name, to: to.name })}
        description={t("policyConfig.details.copyStageDescription", { from: from.name, to: to.name })}
        confirmLabel={t("policyConfig.details.copyConfirm")}
        cancelLabel={t("app.cancel")}
        onConfirm={() => {
          setMessage(null);
          copy.mutate({ policyVersionId: ctx.policyVersionId, moveStageIdFrom: from.id, moveStageIdTo: to.id });
        }}
      />
    </div>
  );
}


function DetailsSkeleton() {
  return <LoadingRows rows={5} rowClassName="h-14" />;
}
