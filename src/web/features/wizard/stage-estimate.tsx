import { Calculator } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";

/**
 * Stages 4 and 6 (cost estimate and its advanced inputs) are built in a later issue. Until then
 * the stage explains that the estimate is prepared after the initiation and offers the spec's
 * skip path (part 1 §4 "Stage 3 or 4 may skip the estimate (skipCE) straight to stage 5").
 */
export function EstimateStage({ stage, onBack, onSkip }: { stage: 4 | 6; onBack: () => void; onSkip: () => void }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="estimate-stage">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Calculator className="size-4 text-primary" aria-hidden="true" />
          {stage === 6 ? t("wizard.estimateStage.inputsTitle") : t("wizard.estimateStage.title")}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <p className="max-w-2xl text-sm leading-relaxed text-muted-foreground">{t("wizard.estimateStage.body")}</p>
      </CardContent>
      <CardFooter className="justify-between">
        <Button variant="outline" onClick={onBack}>
          {t("wizard.back")}
        </Button>
        <Button onClick={onSkip}>{t("wizard.estimateStage.skip")}</Button>
      </CardFooter>
    </Card>
  );
}
