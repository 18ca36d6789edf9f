/** The offer made when stage 4 opens on an existing estimate (part 1 §4): recalculate, reuse, or back to stage 3. */
import { ArrowLeft, RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { TCostEstimateView, TRecalculateRequest } from "../../../domain/estimate/schemas.ts";
import { Alert } from "../../components/ui/alert.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { RecalculationProgress, type CostEstimateStageProps } from "./cost-estimate-common.tsx";
import { formatDateTime, formatWhole } from "./format.ts";
import { useRecalculation } from "./use-recalculation.ts";

/** §4 "With an existing estimate the user may recalculate or reuse it, or return to stage 3." */
export function ExistingEstimateOffer({
  view,
  employeeId,
  moveId,
  onOverrides,
  onUse,
  onRecalculated,
}: CostEstimateStageProps & { view: TCostEstimateView; onUse: () => void; onRecalculated: (view: TCostEstimateView) => void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const recalc = useRecalculation({
    onDone: (res) => res.costEstimate && onRecalculated(res.costEstimate),
    onFailure: setFailure,
  });
  const request: TRecalculateRequest = { employeeId, moveId, estimationView: "CostEstimate", costEstimateId: view.costEstimateId, stageAction: "ON_ALT_CALC" };
  return (
    <Card data-testid="existing-estimate">
      <CardHeader>
        <CardTitle>{t("estimate.existing.title")}</CardTitle>
        <CardDescription>
          {t("estimate.existing.description", {
            n: view.versionNumber,
            date: formatDateTime(view.createdAt),
            by: view.createdBy ?? t("estimate.history.system"),
            total: formatWhole(view.total, view.displayCurrency),
          })}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <p className="max-w-2xl text-sm leading-relaxed text-muted-foreground">{t("estimate.existing.body")}</p>
        {failure ? (
          <Alert variant="destructive" role="alert">
            {failure}
          </Alert>
        ) : null}
        <RecalculationProgress state={recalc.state} />
      </CardContent>
      <CardFooter className="flex-col-reverse items-stretch gap-3 tablet:flex-row tablet:items-center">
        <Button variant="outline" onClick={onOverrides} disabled={recalc.running}>
          <ArrowLeft aria-hidden="true" />
          {t("estimate.existing.overrides")}
        </Button>
        <div className="flex flex-col-reverse gap-3 tablet:ml-auto tablet:flex-row">
          <Button variant="secondary" onClick={onUse} disabled={recalc.running}>
            {t("estimate.existing.use")}
          </Button>
          <Button
            onClick={() => {
              setFailure(null);
              void recalc.start(request);
            }}
            busy={recalc.running}
          >
            <RefreshCw aria-hidden="true" />
            {t("estimate.existing.recalculate")}
          </Button>
        </div>
      </CardFooter>
    </Card>
  );
}
