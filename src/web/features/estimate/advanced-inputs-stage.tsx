/**
 * Wizard stage 6, the advanced cost estimate inputs, shown before stage 4 for ADVANCED policies
 * (part 1 §2 stage 6, §3 advanced tax settings, §5 date of birth, §8 "a provider message at
 * stage 6 shows a warning and offers skipping", "Stage 5 or 6 failure"): the family with dates of
 * birth, home and host details, filing status, tax rate, years and tax method. Save & continue
 * stores them (advance-ce-details) and goes on to the estimate; problems show per field.
 *
 * This file loads the saved details and the countries and shows the loading and failure states;
 * the form is advanced-inputs-form.tsx.
 */
import { useQuery } from "@tanstack/react-query";
import { ArrowLeft } from "lucide-react";
import { useTranslation } from "react-i18next";
import { estimateMessages } from "../../../domain/estimate/messages.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardFooter, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { serverMessage } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";
import { AdvancedInputsForm, type AdvancedInputsStageProps } from "./advanced-inputs-form.tsx";
import { isConnectionFailure } from "./calls.ts";

export function AdvancedInputsStage(props: AdvancedInputsStageProps) {
  const { t } = useTranslation();
  const { group, employeeId, moveId } = props;
  const details = useQuery({
    ...trpc.estimate.advanceCeDetails.queryOptions({ group, employeeId, moveId }),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  const countries = useQuery({ ...trpc.wizard.countriesStates.queryOptions(), staleTime: 30 * 60_000 });

  if (details.isPending || countries.isPending) {
    return (
      <Card aria-busy="true" role="status" className="flex flex-col gap-4 p-6">
        <span className="sr-only">{t("estimate.inputs.loading")}</span>
        <Skeleton className="h-6 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </Card>
    );
  }
  if (details.isError || countries.isError || !details.data.success) {
    const error = details.error ?? countries.error;
    return (
      <Card>
        <CardHeader>
          <CardTitle>{t("estimate.inputs.title")}</CardTitle>
        </CardHeader>
        <ErrorState
          message={error && isConnectionFailure(error) ? estimateMessages.saveTimeout : (serverMessage(error) ?? estimateMessages.initiatingEmployee)}
          retryLabel={t("app.retry")}
          onRetry={() => {
            void details.refetch();
            void countries.refetch();
          }}
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
  return <AdvancedInputsForm {...props} data={details.data} countries={countries.data.countries} />;
}
