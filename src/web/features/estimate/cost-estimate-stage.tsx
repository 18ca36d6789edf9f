/**
 * Wizard stage 4, the cost estimate (part 1 §2 stage 4, §3 cost estimate, §4 "Cost estimate stage
 * actions" and edits, §5 "Cost estimate page", §8 estimate errors).
 *
 * Loading (ON_PAGE) computes and stores version 1 when the move has none; when an estimate existed
 * before this visit the stage first offers to recalculate it, use it as it is, or go back to the
 * policy overrides (§4). The editor then shows the estimate with its edits (state in
 * estimate-state.ts): Save (ON_SAVE) stores a new version; Recalculate (ON_ALT_CALC) posts the
 * edits and polls until the new version is ready (use-recalculation.ts); Next
 * (ON_NEXT_NAVIGATION) and Export wait while edits are pending; Back (ON_PREVIOUS_NAVIGATION)
 * with altered amounts asks first; Send for approval (ON_SEND) saves the approver and e-mails the
 * PDF. Basic estimates show the tax of edited rows live (calculate-tax).
 *
 * This module loads the estimate and picks what to show; the offer is existing-estimate-offer.tsx,
 * the editor estimate-editor.tsx with its state and actions in use-estimate-editor.ts.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import type { TCostEstimateView } from "../../../domain/estimate/schemas.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { trpcClient } from "../../lib/trpc.ts";
import { failureText, type CostEstimateStageProps, type Notice } from "./cost-estimate-common.tsx";
import { EstimateEditor } from "./estimate-editor.tsx";
import type { Approval } from "./estimate-state.ts";
import { ExistingEstimateOffer } from "./existing-estimate-offer.tsx";

export function CostEstimateStage(props: CostEstimateStageProps) {
  const { t } = useTranslation();
  const { employeeId, moveId } = props;
  // Opening stage 4 stores version 1 when there is none (§4), so it is the openEstimationView mutation,
  // loaded once per visit through a query's loading and error states (never retried: it writes).
  const query = useQuery({
    queryKey: ["estimate.openEstimationView", employeeId, moveId],
    queryFn: ({ signal }) => trpcClient.estimate.openEstimationView.mutate({ employeeId, moveId }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  // Whether an estimate existed before this visit: the first answer says so (§4 recalculate or reuse).
  const firstExisting = useRef<boolean | null>(null);
  if (query.data?.success && query.data.costEstimate && firstExisting.current === null) firstExisting.current = query.data.existingEstimate;
  const [decided, setDecided] = useState(false);
  const [view, setView] = useState<TCostEstimateView | null>(null);
  const [carryApproval, setCarryApproval] = useState<Approval | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(null);
  // The open tab survives a new version (the balance sheet recalculated, a save).
  const [tab, setTab] = useState("costEstimate");

  const current = view ?? query.data?.costEstimate ?? null;
  const showView = useCallback((next: TCostEstimateView, keep?: Approval | null) => {
    setCarryApproval(keep ?? null);
    setView(next);
    setDecided(true);
  }, []);
  const refetch = useRef(query.refetch);
  refetch.current = query.refetch;
  /** Back to the server's current version (edits dropped): after a tax failure (§8), or a newer version. */
  const reload = useCallback(() => {
    setView(null);
    setCarryApproval(null);
    void refetch.current().then(() => setResetKey((k) => k + 1));
  }, []);

  if (query.isPending) return <EstimateSkeleton />;
  if (query.isError || !query.data.success || !current) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t("estimate.title")}</CardTitle>
        </CardHeader>
        <ErrorState
          message={query.isError ? failureText(query.error, estimateMessages.experiencingIssue) : estimateMessages.experiencingIssue}
          retryLabel={t("app.retry")}
          onRetry={() => void query.refetch()}
        />
        <CardFooter className="justify-between">
          <Button variant="outline" onClick={props.onBack}>
            <ArrowLeft aria-hidden="true" />
            {t("estimate.back")}
          </Button>
          <Button variant="secondary" onClick={props.onSkip}>
            {t("estimate.skip")}
          </Button>
        </CardFooter>
      </Card>
    );
  }
  if (firstExisting.current && !decided) {
    return <ExistingEstimateOffer view={current} {...props} onUse={() => setDecided(true)} onRecalculated={(next) => showView(next)} />;
  }
  return (
    <EstimateEditor
      key={`${current.costEstimateId}-${current.versionNumber}-${resetKey}`}
      {...props}
      view={current}
      carryApproval={carryApproval}
      notice={notice}
      setNotice={setNotice}
      tab={tab}
      setTab={setTab}
      onView={showView}
      onReload={reload}
    />
  );
}

function EstimateSkeleton() {
  const { t } = useTranslation();
  return (
    <Card aria-busy="true" role="status" className="flex flex-col gap-4 p-6">
      <span className="sr-only">{t("estimate.loading")}</span>
      <Skeleton className="h-6 w-56" />
      <Skeleton className="h-4 w-96 max-w-full" />
      <Skeleton className="h-10 w-full" />
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} className="h-12" />
      ))}
    </Card>
  );
}
