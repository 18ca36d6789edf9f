/**
 * The HR charts and reports page `/{group}/summary/chart` (issue 26; part 2 §2 "HR charts and reports page:
 * switch between charts and reports, time-period select (last12months, ytd, custom) with start and end
 * dates"; §5 "Chart range: if start is after end, the other date is aligned. Custom chart dates need both";
 * §9 presets). Lists the charts the group is offered (`charts.list`, GET /{company}/summary/chart/reportDetails)
 * and draws each for the period (chart-card.tsx). The period lives in the URL (routes.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { BarChart3, FileText, LayoutDashboard } from "lucide-react";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { alignRange, CHART_PERIODS, presetRange, rangeError, chartMessages, type ChartPeriod } from "../../../domain/reporting/charts.ts";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent } from "../../components/ui/card.tsx";
import { Input, NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, QueryView } from "../../components/ui/states.tsx";
import { trpc } from "../../lib/trpc.ts";
import { ChartCard } from "./chart-card.tsx";

export type ChartsSearch = { period?: ChartPeriod; start?: string; end?: string };

/** Today in the reader's calendar, YYYY-MM-DD. */
export function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

const linkButton = "inline-flex h-9 items-center gap-2 rounded-md border border-input bg-background px-3 text-sm font-medium hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

export function ChartsPage({ group, search, onSearchChange }: { group: string; search: ChartsSearch; onSearchChange: (next: ChartsSearch) => void }) {
  const { t } = useTranslation();
  const id = useId();
  const today = localToday();
  const period = search.period ?? "last12months";
  const applied = period === "custom" && search.start && search.end && rangeError(search) === null ? { start: search.start, end: search.end } : presetRange(period === "custom" ? "last12months" : period, today);
  const [draft, setDraft] = useState(() => presetRange("custom", today, { start: search.start, end: search.end }));
  const [errors, setErrors] = useState<{ start?: string; end?: string }>({});
  const charts = useQuery({ ...trpc.charts.list.queryOptions({ group }), retry: false });

  const changeDate = (which: "start" | "end", value: string) => {
    const next = { ...draft, [which]: value };
    setDraft(next.start && next.end ? alignRange(next, which) : next);
    setErrors((e) => ({ ...e, [which]: undefined }));
  };
  const applyCustom = () => {
    const message = rangeError(draft);
    if (message) {
      setErrors(message === chartMessages.startRequired ? { start: message } : { end: message });
      return;
    }
    onSearchChange({ period: "custom", start: draft.start, end: draft.end });
  };

  return (
    <div data-testid="charts-page">
      <PageHeader
        eyebrow={t("charts.eyebrow")}
        title={t("charts.title")}
        description={t("charts.description")}
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/$group/reports" params={{ group }} className={linkButton}>
              <FileText className="size-4" aria-hidden="true" />
              {t("charts.switchToReports")}
            </Link>
            <Link to="/$group/my-dashboard" params={{ group }} className={linkButton}>
              <LayoutDashboard className="size-4" aria-hidden="true" />
              {t("charts.myDashboard")}
            </Link>
          </div>
        }
      />
      <Card className="mb-6 min-w-0">
        <CardContent className="flex flex-wrap items-end gap-4 pt-6">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${id}-period`}>{t("charts.period")}</Label>
            <NativeSelect
              id={`${id}-period`}
              value={period}
              onChange={(e) => {
                const next = e.target.value as ChartPeriod;
                if (next === "custom") onSearchChange({ period: "custom", start: draft.start, end: draft.end });
                else onSearchChange({ period: next });
              }}
              className="w-48"
            >
              {CHART_PERIODS.map((p) => (
                <option key={p} value={p}>{t(`charts.period.${p}`)}</option>
              ))}
            </NativeSelect>
          </div>
          {period === "custom" ? (
            <form
              className="flex flex-wrap items-end gap-4"
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                applyCustom();
              }}
            >
              {(["start", "end"] as const).map((which) => (
                <div key={which} className="flex flex-col gap-1">
                  <Label htmlFor={`${id}-${which}`}>{t(which === "start" ? "charts.startDate" : "charts.endDate")}</Label>
                  <Input
                    id={`${id}-${which}`}
                    type="date"
                    min="2000-01-01"
                    max="2099-12-31"
                    value={draft[which]}
                    aria-invalid={errors[which] ? true : undefined}
                    aria-describedby={errors[which] ? `${id}-${which}-error` : undefined}
                    onChange={(e) => changeDate(which, e.target.value)}
                    className="w-44"
                  />
                  {errors[which] ? (
                    <p id={`${id}-${which}-error`} role="alert" className="text-sm text-destructive">{errors[which]}</p>
                  ) : null}
                </div>
              ))}
              <Button type="submit">{t("charts.apply")}</Button>
            </form>
          ) : null}
          <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="chart-range">
            {t("charts.range", { start: applied.start, end: applied.end })}
          </p>
        </CardContent>
      </Card>
      <QueryView query={charts} isEmpty={(d) => d.charts.length === 0} empty={<EmptyState title={t("charts.noCharts")} icon={BarChart3} />}>
        {(d) => (
          <div className="grid min-w-0 grid-cols-1 gap-6 lg:grid-cols-2">
            {d.charts.map((chart) => (
              <ChartCard key={`${chart.id}-${applied.start}-${applied.end}`} group={group} chart={chart} range={applied} />
            ))}
          </div>
        )}
      </QueryView>
    </div>
  );
}
