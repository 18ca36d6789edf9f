/**
 * The third-party dashboards viewer (issue 26; part 2 §2 "A third-party dashboard viewer page with a list of
 * dashboards and an embedded frame"): `/{group}/dashboards` for HR of the group, its managers with the
 * dashboard restriction ON and admins. The list, the chosen dashboard (?id=, else the initial one) in a
 * sandboxed frame that sends no referrer. The page's own response carries a Content-Security-Policy whose
 * frame-src is only the group's allowed sites (src/routers/reporting/legacy/dashboards.ts), so the page is
 * loaded by the browser itself: reached by a link inside the app, it loads itself once.
 * Admins also manage the group's dashboards and allowed sites here (./dashboards-admin.tsx).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TDashboard } from "../../../domain/reporting/dashboards.ts";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { EmptyState, ErrorState, LoadingRows } from "../../components/ui/states.tsx";
import { errorText } from "../../lib/errors.ts";
import { useGroupDisplayName } from "../../lib/group-name.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { cn } from "../../lib/utils.ts";
import { DashboardsAdmin } from "./dashboards-admin.tsx";

/** Whether this document was loaded by the browser at this path (so it carries this page's policy). */
function loadedHere(): boolean {
  const entry = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined;
  if (!entry) return true;
  const trim = (p: string) => p.replace(/\/+$/, "");
  try {
    return trim(new URL(entry.name).pathname) === trim(window.location.pathname);
  } catch {
    return true;
  }
}

function DashboardFrame({ dashboard }: { dashboard: TDashboard }) {
  const { t } = useTranslation();
  return (
    <Card className="min-w-0 flex-1">
      <CardHeader>
        <CardTitle>{dashboard.title}</CardTitle>
        {dashboard.description ? <CardDescription>{dashboard.description}</CardDescription> : null}
      </CardHeader>
      <CardContent>
        <iframe
          key={dashboard.id}
          src={dashboard.url}
          title={t("dashboards.frameTitle", { title: dashboard.title })}
          sandbox="allow-scripts allow-same-origin allow-forms"
          referrerPolicy="no-referrer"
          loading="lazy"
          className="h-[70vh] min-h-[420px] w-full rounded-md border border-border bg-muted"
        />
        <a href={dashboard.url} target="_blank" rel="noopener noreferrer" className="mt-2 inline-block text-sm text-primary underline-offset-4 hover:underline">
          {t("dashboards.openNew")}
        </a>
      </CardContent>
    </Card>
  );
}

export function DashboardsPage({ group, selected, onSelect }: { group: string; selected?: number; onSelect: (id: number) => void }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const groupName = useGroupDisplayName(group);
  const [reloading] = useState(() => !loadedHere());
  useEffect(() => {
    if (reloading) window.location.replace(window.location.href);
  }, [reloading]);
  const list = useQuery({ ...trpc.dashboards.list.queryOptions({ group }), enabled: !reloading });
  const current = list.data ? (list.data.dashboards.find((d) => d.id === selected) ?? list.data.dashboards.find((d) => d.id === list.data.initialId) ?? list.data.dashboards[0]) : undefined;

  if (reloading) {
    return (
      <p role="status" className="p-6 text-sm text-muted-foreground">
        {t("dashboards.reloading")}
      </p>
    );
  }
  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col">
      <PageHeader eyebrow={groupName} title={t("dashboards.title")} description={t("dashboards.intro")} />
      {list.isPending ? (
        <Card>
          <LoadingRows rows={3} />
        </Card>
      ) : list.isError ? (
        <Card>
          <ErrorState message={errorText(list.error, t("dashboards.loadFailed"))} retryLabel={t("dashboards.retry")} onRetry={() => void list.refetch()} />
        </Card>
      ) : list.data.dashboards.length === 0 || !current ? (
        <Card>
          <EmptyState title={t("dashboards.empty")} />
        </Card>
      ) : (
        <div className="flex flex-col gap-4 desktop:flex-row desktop:items-start">
          <nav aria-label={t("dashboards.list")} className="desktop:w-64 desktop:shrink-0">
            <ul className="flex flex-col gap-2">
              {list.data.dashboards.map((d) => (
                <li key={d.id}>
                  <Button
                    variant={d.id === current.id ? "default" : "outline"}
                    aria-current={d.id === current.id ? "page" : undefined}
                    className={cn("h-auto w-full justify-start whitespace-normal py-2 text-left")}
                    onClick={() => onSelect(d.id)}
                  >
                    <span className="flex min-w-0 flex-col items-start gap-1">
                      <span className="[overflow-wrap:anywhere]">{d.title}</span>
                      {d.isInitial ? <Badge variant="info">{t("dashboards.initial")}</Badge> : null}
                    </span>
                  </Button>
                </li>
              ))}
            </ul>
          </nav>
          <DashboardFrame dashboard={current} />
        </div>
      )}
      {user.role === "ADMIN" ? <DashboardsAdmin group={group} /> : null}
    </div>
  );
}
