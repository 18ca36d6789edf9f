/**
 * HR's move page: the move's published estimate accuracy (issue 26), per service the estimate line, the
 * budget, the approved spend, the difference and the percentage error, with the move's median and
 * 90th-percentile error (programme.moveAccuracy: finance's estimate against actual of the move).
 */
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { AccuracyHeadline, AccuracyLines } from "../../components/estimate-accuracy.tsx";
import { Panel } from "../../components/ui/panel.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { trpc } from "../../lib/trpc.ts";

export function MoveAccuracyPanel({ group, moveId }: { group: string; moveId: number }) {
  const { t } = useTranslation();
  const accuracy = useQuery(trpc.programme.moveAccuracy.queryOptions({ group, moveId }));
  return (
    <Panel title={t("accuracy.moveTitle")} testId="move-accuracy-panel" className="desktop:col-span-2" description={t("accuracy.errorHelp")}>
      {accuracy.isPending ? (
        <div role="status" aria-label={t("accuracy.loading")}>
          <LoadingRows rows={3} />
        </div>
      ) : accuracy.isError ? (
        <ErrorState message={errorText(accuracy.error, t("accuracy.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void accuracy.refetch()} />
      ) : !accuracy.data.hasSpend ? (
        <EmptyState headingLevel={3} title={t("accuracy.emptyTitle")} description={t("accuracy.moveEmpty")} className="py-6" />
      ) : (
        <div className="flex min-w-0 flex-col gap-4">
          <AccuracyHeadline stat={accuracy.data.overall} moves={null} testId="move-accuracy-headline" />
          <AccuracyLines lines={accuracy.data.lines} testId="move-accuracy-lines" />
        </div>
      )}
    </Panel>
  );
}
