/**
 * The new-move wizard (part 1 §2 "New move wizard (stages 1 to 6)", §4 wizard transitions):
 * the page header, the breadcrumb of the stages the chosen policy shows, and the current stage.
 * Every parameter (stage, policy, employeeId, moveId, skipCE, benefits, previousStage, resume)
 * lives in the URL, so reload and back work; a stage the policy hides is corrected in the URL.
 */
import { useQuery } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { hiddenStages, nextStage, previousStage, stageOrder, visibleStage, type WizardPolicy } from "../../../domain/moves/wizard/navigation.ts";
import { wizardMessages } from "../../../domain/moves/wizard/messages.ts";
import type { TWizardSearch } from "../../../domain/moves/wizard/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { trpc } from "../../lib/trpc.ts";
import { AdvancedInputsStage } from "../estimate/advanced-inputs-stage.tsx";
import { CostEstimateStage } from "../estimate/cost-estimate-stage.tsx";
import type { WizardNavigate } from "./navigate.ts";
import { InitiationStage } from "./stage-initiation.tsx";
import { OverridesStage } from "./stage-overrides.tsx";
import { PolicyStage } from "./stage-policy.tsx";
import { SummaryStage } from "./stage-summary.tsx";
import { WizardSteps } from "./wizard-steps.tsx";

/** Before a policy is chosen the breadcrumb shows the usual stages. */
const DEFAULT_POLICY: WizardPolicy = { estimateType: "BASIC", cityGuideOnly: false };

export function WizardPage({ group, search, onNavigate, preview }: { group: string; search: TWizardSearch; onNavigate: WizardNavigate; preview: boolean }) {
  const { t } = useTranslation();
  const groupName = useGroupDisplayName(group);
  const navigate = useNavigate();
  const policies = useQuery(trpc.wizard.policySelectForm.queryOptions({ group, employeeId: search.employeeId, moveId: search.moveId }));
  const policyVersionId = search.policy ?? policies.data?.selectedPolicyVersionId ?? undefined;
  const choice = policies.data?.policies.find((p) => p.policyVersionId === policyVersionId) ?? null;
  const policy: WizardPolicy = choice ? { estimateType: choice.estimateType, cityGuideOnly: choice.cityGuideOnly } : DEFAULT_POLICY;
  const stage = search.stage;
  const hasMove = search.employeeId !== undefined && search.moveId !== undefined;

  /** Goes to another stage keeping the policy and the move; the flags are set anew. */
  const go = useCallback(
    (next: Partial<TWizardSearch> & { stage: number }, options?: { replace?: boolean }) =>
      onNavigate(
        {
          policy: search.policy ?? policyVersionId,
          employeeId: search.employeeId,
          moveId: search.moveId,
          resume: search.resume,
          // A move from an external import stays one through every stage (part 1 §2 `externalImport`).
          externalImport: search.externalImport,
          ...next,
        },
        options,
      ),
    [onNavigate, search.policy, search.employeeId, search.moveId, search.resume, search.externalImport, policyVersionId],
  );

  const goHome = useCallback(() => {
    if (preview) void navigate({ to: "/admin/form-builder", search: { group } });
    else void navigate({ to: "/$group/home", params: { group } });
  }, [navigate, preview, group]);
  /**
   * Part 1 §4 "A new employee can be saved as a draft (returns to the root page)": `/`, for every role,
   * which opens each role's own root (HR: the group home; admins: /admin), where the notice is shown.
   */
  const goRoot = useCallback(() => void navigate({ to: "/" }), [navigate]);

  // URL corrections: a stage needs its policy (2+) and its move (3+); hidden stages move back.
  const loaded = policies.isSuccess;
  const needsPolicy = loaded && stage >= 2 && policyVersionId === undefined;
  const needsMove = stage >= 3 && (!hasMove || preview);
  const hiddenHere = choice !== null && hiddenStages(policy).includes(stage);
  useEffect(() => {
    if (needsPolicy) go({ stage: 1 }, { replace: true });
    else if (needsMove) go({ stage: 2 }, { replace: true });
    else if (hiddenHere) go({ stage: visibleStage(policy, stage), skipCE: search.skipCE }, { replace: true });
  }, [needsPolicy, needsMove, hiddenHere, go, policy, stage, search.skipCE]);

  const stages = stageOrder(policy);
  const canOpen = (s: number) => (s <= 2 ? true : hasMove && !preview);
  const backFrom = (s: number) => {
    const to = s === 5 && search.previousStage && !hiddenStages(policy).includes(search.previousStage) ? search.previousStage : previousStage(policy, s, { skipCE: search.skipCE });
    if (to === 0) goHome();
    else go({ stage: to, skipCE: to === 3 ? undefined : search.skipCE });
  };

  let body;
  if (policies.isPending) {
    body = <LoadingRows rows={4} rowClassName="h-16" />;
  } else if (policies.isError) {
    body = <ErrorState message={errorText(policies.error, t("wizard.generic"))} retryLabel={t("app.retry")} onRetry={() => void policies.refetch()} />;
  } else if (needsPolicy || needsMove || hiddenHere) {
    body = <LoadingRows rows={4} rowClassName="h-16" />;
  } else if (stage >= 2 && !choice) {
    body = (
      <Card className="p-2">
        <ErrorState message={wizardMessages.policyNotAvailable} retryLabel={t("wizard.policy.title")} onRetry={() => go({ stage: 1 })} />
      </Card>
    );
  } else if (stage === 1) {
    body = (
      <PolicyStage
        group={group}
        data={policies.data}
        selected={policyVersionId}
        onNext={(versionId) => go({ stage: 2, policy: versionId })}
        onCancel={goHome}
      />
    );
  } else if (stage === 2 && choice) {
    body = (
      <InitiationStage
        key={`${choice.policyVersionId}-${search.employeeId ?? "new"}-${search.moveId ?? "new"}`}
        group={group}
        policy={choice}
        employeeId={search.employeeId}
        moveId={search.moveId}
        preview={preview}
        skipCE={search.skipCE ?? false}
        externalImport={search.externalImport === true && hasMove}
        onBack={() => go({ stage: 1 })}
        onDraftSaved={goRoot}
        onContinue={(next, ids) => go({ stage: next, employeeId: ids.employeeId, moveId: ids.moveId, previousStage: next === 5 ? 2 : undefined })}
      />
    );
  } else if (stage === 3 && choice && search.employeeId && search.moveId) {
    body = (
      <OverridesStage
        group={group}
        employeeId={search.employeeId}
        moveId={search.moveId}
        policy={policy}
        onBack={() => go({ stage: 2 })}
        onNext={(next, options) => go({ stage: next, skipCE: options.skipCE || undefined, previousStage: next === 5 ? 3 : undefined })}
        onCancelled={goHome}
      />
    );
  } else if (stage === 6 && search.employeeId && search.moveId) {
    body = (
      <AdvancedInputsStage
        key={`${search.employeeId}-${search.moveId}`}
        group={group}
        employeeId={search.employeeId}
        moveId={search.moveId}
        onBack={() => backFrom(6)}
        onNext={() => go({ stage: nextStage(policy, 6) ?? 4 })}
        onSkip={() => go({ stage: 5, skipCE: true, previousStage: 3 })}
      />
    );
  } else if (stage === 4 && search.employeeId && search.moveId) {
    body = (
      <CostEstimateStage
        key={`${search.employeeId}-${search.moveId}`}
        group={group}
        employeeId={search.employeeId}
        moveId={search.moveId}
        onBack={() => backFrom(4)}
        onOverrides={() => go({ stage: 3 })}
        onNext={() => go({ stage: 5, previousStage: 4 })}
        onSkip={() => go({ stage: 5, skipCE: true, previousStage: 3 })}
      />
    );
  } else if (stage === 5 && search.employeeId && search.moveId) {
    body = (
      <SummaryStage
        group={group}
        employeeId={search.employeeId}
        moveId={search.moveId}
        benefits={search.benefits ?? true}
        skipCE={search.skipCE ?? false}
        onBack={() => backFrom(5)}
      />
    );
  } else {
    body = <LoadingRows rows={4} rowClassName="h-16" />;
  }

  return (
    <div className="flex flex-col" data-testid="wizard" data-stage={stage}>
      <PageHeader
        eyebrow={t("wizard.eyebrow", { group: groupName })}
        title={preview ? t("wizard.previewTitle") : t("wizard.title")}
        description={preview ? t("wizard.previewDescription") : t("wizard.description")}
      />
      {preview ? (
        <Alert variant="info" title={t("wizard.previewBanner")} className="mb-6" data-testid="preview-banner">
          {t("wizard.previewBannerBody")}
        </Alert>
      ) : null}
      <WizardSteps
        stages={stages}
        current={stage}
        skipped={search.skipCE && stage === 5 ? [4, 6] : []}
        canOpen={canOpen}
        onOpen={(s) => go({ stage: s })}
      />
      {body}
    </div>
  );
}
