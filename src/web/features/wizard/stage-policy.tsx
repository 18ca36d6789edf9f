import { useMutation, useQuery } from "@tanstack/react-query";
import { FileStack } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TPolicySelectFormResponse } from "../../../domain/moves/wizard/schemas.ts";
import { hiddenStages, type WizardPolicy } from "../../../domain/moves/wizard/navigation.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState } from "../../components/ui/states.tsx";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

type EstimateKey =
  | "wizard.estimate.NONE"
  | "wizard.estimate.ADVANCED"
  | "wizard.estimate.BASIC"
  | "wizard.estimate.LTA"
  | "wizard.estimate.STA"
  | "wizard.estimate.NO_PROVIDER";
const KNOWN_ESTIMATES = new Set(["NONE", "ADVANCED", "BASIC", "LTA", "STA", "NO_PROVIDER"]);

/** The estimate type in words ("advanced", "none", …); an unknown type shows as it is. */
function useEstimateLabel() {
  const { t } = useTranslation();
  return (type: string) => (KNOWN_ESTIMATES.has(type) ? t(`wizard.estimate.${type}` as EstimateKey) : type);
}

/** Whether a policy comes with a cost estimate (the splash explains it on stage 1). */
/** The policy has a cost estimate: its stage 4 is not hidden (the navigation rule). */
const hasCostEstimate = (p: WizardPolicy) => !hiddenStages(p).includes(4);

/**
 * Stage 1, policy select (part 1 §2): a radio list of the group's policies with their tags,
 * estimate type and the "city guide only" badge. Next without a choice shows "Please choose a
 * policy" and focuses the list. A policy with a cost estimate shows the NEW_MOVE/CE_POLICY splash.
 */
export function PolicyStage({
  group,
  data,
  selected,
  onNext,
  onCancel,
}: {
  group: string;
  data: TPolicySelectFormResponse;
  selected: number | undefined;
  onNext: (policyVersionId: number) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const estimateLabel = useEstimateLabel();
  const [choice, setChoice] = useState<number | undefined>(selected);
  const [error, setError] = useState(false);
  const listRef = useRef<HTMLFieldSetElement>(null);
  const chosen = data.policies.find((p) => p.policyVersionId === choice) ?? null;

  const next = () => {
    if (!chosen) {
      setError(true);
      listRef.current?.querySelector<HTMLInputElement>("input[type=radio]")?.focus();
      return;
    }
    onNext(chosen.policyVersionId);
  };

  if (data.policies.length === 0) {
    return (
      <Card>
        <EmptyState icon={FileStack} title={t("wizard.policy.none")} description={t("wizard.policy.noneBody")} action={<Button variant="outline" onClick={onCancel}>{t("wizard.back")}</Button>} />
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("wizard.policy.title")}</CardTitle>
        <CardDescription>{t("wizard.policy.description")}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {data.warning ? (
          <Alert variant="destructive" role="alert" title={t("wizard.policy.warningTitle")} data-testid="policy-warning">
            {data.warning}
          </Alert>
        ) : null}
        <fieldset
          ref={listRef}
          className="flex flex-col gap-3"
          aria-describedby={error ? "policy-choice-error" : undefined}
          aria-invalid={error || undefined}
        >
          <legend className="mb-2 text-sm font-medium text-foreground">{t("wizard.policy.legend")}</legend>
          {error ? (
            <p id="policy-choice-error" role="alert" className="text-[13px] font-medium text-destructive">
              {t("wizard.choosePolicy")}
            </p>
          ) : null}
          <div className="grid gap-3 desktop:grid-cols-2">
            {data.policies.map((p) => {
              const id = `policy-${p.policyVersionId}`;
              const checked = p.policyVersionId === choice;
              return (
                <label
                  key={p.policyVersionId}
                  htmlFor={id}
                  className={cn(
                    "flex cursor-pointer items-start gap-3 rounded-lg border bg-surface p-4 transition-colors hover:bg-muted focus-within:ring-2 focus-within:ring-ring",
                    checked ? "border-primary ring-1 ring-primary" : "border-border",
                  )}
                >
                  <input
                    id={id}
                    type="radio"
                    name="policy"
                    value={p.policyVersionId}
                    checked={checked}
                    onChange={() => {
                      setChoice(p.policyVersionId);
                      setError(false);
                    }}
                    className="mt-1 size-4 accent-primary"
                    aria-describedby={`${id}-meta`}
                  />
                  <span className="flex min-w-0 flex-col gap-1.5">
                    <span className="font-medium text-foreground">{p.name}</span>
                    <span id={`${id}-meta`} className="flex flex-wrap items-center gap-1.5">
                      <Badge variant="info">{t("wizard.policy.estimate", { type: estimateLabel(p.estimateType) })}</Badge>
                      {p.cityGuideOnly ? <Badge variant="warning">{t("wizard.policy.cityGuideOnly")}</Badge> : null}
                      <Badge>{t("wizard.policy.stages", { count: p.moveStagesCount })}</Badge>
                      {p.tags.map((tag) => (
                        <Badge key={tag}>{tag}</Badge>
                      ))}
                    </span>
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        {chosen && hasCostEstimate(chosen) ? <CostEstimateSplash group={group} /> : null}
      </CardContent>
      <CardFooter className="justify-between">
        <Button variant="outline" onClick={onCancel}>
          {t("wizard.back")}
        </Button>
        <Button onClick={next}>{t("wizard.next")}</Button>
      </CardFooter>
    </Card>
  );
}

/** The NEW_MOVE / CE_POLICY splash: what the cost estimate is. A failure does not block the wizard. */
function CostEstimateSplash({ group }: { group: string }) {
  const { t } = useTranslation();
  const splash = useQuery({ ...trpc.wizard.splash.queryOptions({ area: "NEW_MOVE", key: "CE_POLICY", group }), staleTime: 10 * 60_000 });
  if (splash.isPending) {
    return (
      <div aria-busy="true" className="flex flex-col gap-2" data-testid="splash-loading">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-12" />
      </div>
    );
  }
  if (splash.isError || !splash.data.success) {
    return (
      <Alert variant="destructive" data-testid="splash">
        {t("wizard.splashFailure")}
      </Alert>
    );
  }
  if (!splash.data.title && !splash.data.content) return null;
  return (
    <Alert variant="info" title={splash.data.title || t("wizard.policy.splashTitle")} data-testid="splash">
      {splash.data.id !== null ? <SplashViewed id={splash.data.id} /> : null}
      <p className="whitespace-pre-line">{splash.data.content}</p>
    </Alert>
  );
}

/**
 * Records once per page that the user saw splash `id` (part 2 §7 "PUT /splash/{id}/viewed", through
 * widgets.splashViewed: a mutation, never a read). Neither the spec nor the code shows a splash only
 * once, so it stays shown; a failure to record is not the user's concern and shows nothing.
 */
function SplashViewed({ id }: { id: number }) {
  const viewed = useMutation(trpc.widgets.splashViewed.mutationOptions());
  const sent = useRef<number | null>(null);
  useEffect(() => {
    if (sent.current === id) return;
    sent.current = id;
    viewed.mutate({ id });
  }, [id, viewed]);
  return null;
}
