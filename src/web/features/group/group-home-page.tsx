import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { ChevronLeft, ChevronRight, SearchX, Users } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { PEOPLE_PAGE_SIZE, type TGroupHomeResponse } from "../../../domain/groups/schemas.ts";
import { groupRoles, type Role } from "../../../domain/roles.ts";
import { ForbiddenPage, NotFoundPage } from "../../components/status-pages.tsx";
import { Alert } from "../../components/ui/alert.tsx";
import { Badge } from "../../components/ui/badge.tsx";
import { Button } from "../../components/ui/button.tsx";
import { Card, CardDescription, CardHeader, CardTitle } from "../../components/ui/card.tsx";
import { SearchInput } from "../../components/ui/search-input.tsx";
import { NativeSelect } from "../../components/ui/input.tsx";
import { Label } from "../../components/ui/label.tsx";
import { PageHeader } from "../../components/ui/page-header.tsx";
import { Skeleton } from "../../components/ui/skeleton.tsx";
import { EmptyState, ErrorState } from "../../components/ui/states.tsx";
import { errorCode, errorText } from "../../lib/errors.ts";
import { useSignedInUser } from "../../lib/session.ts";
import { trpc } from "../../lib/trpc.ts";
import { takeWizardNotice } from "../../lib/wizard-notice.ts";
import { InviteDialog } from "./invite-dialog.tsx";
import { MovesSection, NewMoveButton, type MovesSearch } from "./moves-section.tsx";
import { PeopleTable } from "./people-table.tsx";

/**
 * The home's state as it appears in the URL: the people table's `?page=` (zero-based), `?q=`,
 * `?role=`, and the moves list's `moves_page`, `moves_q`, `moves_status`, `moves_sort`,
 * `moves_dir` (and `initiated` after a completed initiation).
 */
export type PeopleSearch = { page?: number; q?: string; role?: Role } & MovesSearch;
export type SearchUpdate = (next: PeopleSearch, options?: { replace?: boolean }) => void;

const SEARCH_DEBOUNCE_MS = 300;

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
      <RoleCounts data={data} />
      {showMoves || managerView ? (
        <MovesSection group={group} groupDisplayName={data.group.displayName} search={search} onSearchChange={onSearchChange} notice={notice} readOnly={managerView} />
      ) : null}
      <PeopleSection group={group} groupDisplayName={data.group.displayName} search={search} onSearchChange={onSearchChange} />
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

function PeopleSection({ group, groupDisplayName, search, onSearchChange }: { group: string; groupDisplayName: string; search: PeopleSearch; onSearchChange: SearchUpdate }) {
  const { t } = useTranslation();
  const page = search.page ?? 0;
  const people = useQuery({
    ...trpc.group.people.queryOptions({ group, page, pageSize: PEOPLE_PAGE_SIZE, search: search.q, role: search.role }),
    placeholderData: keepPreviousData,
  });
  const searchId = useId();
  const roleId = useId();

  // The search box updates the URL once typing pauses; the URL drives the query.
  const [query, setQuery] = useState(search.q ?? "");
  useEffect(() => {
    const next = query.trim();
    if (next === (search.q ?? "")) return;
    const timer = setTimeout(() => onSearchChange({ ...search, q: next || undefined, page: undefined }, { replace: true }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search, onSearchChange]);
  // Back/forward navigation changes the URL under the box: follow it.
  useEffect(() => {
    setQuery((current) => (current.trim() === (search.q ?? "") ? current : (search.q ?? "")));
  }, [search.q]);

  const goToPage = (next: number) => onSearchChange({ ...search, page: next > 0 ? next : undefined });
  const data = people.data;
  const rows = data?.rows ?? [];

  return (
    <section aria-labelledby="people-title">
      <Card>
        <CardHeader className="gap-1 border-b border-border pb-5">
          <CardTitle id="people-title">{t("home.groupPeople")}</CardTitle>
          <CardDescription>{t("home.peopleDescription", { group: groupDisplayName })}</CardDescription>
          <form role="search" onSubmit={(e) => e.preventDefault()} className="mt-4 flex flex-col gap-3 tablet:flex-row tablet:items-end">
            <div className="flex flex-1 flex-col gap-1.5 tablet:max-w-sm">
              <Label htmlFor={searchId}>{t("home.search")}</Label>
              <SearchInput id={searchId} maxLength={100} value={query} onChange={(e) => setQuery(e.target.value)} placeholder={t("home.searchPlaceholder")} />
            </div>
            <div className="flex flex-col gap-1.5 tablet:w-48">
              <Label htmlFor={roleId}>{t("home.role")}</Label>
              <NativeSelect
                id={roleId}
                value={search.role ?? ""}
                onChange={(e) => onSearchChange({ ...search, role: (e.target.value || undefined) as Role | undefined, page: undefined })}
              >
                <option value="">{t("home.allRoles")}</option>
                {groupRoles.map((role) => (
                  <option key={role} value={role}>
                    {t(`role.${role}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </form>
        </CardHeader>

        {people.isError && !data ? (
          <ErrorState message={errorText(people.error, t("error.generic"))} retryLabel={t("app.retry")} onRetry={() => void people.refetch()} />
        ) : !people.isPending && rows.length === 0 ? (
          <EmptyState icon={SearchX} headingLevel={3} title={t("home.peopleEmpty")} />
        ) : (
          <PeopleTable rows={rows} caption={t("home.peopleCaption", { group: groupDisplayName })} loading={people.isPending} stale={people.isPlaceholderData} group={group} />
        )}

        <nav aria-label={t("home.pagination")} className="flex items-center justify-between gap-3 border-t border-border px-4 py-3 tablet:px-6">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {t("home.page", { page: page + 1 })}
          </p>
          <div className="flex items-center gap-2">
            <Button variant="outline" size="sm" disabled={page === 0} onClick={() => goToPage(page - 1)}>
              <ChevronLeft aria-hidden="true" />
              {t("home.previous")}
            </Button>
            <Button variant="outline" size="sm" disabled={!data?.hasMore || people.isPlaceholderData} onClick={() => goToPage(page + 1)}>
              {t("home.next")}
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      </Card>
    </section>
  );
}
