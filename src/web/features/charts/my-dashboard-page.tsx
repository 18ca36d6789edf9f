/**
 * Meridian's own dashboard `/{group}/my-dashboard` (issue 26 "Dashboards viewer: … plus Meridian's own
 * dashboard of saved charts per user"): the charts the user saved from the charts page, in their order, each
 * over the last 12 months (part 2 §9 preset) by the dimension it was saved with; move up or down, remove.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ArrowDown, ArrowUp, BarChart3, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { presetRange, type TSavedChartsResponse } from "../../../domain/reporting/charts.ts";
import { Button } from "../../components/ui/button.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ChartCard } from "./chart-card.tsx";
import { localToday } from "./charts-page.tsx";

const linkButton = "inline-flex h-9 items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function MyDashboardPage({ group }: { group: string }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saved = useQuery({ ...trpc.charts.saved.queryOptions({ group }), retry: false });
  const onSaved = (next: TSavedChartsResponse) => queryClient.setQueryData(trpc.charts.saved.queryKey({ group }), next);
  const remove = useMutation(trpc.charts.remove.mutationOptions({ onSuccess: onSaved }));
  const reorder = useMutation(trpc.charts.reorder.mutationOptions({ onSuccess: onSaved }));
  const range = presetRange("last12months", localToday());
  const chartsLink = (
    <Link to="/$group/summary/chart" params={{ group }} className={linkButton}>
      <BarChart3 className="size-4" aria-hidden="true" />
      {t("myDashboard.openCharts")}
    </Link>
  );
  return (
    <div data-testid="my-dashboard-page">
      <PageHeader eyebrow={t("myDashboard.eyebrow")} title={t("myDashboard.title")} description={t("myDashboard.description")} actions={chartsLink} />
      <QueryView query={saved} isEmpty={(d) => d.charts.length === 0} empty={<EmptyState title={t("myDashboard.empty")} description={t("myDashboard.emptyHint")} action={chartsLink} />}>
        {(d) => {
          const ids = d.charts.map((c) => c.chartId);
          const move = (index: number, by: -1 | 1) => {
            const next = [...ids];
            const [item] = next.splice(index, 1);
            next.splice(index + by, 0, item!);
            reorder.mutate({ group, chartIds: next });
          };
          return (
            <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
              {d.charts.map((s, index) => (
                <ChartCard
                  key={`${s.chartId}-${s.dimension}`}
                  group={group}
                  chart={s.chart}
                  range={range}
                  initialDimension={s.dimension}
                  canSave={false}
                  actions={
                    <div className="flex gap-1">
                      <Button type="button" variant="ghost" size="icon" aria-label={`${t("myDashboard.moveUp")}: ${s.chart.title}`} disabled={index === 0 || reorder.isPending} onClick={() => move(index, -1)}>
                        <ArrowUp aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={`${t("myDashboard.moveDown")}: ${s.chart.title}`} disabled={index === d.charts.length - 1 || reorder.isPending} onClick={() => move(index, 1)}>
                        <ArrowDown aria-hidden="true" />
                      </Button>
                      <Button type="button" variant="ghost" size="icon" aria-label={`${t("myDashboard.remove")}: ${s.chart.title}`} disabled={remove.isPending} onClick={() => remove.mutate({ group, chartId: s.chartId })}>
                        <Trash2 aria-hidden="true" />
                      </Button>
                    </div>
                  }
                />
              ))}
            </div>
          );
        }}
      </QueryView>
    </div>
  );
}
