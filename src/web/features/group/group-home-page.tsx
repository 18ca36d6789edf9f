import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { Users } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TGroupHomeResponse } from "../../../domain/admin/groups/schemas.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card } from "../../components/ui/card.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { ErrorState } from "../../components/ui/states.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { takeWizardNotice } from "../../lib/wizard-notice.ts";
import { InviteDialog } from "./invite-dialog.tsx";
import { NewMoveButton } from "./new-move-button.tsx";

/**
 * The home's state as it appears in the URL: the people table's `?page=` (zero-based), `?q=`,
 * `?role=`, and the moves list's `moves_page`, `moves_q`, `moves_status`, `moves_sort`,
 * `moves_dir` (and `initiated` after a completed initiation).
 */
import type { PeopleSearch, SearchUpdate } from "./people-search.ts";
export type { PeopleSearch, SearchUpdate } from "./people-search.ts";

// The people table loads as its own chunk after the home paints (the HR home's bundle budget).
// The moves list too (issue 26: the home keeps its budget with the programme overview above it).
const MovesSection = lazy(() => import("./moves-section.tsx").then((m) => ({ default: m.MovesSection })));
const PeopleSection = lazy(() => import("./people-section.tsx").then((m) => ({ default: m.PeopleSection })));
// The HR overview (issue 26) loads as its own chunk too, so the home's initial bundle stays within budget.
const ProgrammeOverview = lazy(() => import("./programme-overview.tsx").then((m) => ({ default: m.ProgrammeOverview })));

/** /{group}/home for HR, managers and platform admins: the group's people, counted by role and listed. */
export function GroupHomePage({ group, search, onSearchChange }: { group: string; search: PeopleSearch; onSearchChange: SearchUpdate }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const home = useQuery(trpc.group.home.queryOptions({ group }));
  // HR and admins work with moves; managers read the list, limited by their restrictions on the server.
  const showMoves = user.role === "HR" || user.role === "ADMIN";
  const managerView = user.role === "MANAGER";
  // The wizard's one-time notice ("saved as a draft", "…'s move has been initiated"), read once.
  const [notice, setNotice] = useState<string | null>(null);
  useEffect(() => {
    if (!showMoves) return;
    const text = takeWizardNotice();
    if (text !== null) setNotice(text);
  }, [showMoves]);

  if (home.isPending) return <GroupHomeSkeleton />;
  if (home.isError) {
    const code = errorCode(home.error);
    if (code === "FORBIDDEN") return <ForbiddenPage />;
    if (code === "NOT_FOUND") return <NotFoundPage />;
    return (
      <Card>
        <ErrorState message={errorText(home.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void home.refetch()} />
      </Card>
    );
  }

  const data = home.data;
  return (
    <>
      <PageHeader
        eyebrow={t("nav.groupHome")}
        title={data.group.displayName}
        actions={
          data.group.status === "SUSPENDED" ? (
            <Badge variant="destructive" dot>
              {t("status.SUSPENDED")}
            </Badge>
          ) : (
            <>
              <InviteDialog group={group} />
              {showMoves ? <NewMoveButton group={group} /> : null}
            </>
          )
        }
      />
      {data.group.status === "SUSPENDED" ? (
        <Alert variant="destructive" className="mb-6">
          {t("home.groupSuspended")}
        </Alert>
      ) : null}
      {showMoves || managerView ? <EmployeesLink group={group} bulkImport={showMoves} dashboard={data.access.dashboard} /> : null}
      {showMoves || managerView ? (
        <Suspense fallback={<Skeleton className="mb-8 h-40 rounded-xl" />}>
          <ProgrammeOverview group={group} />
        </Suspense>
      ) : null}
      <RoleCounts data={data} />
      {showMoves || managerView ? (
        <Suspense fallback={<Skeleton className="mb-8 h-80 rounded-xl" />}>
          <MovesSection group={group} groupDisplayName={data.group.displayName} search={search} onSearchChange={onSearchChange} notice={notice} readOnly={managerView} />
        </Suspense>
      ) : null}
      <Suspense fallback={<Skeleton className="h-80 rounded-xl" />}>
        <PeopleSection group={group} groupDisplayName={data.group.displayName} search={search} onSearchChange={onSearchChange} />
      </Suspense>
    </>
  );
}

/** The HR employee table with the extend / end assignment actions, the bulk import and the manager dashboard (issue 15). */
function EmployeesLink({ group, bulkImport, dashboard }: { group: string; bulkImport: boolean; dashboard: boolean }) {
  const { t } = useTranslation();
  return (
    <p className="-mt-2 mb-6 flex flex-wrap gap-x-2">
      <Button asChild variant="link">
        <Link to="/$group/employees" params={{ group }} data-testid="employees-link">
          {t("nav.employees")}
        </Link>
      </Button>
      {/* The bulk employee import (issue 15): HR of the group and admins. */}
      {bulkImport ? (
        <Button asChild variant="link">
          <Link to="/$group/bulk-import" params={{ group }} data-testid="bulk-import-link">
            {t("nav.bulkImport")}
          </Link>
        </Button>
      ) : null}
      {/* The manager dashboard (issue 15): HR, admins and managers whose dashboard restriction is ON (the home's answer says). */}
      {dashboard ? (
        <Button asChild variant="link">
          <Link to="/$group/managerDashboard" params={{ group }} data-testid="dashboard-link">
            {t("nav.dashboard")}
          </Link>
        </Button>
      ) : null}
    </p>
  );
}

function GroupHomeSkeleton() {
  const { t } = useTranslation();
  return (
    <div aria-busy="true" aria-label={t("app.loading")} role="status" className="flex flex-col gap-8">
      <span className="sr-only">{t("app.loading")}</span>
      <div className="flex flex-col gap-3">
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-8 w-64" />
      </div>
      <div className="grid grid-cols-2 gap-4 tablet:grid-cols-4">
        {Array.from({ length: 4 }, (_, i) => (
          <Skeleton key={i} className="h-24 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-80 rounded-xl" />
    </div>
  );
}

function RoleCounts({ data }: { data: TGroupHomeResponse }) {
  const { t } = useTranslation();
  const cards = [
    { key: "total", label: t("home.totalPeople"), count: data.totalPeople, highlight: true },
    ...data.counts.map((c) => ({ key: c.role, label: t(`role.${c.role}`), count: c.count, highlight: false })),
  ];
  return (
    <section aria-labelledby="role-counts-title" className="mb-8">
      <h2 id="role-counts-title" className="mb-3 text-sm font-semibold text-muted-foreground">
        {t("home.overview")}
      </h2>
      <ul className="grid grid-cols-2 gap-4 tablet:grid-cols-3 desktop:grid-cols-5">
        {cards.map((card) => (
          <li key={card.key}>
            <Card className="flex h-full flex-col gap-2 px-5 py-4">
              <span className="flex items-center gap-2 text-sm font-medium text-muted-foreground">
                {card.highlight ? <Users className="size-4 text-primary" aria-hidden="true" /> : null}
                {card.label}
              </span>
              <span className="text-3xl font-semibold tabular-nums tracking-tight text-foreground" data-testid={`count-${card.key}`}>
                {card.count}
              </span>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}

