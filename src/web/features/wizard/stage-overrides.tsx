/**
 * Wizard stage 3, policy overrides (part 1 §2 stage 3, §3 policy response / section / view
 * component / budget, §4 benefit add and remove, budget group sharing, §5 stage-3 rules, §8
 * "Stage 3 timeout: connection message"). One tab per move stage with the included services
 * (budget groups together under their budget) and the services available to add. Next stores
 * every stage's services and budgets (storePolicyOverrides) and goes on to the stage the server
 * names; Cancel deletes the draft (cancelNewEmployee).
 */
import { useMutation, useQuery } from "@tanstack/react-query";
import { ArrowLeft, ArrowRight, FileX2 } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { hiddenStages, nextStage, type WizardPolicy } from "../../../domain/moves/wizard/navigation.ts";
import { budgetMessages } from "../../../domain/employee/budgets/messages.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TPolicyOverridesResponse } from "../../../domain/moves/wizard/override-schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { ConfirmDialog } from "../../components/ui/alert-dialog.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../components/ui/tabs.tsx";
import { errorText, isConnectionFailure } from "../../lib/errors.ts";
import { queryClient, trpc } from "../../lib/trpc.ts";
import { StageLoadFailure } from "./stage-load-failure.tsx";
import { BudgetGroupPanel, ServiceCard } from "./stage-overrides-parts.tsx";
import {
  checkOverrides,
  initialState,
  setSelected,
  stageOfKey,
  stageView,
  toStoreRequest,
  updateBudget,
  updateService,
  type OverridesState,
  type ServiceState,
} from "./stage-overrides-state.ts";

export type OverridesStageProps = {
  group: string;
  employeeId: number;
  moveId: number;
  policy: WizardPolicy;
  /** Back to stage 2. */
  onBack: () => void;
  /** Saved: go to `stage` (4, 6 or 5); skipCE when the estimate was skipped. */
  onNext: (stage: number, options: { skipCE: boolean }) => void;
  /** The draft was cancelled (cancelNewEmployee): leave the wizard. */
  onCancelled: () => void;
};

/** A failed call: no answer at all (or a 504, or past its time limit) is the §8 connection message; a known error its own text. */
function failureText(error: unknown): string {
  if (isConnectionFailure(error)) return wizardMessages.connection;
  return errorText(error, wizardMessages.generic);
}

export function OverridesStage(props: OverridesStageProps) {
  const { t } = useTranslation();
  const overrides = useQuery({
    ...trpc.wizard.policyOverrides.queryOptions({ employeeId: props.employeeId, moveId: props.moveId }),
    refetchOnWindowFocus: false,
    staleTime: 0,
  });

  if (overrides.isPending) return <OverridesSkeleton />;
  if (overrides.isError || !overrides.data.success) {
    return (
      <StageLoadFailure
        title={t("overrides.title")}
        message={overrides.isError ? failureText(overrides.error) : wizardMessages.generic}
        onRetry={() => void overrides.refetch()}
        onBack={props.onBack}
        backLabel={t("overrides.back")}
      />
    );
  }
  return <OverridesEditor {...props} data={overrides.data} />;
}

function OverridesSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true" role="status" className="flex flex-col gap-4 p-6">
      <span className="sr-only">{t("overrides.loading")}</span>
      <Skeleton className="h-6 w-56" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-10 w-80 max-w-full" />
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} className="h-20 rounded-lg" />
      ))}
    </Card>
  );
}

function OverridesEditor({ data, employeeId, moveId, policy, onBack, onNext, onCancelled }: OverridesStageProps & { data: TPolicyOverridesResponse }) {
  const { t } = useTranslation();
  const [state, setState] = useState<OverridesState>(() => initialState(data));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [activeStage, setActiveStage] = useState(() => String(state.stages[0]?.moveStageId ?? 1));
  const [confirmCancel, setConfirmCancel] = useState(false);
  // Soft budgets outside their range (part 1 §5): the warning asks before the save goes on.
  const [confirmSoft, setConfirmSoft] = useState<{ skipCE: boolean } | null>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  const [focusErrors, setFocusErrors] = useState(0);
  const rootRef = useRef<HTMLDivElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);

  const store = useMutation(trpc.wizard.storePolicyOverrides.mutationOptions());
  const cancel = useMutation(trpc.wizard.cancelNewEmployee.mutationOptions());
  const editable = data.isPolicyEditable;
  const busy = store.isPending || cancel.isPending;
  const hasEstimate = !hiddenStages(policy).includes(4);
  const noServices = state.services.length === 0;

  // Add and remove move focus to the counterpart button, so keyboard users keep their place.
  useEffect(() => {
    if (!focusTarget) return;
    const el = rootRef.current?.querySelector<HTMLElement>(`[data-focus="${CSS.escape(focusTarget)}"]`);
    el?.focus();
    setFocusTarget(null);
  }, [focusTarget, state]);

  // After a failed check: the first invalid field (on the tab that shows it), else the message.
  useEffect(() => {
    if (focusErrors === 0) return;
    const el = rootRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (el) el.focus();
    else messageRef.current?.focus();
  }, [focusErrors]);

  const errorCountByStage = useMemo(() => {
    const counts = new Map<number, number>();
    for (const key of Object.keys(errors)) {
      const stage = stageOfKey(key);
      if (stage !== null) counts.set(stage, (counts.get(stage) ?? 0) + 1);
    }
    return counts;
  }, [errors]);

  const clearError = (key: string) =>
    setErrors((current) => {
      if (!(key in current)) return current;
      const { [key]: _gone, ...rest } = current;
      return rest;
    });
  /** A change to a service's or a budget group's fields clears that item's error. */
  const editService = (key: string, patch: Parameters<typeof updateService>[2]) => {
    setState((cur) => updateService(cur, key, patch));
    clearError(key);
  };
  const editBudget = (key: string, patch: Parameters<typeof updateBudget>[2]) => {
    setState((cur) => updateBudget(cur, key, patch));
    clearError(key);
  };

  const showErrors = (next: Record<string, string>, text: string | null) => {
    setErrors(next);
    setMessage(text ?? t("overrides.fixErrors"));
    const firstStage = Object.keys(next).map(stageOfKey).find((s) => s !== null);
    if (firstStage != null && state.stages.some((s) => s.moveStageId === firstStage)) setActiveStage(String(firstStage));
    setFocusErrors((n) => n + 1);
  };

  const add = (s: ServiceState) => {
    setState((cur) => setSelected(cur, s.key, true));
    setAnnouncement(t("overrides.added", { title: s.component.title }));
    setFocusTarget(`remove:${s.key}`);
  };
  const remove = (s: ServiceState) => {
    setState((cur) => setSelected(cur, s.key, false));
    clearError(s.key);
    setAnnouncement(t("overrides.removed", { title: s.component.title }));
    setFocusTarget(`add:${s.key}`);
  };

  const submit = (skipCE: boolean, confirmOutsideRange = false) => {
    setMessage(null);
    const fallback = skipCE ? 5 : (nextStage(policy, 3) ?? 5);
    if (!editable) {
      onNext(fallback, { skipCE });
      return;
    }
    const check = checkOverrides(state);
    if (Object.keys(check.errors).length > 0) {
      showErrors(check.errors, check.message);
      return;
    }
    setErrors({});
    if (!confirmOutsideRange && check.warnings && Object.keys(check.warnings).length > 0) {
      setConfirmSoft({ skipCE });
      return;
    }
    store.mutate({ ...toStoreRequest(state, employeeId, moveId), confirmOutsideRange }, {
      onSuccess: (res) => {
        if (!res.success && res.needsConfirmation) {
          setConfirmSoft({ skipCE });
          return;
        }
        if (!res.success) {
          showErrors(res.errors, res.message);
          return;
        }
        void queryClient.invalidateQueries({ queryKey: trpc.wizard.pathKey() });
        onNext(skipCE ? 5 : (res.nextStage ?? fallback), { skipCE });
      },
      onError: (error) => {
        setMessage(failureText(error));
        setFocusErrors((n) => n + 1);
      },
    });
  };

  const doCancel = () => {
    setConfirmCancel(false);
    setMessage(null);
    cancel.mutate(
      { employeeId, moveId },
      {
        onSuccess: (res) => {
          if (!res.success) {
            setMessage(res.message ?? wizardMessages.generic);
            setFocusErrors((n) => n + 1);
            return;
          }
          void queryClient.invalidateQueries({ queryKey: trpc.wizard.moves.pathKey() });
          onCancelled();
        },
        onError: (error) => {
          setMessage(failureText(error));
          setFocusErrors((n) => n + 1);
        },
      },
    );
  };

  const renderService = (s: ServiceState) => (
    <ServiceCard
      key={s.key}
      service={s}
      editable={editable}
      currencyCodes={data.currencyCodes}
      error={errors[s.key]}
      onAdd={() => add(s)}
      onRemove={() => remove(s)}
      onBenefit={(benefitId) => editService(s.key, { benefitId })}
      onAmount={(amount) => editService(s.key, { amount })}
      onCurrency={(currency) => editService(s.key, { currency })}
    />
  );

  return (
    <div ref={rootRef}>
      <Card>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <CardTitle>{t("overrides.title")}</CardTitle>
          <CardDescription>{t("overrides.description", { policy: data.policyName })}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          {!editable ? (
            <Alert variant="info" data-testid="overrides-read-only">
              {t("overrides.readOnly")}
            </Alert>
          ) : null}
          <div ref={messageRef} tabIndex={-1} className="focus:outline-none">
            {message ? (
              <Alert variant="destructive" role="alert" data-testid="overrides-message">
                {message}
              </Alert>
            ) : null}
          </div>
          <p className="sr-only" aria-live="polite">
            {announcement}
          </p>

          {noServices ? (
            <EmptyState icon={FileX2} headingLevel={3} title={data.message ?? t("overrides.noBenefits")} />
          ) : (
            <>
              {data.message && data.message !== wizardMessages.noBenefits ? (
                <Alert variant="info" data-testid="overrides-info">
                  {data.message}
                </Alert>
              ) : null}
              <Tabs value={activeStage} onValueChange={setActiveStage}>
                <TabsList aria-label={t("overrides.stages")}>
                  {state.stages.map((st) => {
                    const count = errorCountByStage.get(st.moveStageId) ?? 0;
                    return (
                      <TabsTrigger key={st.moveStageId} value={String(st.moveStageId)}>
                        {st.moveStageName}
                        {st.isRepatriation ? <Badge variant="info">{t("overrides.repatriation")}</Badge> : null}
                        {count > 0 ? <Badge variant="destructive">{t("overrides.errorsInStage", { count })}</Badge> : null}
                      </TabsTrigger>
                    );
                  })}
                </TabsList>
                {state.stages.map((st) => {
                  const view = stageView(state, st.moveStageId);
                  const includedId = `ov-included-${st.moveStageId}`;
                  const availableId = `ov-available-${st.moveStageId}`;
                  return (
                    <TabsContent key={st.moveStageId} value={String(st.moveStageId)} className="flex flex-col gap-6" data-testid={`overrides-stage-${st.moveStageId}`}>
                      <section aria-labelledby={includedId} className="flex flex-col gap-3">
                        <h3 id={includedId} className="text-sm font-semibold text-foreground">
                          {t("overrides.included")} <span className="font-normal text-muted-foreground">({view.included.length})</span>
                        </h3>
                        {view.included.length === 0 ? (
                          <p className="text-sm text-muted-foreground">{t("overrides.includedEmpty")}</p>
                        ) : (
                          <ul className="flex flex-col gap-3" data-testid="included-services">
                            {view.ungrouped.map(renderService)}
                            {view.groups.map((g) => (
                              <BudgetGroupPanel
                                key={g.key}
                                group={g}
                                editable={editable}
                                currencyCodes={data.currencyCodes}
                                error={errors[g.key]}
                                onAmount={(amount) => editBudget(g.key, { amount })}
                                onCurrency={(currency) => editBudget(g.key, { currency })}
                              >
                                {g.members.map(renderService)}
                              </BudgetGroupPanel>
                            ))}
                          </ul>
                        )}
                      </section>
                      <section aria-labelledby={availableId} className="flex flex-col gap-3">
                        <h3 id={availableId} className="text-sm font-semibold text-foreground">
                          {t("overrides.available")} <span className="font-normal text-muted-foreground">({view.available.length})</span>
                        </h3>
                        {view.available.length === 0 ? (
                          <p className="text-sm text-muted-foreground" data-testid="available-empty">
                            {t("overrides.availableEmpty")}
                          </p>
                        ) : (
                          <ul className="grid gap-3 desktop:grid-cols-2" data-testid="available-services">
                            {view.available.map(renderService)}
                          </ul>
                        )}
                      </section>
                    </TabsContent>
                  );
                })}
              </Tabs>
            </>
          )}
        </CardContent>
        <CardFooter className="flex-col-reverse items-stretch gap-3 tablet:flex-row tablet:items-center">
          <Button variant="outline" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" />
            {t("overrides.back")}
          </Button>
          <Button variant="ghost" className="text-destructive" onClick={() => setConfirmCancel(true)} busy={cancel.isPending} disabled={store.isPending}>
            {t("overrides.cancel")}
          </Button>
          <div className="flex flex-col-reverse gap-3 tablet:ml-auto tablet:flex-row">
            {hasEstimate ? (
              <Button variant="secondary" onClick={() => submit(true)} disabled={busy}>
                {t("overrides.skipEstimate")}
              </Button>
            ) : null}
            <Button onClick={() => submit(false)} busy={store.isPending} disabled={cancel.isPending}>
              {t("overrides.next")}
              <ArrowRight aria-hidden="true" />
            </Button>
          </div>
        </CardFooter>
      </Card>
      <ConfirmDialog
        open={confirmSoft !== null}
        onOpenChange={(open) => (open ? undefined : setConfirmSoft(null))}
        title={budgetMessages.popupWillBeOutsideRange}
        description={wizardMessages.budgetOutsideRangeWarning}
        confirmLabel={t("overrides.softConfirm", "Continue")}
        cancelLabel={t("overrides.softCancel", "Change the budget")}
        onConfirm={() => {
          const pending = confirmSoft;
          setConfirmSoft(null);
          if (pending) submit(pending.skipCE, true);
        }}
      />
      <ConfirmDialog
        open={confirmCancel}
        onOpenChange={setConfirmCancel}
        title={t("overrides.cancelTitle")}
        description={t("overrides.cancelBody")}
        confirmLabel={t("overrides.cancelConfirm")}
        cancelLabel={t("overrides.keep")}
        destructive
        onConfirm={doCancel}
      />
    </div>
  );
}
