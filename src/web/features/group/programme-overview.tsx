/**
 * The HR overview on the group home (issue 26 "HR overview": the group home opens on what needs attention):
 * a tile per piece of work (programme.overview: counts from the same queries as the reports), each linking to
 * where the work is done; then the programme's spend this year against estimate and budget, and the group's
 * estimate accuracy (programme.accuracy, loaded beside the tiles so they never wait for it). HR and admins act
 * from it; a manager reads it within their restrictions. Loaded lazily by group-home-page.tsx (its own chunk).
 */
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { AlertTriangle, CalendarClock, CalendarRange, ClipboardCheck, FileClock, FilePen, ShieldAlert, UserRoundPlus, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { TileKey, TOverviewTile } from "../../../domain/reporting/accuracy-schemas.ts";
import { AccuracyHeadline, AccuracyStatsTable, SpendTotals } from "../../components/estimate-accuracy.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { formatDate, formatNumber } from "../../lib/format.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";

const ICONS: Record<TileKey, LucideIcon> = {
  drafts: FilePen,
  activations: UserRoundPlus,
  estimatesAwaiting: FileClock,
  movesStarting: CalendarClock,
  assignmentsEnding: CalendarRange,
  expensesOutOfPolicy: ClipboardCheck,
  openIncidents: AlertTriangle,
  openExceptions: ShieldAlert,
};

const tileLink =
  "flex h-full flex-col gap-1 rounded-xl border border-border bg-card px-4 py-3 text-left shadow-xs transition-colors hover:border-primary/60 hover:bg-muted/40 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/** Where a tile's work is done: the existing pages and their filters. */
function TileLink({ group, tile, children, label }: { group: string; tile: TOverviewTile; children: React.ReactNode; label: string }) {
  const common = { className: tileLink, "data-testid": `tile-${tile.key}`, "aria-label": label } as const;
  switch (tile.key) {
    case "drafts":
      return (
        <Link to="/$group/home" params={{ group }} search={{ moves_status: "draft" }} {...common}>
          {children}
        </Link>
      );
    case "activations":
      return (
        <Link to="/$group/home" params={{ group }} search={{ role: "EMPLOYEE" }} {...common}>
          {children}
        </Link>
      );
    case "movesStarting":
      return (
        <Link to="/$group/home" params={{ group }} search={{ moves_status: "open", moves_sort: "moveDate", moves_dir: "asc" }} {...common}>
          {children}
        </Link>
      );
    case "assignmentsEnding":
      return (
        <Link to="/$group/employees" params={{ group }} {...common}>
          {children}
        </Link>
      );
    case "estimatesAwaiting":
    case "expensesOutOfPolicy":
    case "openIncidents":
    case "openExceptions":
      return (
        <Link to="/$group/managerDashboard" params={{ group }} search={{ status: "open" }} {...common}>
          {children}
        </Link>
      );
  }
}

export function ProgrammeOverview({ group }: { group: string }) {
  const { t } = useTranslation();
  const overview = useQuery(trpc.programme.overview.queryOptions({ group }));
  return (
    <section aria-labelledby="programme-title" className="mb-8 flex min-w-0 flex-col gap-6" data-testid="programme-overview">
      <div className="flex flex-col gap-1">
        <h2 id="programme-title" className="text-lg font-semibold">
          {t("programme.title")}
        </h2>
        {overview.data?.readOnly ? <p className="text-sm text-muted-foreground">{t("programme.readOnly")}</p> : null}
      </div>
      {overview.isPending ? (
        <div role="status" aria-label={t("programme.loading")}>
          <LoadingRows rows={2} rowClassName="h-20" />
        </div>
      ) : overview.isError ? (
        <Card>
          <ErrorState message={errorText(overview.error, t("programme.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void overview.refetch()} />
        </Card>
      ) : (
        <ul className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2 tablet:grid-cols-4" data-testid="programme-tiles">
          {overview.data.tiles.map((tile) => {
            const Icon = ICONS[tile.key];
            const title = t(`programme.tile.${tile.key}`);
            return (
              <li key={tile.key} className="min-w-0">
                <TileLink group={group} tile={tile} label={`${title}: ${tile.count}${tile.more ? "+" : ""}`}>
                  <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                    <Icon className={cn("size-4 shrink-0", tile.count > 0 ? "text-primary" : "text-muted-foreground")} aria-hidden="true" />
                    <span className="[overflow-wrap:anywhere]">{title}</span>
                  </span>
                  <span className="text-3xl font-semibold tabular-nums tracking-tight" data-testid={`tile-count-${tile.key}`}>
                    {tile.more ? `${formatNumber(tile.count)}+` : formatNumber(tile.count)}
                  </span>
                  {tile.key === "estimatesAwaiting" && tile.oldestDays !== null ? (
                    <span className="text-xs text-muted-foreground" data-testid="tile-oldest">
                      {t("programme.oldest", { count: tile.oldestDays })}
                    </span>
                  ) : null}
                  {tile.from && tile.to ? <span className="text-xs text-muted-foreground">{t("programme.window", { from: formatDate(tile.from), to: formatDate(tile.to) })}</span> : null}
                  {tile.key === "assignmentsEnding" && !overview.data.readOnly ? <span className="text-xs font-medium text-primary">{t("programme.extendOrEnd")}</span> : null}
                </TileLink>
              </li>
            );
          })}
        </ul>
      )}
      <ProgrammeAccuracy group={group} />
    </section>
  );
}

/** This year's spend against estimate and budget, and the group's estimate accuracy. */
function ProgrammeAccuracy({ group }: { group: string }) {
  const { t } = useTranslation();
  const year = new Date().getUTCFullYear();
  const thisYear = useQuery(trpc.programme.accuracy.queryOptions({ group, from: `${year}-01-01`, to: `${year}-12-31`, granularity: "quarter" }));
  const accuracy = useQuery(trpc.programme.accuracy.queryOptions({ group, granularity: "quarter" }));
  return (
    <div className="grid min-w-0 gap-6 desktop:grid-cols-2">
      <Card className="min-w-0" data-testid="programme-spend">
        <CardHeader>
          <CardTitle as="h3">{t("programme.spendTitle")}</CardTitle>
          <CardDescription>{t("programme.spendIntro")}</CardDescription>
        </CardHeader>
        <CardContent>
          {thisYear.isPending ? (
            <div role="status" aria-label={t("accuracy.loading")}>
              <LoadingRows rows={2} />
            </div>
          ) : thisYear.isError ? (
            <ErrorState message={errorText(thisYear.error, t("accuracy.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void thisYear.refetch()} />
          ) : (
            <SpendTotals totals={thisYear.data.totals} testId="programme-spend-totals" />
          )}
        </CardContent>
      </Card>
      <Card className="min-w-0" data-testid="programme-accuracy">
        <CardHeader>
          <CardTitle as="h3">{t("accuracy.title")}</CardTitle>
          <CardDescription>{t("accuracy.intro")}</CardDescription>
        </CardHeader>
        <CardContent className="flex min-w-0 flex-col gap-4">
          {accuracy.isPending ? (
            <div role="status" aria-label={t("accuracy.loading")}>
              <LoadingRows rows={3} />
            </div>
          ) : accuracy.isError ? (
            <ErrorState message={errorText(accuracy.error, t("accuracy.loadFailed"))} retryLabel={t("app.retry")} onRetry={() => void accuracy.refetch()} />
          ) : accuracy.data.moves === 0 ? (
            <EmptyState headingLevel={3} title={t("accuracy.emptyTitle")} description={t("accuracy.emptyText")} className="py-6" />
          ) : (
            <>
              <AccuracyHeadline stat={accuracy.data.overall} moves={accuracy.data.moves} testId="programme-accuracy-headline" />
              {accuracy.data.truncated ? <p className="text-xs text-muted-foreground">{t("accuracy.truncated", { limit: accuracy.data.limit })}</p> : null}
              <AccuracyStatsTable stats={accuracy.data.byService} caption={t("accuracy.byService")} nameTitle={t("accuracy.colService")} testId="programme-accuracy-services" />
              <AccuracyStatsTable stats={accuracy.data.byPolicy} caption={t("accuracy.byPolicy")} nameTitle={t("accuracy.colPolicy")} testId="programme-accuracy-policies" />
              <AccuracyStatsTable stats={accuracy.data.byPeriod.slice(-8)} caption={t("accuracy.byPeriod")} nameTitle={t("accuracy.colPeriod")} testId="programme-accuracy-periods" />
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
